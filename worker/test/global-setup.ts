// Starts the local libSQL server on a free port with a throw-away database, applies the migrations and hands
// its URL to the Worker under test (as TURSO_DATABASE_URL) and to the tests (to read the round-trip counter).
// Also starts the local stand-ins for Resend's and PayMongo's HTTP APIs (scripts/provider-stand-ins.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startLocalLibsqlServer } from '../../db/local-server.ts';
import { migrateDatabase } from '../../scripts/migrate.ts';
import { startProviderStandIns } from '../../scripts/provider-stand-ins.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    databaseAuthToken: string;
    providerStandInUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'spa-worker-tests-'));
  const server = await startLocalLibsqlServer({ file: join(dir, 'test.db') });
  await migrateDatabase(server.url, server.authToken);
  project.provide('databaseUrl', server.url);
  project.provide('databaseAuthToken', server.authToken);
  const standIns = await startProviderStandIns();
  project.provide('providerStandInUrl', standIns.url);
  return async () => {
    await standIns.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  };
}
