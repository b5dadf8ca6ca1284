// The map under load, against the app served as `npm start` serves it (free port, throw-away data):
// - GET /api/users?role=spa_management req/s and latency with 1,000 spas, from the edge cache and uncached
//   (the app restarted with SPA_LISTING_CACHE_SECONDS=0), each beside GET /sw.js in the same run, and the signed-in
//   home's page (the listing and the markers' first frame drawn into it, ADR 023) from the edge cache;
// - database round trips of the uncached listing, and its payload for 1,000 spas (raw, gzipped, and the bytes on the
//   wire to Chromium), and what the Give dialogs' spa picker sends with as many spas;
// - in Chromium (WebGL in software here): the time from navigation to the first markers on the signed-in home
//   with 1,000 spas (a cold start; drawn from the listing before the map library has loaded), and to the live
//   map's own, the time from tapping Map in the bottom bar on another screen to markers visible again (a warm
//   return), and the frame rate while panning 5,000 clustered spas.
// Budgets are printed beside the figures and fail nothing; a cached listing sent encoded to a client that asked for
// no encoding fails the run.
import { chromium } from '@playwright/test';
import { createClient, type InStatement } from '@libsql/client';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'node:http';
import { gzipSync } from 'node:zlib';
import { RETURNING_VISITOR_COOKIE } from '../common/account.ts';
import { PICKER_CHOICES_MAX } from '../common/limits.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../db/seed.ts';
import { freePort, startApp, type RunningApp } from '../scripts/app.ts';
import { benchSize, buildsWeb } from './size.ts';
import { throughputTable, type ThroughputRow } from './throughput.ts';

const BUDGET_PAYLOAD_KB = 100;
/** The edge-cached listing against GET /sw.js in the same run. */
const BUDGET_CACHED_RATIO = 0.95;
/**
 * Markers visible: the first ones from navigation on a cold start (1.5 s), and from the Map tab's tap when coming
 * back (0.5 s).
 */
const BUDGET_COLD_MARKERS_MS = 1500;
const BUDGET_WARM_MARKERS_MS = 500;
/** How long the benchmark stays on the other screen before tapping Map again. */
const AWAY_MS = 1000;
const SECONDS = benchSize(10, 1, 'MAP_BENCH_SECONDS');
/** Spas in the listing (with the 14 of the demo data), and on the map while panning. */
const LISTED_SPAS = benchSize(1000, 30);
const PANNED_SPAS = benchSize(5000, 60);
/** Navigations timed to markers visible (the median is printed), and how long the map is panned. */
const MARKER_RUNS = benchSize(3, 1);
const PAN_MS = benchSize(5000, 1000);
/** Wheel steps zooming out before panning, and mouse steps in each drag. */
const ZOOM_STEPS = benchSize(4, 1);
const DRAG_STEPS = benchSize(20, 4);
/** How long a page step may take before the benchmark gives up (it is slow, not broken, well before this). */
const BROWSER_TIMEOUT_MS = 180_000;
const dataDir = mkdtempSync(join(tmpdir(), 'spa-bench-map-'));

/** Deterministic synthetic spas: 40% in Metro Manila, the rest across the Philippines, each with a photo and hours. */
function spaStatements(from: number, to: number): InStatement[] {
  let seed = 0x9e3779b9 ^ from;
  const random = () => {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const hex = (length: number) => Array.from({ length }, () => Math.floor(random() * 16).toString(16)).join('');
  const hours = JSON.stringify(
    Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => [day, [['10:00', '22:00']]])),
  );
  const statements: InStatement[] = [];
  for (let i = from; i < to; i++) {
    const metro = random() < 0.4;
    const latitude = metro ? 14.4 + random() * 0.35 : 5.5 + random() * 13;
    const longitude = metro ? 120.95 + random() * 0.15 : 118 + random() * 8;
    const name = `Bench Spa ${i}`;
    const key = hex(64);
    statements.push({
      sql: `insert into users (name, name_key, slug, member_number, role, password_hash, address, latitude, longitude, phone_number,
              profile_pic, profile_pic_thumbnail, opening_hours) values (?, ?, ?, ?, 'spa_management', 'x', ?, ?, ?, ?, ?, ?, ?)`,
      args: [
        name,
        name.toLowerCase(),
        `bench-spa-${i}`,
        100_000 + i,
        `${i} Rizal Avenue, Barangay ${i % 97}, Bench City`,
        latitude,
        longitude,
        `+63 9${String(10 + (i % 89))} ${String(100 + (i % 899))} ${String(1000 + i).slice(-4)}`,
        `/media/${key}.jpg`,
        `/media/${key}-thumb.jpg`,
        hours,
      ],
    });
  }
  return statements;
}

