// Applies the committed drizzle-kit migrations (db/migrations) to a libSQL database: the local server or Turso.
// `npm run db:migrate` uses TURSO_DATABASE_URL and TURSO_AUTH_TOKEN; `npm start` calls migrateDatabase itself.
import { createClient } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { fileURLToPath } from 'node:url';

const migrationsFolder = fileURLToPath(new URL('../db/migrations', import.meta.url));

export async function migrateDatabase(url: string, authToken?: string): Promise<void> {
  const client = createClient({ url, authToken });
  try {
    await migrate(drizzle(client), { migrationsFolder });
  } finally {
    client.close();
  }
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
