// The hub's storage migrates when the object wakes: a new hub starts at the current version, and a hub whose
// storage was written before the schema had a version (every table of version 1, no version) is taken as
// version 1, keeps its rows and gets the version written. What the hub looks up on every connection and alarm
// goes through an index, whatever the tables hold. Each test has a hub of its own.
import { env } from 'cloudflare:workers';
import { evictDurableObject, runInDurableObject } from 'cloudflare:test';
import { expect, it } from 'vitest';
import { HUB_SCHEMA_VERSION } from './hub-storage.ts';

/** The tables as the hub created them at every start before its schema had a version. */
const UNVERSIONED_SCHEMA = `
  CREATE TABLE IF NOT EXISTS requests (
    id TEXT PRIMARY KEY, requester_id INTEGER NOT NULL, recipient_id INTEGER NOT NULL,
    requester_name TEXT NOT NULL, recipient_name TEXT NOT NULL, expires_at INTEGER NOT NULL,
    status TEXT NOT NULL, forget_at INTEGER NOT NULL);
  CREATE INDEX IF NOT EXISTS requests_requester ON requests (requester_id, status);
  CREATE INDEX IF NOT EXISTS requests_recipient ON requests (recipient_id, status);
  CREATE TABLE IF NOT EXISTS sessions (
    id TEXT PRIMARY KEY, participant1_id INTEGER NOT NULL, participant1_name TEXT NOT NULL,
    participant2_id INTEGER NOT NULL, participant2_name TEXT NOT NULL, started_at INTEGER NOT NULL);
  CREATE INDEX IF NOT EXISTS sessions_p1 ON sessions (participant1_id);
  CREATE INDEX IF NOT EXISTS sessions_p2 ON sessions (participant2_id);
  CREATE TABLE IF NOT EXISTS hidden_pairs (low INTEGER NOT NULL, high INTEGER NOT NULL, PRIMARY KEY (low, high));
  CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
  CREATE TABLE IF NOT EXISTS away (
    user_id INTEGER PRIMARY KEY, member TEXT NOT NULL, until INTEGER NOT NULL, session_id TEXT NOT NULL);
  CREATE TABLE IF NOT EXISTS invisible (user_id INTEGER PRIMARY KEY);
`;

function freshHub() {
  const namespace = env.CHAT_HUB;
  return namespace.get(namespace.idFromName(`schema-${crypto.randomUUID()}`));
}

function storedVersion(stub: DurableObjectStub) {
  return runInDurableObject(
    stub,
    (_instance, state) =>
      state.storage.sql.exec<{ value: number }>("SELECT value FROM meta WHERE key = 'schema_version'").toArray()[0]
        ?.value ?? null,
  );
}

function tables(stub: DurableObjectStub) {
  return runInDurableObject(stub, (_instance, state) =>
    state.storage.sql
      .exec<{ name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' ORDER BY name",
      )
      .toArray()
      .map((row) => row.name),
  );
}

it('starts a new hub at the current version', async () => {
  const stub = freshHub();
  expect(await storedVersion(stub)).toBe(HUB_SCHEMA_VERSION);
  expect(await tables(stub)).toEqual([
    'away',
    'flooded',
    'hidden_pairs',
    'invisible',
    'meta',
    'published',
    'requests',
    'session_endings',
    'sessions',
  ]);
});

it('takes a hub stored without a version as version 1, keeps its rows, migrates and writes the version, once', async () => {
  const stub = freshHub();
  await runInDurableObject(stub, (_instance, state) => {
    const sql = state.storage.sql;
    for (const name of [
      'requests',
      'sessions',
      'hidden_pairs',
      'meta',
      'away',
      'invisible',
      'published',
      'session_endings',
      'flooded',
    ])
      sql.exec(`DROP TABLE ${name}`);
    sql.exec(UNVERSIONED_SCHEMA);
    sql.exec("INSERT INTO sessions VALUES ('s-1', 1, 'Ana', 2, 'Ben', 1000)");
    sql.exec("INSERT INTO meta VALUES ('presence_due', 5000)");
  });
  const before = await tables(stub);
  expect(await storedVersion(stub)).toBeNull();

  await evictDurableObject(stub);
  expect(await storedVersion(stub)).toBe(HUB_SCHEMA_VERSION);
  await evictDurableObject(stub);
  expect(await storedVersion(stub)).toBe(HUB_SCHEMA_VERSION);

  // Version 1's tables with their rows, and those of the versions after it.
  expect(await tables(stub)).toEqual([...before, 'flooded', 'published', 'session_endings'].sort());
  expect(
    await runInDurableObject(stub, (_instance, state) => ({
      sessions: state.storage.sql.exec('SELECT id FROM sessions').toArray(),
      presenceDue: state.storage.sql.exec("SELECT value FROM meta WHERE key = 'presence_due'").toArray(),
    })),
  ).toEqual({ sessions: [{ id: 's-1' }], presenceDue: [{ value: 5000 }] });
});

it("reads a handful of rows for a member's blocks and the alarm's deadlines, however many the hub holds", async () => {
  const stub = freshHub();
  const rowsRead = await runInDurableObject(stub, (instance, state) => {
    const sql = state.storage.sql;
    const now = Date.now();
    // 3,000 pairs of blocks among other members, and 3,000 requests: finished ones waiting to be forgotten, and
    // pending ones that expire later.
    for (let i = 0; i < 3000; i++) {
      sql.exec('INSERT INTO hidden_pairs VALUES (?, ?)', 10_000 + i, 20_000 + i);
      sql.exec(
        'INSERT INTO requests VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        `r-${i}`,
        10_000 + i,
        20_000 + i,
        'A',
        'B',
        now + 60_000 + i,
        i % 2 ? 'pending' : 'rejected',
        now + 120_000 + i,
      );
    }
    sql.exec('INSERT INTO hidden_pairs VALUES (?, ?)', 5, 30_000);
    sql.exec('INSERT INTO hidden_pairs VALUES (?, ?)', 1, 5);
    // Every query the hub makes from here on is kept, to count the rows it read.
    const cursors: SqlStorageCursor<Record<string, SqlStorageValue>>[] = [];
    const exec = sql.exec.bind(sql);
    sql.exec = ((query: string, ...bindings: unknown[]) => {
      const cursor = exec(query, ...bindings);
      cursors.push(cursor);
      return cursor;
    }) as typeof sql.exec;
    const hub = instance as unknown as {
      blocks: { hiddenFrom(userId: number): Set<number> };
      requests: { nextDeadline(): number | null; expireDue(now: number): void };
    };
    expect(hub.blocks.hiddenFrom(5)).toEqual(new Set([1, 30_000]));
    expect(hub.requests.nextDeadline()).toBe(now + 60_001);
    // A finished request remembered for less time than any pending one waits is the next deadline.
    sql.exec(
      'INSERT INTO requests VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      'r-done',
      1,
      2,
      'A',
      'B',
      now - 10_000,
      'cancelled',
      now + 20_000,
    );
    expect(hub.requests.nextDeadline()).toBe(now + 20_000);
    hub.requests.expireDue(now);
    return cursors.reduce((sum, cursor) => sum + cursor.rowsRead, 0);
  });
  // Reading either table whole would be 3,000 rows or more.
  expect(rowsRead).toBeLessThan(20);
});