async function addSpas(app: RunningApp, from: number, to: number) {
  const client = createClient({ url: app.databaseUrl, authToken: app.databaseAuthToken });
  try {
    await client.batch(spaStatements(from, to), 'write');
    // Each with its listing (the spas table: the Give dialogs' spa picker reads it; the map does not).
    await client.execute(`insert into spas (owner_user_id, name, address, latitude, longitude)
      select id, name, address, latitude, longitude from users
      where name like 'Bench Spa %' and member_number between ${100_000 + from} and ${100_000 + to - 1}`);
    // Three rated reviews each, from three demo clients (one review per member and spa), so the rating subqueries
    // have work to do.
    await client.execute(`insert into reviews (reviewer_id, target_user_id, review_text, ambience_rating, amenities_rating, booking_rating, selection_rating)
      select reviewer.id, u.id, 'Bench review', 8, 9, 7, 10
      from users u, (select id from users where role = 'client' and is_banned = 0 order by id limit 3) reviewer
      where u.name like 'Bench Spa %' and u.member_number between ${100_000 + from} and ${100_000 + to - 1}`);
  } finally {
    client.close();
  }
}

async function pipelines(app: RunningApp): Promise<number> {
  return app.database.pipelinesServed();
}

/** A throughput table after `GET /sw.js`, its baseline, and a note under it. */
async function listingTable(app: RunningApp, rows: ThroughputRow[], note: string) {
  await throughputTable(app, [{ label: 'GET /sw.js', path: '/sw.js' }, ...rows], { width: 34, seconds: SECONDS });
  console.log(`${' '.repeat(35)}(${note})`);
}

