// Password reset through its public surface (REST, the local mailbox, the Cron Trigger): the same answer for
// everyone, the token's life (an hour by a fixed clock, once, newest only, stored as a hash), a reset that ends
// every session and closes chat sockets, the limits, the mailbox's absence in production, and the outbox's
// delivery with retries against the local stand-in for Resend's API.
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeHexLowerCase } from '@oslojs/encoding';
import { exports } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../common/account.ts';
import { RESET_TEXTS, RESET_TOKEN_LIFETIME_MS } from '../../common/password-reset.ts';
import { CLOSE_SESSION_ENDED } from '../../common/chat-protocol.ts';
import { MAIL_MAX_ATTEMPTS, retryDelay } from '../providers/mail.ts';
import { ChatClient } from './chat-client.ts';
import {
  call,
  configuredWorker,
  database,
  freshIp,
  GOOD_PASSWORD,
  json,
  messageOf,
  pipelinesServed,
  PRODUCTION_BINDINGS,
  saveEmail,
  sessionCookieFrom,
  standIns,
  startEarlyInLimiterWindow,
  uniqueName,
  type ErrorBody,
  type Output,
} from './helpers.ts';
import { createMember } from './members.ts';

type Verified = Output<'passwordReset.verify'>;

/** A registered member with an e-mail address, saved through the profile editor and confirmed by its link. */
async function memberWithEmail() {
  const member = await createMember();
  const email = `${crypto.randomUUID().slice(0, 12)}@example.com`;
  await saveEmail(member, email);
  return { ...member, email };
}

function forgot(nameOrEmail: unknown, ip = freshIp()) {
  return call('/api/forgot-password', { body: { nameOrEmail }, ip });
}

/** The reset messages the local mailbox holds for an address (its e-mail confirmation left out), newest first. */
async function mailbox(to: string) {
  const response = await call(`/api/dev/mail?to=${encodeURIComponent(to)}`);
  expect(response.status).toBe(200);
  return (await json<Output<'devMail.list'>>(response)).filter((message) => message.kind === 'password_reset');
}

/** The reset token of the newest message to this address. */
async function tokenMailedTo(to: string): Promise<string> {
  const [message] = await mailbox(to);
  const link = message!.text.match(/https:\/\/spa\.test\/reset-password\?token=([A-Za-z0-9_-]+)/);
  expect(link).not.toBeNull();
  return link![1]!;
}

function verify(token: string) {
  return call(`/api/verify-reset-token?token=${encodeURIComponent(token)}`);
}

function reset(token: string, newPassword: string) {
  return call('/api/reset-password', { body: { token, newPassword }, ip: freshIp() });
}

async function signIn(name: string, password: string) {
  return call('/api/login', { body: { name, password }, ip: freshIp() });
}

