// Drizzle over libSQL's HTTP client: Turso in production, the local libSQL server (db/local-server.ts) locally.
// One client per isolate and URL; each query or batch is one HTTP round trip (a Hrana pipeline).
import type { LibSQLDatabase } from 'drizzle-orm/libsql';
import { drizzle } from 'drizzle-orm/libsql/web';
import * as schema from '../db/schema.ts';
import type { Config } from './env.ts';

export type Database = LibSQLDatabase<typeof schema>;

const databases = new Map<string, Database>();

export function getDatabase(config: Config): Database {
  const key = `${config.TURSO_DATABASE_URL}#${config.TURSO_AUTH_TOKEN ?? ''}`;
  let database = databases.get(key);
  if (!database) {
    database = drizzle({ connection: { url: config.TURSO_DATABASE_URL, authToken: config.TURSO_AUTH_TOKEN }, schema });
    databases.set(key, database);
  }
  return database;
}
