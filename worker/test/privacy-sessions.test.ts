// Signed-in devices (beyond the spec): a member sees where they are signed in (GET /api/sessions: id, created, last
// seen, a coarse device and place, `current` on the one asking; never a secret) and ends sessions: one of their own
// (DELETE /api/sessions/{id}, which closes its chat sockets; anyone else's is 404 and stays signed in) or all but the
// current one (POST /api/sessions/end-others). The list costs one database round trip.
import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { SessionInfo } from '../../common/privacy.ts';
import { ChatClient } from './chat-client.ts';
import {
  BASE,
  call,
  freshIp,
  get,
  GOOD_PASSWORD,
  json,
  messageOf,
  pipelinesServed,
  sessionCookieFrom,
  trpcQuery,
  type Output,
} from './helpers.ts';
import { createMember, withSession, type TestMember } from './members.ts';

const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const LAPTOP = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0';

/** Signs the member in again from another device: a public address and Cloudflare's idea of where it is. */
async function signInFrom(
  member: TestMember,
  userAgent: string,
  cf?: { city?: string; country?: string },
): Promise<TestMember> {
  const request = new Request(`${BASE}/api/login`, {
    method: 'POST',
    headers: {
      Origin: BASE,
      'Content-Type': 'application/json',
      'User-Agent': userAgent,
      'CF-Connecting-IP': `198.51.100.${(Math.random() * 200) | 0}`,
    },
    body: JSON.stringify({ name: member.name, password: GOOD_PASSWORD }),
    ...(cf ? { cf } : {}),
  } as RequestInit);
  const response = await exports.default.fetch(request);
  expect(response.status).toBe(200);
  return withSession(member, sessionCookieFrom(response)!);
}

const sessionsOf = async (member: TestMember) => {
  const response = await get('/api/sessions', member);
  expect(response.status).toBe(200);
  return json<SessionInfo[]>(response);
};

describe('GET /api/sessions', () => {
  it('lists the member’s devices with a coarse device and place, the one asking marked current, no secret', async () => {
    const phone = await createMember();
    const laptop = await signInFrom(phone, LAPTOP, { city: 'Makati City', country: 'PH' });

    const listed = await sessionsOf(phone);
    expect(listed).toHaveLength(2);
    const [first, second] = listed;
    expect(Object.keys(first!).sort()).toEqual(['createdAt', 'current', 'device', 'id', 'lastSeenAt', 'place']);
    expect(first!.current).toBe(true);
    expect(first!.id).toBe(phone.token.split('.')[0]);
    expect(second).toMatchObject({ id: laptop.token.split('.')[0], current: false, device: 'Firefox on macOS' });
    expect(typeof second!.createdAt).toBe('number');
    expect(typeof second!.lastSeenAt).toBe('number');
    // The place from Cloudflare's request.cf (the test hands one in, as Cloudflare would); never an address.
    expect(second!.place).toBe('Makati City, Philippines');
    const body = JSON.stringify(listed);
    for (const token of [phone.token, laptop.token]) expect(body).not.toContain(token.split('.')[1]);

    // From the laptop, the laptop is the current one.
    const fromLaptop = await sessionsOf(laptop);
    expect(fromLaptop.find((session) => session.current)?.id).toBe(laptop.token.split('.')[0]);
  });

  it('names the browser of a sign-in and says nothing it does not know', async () => {
    const member = await createMember();
    await signInFrom(member, PHONE);
    await signInFrom(member, 'something-else/1.0');
    const listed = await sessionsOf(member);
    expect(listed.map((session) => session.device)).toEqual(expect.arrayContaining(['Chrome on Android', null]));
    expect(listed.every((session) => session.place === null || typeof session.place === 'string')).toBe(true);
  });

  it('is 401 signed out and costs one database round trip', async () => {
    expect((await get('/api/sessions', null)).status).toBe(401);
    const member = await createMember();
    await sessionsOf(member);
    const before = await pipelinesServed();
    await trpcQuery('privacy.sessions', member);
    expect((await pipelinesServed()) - before).toBe(1);
  });
});

