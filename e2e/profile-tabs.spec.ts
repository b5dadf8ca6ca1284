// The profile's tabs as one sticky, sideways-scrolling bar at 390x844. A spa manager looks at a
// client: all 8 of the spec's tabs (three rows' worth, kept as groups) sit on one line; tapping "Stars Given" shows
// its section right under the bar on the first screen; the chosen tab is scrolled into view inside the bar; the
// bar sticks under the header when the page scrolls; the arrow keys, Home and End move between tabs as Radix Tabs
// does, and each panel is labelled by its tab. A client looking at another client still gets only the first row.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectNoSidewaysScroll, seriousViolations, signIn } from './helpers.ts';

const CLIENT_RECORD = [
  'About',
  'Spas Reviewed',
  'Therapists Reviewed',
  'Stars Given',
  'Flowers Given',
  'Red Flags Received',
  'Medals Received',
  'Contact',
];
const VIEWPORT_BOTTOM = 844 - 60; // above the bottom navigation

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, 'on screen').not.toBeNull();
  return found!;
}

/** The tab is whole inside the bar's visible width. */
async function expectWithinBar(tab: Locator, bar: Locator) {
  await expect
    .poll(async () => {
      const [t, b] = [await box(tab), await box(bar)];
      return t.x >= b.x - 0.5 && t.x + t.width <= b.x + b.width + 0.5;
    })
    .toBe(true);
}

/** The open section starts right under the bar, on the first screen. */
async function expectSectionUnderBar(page: Page, bar: Locator, name: string) {
  const panel = page.getByRole('tabpanel', { name: new RegExp(`^${name}`) });
  await expect(panel).toBeVisible();
  await expect
    .poll(
      async () => {
        const [p, b] = [await box(panel), await box(bar)];
        return p.y - (b.y + b.height) <= 24 && p.y < VIEWPORT_BOTTOM - 120;
      },
      { message: `${name} shows right under the bar` },
    )
    .toBe(true);
}

test("a spa manager's view of a client: eight tabs on one sticky line, each section right under it", async ({
  page,
}) => {
  await signIn(page, 'Makati Serenity Spa');
  await page.goto('/profile/juan-dela-cruz');
  const bar = page.getByRole('tablist', { name: 'Profile sections', exact: true });
  await expect(bar).toHaveCount(1);
  const tabs = bar.getByRole('tab');
  await expect(tabs).toHaveCount(CLIENT_RECORD.length);
  expect((await tabs.allInnerTexts()).map((text) => text.replace(/\s*\d+$/, '').trim())).toEqual(CLIENT_RECORD);
  // The spec's rows stay as groups of the one bar.
  expect(await tabs.evaluateAll((all) => all.map((tab) => tab.getAttribute('data-row')))).toEqual([
    '1',
    '1',
    '1',
    '2',
    '2',
    '3',
    '3',
    '3',
  ]);
  // One line: every tab at the same height, the bar no taller than one chip and its padding.
  const tops = new Set<number>();
  for (const tab of await tabs.all()) tops.add(Math.round((await box(tab)).y));
  expect(tops.size).toBe(1);
  expect((await box(bar)).height).toBeLessThan(70);
  await expectNoSidewaysScroll(page, 'client profile');

  // A tap on Stars Given: selected, whole inside the bar, its section under the bar on the first screen.
  const starsGiven = bar.getByRole('tab', { name: /^Stars Given/ });
  await starsGiven.click();
  await expect(starsGiven).toHaveAttribute('aria-selected', 'true');
  await expectWithinBar(starsGiven, bar);
  await expectSectionUnderBar(page, bar, 'Stars Given');
  await expect(page.getByRole('heading', { name: 'Stars Given' })).toBeInViewport();
  // The bar has stuck under the header (57 px).
  await expect.poll(async () => Math.round((await box(bar)).y)).toBe(57);

  // The keyboard: arrows move and select, End and Home reach the ends; the chosen tab stays whole in view.
  await starsGiven.focus();
  await page.keyboard.press('ArrowRight');
  const flowersGiven = bar.getByRole('tab', { name: /^Flowers Given/ });
  await expect(flowersGiven).toBeFocused();
  await expect(flowersGiven).toHaveAttribute('aria-selected', 'true');
  await expectSectionUnderBar(page, bar, 'Flowers Given');
  await page.keyboard.press('End');
  const contact = bar.getByRole('tab', { name: 'Contact' });
  await expect(contact).toHaveAttribute('aria-selected', 'true');
  await expectWithinBar(contact, bar);
  await expectSectionUnderBar(page, bar, 'Contact');
  await page.keyboard.press('Home');
  const about = bar.getByRole('tab', { name: 'About' });
  await expect(about).toHaveAttribute('aria-selected', 'true');
  await expectWithinBar(about, bar);

  // Scrolled down into a long section, another tab starts its section at the top again, under the bar.
  await bar.getByRole('tab', { name: /^Spas Reviewed/ }).click();
  await expect(page.getByRole('tabpanel').getByRole('article').first()).toBeVisible();
  await page.mouse.wheel(0, 1500);
  await expect.poll(async () => Math.round((await box(bar)).y)).toBe(57);
  await bar.getByRole('tab', { name: /^Medals Received/ }).click();
  await expectSectionUnderBar(page, bar, 'Medals Received');

  expect(await seriousViolations(page)).toEqual([]);
});

test('a client looking at another client gets the first row only, on the same bar', async ({ page }) => {
  await signIn(page, 'Juan dela Cruz');
  await page.goto('/leaderboards');
  await page.getByRole('tab', { name: 'Top Clients' }).click();
  const someone = page
    .getByRole('list', { name: /^Top Clients/ })
    .getByRole('link')
    .filter({ hasNotText: 'Juan dela Cruz' })
    .first();
  await someone.click();
  const bar = page.getByRole('tablist', { name: 'Profile sections', exact: true });
  await expect(bar.getByRole('tab')).toHaveCount(3);
  expect((await bar.getByRole('tab').allInnerTexts()).map((text) => text.replace(/\s*\d+$/, '').trim())).toEqual([
    'About',
    'Spas Reviewed',
    'Therapists Reviewed',
  ]);
  await bar.getByRole('tab', { name: /^Therapists Reviewed/ }).click();
  await expectSectionUnderBar(page, bar, 'Therapists Reviewed');
  expect(await seriousViolations(page)).toEqual([]);
});
