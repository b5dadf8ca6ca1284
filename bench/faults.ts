// Faults benchmark (`npm run bench:faults`): the app served as `npm start` serves it, its database (sqld) frozen
// (SIGSTOP: it takes connections and never answers), stopped, and back. For each state, every route a member meets
// first is asked in turn and its status and latency printed; then how long the app takes to answer a member again
// once the database is back. Budgets: no answer slower than the database deadline plus 1 s, every answer a 503 or
// served without the database (the static pages, an edge-cached public read), and recovery within 2 s. Nothing
// fails; figures are printed beside their budgets.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../db/seed.ts';
import { DATABASE_DEADLINE_MS } from '../worker/db.ts';
import { freePort, startApp } from '../scripts/app.ts';
import { benchSize, buildsWeb } from './size.ts';

const BUDGET_MS = DATABASE_DEADLINE_MS + 1000;
const RECOVERY_BUDGET_MS = 2000;
/** Times each route is asked per state. */
const PASSES = benchSize(3, 1);

const dataDir = mkdtempSync(join(tmpdir(), 'spa-bench-faults-'));
const app = await startApp({ port: await freePort(), dataDir, build: buildsWeb() });
const origin = app.url;

interface Route {
  label: string;
  /** Answered without the database: a static page, or a public read the edge cache may hold. */
  withoutDatabase?: 'static' | 'cached';
  ask(cookie: string): Promise<Response>;
}

const client = DEMO_ACCOUNTS.find((account) => account.role === 'client')!;
const get = (path: string, cookie?: string) => fetch(`${origin}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
const ROUTES: Route[] = [
  { label: 'GET /api/health', ask: () => get('/api/health') },
  { label: 'GET /api/user', ask: (cookie) => get('/api/user', cookie) },
  {
    label: 'POST /api/login',
    ask: () =>
      fetch(`${origin}/api/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: origin },
        body: JSON.stringify({ name: client.name, password: DEMO_PASSWORD }),
      }),
  },
  { label: 'GET /trpc/account.me', ask: (cookie) => get('/trpc/account.me', cookie) },
  {
    label: 'GET /api/users?role=spa_management',
    withoutDatabase: 'cached',
    ask: () => get('/api/users?role=spa_management'),
  },
  { label: 'GET /api/leaderboards', withoutDatabase: 'cached', ask: () => get('/api/leaderboards?timeframe=monthly') },
  { label: 'GET / (signed in)', withoutDatabase: 'static', ask: (cookie) => get('/', cookie) },
  { label: 'GET / (signed out)', withoutDatabase: 'static', ask: () => get('/') },
  { label: 'GET /sw.js', withoutDatabase: 'static', ask: () => get('/sw.js') },
];

interface Answer {
  status: number;
  ms: number;
}

async function timed(route: Route, cookie: string): Promise<Answer> {
  const started = performance.now();
  try {
    const response = await route.ask(cookie);
    await response.arrayBuffer();
    return { status: response.status, ms: performance.now() - started };
  } catch {
    return { status: 0, ms: performance.now() - started };
  }
}

/** Whether an answer while the database fails keeps the budget's promise: a 503, or a page served without it. */
function keepsPromise(route: Route, answer: Answer): boolean {
  if (answer.ms > BUDGET_MS) return false;
  return answer.status === 503 || (route.withoutDatabase !== undefined && answer.status === 200);
}

const rows: { state: string; route: Route; answers: Answer[] }[] = [];
async function askEveryRoute(state: string, cookie: string) {
  for (const route of ROUTES) {
    const answers: Answer[] = [];
    for (let pass = 0; pass < PASSES; pass++) answers.push(await timed(route, cookie));
    rows.push({ state, route, answers });
  }
}

let recoveryMs = NaN;
let restartMs = NaN;
try {
  const signIn = await fetch(`${origin}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin },
    body: JSON.stringify({ name: client.name, password: DEMO_PASSWORD }),
  });
  const cookie = signIn.headers
    .getSetCookie()
    .find((value) => value.startsWith('session='))
    ?.split(';')[0];
  if (!cookie) throw new Error(`the demo client could not sign in (${signIn.status})`);

  process.stdout.write('\nFaults: asking every route with the database up');
  await askEveryRoute('up', cookie);
  process.stdout.write(', frozen');
  process.kill(app.database.pid, 'SIGSTOP');
  await askEveryRoute('frozen', cookie);
  process.kill(app.database.pid, 'SIGCONT');
  process.stdout.write(', stopped');
  await app.database.close();
  await askEveryRoute('stopped', cookie);
  process.stdout.write(', back');
  const restartedAt = performance.now();
  await app.database.start();
  const upAt = performance.now();
  restartMs = upAt - restartedAt;
  for (;;) {
    if ((await timed(ROUTES[1]!, cookie)).status === 200) break;
    if (performance.now() - upAt > 30_000) break;
    await new Promise((wait) => setTimeout(wait, 25));
  }
  recoveryMs = performance.now() - upAt;
  await askEveryRoute('back', cookie);
  console.log('.');
} finally {
  await app.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

const fixed = (value: number) => (Number.isFinite(value) ? value.toFixed(0) : '-');
console.log(
  `\nEvery route while the database is up, frozen, stopped and back (${PASSES} asks each; budget while it fails: 503 or served without it, within ${BUDGET_MS} ms)`,
);
console.log(`${'route'.padEnd(36)} ${'state'.padEnd(8)} ${'statuses'.padEnd(16)} ${'slowest ms'.padStart(10)}  budget`);
for (const { state, route, answers } of rows) {
  const failing = state === 'frozen' || state === 'stopped';
  const verdict = failing
    ? answers.every((answer) => keepsPromise(route, answer))
      ? 'kept'
      : 'OVER'
    : answers.every((answer) => answer.status < 500)
      ? 'kept'
      : 'OVER';
  console.log(
    `${route.label.padEnd(36)} ${state.padEnd(8)} ${[...new Set(answers.map((answer) => answer.status))].join(', ').padEnd(16)} ${fixed(Math.max(...answers.map((answer) => answer.ms))).padStart(10)}  ${verdict}`,
  );
}
console.log(
  `\nsqld back in ${fixed(restartMs)} ms; the first member's answer after it in ${fixed(recoveryMs)} ms   (budget: within ${RECOVERY_BUDGET_MS} ms)`,
);
