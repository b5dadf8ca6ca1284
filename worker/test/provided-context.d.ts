// What the Worker tests' global setup (global-setup.ts, in Node) provides, and the tests (in workerd) and
// vitest.config.ts `inject`: declared once for both projects that use it, the Worker's (tsconfig.worker.json) and
// the Node tools' (tsconfig.node.json).
export {};

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    databaseAuthToken: string;
    databaseAdminUrl: string;
    providerStandInUrl: string;
    frozenDatabaseUrl: string;
    stoppedDatabaseUrl: string;
    busyDatabaseUrl: string;
    sometimesBusyDatabaseUrl: string;
  }
}
