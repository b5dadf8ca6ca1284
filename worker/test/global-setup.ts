// Starts the local libSQL server on a free port with a throw-away database, applies the migrations and hands
// its URL to the Worker under test (as TURSO_DATABASE_URL) and to the tests (to read the round-trip counter).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startLocalLibsqlServer } from '../../db/local-server.ts';
import { migrateDatabase } from '../../scripts/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'spa-worker-tests-'));
  const server = await startLocalLibsqlServer({ file: join(dir, 'test.db') });
  await migrateDatabase(server.url);
  project.provide('databaseUrl', server.url);
  return async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  };
}
