// Spa analytics through REST: what is counted (once per viewer, spa and day; never one's own views, never a
// request without a session or from a crawler), how it is stored (daily rollups, viewer marks that name nobody
// and are pruned), the weekly report with reviews' sub-ratings, stars and the lineup's flowers, and the premium
// windows (4 weeks for everyone; 12 weeks, the comparison and the CSV export for premium) enforced on the server.
//
// The week in progress: the analytics answer says which of its weeks is still going on and how
// many of its days have begun (the server knows the Manila day), so the screen can show it apart instead of drawing
// three days as a week that collapsed. Its counts are the week so far, as stored; the export is unchanged.
import { describe, expect, it } from 'vitest';
import { ANALYTICS_TEXTS } from '../../common/analytics.ts';
import { dayNumber, manilaDay, mondayOf } from '../../common/time.ts';
import { createMember, type TestMember } from './members.ts';
import { call, configuredWorker, database, json, messageOf, pipelinesServed, type Output } from './helpers.ts';

type Report = Output<'analytics.report'>;

const BROWSER =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
// Every answer here waits for the work left after it (the counting runs after the answer).
const worker = configuredWorker({});
const as = (who: TestMember | null, path: string, options: { body?: unknown; userAgent?: string | null } = {}) =>
  worker.call(path, {
    cookie: who?.cookie ?? null,
    ...(options.body === undefined ? {} : { body: options.body }),
    headers: options.userAgent === null ? {} : { 'User-Agent': options.userAgent ?? BROWSER },
  });
const viewProfile = async (who: TestMember | null, spa: { id: number }, userAgent?: string | null) =>
  (await as(who, `/api/users/${spa.id}/profile`, { userAgent })).status;
const tap = (who: TestMember, spa: { id: number }, event: string, userAgent?: string) =>
  as(who, '/api/analytics/events', { body: { spaId: spa.id, event }, userAgent });

async function rollups(spa: { id: number }) {
  const { rows } = await database().execute({
    sql: 'select metric, count from spa_daily_counts where spa_id = ? order by metric',
    args: [spa.id],
  });
  return Object.fromEntries(rows.map((row) => [row.metric, Number(row.count)]));
}

async function report(spa: TestMember, query = '') {
  return as(spa, `/api/analytics${query}`);
}

async function fetchReport(cookie: string, query: string): Promise<Report> {
  const response = await call(`/api/analytics${query}`, { cookie });
  expect(response.status).toBe(200);
  return json<Report>(response);
}

/** The Manila week around now: its Monday and the days begun (today included). */
function manilaWeek(at = Date.now()) {
  const today = manilaDay(at);
  const monday = mondayOf(today);
  return { weekStart: new Date(monday * 86_400_000).toISOString().slice(0, 10), days: dayNumber(today) - monday + 1 };
}

