// Spa analytics under load, against the app served as `npm start` serves it (free port, throw-away
// data, no web build: the API only):
// - the cost of a counted spa profile view: database round trips in all once the count written after the answer
//   (waitUntil) has landed, beside an own view that is never counted (the profile read alone: budget 1), and
//   latency p50 and p99 of counted, already-counted and own views (the answer never waits for the count);
// - the read time of 12 weeks (with the previous 12) and of a year of analytics for a spa with 100,000 views
//   (plus reviews, stars and its lineup's flowers over the year): p50/p99 and round trips per read (budget 1).
// Budgets are printed beside the figures; nothing fails.
import { createClient, type InStatement } from '@libsql/client';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DAY_MS, manilaDay } from '../common/time.ts';
import { insertMembersWithSessions } from '../db/members-with-sessions.ts';
import { freePort, startApp } from '../scripts/app.ts';
import { benchSize } from './size.ts';
import { percentile } from './stats.ts';

const BROWSER =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const VIEWERS = benchSize(200, 5);
const READS = benchSize(50, 3);
/** Days of history written for the busy spa (a year; two weeks at smoke size). */
const DAYS = benchSize(365, 14);
const dataDir = mkdtempSync(join(tmpdir(), 'spa-bench-analytics-'));
const app = await startApp({ port: await freePort(), dataDir, build: false });
const db = createClient({ url: app.databaseUrl, authToken: app.databaseAuthToken });

const pipelines = () => app.database.pipelinesServed();
const stamp = Date.now().toString(36);

/** Waits until the pipeline counter stops moving (the work after the answer has landed). */
async function settled(): Promise<number> {
  let last = await pipelines();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 30));
    const now = await pipelines();
    if (now === last) return now;
    last = now;
  }
}

async function get(path: string, token: string) {
  const started = performance.now();
  const response = await fetch(`${app.url}${path}`, { headers: { Cookie: `session=${token}`, 'User-Agent': BROWSER } });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return performance.now() - started;
}

