// The map on a phone (Chromium at 390x844, touch, the embedded basemap):
// - a spa's card opens whole on screen wherever the spa is (near the top right, the middle, the bottom
//   left of the map): a bottom sheet across the map, Name, Profile, Call and Navigate reachable, the close button
//   clear of the name and the FEATURED LOCATION banner, and the spa itself left in view above it; on a wide screen
//   a card at the lower left;
// - with a chat open, the chat pill, the map's Recenter button and credits, the card, the navigation panel
//   and the bottom bar never overlap, and a tap on Recenter reaches Recenter;
// - coming back to Map through the bottom bar shows the spas again, on the same map, where the member
//   left it (bench/map.ts measures how fast);
// - Navigate offers the route in Google Maps and Waze beside the in-app estimate.
// Positions on the map are found from the member's blue dot, which moves with the map: a spa moves by as much.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  membersForEachTest,
  openTab,
  seriousViolations,
  startChat,
  spaMapArea,
  storageStateOf,
  waitForSpaMarkers,
  whenStill,
} from './helpers.ts';

// Each journey here draws the map in software WebGL for several placements and sizes: 30 to 45 s on a quiet
// machine, and near a minute in a whole run on a loaded one, so three times the default before one counts as hung.
test.describe.configure({ timeout: 180_000 });

const DEMO_CLIENT = 'Juan dela Cruz';
/** Makati, near the demo spas: the device's location. */
const MAKATI = { latitude: 14.5547, longitude: 121.0244 };
const SPA = 'Makati Serenity Spa';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
interface Point {
  x: number;
  y: number;
}

const { newPage, registeredAt } = membersForEachTest({ geolocation: MAKATI, permissions: ['geolocation'] });

const canvas = (page: Page) => page.locator('[data-map-state="ready"] canvas');
const card = (page: Page) => page.getByTestId('spa-popup');
const blueDot = (page: Page) => page.getByRole('img', { name: 'Your Location' });
const recenterButton = (page: Page) => page.getByRole('button', { name: 'Recenter on your location' });
const credits = (page: Page) => page.locator('.maplibregl-ctrl-attrib');
const bottomBar = (page: Page) => page.getByRole('navigation', { name: 'Main' });

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, `${locator} has a box`).not.toBeNull();
  return box!;
}

const centreOf = (box: Box): Point => ({ x: box.x + box.width / 2, y: box.y + box.height / 2 });

function intersects(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** No two of the named boxes overlap. */
async function expectApart(named: Record<string, Locator>) {
  const boxes = await Promise.all(
    Object.entries(named).map(async ([name, locator]) => [name, await boxOf(locator)] as const),
  );
  const overlaps: string[] = [];
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++)
      if (intersects(boxes[i]![1], boxes[j]![1])) overlaps.push(`${boxes[i]![0]} / ${boxes[j]![0]}`);
  expect(overlaps, 'floating things that overlap').toEqual([]);
}