/** A GET with these headers, the body's bytes as they came (fetch would inflate them). */
function bytesOnTheWire(
  url: string,
  headers: Record<string, string>,
): Promise<{ encoding: string | undefined; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ encoding: response.headers['content-encoding'], bytes: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

async function login(app: RunningApp): Promise<string> {
  const client = DEMO_ACCOUNTS.find((account) => account.role === 'client')!;
  const response = await fetch(`${app.url}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: app.url },
    body: JSON.stringify({ name: client.name, password: DEMO_PASSWORD }),
  });
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith('session='));
  if (!cookie) throw new Error(`login failed (${response.status})`);
  return cookie.split(';')[0]!.slice('session='.length);
}

async function browserFigures(app: RunningApp, spaCount: number, measure: 'markers' | 'panning') {
  const bundled = (() => {
    try {
      return chromium.executablePath();
    } catch {
      return '';
    }
  })();
  const browser = await chromium.launch({
    executablePath: bundled && existsSync(bundled) ? undefined : '/usr/bin/chromium',
    args: ['--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-gpu'],
  });
  try {
    const token = await login(app);
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      geolocation: { latitude: 14.5547, longitude: 121.0244 },
      permissions: ['geolocation'],
    });
    // A member who has signed in on this browser before, as one coming back to the app is: the first screen starts
    // loading the map while the session loads (web/lib/map/warm-up.ts).
    await context.addCookies([
      { name: 'session', value: token, url: app.url },
      { name: RETURNING_VISITOR_COOKIE, value: '1', url: app.url },
    ]);
    const page = await context.newPage();
    // Software WebGL on a busy machine can take long: slowness is a figure, not a crash.
    page.setDefaultTimeout(BROWSER_TIMEOUT_MS);
    /** performance.now() when the map first reports spas drawn (polled every animation frame in the page). */
    const markersVisible = async (): Promise<number> => {
      const handle = await page.waitForFunction(
        () => {
          const drawn = Number(document.querySelector('[data-spas-drawn]')?.getAttribute('data-spas-drawn'));
          return drawn > 0 ? performance.now() : null;
        },
        undefined,
        { timeout: BROWSER_TIMEOUT_MS, polling: 'raf' },
      );
      return (await handle.jsonValue()) as number;
    };
    /** From the home screen: to Top 10 through the bottom bar, a moment there, then Map; ms from that tap to markers. */
    const warmReturn = async (): Promise<number> => {
      const nav = page.getByRole('navigation', { name: 'Main' });
      await nav.getByRole('link', { name: 'Top 10' }).click();
      await page.waitForFunction(() => !document.querySelector('[data-spas-drawn]'));
      await page.waitForTimeout(AWAY_MS);
      await page.evaluate(() => {
        const record = (event: Event) => {
          if ((event.target as Element | null)?.closest?.('nav a[href="/"]'))
            (window as unknown as { __mapTapAt: number }).__mapTapAt = performance.now();
        };
        document.addEventListener('click', record, { capture: true, once: true });
      });
      await nav.getByRole('link', { name: 'Map' }).click();
      const visibleAt = await markersVisible();
      const tappedAt = await page.evaluate(() => (window as unknown as { __mapTapAt: number }).__mapTapAt);
      return visibleAt - tappedAt;
    };
    const median = (runs: number[]) => [...runs].sort((a, b) => a - b)[Math.floor(runs.length / 2)]!;
    if (measure === 'markers') {
      const first: number[] = [];
      const cold: number[] = [];
      const warm: number[] = [];
      for (let run = 0; run < MARKER_RUNS; run++) {
        await page.goto(`${app.url}/`);
        cold.push(await markersVisible());
        // The first markers of all: those drawn from the listing before the map library has loaded, with the page
        // itself on a page load (the web app's `spa-markers` user timing, from the browser's element timing:
        // web/components/map/marker-preview.tsx, common/spa-markers.ts).
        first.push(await page.evaluate(() => performance.getEntriesByName('spa-markers')[0]?.startTime ?? NaN));
        warm.push(await warmReturn());
      }
      const runs = (values: number[]) => values.map((ms) => ms.toFixed(0)).join(', ');
      console.log(
        `Cold start, navigation to the first markers (drawn from the listing), signed-in home, ${spaCount} spas (median of ${MARKER_RUNS}): ${median(first).toFixed(0)} ms  (budget ${BUDGET_COLD_MARKERS_MS} ms; runs ${runs(first)})`,
      );
      console.log(
        `Cold start, navigation to the live map's own markers (median of ${MARKER_RUNS}): ${median(cold).toFixed(0)} ms  (no budget of its own now; runs ${runs(cold)})`,
      );
      console.log(
        `Warm return, Map tapped in the bottom bar to markers visible (median of ${MARKER_RUNS}): ${median(warm).toFixed(0)} ms  (budget ${BUDGET_WARM_MARKERS_MS} ms; runs ${runs(warm)})`,
      );
      return;
    }
    await page.goto(`${app.url}/`);
    await markersVisible();
    const canvas = (await page.locator('[data-map-state="ready"] canvas').boundingBox())!;
    // Zoom out to the whole of Luzon and the Visayas, where clusters carry the 5,000 spas.
    for (let i = 0; i < ZOOM_STEPS; i++) {
      await page.mouse.move(canvas.x + canvas.width / 2, canvas.y + canvas.height / 2);
      await page.mouse.wheel(0, 600);
      await page.waitForTimeout(400);
    }
    await page.evaluate(() => {
      const state: number[] = [];
      (window as unknown as { __frames: number[] }).__frames = state;
      const tick = (time: number) => {
        state.push(time);
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    const started = Date.now();
    const cx = canvas.x + canvas.width / 2;
    const cy = canvas.y + canvas.height / 2;
    while (Date.now() - started < PAN_MS) {
      await page.mouse.move(cx - 120, cy - 80);
      await page.mouse.down();
      await page.mouse.move(cx + 120, cy + 80, { steps: DRAG_STEPS });
      await page.mouse.up();
      await page.mouse.move(cx + 120, cy + 80);
      await page.mouse.down();
      await page.mouse.move(cx - 120, cy - 80, { steps: DRAG_STEPS });
      await page.mouse.up();
    }
    const frames = await page.evaluate(() => (window as unknown as { __frames: number[] }).__frames);
    const seconds = (frames.at(-1)! - frames[0]!) / 1000;
    const gaps = frames
      .slice(1)
      .map((time, i) => time - frames[i]!)
      .sort((a, b) => a - b);
    const p95 = gaps[Math.floor(gaps.length * 0.95)] ?? 0;
    console.log(
      `Panning ${spaCount} clustered spas for ${seconds.toFixed(1)} s: ${(frames.length / seconds).toFixed(1)} frames/s, p95 frame ${p95.toFixed(0)} ms (software WebGL; a phone's GPU does better)`,
    );
  } finally {
    await browser.close();
  }
}

let app: RunningApp | undefined;
try {
  app = await startApp({ port: await freePort(), dataDir, build: buildsWeb() });
  await addSpas(app, 0, LISTED_SPAS - 14); // with the 14 demo spas, 1,000 at full size

  console.log(`\nSpa listing, ${LISTED_SPAS.toLocaleString('en-US')} spas (10 connections, ${SECONDS} s, loopback)`);
  await listingTable(
    app,
    [
      {
        label: 'GET /api/users?role=spa_management',
        path: '/api/users?role=spa_management',
        budget: BUDGET_CACHED_RATIO,
      },
      // The signed-in home: the page with the listing and the markers' first frame drawn into it (ADR 023).
      { label: 'GET / signed in (page + frame)', path: '/', headers: { Cookie: `session=${await login(app)}` } },
    ],
    'edge cache, 30 s; writes purge it',
  );

  const response = await fetch(`${app.url}/api/users?role=spa_management`);
  const body = Buffer.from(await response.arrayBuffer());
  const spas = JSON.parse(body.toString()) as unknown[];
  // The bytes as they come: to Chromium's Accept-Encoding (the edge compresses), and to a client that sends none.
  const [compressed, plain] = await Promise.all([
    bytesOnTheWire(`${app.url}/api/users?role=spa_management`, { 'Accept-Encoding': 'gzip, deflate, br, zstd' }),
    bytesOnTheWire(`${app.url}/api/users?role=spa_management`, {}),
  ]);
  if (plain.encoding !== undefined || !plain.bytes.equals(body)) {
    throw new Error(
      `the cached listing went to a client that accepts no encoding as ${plain.encoding ?? 'something other than its JSON'}`,
    );
  }
  console.log(
    `Payload for ${spas.length} spas: ${(body.length / 1024).toFixed(1)} kB raw, ${(gzipSync(body).length / 1024).toFixed(1)} kB gzipped (budget ${BUDGET_PAYLOAD_KB} kB gzipped); from the edge cache to Chromium ${(compressed.bytes.length / 1024).toFixed(1)} kB on the wire (${compressed.encoding ?? 'not compressed'})`,
  );

  // The Give Star / Give Flower dialogs' spa picker: a page of spas by name and a search, not every spa.
  const pickerBody = Buffer.from(
    await (
      await fetch(`${app.url}/trpc/recognition.spas`, { headers: { Cookie: `session=${await login(app)}` } })
    ).arrayBuffer(),
  );
  const picked = (JSON.parse(pickerBody.toString()) as { result: { data: unknown[] } }).result.data.length;
  const listings = createClient({ url: app.databaseUrl, authToken: app.databaseAuthToken });
  const listingCount = Number((await listings.execute('select count(*) as n from spas')).rows[0]!.n);
  listings.close();
  console.log(
    `Spa picker of the Give dialogs, ${listingCount} spa listings: ${picked} listed (budget ${PICKER_CHOICES_MAX}; a search finds the rest), ${(pickerBody.length / 1024).toFixed(1)} kB raw`,
  );

  console.log('\nIn Chromium at 390x844 on the embedded basemap');
  await browserFigures(app, spas.length, 'markers');
  await app.stop();

  // The same data, the edge cache off: every request reads the database.
  app = await startApp({ port: await freePort(), dataDir, build: false, vars: { SPA_LISTING_CACHE_SECONDS: '0' } });
  const before = await pipelines(app);
  await fetch(`${app.url}/api/users?role=spa_management`);
  console.log(`\nUncached listing: ${(await pipelines(app)) - before} database round trip(s) per request (budget 1)`);
  await listingTable(
    app,
    [{ label: 'GET /api/users?role=spa_management', path: '/api/users?role=spa_management' }],
    'uncached: SPA_LISTING_CACHE_SECONDS=0',
  );

  await addSpas(app, LISTED_SPAS - 14, PANNED_SPAS - 14);
  console.log('');
  await browserFigures(app, PANNED_SPAS, 'panning');
} finally {
  await app?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
