// HTTP benchmark of the foundation against the app served as `npm start` serves it (free port, throw-away data):
// requests per second and p50/p99 latency of GET /api/health and GET /api/user (10 connections, 10 s, loopback),
// database round trips per request for each account, password reset, premium and favourites endpoint (read
// from the local libSQL server's pipeline counter; PayMongo's API is a local stand-in), and the gzipped size of
// each web chunk. Budgets are printed beside the figures; nothing fails.
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../db/seed.ts';
import { freePort, startApp } from '../scripts/app.ts';
import { adminFirstRender, adminRoundTrips } from './admin.ts';
import { profileCardAtScale, profileChunkSizes, profileFirstRender, profileRoundTrips } from './profiles.ts';
import { startProviderStandIns } from '../scripts/provider-stand-ins.ts';
import { signWebhookPayload } from '../worker/providers/paymongo.ts';
import { benchSize, buildsWeb } from './size.ts';
import { throughputTable } from './throughput.ts';
import { NodeWebSocket } from './node-websocket.ts';

const BUDGET_LANDING_KB = 150;
/** Uncached signed-in reads against GET /sw.js (through the Worker, no database) in the same run. */
const BUDGET_READ_RATIO = 0.85;
/** Edge-cached public reads (the boards) against GET /sw.js in the same run. */
const BUDGET_CACHED_RATIO = 0.95;
/** Seconds of each throughput run (HTTP_BENCH_SECONDS; 1 at smoke size). */
const SECONDS = benchSize(10, 1, 'HTTP_BENCH_SECONDS');
const dataDir = mkdtempSync(join(tmpdir(), 'spa-bench-'));
// PayMongo's API is a local stand-in, so checkout and its webhook can be measured offline.
const WEBHOOK_SECRET = 'whsk_bench_stand_in';
const standIns = await startProviderStandIns();
const app = await startApp({
  port: await freePort(),
  dataDir,
  // The web build `npm test` has just made is reused at smoke size; a full run builds afresh.
  build: buildsWeb(),
  // PayMongo charges pesos: with its keys set, the app refuses to start on any other currency.
  vars: { PAYMONGO_API_BASE: standIns.url, PREMIUM_CURRENCY: 'PHP' },
  secrets: { PAYMONGO_SECRET_KEY: 'sk_test_bench', PAYMONGO_WEBHOOK_SECRET: WEBHOOK_SECRET },
});
const origin = app.url;

