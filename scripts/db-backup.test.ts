// `npm run db:backup` and `npm run db:restore` on Turso's own server: the demo data dumped from one sqld and loaded
// into an empty one comes back whole, every table's rows, the migration level, the triggers and the search index.
import { createClient, type Client } from '@libsql/client';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedDemoData } from '../db/seed.ts';
import { startSqld, type SqldServer } from '../db/sqld.ts';
import { migrateDatabase } from './migrate.ts';

const run = promisify(execFile);
const directory = mkdtempSync(join(tmpdir(), 'spa-backup-test-'));
let original: SqldServer;
let restored: SqldServer;

function clientOf(server: SqldServer): Client {
  return createClient({ url: server.url, authToken: server.authToken });
}

/** Every table's row count, by name. */
async function counts(server: SqldServer): Promise<Record<string, number>> {
  const client = clientOf(server);
  try {
    const tables = (
      await client.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
      )
    ).rows;
    const result: Record<string, number> = {};
    for (const { name } of tables)
      result[String(name)] = Number((await client.execute(`SELECT count(*) AS n FROM "${String(name)}"`)).rows[0]!.n);
    return result;
  } finally {
    client.close();
  }
}

beforeAll(async () => {
  original = await startSqld({ dataDir: join(directory, 'original') });
  restored = await startSqld({ dataDir: join(directory, 'restored') });
  await migrateDatabase(original.url, original.authToken);
  const client = clientOf(original);
  await seedDemoData(client);
  client.close();
});

afterAll(async () => {
  await original.close();
  await restored.close();
  rmSync(directory, { recursive: true, force: true });
});

it('dumps a database and restores it into an empty one, whole', async () => {
  const dump = join(directory, 'demo.sql');
  const database = (server: SqldServer) => ({
    ...process.env,
    TURSO_DATABASE_URL: server.url,
    TURSO_AUTH_TOKEN: server.authToken,
  });
  const backedUp = await run(process.execPath, ['scripts/launch.mjs', 'db-backup', dump], { env: database(original) });
  expect(backedUp.stdout).toMatch(/Backed up \d+ tables, \d+ rows/);
  expect(readFileSync(dump, 'utf8')).toMatch(/^PRAGMA foreign_keys=OFF;\nBEGIN TRANSACTION;\n/);
  await run(process.execPath, ['scripts/launch.mjs', 'db-restore', dump], { env: database(restored) });

  const before = await counts(original);
  expect(before.users).toBeGreaterThan(0);
  expect(await counts(restored)).toEqual(before);
  const client = clientOf(restored);
  try {
    // The same migration level, the same triggers, and a search index rebuilt from the members.
    const migrations = (await client.execute('SELECT count(*) AS n FROM __drizzle_migrations')).rows[0]!.n;
    expect(Number(migrations)).toBe(before.__drizzle_migrations);
    const triggers = async (server: Client) =>
      (await server.execute("SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name")).rows.map(
        (row) => row.name,
      );
    const originalClient = clientOf(original);
    expect(await triggers(client)).toEqual(await triggers(originalClient));
    originalClient.close();
    const found = await client.execute("SELECT rowid FROM users_search WHERE users_search MATCH 'Santos'");
    expect(found.rows.length).toBeGreaterThan(0);
  } finally {
    client.close();
  }
});
