// The map's server side through its public REST surface: the spa listing with computed ratings and opening state, its
// edge cache and who may list what; IP geolocation; the address update and its bounds; geocoding from the gazetteer
// and the platform's own addresses; directions estimates.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADDRESS_MESSAGES, LOCATION_MESSAGES } from '../../common/geo.ts';
import { SECOND_MS } from '../../common/time.ts';
import { CACHE_SCOPES, edgeCacheKey } from '../services/edge-cache.ts';
import {
  call,
  database,
  json,
  messageOf,
  pipelinesServed,
  trpcGet,
  untilLimited,
  trpcQuery,
  type CurrentUser,
  type ErrorBody,
  type Output,
  type TrpcResult,
} from './helpers.ts';
import { createMember, type TestMember } from './members.ts';

type Listing = Output<'map.users'>;

const WEEK = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/** Weekly hours: 22:00 to 02:00 overnight every day but Sunday, which is closed. */
const OVERNIGHT_CLOSED_SUNDAY = JSON.stringify(
  Object.fromEntries(WEEK.map((day) => [day, day === 'sun' ? [] : [['22:00', '02:00']]])),
);

/** A Manila wall-clock time as an instant (Manila is UTC+8 all year). */
function manila(isoLocal: string): Date {
  return new Date(`${isoLocal}+08:00`);
}

async function setAddress(cookie: string | null, body: unknown) {
  return call('/api/profile/address', { method: 'PATCH', body, cookie });
}

/** A spa member with a pin; `arrange` writes straight to the database first (hours, reviews). */
async function spaWithPin(
  options: { latitude?: number; longitude?: number; address?: string; hours?: string } = {},
): Promise<TestMember> {
  const spa = await createMember('spa_management');
  const db = database();
  await db.execute({
    sql: 'update users set opening_hours = ?, phone_number = ? where id = ?',
    args: [options.hours ?? null, '0917 555 0101', spa.id],
  });
  const response = await setAddress(spa.cookie, {
    address: options.address ?? `${spa.name} Street, Makati City`,
    latitude: options.latitude ?? 14.5547,
    longitude: options.longitude ?? 121.0244,
  });
  expect(response.status).toBe(200);
  return spa;
}

async function listing(cookie?: string | null) {
  const response = await call('/api/users?role=spa_management', { cookie });
  expect(response.status).toBe(200);
  return json<Listing>(response);
}

