// Confirming a new e-mail address (beyond the spec): a new address (PATCH /api/profile `email`) waits as pendingEmail
// while a link goes to it through the mail outbox (the local mailbox here); POST /api/confirm-email `{ token }` makes
// it the account's address, once, within 24 hours, and tells the old address. An address another account holds is
// refused only then, so asking never tells whether an address is taken. Tokens are stored as SHA-256 only.
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeHexLowerCase } from '@oslojs/encoding';
import { describe, expect, it } from 'vitest';
import { CLOSE_SESSION_ENDED } from '../../common/chat-protocol.ts';
import { PRIVACY_TEXTS } from '../../common/privacy.ts';
import { PROFILE_TEXTS } from '../../common/profile.ts';
import { ChatClient } from './chat-client.ts';
import {
  call,
  confirmationTokenFor,
  database,
  freshIp,
  get,
  GOOD_PASSWORD,
  json,
  messageOf,
  pipelinesServed,
  saveEmail,
  sessionCookieFrom,
  type CurrentUser,
  type Output,
} from './helpers.ts';
import { createMember, withSession, type TestMember } from './members.ts';

const address = (label: string) => `${label}-${crypto.randomUUID().slice(0, 8)}@example.com`;

/** PATCH /api/profile from a client address of its own (a password asked again counts like a sign-in's). */
function patch(who: TestMember, body: unknown) {
  return call('/api/profile', { method: 'PATCH', body, cookie: who.cookie, ip: freshIp() });
}

function trpcUpdate(who: TestMember, input: unknown) {
  return call('/trpc/profiles.update', { body: input, cookie: who.cookie, ip: freshIp() });
}

/** Asks for a new address (or none, with ''), with the current password as Edit Profile sends it. */
function changeEmail(who: TestMember, email: string) {
  return patch(who, { email, currentPassword: GOOD_PASSWORD });
}

function confirm(token: unknown, who?: TestMember) {
  return call('/api/confirm-email', { body: { token }, cookie: who?.cookie ?? null, ip: freshIp() });
}

async function me(who: TestMember) {
  return json<CurrentUser>(await get('/api/user', who));
}

async function mailsTo(to: string) {
  return json<Output<'devMail.list'>>(await call(`/api/dev/mail?to=${encodeURIComponent(to)}`));
}

/** The token of the newest undo link in a notice to the old address. */
async function undoTokenFor(to: string): Promise<string | null> {
  const notice = (await mailsTo(to)).find((mail) => mail.kind === 'email_changed');
  return notice?.text.match(/https:\/\/spa\.test\/undo-email-change\?token=([A-Za-z0-9_-]+)/)?.[1] ?? null;
}

function undo(token: unknown, who?: TestMember) {
  return call('/api/undo-email-change', { body: { token }, cookie: who?.cookie ?? null, ip: freshIp() });
}

async function signIn(member: TestMember, password = GOOD_PASSWORD): Promise<TestMember> {
  const response = await call('/api/login', { body: { name: member.name, password }, ip: freshIp() });
  expect(response.status).toBe(200);
  return withSession(member, sessionCookieFrom(response)!);
}

async function storedAccount(id: number) {
  const { rows } = await database().execute({ sql: 'select email, pending_email from users where id = ?', args: [id] });
  return rows[0];
}

