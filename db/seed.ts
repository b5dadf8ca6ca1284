// Demo data for a fresh database, so that the first start shows a living community: spas across Metro Manila,
// therapists and clients with reviews, and stars, flowers, medals and red flags in every leaderboard window.
// The data tables are seed-data.ts, the rows come from seed-generator.ts; this module writes them in one batch
// (one transaction, one round trip), and only while the users table is empty.
import type { Client, InStatement } from '@libsql/client';
import { hashPassword } from './password.ts';
import { DEMO_PASSWORD } from './seed-data.ts';
import { buildDemoData, type Row } from './seed-generator.ts';

export { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed-data.ts';

/** Rows carry member numbers in these columns; the database ids are looked up inside the same batch. */
const USER_ID = '(SELECT id FROM users WHERE member_number = ?)';
const LOOKUPS: Record<string, string> = {
  owner_user_id: USER_ID,
  reviewer_id: USER_ID,
  target_user_id: USER_ID,
  giver_id: USER_ID,
  recipient_id: USER_ID,
  user_id: USER_ID,
  spa_id: `(SELECT id FROM spas WHERE owner_user_id = ${USER_ID})`,
};
/** Where a table's column names a member rather than the usual row. */
const TABLE_LOOKUPS: Record<string, Record<string, string>> = {
  spa_daily_counts: { spa_id: USER_ID },
  lineup_links: { spa_id: USER_ID, therapist_id: USER_ID },
  licences: { decided_by: USER_ID },
  visits: { client_id: USER_ID, spa_id: USER_ID, therapist_id: USER_ID },
};

/** SQLite's most conservative bound on parameters per statement. */
const MAX_PARAMETERS = 999;

function insertStatements(table: string, rows: Row[]): InStatement[] {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const lookups = { ...LOOKUPS, ...TABLE_LOOKUPS[table] };
  const tuple = `(${columns.map((column) => lookups[column] ?? '?').join(', ')})`;
  const perStatement = Math.floor(MAX_PARAMETERS / columns.length);
  const statements: InStatement[] = [];
  for (let start = 0; start < rows.length; start += perStatement) {
    const chunk = rows.slice(start, start + perStatement);
    statements.push({
      sql: `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${chunk.map(() => tuple).join(', ')}`,
      args: chunk.flatMap((row) => columns.map((column) => row[column] ?? null)),
    });
  }
  return statements;
}

async function hasUsers(client: Client): Promise<boolean> {
  return (await client.execute('SELECT 1 FROM users LIMIT 1')).rows.length > 0;
}

/** Loads the demo data into a database without users (first start); otherwise changes nothing. */
export async function seedDemoData(client: Client, options: { now?: Date } = {}): Promise<{ seeded: boolean }> {
  if (await hasUsers(client)) return { seeded: false };
  const data = buildDemoData((options.now ?? new Date()).getTime(), await hashPassword(DEMO_PASSWORD));
  const statements = Object.entries(data).flatMap(([table, rows]) => insertStatements(table, rows));
  try {
    await client.batch(statements, 'write');
  } catch (error) {
    // Another process seeded the empty database first: its batch won, ours rolled back on the unique names.
    if (await hasUsers(client)) return { seeded: false };
    throw error;
  }
  return { seeded: true };
}
