// A screen's first answers sent with the page (ADR 023, worker/page-data.ts): the answers are the procedures' own
// (the member's own account only to the member), the data block cannot be broken out of whatever a member wrote, a
// page that carries data is never stored by a cache, and the landing page for visitors stays the prerendered one (the
// returning variant for a browser that has signed in before).
import { describe, expect, it } from 'vitest';
import { env } from 'cloudflare:workers';
import { RETURNING_VISITOR_COOKIE } from '../../common/account.ts';
import type { SpaListingEntry } from '../../common/map.ts';
import { FIRST_FRAME, PAGE_DATA_ELEMENT_ID, type PageAnswer } from '../../common/page-data.ts';
import { escapeHtml } from '../../common/html.ts';
import { PROFILE_LOADING_FILE, SCREEN_CHROME_FILE } from '../../common/screen-chrome.ts';
import { mapHomeFirstFrame } from '../../common/spa-markers.ts';
import { ban, createMember } from './members.ts';
import { as, call, database, get, json, trpcGet, trpcQuery, type Output } from './helpers.ts';

const DATA_BLOCK = new RegExp(`<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">([\\s\\S]*?)</script>`);

async function page(path: string, cookie: string | null) {
  const response = await call(path, { cookie, headers: { Accept: 'text/html' } });
  const html = await response.text();
  const block = DATA_BLOCK.exec(html);
  return { response, html, answers: block ? (JSON.parse(block[1]!) as PageAnswer[]) : null };
}

const clearsSessionCookie = (response: Response) =>
  response.headers.getSetCookie().some((cookie) => /^__Host-session=;.*Max-Age=0/.test(cookie));

const answerOf = (answers: PageAnswer[] | null, path: string, input?: unknown) =>
  answers?.find((answer) => answer.path === path && JSON.stringify(answer.input) === JSON.stringify(input))?.data;

