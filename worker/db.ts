// Drizzle over libSQL's HTTP client: Turso in production, the local libSQL server (db/local-server.ts) locally.
// Each query or batch is one HTTP round trip (a Hrana pipeline). A client is made per request: a client shared
// across requests queues queries beyond its concurrency limit and resumes them from another request's
// context, which workerd cancels as hung; making one costs no I/O.
import type { LibSQLDatabase } from 'drizzle-orm/libsql';
import { drizzle } from 'drizzle-orm/libsql/web';
import * as schema from '../db/schema.ts';
import type { Config } from './env.ts';

export type Database = LibSQLDatabase<typeof schema>;

export function getDatabase(config: Config): Database {
  return drizzle({ connection: { url: config.TURSO_DATABASE_URL, authToken: config.TURSO_AUTH_TOKEN }, schema });
}

/** A term for LIKE … ESCAPE '\': lower case (names and keys are compared in lower case); \, % and _ are taken literally. */
export function escapeLike(term: string): string {
  return term.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`);
}
