// Shared steps of the journeys: solving the real captcha widget, filling the registration form, new members
// registered through the API and the demo accounts' stored sessions (for journeys that are not about signing up
// or in), members in their own browser contexts, axe, and the checks every screen must pass at phone size
// (nothing scrolls sideways, tap targets of at least 44x44 px).
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from '@playwright/test';
import { appUrl, contextOptions, expect, test } from './fixtures.ts';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PAGE_DATA_ELEMENT_ID, pageDataText, type PageAnswer } from '../common/page-data.ts';

export const PASSWORD = 'warm-stones-and-hilot-2026';

const PAGE_DATA_BLOCK = new RegExp(
  `(<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">)([\\s\\S]*?)(</script>)`,
);

/**
 * Changes the answers the Worker sends with a page (ADR 023) on their way to the browser: `edit` gets them and
 * returns what the page carries instead (none: a page without its data, as the service worker's offline shell is).
 */
export async function editPageData(
  target: Page | BrowserContext,
  pathname: string,
  edit: (answers: PageAnswer[]) => PageAnswer[],
) {
  await target.route(
    (url) => url.pathname === pathname,
    async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(
        PAGE_DATA_BLOCK,
        (_block, open: string, data: string, close: string) =>
          open + pageDataText(edit(JSON.parse(data) as PageAnswer[])) + close,
      );
      await route.fulfill({ response, body: html });
    },
  );
}

export function uniqueName(prefix: string): string {
  return `${prefix} ${Math.random().toString(36).slice(2, 8)}`;
}

/** Ticks the ALTCHA widget and waits until its proof of work is done (its hidden field holds the payload). */
export async function solveCaptcha(page: Page): Promise<void> {
  const widget = page.locator('altcha-widget');
  // The widget swaps its checkbox for a spinner while it works, so click rather than check.
  await widget.locator('input[type="checkbox"]').click();
  await expect(widget.locator('input[name="altcha"]')).not.toHaveValue('', { timeout: 30_000 });
}

/**
 * A private address of a member's own: the product allows 10 sign-ups a minute from one address, and a run on a
 * fast machine registers more members than that. The local server passes CF-Connecting-IP on as Cloudflare would
 * set it; a private address keeps IP location out of the picture.
 */
export function ownAddress(): string {
  const part = () => Math.floor(Math.random() * 254) + 1;
  return `10.${part()}.${part()}.${part()}`;
}

/** The roles of the registration form, by their labels. */
export type FormRole = 'Client' | 'Therapist' | 'Spa Management';

/** Registers a member through the form, with the real captcha widget (the page ends on / or shows the error). */
export async function register(page: Page, name: string, role: FormRole = 'Client') {
  await page.context().setExtraHTTPHeaders({ 'CF-Connecting-IP': ownAddress() });
  await page.goto('/auth');
  await page.getByRole('button', { name: 'CREATE NEW ACCOUNT' }).click();
  await page.getByLabel('Your Name').fill(name);
  await page.getByLabel('New Password').fill(PASSWORD);
  await page.getByRole('radio', { name: role, exact: true }).check();
  await page.getByLabel("I'm older than 21 years old").check();
  await solveCaptcha(page);
  await page.getByRole('button', { name: 'CREATE ACCOUNT' }).click();
}

const ROLE_VALUES: Record<FormRole, string> = {
  Client: 'client',
  Therapist: 'therapist',
  'Spa Management': 'spa_management',
};

/**
 * Registers a new member through POST /api/register, solving the ALTCHA challenge here as the widget would; the
 * session cookie lands in the page's browser context (the page itself does not move). For journeys that need a
 * member of their own but are not about the registration form (accounts.spec.ts goes through the form).
 */
