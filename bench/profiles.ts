// Profile figures for `npm run bench` (called by bench/http.ts against the app it started): database round trips
// per profile endpoint (budget 1 for a read, 2 for a write), the API requests the profile screen makes before
// its first render (budget 2, no waterfall; measured in Chromium), and the gzipped JavaScript of the profile
// screen and the editor (their chunks and what they import beyond the landing page). Last, a profile's card read
// again with 50,000 more therapists in the database: its review counts by role must follow the member's own reviews
// (the Worker's database has no planner statistics), not walk every member of the role.
import { createClient } from '@libsql/client';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchChromium } from './browser.ts';
import { benchSize } from './size.ts';
import { percentile } from './stats.ts';

interface Target {
  origin: string;
  /** A signed-in client's cookie (`session=...`). */
  cookie: string;
  /** The local libSQL server's pipeline counter. */
  pipelines(): Promise<number>;
  /** The demo client's name and password, for the browser. */
  member: { name: string; password: string };
}

export const BUDGET_FIRST_RENDER_REQUESTS = 2;
/** Therapists added for the card read at scale (PROFILE_BENCH_THERAPISTS; fewer at smoke size). */
const MORE_THERAPISTS = benchSize(50_000, 200, 'PROFILE_BENCH_THERAPISTS');
/** Sequential reads timed before and after. */
const CARD_READS = benchSize(200, 5);
const SPA_SLUG = 'makati-serenity-spa';

export async function profileRoundTrips({ origin, cookie, pipelines }: Target): Promise<void> {
  const spa = (await (
    await fetch(`${origin}/api/profile/by-slug/${SPA_SLUG}`, { headers: { Cookie: cookie } })
  ).json()) as { id: number };
  const me = (await (await fetch(`${origin}/api/user`, { headers: { Cookie: cookie } })).json()) as { id: number };
  console.log('\nDatabase round trips per profile request (budget: 1 for a read, 2 for a write)');
  const reads = [
    `/api/profile/by-slug/${SPA_SLUG}`,
    `/api/users/${spa.id}/profile`,
    `/api/users/${spa.id}/profile-stats`,
    `/api/users/${spa.id}/star-stats`,
    `/api/users/${spa.id}/flower-stats`,
    `/api/users/${spa.id}/flower-givers`,
    `/api/users/${spa.id}/star-givers`,
    `/api/reviews-made-by/${me.id}`,
    `/api/user-reviews/${spa.id}`,
    `/api/stars-given-by/${me.id}`,
    `/api/flowers-given-by/${me.id}`,
    `/api/medals/${me.id}`,
    `/api/red-flags/${me.id}`,
  ];
  const measure = async (label: string, request: () => Promise<Response>) => {
    const before = await pipelines();
    const response = await request();
    const trips = (await pipelines()) - before;
    console.log(`${label.padEnd(44)} ${trips}   (HTTP ${response.status})`);
  };
  for (const path of reads)
    await measure(`GET ${path}`, () => fetch(`${origin}${path}`, { headers: { Cookie: cookie } }));
  await measure('PATCH /api/profile', () =>
    fetch(`${origin}/api/profile`, {
      method: 'PATCH',
      headers: { Cookie: cookie, Origin: origin, 'Content-Type': 'application/json' },
      body: JSON.stringify({ instagramHandle: 'juandelacruz' }),
    }),
  );
}

/** Requests to /api and /trpc from navigation until the profile card shows, in Chromium at 390x844. */
export async function profileFirstRender({ origin, member }: Target): Promise<void> {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const login = await page.request.post(`${origin}/api/login`, { data: member, headers: { Origin: origin } });
    if (!login.ok()) throw new Error(`sign-in failed: ${login.status()}`);
    console.log(
      `\nProfile screen: API requests before its first render (budget ${BUDGET_FIRST_RENDER_REQUESTS}, no waterfall)`,
    );
    for (const path of [`/profile/${SPA_SLUG}`, '/profile']) {
      // The profile's first answers come with the page (worker/page-data.ts): count what was asked before the card
      // showed, and what after.
      const requests: { path: string; at: number }[] = [];
      const onRequest = (request: { url(): string }) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/trpc/'))
          requests.push({ path: url.pathname, at: performance.now() });
      };
      page.on('request', onRequest);
      const started = performance.now();
      await page.goto(`${origin}${path}`);
      await page.getByRole('region', { name: 'Profile card' }).waitFor();
      const shownAt = performance.now();
      await page.waitForLoadState('networkidle');
      page.off('request', onRequest);
      const before = requests.filter((request) => request.at <= shownAt);
      const after = requests.filter((request) => request.at > shownAt);
      console.log(
        `${`${path} (cold load)`.padEnd(36)} ${before.length} before first render (${before.map((r) => r.path).join(' ')}), card after ${Math.round(shownAt - started)} ms; later: ${after.map((r) => r.path).join(' ') || 'none'}`,
      );
    }
    // In-app navigation (the home header's profile button): the session is known; only the profile's batch goes.
    await page.goto(`${origin}/`);
    const link = page.getByRole('banner').getByRole('link', { name: /Your profile/ });
    await link.waitFor();
    await page.waitForLoadState('networkidle');
    const requests: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/trpc/')) requests.push(url.pathname);
    });
    await link.click();
    await page.getByRole('region', { name: 'Profile card' }).waitFor();
    console.log(`${'in-app navigation to /profile'.padEnd(36)} ${requests.length} requests: ${requests.join(' ')}`);
  } finally {
    await browser.close();
  }
}

