// `npm run admin`: creates an admin from the command line, promotes an existing member, refuses weak passwords.
import { createClient } from '@libsql/client';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../db/password.ts';
import { startSqld, type SqldServer } from '../db/sqld.ts';
import { migrateDatabase } from './migrate.ts';

const run = promisify(execFile);
const dataDir = mkdtempSync(join(tmpdir(), 'spa-admin-test-'));
let database: SqldServer;

/** The command as the deploy steps run it, against the database named by TURSO_DATABASE_URL and TURSO_AUTH_TOKEN. */
function admin(name: string, password?: string) {
  return run(process.execPath, ['scripts/launch.mjs', 'admin', name], {
    env: {
      ...process.env,
      ADMIN_PASSWORD: password ?? '',
      TURSO_DATABASE_URL: database.url,
      TURSO_AUTH_TOKEN: database.authToken,
    },
  }).then(
    (result) => ({ code: 0, output: result.stdout + result.stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      output: error.stdout + error.stderr,
    }),
  );
}

async function userNamed(name: string) {
  const client = createClient({ url: database.url, authToken: database.authToken });
  try {
    return (await client.execute({ sql: 'select * from users where name = ?', args: [name] })).rows[0];
  } finally {
    client.close();
  }
}

beforeAll(async () => {
  database = await startSqld({ dataDir });
  await migrateDatabase(database.url, database.authToken);
});
afterAll(async () => {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run admin', () => {
  it('refuses to create an account with a weak password, creating nothing', async () => {
    const result = await admin('Weak Admin', 'password');
    expect(result.code).toBe(2);
    expect(await userNamed('Weak Admin')).toBeUndefined();
  });

  it('creates an admin with the next member number and a working password', async () => {
    const result = await admin('Root Admin', 'a-strong-admin-pass-2026');
    expect(result.code).toBe(0);
    const user = await userNamed('Root Admin');
    expect(user).toMatchObject({ role: 'admin', slug: 'root-admin', member_number: 1 });
    expect(await verifyPassword('a-strong-admin-pass-2026', String(user!.password_hash))).toBe(true);
  });

  it('promotes an existing member (matched ignoring case) and lifts a ban', async () => {
    const client = createClient({ url: database.url, authToken: database.authToken });
    await client.execute(
      "insert into users (name, name_key, slug, member_number, role, password_hash, is_banned) values ('Ana Reyes', 'ana reyes', 'ana-reyes', 2, 'client', 'x', 1)",
    );
    client.close();
    const result = await admin('ANA REYES');
    expect(result.code).toBe(0);
    expect(await userNamed('Ana Reyes')).toMatchObject({ role: 'admin', is_banned: 0 });
  });

  it("uses npm start's data folder when no database is named, running its database only while it works", async () => {
    const local = mkdtempSync(join(tmpdir(), 'spa-admin-local-'));
    /** The local folder's database, started for one piece of work and stopped after it, as the command does. */
    const onLocal = async <T>(work: (server: SqldServer) => Promise<T>) => {
      const server = await startSqld({ dataDir: local });
      try {
        return await work(server);
      } finally {
        await server.close();
      }
    };
    try {
      await onLocal((server) => migrateDatabase(server.url, server.authToken));
      const result = await run(process.execPath, ['scripts/launch.mjs', 'admin', 'Local Admin'], {
        env: { ...process.env, DATA_DIR: local, ADMIN_PASSWORD: 'a-strong-admin-pass-2026', TURSO_DATABASE_URL: '' },
      });
      expect(result.stdout).toContain('Admin Local Admin created.');
      const role = await onLocal(async (server) => {
        const client = createClient({ url: server.url, authToken: server.authToken });
        try {
          return (await client.execute("select role from users where name = 'Local Admin'")).rows[0]?.role;
        } finally {
          client.close();
        }
      });
      expect(role).toBe('admin');
    } finally {
      rmSync(local, { recursive: true, force: true });
    }
  });
});