export async function registerThroughApi(page: Page, name: string, role: FormRole = 'Client'): Promise<void> {
  const address = ownAddress();
  await page.context().setExtraHTTPHeaders({ 'CF-Connecting-IP': address });
  const challengeResponse = await page.request.get('/api/captcha/challenge', {
    headers: { 'CF-Connecting-IP': address },
  });
  expect(challengeResponse.status(), 'captcha challenge').toBe(200);
  const challenge = (await challengeResponse.json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  expect(solution, 'captcha solved').toBeTruthy();
  const response = await page.request.post('/api/register', {
    data: {
      name,
      password: PASSWORD,
      role: ROLE_VALUES[role],
      ageConfirmation: true,
      recaptchaToken: btoa(JSON.stringify({ challenge, solution })),
    },
    headers: { Origin: appUrl(), 'CF-Connecting-IP': address },
  });
  expect(response.status(), `register ${name}: ${await response.text()}`).toBe(200);
}

/** The password of every demo account (db/seed.ts). */
export const DEMO_PASSWORD = 'spa-demo-2026';

/** Where global-setup.ts keeps the demo accounts' sessions: the run's throw-away data folder. */
const SIGNED_IN_DIR = resolve(import.meta.dirname, '..', process.env.E2E_DATA_DIR ?? '.e2e-data', 'signed-in');

/**
 * The storage state (Playwright's storageState file) of a demo account's session on an app (the current test's
 * unless said), made once per run by global-setup.ts.
 */
export function storageStateOf(name: string, app: string = appUrl()): string {
  return join(SIGNED_IN_DIR, new URL(app).port, `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.json`);
}

/**
 * Signs a member in without the form. A demo account takes its stored session (global-setup.ts signed it in once
 * for the whole run, so journeys spend no sign-in and never meet the sign-in rate limits); anyone else signs in
 * through POST /api/login. Either way the session cookie lands in the page's browser context.
 * A journey that signs a stored session out or in again would end it for every journey: those sign in on the form.
 */
export async function signIn(page: Page, name: string, password = DEMO_PASSWORD): Promise<void> {
  const stored = storageStateOf(name);
  if (password === DEMO_PASSWORD && existsSync(stored)) {
    const { cookies } = JSON.parse(readFileSync(stored, 'utf8')) as {
      cookies: Parameters<BrowserContext['addCookies']>[0];
    };
    await page.context().addCookies(cookies);
    return;
  }
  const origin = appUrl();
  const response = await page.request.post('/api/login', { data: { name, password }, headers: { Origin: origin } });
  expect(response.status(), `sign in as ${name}`).toBe(200);
}

/** Signs a member in through the sign-in form, as a person would (the page ends on / or shows the error). */
export async function signInWithForm(page: Page, name: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'ENTER' }).click();
}

export interface Member {
  page: Page;
  name: string;
}

/**
 * Members for a spec, each in their own browser context (own cookies, the spec's browser options such as a
 * geolocation); the contexts close after each test. A closed member stays listed as away for the hub's grace
 * period, so journeys find members by name.
 */
export function membersForEachTest(options: BrowserContextOptions = {}) {
  const contexts: BrowserContext[] = [];
  test.afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  /** A page in a context of its own; with a storage state (storageStateOf), signed in as that demo account. */
  const newPage = async (browser: Browser, storageState?: string, extra: BrowserContextOptions = {}): Promise<Page> => {
    const context = await browser.newContext(
      contextOptions({ ...options, ...extra, ...(storageState ? { storageState } : {}) }),
    );
    contexts.push(context);
    return context.newPage();
  };
  /** A new member (registered through the API) who opens `path` straight away. */
  const registeredAt = async (browser: Browser, prefix: string, path: string): Promise<Member> => {
    const page = await newPage(browser);
    const name = uniqueName(prefix);
    await registerThroughApi(page, name);
    await page.goto(path);
    return { page, name };
  };
  /** A new member (registered through the API), on the home screen. */
  const registered = async (
    browser: Browser,
    prefixOrName: string,
    options: { exactName?: boolean } = {},
  ): Promise<Member> => {
    const page = await newPage(browser);
    const name = options.exactName ? prefixOrName : uniqueName(prefixOrName);
    await signedUpAtHome(page, name);
    return { page, name };
  };
  /** A new member (registered through the API), on /chat (reached through the navigation). */
  const onChat = async (
    browser: Browser,
    prefixOrName: string,
    options: { exactName?: boolean } = {},
  ): Promise<Member> => {
    const member = await registered(browser, prefixOrName, options);
    await openTab(member.page, 'Chat');
    await expect(member.page).toHaveURL(/\/chat$/);
    return member;
  };
  return { newPage, registeredAt, registered, onChat };
}

/** Registers a new member through the API and opens the home screen, signed in (the navigation shows). */
export async function signedUpAtHome(page: Page, name: string, role: FormRole = 'Client'): Promise<void> {
  await registerThroughApi(page, name, role);
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
}

export async function openTab(page: Page, tab: 'Map' | 'Chat' | 'Search' | 'Top 10' | 'Premium') {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: tab }).click();
}

export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    );
}

/** A asks B for a chat and B accepts (both on /chat); returns both sides' chat regions. */
export async function startChat(a: Member, b: Member) {
  await a.page.getByRole('button', { name: `Chat with ${b.name}` }).click();
  await b.page.getByRole('button', { name: `Accept chat request from ${a.name}` }).click();
  const chatOnA = a.page.getByRole('region', { name: `Chat with ${b.name}` });
  const chatOnB = b.page.getByRole('region', { name: `Chat with ${a.name}` });
  await expect(chatOnA).toBeVisible();
  await expect(chatOnB).toBeVisible();
  return { chatOnA, chatOnB };
}