/** The signed-in member, as GET /api/user answers. */
async function me(cookie: string) {
  return json<CurrentUser>(await call('/api/user', { cookie }));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('GET /api/users?role=spa_management', () => {
  it("answers the spec's fields with the computed rating, review count and opening state", async () => {
    const spa = await spaWithPin({ hours: OVERNIGHT_CLOSED_SUNDAY });
    // Three members each review the spa once (a member has one review per spa).
    const reviewerIds: number[] = [];
    for (let i = 0; i < 3; i++) reviewerIds.push((await createMember()).id);
    const db = database();
    // Sub-ratings out of 10: means 9 and 7, so 8 of 10, 4 of 5. A review without sub-ratings counts but does not rate.
    await db.batch([
      {
        sql: 'insert into reviews (reviewer_id, target_user_id, review_text, ambience_rating, amenities_rating, booking_rating, selection_rating) values (?, ?, ?, 9, 9, 9, 9)',
        args: [reviewerIds[0]!, spa.id, 'Lovely.'],
      },
      {
        sql: 'insert into reviews (reviewer_id, target_user_id, review_text, ambience_rating, amenities_rating, booking_rating, selection_rating) values (?, ?, ?, 7, 7, 7, 7)',
        args: [reviewerIds[1]!, spa.id, 'Fine.'],
      },
      {
        sql: 'insert into reviews (reviewer_id, target_user_id, review_text) values (?, ?, ?)',
        args: [reviewerIds[2]!, spa.id, 'No ratings.'],
      },
    ]);
    // Each check first writes through the API, which purges the cached listing (the spa moves its pin a little).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(manila('2026-03-02T01:30:00')); // Monday 01:30: Sunday is closed, so no overnight range runs on
    await setAddress(spa.cookie, { address: 'Updated Street, Makati City', latitude: 14.5548, longitude: 121.0245 });
    let entry = (await listing()).find((spa_) => spa_.id === spa.id);
    expect(entry).toEqual({
      id: spa.id,
      name: spa.name,
      slug: spa.slug,
      latitude: 14.5548,
      longitude: 121.0245,
      address: 'Updated Street, Makati City',
      profilePic: null,
      profilePicThumbnail: null,
      phone: '0917 555 0101',
      averageRating: 4,
      reviewCount: 3,
      isOpen: false,
      isPremium: false,
      licensed: false,
      licence: null,
    });

    vi.setSystemTime(manila('2026-03-03T01:30:00')); // Tuesday 01:30: Monday's overnight range is still open
    await setAddress(spa.cookie, { address: 'Updated Street, Makati City', latitude: 14.5548, longitude: 121.0245 });
    entry = (await listing()).find((spa_) => spa_.id === spa.id);
    expect(entry?.isOpen).toBe(true);

    vi.setSystemTime(manila('2026-03-03T12:00:00')); // Tuesday noon: closed
    await setAddress(spa.cookie, { address: 'Updated Street, Makati City', latitude: 14.5548, longitude: 121.0245 });
    entry = (await listing()).find((spa_) => spa_.id === spa.id);
    expect(entry?.isOpen).toBe(false);
  });

  it('answers null rating and null opening state when there are no reviews or hours', async () => {
    const spa = await spaWithPin();
    const entry = (await listing()).find((item) => item.id === spa.id);
    expect(entry).toMatchObject({ averageRating: null, reviewCount: 0, isOpen: null, isPremium: false });
  });

  it('marks premium spas (priority listings): a running premium period or a complimentary grant, not an ended one', async () => {
    const [running, granted, ended] = [await spaWithPin(), await spaWithPin(), await spaWithPin()];
    await database().batch(
      [
        { sql: 'update users set premium_until = ? where id = ?', args: [Date.now() + 86_400_000, running.id] },
        { sql: 'update users set is_premium = 1 where id = ?', args: [granted.id] },
        { sql: 'update users set premium_until = ? where id = ?', args: [Date.now() - 1000, ended.id] },
      ],
      'write',
    );
    await setAddress(running.cookie, {
      address: 'Updated Street, Makati City',
      latitude: 14.5548,
      longitude: 121.0245,
    });
    const entries = await listing();
    const premiumOf = (spa: { id: number }) => entries.find((item) => item.id === spa.id)?.isPremium;
    expect([premiumOf(running), premiumOf(granted), premiumOf(ended)]).toEqual([true, true, false]);
  });

  it('leaves out spas without coordinates and banned spas, and never lists other roles', async () => {
    const withoutPin = await createMember('spa_management');
    const banned = await spaWithPin();
    await database().execute({ sql: 'update users set is_banned = 1 where id = ?', args: [banned.id] });
    const therapist = await createMember('therapist');
    await setAddress(therapist.cookie, { address: 'Home service, Pasig', latitude: 14.57, longitude: 121.06 });
    const fresh = await spaWithPin(); // its address write purges the cache

    const ids = (await listing()).map((entry) => entry.id);
    expect(ids).toContain(fresh.id);
    expect(ids).not.toContain(withoutPin.id);
    expect(ids).not.toContain(banned.id);
    expect(ids).not.toContain(therapist.id);
  });

  it('is fresh on the next read after a spa changes its address', async () => {
    const spa = await spaWithPin({ address: 'Before Street, Makati City' });
    expect((await listing()).find((entry) => entry.id === spa.id)?.address).toBe('Before Street, Makati City');
    await setAddress(spa.cookie, { address: 'After Street, Taguig', latitude: 14.55, longitude: 121.05 });
    expect((await listing()).find((entry) => entry.id === spa.id)).toMatchObject({
      address: 'After Street, Taguig',
      latitude: 14.55,
      longitude: 121.05,
    });
  });

  it("answers from this isolate's copy for at most a second after the edge cache changed behind it", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const spa = await spaWithPin({ address: 'Copied Street, Makati City' }); // purges
    const addressListed = async () => (await listing()).find((entry) => entry.id === spa.id)?.address;
    expect(await addressListed()).toBe('Copied Street, Makati City');
    // What another isolate's write does to this one: the database changes and the edge cache's entry is purged, but
    // this isolate's copy is not.
    await database().execute({
      sql: 'update users set address = ? where id = ?',
      args: ['Elsewhere Street, Pasig', spa.id],
    });
    const { scope, variants } = CACHE_SCOPES.spaListing;
    for (const variant of variants)
      await (caches as unknown as { default: Cache }).default.delete(edgeCacheKey(scope, variant));
    vi.setSystemTime(Date.now() + SECOND_MS - 1);
    expect(await addressListed()).toBe('Copied Street, Makati City');
    vi.setSystemTime(Date.now() + 1);
    expect(await addressListed()).toBe('Elsewhere Street, Pasig');
  });

  it('costs one database round trip, and none while cached', async () => {
    await spaWithPin(); // purges
    let before = await pipelinesServed();
    await listing();
    expect((await pipelinesServed()) - before).toBe(1);
    before = await pipelinesServed();
    const response = await call('/api/users?role=spa_management');
    expect(response.headers.get('Cache-Control')).toMatch(/s-maxage=\d+/);
    expect((await pipelinesServed()) - before).toBe(0);
  });

  it('answers a cache hit as plain JSON whatever the client accepts: the edge compresses it for a client that asks', async () => {
    await spaWithPin(); // purges
    const filled = await listing();
    // A Worker sees `Accept-Encoding: br, gzip` whatever the client sent (Cloudflare, and Miniflare after it, set it):
    // an answer encoded here would reach a client that asked for none (curl) as gzip bytes.
    for (const acceptEncoding of ['br, gzip', 'identity']) {
      const hit = await call('/api/users?role=spa_management', { headers: { 'Accept-Encoding': acceptEncoding } });
      expect(hit.headers.get('Content-Encoding')).toBeNull();
      expect(await hit.json()).toEqual(filled);
    }
  });

  it('refuses other roles to everyone but admins', async () => {
    for (const role of ['client', 'therapist', 'admin']) {
      const signedOut = await call(`/api/users?role=${role}`);
      expect(signedOut.status).toBe(401);
    }
    const { cookie } = await createMember('spa_management');
    const forbidden = await call('/api/users?role=client', { cookie });
    expect(forbidden.status).toBe(403);
    expect(await json<ErrorBody>(forbidden)).toMatchObject({ code: 'FORBIDDEN' });

    const admin = await createMember('admin');
    const therapist = await createMember('therapist');
    await setAddress(therapist.cookie, { address: 'Home service, Pasig', latitude: 14.57, longitude: 121.06 });
    const allowed = await call('/api/users?role=therapist', { cookie: admin.cookie });
    expect(allowed.status).toBe(200);
    expect((await json<Listing>(allowed)).map((entry) => entry.id)).toContain(therapist.id);
  });

  it('answers 400 without a valid role', async () => {
    for (const query of ['', '?role=', '?role=superuser']) {
      const response = await call(`/api/users${query}`);
      expect(response.status).toBe(400);
    }
  });
});

