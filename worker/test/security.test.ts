// Security, the HTTP side: each hole an attack on the live surface found, tried again through the public API. (The
// chat hub's share is in durable-objects/chat-hub.test.ts.)
import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../common/account.ts';
import { REQUEST_BODY_MAX_BYTES, TRPC_MAX_BATCH_SIZE } from '../../common/limits.ts';
import app from '../index.ts';
import {
  BASE,
  call,
  database,
  freshIp,
  GOOD_PASSWORD,
  json,
  messageOf,
  PRODUCTION_BINDINGS,
  sessionCookieFrom,
  solveCaptcha,
  untilLimited,
  uniqueName,
  type ErrorBody,
  type Output,
} from './helpers.ts';
import { createMember } from './members.ts';

async function signedIn(cookie: string | null): Promise<boolean> {
  return (await call('/api/user', { cookie })).status === 200;
}

describe('request bodies', () => {
  it('refuses a body over 64 KB with 413 before a procedure reads it, on /api and /trpc', async () => {
    const huge = JSON.stringify({ name: 'x'.repeat(REQUEST_BODY_MAX_BYTES), password: 'y' });
    for (const path of ['/api/login', '/trpc/account.login']) {
      const response = await call(path, {
        rawBody: huge,
        headers: { 'Content-Type': 'application/json' },
        ip: freshIp(),
      });
      expect(response.status, path).toBe(413);
      expect((await json<ErrorBody>(response)).code).toBe('PAYLOAD_TOO_LARGE');
    }
    // A streamed body without a Content-Length is counted as it arrives.
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 100; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(1024)));
        controller.close();
      },
    });
    const streamed = await exports.default.fetch(
      new Request(`${BASE}/api/login`, {
        method: 'POST',
        headers: { Origin: BASE, 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
        body: stream,
        duplex: 'half',
      } as RequestInit),
    );
    expect(streamed.status).toBe(413);
  });

  it('answers 415 to a JSON route sent another content type, and changes nothing', async () => {
    const name = uniqueName('Typed');
    const body = JSON.stringify({
      name,
      password: GOOD_PASSWORD,
      ageConfirmation: true,
      recaptchaToken: await solveCaptcha(),
      role: 'client',
    });
    for (const [path, type] of [
      ['/api/register', 'text/plain'],
      ['/api/register', 'application/x-www-form-urlencoded'],
      ['/trpc/account.register', 'text/plain;charset=UTF-8'],
      ['/api/register', ''],
    ] as const) {
      const response = await call(path, {
        rawBody: body,
        headers: type ? { 'Content-Type': type } : {},
        ip: freshIp(),
      });
      expect(response.status, `${path} ${type}`).toBe(415);
    }
    const rows = await database().execute({ sql: 'SELECT 1 FROM users WHERE name = ?', args: [name] });
    expect(rows.rows).toHaveLength(0);
    // The same body as JSON is taken.
    expect(
      (
        await call('/api/register', {
          rawBody: body,
          headers: { 'Content-Type': 'application/json; charset=utf-8' },
          ip: freshIp(),
        })
      ).status,
    ).toBe(200);
  });
});

describe('tRPC batches', () => {
  it(`caps a batch at ${TRPC_MAX_BATCH_SIZE} calls`, async () => {
    const within = await call(`/trpc/${Array(TRPC_MAX_BATCH_SIZE).fill('account.captchaConfig').join(',')}?batch=1`);
    expect(within.status).toBe(200);
    const over = await call(
      `/trpc/${Array(TRPC_MAX_BATCH_SIZE + 1)
        .fill('account.captchaConfig')
        .join(',')}?batch=1`,
    );
    expect(over.status).toBe(400);
  });

  it('never batches a procedure that hashes a password', async () => {
    const { name, cookie } = await createMember();
    const input = Object.fromEntries(Array.from({ length: 3 }, (_, i) => [i, { name, password: GOOD_PASSWORD }]));
    const batched = await call('/trpc/account.login,account.login,account.login?batch=1', {
      body: input,
      ip: freshIp(),
    });
    expect(batched.status).toBe(400);
    expect(sessionCookieFrom(batched)).toBeNull();
    // Even a batch of one.
    const single = await call('/trpc/account.login?batch=1', {
      body: { 0: { name, password: GOOD_PASSWORD } },
      ip: freshIp(),
    });
    expect(single.status).toBe(400);
    // Unbatched, it works.
    const alone = await call('/trpc/account.login', { body: { name, password: GOOD_PASSWORD }, ip: freshIp() });
    expect(alone.status).toBe(200);
    expect(await signedIn(cookie)).toBe(true);
  });
});