describe('requesting a reset link', () => {
  it('answers the same, with the same round trips, whether or not the name is a member or has an e-mail address', async () => {
    const withEmail = await memberWithEmail();
    const withoutEmail = await createMember();
    const answers = [];
    for (const nameOrEmail of [
      uniqueName('Nobody'),
      withoutEmail.name,
      withEmail.name,
      `${crypto.randomUUID()}@example.com`,
    ]) {
      const before = await pipelinesServed();
      const response = await forgot(nameOrEmail);
      const trips = (await pipelinesServed()) - before;
      answers.push({ status: response.status, body: await json<Output<'passwordReset.request'>>(response), trips });
    }
    expect(answers[0]).toEqual({
      status: 200,
      body: { success: true, message: RESET_TEXTS.requestAccepted },
      trips: 2,
    });
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    // Only the member with an address got a message.
    expect(await mailbox(withEmail.email)).toHaveLength(1);
  });

  it('finds the member by e-mail address too, ignoring its case', async () => {
    const member = await memberWithEmail();
    expect((await forgot(member.email.toUpperCase())).status).toBe(200);
    expect(await mailbox(member.email)).toHaveLength(1);
  });

  it('builds the link from APP_URL, never from the Host the request names', async () => {
    const member = await memberWithEmail();
    for (const host of ['evil.example', 'spa.test.evil.example']) {
      const forged = await exports.default.fetch(
        new Request(`https://${host}/api/forgot-password`, {
          method: 'POST',
          headers: {
            Origin: `https://${host}`,
            'Content-Type': 'application/json',
            'CF-Connecting-IP': freshIp(),
            'X-Forwarded-Host': host,
          },
          body: JSON.stringify({ nameOrEmail: member.name }),
        }),
      );
      expect(forged.status).toBe(200);
      const [message] = await mailbox(member.email);
      expect(message!.text).toMatch(/https:\/\/spa\.test\/reset-password\?token=/);
      expect(message!.text + message!.html).not.toContain(host.startsWith('evil') ? 'evil.example' : '.evil.');
    }
  });

  it('refuses to run in production without APP_URL', async () => {
    const production = PRODUCTION_BINDINGS;
    expect((await configuredWorker({ ...production, APP_URL: undefined }).call('/api/health')).status).toBe(500);
    expect((await configuredWorker({ ...production, APP_URL: 'https://spa.example' }).call('/api/health')).status).toBe(
      200,
    );
  });

  it('sends plain text and HTML with the absolute link, and keeps only the hash of the 256-bit token', async () => {
    const member = await memberWithEmail();
    await forgot(member.name);
    const [message] = await mailbox(member.email);
    expect(message!.subject).toBe('Reset your SpaConnect PH password');
    expect(message!.kind).toBe('password_reset');
    const token = await tokenMailedTo(member.email);
    expect(token).toHaveLength(43); // 32 bytes in base64url
    expect(message!.text).toContain(`https://spa.test/reset-password?token=${token}`);
    expect(message!.html).toContain(`href="https://spa.test/reset-password?token=${token}"`);
    expect(message!.text).toContain(`Hello ${member.name},`);

    const rows = (await database().execute('select * from password_reset_tokens')).rows;
    const serialized = JSON.stringify(rows);
    expect(serialized).not.toContain(token);
    const hash = encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
    expect(rows.some((row) => row.token_hash === hash)).toBe(true);
  });

  it('refuses an empty name with the spec message, and sends nothing', async () => {
    for (const nameOrEmail of ['', '   ', undefined]) {
      const response = await forgot(nameOrEmail);
      expect(response.status).toBe(400);
      expect(await messageOf(response)).toBe(RESET_TEXTS.nameOrEmailRequired);
    }
  });

  it('limits requests per address and per name asked about (429 with Retry-After), and per account an hour', async () => {
    await startEarlyInLimiterWindow();
    const ip = freshIp();
    const byAddress = [];
    for (let i = 0; i < 6; i++) byAddress.push((await forgot(uniqueName('Spray'), ip)).status);
    expect(byAddress).toEqual([200, 200, 200, 200, 200, 429]);

    const member = await memberWithEmail();
    const byName = [];
    for (let i = 0; i < 4; i++) byName.push(await forgot(member.name));
    expect(byName.map((response) => response.status)).toEqual([200, 200, 200, 429]);
    expect(byName[3]!.headers.get('Retry-After')).toBe('60');

    // Asked about by e-mail address instead, the account still gets at most 5 links an hour; the answer stays the same.
    for (let i = 0; i < 3; i++) expect((await forgot(member.email)).status).toBe(200);
    expect(await mailbox(member.email)).toHaveLength(5);
  });
});

