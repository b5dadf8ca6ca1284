// The admin dashboard and member search against the running app: database round trips for
// each admin and search endpoint (budget: 1 for a read beside the session lookup, writes a few), and the
// requests the dashboard makes before its first render in Chromium at 1280x800.
import { launchChromium } from './browser.ts';
import { JPEG_400 } from '../worker/test/fixtures/images.ts';

interface Target {
  origin: string;
  /** A signed-in admin's and a signed-in client's cookies (`session=...`). */
  adminCookie: string;
  memberCookie: string;
  pipelines(): Promise<number>;
  admin: { name: string; password: string };
}

export async function adminRoundTrips({ origin, adminCookie, memberCookie, pipelines }: Target): Promise<void> {
  const call = (method: string, path: string, body?: unknown, cookie = adminCookie) =>
    fetch(`${origin}${path}`, {
      method,
      headers: {
        Cookie: cookie,
        Origin: origin,
        ...(body instanceof FormData || body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
    });
  const measure = async (label: string, request: () => Promise<Response>) => {
    const before = await pipelines();
    const response = await request();
    const trips = (await pipelines()) - before;
    console.log(`${label.padEnd(48)} ${trips}   (HTTP ${response.status})`);
    return response;
  };
  console.log(
    '\nDatabase round trips per admin and search request (reads 1 with the session; writes include their audit entry)',
  );
  for (const path of [
    '/api/admin/stats',
    '/api/spas',
    '/api/admin/users',
    '/api/admin/chatbots',
    '/api/admin/analytics',
    '/api/admin/reports',
    '/api/admin/audit-log',
  ])
    await measure(`GET ${path}`, () => call('GET', path));
  await measure('POST /api/admin/search-users', () =>
    call('POST', '/api/admin/search-users', { field: 'name', term: 'spa' }),
  );
  const created = (await (
    await measure('POST /api/spas', () =>
      call('POST', '/api/spas', { name: 'Bench Spa', address: 'Bench St, Makati', latitude: 14.55, longitude: 121.02 }),
    )
  ).json()) as { id: number };
  await measure('PATCH /api/spas/{id}', () => call('PATCH', `/api/spas/${created.id}`, { name: 'Bench Spa Renamed' }));
  const form = new FormData();
  form.append('spaImage', new Blob([JPEG_400], { type: 'image/jpeg' }), 'spa.jpg');
  await measure('POST /api/spas/{id}/upload-image', () => call('POST', `/api/spas/${created.id}/upload-image`, form));
  await measure('DELETE /api/spas/{id}', () => call('DELETE', `/api/spas/${created.id}`));
  const me = (await (await fetch(`${origin}/api/user`, { headers: { Cookie: memberCookie } })).json()) as {
    id: number;
  };
  await measure('PATCH /api/admin/chatbot/{userId}', () =>
    call('PATCH', `/api/admin/chatbot/${me.id}`, { chatBot: false }),
  );
  await measure('POST /api/admin/unban-user/{id} (not banned)', () => call('POST', `/api/admin/unban-user/${me.id}`));
  await measure('POST /api/search-users', () =>
    call('POST', '/api/search-users', { field: 'all', term: 'santos' }, memberCookie),
  );
}

/** Requests to /api and /trpc from navigation until the stat cards show their figures, in Chromium at 1280x800. */
export async function adminFirstRender({ origin, admin }: Target): Promise<void> {
  const browser = await launchChromium();
  try {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    const login = await page.request.post(`${origin}/api/login`, { data: admin, headers: { Origin: origin } });
    if (!login.ok()) throw new Error(`sign-in failed: ${login.status()}`);
    const requests: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/trpc/')) requests.push(url.pathname);
    });
    const started = performance.now();
    await page.goto(`${origin}/admin`);
    await page.getByText('Total Spas').waitFor();
    await page.locator('dd', { hasText: /^\d+$/ }).first().waitFor();
    await page
      .getByRole('button', { name: /^Edit / })
      .first()
      .waitFor();
    console.log(
      `\nAdmin dashboard (cold load): ${requests.length} API requests before the stat cards and spa list show (${requests.join(' ')}), after ${Math.round(performance.now() - started)} ms`,
    );
  } finally {
    await browser.close();
  }
}
