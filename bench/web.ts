// Screens on a phone: Lighthouse 12 with its mobile preset (a Moto G Power's screen, simulated
// slow 4G: 150 ms round trips and 1.6 Mbit/s, 4x CPU slowdown), against the app served as `npm start` serves it
// (own free port, throw-away data, the web build made by bench/http.ts or `npm start`, else made here): the landing
// page signed out, and signed in as the demo client the map home, a spa's profile, the leaderboards and member
// search. Prints Performance, first and largest contentful paint and Total Blocking Time per screen beside the
// budgets (LCP 2.5 s and TBT 200 ms on every screen but the map; Performance 90 on every screen but the map). The
// map's figure is its first markers (the web app's `spa-markers` user timing, the browser's paint time of the markers
// drawn from the listing before the map library has loaded: on a page load the Worker draws them into the page,
// common/spa-markers.ts, web/components/map/marker-preview.tsx), in a run with the same throttling
// applied through DevTools (simulated throttling cannot place a page's own timings), budget 2.5 s; WebGL is in
// software here, which a phone's GPU does better; the live map's own first markers are printed beside it. Each
// figure is the median of the runs. The landing page and a spa's profile paint from the page before any script (the
// profile its outline): that first paint is also read in a run with the throttling applied (Lighthouse then adds to
// each request the latency its simulation models as round trips, 562 ms), no budget. A screen over its Total
// Blocking Time budget also prints its longest tasks. `BENCH_SMOKE=1` runs the landing page once;
// `WEB_BENCH_SCREENS=profile,search` runs the screens whose names start so. Nothing fails.
import lighthouse, { type Flags, type RunnerResult } from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../db/seed.ts';
import { freePort, startApp } from '../scripts/app.ts';
import { benchSize, buildsWeb, SMOKE } from './size.ts';

const BUDGET = { performance: 90, lcpMs: 2500, tbtMs: 200, markersMs: 2500 };
/** Lighthouse runs per screen; the median is printed (WEB_BENCH_RUNS). */
const RUNS = benchSize(3, 1, 'WEB_BENCH_RUNS');

interface Screen {
  name: string;
  path: string;
  signedIn: boolean;
  /** The map: its figure is the first markers, not LCP and TBT (software WebGL). */
  map?: boolean;
  /**
   * A screen whose page paints from its HTML before any script (the landing page; a profile's outline, its loading
   * state, worker/page-data.ts): that first paint is also read with the throttling applied, the browser's own time.
   */
  paintsFromHtml?: boolean;
}

const SCREENS: Screen[] = [
  { name: 'landing (signed out)', path: '/', signedIn: false, paintsFromHtml: true },
  { name: 'map home', path: '/', signedIn: true, map: true },
  { name: 'profile (a spa)', path: '/profile/makati-serenity-spa', signedIn: true, paintsFromHtml: true },
  { name: 'leaderboards', path: '/leaderboards', signedIn: true },
  { name: 'search', path: '/search', signedIn: true },
];

interface Figures {
  performance: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  /** The `spa-markers` user timing (the first markers: the preview's drawn from the listing, or the live map's). */
  markersMs: number | null;
  /** The `spa-map-drawn` user timing: the live map's own first markers, once its library has loaded. */
  liveMapMs: number | null;
  /** Lighthouse's longest main-thread tasks (its `long-tasks` audit, in the simulated phone's time). */
  longTasks: { url: string; startTime: number; duration: number }[];
}

/** The median of the runs that produced the figure (a run can lose one audit on a busy machine); NaN if none did. */
const median = (values: number[]) => {
  const finite = values.filter(Number.isFinite).sort((a, b) => a - b);
  return finite.length ? finite[Math.floor(finite.length / 2)]! : NaN;
};