describe('the reset token', () => {
  afterEach(() => vi.useRealTimers());

  it('is valid for an hour by the clock, then expired, and an expired link cannot reset', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const member = await memberWithEmail();
    await forgot(member.name);
    const token = await tokenMailedTo(member.email);
    expect(await json<Verified>(await verify(token))).toEqual({ valid: true, expired: false });

    vi.setSystemTime(start + RESET_TOKEN_LIFETIME_MS - 1000);
    expect(await json<Verified>(await verify(token))).toEqual({ valid: true, expired: false });

    vi.setSystemTime(start + RESET_TOKEN_LIFETIME_MS + 1000);
    expect(await json<Verified>(await verify(token))).toEqual({ valid: false, expired: true });
    const late = await reset(token, 'a-new-password-2026');
    expect(late.status).toBe(400);
    expect(await messageOf(late)).toBe(RESET_TEXTS.linkExpired);
    vi.useRealTimers();
    expect((await signIn(member.name, GOOD_PASSWORD)).status).toBe(200);
  });

  it('works once, and a newer link cancels the older ones', async () => {
    const member = await memberWithEmail();
    await forgot(member.name);
    const older = await tokenMailedTo(member.email);
    await forgot(member.name);
    const newer = await tokenMailedTo(member.email);
    expect(newer).not.toBe(older);
    expect(await json<Verified>(await verify(older))).toEqual({ valid: false, expired: false });
    const withOlder = await reset(older, 'older-link-password-2026');
    expect(withOlder.status).toBe(400);
    expect(await messageOf(withOlder)).toBe(RESET_TEXTS.linkInvalid);

    expect((await reset(newer, 'newer-link-password-2026')).status).toBe(200);
    expect(await json<Verified>(await verify(newer))).toEqual({ valid: false, expired: false });
    const again = await reset(newer, 'third-try-password-2026');
    expect(again.status).toBe(400);
    expect(await messageOf(again)).toBe(RESET_TEXTS.linkInvalid);
    expect((await signIn(member.name, 'newer-link-password-2026')).status).toBe(200);
    expect((await signIn(member.name, 'third-try-password-2026')).status).toBe(401);
  });

  it('two resets with one token at once: exactly one succeeds', async () => {
    const member = await memberWithEmail();
    await forgot(member.name);
    const token = await tokenMailedTo(member.email);
    const statuses = (
      await Promise.all([reset(token, 'racing-password-one-2026'), reset(token, 'racing-password-two-2026')])
    ).map((response) => response.status);
    expect(statuses.sort()).toEqual([200, 400]);
  });

  it('answers unknown and malformed tokens as neither valid nor expired, and requires one', async () => {
    expect(await json<Verified>(await verify('A'.repeat(43)))).toEqual({ valid: false, expired: false });
    expect(await json<Verified>(await verify('not a token'))).toEqual({ valid: false, expired: false });
    const missing = await call('/api/verify-reset-token');
    expect(missing.status).toBe(400);
    expect(await messageOf(missing)).toBe(RESET_TEXTS.tokenRequired);
    const noToken = await call('/api/reset-password', {
      body: { newPassword: 'whatever-password-2026' },
      ip: freshIp(),
    });
    expect(noToken.status).toBe(400);
    expect(await messageOf(noToken)).toBe(RESET_TEXTS.tokenRequired);
  });
});

describe('choosing a new password', () => {
  it('applies the registration rules, then ends every session and closes the chat sockets', async () => {
    const member = await memberWithEmail();
    const secondSession = sessionCookieFrom(await signIn(member.name, GOOD_PASSWORD));
    expect(secondSession).not.toBeNull();
    const socket = await ChatClient.connect(member);

    await forgot(member.name);
    const token = await tokenMailedTo(member.email);

    const short = await reset(token, 'short');
    expect(short.status).toBe(400);
    expect(await messageOf(short)).toBe(MESSAGES.passwordTooShort);
    expect(MESSAGES.passwordTooShort).toBe('Password must be at least 8 characters long');
    const common = await reset(token, 'password123');
    expect(common.status).toBe(400);
    expect(await messageOf(common)).toBe(MESSAGES.passwordCommon);
    // A refused password leaves the link usable.
    expect(await json<Verified>(await verify(token))).toEqual({ valid: true, expired: false });

    const done = await reset(token, 'fresh-start-password-2026');
    expect(done.status).toBe(200);
    expect(await json<Output<'passwordReset.reset'>>(done)).toEqual({ success: true, message: RESET_TEXTS.resetDone });

    expect((await socket.closed).code).toBe(CLOSE_SESSION_ENDED);
    expect((await call('/api/user', { cookie: member.cookie })).status).toBe(401);
    expect((await call('/api/user', { cookie: secondSession })).status).toBe(401);
    expect((await signIn(member.name, GOOD_PASSWORD)).status).toBe(401);
    expect((await signIn(member.name, 'fresh-start-password-2026')).status).toBe(200);
  });

  it('is never batched with other calls over tRPC', async () => {
    const batched = await call('/trpc/passwordReset.reset?batch=1', {
      body: { 0: { token: 'A'.repeat(43), newPassword: 'batched-password-2026' } },
      ip: freshIp(),
    });
    expect(batched.status).toBe(400);
  });
});