describe('a new e-mail address', () => {
  it('waits for its link: the account keeps its address, a link goes to the new one, only its hash is stored', async () => {
    const member = await createMember();
    const old = await saveEmail(member, address('old'));
    const wanted = address('new');

    const response = await changeEmail(member, wanted.toUpperCase());
    expect(response.status).toBe(200);
    expect(await json<Output<'profiles.update'>>(response)).toMatchObject({ email: old, pendingEmail: wanted });
    expect(await me(member)).toMatchObject({ email: old, pendingEmail: wanted });

    const [mail] = await mailsTo(wanted);
    expect(mail).toMatchObject({
      kind: 'email_confirmation',
      subject: 'Confirm your new SpaConnect PH e-mail address',
    });
    const token = await confirmationTokenFor(wanted);
    expect(mail!.text).toContain(`https://spa.test/confirm-email?token=${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const { rows } = await database().execute({
      sql: 'select * from email_change_tokens where user_id = ?',
      args: [member.id],
    });
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(token!);
    expect(stored).toContain(encodeHexLowerCase(sha256(new TextEncoder().encode(token!))));
    // Nobody else sees the pending address.
    const viewer = await createMember();
    expect(JSON.stringify(await json(await get(`/api/users/${member.id}/profile`, viewer)))).not.toContain(wanted);
    expect((await me(viewer)).pendingEmail).toBeNull();
  });

  it('becomes the address when the link is followed (signed out is fine), once; the old address is told', async () => {
    const member = await createMember();
    const old = await saveEmail(member, address('before'));
    const wanted = address('after');
    await changeEmail(member, wanted);
    const token = await confirmationTokenFor(wanted);

    const response = await confirm(token);
    expect(response.status).toBe(200);
    expect(await json<Output<'privacy.confirmEmail'>>(response)).toEqual({
      email: wanted,
      message: PRIVACY_TEXTS.confirmed(wanted),
    });
    expect(await me(member)).toMatchObject({ email: wanted, pendingEmail: null });

    const notices = (await mailsTo(old)).filter((mail) => mail.kind === 'email_changed');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.subject).toBe('Your SpaConnect PH e-mail address was changed');
    // The old address learns that it changed and to roughly what, not the new address itself.
    expect(notices[0]!.text).not.toContain(wanted);
    expect(notices[0]!.text).toContain(`@example.com`);

    const again = await confirm(token);
    expect(again.status).toBe(400);
    expect(await messageOf(again)).toBe(PRIVACY_TEXTS.confirmLinkInvalid);
    // A password reset now goes to the new address.
    expect((await call('/api/forgot-password', { body: { nameOrEmail: wanted }, ip: freshIp() })).status).toBe(200);
    expect((await mailsTo(wanted)).some((mail) => mail.kind === 'password_reset')).toBe(true);
  });

  it('works for 24 hours only, and only the newest link works', async () => {
    const member = await createMember();
    const first = address('first');
    await changeEmail(member, first);
    const older = await confirmationTokenFor(first);
    const second = address('second');
    await changeEmail(member, second);
    const newer = await confirmationTokenFor(second);
    expect((await me(member)).pendingEmail).toBe(second);

    const replaced = await confirm(older);
    expect(replaced.status).toBe(400);
    expect(await messageOf(replaced)).toBe(PRIVACY_TEXTS.confirmLinkInvalid);

    // A day later the newest has expired too.
    await database().execute({
      sql: 'update email_change_tokens set expires_at = ? where user_id = ? and new_email = ?',
      args: [Date.now() - 1, member.id, second],
    });
    await database().execute({
      sql: 'update users set pending_email_expires_at = ? where id = ?',
      args: [Date.now() - 1, member.id],
    });
    const expired = await confirm(newer);
    expect(expired.status).toBe(400);
    expect(await messageOf(expired)).toBe(PRIVACY_TEXTS.confirmLinkExpired);
    expect(await me(member)).toMatchObject({ email: null, pendingEmail: null });
  });

  it('refuses an address another account holds only when the link is followed (409), changing nothing', async () => {
    const holder = await createMember();
    const taken = await saveEmail(holder, address('held'));
    const asker = await createMember();
    const own = await saveEmail(asker, address('own'));

    // Asking says nothing: the same answer as for a free address.
    const asked = await changeEmail(asker, taken);
    expect(asked.status).toBe(200);
    expect(await json<Output<'profiles.update'>>(asked)).toMatchObject({ email: own, pendingEmail: taken });
    const token = (await mailsTo(taken))
      .find((mail) => mail.kind === 'email_confirmation')
      ?.text.match(/token=([A-Za-z0-9_-]+)/)?.[1];

    const refused = await confirm(token);
    expect(refused.status).toBe(409);
    expect(await messageOf(refused)).toBe(PROFILE_TEXTS.emailTaken);
    expect(await me(asker)).toMatchObject({ email: own, pendingEmail: null });
    expect((await me(holder)).email).toBe(taken);
    expect((await mailsTo(own)).some((mail) => mail.kind === 'email_changed')).toBe(false);
    // Once: the link is spent.
    expect((await confirm(token)).status).toBe(400);
  });

  it('is one member’s: another member neither sees it nor can confirm it into their own account', async () => {
    const owner = await createMember();
    const wanted = address('owner');
    await changeEmail(owner, wanted);
    const token = await confirmationTokenFor(wanted);
    const intruder = await createMember();

    // Following the owner's link while signed in as someone else changes the owner's address, never the intruder's.
    const followed = await confirm(token, intruder);
    expect(followed.status).toBe(200);
    expect((await me(owner)).email).toBe(wanted);
    expect(await me(intruder)).toMatchObject({ email: null, pendingEmail: null });
    // Made-up, malformed and missing tokens change nothing.
    for (const guess of ['A'.repeat(43), 'not a token', '', 42, null]) {
      const response = await confirm(guess);
      expect(response.status, String(guess)).toBe(400);
    }
    expect((await me(owner)).email).toBe(wanted);
  });

  it('cancels a pending change when the current address is sent back, and removes an address at once (telling it)', async () => {
    const member = await createMember();
    const current = await saveEmail(member, address('keep'));
    const wanted = address('maybe');
    await changeEmail(member, wanted);
    const token = await confirmationTokenFor(wanted);
    expect(await json<Output<'profiles.update'>>(await patch(member, { email: current }))).toMatchObject({
      email: current,
      pendingEmail: null,
    });
    expect((await confirm(token)).status).toBe(400);

    const removed = await changeEmail(member, '');
    expect(await json<Output<'profiles.update'>>(removed)).toMatchObject({ email: null, pendingEmail: null });
    const notice = (await mailsTo(current)).find((mail) => mail.kind === 'email_changed');
    expect(notice?.subject).toBe('Your SpaConnect PH e-mail address was removed');
  });

  it('sends at most 5 confirmation mails an hour per member (429), and a refused save changes nothing', async () => {
    const member = await createMember();
    const sentAt = Date.now() - 10 * 60_000;
    await database().batch(
      Array.from({ length: 5 }, (_, i) => ({
        sql: 'insert into email_change_tokens (token_hash, user_id, new_email, expires_at, used_at, created_at) values (?, ?, ?, ?, ?, ?)',
        args: [crypto.randomUUID(), member.id, `earlier-${i}@example.com`, sentAt + 86_400_000, sentAt, sentAt],
      })),
      'write',
    );
    const wanted = address('capped');
    const response = await patch(member, {
      email: wanted,
      currentPassword: GOOD_PASSWORD,
      aboutMe: 'Should not be saved.',
    });
    expect(response.status).toBe(429);
    expect(await messageOf(response)).toBe(PRIVACY_TEXTS.confirmationsLimit);
    expect(await me(member)).toMatchObject({ pendingEmail: null, aboutMe: null });
    expect(await mailsTo(wanted)).toEqual([]);
  });

  it('asks for the current password to change or remove the address (400 without, 401 wrong), changing nothing and mailing nobody', async () => {
    const member = await createMember();
    const current = await saveEmail(member, address('mine'));
    // Whoever holds only the session cookie: no password, a wrong one, over REST and tRPC alike.
    const stolen = address('thief');
    const attempts = [
      [await patch(member, { email: stolen }), 400, PRIVACY_TEXTS.passwordRequired],
      [await patch(member, { email: stolen, currentPassword: '' }), 400, PRIVACY_TEXTS.passwordRequired],
      [
        await patch(member, { email: stolen, currentPassword: 'not-the-password-2026' }),
        401,
        PRIVACY_TEXTS.wrongPassword,
      ],
      [await patch(member, { email: '', currentPassword: 'not-the-password-2026' }), 401, PRIVACY_TEXTS.wrongPassword],
      [await patch(member, { email: null, aboutMe: 'Gone.' }), 400, PRIVACY_TEXTS.passwordRequired],
      [
        await trpcUpdate(member, { email: stolen, currentPassword: 'not-the-password-2026' }),
        401,
        PRIVACY_TEXTS.wrongPassword,
      ],
    ] as const;
    for (const [response, status, message] of attempts) {
      expect(response.status).toBe(status);
      const body = (await response.json()) as { message?: string; error?: { message: string } };
      expect(body.message ?? body.error?.message).toBe(message);
    }
    expect(await me(member)).toMatchObject({ email: current, pendingEmail: null, aboutMe: null });
    expect(await mailsTo(stolen)).toEqual([]);
    expect((await mailsTo(current)).filter((mail) => mail.kind === 'email_changed')).toEqual([]);
    // The other fields, and sending the current address back, need no password.
    expect((await patch(member, { email: current, phoneNumber: '0917 123 4567' })).status).toBe(200);
    // With the password, over tRPC too (the same input as the REST path).
    const wanted = address('next');
    expect((await trpcUpdate(member, { email: wanted, currentPassword: GOOD_PASSWORD })).status).toBe(200);
    expect(await me(member)).toMatchObject({ email: current, pendingEmail: wanted });
  });

  it('mails the old address a link that undoes a confirmed change from a signed-out browser and signs out every device', async () => {
    const owner = await createMember();
    const old = await saveEmail(owner, address('owner'));
    // Someone with the owner's session and password moves the address, confirms it and asks for a reset.
    const intruder = await signIn(owner);
    const socket = await ChatClient.connect(intruder);
    const taken = address('intruder');
    expect((await changeEmail(intruder, taken)).status).toBe(200);
    expect((await confirm(await confirmationTokenFor(taken))).status).toBe(200);
    expect((await call('/api/forgot-password', { body: { nameOrEmail: taken }, ip: freshIp() })).status).toBe(200);
    const resetToken = (await mailsTo(taken))
      .find((mail) => mail.kind === 'password_reset')
      ?.text.match(/token=([A-Za-z0-9_-]+)/)?.[1];
    expect(resetToken).toBeDefined();
    // And asks for yet another address, pending.
    expect((await changeEmail(intruder, address('later'))).status).toBe(200);

    const notice = (await mailsTo(old)).find((mail) => mail.kind === 'email_changed');
    expect(notice?.html).toContain('Undo this change');
    const token = await undoTokenFor(old);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const { rows } = await database().execute({
      sql: 'select * from email_undo_tokens where user_id = ?',
      args: [owner.id],
    });
    expect(JSON.stringify(rows)).not.toContain(token!);

    const response = await undo(token);
    expect(response.status).toBe(200);
    expect(await json<Output<'privacy.undoEmailChange'>>(response)).toEqual({
      email: old,
      message: PRIVACY_TEXTS.undone(old),
    });
    expect(await storedAccount(owner.id)).toMatchObject({ email: old, pending_email: null });
    // Every session ended, the chat sockets with them; the reset link mailed to the intruder no longer works.
    expect((await socket.closed).code).toBe(CLOSE_SESSION_ENDED);
    expect((await get('/api/user', intruder)).status).toBe(401);
    expect((await get('/api/user', owner)).status).toBe(401);
    const verified = await json<Output<'passwordReset.verify'>>(
      await call(`/api/verify-reset-token?token=${resetToken}`),
    );
    expect(verified.valid).toBe(false);
    // A reset now goes to the owner's address again.
    expect((await call('/api/forgot-password', { body: { nameOrEmail: old }, ip: freshIp() })).status).toBe(200);
    expect((await mailsTo(old)).some((mail) => mail.kind === 'password_reset')).toBe(true);
    // Once only.
    const again = await undo(token);
    expect(again.status).toBe(400);
    expect(await messageOf(again)).toBe(PRIVACY_TEXTS.undoLinkInvalid);
  });

  it('undoes a removal too, works for 7 days only, and refuses a made-up or malformed link, changing nothing', async () => {
    const member = await createMember();
    const old = await saveEmail(member, address('removed'));
    expect((await changeEmail(member, '')).status).toBe(200);
    expect((await me(member)).email).toBeNull();
    const token = await undoTokenFor(old);
    expect(token).not.toBeNull();

    for (const guess of ['A'.repeat(43), 'not a token', '', 42, null]) {
      expect((await undo(guess)).status, String(guess)).toBe(400);
    }
    await database().execute({
      sql: 'update email_undo_tokens set expires_at = ? where user_id = ?',
      args: [Date.now() - 1, member.id],
    });
    const expired = await undo(token);
    expect(expired.status).toBe(400);
    expect(await messageOf(expired)).toBe(PRIVACY_TEXTS.undoLinkExpired);
    expect((await get('/api/user', member)).status).toBe(200);

    await database().execute({
      sql: 'update email_undo_tokens set expires_at = ? where user_id = ?',
      args: [Date.now() + 60_000, member.id],
    });
    // Followed in the member's own browser: the answer signs it out too.
    const undone = await undo(token, member);
    expect(undone.status).toBe(200);
    expect(undone.headers.getSetCookie().some((cookie) => /Max-Age=0/.test(cookie))).toBe(true);
    expect(await storedAccount(member.id)).toMatchObject({ email: old, pending_email: null });
  });

  it('costs at most two round trips to ask and two to confirm', async () => {
    const member = await createMember();
    const wanted = address('trips');
    let before = await pipelinesServed();
    expect((await changeEmail(member, wanted)).status).toBe(200);
    expect((await pipelinesServed()) - before).toBeLessThanOrEqual(2);
    const token = await confirmationTokenFor(wanted);
    before = await pipelinesServed();
    expect((await confirm(token)).status).toBe(200);
    expect((await pipelinesServed()) - before).toBeLessThanOrEqual(2);
  });
});