describe('counting', () => {
  it('counts a spa profile view once per viewer and day, never the spa itself, a crawler or a visitor without a session', async () => {
    const [spa, a, b, therapist] = await Promise.all([
      createMember({ role: 'spa_management' }),
      createMember(),
      createMember(),
      createMember({ role: 'therapist' }),
    ]);
    expect(await viewProfile(a, spa)).toBe(200);
    expect(await viewProfile(a, spa)).toBe(200);
    expect(await viewProfile(b, spa)).toBe(200);
    expect(await viewProfile(spa, spa)).toBe(200);
    expect(await viewProfile(b, spa, 'Googlebot/2.1 (+http://www.google.com/bot.html)')).toBe(200);
    const crawler = await createMember();
    expect(await viewProfile(crawler, spa, 'facebookexternalhit/1.1')).toBe(200);
    expect(await viewProfile(crawler, spa, null)).toBe(200);
    expect(await viewProfile(null, spa)).toBe(401);
    // A therapist's or a client's profile is not a spa: nothing is counted for them.
    expect(await viewProfile(a, therapist)).toBe(200);
    expect(await rollups(spa)).toEqual({ profile_view: 2 });
    expect(await rollups(therapist)).toEqual({});
  });

  it('reads a spa profile again with one round trip: a view this isolate has counted today writes nothing more', async () => {
    const [spa, viewer] = await Promise.all([createMember({ role: 'spa_management' }), createMember()]);
    const trips = async (path: string) => {
      const before = await pipelinesServed();
      expect((await as(viewer, path)).status).toBe(200);
      return (await pipelinesServed()) - before;
    };
    // The first view is counted after the answer (the day's salt may be read once per isolate too).
    expect(await trips(`/api/users/${spa.id}/profile`)).toBeGreaterThanOrEqual(2);
    expect(await trips(`/api/users/${spa.id}/profile`)).toBe(1);
    expect(await trips(`/api/profile/by-slug/${spa.slug}`)).toBe(1);
    expect(await rollups(spa)).toEqual({ profile_view: 1 });
  });

  it('counts the map popup, Call and Navigate once per viewer and day, only for spas', async () => {
    const [spa, a, b, client] = await Promise.all([
      createMember({ role: 'spa_management' }),
      createMember(),
      createMember(),
      createMember(),
    ]);
    for (const event of ['popup_open', 'popup_open', 'call_tap', 'navigate_tap', 'navigate_tap'])
      expect(await json<Output<'analytics.record'>>(await tap(a, spa, event))).toEqual({ received: true });
    await tap(b, spa, 'popup_open');
    await tap(spa, spa, 'call_tap');
    await tap(b, spa, 'call_tap', 'curl/8.5.0');
    await tap(a, client, 'popup_open');
    expect(await rollups(spa)).toEqual({ call_tap: 1, navigate_tap: 1, popup_open: 2 });
    expect(await rollups(client)).toEqual({});

    const refused = await tap(a, spa, 'profile_view');
    expect(refused.status).toBe(400);
    expect((await as(null, '/api/analytics/events', { body: { spaId: spa.id, event: 'call_tap' } })).status).toBe(401);
    expect(await rollups(spa)).toEqual({ call_tap: 1, navigate_tap: 1, popup_open: 2 });
  });

  it('keeps no viewer id: marks are keyed hashes, and marks and salts older than two days are deleted', async () => {
    const [spa, viewer] = await Promise.all([createMember({ role: 'spa_management' }), createMember()]);
    const old = manilaDay(Date.now() - 5 * 86_400_000);
    await database().batch(
      [
        { sql: "insert or ignore into analytics_seen (mark, day) values ('old-mark', ?)", args: [old] },
        { sql: "insert or ignore into analytics_salts (day, salt) values (?, 'old-salt')", args: [old] },
      ],
      'write',
    );
    await tap(viewer, spa, 'popup_open');
    const { rows } = await database().execute('select mark, day from analytics_seen');
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(String(row.mark)).toMatch(/^[A-Za-z0-9+/]{43}=$/);
      expect(String(row.mark)).not.toContain(String(viewer.id));
    }
    expect(rows.some((row) => row.day === old)).toBe(false);
    expect(
      (await database().execute({ sql: 'select count(*) as n from analytics_salts where day = ?', args: [old] }))
        .rows[0]!.n,
    ).toBe(0);
  });
});