describe('a screen sent with its first answers', () => {
  it("sends a profile with the member's own account, the profile and its stats, as the procedures answer them", async () => {
    const [viewer, spa] = await Promise.all([createMember(), createMember({ role: 'spa_management' })]);
    const { response, html, answers } = await page(`/profile/${spa.slug}`, viewer.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    expect(response.headers.get('Vary')).toMatch(/Cookie/);
    const me = answerOf(answers, 'account.me') as Output<'account.me'>;
    expect(me).toMatchObject({ id: viewer.id, name: viewer.name });
    const profile = await json<Output<'profiles.profile'>>(await get(`/api/profile/by-slug/${spa.slug}`, viewer));
    expect(answerOf(answers, 'profiles.profile', { slug: spa.slug })).toEqual(profile);
    expect(answerOf(answers, 'profiles.stats', { slug: spa.slug })).toMatchObject({ starStats: { received: 0 } });
    // The screen's code is preloaded beside the app's (when the build listed it).
    const chunks = await env.ASSETS.fetch('https://spa.test/route-chunks.json');
    if (chunks.ok) {
      const files = ((await chunks.json()) as Record<string, string[]>)['routes/profile.tsx']!;
      for (const file of files) expect(html).toContain(`<link rel="modulepreload" crossorigin href="${file}">`);
    }
  });

  it("sends a profile's About sections with it, asked with the profile's id once the profile is read", async () => {
    const [viewer, spa, client] = await Promise.all([
      createMember(),
      createMember({ role: 'spa_management' }),
      createMember(),
    ]);
    expect((await as(spa, '/api/medals', { body: { recipientId: client.id, reason: 'Loyal regular' } })).status).toBe(
      200,
    );
    expect((await as(viewer, '/api/favorites', { body: { targetUserId: spa.id } })).status).toBe(200);
    const { answers } = await page(`/profile/${spa.slug}`, viewer.cookie);
    expect(answerOf(answers, 'lineup.of', { userId: spa.id })).toEqual(
      await trpcQuery('lineup.of', viewer, { userId: spa.id }),
    );
    const saved = answerOf(answers, 'favorites.saved', { targetUserId: spa.id }) as Output<'favorites.saved'>;
    expect(saved).toEqual(await trpcQuery('favorites.saved', viewer, { targetUserId: spa.id }));
    expect(saved.some((list) => list.saved)).toBe(true);
    // The medals a spa awarded are read as pages: the answer is the first page, marked so the app stores it as one.
    const medals = answers?.find((answer) => answer.path === 'profiles.medalsAwarded');
    expect(medals).toMatchObject({ input: { target: { userId: spa.id } }, infinite: true });
    expect(medals?.data).toEqual(
      await trpcQuery('profiles.medalsAwarded', viewer, { target: { userId: spa.id }, cursor: null }),
    );
    expect((medals?.data as Output<'profiles.medalsAwarded'>).items).toHaveLength(1);

    // One's own spa has no Save button; a client's profile has none of these sections; nobody signed in gets none.
    const own = await page(`/profile/${spa.slug}`, spa.cookie);
    expect(own.answers?.map((answer) => answer.path).sort()).toEqual([
      'account.me',
      'lineup.of',
      'profiles.medalsAwarded',
      'profiles.profile',
      'profiles.stats',
    ]);
    const ofClient = await page(`/profile/${client.slug}`, viewer.cookie);
    expect(ofClient.answers?.map((answer) => answer.path).sort()).toEqual([
      'account.me',
      'profiles.profile',
      'profiles.stats',
    ]);
    const visitor = await page(`/profile/${spa.slug}`, null);
    expect(
      visitor.answers?.some((answer) =>
        ['lineup.of', 'favorites.saved', 'profiles.medalsAwarded'].includes(answer.path),
      ),
    ).toBe(false);
  });

  it("leaves a client's phone and handles out of the page another client opens, as the profile read does", async () => {
    const [client, otherClient, spa] = await Promise.all([
      createMember(),
      createMember(),
      createMember({ role: 'spa_management' }),
    ]);
    await database().execute({
      sql: "update users set phone_number = '+639185556666', viber_handle = 'viber.me' where id = ?",
      args: [client.id],
    });
    const seenByClient = await page(`/profile/${client.slug}`, otherClient.cookie);
    expect(answerOf(seenByClient.answers, 'profiles.profile', { slug: client.slug })).toMatchObject({
      phoneNumber: null,
      viberHandle: null,
    });
    expect(seenByClient.html).not.toMatch(/639185556666|viber\.me/);
    const seenBySpa = await page(`/profile/${client.slug}`, spa.cookie);
    expect(answerOf(seenBySpa.answers, 'profiles.profile', { slug: client.slug })).toMatchObject({
      phoneNumber: '+639185556666',
      viberHandle: 'viber.me',
    });
  });

  it('keeps whatever a member wrote inside the data block', async () => {
    const [writer, viewer] = await Promise.all([createMember({ role: 'therapist' }), createMember()]);
    // `$&` and its kin mean something to String.prototype.replace; they must arrive as written.
    const aboutMe = "Hilot </script><script>alert(1)</script> <!-- & \u2028 $` $' $& $$ done";
    const saved = await call('/api/profile', { method: 'PATCH', cookie: writer.cookie, body: { aboutMe } });
    expect(saved.status).toBe(200);
    const { html, answers } = await page(`/profile/${writer.slug}`, viewer.cookie);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<!-- &');
    expect((answerOf(answers, 'profiles.profile', { slug: writer.slug }) as Output<'profiles.profile'>).aboutMe).toBe(
      aboutMe,
    );
  });

  it("keeps a spa's address inside the home's data block, where the cached listing goes in as it is stored", async () => {
    const [spa, viewer] = await Promise.all([createMember('spa_management'), createMember()]);
    const address = 'Unit 5 </script><script>alert(1)</script> <!-- & \u2028 $& Makati City';
    const placed = await call('/api/profile/address', {
      method: 'PATCH',
      cookie: spa.cookie,
      body: { address, latitude: 14.55, longitude: 121.02 },
    });
    expect(placed.status).toBe(200);
    // The listing is filled into the edge cache, stored script-safe: the same JSON value, no `<` in its text.
    const filled = await call('/api/users?role=spa_management');
    expect(((await filled.json()) as SpaListingEntry[]).find((entry) => entry.id === spa.id)?.address).toBe(address);
    const stored = await call('/api/users?role=spa_management');
    const text = await stored.text();
    expect(text).toContain('\\u003c/script\\u003e');
    expect(text).not.toMatch(/[<>\u2028]/);
    const { html, answers } = await page('/', viewer.cookie);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<!-- &');
    const listing = answerOf(answers, 'map.users', { role: 'spa_management' }) as SpaListingEntry[];
    expect(listing).toEqual(JSON.parse(text));
    expect(listing.find((entry) => entry.id === spa.id)?.address).toBe(address);
  });

  it('sends the map home with the listing and the map configuration, and the leaderboards to a visitor too', async () => {
    const member = await createMember();
    const home = await page('/', member.cookie);
    const config = await json<{ result: { data: Output<'map.config'> } }>(await call('/trpc/map.config'));
    expect(answerOf(home.answers, 'map.config')).toEqual(config.result.data);
    const listing = answerOf(home.answers, 'map.users', { role: 'spa_management' }) as SpaListingEntry[];
    expect(listing).toEqual(await json(await call('/api/users?role=spa_management')));
    // The root holds the map's first frame: the preview of that listing's markers, drawn before any script.
    expect(home.html).toContain(`<div id="root" data-prerendered="${FIRST_FRAME}">`);
    expect(home.html).toContain(`${mapHomeFirstFrame(listing)}</div>`);
    // The frame is kept beside the listing in the edge cache, and a write that changes the listing purges both.
    const spa = await createMember('spa_management');
    const placed = await call('/api/profile/address', {
      method: 'PATCH',
      cookie: spa.cookie,
      body: { address: 'Frame Street, Makati City', latitude: 14.5547, longitude: 121.0244 },
    });
    expect(placed.status).toBe(200);
    const after = await page('/', member.cookie);
    const newListing = answerOf(after.answers, 'map.users', { role: 'spa_management' }) as SpaListingEntry[];
    expect(newListing.map((entry) => entry.id)).toContain(spa.id);
    expect(after.html).toContain(`${mapHomeFirstFrame(newListing)}</div>`);
    expect(mapHomeFirstFrame(newListing)).not.toBe(mapHomeFirstFrame(listing));
    const boards = await page('/leaderboards', null);
    expect(answerOf(boards.answers, 'account.me')).toBeNull();
    expect(answerOf(boards.answers, 'leaderboards.board', { board: 'therapists', timeframe: 'monthly' })).toMatchObject(
      { board: 'therapists', timeframe: 'monthly' },
    );
  });

  it("draws a profile's loading state into the page, header, skeletons and the member's own bottom bar, for the app to replace", async () => {
    // The build writes the profile's loading state for each role (common/screen-chrome.ts).
    const built = await env.ASSETS.fetch(`https://spa.test${PROFILE_LOADING_FILE}`);
    expect(built.status, 'the web build wrote the loading profile').toBe(200);
    const [client, admin, spa] = await Promise.all([
      createMember(),
      createMember('admin'),
      createMember({ role: 'spa_management' }),
    ]);
    const rootOf = (html: string) =>
      html.slice(
        html.indexOf('<div id="root"'),
        html.indexOf(`<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">`),
      );
    const tabs = (markup: string) =>
      [...markup.matchAll(/<\/span>([A-Za-z0-9 ]+)<\/a><\/li>/g)].map((match) => match[1]);
    for (const [viewer, expected] of [
      [client, ['Map', 'Chat', 'Search', 'Top 10', 'Premium']],
      [admin, ['Map', 'Chat', 'Admin', 'Top 10', 'Favorites', 'Premium']],
    ] as const) {
      const root = rootOf((await page(`/profile/${spa.slug}`, viewer.cookie)).html);
      expect(root).toMatch(/^<div id="root" data-prerendered="loading">/);
      expect(root).toContain('aria-label="Loading profile"');
      expect(tabs(root)).toEqual(expected);
    }
    // A visitor's profile page has nothing drawn: the app says to log in.
    expect(rootOf((await page(`/profile/${spa.slug}`, null)).html)).not.toContain('Loading profile');
  });

  it("puts the home's header and bottom bar around the frame, with the member's own name, initial or picture", async () => {
    // The build writes the chrome (common/screen-chrome.ts); `npm test` builds the web app before these tests.
    const built = await env.ASSETS.fetch(`https://spa.test${SCREEN_CHROME_FILE}`);
    expect(built.status, 'the web build wrote the chrome').toBe(200);
    const rootOf = (html: string) =>
      html.slice(html.indexOf('<div id="root"'), html.indexOf('<div class="fixed inset-x-0" style="top:60px'));
    const client = await createMember({ name: `Ñino "Tala" & Sons' ${Date.now()}` });
    const chrome = rootOf((await page('/', client.cookie)).html);
    expect(chrome).toContain(`>${escapeHtml(client.name)}</span>`);
    expect(chrome).toContain('>Ñ</span>');
    expect(chrome).not.toMatch(/[\uE000-\uF8FF]/u); // no stand-in is left
    const tabs = (markup: string) =>
      [...markup.matchAll(/<\/span>([A-Za-z0-9 ]+)<\/a><\/li>/g)].map((match) => match[1]);
    expect(tabs(chrome)).toEqual(['Map', 'Chat', 'Search', 'Top 10', 'Premium']);
    // A member with a picture shows it; an admin's bar has the admin's tabs.
    const admin = await createMember('admin');
    const picture = `/media/${'a'.repeat(64)}.jpg?x="><b>`;
    await database().execute({ sql: 'update users set profile_pic = ? where id = ?', args: [picture, admin.id] });
    const adminChrome = rootOf((await page('/', admin.cookie)).html);
    expect(adminChrome).toContain(`<img src="${escapeHtml(picture)}"`);
    expect(tabs(adminChrome)).toEqual(['Map', 'Chat', 'Admin', 'Top 10', 'Favorites', 'Premium']);
  });

  it('leaves out what a request may not have, and keeps the landing page for visitors as it was prerendered', async () => {
    const landing = await page('/', null);
    expect(landing.answers).toBeNull();
    expect(landing.html).toContain('data-prerendered="landing"');
    expect(landing.html).toMatch(/href="\/auth\?mode=register">Get Started/);
    // A browser that has signed in before gets the variant whose Get Started offers sign-in; a member, the app.
    const returning = await page('/', `${RETURNING_VISITOR_COOKIE}=1`);
    expect(returning.html).toContain('data-prerendered="landing"');
    expect(returning.html).toMatch(/href="\/auth">Get Started/);
    const member = await createMember();
    const signedIn = await page('/', `${member.cookie}; ${RETURNING_VISITOR_COOKIE}=1`);
    expect(signedIn.html).not.toContain('data-prerendered="landing"');
    expect(signedIn.html).toContain(`data-prerendered="${FIRST_FRAME}"`);
    // A session that no longer works answers "nobody" in the page, as account.me does, and its cookie goes.
    const stale = await page('/search', '__Host-session=stale.token');
    expect(answerOf(stale.answers, 'account.me')).toBeNull();
    expect(clearsSessionCookie(stale.response)).toBe(true);
    // Addresses of no planned screen, and API paths, are untouched.
    const banned = await createMember();
    await ban(banned);
    const other = await page('/favorites', banned.cookie);
    expect(other.answers).toBeNull();
    expect(other.response.headers.get('Cache-Control')).toBe('no-cache');
  });
  it('sends a browser whose session cookie names nobody from the home to the sign-in form, clearing the cookie', async () => {
    const [expired, signedOut] = await Promise.all([createMember(), createMember()]);
    await database().execute({ sql: 'update sessions set last_active_at = 0 where user_id = ?', args: [expired.id] });
    expect((await call('/api/logout', { method: 'POST', cookie: signedOut.cookie })).status).toBe(200);
    // Unknown, expired and revoked sessions alike.
    for (const cookie of ['__Host-session=stale.token', expired.cookie, signedOut.cookie]) {
      const home = await page('/', cookie);
      expect(home.response.status, cookie).toBe(302);
      expect(home.response.headers.get('Location')).toBe('/auth');
      expect(home.response.headers.get('Cache-Control')).toBe('private, no-store');
      expect(clearsSessionCookie(home.response)).toBe(true);
      expect(home.answers).toBeNull();
    }
    // Without the cookie it is a visitor's landing page; a member's own session still opens the map.
    const visitor = await page('/', null);
    expect(visitor.response.status).toBe(200);
    expect(visitor.html).toContain('data-prerendered="landing"');
    const member = await createMember();
    const home = await page('/', member.cookie);
    expect(home.response.status).toBe(200);
    expect(clearsSessionCookie(home.response)).toBe(false);
    expect(answerOf(home.answers, 'account.me')).toMatchObject({ id: member.id });
    // account.me clears such a cookie too, for the app's own check.
    const me = await trpcGet('account.me', { cookie: '__Host-session=stale.token' });
    expect(((await me.json()) as { result: { data: unknown } }).result.data).toBeNull();
    expect(clearsSessionCookie(me)).toBe(true);
  });
});
