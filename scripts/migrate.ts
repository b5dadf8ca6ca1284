// Applies the committed drizzle-kit migrations (db/migrations) to a libSQL database: the local server or Turso.
// `npm run db:migrate` uses TURSO_DATABASE_URL and TURSO_AUTH_TOKEN; `npm start` calls migrateDatabase itself.
// Then it fills in what SQL alone cannot compute for rows written before a column existed (name skeletons).
import { createClient, type Client } from '@libsql/client';
import { nameSkeleton } from '../common/name-skeleton.ts';
import { drizzle } from 'drizzle-orm/libsql';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { fileURLToPath } from 'node:url';

const migrationsFolder = fileURLToPath(new URL('../db/migrations', import.meta.url));

export async function migrateDatabase(url: string, authToken?: string): Promise<void> {
  const client = createClient({ url, authToken });
  try {
    await migrate(drizzle(client), { migrationsFolder });
    await backfillNameSkeletons(client);
  } finally {
    client.close();
  }
}

/**
 * Members who joined before names had a confusable skeleton get theirs. Should two existing names look alike,
 * the later member keeps no skeleton (and is reported) rather than the migration failing.
 */
async function backfillNameSkeletons(client: Client): Promise<void> {
  const { rows } = await client.execute('SELECT id, name FROM users WHERE name_skeleton IS NULL ORDER BY id');
  if (rows.length === 0) return;
  const taken = new Set(
    (await client.execute('SELECT name_skeleton FROM users WHERE name_skeleton IS NOT NULL')).rows.map((row) =>
      String(row[0]),
    ),
  );
  const updates = [];
  for (const row of rows) {
    const skeleton = nameSkeleton(String(row.name));
    if (taken.has(skeleton)) {
      console.warn(`Member ${row.id} ("${row.name}") looks like an existing name; left without a skeleton.`);
      continue;
    }
    taken.add(skeleton);
    updates.push({ sql: 'UPDATE users SET name_skeleton = ? WHERE id = ?', args: [skeleton, row.id as number] });
  }
  if (updates.length > 0) await client.batch(updates, 'write');
}

if (process.argv[2] === 'migrate') {
  const url = process.env.TURSO_DATABASE_URL;
  if (!url) {
    console.error('Set TURSO_DATABASE_URL (and TURSO_AUTH_TOKEN for Turso) to the database to migrate.');
    process.exit(2);
  }
  await migrateDatabase(url, process.env.TURSO_AUTH_TOKEN);
  console.log(`Migrations applied to ${url}`);
}
