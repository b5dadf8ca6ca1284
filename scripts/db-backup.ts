// `npm run db:backup [-- <file>]`: a dump of the database named by TURSO_DATABASE_URL (and TURSO_AUTH_TOKEN) as SQL
// text, the way `sqlite3 .dump` writes one, over the same HTTP protocol the Worker uses, so it works against Turso
// and against a local sqld alike (docs/operations.md). `npm run db:restore -- <file>` loads such a dump into an empty
// database. The dump holds every table's rows (the migrations' own record among them, so a restored database is at
// the same migration level), then the indexes, views and triggers, created after the rows so that no trigger runs
// twice; a full-text index is rebuilt from the table it indexes rather than copied.
import { createClient, type Client, type InValue } from '@libsql/client';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { once } from 'node:events';

const PAGE_ROWS = 1000;
/** The shadow tables SQLite's FTS5 keeps for a virtual table, rebuilt rather than dumped. */
const FTS5_SHADOWS = ['data', 'idx', 'docsize', 'config', 'content'];

interface SchemaEntry {
  type: 'table' | 'index' | 'view' | 'trigger';
  name: string;
  sql: string | null;
}

const quoteName = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** A value as an SQL literal. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'NULL';
  if (value instanceof ArrayBuffer) return `X'${Buffer.from(value).toString('hex')}'`;
  return `'${String(value).replaceAll("'", "''")}'`;
}

/** Writes the dump of the database `client` reaches to `write`, statement by statement. */
export async function dumpDatabase(
  client: Client,
  write: (text: string) => Promise<void> | void,
): Promise<{ tables: number; rows: number }> {
  const schema = (
    await client.execute("SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY rowid")
  ).rows as unknown as SchemaEntry[];
  const virtual = schema.filter((entry) => entry.type === 'table' && /^CREATE VIRTUAL TABLE/i.test(entry.sql ?? ''));
  const shadows = new Set(virtual.flatMap((table) => FTS5_SHADOWS.map((suffix) => `${table.name}_${suffix}`)));
  const tables = schema.filter(
    (entry) => entry.type === 'table' && !shadows.has(entry.name) && !virtual.includes(entry),
  );
  let rows = 0;
  await write('PRAGMA foreign_keys=OFF;\nBEGIN TRANSACTION;\n');
  for (const table of tables) {
    await write(`${table.sql};\n`);
    const withoutRowid = /WITHOUT ROWID\s*$/i.test(table.sql ?? '');
    let last: InValue = Number.MIN_SAFE_INTEGER;
    for (let offset = 0; ; offset += PAGE_ROWS) {
      const page = withoutRowid
        ? await client.execute({
            sql: `SELECT * FROM ${quoteName(table.name)} LIMIT ? OFFSET ?`,
            args: [PAGE_ROWS, offset],
          })
        : await client.execute({
            sql: `SELECT rowid AS "__dump_rowid", * FROM ${quoteName(table.name)} WHERE rowid > ? ORDER BY rowid LIMIT ?`,
            args: [last, PAGE_ROWS],
          });
      const columns = page.columns.filter((column) => column !== '__dump_rowid');
      for (const row of page.rows) {
        const values = columns.map((column) => literal(row[column]));
        await write(
          `INSERT INTO ${quoteName(table.name)} (${columns.map(quoteName).join(', ')}) VALUES (${values.join(', ')});\n`,
        );
      }
      rows += page.rows.length;
      if (page.rows.length < PAGE_ROWS) break;
      if (!withoutRowid) last = page.rows.at(-1)!.__dump_rowid as InValue;
    }
  }
  const sequence = await client
    .execute("SELECT name, seq FROM sqlite_master JOIN sqlite_sequence USING (name) WHERE type = 'table'")
    .catch(() => null);
  for (const row of sequence?.rows ?? [])
    await write(`INSERT INTO sqlite_sequence (name, seq) VALUES (${literal(row.name)}, ${literal(row.seq)});\n`);
  for (const table of virtual)
    await write(`${table.sql};\nINSERT INTO ${quoteName(table.name)} (${quoteName(table.name)}) VALUES ('rebuild');\n`);
  for (const entry of schema.filter((item) => item.type !== 'table' && item.sql)) await write(`${entry.sql};\n`);
  await write('COMMIT;\n');
  return { tables: tables.length, rows };
}

/** Loads a dump into the (empty) database `client` reaches. */
export async function restoreDatabase(client: Client, dump: string): Promise<void> {
  await client.executeMultiple(dump);
}

function databaseFromEnvironment(): Client {
  const url = process.env.TURSO_DATABASE_URL;
  if (!url) {
    console.error('Set TURSO_DATABASE_URL (and TURSO_AUTH_TOKEN for Turso) to the database to back up or restore.');
    process.exit(2);
  }
  return createClient({ url, authToken: process.env.TURSO_AUTH_TOKEN, intMode: 'bigint' });
}

const [command, file] = [process.argv[2], process.argv[3]];
if (command === 'db-backup') {
  const target = resolve(file ?? `backups/database-${new Date().toISOString().replaceAll(':', '-')}.sql`);
  mkdirSync(dirname(target), { recursive: true });
  const client = databaseFromEnvironment();
  const out = createWriteStream(target, { mode: 0o600 });
  try {
    const { tables, rows } = await dumpDatabase(client, async (text) => {
      if (!out.write(text)) await once(out, 'drain');
    });
    out.end();
    await once(out, 'finish');
    console.log(`Backed up ${tables} tables, ${rows} rows, to ${target}`);
  } finally {
    client.close();
  }
} else if (command === 'db-restore') {
  if (!file) {
    console.error('Usage: npm run db:restore -- <dump.sql>   (TURSO_DATABASE_URL names an empty database)');
    process.exit(2);
  }
  const client = databaseFromEnvironment();
  try {
    await restoreDatabase(client, readFileSync(file, 'utf8'));
    console.log(`Restored ${file}`);
  } finally {
    client.close();
  }
}
