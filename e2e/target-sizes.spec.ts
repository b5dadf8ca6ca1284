// Target sizes (WCAG 2.2 success criterion 2.5.8, Target Size (Minimum)) at 390x844: every screen,
// signed out and signed in (the screens whose controls depend on the role as each demo role, the others as the demo
// client), with each of its tabs open, and every button, [role=button], [role=tab], select,
// checkbox, radio and standalone link measured (a control's label counts as part of its target). Any under 24x24 px
// fails the journey, listed by screen. A link inside running text (a name in a sentence) is left out, as 2.5.8's
// inline exception allows. The primary controls (the bottom navigation, the header's buttons, and filled
// call-to-action buttons) must be at least 44x44 px. On each screen and tab, axe finds nothing serious either,
// checked once per screen and tab whichever role saw it first.
import type { Browser, Page } from '@playwright/test';
import { contextOptions, expect, test } from './fixtures.ts';
import { seriousViolations, storageStateOf } from './helpers.ts';

const MINIMUM = 24;
const PRIMARY = 44;

interface Visit {
  path: string;
  /** Tab lists whose every tab is opened in turn (their names), and measured with each open. */
  tabs?: string[];
}

const SIGNED_OUT: Visit[] = [
  { path: '/' },
  { path: '/auth' },
  { path: '/auth?mode=register' },
  { path: '/forgot-password' },
  { path: '/reset-password?token=not-a-real-token' },
  { path: '/leaderboards', tabs: ['Leaderboards'] },
];

/** Screens that show every signed-in member the same controls: measured once, as the demo client. */
const SHARED: Visit[] = [
  { path: '/map' },
  { path: '/chat' },
  { path: '/search' },
  { path: '/leaderboards', tabs: ['Leaderboards'] },
  { path: '/premium' },
  { path: '/edit-address' },
  { path: '/favorites' },
  { path: '/stars' },
  { path: '/flowers' },
  { path: `/transactions/makati-serenity-spa/stars` },
];

/** Screens whose controls depend on the role (the home, profiles and their tabs, the editor, the histories). */
function ownScreens(other: string): Visit[] {
  return [
    { path: '/' },
    { path: '/profile', tabs: ['Profile sections'] },
    { path: `/profile/${other}`, tabs: ['Profile sections'] },
    { path: '/edit-profile', tabs: ['Edit profile sections'] },
    { path: '/medals' },
    { path: '/red-flags' },
  ];
}

const ROLES: { name: string; visits: Visit[] }[] = [
  {
    name: 'Juan dela Cruz',
    visits: [
      ...ownScreens('makati-serenity-spa'),
      ...SHARED,
      { path: '/write-review/makati-serenity-spa' },
      { path: '/profile/maria-santos', tabs: ['Profile sections'] },
      { path: '/visits' },
      { path: '/visits/new' },
    ],
  },
  { name: 'Maria Santos', visits: [...ownScreens('juan-dela-cruz'), { path: '/licences' }] },
  {
    name: 'Makati Serenity Spa',
    visits: [
      ...ownScreens('juan-dela-cruz'),
      { path: '/write-review/juan-dela-cruz' },
      { path: '/analytics' },
      { path: '/visits/code' },
      { path: '/licences' },
    ],
  },
  { name: 'Tala Admin', visits: [...ownScreens('makati-serenity-spa'), { path: '/admin', tabs: ['Admin sections'] }] },
];

/** Everything on the page under the minimum (and primary controls under 44 px), described. */
async function undersized(page: Page): Promise<string[]> {
  return page.evaluate(
    ({ minimum, primary }) => {
      const tolerance = 0.5;
      const isInline = (element: Element) => getComputedStyle(element).display === 'inline';
      /**
       * A link inside running text: inline, in a sentence of its own block (text right after it, or text before it
       * that does not end a sentence). A link appended after a paragraph's last sentence ("… the CSV export. See
       * Premium") is a call to action of its own, and is measured.
       */
      const inRunningText = (link: Element): boolean => {
        if (!isInline(link)) return false;
        let block: Element | null = link.parentElement;
        while (block && isInline(block)) block = block.parentElement;
        if (!block) return false;
        let before = '';
        let after = '';
        const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (link.contains(node) || !node.textContent?.trim()) continue;
          // Only text in the same line box: every element between it and the block is inline, and not a control.
          let parent = node.parentElement;
          let sameLine = true;
          while (parent && parent !== block) {
            if (!isInline(parent) || parent.matches('a[href], button, .sr-only')) {
              sameLine = false;
              break;
            }
            parent = parent.parentElement;
          }
          if (!sameLine) continue;
          if (link.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_PRECEDING) before += node.textContent;
          else after += node.textContent;
        }
        if (/[\p{L}\p{N}]/u.test(after)) return true;
        return before.trim() !== '' && !/[.!?:]\s*$/.test(before);
      };
      const nameOf = (element: Element) =>
        (element.getAttribute('aria-label') ?? (element as HTMLElement).innerText ?? element.textContent ?? '')
          .replace(/\s+/g, ' ')
          .trim()
          .slice(0, 50);
      const filled = (element: Element) => {
        const match = getComputedStyle(element).backgroundColor.match(
          /rgba?\(([\d.]+), ([\d.]+), ([\d.]+)(?:, ([\d.]+))?\)/,
        );
        if (!match || (match[4] !== undefined && Number(match[4]) < 0.5)) return false;
        const [r, g, b] = [Number(match[1]), Number(match[2]), Number(match[3])];
        const max = Math.max(r, g, b);
        const min = Math.min(r, g, b);
        // A saturated or dark fill (brand green, red, amber), not white or the page's sand.
        return max - min > 60 || max < 90;
      };
      const found: string[] = [];
      for (const element of document.querySelectorAll(
        'button, [role="button"], [role="tab"], a[href], select, input[type="checkbox"], input[type="radio"]',
      )) {
        if (element.closest('[aria-hidden="true"], [inert]')) continue;
        const style = getComputedStyle(element);
        if (style.visibility === 'hidden' || style.display === 'none') continue;
        const own = element.getBoundingClientRect();
        // Not drawn, or visually hidden until focused (a skip link).
        if (own.width <= 1 || own.height <= 1) continue;
        // A control's label is part of its target (a radio and its text).
        let { left, top, right, bottom } = own;
        for (const label of 'labels' in element
          ? [...((element as HTMLButtonElement | HTMLInputElement | HTMLSelectElement).labels ?? [])]
          : []) {
          const area = label.getBoundingClientRect();
          left = Math.min(left, area.left);
          top = Math.min(top, area.top);
          right = Math.max(right, area.right);
          bottom = Math.max(bottom, area.bottom);
        }
        const box = { width: right - left, height: bottom - top };
        const role = element.getAttribute('role');
        if (element.matches('a[href]') && !role && inRunningText(element)) continue;
        const label = `${element.tagName.toLowerCase()}${role ? `[role=${role}]` : ''} "${nameOf(element)}" ${Math.round(box.width)}x${Math.round(box.height)}`;
        if (box.width < minimum - tolerance || box.height < minimum - tolerance) {
          found.push(`under ${minimum}x${minimum}: ${label}`);
          continue;
        }
        const isPrimary =
          role !== 'tab' &&
          (element.closest('nav[aria-label="Main"]') !== null ||
            element.closest('header.sticky') !== null ||
            (element.matches('button, a[href]') && filled(element)));
        if (isPrimary && (box.width < primary - tolerance || box.height < primary - tolerance))
          found.push(`primary under ${primary}x${primary}: ${label}`);
      }
      return found;
    },
    { minimum: MINIMUM, primary: PRIMARY },
  );
}