describe('PATCH /api/profile/address', () => {
  it('saves the address and pin, which GET /api/user then shows', async () => {
    const { cookie } = await createMember('therapist');
    const response = await setAddress(cookie, {
      address: '  12 Kalayaan Ave, Makati City  ',
      latitude: 14.56,
      longitude: 121.03,
    });
    expect(response.status).toBe(200);
    expect(await json<Output<'address.update'>>(response)).toMatchObject({
      address: '12 Kalayaan Ave, Makati City',
      latitude: '14.56',
      longitude: '121.03',
    });
    expect(await me(cookie)).toMatchObject({
      address: '12 Kalayaan Ave, Makati City',
      latitude: '14.56',
      longitude: '121.03',
    });
  });

  it('takes coordinates sent as numeric strings, the type the user record carries', async () => {
    const { cookie } = await createMember('spa_management');
    const response = await setAddress(cookie, {
      address: 'Ayala Avenue, Makati City',
      latitude: '14.5649',
      longitude: ' 121.0230 ',
    });
    expect(response.status).toBe(200);
    expect(await me(cookie)).toMatchObject({ latitude: '14.5649', longitude: '121.023' });
    // What GET /api/user answers can be sent straight back.
    const user = await me(cookie);
    expect(
      (await setAddress(cookie, { address: user.address, latitude: user.latitude, longitude: user.longitude })).status,
    ).toBe(200);
  });

  it.each([
    [{ latitude: 14.5, longitude: 121 }, ADDRESS_MESSAGES.addressRequired],
    [{ address: '   ', latitude: 14.5, longitude: 121 }, ADDRESS_MESSAGES.addressRequired],
    [{ address: 'x'.repeat(201), latitude: 14.5, longitude: 121 }, ADDRESS_MESSAGES.addressTooLong],
    [{ address: 'Somewhere', latitude: 4.49, longitude: 121 }, ADDRESS_MESSAGES.latitude],
    [{ address: 'Somewhere', latitude: 21.51, longitude: 121 }, ADDRESS_MESSAGES.latitude],
    [{ address: 'Somewhere', latitude: 14.5, longitude: 115.99 }, ADDRESS_MESSAGES.longitude],
    [{ address: 'Somewhere', latitude: 14.5, longitude: 127.01 }, ADDRESS_MESSAGES.longitude],
    [{ address: 'Somewhere', latitude: 'fourteen', longitude: 121 }, ADDRESS_MESSAGES.latitude],
    [{ address: 'Somewhere', latitude: '', longitude: 121 }, ADDRESS_MESSAGES.latitude],
    [{ address: 'Somewhere', latitude: '14.5e1', longitude: 121 }, ADDRESS_MESSAGES.latitude],
    [{ address: 'Somewhere', latitude: null, longitude: 121 }, ADDRESS_MESSAGES.latitude],
    [{ address: 'Somewhere', latitude: true, longitude: 121 }, ADDRESS_MESSAGES.latitude],
    [{ address: 'Somewhere', latitude: '35.68', longitude: '139.69' }, ADDRESS_MESSAGES.latitude],
    [{ address: 'Somewhere', latitude: 14.5 }, ADDRESS_MESSAGES.longitude],
    [{ address: 'Tokyo', latitude: 35.68, longitude: 139.69 }, ADDRESS_MESSAGES.latitude],
  ])('refuses %j with 400 and changes nothing', async (body, message) => {
    const { cookie } = await createMember('spa_management');
    await setAddress(cookie, { address: 'Original Street, Pasig', latitude: 14.57, longitude: 121.06 });
    const response = await setAddress(cookie, body);
    expect(response.status).toBe(400);
    expect(await messageOf(response)).toBe(message);
    expect(await me(cookie)).toMatchObject({
      address: 'Original Street, Pasig',
      latitude: '14.57',
      longitude: '121.06',
    });
  });

  it('refuses unknown fields (no role or other member through this door)', async () => {
    const { cookie } = await createMember();
    const response = await setAddress(cookie, { address: 'Somewhere', latitude: 14.5, longitude: 121, role: 'admin' });
    expect(response.status).toBe(400);
    expect(await me(cookie)).toMatchObject({ role: 'client', address: null });
  });

  it('needs a signed-in member and a same-origin request', async () => {
    expect((await setAddress(null, { address: 'Somewhere', latitude: 14.5, longitude: 121 })).status).toBe(401);
    const { cookie } = await createMember();
    const crossSite = await call('/api/profile/address', {
      method: 'PATCH',
      body: { address: 'Somewhere', latitude: 14.5, longitude: 121 },
      cookie,
      origin: 'https://evil.example',
    });
    expect(crossSite.status).toBe(403);
  });
});