describe('DELETE /api/sessions/{id}', () => {
  it('ends one of the member’s sessions and closes its chat sockets; the others stay', async () => {
    const phone = await createMember();
    const laptop = await signInFrom(phone, LAPTOP);
    const socket = await ChatClient.connect(laptop);

    const response = await call(`/api/sessions/${laptop.token.split('.')[0]}`, {
      method: 'DELETE',
      cookie: phone.cookie,
    });
    expect(response.status).toBe(200);
    expect(await json<Output<'privacy.endSession'>>(response)).toMatchObject({
      ended: 1,
      current: false,
      message: 'That device has been signed out.',
    });
    expect((await socket.closed).code).toBe(4001);
    expect((await get('/api/user', laptop)).status).toBe(401);
    expect((await get('/api/user', phone)).status).toBe(200);
    expect((await sessionsOf(phone)).map((session) => session.id)).toEqual([phone.token.split('.')[0]]);

    // Ended once: the second time it is not there.
    const again = await call(`/api/sessions/${laptop.token.split('.')[0]}`, { method: 'DELETE', cookie: phone.cookie });
    expect(again.status).toBe(404);
    expect(await messageOf(again)).toBe('That session was not found.');
  });

  it('is 404 for another member’s session, which stays signed in', async () => {
    const owner = await createMember();
    const other = await createMember();
    const socket = await ChatClient.connect(owner);
    const response = await call(`/api/sessions/${owner.token.split('.')[0]}`, {
      method: 'DELETE',
      cookie: other.cookie,
    });
    expect(response.status).toBe(404);
    expect(await messageOf(response)).toBe('That session was not found.');
    expect((await get('/api/user', owner)).status).toBe(200);
    // Their socket is still open: the hub still answers it.
    await socket.barrier();
    socket.close();
    // Nor can they see it listed.
    expect((await sessionsOf(other)).some((session) => session.id === owner.token.split('.')[0])).toBe(false);
  });

  it('signs this device out when it names the current session; 401 signed out; needs the app’s Origin', async () => {
    const member = await createMember();
    const id = member.token.split('.')[0]!;
    expect((await call(`/api/sessions/${id}`, { method: 'DELETE', cookie: null })).status).toBe(401);
    expect(
      (await call(`/api/sessions/${id}`, { method: 'DELETE', cookie: member.cookie, origin: 'https://evil.example' }))
        .status,
    ).toBe(403);
    const response = await call(`/api/sessions/${id}`, { method: 'DELETE', cookie: member.cookie });
    expect(response.status).toBe(200);
    expect((await json<Output<'privacy.endSession'>>(response)).current).toBe(true);
    expect(response.headers.getSetCookie().some((cookie) => /Max-Age=0/.test(cookie))).toBe(true);
    expect((await get('/api/user', member)).status).toBe(401);
  });
});

describe('POST /api/sessions/end-others', () => {
  it('ends every other session of the member and closes their sockets; the current one and other members stay', async () => {
    const phone = await createMember();
    const laptop = await signInFrom(phone, LAPTOP);
    const tablet = await signInFrom(phone, PHONE);
    const bystander = await createMember();
    const sockets = await Promise.all([ChatClient.connect(laptop), ChatClient.connect(tablet)]);

    const response = await call('/api/sessions/end-others', { method: 'POST', cookie: phone.cookie, ip: freshIp() });
    expect(response.status).toBe(200);
    expect(await json<Output<'privacy.endOtherSessions'>>(response)).toEqual({
      ended: 2,
      message: 'Signed out of 2 other devices.',
    });
    for (const socket of sockets) expect((await socket.closed).code).toBe(4001);
    expect((await get('/api/user', laptop)).status).toBe(401);
    expect((await get('/api/user', tablet)).status).toBe(401);
    expect((await get('/api/user', phone)).status).toBe(200);
    expect((await get('/api/user', bystander)).status).toBe(200);
    expect((await sessionsOf(phone)).map((session) => session.current)).toEqual([true]);

    // Alone already: nothing to end.
    const again = await call('/api/sessions/end-others', { method: 'POST', cookie: phone.cookie });
    expect(await json<Output<'privacy.endOtherSessions'>>(again)).toEqual({
      ended: 0,
      message: 'You were signed in on this device only.',
    });
    expect((await call('/api/sessions/end-others', { method: 'POST', cookie: null })).status).toBe(401);
  });
});