/**
 * Opens a screen. wrangler dev restarts the Worker when a file it serves changes; a navigation that meets the
 * restart (502) is made again, a few times at most.
 */
async function open(page: Page, path: string) {
  for (let attempt = 1; ; attempt++) {
    const response = await page.goto(path).catch((error: Error) => (attempt < 4 ? null : Promise.reject(error)));
    if (response && response.status() < 500) return;
    if (attempt >= 4) throw new Error(`${path} answered ${response?.status()}`);
    await page.waitForLoadState('domcontentloaded').catch(() => undefined);
  }
}

/** The screen has settled: nothing says it is loading. */
async function settled(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByText(/^Loading/)).toHaveCount(0, { timeout: 20_000 });
}

/**
 * Screens and tabs axe has checked in this worker, by path and tab: axe is the slow part of a visit, and another
 * role's view of the same screen is made of the same components (the role's own controls are measured for size).
 */
const checkedByAxe = new Set<string>();

async function axeOnce(page: Page, key: string, where: string): Promise<string[]> {
  if (checkedByAxe.has(key)) return [];
  checkedByAxe.add(key);
  return (await seriousViolations(page)).map((problem) => `${where}: axe ${problem}`);
}

async function measureVisits(page: Page, who: string, visits: Visit[]): Promise<string[]> {
  const problems: string[] = [];
  for (const visit of visits) {
    await open(page, visit.path);
    await settled(page);
    const where = `${who} ${visit.path}`;
    problems.push(...(await undersized(page)).map((problem) => `${where}: ${problem}`));
    problems.push(...(await axeOnce(page, `${who === 'signed out' ? 'out' : 'in'} ${visit.path}`, where)));
    if (process.env.TARGETS_LOG) console.log(`visited ${where}`);
    for (const list of visit.tabs ?? []) {
      const tablist = page.getByRole('tablist', { name: list, exact: true });
      await expect(tablist, `${where} ${list}`).toBeVisible();
      const names = await tablist.getByRole('tab').allInnerTexts();
      for (const [index, name] of names.entries()) {
        await tablist.getByRole('tab').nth(index).click();
        await settled(page);
        const tab = `${where} [${name.replace(/\s+/g, ' ').trim()}]`;
        problems.push(...(await undersized(page)).map((problem) => `${tab}: ${problem}`));
        problems.push(...(await axeOnce(page, `${visit.path} [${name.replace(/\s+|\d+/g, '')}]`, tab)));
      }
    }
  }
  const distinct = [...new Set(problems)];
  if (process.env.TARGETS_LOG) for (const problem of distinct) console.log(`TARGET ${problem}`);
  return distinct;
}

async function rolePage(browser: Browser, name: string | null): Promise<Page> {
  const context = await browser.newContext(contextOptions({ ...(name ? { storageState: storageStateOf(name) } : {}) }));
  return context.newPage();
}

// Each role's visit is a test of its own: they may run on both workers at once.
test.describe.configure({ mode: 'parallel' });

test('signed out: every button, tab and standalone link is at least 24x24 px, and axe finds nothing serious', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const page = await rolePage(browser, null);
  expect(await measureVisits(page, 'signed out', SIGNED_OUT)).toEqual([]);
  await page.context().close();
});

for (const role of ROLES) {
  test(`${role.name}: every button, tab and standalone link on every screen is at least 24x24 px, and axe finds nothing serious`, async ({
    browser,
  }) => {
    test.setTimeout(480_000);
    const page = await rolePage(browser, role.name);
    expect(await measureVisits(page, role.name, role.visits)).toEqual([]);
    await page.context().close();
  });
}
