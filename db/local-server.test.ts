// Conformance of the local Hrana server with the real `@libsql/client` (the same protocol code that
// `@libsql/client/web` uses inside the Worker), plus raw HTTP checks for what the client cannot send.
import { createClient, LibsqlError } from '@libsql/client';
import type { Client } from '@libsql/client';
import { createClient as createWebClient } from '@libsql/client/web';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalLibsqlServer } from './local-server.ts';
import type { LocalLibsqlServer } from './local-server.ts';

const IDLE_TIMEOUT_MS = 300;

let dir: string;
let server: LocalLibsqlServer;
let client: Client;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'local-libsql-'));
  server = await startLocalLibsqlServer({
    file: join(dir, 'nested', 'test.db'),
    port: 0,
    transactionIdleTimeoutMs: IDLE_TIMEOUT_MS,
  });
  client = createClient({ url: server.url, authToken: server.authToken, intMode: 'bigint' });
});

/** Raw requests carry the server's token unless a test says otherwise. */
function authorized(headers: Record<string, string> = {}): Record<string, string> {
  return { authorization: `Bearer ${server.authToken}`, ...headers };
}

afterAll(async () => {
  client.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function pipelinesFromStats(): Promise<number> {
  const response = await fetch(`${server.url}/_stats`, { headers: authorized() });
  const body = (await response.json()) as { pipelines: number };
  return body.pipelines;
}

/** What /v2/pipeline answers, as a client reads it off the wire (Hrana 2), or an error body: the tests check its shape. */
interface WireAnswer {
  message?: string;
  code?: string;
  baton: string | null;
  results: {
    type: 'ok' | 'error';
    response: {
      is_autocommit?: boolean;
      result: { rows: unknown[][]; step_results: ({ rows: { value: string }[][] } | null)[]; step_errors: unknown[] };
    };
  }[];
}

async function postPipeline(body: string): Promise<{ status: number; contentType: string | null; json: WireAnswer }> {
  const response = await fetch(`${server.url}/v2/pipeline`, {
    method: 'POST',
    headers: authorized({ 'content-type': 'application/json' }),
    body,
  });
  return { status: response.status, contentType: response.headers.get('content-type'), json: (await response.json()) as WireAnswer };
}

async function scalar(sql: string): Promise<unknown> {
  const result = await client.execute(sql);
  return result.rows[0]?.[0];
}

describe('execute', () => {
  it('runs DDL, INSERT and SELECT with row counts, rowids and column metadata', async () => {
    const created = await client.execute(
      'CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL, price REAL, note)',
    );
    expect(created.rowsAffected).toBe(0);
    expect(created.rows).toEqual([]);

    const first = await client.execute({ sql: 'INSERT INTO items (name, price) VALUES (?, ?)', args: ['tea', 2.5] });
    expect(first.rowsAffected).toBe(1);
    expect(first.lastInsertRowid).toBe(1n);

    const two = await client.execute("INSERT INTO items (name, price) VALUES ('oil', 10), ('soap', 3.25)");
    expect(two.rowsAffected).toBe(2);
    expect(two.lastInsertRowid).toBe(3n);

    const selected = await client.execute('SELECT id, name, price, note, price * 2 AS doubled FROM items ORDER BY id');
    expect(selected.columns).toEqual(['id', 'name', 'price', 'note', 'doubled']);
    expect(selected.columnTypes).toEqual(['INTEGER', 'TEXT', 'REAL', '', '']);
    expect(selected.rowsAffected).toBe(0);
    expect(selected.rows.map((row) => [row.id, row.name, row.price, row.note, row.doubled])).toEqual([
      [1n, 'tea', 2.5, null, 5],
      [2n, 'oil', 10, null, 20],
      [3n, 'soap', 3.25, null, 6.5],
    ]);

    const updated = await client.execute('UPDATE items SET note = name WHERE price > 3');
    expect(updated.rowsAffected).toBe(2);

    const returning = await client.execute("INSERT INTO items (name) VALUES ('rice') RETURNING id, name");
    expect(returning.rowsAffected).toBe(1);
    expect(returning.lastInsertRowid).toBe(4n);
    expect(returning.rows.map((row) => [row.id, row.name])).toEqual([[4n, 'rice']]);

    const deleted = await client.execute({ sql: 'DELETE FROM items WHERE id IN (?, ?)', args: [1n, 4n] });
    expect(deleted.rowsAffected).toBe(2);
    expect(await scalar('SELECT group_concat(name) FROM items ORDER BY id')).toBe('oil,soap');
  });

  it('opens the database in WAL mode with foreign keys enforced', async () => {
    expect(await scalar('PRAGMA journal_mode')).toBe('wal');
    expect(await scalar('PRAGMA foreign_keys')).toBe(1n);
    await client.execute('CREATE TABLE parents (id INTEGER PRIMARY KEY)');
    await client.execute('CREATE TABLE children (id INTEGER PRIMARY KEY, parent_id INTEGER NOT NULL REFERENCES parents (id))');
    await expect(client.execute('INSERT INTO children (parent_id) VALUES (42)')).rejects.toThrow(/FOREIGN KEY/);
    await client.execute('INSERT INTO parents (id) VALUES (42)');
    await expect(client.execute('INSERT INTO children (parent_id) VALUES (42)')).resolves.toMatchObject({ rowsAffected: 1 });
  });
});

describe('prepared statements kept by their text', () => {
  it('answers a kept SELECT by the current schema and a write after reads with its own counts', async () => {
    await client.execute('CREATE TABLE kept (id INTEGER PRIMARY KEY, a TEXT)');
    await client.execute("INSERT INTO kept (a) VALUES ('one')");
    const before = await client.execute('SELECT * FROM kept');
    expect(before.columns).toEqual(['id', 'a']);
    await client.execute('ALTER TABLE kept ADD COLUMN b TEXT');
    const after = await client.execute('SELECT * FROM kept');
    expect(after.columns).toEqual(['id', 'a', 'b']);
    expect(after.rows[0]?.b).toBeNull();
    // Reads change nothing; the write that follows them reports its own row and rowid, not the reads'.
    const read = await client.execute('SELECT count(*) FROM kept');
    expect(read.rowsAffected).toBe(0);
    expect(read.lastInsertRowid).toBeUndefined();
    const inserted = await client.execute({ sql: 'INSERT INTO kept (a) VALUES (?)', args: ['two'] });
    expect(inserted.rowsAffected).toBe(1);
    expect(inserted.lastInsertRowid).toBe(2n);
    const updated = await client.execute({ sql: 'UPDATE kept SET b = ? WHERE id > ?', args: ['x', 5] });
    expect(updated.rowsAffected).toBe(0);
    expect(updated.lastInsertRowid).toBeUndefined();
  });

  it('runs a kept statement again after it failed', async () => {
    await client.execute('CREATE TABLE kept_unique (name TEXT UNIQUE)');
    const insert = { sql: 'INSERT INTO kept_unique (name) VALUES (?)', args: ['same'] };
    await client.execute(insert);
    await expect(client.execute(insert)).rejects.toThrow(/UNIQUE/);
    const next = await client.execute({ ...insert, args: ['other'] });
    expect(next.rowsAffected).toBe(1);
    expect(await scalar('SELECT count(*) FROM kept_unique')).toBe(2n);
  });
});

describe('batch', () => {
  it('returns one result set per statement of a successful batch', async () => {
    await client.execute('CREATE TABLE accounts (id INTEGER PRIMARY KEY, email TEXT NOT NULL UNIQUE)');
    const results = await client.batch(
      [
        { sql: 'INSERT INTO accounts (email) VALUES (?)', args: ['a@example.com'] },
        { sql: 'INSERT INTO accounts (email) VALUES (?)', args: ['b@example.com'] },
        'SELECT count(*) AS n FROM accounts',
      ],
      'write',
    );
    expect(results).toHaveLength(3);
    expect(results.map((result) => result.rowsAffected)).toEqual([1, 1, 0]);
    expect(results.slice(0, 2).map((result) => result.lastInsertRowid)).toEqual([1n, 2n]);
    expect(results[2]?.columns).toEqual(['n']);
    expect(results[2]?.rows[0]?.n).toBe(2n);
  });

  it('is all-or-nothing: a failing statement rolls back the earlier ones', async () => {
    const failing = client.batch(
      [
        { sql: 'INSERT INTO accounts (email) VALUES (?)', args: ['c@example.com'] },
        { sql: 'INSERT INTO accounts (email) VALUES (?)', args: ['a@example.com'] },
        { sql: 'INSERT INTO accounts (email) VALUES (?)', args: ['d@example.com'] },
      ],
      'write',
    );
    await expect(failing).rejects.toBeInstanceOf(LibsqlError);
    await expect(failing).rejects.toThrow(/UNIQUE constraint failed: accounts.email/);
    const emails = await client.execute('SELECT email FROM accounts ORDER BY id');
    expect(emails.rows.map((row) => row.email)).toEqual(['a@example.com', 'b@example.com']);

    // The rolled-back batch left no transaction behind: a new one starts and commits.
    await client.batch([{ sql: 'INSERT INTO accounts (email) VALUES (?)', args: ['c@example.com'] }], 'write');
    expect(await scalar('SELECT count(*) FROM accounts')).toBe(3n);
  });
});

describe('interactive transactions', () => {
  beforeAll(async () => {
    await client.execute('CREATE TABLE ledger (id INTEGER PRIMARY KEY, entry TEXT NOT NULL)');
    await client.execute('CREATE TABLE counter (id INTEGER PRIMARY KEY, value INTEGER NOT NULL)');
    await client.execute('INSERT INTO counter (id, value) VALUES (1, 0)');
  });

  it('persists a commit', async () => {
    const tx = await client.transaction('write');
    await tx.execute({ sql: 'INSERT INTO ledger (entry) VALUES (?)', args: ['committed'] });
    const inside = await tx.execute("SELECT count(*) AS n FROM ledger WHERE entry = 'committed'");
    expect(inside.rows[0]?.n).toBe(1n);
    await tx.commit();
    expect(await scalar("SELECT count(*) FROM ledger WHERE entry = 'committed'")).toBe(1n);
  });

  it('discards a rollback', async () => {
    const tx = await client.transaction('write');
    await tx.execute({ sql: 'INSERT INTO ledger (entry) VALUES (?)', args: ['rolled back'] });
    expect((await tx.execute("SELECT count(*) AS n FROM ledger WHERE entry = 'rolled back'")).rows[0]?.n).toBe(1n);
    await tx.rollback();
    expect(await scalar("SELECT count(*) FROM ledger WHERE entry = 'rolled back'")).toBe(0n);
  });

  it('serialises two transactions opened at once', async () => {
    const events: string[] = [];
    async function increment(name: string): Promise<void> {
      const tx = await client.transaction('write');
      const read = await tx.execute('SELECT value FROM counter WHERE id = 1');
      const value = read.rows[0]?.value as bigint;
      events.push(`${name} read ${value}`);
      await sleep(50);
      await tx.execute({ sql: 'UPDATE counter SET value = ? WHERE id = 1', args: [value + 1n] });
      events.push(`${name} commits`);
      await tx.commit();
    }
    await Promise.all([increment('a'), increment('b')]);

    expect(await scalar('SELECT value FROM counter WHERE id = 1')).toBe(2n);
    const [first, second] = events[0]?.startsWith('a') ? ['a', 'b'] : ['b', 'a'];
    expect(events).toEqual([`${first} read 0`, `${first} commits`, `${second} read 1`, `${second} commits`]);
  });

  it('makes autocommit statements from other streams wait for the open transaction', async () => {
    const tx = await client.transaction('write');
    await tx.execute({ sql: 'INSERT INTO ledger (entry) VALUES (?)', args: ['awaited'] });
    let settled = false;
    const outside = client.execute("SELECT count(*) AS n FROM ledger WHERE entry = 'awaited'").finally(() => {
      settled = true;
    });
    await sleep(100);
    expect(settled).toBe(false);
    await tx.commit();
    expect((await outside).rows[0]?.n).toBe(1n);
  });

  it('rolls back a silent holder after the idle timeout and lets others proceed', async () => {
    // A server of its own, so that a holder that is never rolled back cannot block the other tests.
    const own = await startLocalLibsqlServer({ file: join(dir, 'idle.db'), transactionIdleTimeoutMs: IDLE_TIMEOUT_MS });
    const ownClient = createClient({ url: own.url, authToken: own.authToken, intMode: 'bigint' });
    const count = async (entry: string) =>
      (await ownClient.execute({ sql: 'SELECT count(*) AS n FROM ledger WHERE entry = ?', args: [entry] })).rows[0]?.n;
    try {
      await ownClient.execute('CREATE TABLE ledger (id INTEGER PRIMARY KEY, entry TEXT NOT NULL)');
      const silent = await ownClient.transaction('write');
      await silent.execute({ sql: 'INSERT INTO ledger (entry) VALUES (?)', args: ['abandoned'] });

      const started = Date.now();
      const blocked = count('abandoned');
      const gaveUp = sleep(IDLE_TIMEOUT_MS * 10).then(() => 'still blocked');
      expect(await Promise.race([blocked, gaveUp])).toBe(0n);
      expect(Date.now() - started).toBeGreaterThanOrEqual(IDLE_TIMEOUT_MS - 100);

      const late = silent.execute({ sql: 'INSERT INTO ledger (entry) VALUES (?)', args: ['too late'] });
      await expect(late).rejects.toBeInstanceOf(LibsqlError);
      await expect(late).rejects.toMatchObject({ code: 'STREAM_EXPIRED' });
      silent.close();

      const next = await ownClient.transaction('write');
      await next.execute({ sql: 'INSERT INTO ledger (entry) VALUES (?)', args: ['after timeout'] });
      await next.commit();
      expect([await count('after timeout'), await count('too late')]).toEqual([1n, 0n]);
    } finally {
      ownClient.close();
      await own.close();
    }
  });
});

describe('executeMultiple', () => {
  it('runs every statement of a multi-statement script', async () => {
    await client.executeMultiple(`
      CREATE TABLE script (x INTEGER);
      INSERT INTO script VALUES (1);
      INSERT INTO script VALUES (2); -- a comment
      UPDATE script SET x = x * 10;
    `);
    const rows = await client.execute('SELECT x FROM script ORDER BY x');
    expect(rows.rows.map((row) => row.x)).toEqual([10n, 20n]);
  });

  it('reports an error in the script', async () => {
    await expect(client.executeMultiple('INSERT INTO script VALUES (3); INSERT INTO nowhere VALUES (1);')).rejects.toThrow(
      /no such table: nowhere/,
    );
  });
});

describe('web client', () => {
  it('serves @libsql/client/web, the entry point the Worker uses', async () => {
    const web = createWebClient({ url: server.url, authToken: server.authToken, intMode: 'bigint' });
    try {
      await web.execute('CREATE TABLE web_notes (id INTEGER PRIMARY KEY, body TEXT)');
      const tx = await web.transaction('write');
      await tx.execute({ sql: 'INSERT INTO web_notes (body) VALUES (:body)', args: { body: 'from workerd' } });
      await tx.commit();
      const [count, note] = await web.batch(['SELECT count(*) AS n FROM web_notes', 'SELECT body FROM web_notes'], 'read');
      expect([count?.rows[0]?.n, note?.rows[0]?.body]).toEqual([1n, 'from workerd']);
    } finally {
      web.close();
    }
  });
});

describe('values', () => {
  it('round-trips every value type exactly', async () => {
    await client.execute('CREATE TABLE vals (id INTEGER PRIMARY KEY, v)');
    const bytes = new Uint8Array([0, 1, 2, 127, 128, 254, 255]);
    const cases: { input: unknown; expected: unknown; type: string }[] = [
      { input: null, expected: null, type: 'null' },
      { input: 42n, expected: 42n, type: 'integer' },
      { input: 2n ** 53n + 1n, expected: 9007199254740993n, type: 'integer' },
      { input: -(2n ** 63n), expected: -9223372036854775808n, type: 'integer' },
      { input: 2n ** 63n - 1n, expected: 9223372036854775807n, type: 'integer' },
      { input: 1.5, expected: 1.5, type: 'real' },
      { input: -0.000123, expected: -0.000123, type: 'real' },
      { input: 3, expected: 3, type: 'real' }, // JS numbers travel as Hrana floats
      { input: true, expected: 1n, type: 'integer' }, // the client turns booleans into integers
      { input: '', expected: '', type: 'text' },
      { input: 'héllo wörld — 日本語 🌺', expected: 'héllo wörld — 日本語 🌺', type: 'text' },
      { input: bytes, expected: [...bytes], type: 'blob' },
      { input: bytes.buffer.slice(1, 4), expected: [1, 2, 127], type: 'blob' },
      { input: new Uint8Array([]), expected: [], type: 'blob' },
    ];
    for (const { input, expected, type } of cases) {
      const inserted = await client.execute({ sql: 'INSERT INTO vals (v) VALUES (?)', args: [input as null] });
      const row = (await client.execute({ sql: 'SELECT v, typeof(v) AS t FROM vals WHERE id = ?', args: [inserted.lastInsertRowid!] }))
        .rows[0];
      const value = row?.v instanceof ArrayBuffer ? [...new Uint8Array(row.v)] : row?.v;
      expect({ input, value, type: row?.t }).toEqual({ input, value: expected, type });
    }
  });

  it('returns integer literals beyond 2^53 exactly', async () => {
    const result = await client.execute('SELECT 9223372036854775807 AS max, -9223372036854775808 AS min, 9007199254740993 AS big');
    expect(result.rows[0]?.max).toBe(9223372036854775807n);
    expect(result.rows[0]?.min).toBe(-9223372036854775808n);
    expect(result.rows[0]?.big).toBe(9007199254740993n);
  });

  it('gives plain numbers to a client in the default intMode', async () => {
    const numbers = createClient({ url: server.url, authToken: server.authToken });
    try {
      const result = await numbers.execute('SELECT 7 AS i, 7.25 AS f');
      expect(result.rows[0]?.i).toBe(7);
      expect(result.rows[0]?.f).toBe(7.25);
    } finally {
      numbers.close();
    }
  });
});

describe('parameters', () => {
  it('binds positional ? and numbered ?N parameters', async () => {
    const plain = await client.execute({ sql: 'SELECT ? AS a, ? AS b', args: ['x', 2n] });
    expect([plain.rows[0]?.a, plain.rows[0]?.b]).toEqual(['x', 2n]);
    const numbered = await client.execute({ sql: 'SELECT ?2 AS a, ?1 AS b, ?2 AS c', args: ['first', 'second'] });
    expect([numbered.rows[0]?.a, numbered.rows[0]?.b, numbered.rows[0]?.c]).toEqual(['second', 'first', 'second']);
  });

  it('binds :name, @name and $name parameters, with or without the prefix in the argument name', async () => {
    const bare = await client.execute({
      sql: 'SELECT :colon AS c, @at AS a, $dollar AS d, :colon || @at AS both',
      args: { colon: 'one', at: 'two', dollar: 3n },
    });
    expect([bare.rows[0]?.c, bare.rows[0]?.a, bare.rows[0]?.d, bare.rows[0]?.both]).toEqual(['one', 'two', 3n, 'onetwo']);

    const prefixed = await client.execute({
      sql: 'SELECT :colon AS c, @at AS a, $dollar AS d',
      args: { ':colon': 'one', '@at': null, $dollar: 4.5 },
    });
    expect([prefixed.rows[0]?.c, prefixed.rows[0]?.a, prefixed.rows[0]?.d]).toEqual(['one', null, 4.5]);
  });

  it('rejects named arguments for anonymous ? parameters instead of crashing', async () => {
    await expect(client.execute({ sql: 'SELECT ?, :a', args: { a: 1n } })).rejects.toMatchObject({ code: 'ARGS_INVALID' });
    // A `?` inside a string literal, identifier or comment is not a parameter.
    const quoted = await client.execute({ sql: "SELECT '?' AS \"?\", :a AS a -- ?", args: { a: 1n } });
    expect([quoted.rows[0]?.['?'], quoted.rows[0]?.a]).toEqual(['?', 1n]);
    expect(await scalar('SELECT 1')).toBe(1n);
  });
});

describe('errors', () => {
  it('returns SQL errors as LibsqlError and keeps serving', async () => {
    const syntax = client.execute('SELEC 1');
    await expect(syntax).rejects.toBeInstanceOf(LibsqlError);
    await expect(syntax).rejects.toMatchObject({ code: 'SQLITE_ERROR', message: expect.stringMatching(/syntax error/) });
    await expect(client.execute('SELECT * FROM missing_table')).rejects.toThrow(/no such table: missing_table/);
    await expect(client.execute('INSERT INTO accounts (id, email) VALUES (1, ?)', ['dup@example.com'])).rejects.toMatchObject({
      code: expect.stringMatching(/^SQLITE_CONSTRAINT/),
    });
    expect(await scalar("SELECT 'still serving'")).toBe('still serving');
  });

  it('answers a malformed JSON body with a 400 JSON error', async () => {
    const response = await postPipeline('{"requests": [');
    expect(response.status).toBe(400);
    expect(response.contentType).toBe('application/json');
    expect(response.json.message).toMatch(/JSON/);

    const notAPipeline = await postPipeline('{"requests": "nope"}');
    expect(notAPipeline.status).toBe(400);
    expect(typeof notAPipeline.json.message).toBe('string');
    expect(await scalar('SELECT 1')).toBe(1n);
  });

  it('answers an unknown baton with a 400 JSON error', async () => {
    const response = await postPipeline(JSON.stringify({ baton: 'no-such-baton', requests: [{ type: 'get_autocommit' }] }));
    expect(response.status).toBe(400);
    expect(response.contentType).toBe('application/json');
    expect(response.json).toEqual({ message: expect.any(String), code: 'STREAM_EXPIRED' });
  });

  it('reports a bad request inside a pipeline as that request’s error only', async () => {
    const response = await postPipeline(
      JSON.stringify({
        requests: [
          { type: 'no_such_request' },
          { type: 'execute', stmt: { sql_id: 99, args: [], named_args: [], want_rows: true } },
          { type: 'execute', stmt: { sql: 'SELECT ?', args: [{ type: 'boolean', value: true }] } },
          { type: 'execute', stmt: { sql: 'SELECT 1', args: [], named_args: [], want_rows: true } },
          { type: 'close' },
        ],
      }),
    );
    expect(response.status).toBe(200);
    expect(response.json.baton).toBeNull();
    expect(response.json.results.map((result) => result.type)).toEqual(['error', 'error', 'error', 'ok', 'ok']);
    expect(response.json.results[3]?.response.result.rows).toEqual([[{ type: 'integer', value: '1' }]]);
  });
});

describe('raw protocol', () => {
  it('hands out batons, keeps stored SQL per stream and ends the stream on close', async () => {
    const opened = await postPipeline(
      JSON.stringify({
        requests: [
          { type: 'store_sql', sql_id: 1, sql: 'SELECT ? + 1' },
          { type: 'execute', stmt: { sql: 'BEGIN' } },
          { type: 'get_autocommit' },
        ],
      }),
    );
    expect(opened.json.results.map((result) => result.type)).toEqual(['ok', 'ok', 'ok']);
    expect(opened.json.results[2]?.response.is_autocommit).toBe(false);
    const baton = opened.json.baton!;
    expect(typeof baton).toBe('string');

    const next = await postPipeline(
      JSON.stringify({
        baton,
        requests: [
          { type: 'execute', stmt: { sql_id: 1, args: [{ type: 'integer', value: '41' }] } },
          { type: 'close_sql', sql_id: 1 },
          { type: 'execute', stmt: { sql_id: 1, args: [] } },
          { type: 'close' },
        ],
      }),
    );
    expect(next.json.baton).toBeNull();
    expect(next.json.results[0]?.response.result.rows).toEqual([[{ type: 'integer', value: '42' }]]);
    expect(next.json.results[2]?.type).toBe('error');

    // Closing the stream rolled its transaction back, so the connection is free again.
    expect(await scalar('SELECT 1')).toBe(1n);
    expect((await postPipeline(JSON.stringify({ baton, requests: [] }))).status).toBe(400);
  });

  it('evaluates ok, error, not, and, or and is_autocommit batch conditions', async () => {
    const stmt = (sql: string) => ({ sql, args: [], named_args: [], want_rows: true });
    const response = await postPipeline(
      JSON.stringify({
        requests: [
          {
            type: 'batch',
            batch: {
              steps: [
                { stmt: stmt('SELECT 1') },
                { stmt: stmt('SELEC 1') },
                { stmt: stmt('SELECT 2'), condition: { type: 'and', conds: [{ type: 'ok', step: 0 }, { type: 'error', step: 1 }] } },
                { stmt: stmt('SELECT 3'), condition: { type: 'or', conds: [{ type: 'ok', step: 1 }, { type: 'not', cond: { type: 'ok', step: 0 } }] } },
                { stmt: stmt('SELECT 4'), condition: { type: 'is_autocommit' } },
                { stmt: stmt('SELECT 5'), condition: { type: 'error', step: 0 } },
                { stmt: stmt('SELECT 6'), condition: { type: 'and', conds: [{ type: 'ok', step: 0 }, { type: 'ok', step: 1 }] } },
                { stmt: stmt('SELECT 7'), condition: { type: 'or', conds: [{ type: 'ok', step: 1 }, { type: 'ok', step: 0 }] } },
              ],
            },
          },
          { type: 'close' },
        ],
      }),
    );
    const { step_results, step_errors } = response.json.results[0]!.response.result;
    const ran = step_results.map((result) => result?.rows[0]?.[0]?.value ?? null);
    expect(ran).toEqual(['1', null, '2', null, '4', null, null, '7']);
    expect(step_errors.map((error) => error !== null)).toEqual([false, true, false, false, false, false, false, false]);
  });

  it('answers version probes and health checks, and 404 for anything else', async () => {
    for (const path of ['/v2', '/v3', '/health']) {
      expect((await fetch(`${server.url}${path}`, { headers: authorized() })).status).toBe(200);
    }
    expect((await fetch(`${server.url}/v3-protobuf`, { headers: authorized() })).status).toBe(404);
    expect((await fetch(`${server.url}/v2/pipeline`, { headers: authorized() })).status).toBe(404);
  });
});

describe('guarded like a database, not a web page', () => {
  /** Node's http client, because fetch will not send a foreign Host header. */
  function raw(options: { path?: string; headers: Record<string, string>; body?: string }): Promise<number> {
    return new Promise((resolve, reject) => {
      const request = httpRequest(
        { host: '127.0.0.1', port: server.port, method: 'POST', path: options.path ?? '/v2/pipeline', headers: options.headers },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      request.on('error', reject);
      request.end(options.body ?? '');
    });
  }
  const promote = JSON.stringify({ requests: [{ type: 'execute', stmt: { sql: 'CREATE TABLE attacker_was_here (x)' } }] });
  const attackerTableExists = () => scalar("SELECT count(*) FROM sqlite_master WHERE name = 'attacker_was_here'");

  it('refuses requests without the token or with a wrong one, and a web page posting text/plain', async () => {
    expect(await raw({ headers: { 'content-type': 'application/json' }, body: promote })).toBe(401);
    expect(await raw({ headers: { 'content-type': 'application/json', authorization: 'Bearer wrong' }, body: promote })).toBe(401);
    // What a page in the developer's browser can send without a preflight: text/plain with its Origin.
    expect(
      await raw({ headers: { 'content-type': 'text/plain', origin: 'https://evil.example', ...authorized() }, body: promote }),
    ).toBe(403);
    expect(await raw({ headers: authorized({ 'content-type': 'text/plain' }), body: promote })).toBe(415);
    expect(await raw({ headers: { ...authorized({ 'content-type': 'application/json' }), origin: 'http://127.0.0.1' }, body: promote })).toBe(403);
    expect(await attackerTableExists()).toBe(0n);
  });

  it('answers loopback host names only (no DNS rebinding)', async () => {
    const json = authorized({ 'content-type': 'application/json' });
    expect(await raw({ headers: { ...json, host: `rebind.evil.example:${server.port}` }, body: promote })).toBe(421);
    expect(await attackerTableExists()).toBe(0n);
    const ok = JSON.stringify({ requests: [{ type: 'execute', stmt: { sql: 'SELECT 1' } }] });
    for (const host of [`127.0.0.1:${server.port}`, `localhost:${server.port}`, `[::1]:${server.port}`])
      expect(await raw({ headers: { ...json, host }, body: ok })).toBe(200);
    expect(await raw({ path: '/_stats/reset', headers: { host: `evil.example:${server.port}`, ...authorized() } })).toBe(421);
  });

  it('creates the database file readable by its owner only, and listens on loopback only', async () => {
    expect(statSync(join(dir, 'nested', 'test.db')).mode & 0o777).toBe(0o600);
    await expect(startLocalLibsqlServer({ file: join(dir, 'open.db'), host: '0.0.0.0' })).rejects.toThrow(/loopback/);
  });

  it('generates a different random token at each start', async () => {
    const other = await startLocalLibsqlServer({ file: join(dir, 'other.db') });
    try {
      expect(other.authToken).not.toBe(server.authToken);
      expect(other.authToken.length).toBeGreaterThanOrEqual(43);
    } finally {
      await other.close();
    }
  });
});

describe('pipeline counter', () => {
  it('counts exactly one pipeline per round trip of the client', async () => {
    const reset = await fetch(`${server.url}/_stats/reset`, { method: 'POST', headers: authorized() });
    expect(await reset.json()).toEqual({ pipelines: 0 });
    expect(await pipelinesFromStats()).toBe(0);

    await client.execute('CREATE TABLE counted (x)');
    expect(await pipelinesFromStats()).toBe(1);

    // The SQL texts, the BEGIN/statements/COMMIT/ROLLBACK batch and the close travel together.
    await client.batch(['INSERT INTO counted VALUES (1)', 'INSERT INTO counted VALUES (2)', 'SELECT count(*) FROM counted'], 'write');
    expect(await pipelinesFromStats()).toBe(2);

    // One per statement (the first carries BEGIN), one for COMMIT + close; opening sends nothing.
    const tx = await client.transaction('write');
    expect(await pipelinesFromStats()).toBe(2);
    await tx.execute('INSERT INTO counted VALUES (3)');
    await tx.execute('INSERT INTO counted VALUES (4)');
    await tx.commit();
    expect(await pipelinesFromStats()).toBe(5);

    await client.executeMultiple('INSERT INTO counted VALUES (5); INSERT INTO counted VALUES (6);');
    expect(await pipelinesFromStats()).toBe(6);

    await expect(client.execute('SELEC')).rejects.toThrow();
    expect(await pipelinesFromStats()).toBe(7);
    expect(server.pipelinesServed()).toBe(7);
    expect(await scalar('SELECT count(*) FROM counted')).toBe(6n);
  });
});