async function pipelines(): Promise<number> {
  return app.database.pipelinesServed();
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

  console.log(
    `\nThroughput and latency (10 connections, ${SECONDS} s, loopback; budget: uncached signed-in reads at least ${BUDGET_READ_RATIO}x of /sw.js in the same run)`,
  );
  await throughputTable(
    app,
    [
      { label: 'GET /sw.js', path: '/sw.js' }, // baseline: through the Worker, no database
      // The same adapter and procedure with no session to look up: a read's cost apart from its database round trip
      // (its 401s count as errors; they are its answer).
      { label: 'GET /api/user signed out (no database)', path: '/api/user' },
      { label: 'GET /api/health', path: '/api/health' },
      { label: 'GET /api/user', path: '/api/user', headers: { Cookie: cookie }, budget: BUDGET_READ_RATIO },
      // Profiles: a signed-in read with its visibility checks, one database round trip.
      {
        label: 'GET /api/profile/by-slug/makati-serenity-spa',
        path: '/api/profile/by-slug/makati-serenity-spa',
        headers: { Cookie: cookie },
        budget: BUDGET_READ_RATIO,
      },
    ],
    { width: 46, seconds: SECONDS },
  );

  console.log('\nDatabase round trips per request (budget: 1 for a read, 2 for a write)');
  const measure = (label: string, action: () => Promise<{ status: number }>) => printRoundTrips(label, 40, action);
  const name = `Bench Member ${Date.now()}`;
  const token = await captcha();
  await measure('GET /api/health', () => fetch(`${origin}/api/health`));
  await measure('GET /api/user', () => fetch(`${origin}/api/user`, { headers: { Cookie: cookie } }));
  await measure('GET /ws/chat (the hub socket opening)', () => openChatSocket(cookie));
  await measure('POST /api/register', () =>
    post('/api/register', {
      name,
      password: 'bench-password-2026',
      ageConfirmation: true,
      recaptchaToken: token,
      role: 'client',
    }),
  );
  let benchCookie = '';
  await measure('POST /api/login', async () => {
    const response = await post('/api/login', { name, password: 'bench-password-2026' });
    benchCookie = cookieOf(response);
    return response;
  });
  await measure('POST /api/logout', () => post('/api/logout', {}, benchCookie));

  // Profiles
  const profileTarget = { origin, cookie, pipelines, member: { name: client.name, password: DEMO_PASSWORD } };
  await profileRoundTrips(profileTarget);
  await profileFirstRender(profileTarget);
  // The admin dashboard and member search.
  const admin = DEMO_ACCOUNTS.find((account) => account.role === 'admin')!;
  const adminTarget = {
    origin,
    pipelines,
    adminCookie: cookieOf(await post('/api/login', { name: admin.name, password: DEMO_PASSWORD })),
    memberCookie: cookie,
    admin: { name: admin.name, password: DEMO_PASSWORD },
  };
  await adminRoundTrips(adminTarget);
  await adminFirstRender(adminTarget);
  // Password reset, premium, favourites lists.
  const memberCookie = cookieOf(await post('/api/login', { name, password: 'bench-password-2026' }));
  const get = (path: string, cookie?: string) =>
    fetch(`${origin}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
  const send = (method: string, path: string, body: unknown, cookie: string) =>
    fetch(`${origin}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', Origin: origin, Cookie: cookie },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const resetMember = DEMO_ACCOUNTS.find((account) => account.role === 'therapist')!;
  await measure('POST /api/forgot-password (member)', () =>
    post('/api/forgot-password', { nameOrEmail: resetMember.name }),
  );
  await measure('POST /api/forgot-password (unknown)', () =>
    post('/api/forgot-password', { nameOrEmail: 'Nobody At All' }),
  );
  let resetToken = '';
  await measure('GET /api/dev/mail', async () => {
    const response = await get('/api/dev/mail');
    const [message] = (await response.clone().json()) as { text: string }[];
    resetToken = message!.text.match(/token=([A-Za-z0-9_-]+)/)![1]!;
    return response;
  });
  await measure('GET /api/verify-reset-token', () => get(`/api/verify-reset-token?token=${resetToken}`));
  await measure('POST /api/reset-password', () =>
    post('/api/reset-password', { token: resetToken, newPassword: 'bench-reset-password-2026' }),
  );

  await measure('GET /api/premium', () => get('/api/premium', memberCookie));
  await measure('POST /api/premium/trial', () => post('/api/premium/trial', {}, memberCookie));
  let checkoutId = '';
  await measure('POST /api/premium/checkout', async () => {
    const response = await post('/api/premium/checkout', { plan: 'monthly' }, memberCookie);
    checkoutId = String(((await response.clone().json()) as { checkoutUrl: string }).checkoutUrl)
      .split('/')
      .pop()!;
    return response;
  });
  // The payment the stand-in's checkout asked for: its amount and currency, so the webhook applies it.
  const checkouts = ((await (await fetch(`${standIns.url}/_requests`)).json()) as { path: string; body: any }[]).filter(
    (request) => request.path === '/v1/checkout_sessions',
  );
  const [lineItem] = checkouts.at(-1)?.body?.data?.attributes?.line_items ?? [];
  const event = JSON.stringify({
    data: {
      id: `evt_bench_${Date.now()}`,
      type: 'event',
      attributes: {
        type: 'checkout_session.payment.paid',
        livemode: false,
        data: {
          id: checkoutId,
          attributes: {
            payments: [{ attributes: { amount: lineItem?.amount, currency: lineItem?.currency, status: 'paid' } }],
          },
        },
      },
    },
  });
  const timestamp = String(Math.floor(Date.now() / 1000));
  let applied: unknown;
  await measure('POST /api/premium/webhook', async () => {
    const response = await fetch(`${origin}/api/premium/webhook`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Paymongo-Signature': `t=${timestamp},te=${signWebhookPayload(WEBHOOK_SECRET, timestamp, event)},li=`,
      },
      body: event,
    });
    applied = ((await response.clone().json()) as { applied?: boolean }).applied;
    return response;
  });
  console.log(`${''.padEnd(40)}   (payment applied: ${applied})`);

  const spa = (await (await get('/api/profile/by-slug/makati-serenity-spa', memberCookie)).json()) as { id: number };
  await get('/api/favorites', memberCookie); // the member's first read makes their default list
  await measure('GET /api/favorites', () => get('/api/favorites', memberCookie));
  await measure('GET /api/favorites/saved/:id', () => get(`/api/favorites/saved/${spa.id}`, memberCookie));
  await measure('POST /api/favorites', () => post('/api/favorites', { targetUserId: spa.id }, memberCookie));
  let listId = 0;
  await measure('POST /api/favorites/lists', async () => {
    const response = await post('/api/favorites/lists', { name: 'Bench list' }, memberCookie);
    listId = ((await response.clone().json()) as { id: number }).id;
    return response;
  });
  await measure('PATCH /api/favorites/lists/:id', () =>
    send('PATCH', `/api/favorites/lists/${listId}`, { name: 'Bench list 2' }, memberCookie),
  );
  await measure('POST …/lists/:id/members', () =>
    post(`/api/favorites/lists/${listId}/members`, { targetUserId: spa.id }, memberCookie),
  );
  await measure('DELETE …/members/:id', () =>
    send('DELETE', `/api/favorites/lists/${listId}/members/${spa.id}`, undefined, memberCookie),
  );
  await measure('DELETE /api/favorites/lists/:id', () =>
    send('DELETE', `/api/favorites/lists/${listId}`, undefined, memberCookie),
  );
  await benchRecognition();
  // Last of the app's figures: it adds 50,000 therapists to the database.
  await profileCardAtScale(profileTarget, { url: app.databaseUrl, authToken: app.databaseAuthToken });

  console.log(`\nWeb chunks, gzipped (budget: landing page JavaScript under ${BUDGET_LANDING_KB} kB)`);
  const assets = join('dist', 'web', 'assets');
  const html = readFileSync(join('dist', 'web', 'index.html'), 'utf8');
  const landing = new Set([...html.matchAll(/\/assets\/([^"']+\.js)/g)].map((match) => match[1]!));
  let landingBytes = 0;
  for (const file of readdirSync(assets)
    .filter((file) => file.endsWith('.js') || file.endsWith('.css'))
    .sort()) {
    const size = gzipSync(readFileSync(join(assets, file))).length;
    if (landing.has(file)) landingBytes += size;
    console.log(
      `${file.padEnd(48)} ${(size / 1024).toFixed(1).padStart(7)} kB${landing.has(file) ? '   (landing)' : ''}`,
    );
  }
  console.log(
    `Landing page JavaScript: ${(landingBytes / 1024).toFixed(1)} kB gzipped (budget ${BUDGET_LANDING_KB} kB)`,
  );
  profileChunkSizes(readdirSync(assets), landing);
} finally {
  await app.stop();
  await standIns.close();
  rmSync(dataDir, { recursive: true, force: true });
}

// Reviews, recognition and leaderboards -------------------------------------------------------------------
/**
 * Round trips of every new endpoint (budget: 1 for a read, 2 for a write) and board throughput: the public board
 * from the edge cache and an uncached board read (Problem Clients, which is never cached: session lookup and
 * board in one round trip), each beside GET /sw.js in the same run (budget: cached at least 0.95x of /sw.js).
 */
async function benchRecognition() {
  const login = async (name: string) => cookieOf(await post('/api/login', { name, password: DEMO_PASSWORD }));
  const spaCookie = await login(DEMO_ACCOUNTS.find((account) => account.role === 'spa_management')!.name);
  const clientName = `Bench Client ${Date.now()}`;
  const clientCookie = cookieOf(
    await post('/api/register', {
      name: clientName,
      password: 'bench-password-2026',
      ageConfirmation: true,
      recaptchaToken: await captcha(),
      role: 'client',
    }),
  );
  const spaMe: any = await (await fetch(`${origin}/api/user`, { headers: { Cookie: spaCookie } })).json();
  const me: any = await (await fetch(`${origin}/api/user`, { headers: { Cookie: clientCookie } })).json();
  const therapists: any = await (
    await fetch(`${origin}/api/users/therapist`, { headers: { Cookie: clientCookie } })
  ).json();
  const spas: any = await (
    await fetch(`${origin}/api/users/spa_management`, { headers: { Cookie: clientCookie } })
  ).json();
  const spaIds: any = await (
    await fetch(`${origin}/trpc/recognition.spas`, { headers: { Cookie: clientCookie } })
  ).json();
  const spaId = spaIds.result.data[0].id;

  console.log('\nDatabase round trips per request, reviews and recognition (budget: 1 for a read, 2 for a write)');
  const measure = (label: string, action: () => Promise<{ status: number }>) => printRoundTrips(label, 52, action);
  const get =
    (path: string, cookie = clientCookie) =>
    () =>
      fetch(`${origin}${path}`, { headers: { Cookie: cookie } });
  const send =
    (method: string, path: string, body: unknown, cookie = clientCookie) =>
    () =>
      fetch(`${origin}${path}`, {
        method,
        headers: { 'Content-Type': 'application/json', Origin: origin, Cookie: cookie },
        body: JSON.stringify(body),
      });
  const review = 'Relaxing visit, the therapist was skilled and the rooms were spotless.';
  await measure(
    'POST /api/user-reviews (spa, with star)',
    send('POST', '/api/user-reviews', {
      targetUserId: spaMe.id,
      reviewText: review,
      ambienceRating: 9,
      amenitiesRating: 8,
      bookingRating: 9,
      selectionRating: 8,
      giveStar: true,
    }),
  );
  await measure('POST /api/flowers', send('POST', '/api/flowers', { recipientId: therapists[0].id, spaId }));
  await measure(
    'POST /api/stars (over the limit, 429)',
    send('POST', '/api/stars', { recipientId: spas[0].id, spaId }),
  );
  await measure('POST /api/medals', send('POST', '/api/medals', { recipientId: me.id, reason: 'Welcome' }, spaCookie));
  const flag = send('POST', '/api/red-flags', { targetUserId: me.id, reason: 'No-show' }, spaCookie);
  let flagId = 0;
  await measure('POST /api/red-flags', async () => {
    const response = await flag();
    flagId = ((await response.clone().json()) as { id: number }).id;
    return response;
  });
  await measure(
    'POST /api/red-flags/{id}/dispute',
    send('POST', `/api/red-flags/${flagId}/dispute`, { statement: 'Not me' }),
  );
  const received: any = await (await get(`/api/user-reviews/${spaMe.id}`)()).json();
  await measure(
    'PUT /api/reviews/{id}/reply',
    send('PUT', `/api/reviews/${received[0].id}/reply`, { replyText: 'Salamat po!' }, spaCookie),
  );
  await measure(
    'DELETE /api/reviews/{id}/reply',
    send('DELETE', `/api/reviews/${received[0].id}/reply`, {}, spaCookie),
  );
  for (const path of [
    `/api/user-reviews/${spaMe.id}`,
    `/api/stars/${me.id}`,
    `/api/flowers/${me.id}`,
    `/api/users/${me.id}/medal-history`,
    `/api/users/${me.id}/red-flag-history`,
    `/api/users/${me.id}/stars-transactions?timeframe=3months`,
    `/api/users/${me.id}/red-flags-transactions?timeframe=year`,
    '/api/users/therapist',
    '/api/users/spa_management',
    '/api/leaderboards?timeframe=weekly (uncached)',
    '/api/leaderboards?timeframe=weekly (cached)',
    '/api/leaderboards/summary?timeframe=yearly',
    '/api/leaderboards/problems?timeframe=monthly',
  ])
    await measure(`GET ${path}`, get(path.split(' ')[0]!, path.includes('problems') ? spaCookie : clientCookie));

  console.log(
    `\nBoard throughput (10 connections, ${SECONDS} s, loopback; budget: cached at least ${BUDGET_CACHED_RATIO}x of /sw.js)`,
  );
  await throughputTable(
    app,
    [
      { label: 'GET /sw.js', path: '/sw.js' },
      {
        label: 'GET /api/leaderboards?timeframe=monthly (edge cache)',
        path: '/api/leaderboards?timeframe=monthly',
        budget: BUDGET_CACHED_RATIO,
      },
      {
        label: 'GET /api/leaderboards/problems?timeframe=monthly (uncached)',
        path: '/api/leaderboards/problems?timeframe=monthly',
        headers: { Cookie: spaCookie },
      },
    ],
    { width: 60, seconds: SECONDS },
  );
}

/** Prints the database round trips (pipelines the local server served) that one request cost, and its status. */
async function printRoundTrips(label: string, width: number, action: () => Promise<{ status: number }>) {
  const before = await pipelines();
  const response = await action();
  const trips = (await pipelines()) - before;
  console.log(`${label.padEnd(width)} ${trips}   (HTTP ${response.status})`);
}

/** Opens the chat hub's socket as the web app does, and closes it once it is open (101). */
async function openChatSocket(cookie: string): Promise<{ status: number }> {
  const socket = new NodeWebSocket(`${origin.replace(/^http/, 'ws')}/ws/chat`, {
    headers: { Origin: origin, Cookie: cookie },
  });
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', () => reject(new Error('the chat socket was refused')), { once: true });
  });
  socket.close();
  return { status: 101 };
}