describe('geocoding procedures', () => {
  const search = (cookie: string | null, query: string) =>
    trpcGet('geo.search', cookie === null ? null : { cookie }, { query });
  const reverse = (cookie: string | null, latitude: number, longitude: number) =>
    trpcGet('geo.reverse', cookie === null ? null : { cookie }, { latitude, longitude });
  const suggested = async (response: Response) => (await json<TrpcResult<'geo.search'>>(response)).result.data;

  it('suggests at most 5 gazetteer places from 3 characters, offline', async () => {
    const { cookie } = await createMember();
    const response = await search(cookie, 'Makati');
    expect(response.status).toBe(200);
    const suggestions = await suggested(response);
    expect(suggestions.length).toBeGreaterThan(0);
    expect(suggestions.length).toBeLessThanOrEqual(5);
    // The town whose name starts with the query comes first, before spa street addresses on Makati Ave.
    expect(suggestions[0]).toMatchObject({
      label: 'Makati City',
      address: 'Makati City, Metro Manila, Philippines',
      source: 'gazetteer',
    });
    expect(suggestions[0]?.latitude).toBeCloseTo(14.55, 1);

    const many = await suggested(await search(cookie, 'san'));
    expect(many).toHaveLength(5);
    // Diacritics do not matter: "las pinas" finds Las Piñas.
    const accented = await suggested(await search(cookie, 'las pinas'));
    expect(accented[0]).toMatchObject({ label: 'Las Piñas', address: 'Las Piñas, Metro Manila, Philippines' });
  });

  it("suggests the platform's own saved addresses first", async () => {
    const unique = `Sampaguita${crypto.randomUUID().slice(0, 6)}`;
    await spaWithPin({ address: `77 ${unique} Road, Quezon City`, latitude: 14.63, longitude: 121.03 });
    const { cookie } = await createMember();
    const suggestions = await suggested(await search(cookie, `${unique} road`));
    expect(suggestions[0]).toEqual({
      address: `77 ${unique} Road, Quezon City`,
      label: `77 ${unique} Road`,
      latitude: 14.63,
      longitude: 121.03,
      source: 'platform',
    });
  });

  it('reverse-geocodes to a saved address nearby, else the nearest place', async () => {
    const unique = `Ilang-Ilang${crypto.randomUUID().slice(0, 6)}`;
    await spaWithPin({ address: `5 ${unique} St, Cebu City`, latitude: 10.3157, longitude: 123.8854 });
    const { cookie } = await createMember();
    const near = await trpcQuery('geo.reverse', { cookie }, { latitude: 10.3159, longitude: 123.8855 });
    expect(near).toMatchObject({
      address: `5 ${unique} St, Cebu City`,
      source: 'platform',
      latitude: 10.3159,
      longitude: 123.8855,
    });
    const davao = await trpcQuery('geo.reverse', { cookie }, { latitude: 7.0731, longitude: 125.6128 });
    expect(davao).toMatchObject({ label: 'Davao', address: 'Davao, Davao Region, Philippines', source: 'gazetteer' });
  });

  it('refuses short queries, bad points and signed-out callers', async () => {
    const { cookie } = await createMember();
    expect((await search(cookie, 'ma')).status).toBe(400);
    expect((await reverse(cookie, 91, 0)).status).toBe(400);
    expect((await search(null, 'Makati')).status).toBe(401);
    expect((await reverse(null, 14.5, 121)).status).toBe(401);
  });

  it('is rate limited per member', async () => {
    const { cookie } = await createMember();
    const responses = await untilLimited(60, (i) => search(cookie, `Ceb${i % 2 ? 'u' : ''}`));
    expect(responses.slice(0, -1).every((response) => response.status === 200)).toBe(true);
  });
});