describe('the local mailbox', () => {
  const production = PRODUCTION_BINDINGS;

  it('exists in development without a provider', async () => {
    expect((await call('/api/dev/mail')).status).toBe(200);
    expect((await call('/dev/mail')).status).toBe(200);
  });

  it('is not found in production, nor when a mail provider is configured', async () => {
    for (const overrides of [
      production,
      { RESEND_API_KEY: 're_test_key', RESEND_API_BASE: standIns.url, MAIL_FROM: 'SpaConnect PH <no-reply@spa.test>' },
      {
        ...production,
        RESEND_API_KEY: 're_test_key',
        RESEND_API_BASE: standIns.url,
        MAIL_FROM: 'SpaConnect PH <no-reply@spa.test>',
      },
    ]) {
      const worker = configuredWorker(overrides);
      const api = await worker.call('/api/dev/mail');
      expect(api.status).toBe(404);
      expect(await json<ErrorBody>(api)).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
      expect((await worker.call('/dev/mail')).status).toBe(404);
    }
  });

  it('in production without a provider, a reset request still answers the same and records the failure, never the link', async () => {
    const worker = configuredWorker(production);
    const member = await memberWithEmail();
    const response = await worker.call('/api/forgot-password', { body: { nameOrEmail: member.name }, ip: freshIp() });
    expect(await json<Output<'passwordReset.request'>>(response)).toEqual({
      success: true,
      message: RESET_TEXTS.requestAccepted,
    });
    const [row] = (
      await database().execute({
        sql: "select * from mail_outbox where to_address = ? and kind = 'password_reset'",
        args: [member.email],
      })
    ).rows;
    expect(row).toMatchObject({ body_text: '', body_html: null, sent_at: null });
    expect(row!.failed_at).not.toBeNull();
    expect(String(row!.last_error)).toMatch(/No mail provider/);
  });
});

