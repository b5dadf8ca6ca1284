// The migration that moved favourites into named lists keeps what members had saved: a database migrated up to
// the flat table, with saves in it, comes out with one default "Favorites" list per member holding the same saves
// (on Turso's own server, sqld).
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { afterAll, expect, it } from 'vitest';
import { startSqld } from './sqld.ts';

const directory = mkdtempSync(join(tmpdir(), 'favorites-migration-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** The committed migrations up to (not including) the one tagged `stopBefore`. */
function migrationsBefore(stopBefore: string): string {
  const folder = join(directory, 'partial');
  cpSync('db/migrations', folder, { recursive: true });
  const journalFile = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8'));
  const stop = journal.entries.findIndex((entry: { tag: string }) => entry.tag === stopBefore);
  expect(stop).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, stop);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

it('moves every saved member into its owner’s default list', async () => {
  const server = await startSqld({ dataDir: join(directory, 'app') });
  const client = createClient({ url: server.url, authToken: server.authToken });
  try {
    await migrate(drizzle(client), { migrationsFolder: migrationsBefore('0005_favorites_into_lists') });
    const member = (id: number, role: string) => ({
      sql: `INSERT INTO users (id, name, name_key, slug, member_number, role, password_hash) VALUES (?, ?, ?, ?, ?, ?, 'x')`,
      args: [id, `M${id}`, `m${id}`, `m${id}`, id, role],
    });
    await client.batch(
      [
        member(1, 'client'),
        member(2, 'client'),
        member(3, 'therapist'),
        member(4, 'spa_management'),
        {
          sql: 'INSERT INTO favorites (user_id, target_user_id, created_at) VALUES (1, 3, 100), (1, 4, 200), (2, 4, 300)',
          args: [],
        },
      ],
      'write',
    );

    await migrate(drizzle(client), { migrationsFolder: 'db/migrations' });

    const lists = (
      await client.execute(
        'SELECT user_id, name, name_key, is_default, created_at FROM favorite_lists ORDER BY user_id',
      )
    ).rows;
    expect(lists.map((row) => ({ ...row }))).toEqual([
      { user_id: 1, name: 'Favorites', name_key: 'favorites', is_default: 1, created_at: 100 },
      { user_id: 2, name: 'Favorites', name_key: 'favorites', is_default: 1, created_at: 300 },
    ]);
    const items = (
      await client.execute(
        'SELECT l.user_id, i.target_user_id, i.created_at FROM favorite_list_items i JOIN favorite_lists l ON l.id = i.list_id ORDER BY 1, 2',
      )
    ).rows;
    expect(items.map((row) => ({ ...row }))).toEqual([
      { user_id: 1, target_user_id: 3, created_at: 100 },
      { user_id: 1, target_user_id: 4, created_at: 200 },
      { user_id: 2, target_user_id: 4, created_at: 300 },
    ]);
    const flat = await client.execute("SELECT count(*) AS n FROM sqlite_master WHERE name = 'favorites'");
    expect(Number(flat.rows[0]!.n)).toBe(0);
  } finally {
    client.close();
    await server.close();
  }
});