/** Nothing on the page scrolls sideways: the document is exactly as wide as the viewport. */
export async function expectNoSidewaysScroll(page: Page, where: string) {
  const widths = await page.evaluate(() => ({
    document: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(widths.document, `${where} is wider than the screen`).toBe(widths.viewport);
}

/**
 * Every visible control inside `scope` (buttons, links, fields, checkboxes, radios) offers a tap target of at
 * least 44x44 px: its own box, or for a box with a label, the two together.
 */
export async function expectTapTargets(scope: Locator, where: string) {
  const small = await scope.evaluate((element) => {
    const selector =
      'button, a[href], input:not([type=hidden]), textarea, select, summary, [role=button], [role=checkbox], [role=radio]';
    const found: string[] = [];
    for (const control of element.querySelectorAll<HTMLElement>(selector)) {
      const box = control.getBoundingClientRect();
      const style = getComputedStyle(control);
      if (
        box.width === 0 ||
        box.height === 0 ||
        style.visibility === 'hidden' ||
        control.closest('[aria-hidden=true], altcha-widget')
      )
        continue;
      let { left, top, right, bottom } = box;
      const labels = 'labels' in control ? [...((control as HTMLInputElement).labels ?? [])] : [];
      for (const label of [...labels, control.closest('label')].filter(Boolean) as HTMLElement[]) {
        const area = label.getBoundingClientRect();
        left = Math.min(left, area.left);
        top = Math.min(top, area.top);
        right = Math.max(right, area.right);
        bottom = Math.max(bottom, area.bottom);
      }
      // Half a pixel of rounding is allowed.
      if (right - left < 43.5 || bottom - top < 43.5)
        found.push(
          `${control.tagName.toLowerCase()} "${(control.getAttribute('aria-label') ?? control.textContent ?? '').trim().slice(0, 40)}" ${Math.round(right - left)}x${Math.round(bottom - top)}`,
        );
    }
    return found;
  });
  expect(small, `tap targets under 44x44 px on ${where}`).toEqual([]);
}

/** The gap in px between two controls (0 when they touch or overlap), horizontally or vertically. */
export async function gapBetween(first: Locator, second: Locator): Promise<number> {
  const a = (await first.boundingBox())!;
  const b = (await second.boundingBox())!;
  const horizontal = Math.max(b.x - (a.x + a.width), a.x - (b.x + b.width));
  const vertical = Math.max(b.y - (a.y + a.height), a.y - (b.y + b.height));
  return Math.max(0, horizontal, vertical);
}

/** Pretends the tab went to the background (or came back): what a browser does when the member switches tabs. */
export async function setTabHidden(page: Page, hidden: boolean) {
  await page.evaluate((value) => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => value });
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => (value ? 'hidden' : 'visible'),
    });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

/** The spa map's area: it carries how many spas are shown (`data-spas-shown`) and drawn (`data-spas-drawn`). */
export const spaMapArea = (page: Page) => page.locator('[data-spas-shown]');

/**
 * Waits for the spa map to be ready on the given basemap with its spas drawn (at least one in view). Software
 * WebGL draws a wide map's first frame slowly on a loaded 2-core machine: four 1280x800 maps at once took 6 to 9 s
 * from ready to markers here, and CI machines are slower still; these are hang limits, not speed checks (the speed
 * is bench/map.ts's).
 */
export async function waitForSpaMarkers(page: Page, basemap: 'embedded' | 'mapbox' = 'embedded'): Promise<void> {
  await expect(page.locator('[data-map-state="ready"]')).toHaveAttribute('data-basemap', basemap, { timeout: 60_000 });
  await expect
    .poll(async () => Number(await spaMapArea(page).getAttribute('data-spas-drawn')), { timeout: 60_000 })
    .toBeGreaterThan(0);
}

/**
 * Waits until an element that moves with a map (a marker) stays put from one animation frame to the next for a
 * few frames: the map has stopped moving (a fly-to has ended).
 */
export async function whenStill(marker: Locator): Promise<void> {
  await expect
    .poll(() =>
      marker.evaluate(async (element) => {
        const where = () => JSON.stringify(element.getBoundingClientRect());
        const before = where();
        for (let frame = 0; frame < 6; frame++) await new Promise(requestAnimationFrame);
        return where() === before;
      }),
    )
    .toBe(true);
}

/** The seconds a countdown shows ("28s left"). */
export async function secondsShown(countdownOwner: Locator): Promise<number> {
  const text = await countdownOwner.getByText(/^\d+s left$/).textContent();
  return Number(text?.match(/\d+/)?.[0]);
}
