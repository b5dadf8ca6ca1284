// First paint on a slow phone connection: the landing page (and the auth form) opened in Chromium throttled
// through the DevTools protocol to 50 KB/s down and up with 400 ms of latency, cache disabled, at 390x844,
// against the app served as `npm start` serves it (free port, throw-away data, the web build already made by
// bench/http.ts or `npm start`, else made here). Figures: first contentful paint, largest contentful paint
// (budget 2.5 s, "good" in Core Web Vitals), the layout shift while React takes over from the prerendered HTML
// (budget 0), the load event and the bytes transferred; the median of a few runs. For comparison, the landing
// page as it is drawn by the scripts alone: a browser with a stale session cookie gets the plain app shell. Nothing
// fails.
import { chromium, type Browser } from '@playwright/test';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startApp } from '../scripts/app.ts';
import { benchSize, SMOKE } from './size.ts';

const LCP_BUDGET_MS = 2500;
const RUNS = benchSize(3, 1);
/** At smoke size the same throttling path runs with a fast connection, so the run is short. */
const THROTTLING = SMOKE
  ? { offline: false, latency: 5, downloadThroughput: 10 * 1024 * 1024, uploadThroughput: 10 * 1024 * 1024 }
  : { offline: false, latency: 400, downloadThroughput: 50 * 1024, uploadThroughput: 50 * 1024 };
/** After the load event, how long the page is left to settle (React's takeover, late paints) before reading. */
const SETTLE_MS = benchSize(3000, 300);

interface Figures {
  fcp: number;
  lcp: number;
  cls: number;
  load: number;
  kilobytes: number;
}

function executablePath(): string | undefined {
  try {
    const bundled = chromium.executablePath();
    if (bundled && existsSync(bundled)) return undefined;
  } catch {
    // Playwright's own browser is not installed here.
  }
  return '/usr/bin/chromium';
}

async function measure(browser: Browser, url: string, staleCookie: boolean): Promise<Figures> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
  });
  try {
    if (staleCookie) await context.addCookies([{ name: 'session', value: 'stale.session', url }]);
    const page = await context.newPage();
    await page.addInitScript(() => {
      const figures = { lcp: 0, cls: 0 };
      (window as unknown as { __firstPaint: typeof figures }).__firstPaint = figures;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) figures.lcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
          if (!entry.hadRecentInput) figures.cls += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', THROTTLING);
    let bytes = 0;
    cdp.on('Network.loadingFinished', (event) => (bytes += event.encodedDataLength));
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    await page.waitForTimeout(SETTLE_MS);
    const figures = await page.evaluate(() => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      const observed = (window as unknown as { __firstPaint: { lcp: number; cls: number } }).__firstPaint;
      return {
        fcp: paint?.startTime ?? NaN,
        lcp: observed.lcp,
        cls: observed.cls,
        load: navigation?.loadEventStart ?? NaN,
      };
    });
    return { ...figures, kilobytes: bytes / 1024 };
  } finally {
    await context.close();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const dataDir = mkdtempSync(join(tmpdir(), 'spa-bench-paint-'));
const app = await startApp({
  port: await freePort(),
  dataDir,
  build: !['landing.html', 'landing-returning.html'].every((page) =>
    existsSync(join('dist', 'web', 'prerendered', page)),
  ),
});
const browser = await chromium.launch({ executablePath: executablePath() });
try {
  console.log(
    `\nFirst paint at 390x844, Chromium throttled to ${THROTTLING.downloadThroughput / 1024} KB/s and ${THROTTLING.latency} ms latency, no cache (median of ${RUNS}; budget: LCP at most ${LCP_BUDGET_MS / 1000} s, no layout shift)`,
  );
  console.log('page                  FCP ms   LCP ms   CLS     load ms   transferred');
  for (const [label, path, staleCookie] of [
    ['landing /', '/', false],
    ['auth /auth', '/auth', false],
    ['landing, shell only', '/', true],
  ] as const) {
    const runs: Figures[] = [];
    for (let run = 0; run < RUNS; run += 1) runs.push(await measure(browser, `${app.url}${path}`, staleCookie));
    const pick = (key: keyof Figures) => median(runs.map((figures) => figures[key]));
    const lcp = pick('lcp');
    console.log(
      `${label.padEnd(20)} ${pick('fcp').toFixed(0).padStart(7)}  ${lcp.toFixed(0).padStart(7)}  ${pick('cls').toFixed(3).padStart(6)}  ${pick('load').toFixed(0).padStart(8)}   ${pick('kilobytes').toFixed(0).padStart(5)} kB${staleCookie ? '   (for comparison: what the prerender saves; no budget)' : lcp > LCP_BUDGET_MS ? '   (over budget)' : ''}`,
    );
  }
} finally {
  await browser.close();
  await app.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