/** The element is wholly inside the window, and a tap at its middle lands on it (nothing covers it). */
async function expectReachable(locator: Locator, name: string) {
  const box = await boxOf(locator);
  const viewport = locator.page().viewportSize()!;
  expect(box.x, `${name}: left edge on screen`).toBeGreaterThanOrEqual(0);
  expect(box.y, `${name}: top edge on screen`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${name}: right edge on screen`).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height, `${name}: bottom edge on screen`).toBeLessThanOrEqual(viewport.height);
  const reached = await locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const hit = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
    return hit !== null && (hit === element || element.contains(hit));
  });
  expect(reached, `${name}: a tap at its middle reaches it`).toBe(true);
}

/** The card is whole inside the map (under the header, above the bottom bar) and its controls can be tapped. */
async function expectWholeCard(page: Page, spaName: string) {
  const sheet = card(page);
  await expect(sheet).toBeVisible();
  const heading = sheet.getByRole('heading', { name: spaName });
  await expect(heading).toHaveCSS('text-transform', 'uppercase');
  const map = await boxOf(page.getByRole('region', { name: 'Spa map' }));
  const box = await boxOf(sheet);
  expect(box.y, 'the card starts below the header').toBeGreaterThanOrEqual(map.y);
  expect(box.y + box.height, 'the card ends above the bottom bar').toBeLessThanOrEqual(map.y + map.height);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  await expectReachable(heading, 'the name');
  for (const control of [
    sheet.getByRole('link', { name: 'Profile' }),
    sheet.getByRole('link', { name: 'Call' }),
    sheet.getByRole('button', { name: 'Navigate' }),
  ])
    await expectReachable(control, await control.innerText());
  const close = sheet.getByRole('button', { name: 'Close' });
  await expectReachable(close, 'the close button');
  expect(intersects(await boxOf(close), await boxOf(heading)), 'the close button sits on the name').toBe(false);
  const banner = sheet.getByText('FEATURED LOCATION', { exact: true });
  if (await banner.count())
    expect(intersects(await boxOf(close), await boxOf(banner)), 'the close button sits on the banner').toBe(false);
}

/** Pans the map with the keyboard (100 px a press, no fling) and waits until it stands still. */
async function panMap(page: Page, key: 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight', times: number) {
  await canvas(page).focus();
  for (let i = 0; i < times; i++) {
    await page.keyboard.press(key);
    await whenStill(blueDot(page));
  }
}

/** Opens the spa from the list view: the map flies there (zoom 15) with the spa in the middle. */
async function openFromList(page: Page, spaName: string) {
  await page.getByRole('button', { name: 'List view' }).click();
  await page.getByRole('button', { name: new RegExp(spaName) }).click();
  await expect(card(page)).toBeVisible();
  await whenStill(blueDot(page));
}

async function save(page: Page, name: string) {
  const body = await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
  await test.info().attach(name, { body, contentType: 'image/png' });
}

test('a spa near the top right, in the middle or near the bottom left opens its whole card on screen, the spa left in view', async ({
  browser,
}) => {
  const page = await newPage(browser, storageStateOf(DEMO_CLIENT));
  await page.goto('/');
  await waitForSpaMarkers(page);
  await openFromList(page, SPA);
  await expectWholeCard(page, SPA);
  await page.keyboard.press('Escape');
  await expect(card(page)).toHaveCount(0);

  // The spa sits in the middle of the map now; from here on, it moves as the blue dot does.
  const map = await boxOf(canvas(page));
  const start = { spa: centreOf(map), dot: centreOf(await boxOf(blueDot(page))) };
  const spaNow = async (): Promise<Point> => {
    const dot = centreOf(await boxOf(blueDot(page)));
    return { x: start.spa.x + dot.x - start.dot.x, y: start.spa.y + dot.y - start.dot.y };
  };
  const places: { name: string; target: Point }[] = [
    { name: 'near the top right', target: { x: map.x + map.width - 70, y: map.y + 70 } },
    { name: 'in the middle', target: centreOf(map) },
    { name: 'near the bottom left', target: { x: map.x + 70, y: map.y + map.height - 70 } },
  ];
  for (const { name, target } of places) {
    // Keyboard pans move the map 100 px a step: the spa lands within 50 px of the target.
    let spa = await spaNow();
    const down = Math.round((spa.y - target.y) / 100);
    const right = Math.round((spa.x - target.x) / 100);
    if (down) await panMap(page, down > 0 ? 'ArrowDown' : 'ArrowUp', Math.abs(down));
    if (right) await panMap(page, right > 0 ? 'ArrowRight' : 'ArrowLeft', Math.abs(right));
    spa = await spaNow();
    expect(Math.abs(spa.x - target.x), `${name}: the spa is where it should be`).toBeLessThanOrEqual(50);
    expect(Math.abs(spa.y - target.y), `${name}: the spa is where it should be`).toBeLessThanOrEqual(50);
    await page.mouse.click(spa.x, spa.y);

    await expectWholeCard(page, SPA);
    await whenStill(blueDot(page));
    // The card never covers the spa: the map moves it above the card when it would.
    const shown = await spaNow();
    const sheet = await boxOf(card(page));
    expect(shown.y, `${name}: the spa stays above the card`).toBeLessThan(sheet.y);
    expect(shown.y, `${name}: the spa stays on the map`).toBeGreaterThan(map.y);
    expect(shown.x).toBeGreaterThan(map.x);
    expect(shown.x).toBeLessThan(map.x + map.width);
    await save(page, `card-${name.replaceAll(' ', '-')}`);
    if (name === 'in the middle') expect(await seriousViolations(page)).toEqual([]);

    await page.keyboard.press('Escape');
    await expect(card(page)).toHaveCount(0);
  }
});

test('on a wide screen the card sits at the lower left of the map, whole, with the spa beside it', async ({
  browser,
}) => {
  const page = await newPage(browser, storageStateOf(DEMO_CLIENT), { viewport: { width: 1280, height: 800 } });
  await page.goto('/');
  await waitForSpaMarkers(page);
  await openFromList(page, SPA);
  await expectWholeCard(page, SPA);
  const sheet = await boxOf(card(page));
  const map = await boxOf(canvas(page));
  expect(sheet.width, 'a card, not a sheet across the map').toBeLessThan(map.width / 2);
  // The spa opened from the list lands in the middle of the map, clear of the card.
  const spa = centreOf(map);
  expect(intersects(sheet, { x: spa.x - 16, y: spa.y - 16, width: 32, height: 32 })).toBe(false);
  await expectApart({
    card: card(page),
    Recenter: recenterButton(page),
    'map credits': credits(page),
    'bottom bar': bottomBar(page),
  });
  await save(page, 'card-wide-screen');
});

test('with a chat open, the chat pill, Recenter, the map credits, the card, the navigation panel and the bottom bar never overlap', async ({
  browser,
}) => {
  const member = await registeredAt(browser, 'Pill Amihan', '/chat');
  const other = await registeredAt(browser, 'Pill Bayani', '/chat');
  await startChat(member, other);

  const page = member.page;
  await openTab(page, 'Map');
  await waitForSpaMarkers(page);
  const pill = page.getByRole('button', { name: `Back to your chat with ${other.name}` });
  await expect(pill).toBeVisible();
  await expect(recenterButton(page)).toBeVisible();
  const creditsButton = credits(page);
  await expect(creditsButton).toBeVisible();
  await expectApart({
    'chat pill': pill,
    Recenter: recenterButton(page),
    'map credits': creditsButton,
    'bottom bar': bottomBar(page),
  });
  await expectReachable(recenterButton(page), 'Recenter');
  await expectReachable(pill, 'the chat pill');
  await save(page, 'map-with-chat-open');
  expect(await seriousViolations(page)).toEqual([]);

  // A tap on Recenter reaches Recenter: moved away, the map comes back to the member's dot in the middle.
  await panMap(page, 'ArrowDown', 2);
  await panMap(page, 'ArrowRight', 1);
  const middle = centreOf(await boxOf(canvas(page)));
  expect(Math.abs(centreOf(await boxOf(blueDot(page))).y - middle.y)).toBeGreaterThan(100);
  await recenterButton(page).tap();
  await expect
    .poll(async () => {
      await whenStill(blueDot(page));
      const dot = centreOf(await boxOf(blueDot(page)));
      return Math.hypot(dot.x - middle.x, dot.y - middle.y);
    })
    .toBeLessThan(3);

  // The card floats above the pill; Recenter and the credits above the card.
  await openFromList(page, SPA);
  await expectWholeCard(page, SPA);
  await expectApart({
    card: card(page),
    'chat pill': pill,
    Recenter: recenterButton(page),
    'map credits': creditsButton,
    'bottom bar': bottomBar(page),
  });
  await expectReachable(recenterButton(page), 'Recenter above the card');
  await save(page, 'card-with-chat-open');
  expect(await seriousViolations(page)).toEqual([]);

  // The navigation panel too (Recenter hides while navigating).
  await card(page).getByRole('button', { name: 'Navigate' }).click();
  const panel = page.getByRole('region', { name: `Navigation to ${SPA}` });
  await expect(panel).toBeVisible();
  await expectApart({
    'navigation panel': panel,
    'chat pill': pill,
    'map credits': creditsButton,
    'bottom bar': bottomBar(page),
  });
  await expectReachable(panel.getByRole('button', { name: 'Close navigation' }), 'Close navigation');
  await save(page, 'navigation-with-chat-open');
});

test('coming back to Map through the bottom bar shows the spas again, on the same map, where the member left it', async ({
  browser,
}) => {
  const page = await newPage(browser, storageStateOf(DEMO_CLIENT));
  await page.goto('/');
  await waitForSpaMarkers(page);
  await panMap(page, 'ArrowUp', 1);
  const dotBefore = await boxOf(blueDot(page));
  // The map's canvas carries a mark: the same canvas after the return is the same map, kept rather than rebuilt.
  await canvas(page).evaluate((element) => element.setAttribute('data-kept-map', 'yes'));

  await openTab(page, 'Top 10');
  await expect(page).toHaveURL(/\/leaderboards$/);
  await expect(spaMapArea(page)).toHaveCount(0);
  await openTab(page, 'Map');
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(async () => Number(await spaMapArea(page).getAttribute('data-spas-drawn'))).toBeGreaterThan(0);
  await expect(canvas(page)).toHaveAttribute('data-kept-map', 'yes');
  const dotAfter = await boxOf(blueDot(page));
  expect(Math.abs(dotAfter.x - dotBefore.x)).toBeLessThan(1);
  expect(Math.abs(dotAfter.y - dotBefore.y)).toBeLessThan(1);

  // By way of the spa's profile and its own map (/map, focused on it) and back again: still the one map.
  await openFromList(page, SPA);
  await card(page).getByRole('link', { name: 'Profile' }).click();
  await page.getByRole('link', { name: 'See Live Location on Map' }).click();
  await expect(page).toHaveURL(/\/map\?focus=makati-serenity-spa$/);
  await expect(spaMapArea(page)).toHaveAttribute('data-spas-shown', '1');
  await expect.poll(async () => Number(await spaMapArea(page).getAttribute('data-spas-drawn'))).toBe(1);
  await expect(card(page)).toContainText('FEATURED LOCATION');
  await openTab(page, 'Map');
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(async () => Number(await spaMapArea(page).getAttribute('data-spas-shown'))).toBeGreaterThan(1);
  await expect.poll(async () => Number(await spaMapArea(page).getAttribute('data-spas-drawn'))).toBeGreaterThan(0);
  await expect(canvas(page)).toHaveAttribute('data-kept-map', 'yes');
});

test('Navigate offers the route in Google Maps and Waze beside the in-app estimate', async ({ browser }) => {
  const page = await newPage(browser, storageStateOf(DEMO_CLIENT));
  const spa = (
    (await (await page.request.get('/api/users?role=spa_management')).json()) as {
      name: string;
      latitude: number;
      longitude: number;
    }[]
  ).find((entry) => entry.name === SPA)!;
  await page.goto('/map?focus=makati-serenity-spa');
  await waitForSpaMarkers(page);
  await expectWholeCard(page, SPA);
  await expect(card(page)).toContainText('FEATURED LOCATION');
  await save(page, 'card-focus-mode');
  expect(await seriousViolations(page)).toEqual([]);

  await card(page).getByRole('button', { name: 'Navigate' }).click();
  const panel = page.getByRole('region', { name: `Navigation to ${SPA}` });
  await expect(panel).toBeVisible();
  await expect(panel).toContainText('Estimate: straight-line distance');
  const google = panel.getByRole('link', { name: /Open in Google Maps/ });
  const waze = panel.getByRole('link', { name: /Open in Waze/ });
  await expect(google).toHaveAttribute(
    'href',
    `https://www.google.com/maps/dir/?api=1&destination=${spa.latitude},${spa.longitude}&travelmode=driving`,
  );
  await expect(waze).toHaveAttribute('href', `https://waze.com/ul?ll=${spa.latitude},${spa.longitude}&navigate=yes`);
  for (const link of [google, waze]) {
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expectReachable(link, await link.innerText());
  }
  await save(page, 'navigation-hand-off');
  expect(await seriousViolations(page)).toEqual([]);
});
