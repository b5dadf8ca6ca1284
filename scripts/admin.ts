// `npm run admin -- "<name>"`: creates an admin, or promotes an existing member to admin, from the command
// line. Production: set TURSO_DATABASE_URL and TURSO_AUTH_TOKEN. Locally, without them, it starts sqld on the data
// folder of `npm start` (.data, or DATA_DIR) for as long as it runs; stop `npm start` first, which holds that folder.
// A new account's password comes from ADMIN_PASSWORD (at least 8 characters, not a common password).
import { createClient } from '@libsql/client';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/libsql';
import { join, resolve } from 'node:path';
import { memberName } from '../common/account-input.ts';
import { PASSWORD_MIN_LENGTH } from '../common/limits.ts';
import { nameKey } from '../common/names.ts';
import { users } from '../db/schema.ts';
import { commonPasswordsInNode } from '../db/common-passwords.ts';
import { hashPassword, isCommonPassword } from '../db/password.ts';
import { startSqld } from '../db/sqld.ts';
import { insertMember } from '../worker/services/users.ts';

const parsedName = memberName.safeParse(process.argv.slice(3).join(' '));
if (!parsedName.success) {
  console.error(
    `${parsedName.error.issues[0]?.message}\nUsage: npm run admin -- "<name>"   (ADMIN_PASSWORD=... to create a new account)`,
  );
  process.exit(2);
}
const name = parsedName.data;

const dataDir = resolve(process.env.DATA_DIR ?? '.data');
const local = process.env.TURSO_DATABASE_URL ? null : await startSqld({ dataDir, adoptFile: join(dataDir, 'app.db') });
const client = createClient(
  local
    ? { url: local.url, authToken: local.authToken }
    : { url: process.env.TURSO_DATABASE_URL!, authToken: process.env.TURSO_AUTH_TOKEN },
);
const db = drizzle(client);

try {
  const [existing] = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(users.nameKey, nameKey(name)));
  if (existing) {
    await db.update(users).set({ role: 'admin', isBanned: false }).where(eq(users.id, existing.id));
    console.log(`${name} was ${existing.role}; now admin.`);
  } else {
    const password = process.env.ADMIN_PASSWORD ?? '';
    if (password.length < PASSWORD_MIN_LENGTH || isCommonPassword(password, commonPasswordsInNode())) {
      console.error(
        `Set ADMIN_PASSWORD to a password of at least ${PASSWORD_MIN_LENGTH} characters that is not a common one.`,
      );
      process.exit(2);
    }
    await insertMember(db, { name, role: 'admin', passwordHash: await hashPassword(password), createdAt: Date.now() });
    console.log(`Admin ${name} created.`);
  }
} finally {
  client.close();
  await local?.close();
}