try {
  const members = await insertMembersWithSessions(db, [
    { name: `Bench Analytics Spa ${stamp}`, role: 'spa_management', premium: true },
    ...Array.from({ length: VIEWERS }, (_, i) => ({ name: `Bench Viewer ${stamp} ${i}` })),
    ...Array.from({ length: 10 }, (_, i) => ({ name: `Bench Lineup ${stamp} ${i}`, role: 'therapist' as const })),
  ]);
  const spa = members[0]!;
  const viewers = members.slice(1, 1 + VIEWERS);
  const therapists = members.slice(1 + VIEWERS);
  const profile = `/api/users/${spa.id}/profile`;

  console.log(
    `\nA counted spa profile view (${VIEWERS} viewers; budget: the read 1 round trip, the count 1 batch after the answer)`,
  );
  const rows: [string, number[], number[]][] = [];
  for (const [label, who] of [
    ['first view of the day (counted)', viewers],
    ['second view (already counted)', viewers],
    ['own spa (never counted)', Array.from({ length: VIEWERS }, () => spa)],
  ] as const) {
    const inAll: number[] = [];
    const times: number[] = [];
    for (const viewer of who) {
      const before = await settled();
      times.push(await get(profile, viewer.token));
      inAll.push((await settled()) - before);
    }
    rows.push([label, inAll, times]);
  }
  console.log(`${'view'.padEnd(34)} round trips in all   p50 ms   p99 ms`);
  for (const [label, inAll, times] of rows) {
    const mean = (values: number[]) => (values.reduce((sum, value) => sum + value, 0) / values.length).toFixed(2);
    console.log(
      `${label.padEnd(34)} ${mean(inAll).padStart(18)}   ${percentile(times, 0.5).toFixed(1).padStart(6)}   ${percentile(times, 0.99).toFixed(1).padStart(6)}`,
    );
  }
  const counted = await db.execute({
    sql: "select sum(count) as n from spa_daily_counts where spa_id = ? and metric = 'profile_view'",
    args: [spa.id],
  });
  console.log(`profile views counted: ${counted.rows[0]!.n} (expected ${VIEWERS})`);

  // A year of a busy spa: 100,000 profile views and the map's taps in daily rollups, 10 reviews, 20 stars and
  // 50 flowers to its lineup a day.
  const now = Date.now();
  // Premium Pro (a year of analytics), with a listing: the lineup's flowers are those given at it.
  await db.execute({ sql: 'update users set pro_until = ? where id = ?', args: [Date.now() + 30 * DAY_MS, spa.id] });
  const listing = Number(
    (
      await db.execute({
        sql: "insert into spas (owner_user_id, name, address, latitude, longitude) values (?, ?, 'Makati Ave', 14.56, 121.03) returning id",
        args: [spa.id, `Bench Analytics Listing ${stamp}`],
      })
    ).rows[0]!.id,
  );
  const statements: InStatement[] = [];
  for (const therapist of therapists)
    statements.push({
      sql: "insert into lineup_links (spa_id, therapist_id, state) values (?, ?, 'accepted')",
      args: [spa.id, therapist.id],
    });
  let views = 0;
  for (let d = 0; d < DAYS; d++) {
    const at = now - d * DAY_MS;
    const day = manilaDay(at);
    const dayViews = d === DAYS - 1 ? 100_000 - views : 274;
    views += dayViews;
    for (const [metric, count] of [
      ['profile_view', dayViews],
      ['popup_open', 180],
      ['call_tap', 25],
      ['navigate_tap', 40],
    ] as const)
      statements.push({
        sql: 'insert into spa_daily_counts (spa_id, day, metric, count) values (?, ?, ?, ?) on conflict do update set count = count + excluded.count',
        args: [spa.id, day, metric, count],
      });
    for (let r = 0; r < 10; r++) {
      const reviewer = viewers[(d * 10 + r) % VIEWERS]!;
      statements.push({
        sql: `insert into reviews (reviewer_id, target_user_id, review_text, ambience_rating, amenities_rating, booking_rating, selection_rating, created_at)
              values (?, ?, 'Bench review', ?, ?, ?, ?, ?) on conflict do nothing`,
        args: [reviewer.id, spa.id, 6 + (r % 5), 5 + (d % 6), 7 + (r % 4), 4 + ((d + r) % 7), at - r * 60_000],
      });
    }
    for (let s = 0; s < 20; s++)
      statements.push({
        sql: 'insert into stars (giver_id, recipient_id, manila_day, created_at, counted) values (?, ?, ?, ?, 0)',
        args: [viewers[(d + s) % VIEWERS]!.id, spa.id, day, at - s * 1000],
      });
    for (let f = 0; f < 50; f++)
      statements.push({
        sql: 'insert into flowers (giver_id, recipient_id, spa_id, manila_day, created_at, counted) values (?, ?, ?, ?, ?, 0)',
        args: [viewers[(d + f) % VIEWERS]!.id, therapists[f % therapists.length]!.id, listing, day, at - f * 1000],
      });
  }
  for (let i = 0; i < statements.length; i += 2000) await db.batch(statements.slice(i, i + 2000), 'write');

  console.log(
    `\nReading analytics of a spa with 100,000 profile views in a year (${READS} reads each; budget 1 round trip)`,
  );
  console.log(`${'read'.padEnd(40)} trips   p50 ms   p99 ms`);
  for (const [label, path] of [
    ['12 weeks with the previous 12', '/api/analytics?weeks=12&compare=true'],
    ['a year (52 weeks)', '/api/analytics?weeks=52'],
    ['CSV export of a year', '/api/analytics/export?weeks=52'],
  ] as const) {
    const before = await settled();
    await get(path, spa.token);
    const trips = (await settled()) - before;
    const times: number[] = [];
    for (let i = 0; i < READS; i++) times.push(await get(path, spa.token));
    console.log(
      `${label.padEnd(40)} ${String(trips).padStart(5)}   ${percentile(times, 0.5).toFixed(1).padStart(6)}   ${percentile(times, 0.99).toFixed(1).padStart(6)}`,
    );
  }
} finally {
  db.close();
  await app.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