describe('GET /api/geolocation/maxmind', () => {
  it('answers the Manila fallback with the error text when there is no IP location (local development)', async () => {
    const { cookie } = await createMember();
    const response = await call('/api/geolocation/maxmind', { cookie, headers: { 'CF-Connecting-IP': '127.0.0.1' } });
    expect(response.status).toBe(200);
    expect(await json<Output<'geo.locate'>>(response)).toEqual({
      latitude: 14.5995,
      longitude: 120.9842,
      accuracy: 10000,
      source: 'fallback',
      country: 'PH',
      city: 'Manila',
      region: 'Metro Manila',
      postalCode: null,
      timezone: 'Asia/Manila',
      isp: null,
      error: LOCATION_MESSAGES.noIpLocation,
    });
  });

  it("answers Cloudflare's own lookup for a public caller", async () => {
    const { cookie } = await createMember();
    const { exports } = await import('cloudflare:workers');
    const request = new Request('https://spa.test/api/geolocation/maxmind', {
      headers: { Cookie: cookie, 'CF-Connecting-IP': '203.0.113.77' },
      cf: {
        latitude: '10.3157',
        longitude: '123.8854',
        country: 'PH',
        city: 'Cebu City',
        region: 'Central Visayas',
        postalCode: '6000',
        timezone: 'Asia/Manila',
        asOrganization: 'Example Telecom',
      },
    } as RequestInit);
    const body = await json<Output<'geo.locate'>>(await exports.default.fetch(request));
    expect(body).toEqual({
      latitude: 10.3157,
      longitude: 123.8854,
      accuracy: 25000,
      source: 'cloudflare_geoip',
      country: 'PH',
      city: 'Cebu City',
      region: 'Central Visayas',
      postalCode: '6000',
      timezone: 'Asia/Manila',
      isp: 'Example Telecom',
    });
  });

  it('needs a signed-in member', async () => {
    expect((await call('/api/geolocation/maxmind')).status).toBe(401);
    expect((await call('/api/geolocation/maxmind/8.8.8.8')).status).toBe(401);
  });
});