describe('the outbox with a mail provider', () => {
  const resend = {
    RESEND_API_KEY: 're_test_key',
    RESEND_API_BASE: standIns.url,
    MAIL_FROM: 'SpaConnect PH <no-reply@spa.test>',
  };
  beforeEach(() => standIns.reset());

  async function outboxRow(email: string) {
    const [row] = (
      await database().execute({
        sql: "select * from mail_outbox where to_address = ? and kind = 'password_reset'",
        args: [email],
      })
    ).rows;
    return row!;
  }

  it('delivers right after the request through Resend, then blanks the stored bodies', async () => {
    const worker = configuredWorker(resend);
    const member = await memberWithEmail();
    await worker.call('/api/forgot-password', { body: { nameOrEmail: member.name }, ip: freshIp() });
    // Resend's send-email body.
    const [sent] = await standIns.requests<{
      from: string;
      to: string[];
      subject: string;
      text: string;
      html: string;
    }>();
    expect(sent).toMatchObject({ method: 'POST', path: '/emails' });
    expect(sent!.headers.authorization).toBe('Bearer re_test_key');
    expect(sent!.body).toMatchObject({
      from: 'SpaConnect PH <no-reply@spa.test>',
      to: [member.email],
      subject: 'Reset your SpaConnect PH password',
    });
    expect(sent!.body.text).toMatch(/https:\/\/spa\.test\/reset-password\?token=[A-Za-z0-9_-]{43}/);
    expect(sent!.body.html).toContain('<a href="https://spa.test/reset-password?token=');

    const row = await outboxRow(member.email);
    expect(row).toMatchObject({ provider: 'resend', attempts: 1, body_text: '', body_html: null, last_error: null });
    expect(row.sent_at).not.toBeNull();
    expect(String(row.provider_message_id)).toMatch(/^re_standin_/);
  });

  it('retries a failed delivery from the cron after its pause, with the same idempotency key', async () => {
    const worker = configuredWorker(resend);
    const member = await memberWithEmail();
    await standIns.control({ resendFailures: 1, resendStatus: 503 });
    await worker.call('/api/forgot-password', { body: { nameOrEmail: member.name }, ip: freshIp() });
    let row = await outboxRow(member.email);
    expect(row).toMatchObject({ attempts: 1, sent_at: null, failed_at: null });
    expect(String(row.last_error)).toContain('HTTP 503');
    const firstTry = Number(row.next_attempt_at) - retryDelay(1);

    await worker.runCron(firstTry + retryDelay(1) - 5000); // not due yet
    expect((await outboxRow(member.email)).attempts).toBe(1);
    await worker.runCron(firstTry + retryDelay(1) + 1000);
    row = await outboxRow(member.email);
    expect(row).toMatchObject({ attempts: 2, last_error: null, body_text: '' });
    expect(row.sent_at).not.toBeNull();
    const keys = (await standIns.requests()).map((request) => request.headers['idempotency-key']);
    expect(keys).toEqual([`mail-outbox-${row.id}`, `mail-outbox-${row.id}`]);
  });

  it(`gives up after ${MAIL_MAX_ATTEMPTS} attempts with doubling pauses and records the failure`, async () => {
    const worker = configuredWorker(resend);
    const member = await memberWithEmail();
    await standIns.control({ resendFailures: 100, resendStatus: 500 });
    await worker.call('/api/forgot-password', { body: { nameOrEmail: member.name }, ip: freshIp() });
    let row = await outboxRow(member.email);
    const pauses: number[] = [];
    while (row.failed_at === null) {
      const due = Number(row.next_attempt_at);
      await worker.runCron(due + 1);
      const next = await outboxRow(member.email);
      expect(Number(next.attempts)).toBe(Number(row.attempts) + 1);
      if (next.failed_at === null) pauses.push(Number(next.next_attempt_at) - (due + 1));
      row = next;
    }
    expect(Number(row.attempts)).toBe(MAIL_MAX_ATTEMPTS);
    expect(pauses).toEqual([2, 3, 4, 5].map((attempt) => retryDelay(attempt)));
    expect(row).toMatchObject({ sent_at: null, body_text: '', body_html: null });
    expect(String(row.last_error)).toContain('HTTP 500');
    expect(await standIns.requests()).toHaveLength(MAIL_MAX_ATTEMPTS);
  });

  it('does not retry a message the provider refuses outright', async () => {
    const worker = configuredWorker(resend);
    const member = await memberWithEmail();
    await standIns.control({ resendFailures: 1, resendStatus: 422 });
    await worker.call('/api/forgot-password', { body: { nameOrEmail: member.name }, ip: freshIp() });
    const row = await outboxRow(member.email);
    expect(row.failed_at).not.toBeNull();
    expect(row).toMatchObject({ attempts: 1, body_text: '' });
  });

  it('delivers through the Cloudflare send_email binding when that is the provider', async () => {
    const sent: unknown[] = [];
    const binding = { send: async (message: unknown) => (sent.push(message), { messageId: 'cf-message-1' }) };
    const worker = configuredWorker({ EMAIL: binding, MAIL_FROM: 'no-reply@spa.test' });
    const member = await memberWithEmail();
    await worker.call('/api/forgot-password', { body: { nameOrEmail: member.name }, ip: freshIp() });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      from: 'no-reply@spa.test',
      to: member.email,
      subject: 'Reset your SpaConnect PH password',
    });
    expect((sent[0] as { html: string }).html).toContain('reset-password?token=');
    expect(await outboxRow(member.email)).toMatchObject({
      provider: 'cloudflare',
      provider_message_id: 'cf-message-1',
    });
  });
});
