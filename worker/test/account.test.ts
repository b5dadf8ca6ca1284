// Accounts and sessions through the public REST and tRPC surface: every rule of registration, sign-in, sessions and
// cross-site protection is tried here, including the attempts to break it.
import { describe, expect, it } from 'vitest';
import { sha256 } from '@oslojs/crypto/sha2';
import type { Payload } from 'altcha-lib';
import { MESSAGES } from '../../common/account.ts';
import { DAY_MS } from '../../common/time.ts';
import {
  call,
  database,
  freshIp,
  GOOD_PASSWORD,
  json,
  messageOf,
  pipelinesServed,
  register,
  seenBodies,
  sessionCookieFrom,
  solveCaptcha,
  startEarlyInLimiterWindow,
  untilLimited,
  trpcQuery,
  uniqueName,
  type CurrentUser,
  type ErrorBody,
  type Output,
  type TrpcErrorBody,
} from './helpers.ts';
import { ban, createMember } from './members.ts';

type Registered = Output<'account.register'>;

describe('registration', () => {
  it.each(['client', 'therapist', 'spa_management'])('registers a %s and signs them in', async (role) => {
    const { response, name, cookie } = await register({ role });
    expect(response.status).toBe(200);
    const user = await json<Registered>(response);
    expect(user).toMatchObject({ name, role, isPremium: false, aboutMe: null, email: null });
    expect(user.slug).toMatch(/^member-[a-z0-9-]+$/);
    expect(Number.isInteger(user.memberNumber)).toBe(true);
    expect(cookie).not.toBeNull();

    const me = await call('/api/user', { cookie });
    expect(me.status).toBe(200);
    expect(await json<CurrentUser>(me)).toEqual(user);
  });

  it('assigns sequential member numbers and unique slugs', async () => {
    const first = await json<Registered>((await register({ name: uniqueName('Same Slug') })).response);
    const base = `Rosa ${crypto.randomUUID().slice(0, 6)}`;
    const a = await json<Registered>((await register({ name: base })).response);
    const b = await json<Registered>((await register({ name: `${base}!` })).response);
    expect(a.memberNumber).toBeGreaterThan(first.memberNumber);
    expect(b.memberNumber).toBe(a.memberNumber + 1);
    expect(a.slug).not.toBe(b.slug);
    expect(b.slug).toBe(`${a.slug}-${b.memberNumber}`);
  });

  it('refuses the admin role and unknown roles, creating nothing', async () => {
    for (const role of ['admin', 'superuser']) {
      const { response, name } = await register({ role });
      expect(response.status).toBe(400);
      expect(await messageOf(response)).toBe(MESSAGES.roleInvalid);
      const rows = await database().execute({ sql: 'select count(*) as n from users where name = ?', args: [name] });
      expect(Number(rows.rows[0]!.n)).toBe(0);
    }
  });

  it('refuses a name already taken, ignoring case', async () => {
    const { name } = await register();
    const { response } = await register({ name: name.toUpperCase() });
    expect(response.status).toBe(409);
    expect(await json<ErrorBody>(response)).toMatchObject({ message: MESSAGES.nameTaken, code: 'CONFLICT' });
  });

  it("checks in the spec's order: name, then age, then captcha", async () => {
    const attempt = (body: Record<string, unknown>) => call('/api/register', { body, ip: freshIp() });
    let response = await attempt({ name: '   ', password: GOOD_PASSWORD, role: 'client' });
    expect(response.status).toBe(400);
    expect(await messageOf(response)).toBe(MESSAGES.nameRequired);

    response = await attempt({ name: uniqueName(), password: GOOD_PASSWORD, role: 'client', ageConfirmation: false });
    expect(await messageOf(response)).toBe(MESSAGES.ageRequired);

    response = await attempt({ name: uniqueName(), password: GOOD_PASSWORD, role: 'client', ageConfirmation: true });
    const body = await json<ErrorBody>(response);
    expect(body.message).toBe(MESSAGES.captchaRequired);
    expect(body.fields?.recaptchaToken).toContain(MESSAGES.captchaRequired);
  });

  it('accepts a captcha solution once only, and never a forged one', async () => {
    const token = await solveCaptcha();
    const body = (name: string) => ({
      name,
      password: GOOD_PASSWORD,
      ageConfirmation: true,
      recaptchaToken: token,
      role: 'client',
    });
    expect((await call('/api/register', { body: body(uniqueName()), ip: freshIp() })).status).toBe(200);

    const replayName = uniqueName();
    const replay = await call('/api/register', { body: body(replayName), ip: freshIp() });
    expect(replay.status).toBe(400);
    expect(await messageOf(replay)).toBe(MESSAGES.captchaInvalid);

    const tamperings: ((payload: Payload) => void)[] = [
      (payload) =>
        (payload.solution.derivedKey = payload.solution.derivedKey.replace(/^./, (c) => (c === '0' ? '1' : '0'))),
      (payload) => (payload.challenge.parameters.expiresAt! += 3600),
      (payload) => (payload.challenge.parameters.keyPrefix = '00'),
    ];
    for (const tamper of tamperings) {
      const payload = JSON.parse(atob(await solveCaptcha())) as Payload;
      tamper(payload);
      const forged = await call('/api/register', {
        body: { ...body(uniqueName()), recaptchaToken: btoa(JSON.stringify(payload)) },
        ip: freshIp(),
      });
      expect(forged.status).toBe(400);
      expect(await messageOf(forged)).toBe(MESSAGES.captchaInvalid);
    }

    const garbage = await call('/api/register', {
      body: { ...body(uniqueName()), recaptchaToken: 'not-a-payload' },
      ip: freshIp(),
    });
    expect(garbage.status).toBe(400);
  });

  it('refuses short and common passwords', async () => {
    const short = await register({ password: 'short7!' });
    expect(short.response.status).toBe(400);
    expect(await messageOf(short.response)).toBe(MESSAGES.passwordTooShort);

    const common = await register({ password: 'password123' });
    expect(common.response.status).toBe(400);
    expect(await messageOf(common.response)).toBe(MESSAGES.passwordCommon);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const response = await call('/api/register', {
      rawBody: '{not json',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect((await json<ErrorBody>(response)).code).toBe('BAD_REQUEST');
  });
});

describe('sign-in and sessions', () => {
  it('gives one message for an unknown name and a wrong password', async () => {
    const { name } = await createMember();
    const wrong = await call('/api/login', { body: { name, password: 'not-the-password' }, ip: freshIp() });
    const unknown = await call('/api/login', {
      body: { name: uniqueName('Nobody'), password: GOOD_PASSWORD },
      ip: freshIp(),
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await messageOf(wrong)).toBe(MESSAGES.badCredentials);
    expect(await messageOf(unknown)).toBe(MESSAGES.badCredentials);
    expect(sessionCookieFrom(wrong)).toBeNull();
  });

  it('signs in ignoring the case of the name, with a new session every time', async () => {
    const { name, cookie: registered } = await createMember();
    const first = await call('/api/login', {
      body: { name: name.toLowerCase(), password: GOOD_PASSWORD },
      ip: freshIp(),
    });
    expect(first.status).toBe(200);
    const firstCookie = sessionCookieFrom(first);
    expect(firstCookie).not.toBe(registered);

    // Signing in again while carrying a session replaces that session.
    const second = await call('/api/login', {
      body: { name, password: GOOD_PASSWORD },
      cookie: firstCookie,
      ip: freshIp(),
    });
    const secondCookie = sessionCookieFrom(second);
    expect(secondCookie).not.toBe(firstCookie);
    expect((await call('/api/user', { cookie: firstCookie })).status).toBe(401);
    expect((await call('/api/user', { cookie: secondCookie })).status).toBe(200);
    expect((await call('/api/user', { cookie: registered })).status).toBe(200);
  });

  it('signs in with the confirmed e-mail address as with the name, and with nothing else', async () => {
    const [member, waiting, banned, other] = await Promise.all([
      createMember(),
      createMember(),
      createMember({ banned: true }),
      createMember(),
    ]);
    const address = `${member.slug}@example.test`;
    const setEmail = (id: number, column: 'email' | 'pending_email', value: string) =>
      database().execute({
        sql: `update users set ${column} = ?, pending_email_expires_at = ? where id = ?`,
        args: [value, Date.now() + DAY_MS, id],
      });
    await setEmail(member.id, 'email', address);
    await setEmail(waiting.id, 'pending_email', `${waiting.slug}@example.test`);
    await setEmail(banned.id, 'email', `${banned.slug}@example.test`);
    const login = (name: string, password = GOOD_PASSWORD) =>
      call('/api/login', { body: { name, password }, ip: freshIp() });

    // The address, in any case and with stray spaces, is the member, with a session of their own.
    const byEmail = await login(` ${address.toUpperCase()} `);
    expect(byEmail.status).toBe(200);
    expect((await json<CurrentUser>(byEmail)).id).toBe(member.id);
    expect((await json<CurrentUser>(await call('/api/user', { cookie: sessionCookieFrom(byEmail) }))).id).toBe(
      member.id,
    );

    // A wrong password, an unknown address and a new address still waiting for its link answer as an unknown name.
    for (const refused of [
      await login(address, 'not-the-password'),
      await login('nobody@example.test'),
      await login(`${waiting.slug}@example.test`),
    ]) {
      expect(refused.status).toBe(401);
      expect(await messageOf(refused)).toBe(MESSAGES.badCredentials);
      expect(sessionCookieFrom(refused)).toBeNull();
    }
    // A banned account is refused by its address as by its name.
    const bannedLogin = await login(`${banned.slug}@example.test`);
    expect(bannedLogin.status).toBe(403);
    expect(await messageOf(bannedLogin)).toBe(MESSAGES.banned);

    // An address two accounts hold (from before addresses were one per account) signs in neither.
    await setEmail(other.id, 'email', address);
    const shared = await login(address);
    expect(shared.status).toBe(401);
    expect(await messageOf(shared)).toBe(MESSAGES.badCredentials);
    // The name still works; a name that is another account's address is that name's account.
    expect((await login(member.name)).status).toBe(200);
    const lookalike = await createMember({ name: `${other.slug}@example.test` });
    await setEmail(other.id, 'email', `${other.slug}@example.test`);
    expect((await json<CurrentUser>(await login(`${other.slug}@example.test`))).id).toBe(lookalike.id);
  });

  it('counts sign-ins by name and by address against the same account, and does the same work for both failures', async () => {
    const member = await createMember();
    const address = `${member.slug}@example.test`;
    await database().execute({ sql: 'update users set email = ? where id = ?', args: [address, member.id] });
    await startEarlyInLimiterWindow();
    // Each attempt from an address of its own: only the account's limit can refuse them.
    const responses = await untilLimited(10, (attempt) =>
      call('/api/login', {
        body: { name: attempt % 2 === 0 ? address : member.name, password: `wrong-${attempt}` },
        ip: freshIp(),
      }),
    );
    // Ten attempts in all, whichever way the account was named; the eleventh is refused.
    expect(responses).toHaveLength(11);
    expect(responses.slice(0, -1).every((response) => response.status === 401)).toBe(true);
    expect(
      (await call('/api/login', { body: { name: member.name, password: GOOD_PASSWORD }, ip: freshIp() })).status,
    ).toBe(429);
    expect((await call('/api/login', { body: { name: address, password: GOOD_PASSWORD }, ip: freshIp() })).status).toBe(
      429,
    );
    // An unknown address and a wrong password cost the same round trips.
    const measure = async (name: string) => {
      const before = await pipelinesServed();
      expect((await call('/api/login', { body: { name, password: 'not-the-password' }, ip: freshIp() })).status).toBe(
        401,
      );
      return (await pipelinesServed()) - before;
    };
    const other = await createMember();
    await database().execute({
      sql: 'update users set email = ? where id = ?',
      args: [`${other.slug}@example.test`, other.id],
    });
    expect(await measure(`${other.slug}@example.test`)).toBe(await measure('nobody-at-all@example.test'));
  });

  it('refuses a banned account with 403 and ends its sessions', async () => {
    const member = await createMember();
    const { name, cookie } = member;
    await ban(member);
    const login = await call('/api/login', { body: { name, password: GOOD_PASSWORD }, ip: freshIp() });
    expect(login.status).toBe(403);
    expect(await messageOf(login)).toBe(MESSAGES.banned);
    expect(sessionCookieFrom(login)).toBeNull();
    expect((await call('/api/user', { cookie })).status).toBe(401);
  });

  it('ends the session on logout (POST and the browser GET)', async () => {
    const { cookie } = await createMember();
    const logout = await call('/api/logout', { method: 'POST', cookie });
    expect(logout.status).toBe(200);
    expect(logout.headers.getSetCookie().join()).toMatch(/Max-Age=0/);
    expect((await call('/api/user', { cookie })).status).toBe(401);

    const { cookie: other } = await createMember();
    const browser = await call('/api/logout', { cookie: other, headers: { 'Sec-Fetch-Site': 'same-origin' } });
    expect(browser.status).toBe(302);
    expect(browser.headers.get('Location')).toBe('/');
    expect(browser.headers.getSetCookie().join()).toMatch(/Max-Age=0/);
    expect((await call('/api/user', { cookie: other })).status).toBe(401);
  });

  it('stores only a hash of the session secret, never the cookie value', async () => {
    const { cookie } = await createMember();
    const token = cookie.split('=')[1]!;
    const [id, secret] = token.split('.');
    expect(id!.length).toBeGreaterThanOrEqual(24);
    expect(secret!.length).toBeGreaterThanOrEqual(24);
    const { rows } = await database().execute({ sql: 'select * from sessions where id = ?', args: [id!] });
    expect(rows).toHaveLength(1);
    const stored = new Uint8Array(rows[0]!.secret_hash as ArrayBuffer);
    expect(stored).toEqual(sha256(new TextEncoder().encode(secret!)));
    expect(JSON.stringify(rows[0])).not.toContain(secret);

    // The right id with a wrong secret is not a session.
    expect((await call('/api/user', { cookie: `__Host-session=${id}.${'a'.repeat(secret!.length)}` })).status).toBe(
      401,
    );
  });

  it('sets the session cookie HttpOnly, Secure, SameSite=Lax, Path=/ with the __Host- prefix over HTTPS', async () => {
    const { response } = await register();
    const cookie = response.headers.getSetCookie().find((value) => value.startsWith('__Host-session='));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/Domain=/);
    expect(Number(/Max-Age=(\d+)/.exec(cookie!)![1])).toBeGreaterThan(29 * 24 * 3600);
  });

  it('accepts the session token as a bearer token for scripts', async () => {
    const { cookie } = await createMember();
    const token = cookie.split('=')[1]!;
    const response = await call('/api/user', { headers: { Authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
  });

  it('limits repeated failed sign-ins with 429 and Retry-After', async () => {
    const { name } = await createMember();
    const ip = freshIp();
    const responses = await untilLimited(10, (attempt) =>
      call('/api/login', { body: { name, password: `wrong-${attempt}` }, ip }),
    );
    expect(responses.slice(0, -1).every((response) => response.status === 401)).toBe(true);
    const limited = responses.at(-1)!;
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(await messageOf(limited)).toBe(MESSAGES.tooManyRequests);
    // Even the right password is refused while limited.
    expect((await call('/api/login', { body: { name, password: GOOD_PASSWORD }, ip })).status).toBe(429);
  });
});

describe('cross-site protection and headers', () => {
  it('refuses state-changing requests from a foreign Origin and changes nothing', async () => {
    const name = uniqueName('Foreign');
    const body = {
      name,
      password: GOOD_PASSWORD,
      ageConfirmation: true,
      recaptchaToken: await solveCaptcha(),
      role: 'client',
    };
    const foreign = await call('/api/register', { body, origin: 'https://evil.example', ip: freshIp() });
    expect(foreign.status).toBe(403);
    const missing = await call('/api/register', { body, origin: null, ip: freshIp() });
    expect(missing.status).toBe(403);
    const { rows } = await database().execute({ sql: 'select count(*) as n from users where name = ?', args: [name] });
    expect(Number(rows[0]!.n)).toBe(0);

    const { cookie } = await createMember();
    const trpcLogout = await call('/trpc/account.logout', { body: {}, cookie, origin: 'https://evil.example' });
    expect(trpcLogout.status).toBe(403);
    expect((await call('/api/user', { cookie })).status).toBe(200);
  });

  it('sends the security headers on API and page responses', async () => {
    for (const path of ['/api/health', '/']) {
      const response = await call(path);
      const csp = response.headers.get('Content-Security-Policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(response.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('Permissions-Policy')).toContain('geolocation=(self)');
    }
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await call('/api/no-such-thing');
    expect(response.status).toBe(404);
    expect(await json<ErrorBody>(response)).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
  });
});

describe('health and round trips', () => {
  it('checks the database in GET /api/health', async () => {
    const response = await call('/api/health');
    expect(response.status).toBe(200);
    expect(await json<Output<'system.health'>>(response)).toMatchObject({ status: 'ok', database: 'ok' });
  });

  it('reads with one database round trip and writes with at most two', async () => {
    const { name, cookie } = await createMember();
    const measure = async (action: () => Promise<Response>) => {
      const before = await pipelinesServed();
      const response = await action();
      expect(response.status).toBeLessThan(400);
      return (await pipelinesServed()) - before;
    };
    expect(await measure(() => call('/api/user', { cookie }))).toBe(1);
    expect(await measure(() => call('/api/health'))).toBe(1);
    expect(await measure(() => call('/api/login', { body: { name, password: GOOD_PASSWORD }, ip: freshIp() }))).toBe(2);
    expect(await measure(() => call('/api/logout', { method: 'POST', cookie }))).toBe(1);
    const captcha = await solveCaptcha();
    expect(
      await measure(() =>
        call('/api/register', {
          body: {
            name: uniqueName(),
            password: GOOD_PASSWORD,
            ageConfirmation: true,
            recaptchaToken: captcha,
            role: 'client',
          },
          ip: freshIp(),
        }),
      ),
    ).toBe(2);
  });
});

describe('tRPC', () => {
  it('answers account.me over /trpc with the same user as /api/user', async () => {
    const member = await createMember();
    const viaRest = await json<CurrentUser>(await call('/api/user', { cookie: member.cookie }));
    expect(await trpcQuery('account.me', member)).toEqual(viaRest);
    expect(await trpcQuery('account.me', null)).toBeNull();
  });

  it('formats errors with the first validation message and no stack', async () => {
    const response = await call('/trpc/account.register', { body: { name: '' }, ip: freshIp() });
    const body = await json<TrpcErrorBody>(response);
    expect(response.status).toBe(400);
    expect(body.error.message).toBe(MESSAGES.nameRequired);
    expect(JSON.stringify(body)).not.toContain('stack');
  });
});

describe('secrets', () => {
  it('never sends a password hash in any response', async () => {
    // Runs last in this file: every response the tests above received was recorded.
    expect(seenBodies.length).toBeGreaterThan(50);
    for (const body of seenBodies) {
      expect(body).not.toContain('scrypt$');
      expect(body).not.toMatch(/password_?hash/i);
      expect(body).not.toMatch(/secret_?hash/i);
    }
  });
});