describe('sign-in limits', () => {
  it('limits one address across many names (password spraying), keying IPv6 by its /64', async () => {
    const prefix = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:${Math.floor(Math.random() * 0xffff).toString(16)}`;
    // A different address inside the same /64 and a different name every time.
    const responses = await untilLimited(20, (i) =>
      call('/api/login', {
        body: { name: uniqueName('Sprayed'), password: 'Summer2026!' },
        ip: `${prefix}::${(i + 1).toString(16)}`,
      }),
    );
    expect(responses.slice(0, -1).every((response) => response.status === 401)).toBe(true);
    // Another /64 is not affected.
    const elsewhere = await call('/api/login', {
      body: { name: uniqueName('Sprayed'), password: 'x' },
      ip: '2001:db8:ffff:1::1',
    });
    expect(elsewhere.status).toBe(401);
  });

  it('limits one account across many addresses', async () => {
    const { name } = await createMember();
    const responses = await untilLimited(10, (i) =>
      call('/api/login', { body: { name, password: `guess-${i}` }, ip: freshIp() }),
    );
    expect(responses.slice(0, -1).every((response) => response.status === 401)).toBe(true);
    const limited = await call('/api/login', {
      body: { name: name.toUpperCase(), password: GOOD_PASSWORD },
      ip: freshIp(),
    });
    expect(limited.status).toBe(429);
    expect(await messageOf(limited)).toBe(MESSAGES.tooManyRequests);
  });
});

describe('sessions', () => {
  it("signing in with another member's session id and a wrong secret does not sign that member out", async () => {
    const victim = await createMember();
    const victimId = victim.token.split('.')[0]!;
    const attacker = await createMember();
    const forged = `${victim.cookie.split('=')[0]}=${victimId}.${'a'.repeat(39)}`;
    const login = await call('/api/login', {
      body: { name: attacker.name, password: GOOD_PASSWORD },
      cookie: forged,
      ip: freshIp(),
    });
    expect(login.status).toBe(200);
    expect(await signedIn(victim.cookie)).toBe(true);
    // With the real token, the previous session ends as it should.
    const again = await call('/api/login', {
      body: { name: victim.name, password: GOOD_PASSWORD },
      cookie: victim.cookie,
      ip: freshIp(),
    });
    expect(again.status).toBe(200);
    expect(await signedIn(victim.cookie)).toBe(false);
  });

  it('ends a session through GET /api/logout only for a same-origin or typed navigation', async () => {
    const { cookie } = await createMember();
    for (const site of ['cross-site', 'same-site']) {
      const response = await call('/api/logout', { cookie, headers: { 'Sec-Fetch-Site': site } });
      expect(response.status).toBe(302);
      expect(response.headers.get('Location')).toBe('/');
      expect(response.headers.getSetCookie()).toEqual([]);
      expect(await signedIn(cookie), site).toBe(true);
    }
    const typed = await call('/api/logout', { cookie, headers: { 'Sec-Fetch-Site': 'none' } });
    expect(typed.headers.getSetCookie().join()).toMatch(/Max-Age=0/);
    expect(await signedIn(cookie)).toBe(false);
  });
});

describe('response headers', () => {
  it('marks private answers no-store, and sends HSTS, COOP and CORP', async () => {
    const { cookie } = await createMember();
    for (const path of ['/api/user', '/trpc/account.me', '/api/does-not-exist']) {
      const response = await call(path, { cookie });
      expect(response.headers.get('Cache-Control'), path).toBe('private, no-store');
    }
    for (const path of ['/api/health', '/']) {
      const response = path === '/' ? await exports.default.fetch(new Request(`${BASE}/`)) : await call(path);
      expect(response.headers.get('Strict-Transport-Security'), path).toMatch(/max-age=\d{8,}/);
      expect(response.headers.get('Cross-Origin-Opener-Policy'), path).toBe('same-origin');
      expect(response.headers.get('Cross-Origin-Resource-Policy'), path).toBe('same-origin');
    }
    // Plain HTTP (development) gets no HSTS.
    const plain = await exports.default.fetch(new Request('http://127.0.0.1/api/health'));
    expect(plain.headers.get('Strict-Transport-Security')).toBeNull();
  });
});

describe('look-alike names', () => {
  async function registerAs(name: string) {
    return call('/api/register', {
      body: {
        name,
        password: GOOD_PASSWORD,
        ageConfirmation: true,
        recaptchaToken: await solveCaptcha(),
        role: 'client',
      },
      ip: freshIp(),
    });
  }

  it('refuses control and format characters with a clear message', async () => {
    for (const name of [
      'Tala\u200b Admin',
      'Tala\nAdmin',
      'Tala\u0000 Admin',
      '\u202eTala Admin',
      'Tala\u2066Admin\u2069',
      'Tala\u2800Admin',
      'Tala Admin\u3164',
    ]) {
      const response = await registerAs(name);
      expect(response.status, JSON.stringify(name)).toBe(400);
      expect(await messageOf(response)).toBe(MESSAGES.nameCharacters);
    }
  });

  it('refuses names that look like an existing one (Cyrillic, full-width, I for l), and stores names NFKC', async () => {
    const suffix = crypto.randomUUID().slice(0, 6);
    const real = await registerAs(`Tala Boss ${suffix}`);
    expect(real.status).toBe(200);
    for (const lookAlike of [
      `Tаla Boss ${suffix}`,
      `Ｔala Boss ${suffix}`,
      `TaIa Boss ${suffix}`,
      `tala  boss ${suffix}`,
    ]) {
      const response = await registerAs(lookAlike);
      expect(response.status, lookAlike).toBe(409);
      expect(await messageOf(response)).toBe(MESSAGES.nameTaken);
    }
    const fullWidth = await registerAs(`Ｍaria Ｌuz ${suffix}`);
    expect((await json<Output<'account.register'>>(fullWidth)).name).toBe(`Maria Luz ${suffix}`);
  });
});

describe('production by default', () => {
  const productionEnv = (overrides: Record<string, unknown>) => ({ ...env, ...overrides });
  const health = (bindings: Record<string, unknown>) =>
    app.fetch(
      new Request(`${BASE}/api/health`),
      bindings as never,
      { waitUntil() {}, passThroughOnException() {}, props: {} } as never,
    );

  it('refuses the development defaults unless ENVIRONMENT says development', async () => {
    const unset = await health(productionEnv({ ENVIRONMENT: undefined }));
    expect(unset.status).toBe(500);
    expect(await unset.text()).not.toMatch(/ALTCHA|TURSO/);
    expect((await health(productionEnv({ ENVIRONMENT: 'production' }))).status).toBe(500);
    expect((await health(productionEnv({ ENVIRONMENT: 'development' }))).status).toBe(200);
  });

  it('refuses sign-in in production when its rate limiter binding is missing', async () => {
    const production = PRODUCTION_BINDINGS;
    const login = (bindings: Record<string, unknown>) =>
      app.fetch(
        new Request(`${BASE}/api/login`, {
          method: 'POST',
          headers: { Origin: BASE, 'Content-Type': 'application/json', 'CF-Connecting-IP': freshIp() },
          body: JSON.stringify({ name: uniqueName('Anyone'), password: 'whatever-it-is' }),
        }),
        bindings as never,
        { waitUntil() {}, passThroughOnException() {}, props: {} } as never,
      );
    expect((await login(productionEnv(production))).status).toBe(401);
    expect((await login(productionEnv({ ...production, LOGIN_ADDRESS_LIMITER: undefined }))).status).toBe(503);
  });
});