describe('GET /api/geolocation/maxmind/{ip}', () => {
  it.each(['8.8.8.8', '2001:4860:4860::8888'])(
    'answers the fallback with an honest error for %s while MaxMind is not configured',
    async (ip) => {
      const { cookie } = await createMember();
      const response = await call(`/api/geolocation/maxmind/${encodeURIComponent(ip)}`, { cookie });
      expect(response.status).toBe(200);
      expect(await json<Output<'geo.locateIp'>>(response)).toMatchObject({
        source: 'fallback',
        accuracy: 10000,
        error: LOCATION_MESSAGES.maxmindNotConfigured,
      });
    },
  );

  it.each(['999.1.1.1', '1.2.3', 'localhost', '12345', '2001:::1', '1.2.3.4.5', '<script>'])(
    'answers 400 for %s',
    async (ip) => {
      const { cookie } = await createMember();
      const response = await call(`/api/geolocation/maxmind/${encodeURIComponent(ip)}`, { cookie });
      expect(response.status).toBe(400);
      expect(await messageOf(response)).toBe(LOCATION_MESSAGES.invalidIp);
    },
  );

  it('is rate limited per member (each lookup costs)', async () => {
    const { cookie } = await createMember();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await call(`/api/geolocation/maxmind/8.8.4.${i}`, { cookie })).status);
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('directions', () => {
  const directions = (cookie: string | null, input: unknown) =>
    trpcGet('map.directions', cookie === null ? null : { cookie }, input);

  it('answers a straight-line estimate, labelled as one, without a Mapbox token', async () => {
    const { cookie } = await createMember();
    const response = await directions(cookie, {
      from: { latitude: 14.5995, longitude: 120.9842 },
      to: { latitude: 14.5649, longitude: 121.0297 },
      destinationName: 'Makati Serenity Spa',
    });
    expect(response.status).toBe(200);
    const route = (await json<TrpcResult<'map.directions'>>(response)).result.data;
    expect(route).toMatchObject({ provider: 'estimate', isEstimate: true, distance: '6.2 km', duration: '19 mins' });
    expect(route.distanceMeters).toBeGreaterThan(6000);
    expect(route.distanceMeters).toBeLessThan(6400);
    expect(route.steps[0]).toEqual({
      instruction: 'Head southeast toward Makati Serenity Spa (straight line; follow local roads)',
      distance: '6.2 km',
      duration: '19 mins',
    });
    expect(route.geometry[0]).toEqual([120.9842, 14.5995]);
    expect(route.geometry.at(-1)).toEqual([121.0297, 14.5649]);
  });

  it('needs a signed-in member and valid points', async () => {
    expect(
      (await directions(null, { from: { latitude: 14, longitude: 121 }, to: { latitude: 14.1, longitude: 121 } }))
        .status,
    ).toBe(401);
    const { cookie } = await createMember();
    expect(
      (await directions(cookie, { from: { latitude: 140, longitude: 121 }, to: { latitude: 14.1, longitude: 121 } }))
        .status,
    ).toBe(400);
  });
});

describe('map client configuration', () => {
  it('draws with maplibre-gl on the keyless public style when no Mapbox token is set', async () => {
    expect(await trpcQuery('map.config', null)).toEqual({
      library: 'maplibre',
      accessToken: null,
      styleUrl: 'https://tiles.openfreemap.org/styles/liberty',
      directions: 'estimate',
      geocoding: 'gazetteer',
    });
  });

  it('hands the browser a public Mapbox token only, never a secret one', async () => {
    const { mapClientConfig } = await import('../routers/map.ts');
    const style = 'https://tiles.openfreemap.org/styles/liberty';
    expect(mapClientConfig({ MAPBOX_TOKEN: 'pk.public', MAP_STYLE_URL: style })).toEqual({
      library: 'mapbox',
      accessToken: 'pk.public',
      styleUrl: 'mapbox://styles/mapbox/streets-v12',
      directions: 'mapbox',
      geocoding: 'mapbox',
    });
    const secretOnly = mapClientConfig({ MAPBOX_TOKEN: 'sk.secret', MAP_STYLE_URL: style });
    expect(secretOnly).toMatchObject({ library: 'maplibre', accessToken: null, styleUrl: style, directions: 'mapbox' });
    expect(JSON.stringify(secretOnly)).not.toContain('sk.secret');
    expect(
      mapClientConfig({ MAPBOX_TOKEN: 'sk.secret', MAPBOX_PUBLIC_TOKEN: 'pk.browser', MAP_STYLE_URL: style })
        .accessToken,
    ).toBe('pk.browser');
    expect(mapClientConfig({ MAP_STYLE_URL: '' }).styleUrl).toBeNull();
  });

  it('serves the embedded basemap as static files', async () => {
    const { env } = await import('cloudflare:workers');
    const land = await env.ASSETS.fetch('https://spa.test/geo/ph-land.json');
    expect(land.status).toBe(200);
    const geojson = await json<{ features: { geometry: { type: string } }[] }>(land);
    expect(geojson.features[0]?.geometry.type).toBe('MultiPolygon');
  });
});
