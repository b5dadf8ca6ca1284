// A member banned while signed in is told so. The ban ends every session at once; the first
// request each session makes afterwards is refused with 401 "This account has been banned." (not "Not signed in."),
// clears the cookie and deletes the session, so later requests are simply signed out. account.me, which answers
// null for nobody, answers that 401 too: it is what the web app asks when its chat socket closes with 4001. Only the
// session's own holder learns it (a wrong secret is "Not signed in."), and lifting the ban revives no old session.
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../common/account.ts';
import { CLOSE_SESSION_ENDED } from '../../common/chat-protocol.ts';
import { ChatClient } from './chat-client.ts';
import { call, freshIp, GOOD_PASSWORD, messageOf, sessionCookieFrom, trpcGet, type TrpcErrorBody } from './helpers.ts';
import { createMember, withSession, type TestMember } from './members.ts';

async function anotherSession(member: TestMember): Promise<TestMember> {
  const response = await call('/api/login', { body: { name: member.name, password: GOOD_PASSWORD }, ip: freshIp() });
  expect(response.status).toBe(200);
  return withSession(member, sessionCookieFrom(response)!);
}

const clearsCookie = (response: Response) =>
  response.headers.getSetCookie().some((cookie) => /session=;.*Max-Age=0/.test(cookie));

describe('a ban while signed in', () => {
  it('tells each session once, through REST, tRPC and account.me, then signs it out', async () => {
    const admin = await createMember('admin');
    const member = await createMember();
    const [viaTrpc, viaMe, viaUser, untouched] = [
      member,
      await anotherSession(member),
      await anotherSession(member),
      await anotherSession(member),
    ];
    const socket = await ChatClient.connect(member);

    expect((await call(`/api/admin/ban-user/${member.id}`, { method: 'POST', cookie: admin.cookie })).status).toBe(200);
    expect((await socket.closed).code).toBe(CLOSE_SESSION_ENDED);

    // A signed-in read through REST: 401 with the reason, and the cookie goes.
    const profile = await call(`/api/users/${admin.id}/profile`, { cookie: viaTrpc.cookie });
    expect(profile.status).toBe(401);
    expect(await messageOf(profile)).toBe(MESSAGES.banned);
    expect(clearsCookie(profile)).toBe(true);
    // The same session again: it is gone, nothing more to tell.
    const again = await call(`/api/users/${admin.id}/profile`, { cookie: viaTrpc.cookie });
    expect(again.status).toBe(401);
    expect(await messageOf(again)).toBe(MESSAGES.notSignedIn);

    // account.me (what the web app asks after its socket closed with 4001): 401 with the reason, then null.
    const me = await trpcGet('account.me', viaMe);
    expect(me.status).toBe(401);
    expect(((await me.json()) as TrpcErrorBody).error.message).toBe(MESSAGES.banned);
    expect(clearsCookie(me)).toBe(true);
    const meAgain = await trpcGet('account.me', viaMe);
    expect(meAgain.status).toBe(200);
    expect(((await meAgain.json()) as { result: { data: unknown } }).result.data).toBeNull();

    // GET /api/user keeps the spec's 401 for no user, with the reason.
    const user = await call('/api/user', { cookie: viaUser.cookie });
    expect(user.status).toBe(401);
    expect(await messageOf(user)).toBe(MESSAGES.banned);

    // Only the token's holder is told: the session's id with another secret is just not signed in.
    const [id] = untouched.token.split('.');
    const forged = await call('/api/user', { cookie: `__Host-session=${id}.${'x'.repeat(32)}` });
    expect(forged.status).toBe(401);
    expect(await messageOf(forged)).toBe(MESSAGES.notSignedIn);

    // Signing in is refused as before.
    const signIn = await call('/api/login', { body: { name: member.name, password: GOOD_PASSWORD }, ip: freshIp() });
    expect(signIn.status).toBe(403);
    expect(await messageOf(signIn)).toBe(MESSAGES.banned);

    // Lifting the ban revives no old session: the one never used since is gone too.
    expect((await call(`/api/admin/unban-user/${member.id}`, { method: 'POST', cookie: admin.cookie })).status).toBe(
      200,
    );
    const revived = await call('/api/user', { cookie: untouched.cookie });
    expect(revived.status).toBe(401);
    expect(await messageOf(revived)).toBe(MESSAGES.notSignedIn);
    expect(
      (await call('/api/login', { body: { name: member.name, password: GOOD_PASSWORD }, ip: freshIp() })).status,
    ).toBe(200);
  });

  it('a wrong password on the sign-in form stays a wrong password, whatever session the browser still carries', async () => {
    const admin = await createMember('admin');
    const member = await createMember();
    const other = await createMember();
    expect((await call(`/api/admin/ban-user/${member.id}`, { method: 'POST', cookie: admin.cookie })).status).toBe(200);
    const wrong = await call('/api/login', {
      body: { name: other.name, password: 'not the password' },
      cookie: member.cookie,
      ip: freshIp(),
    });
    expect(wrong.status).toBe(401);
    expect(await messageOf(wrong)).toBe(MESSAGES.badCredentials);
  });

  it("a page loaded after the ban leaves the telling to the app's first call, on every screen sent with its data", async () => {
    const admin = await createMember('admin');
    const spa = await createMember({ role: 'spa_management' });
    for (const path of ['/', `/profile/${spa.slug}`, '/leaderboards', '/search']) {
      const member = await createMember();
      expect((await call(`/api/admin/ban-user/${member.id}`, { method: 'POST', cookie: admin.cookie })).status).toBe(
        200,
      );
      // A reload: the page cannot carry the reason, so it leaves the member out and the session and its cookie as
      // they were (not the home's redirect for a cookie that names nobody).
      const reloaded = await call(path, { cookie: member.cookie, headers: { Accept: 'text/html' } });
      expect(reloaded.status, path).toBe(200);
      expect(await reloaded.text()).not.toContain('"path":"account.me"');
      expect(reloaded.headers.getSetCookie(), path).toEqual([]);
      // The app then asks who is signed in and is told.
      const me = await trpcGet('account.me', member);
      expect(me.status).toBe(401);
      expect(((await me.json()) as TrpcErrorBody).error.message).toBe(MESSAGES.banned);
      expect(clearsCookie(me)).toBe(true);
    }
  });
});