/** A chunk and every chunk it imports that the landing page has not already loaded. */
function chunkClosure(assets: string, file: string, landing: Set<string>, seen = new Set<string>()): Set<string> {
  if (seen.has(file) || landing.has(file)) return seen;
  seen.add(file);
  for (const match of readFileSync(join(assets, file), 'utf8').matchAll(/from"\.\/([^"]+\.js)"/g))
    chunkClosure(assets, match[1]!, landing, seen);
  return seen;
}

export function profileChunkSizes(files: string[], landing: Set<string>): void {
  const assets = join('dist', 'web', 'assets');
  const gzipped = (file: string) => gzipSync(readFileSync(join(assets, file))).length;
  console.log('\nProfile screens, JavaScript gzipped beyond what is already loaded (own chunk + chunks it imports)');
  let editor = new Set<string>();
  for (const [label, prefix, beyond] of [
    ['profile screen', 'profile-', 'landing page'],
    ['profile editor', 'edit-profile-', 'landing page'],
    ['crop and upload dialog', 'crop-dialog-', 'editor'],
  ] as const) {
    const loaded = beyond === 'editor' ? new Set([...landing, ...editor]) : landing;
    // The route's chunk is the one of that name that pulls in the most (a shared module may share its name).
    const candidates = files.filter((file) => file.startsWith(prefix) && file.endsWith('.js'));
    const [entry] = candidates.sort(
      (a, b) => chunkClosure(assets, b, loaded).size - chunkClosure(assets, a, loaded).size,
    );
    if (!entry) continue;
    const closure = chunkClosure(assets, entry, loaded);
    if (prefix === 'edit-profile-') editor = closure;
    const total = [...closure].reduce((sum, file) => sum + gzipped(file), 0);
    console.log(
      `${label.padEnd(24)} ${(gzipped(entry) / 1024).toFixed(1).padStart(6)} kB own, ${(total / 1024).toFixed(1).padStart(6)} kB beyond the ${beyond} (${closure.size} chunks)`,
    );
  }
}

/** p50 and p99 of the signed-in member's own card (GET /api/users/{id}/profile), read one at a time. */
async function cardLatency(origin: string, cookie: string, id: number): Promise<{ p50: number; p99: number }> {
  const samples: number[] = [];
  // The first reads after a change warm the database's page cache; they are not timed.
  for (let i = -Math.ceil(CARD_READS / 10); i < CARD_READS; i++) {
    const started = performance.now();
    const response = await fetch(`${origin}/api/users/${id}/profile`, { headers: { Cookie: cookie } });
    if (!response.ok) throw new Error(`profile read failed: ${response.status}`);
    await response.arrayBuffer();
    if (i >= 0) samples.push(performance.now() - started);
  }
  return { p50: percentile(samples, 0.5), p99: percentile(samples, 0.99) };
}

/** The card read with the demo data, then with MORE_THERAPISTS therapists added (this leaves them in the database). */
export async function profileCardAtScale(
  { origin, cookie }: Target,
  database: { url: string; authToken: string },
): Promise<void> {
  const me = (await (await fetch(`${origin}/api/user`, { headers: { Cookie: cookie } })).json()) as { id: number };
  const before = await cardLatency(origin, cookie, me.id);
  const db = createClient(database);
  try {
    await db.execute({
      sql: `insert into users (name, name_key, slug, member_number, role, password_hash, created_at)
        with recursive n(i) as (select 1 union all select i + 1 from n where i < ?)
        select 'Bench Therapist ' || i, 'bench therapist ' || i, 'bench-therapist-' || i,
          (select max(member_number) from users) + i, 'therapist', 'x', 0 from n`,
      args: [MORE_THERAPISTS],
    });
    // Turso's server refuses `pragma wal_checkpoint` and checkpoints on its own schedule: the reads after the insert
    // are timed as production would time them, the log's pages and all.
  } finally {
    db.close();
  }
  const after = await cardLatency(origin, cookie, me.id);
  console.log(
    `\nA member's profile card, ${CARD_READS} reads one at a time: p50 ${before.p50.toFixed(2)} ms, p99 ${before.p99.toFixed(2)} ms with the demo data; ` +
      `p50 ${after.p50.toFixed(2)} ms, p99 ${after.p99.toFixed(2)} ms with ${MORE_THERAPISTS.toLocaleString('en-US')} more therapists (it should not grow with them)`,
  );
}