async function signIn(origin: string): Promise<string> {
  const client = DEMO_ACCOUNTS.find((account) => account.role === 'client')!;
  const response = await fetch(`${origin}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin },
    body: JSON.stringify({ name: client.name, password: DEMO_PASSWORD }),
  });
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith('session='));
  if (!cookie) throw new Error(`sign-in failed (${response.status})`);
  return cookie.split(';')[0]!;
}

/** Lighthouse on a busy machine sometimes loses its trace (NO_NAVSTART): such a run is run again, twice at most. */
const ATTEMPTS = 3;

async function audit(port: number, url: string, cookie: string | null, applied: boolean): Promise<Figures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await auditOnce(port, url, cookie, applied);
    } catch (error) {
      if (attempt >= ATTEMPTS) throw error;
      console.log(`  (run again: ${error instanceof Error ? error.message : String(error)})`);
    }
  }
}

async function auditOnce(port: number, url: string, cookie: string | null, applied: boolean): Promise<Figures> {
  const flags: Flags = {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    // The mobile preset's own throttling, applied through DevTools instead of simulated where the page's own
    // timings are wanted (the map's markers).
    ...(applied ? { throttlingMethod: 'devtools' as const } : {}),
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  };
  const result = (await lighthouse(url, flags)) as RunnerResult | undefined;
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { audits, categories, runtimeError } = result.lhr;
  if (runtimeError) throw new Error(`Lighthouse: ${runtimeError.code} ${runtimeError.message}`);
  const timings =
    (audits['user-timings']?.details as { items?: { name: string; startTime: number }[] } | undefined)?.items ?? [];
  const timing = (name: string) => timings.find((entry) => entry.name === name)?.startTime ?? null;
  return {
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    fcpMs: audits['first-contentful-paint']?.numericValue ?? NaN,
    lcpMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbtMs: audits['total-blocking-time']?.numericValue ?? NaN,
    markersMs: timing('spa-markers'),
    liveMapMs: timing('spa-map-drawn'),
    longTasks: ((audits['long-tasks']?.details as { items?: Figures['longTasks'] } | undefined)?.items ?? []).slice(
      0,
      3,
    ),
  };
}

/** The longest tasks of a screen's run, for a screen over its Total Blocking Time budget: where the time went. */
function printLongTasks(run: Figures) {
  for (const task of run.longTasks)
    console.log(
      `${''.padEnd(22)} long task ${task.duration.toFixed(0)} ms at ${task.startTime.toFixed(0)} ms: ${task.url.replace(/^https?:\/\/[^/]+/, '')}`,
    );
}

const chromePath = process.env.CHROME_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
const dataDir = mkdtempSync(join(tmpdir(), 'spa-bench-web-'));
const app = await startApp({ port: await freePort(), dataDir, build: buildsWeb() });
const chrome = await chromeLauncher.launch({
  ...(chromePath ? { chromePath } : {}),
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
  ],
});
try {
  const cookie = await signIn(app.url);
  const chosen = process.env.WEB_BENCH_SCREENS?.split(',').map((name) => name.trim());
  const screens = SMOKE
    ? SCREENS.slice(0, 1)
    : chosen
      ? SCREENS.filter((screen) => chosen.some((name) => screen.name.startsWith(name)))
      : SCREENS;
  console.log(`\nScreens on a phone: Lighthouse 12, mobile (simulated slow 4G, 4x CPU), median of ${RUNS} run(s)`);
  console.log(
    `budgets: Performance >= ${BUDGET.performance}, LCP <= ${BUDGET.lcpMs} ms, TBT <= ${BUDGET.tbtMs} ms (not the map); map first markers <= ${BUDGET.markersMs} ms`,
  );
  console.log('screen                  perf   FCP ms   LCP ms   TBT ms   markers ms   within budget');
  for (const screen of screens) {
    const url = `${app.url}${screen.path}`;
    const runs: Figures[] = [];
    for (let run = 0; run < RUNS; run++)
      runs.push(await audit(chrome.port, url, screen.signedIn ? cookie : null, false));
    const markerRuns: number[] = [];
    const liveMapRuns: number[] = [];
    const paintRuns: number[] = [];
    if (screen.map || screen.paintsFromHtml)
      for (let run = 0; run < RUNS; run++) {
        const figures = await audit(chrome.port, url, cookie, true);
        if (figures.markersMs !== null) markerRuns.push(figures.markersMs);
        if (figures.liveMapMs !== null) liveMapRuns.push(figures.liveMapMs);
        paintRuns.push(figures.fcpMs);
      }
    const figures: Figures = {
      performance: median(runs.map((run) => run.performance)),
      fcpMs: median(runs.map((run) => run.fcpMs)),
      lcpMs: median(runs.map((run) => run.lcpMs)),
      tbtMs: median(runs.map((run) => run.tbtMs)),
      markersMs: markerRuns.length ? median(markerRuns) : null,
      liveMapMs: liveMapRuns.length ? median(liveMapRuns) : null,
      longTasks: [],
    };
    const within = screen.map
      ? figures.markersMs !== null && figures.markersMs <= BUDGET.markersMs
      : figures.performance >= BUDGET.performance && figures.lcpMs <= BUDGET.lcpMs && figures.tbtMs <= BUDGET.tbtMs;
    const markers = screen.map ? (figures.markersMs === null ? 'none' : figures.markersMs.toFixed(0)) : '';
    console.log(
      `${screen.name.padEnd(22)} ${String(figures.performance).padStart(5)} ${figures.fcpMs.toFixed(0).padStart(8)} ${figures.lcpMs
        .toFixed(0)
        .padStart(
          8,
        )} ${figures.tbtMs.toFixed(0).padStart(8)} ${markers.padStart(12)}   ${within ? 'yes' : 'NO'}${screen.map ? ' (map: first markers, throttling applied)' : ''}`,
    );
    const medianRun = runs.find((run) => run.tbtMs === figures.tbtMs);
    if (!screen.map && figures.tbtMs > BUDGET.tbtMs && medianRun) printLongTasks(medianRun);
    if (screen.paintsFromHtml)
      console.log(
        `${''.padEnd(22)} its first paint from the page, throttling applied: ${median(paintRuns).toFixed(0)} ms`,
      );
    if (screen.map)
      console.log(
        `${''.padEnd(22)} the live map's own first markers, once its library has loaded: ${figures.liveMapMs === null ? 'none' : `${figures.liveMapMs.toFixed(0)} ms`} (no budget)`,
      );
  }
} finally {
  chrome.kill();
  await app.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
