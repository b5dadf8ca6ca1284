// HTTP benchmark of the foundation against the app served as `npm start` serves it (free port, throw-away data):
// requests per second and p50/p99 latency of GET /api/health and GET /api/user (10 connections, 10 s, loopback),
// database round trips per request for each account endpoint (read from the local libSQL server's pipeline
// counter), and the gzipped size of each web chunk. Budgets are printed beside the figures; nothing fails.
import autocannon from 'autocannon';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../db/seed.ts';
import { freePort, startApp } from '../scripts/app.ts';

const BUDGET_LANDING_KB = 150;
const dataDir = mkdtempSync(join(tmpdir(), 'spa-bench-'));
const app = await startApp({ port: await freePort(), dataDir });
const origin = app.url;

async function pipelines(): Promise<number> {
  return ((await (await fetch(`${app.databaseUrl}/_stats`)).json()) as { pipelines: number }).pipelines;
}

function post(path: string, body: unknown, cookie?: string) {
  return fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin, ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
  });
}

function cookieOf(response: Response): string {
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith('session='));
  if (!cookie) throw new Error(`no session cookie (status ${response.status})`);
  return cookie.split(';')[0]!;
}

async function captcha(): Promise<string> {
  const challenge = (await (await fetch(`${origin}/api/captcha/challenge`)).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  return btoa(JSON.stringify({ challenge, solution }));
}

try {
  const client = DEMO_ACCOUNTS.find((account) => account.role === 'client')!;
  const cookie = cookieOf(await post('/api/login', { name: client.name, password: DEMO_PASSWORD }));

  console.log('\nThroughput and latency (10 connections, 10 s, loopback)');
  console.log('endpoint              req/s     p50 ms   p99 ms   errors');
  for (const [label, headers] of [
    ['GET /sw.js', {}], // baseline: through the Worker, no database
    ['GET /api/health', {}],
    ['GET /api/user', { Cookie: cookie }],
  ] as const) {
    const path = label.split(' ')[1]!;
    const result = await autocannon({ url: `${origin}${path}`, connections: 10, duration: 10, headers });
    console.log(
      `${label.padEnd(20)} ${result.requests.average.toFixed(0).padStart(6)}   ${String(result.latency.p50).padStart(6)}   ${String(result.latency.p99).padStart(6)}   ${result.non2xx + result.errors}`,
    );
  }

  console.log('\nDatabase round trips per request (budget: 1 for a read, 2 for a write)');
  const measure = async (label: string, action: () => Promise<Response>) => {
    const before = await pipelines();
    const response = await action();
    const trips = (await pipelines()) - before;
    console.log(`${label.padEnd(24)} ${trips}   (HTTP ${response.status})`);
  };
  const name = `Bench Member ${Date.now()}`;
  const token = await captcha();
  await measure('GET /api/health', () => fetch(`${origin}/api/health`));
  await measure('GET /api/user', () => fetch(`${origin}/api/user`, { headers: { Cookie: cookie } }));
  await measure('POST /api/register', () =>
    post('/api/register', { name, password: 'bench-password-2026', ageConfirmation: true, recaptchaToken: token, role: 'client' }),
  );
  let benchCookie = '';
  await measure('POST /api/login', async () => {
    const response = await post('/api/login', { name, password: 'bench-password-2026' });
    benchCookie = cookieOf(response);
    return response;
  });
  await measure('POST /api/logout', () => post('/api/logout', {}, benchCookie));

  console.log(`\nWeb chunks, gzipped (budget: landing page JavaScript under ${BUDGET_LANDING_KB} kB)`);
  const assets = join('dist', 'web', 'assets');
  const html = readFileSync(join('dist', 'web', 'index.html'), 'utf8');
  const landing = new Set([...html.matchAll(/\/assets\/([^"']+\.js)/g)].map((match) => match[1]!));
  let landingBytes = 0;
  for (const file of readdirSync(assets).filter((file) => file.endsWith('.js') || file.endsWith('.css')).sort()) {
    const size = gzipSync(readFileSync(join(assets, file))).length;
    if (landing.has(file)) landingBytes += size;
    console.log(`${file.padEnd(48)} ${(size / 1024).toFixed(1).padStart(7)} kB${landing.has(file) ? '   (landing)' : ''}`);
  }
  console.log(`Landing page JavaScript: ${(landingBytes / 1024).toFixed(1)} kB gzipped (budget ${BUDGET_LANDING_KB} kB)`);
} finally {
  await app.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