describe('the report', () => {
  it('is for spa management only, and shows every spa manager 4 weeks; more, the comparison and the export are premium', async () => {
    const [spa, client] = await Promise.all([createMember({ role: 'spa_management' }), createMember()]);
    const forbidden = await report(client);
    expect(forbidden.status).toBe(403);
    expect(await messageOf(forbidden)).toBe(ANALYTICS_TEXTS.onlySpas);
    expect((await report(null as never)).status).toBe(401);

    const answer = await json<Report>(await report(spa));
    expect(answer).toMatchObject({ premium: false, maxWeeks: 4, previous: null });
    expect(answer.weeks).toHaveLength(4);
    for (const query of ['?weeks=12', '?weeks=5', '?compare=true', '?weeks=4&compare=true']) {
      const refused = await report(spa, query);
      expect(refused.status, query).toBe(403);
      expect(await messageOf(refused)).toBe(ANALYTICS_TEXTS.premiumRequired);
    }
    const exported = await as(spa, '/api/analytics/export?weeks=4');
    expect(exported.status).toBe(403);
    expect(await messageOf(exported)).toBe(ANALYTICS_TEXTS.premiumRequired);
    expect((await report(spa, '?weeks=0')).status).toBe(400);
  });

  it('gives premium 12 weeks with the previous 12, and the CSV export', async () => {
    const spa = await createMember({ role: 'spa_management', premium: true });
    const answer = await json<Report>(await report(spa, '?weeks=12&compare=true'));
    expect(answer).toMatchObject({ premium: true, maxWeeks: 12 });
    expect(answer.weeks).toHaveLength(12);
    expect(answer.previous).toHaveLength(12);
    const weekStarts = [...answer.previous!, ...answer.weeks].map((week) => week.weekStart);
    for (const [i, start] of weekStarts.entries()) {
      expect(new Date(`${start}T00:00:00Z`).getUTCDay()).toBe(1);
      if (i > 0) expect(Date.parse(start) - Date.parse(weekStarts[i - 1]!)).toBe(7 * 86_400_000);
    }
    expect(weekStarts.at(-1)! <= manilaDay()).toBe(true);
    expect(Date.parse(manilaDay()) - Date.parse(weekStarts.at(-1)!)).toBeLessThan(7 * 86_400_000);

    const exported = await as(spa, '/api/analytics/export?weeks=12');
    expect(exported.status).toBe(200);
    expect(exported.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(exported.headers.get('Content-Disposition')).toMatch(
      /^attachment; filename="analytics-\d{4}-\d{2}-\d{2}-12-weeks\.csv"$/,
    );
    const lines = (await exported.text()).trimEnd().split('\r\n');
    expect(lines).toHaveLength(13);
    expect(lines[0]).toBe(
      'Week starting,Profile views,Visits,Map popup opens,Call taps,Navigate taps,Reviews,Stars,Flowers (lineup),Ambience average,Amenities average,Booking average,Selection average',
    );
  });

  it('gives a year only to Premium Pro, while its paid Pro time lasts', async () => {
    const spa = await createMember({ role: 'spa_management', premium: true });
    for (const path of ['/api/analytics?weeks=52', '/api/analytics?weeks=13', '/api/analytics/export?weeks=52']) {
      const refused = await as(spa, path);
      expect(refused.status, path).toBe(403);
      expect(await messageOf(refused)).toBe(ANALYTICS_TEXTS.proRequired);
    }
    await database().execute({
      sql: 'update users set pro_until = ? where id = ?',
      args: [Date.now() + 30 * 86_400_000, spa.id],
    });
    const year = await json<Report>(await report(spa, '?weeks=52'));
    expect(year).toMatchObject({ premium: true, maxWeeks: 52 });
    expect(year.weeks).toHaveLength(52);
    expect((await as(spa, '/api/analytics/export?weeks=52')).status).toBe(200);
    // Pro time that has run out is no Pro at all.
    await database().execute({ sql: 'update users set pro_until = ? where id = ?', args: [Date.now() - 1000, spa.id] });
    expect((await report(spa, '?weeks=52')).status).toBe(403);
  });

  it("adds up the week: views, visits and taps, reviews with their sub-rating averages, stars, and the lineup's flowers", async () => {
    const [spa, a, b, therapist, outsider] = await Promise.all([
      createMember({ role: 'spa_management' }),
      createMember(),
      createMember(),
      createMember({ role: 'therapist' }),
      createMember({ role: 'therapist' }),
    ]);
    await viewProfile(a, spa);
    await viewProfile(b, spa);
    await tap(a, spa, 'call_tap');
    const now = Date.now();
    const day = manilaDay(now);
    await database().batch(
      [
        {
          sql: `insert into reviews (reviewer_id, target_user_id, review_text, ambience_rating, amenities_rating, booking_rating, selection_rating, created_at)
                values (?, ?, 'Calm', 8, 6, 10, 7, ?), (?, ?, 'Good', 9, 7, 9, null, ?)`,
          args: [a.id, spa.id, now, b.id, spa.id, now],
        },
        {
          sql: 'insert into stars (giver_id, recipient_id, manila_day, created_at) values (?, ?, ?, ?)',
          args: [a.id, spa.id, day, now],
        },
        // Two visits recorded at this spa this week; one before the window, and one at another spa, are not counted.
        {
          sql: `insert into visits (client_id, spa_id, visited_at, manila_day) values (?, ?, ?, ?), (?, ?, ?, ?),
                (?, ?, ?, ?), (?, ?, ?, ?)`,
          args: [
            a.id,
            spa.id,
            now,
            day,
            b.id,
            spa.id,
            now,
            day,
            a.id,
            spa.id,
            now - 40 * 86_400_000,
            manilaDay(now - 40 * 86_400_000),
            a.id,
            outsider.id,
            now,
            day,
          ],
        },
        {
          sql: "insert into lineup_links (spa_id, therapist_id, state) values (?, ?, 'accepted')",
          args: [spa.id, therapist.id],
        },
        {
          sql: `insert into spas (owner_user_id, name, address, latitude, longitude) values (?, 'Counted Spa', 'Makati Ave', 14.56, 121.03),
                (null, 'Another Spa', 'Ayala Ave', 14.55, 121.02)`,
          args: [spa.id],
        },
        // At this spa's listing to its lineup's therapist: counted (twice). At another spa, or to a therapist outside
        // the lineup: not this spa's.
        {
          sql: `insert into flowers (giver_id, recipient_id, spa_id, manila_day, created_at) values
                (?, ?, (select id from spas where owner_user_id = ?), ?, ?), (?, ?, (select id from spas where owner_user_id = ?), ?, ?),
                (?, ?, (select max(id) from spas where name = 'Another Spa'), ?, ?), (?, ?, (select id from spas where owner_user_id = ?), ?, ?)`,
          args: [
            a.id,
            therapist.id,
            spa.id,
            day,
            now,
            b.id,
            therapist.id,
            spa.id,
            day,
            now,
            b.id,
            therapist.id,
            day,
            now,
            a.id,
            outsider.id,
            spa.id,
            day,
            now,
          ],
        },
      ],
      'write',
    );
    const { weeks } = await json<Report>(await report(spa));
    expect(weeks.slice(0, 3).every((week) => week.profileViews === 0 && week.reviews === 0)).toBe(true);
    expect(weeks[3]).toEqual({
      weekStart: weeks[3]?.weekStart,
      profileViews: 2,
      visits: 2,
      popupOpens: 0,
      callTaps: 1,
      navigateTaps: 0,
      reviews: 2,
      ratings: { ambience: 8.5, amenities: 6.5, booking: 9.5, selection: 7 },
      stars: 1,
      flowers: 2,
    });
  });
});

describe('the week in progress', () => {
  it('is the last week of the answer, with the days of it that have begun in Manila, and its counts so far', async () => {
    const spa = await createMember({ role: 'spa_management', premium: true });
    // A profile view today and two a week ago, written as the rollups the counting keeps.
    const today = manilaDay();
    const weekAgo = manilaDay(Date.now() - 7 * 86_400_000);
    await database().batch(
      [
        {
          sql: "insert into spa_daily_counts (spa_id, day, metric, count) values (?, ?, 'profile_view', 1)",
          args: [spa.id, today],
        },
        {
          sql: "insert into spa_daily_counts (spa_id, day, metric, count) values (?, ?, 'profile_view', 2)",
          args: [spa.id, weekAgo],
        },
      ],
      'write',
    );
    const before = manilaWeek();
    const response = await fetchReport(spa.cookie, '?weeks=4&compare=true');
    const after = manilaWeek();
    // The Manila day can turn between the two readings: the answer is one of them.
    expect([before, after]).toContainEqual(response.thisWeek);
    expect(response.thisWeek.days).toBeGreaterThanOrEqual(1);
    expect(response.thisWeek.days).toBeLessThanOrEqual(7);
    expect(response.weeks.at(-1)!.weekStart).toBe(response.thisWeek.weekStart);
    // Complete weeks before it; the previous period ends the week before the window.
    expect(response.previous!.at(-1)!.weekStart < response.weeks[0]!.weekStart).toBe(true);
    // Counts are stored as they are: the week so far, not scaled.
    expect(response.weeks.at(-1)!.profileViews).toBe(1);
    expect(response.weeks.at(-2)!.profileViews).toBe(2);

    // The free window says the same.
    const free = await createMember({ role: 'spa_management' });
    const freeAnswer = await fetchReport(free.cookie, '');
    expect(freeAnswer.weeks).toHaveLength(4);
    expect(freeAnswer.weeks.at(-1)!.weekStart).toBe(freeAnswer.thisWeek.weekStart);
  });
});
