// The map home and /map in Chromium at 390x844 on the embedded basemap (no network here, so the public style
// cannot be reached and the Worker's own basemap draws): the demo spas' markers, the blue dot when geolocation
// is granted and the Manila fallback when it is denied (the map says so and lists the spas in view), a popup with
// its star count and Call, Profile from the popup, a click on the map closing the popup and a click on a marker
// opening it, focus mode, Navigate with the estimate panel (recenter hidden) and closing it, the list view's search
// and filters, axe, and the spas' markers drawn from the listing before the map library has loaded, at the places
// the live map then draws them.
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { contextOptions, expect, test } from './fixtures.ts';
import { distanceMeters } from '../common/geo.ts';
import { dialableNumber, listingOrder, spasInViewLabel } from '../common/map.ts';
import { OPENING_CAMERA, spasInView } from '../common/spa-markers.ts';
import sharp from 'sharp';
import {
  editPageData,
  seriousViolations,
  spaMapArea,
  storageStateOf,
  waitForSpaMarkers,
  whenStill,
} from './helpers.ts';

const DEMO_CLIENT = 'Juan dela Cruz';
/** Makati, near the demo spas. */
const MAKATI = { latitude: 14.5547, longitude: 121.0244 };

const contexts: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

/** The demo client's stored session (global-setup.ts) in a context of its own. */
async function signedInPage(
  browser: Browser,
  options: { geolocation: boolean; serviceWorkers?: 'block'; javaScriptEnabled?: false },
): Promise<Page> {
  const context = await browser.newContext(
    contextOptions({
      storageState: storageStateOf(DEMO_CLIENT),
      ...(options.javaScriptEnabled === false ? { javaScriptEnabled: false } : {}),
      ...(options.geolocation ? { geolocation: MAKATI, permissions: ['geolocation'] } : { permissions: [] }),
      ...(options.serviceWorkers ? { serviceWorkers: options.serviceWorkers } : {}),
    }),
  );
  contexts.push(context);
  return context.newPage();
}

async function listing(page: Page): Promise<any[]> {
  const response = await page.request.get('/api/users?role=spa_management');
  expect(response.ok()).toBe(true);
  return response.json();
}

test('the signed-in home draws the demo spas on the embedded basemap, with the blue dot where the device says', async ({
  browser,
}) => {
  const page = await signedInPage(browser, { geolocation: true });
  await page.goto('/');
  // Header and navigation paint while the map is still on its way.
  await expect(page.getByRole('link', { name: `Your profile: ${DEMO_CLIENT}` })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await waitForSpaMarkers(page);
  await expect(spaMapArea(page)).toHaveAttribute('data-spas-shown', String((await listing(page)).length));
  await expect(spaMapArea(page)).toHaveAttribute('data-location-source', 'device');
  await expect(page.getByRole('img', { name: 'Your Location' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Your Location' })).toHaveAttribute('title', 'Your Location');
  // The device says where the member is: no line about the location, no list of the spas in view.
  await expect(page.getByText('location is off')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /spas? in view$/ })).toHaveCount(0);

  const screenshot = await page.screenshot();
  await test.info().attach('map-home-390x844', { body: screenshot, contentType: 'image/png' });
  expect(await seriousViolations(page)).toEqual([]);
});

test('with geolocation denied the map falls back to Manila after asking the server, without a blue dot', async ({
  browser,
}) => {
  const page = await signedInPage(browser, { geolocation: false });
  const procedures = (response: { url(): string }) => new URL(response.url()).pathname.replace('/trpc/', '').split(',');
  const serverLookup = page.waitForResponse((response) => procedures(response).includes('geo.locate'));
  await page.goto('/');
  const response = await serverLookup;
  const body = await response.json();
  const answer = (response.url().includes('batch=') ? body[procedures(response).indexOf('geo.locate')] : body).result
    .data;
  expect(answer).toMatchObject({ source: 'fallback', latitude: 14.5995, longitude: 120.9842, accuracy: 10000 });
  await waitForSpaMarkers(page);
  await expect(spaMapArea(page)).toHaveAttribute('data-location-source', 'fallback');
  await expect(page.getByRole('img', { name: 'Your Location' })).toHaveCount(0);
});

test('with location denied the map says it shows Manila and why, and lists the spas in view, which open their card without the map', async ({
  browser,
}) => {
  const page = await signedInPage(browser, { geolocation: false });
  // The live map's code never arrives: the line and the list do without it.
  await page.route(/\/assets\/maplibre-gl-[^/]*\.js$/, () => undefined);
  await page.goto('/');
  await expect(page.getByRole('status').filter({ hasText: 'Showing' })).toHaveText('Showing Manila: location is off');
  await expect(page.locator('[data-map-state]')).toHaveAttribute('data-map-state', 'loading');

  // The spas in view: those inside the map area at the opening camera, nearest its centre first.
  const spas = await listing(page);
  const area = (await spaMapArea(page).boundingBox())!;
  const expected = spasInView(spas, OPENING_CAMERA, { width: area.width, height: area.height }).map(
    (spa) => spa.name as string,
  );
  expect(expected.length).toBeGreaterThan(0);
  expect(expected.length).toBeLessThan(spas.length);
  // Every spa whose own marker is wholly on screen is among them.
  const markersInView = (await previewMarkers(page)).filter(
    (marker) => marker.inView && spas.some((spa) => spa.name === marker.name),
  );
  for (const marker of markersInView) expect(expected).toContain(marker.name);

  await page.getByRole('button', { name: spasInViewLabel(expected.length) }).click();
  const list = page.getByRole('list', { name: 'Spas in view' });
  const names = await list
    .getByRole('button')
    .evaluateAll((buttons) => buttons.map((button) => button.querySelector('span[title]')?.getAttribute('title')));
  expect(names).toEqual(expected);
  expect(await seriousViolations(page)).toEqual([]);
  await list.getByRole('button', { name: new RegExp(`^${expected[0]}`) }).click();
  await expect(list).toHaveCount(0);
  await expect(page.getByTestId('spa-popup').getByRole('heading', { name: expected[0] })).toBeVisible();
});

test('a popup shows the spa with its star count; a map click closes it, a marker click opens it, Profile leads to the spa', async ({
  browser,
}) => {
  const page = await signedInPage(browser, { geolocation: true });
  await page.goto('/');
  await waitForSpaMarkers(page);
  const spa = (await listing(page)).find((entry) => entry.name === 'Makati Serenity Spa');

  await page.getByRole('button', { name: 'List view' }).click();
  await page.getByRole('button', { name: /Makati Serenity Spa/ }).click();
  const popup = page.getByTestId('spa-popup');
  await expect(popup).toBeVisible();
  await expect(popup.getByRole('heading', { name: 'Makati Serenity Spa' })).toHaveCSS('text-transform', 'uppercase');
  await expect(popup).toContainText(spa.address);
  await expect(popup).not.toContainText('FEATURED LOCATION');

  // The star count loads after the popup opens: what the server says (0 in red only when the call fails).
  const stats = await page.request.get(`/api/users/${spa.id}/star-stats`);
  expect(stats.ok()).toBe(true);
  const starCount = popup.getByTestId('star-count');
  const received = (await stats.json()).received as number;
  expect(received).toBeGreaterThan(0);
  await expect(starCount).toContainText(String(received));
  await expect(starCount).not.toHaveClass(/text-red-700/);
  // Star gifts read as gifts, apart from the rating's ★ beside them.
  await expect(starCount).toHaveText(`${received} stars received`);
  await expect(popup.locator('[data-rating]')).toBeVisible();

  // A click on the map away from the marker (above the card, which is docked at the foot of the map) closes the
  // popup; the spa now sits at the centre, so a click there opens it.
  const box = (await page.locator('[data-map-state="ready"] canvas').boundingBox())!;
  await page.mouse.click(box.x + 30, box.y + 110);
  await expect(popup).toHaveCount(0);
  await whenStill(page.getByRole('img', { name: 'Your Location' })); // the fly-to has settled
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(popup).toBeVisible();

  await popup.getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/${spa.slug}$`));
});

test('Call is a tel: link that the tap itself follows (+63 by default), with Viber and WhatsApp beside it', async ({
  browser,
}) => {
  const page = await signedInPage(browser, { geolocation: true });
  const refusals: string[] = [];
  page.on('console', (message) => {
    if (/user gesture|Not allowed to launch/i.test(message.text())) refusals.push(message.text());
  });
  await page.goto('/map?focus=makati-serenity-spa');
  const spa = (await listing(page)).find((entry) => entry.slug === 'makati-serenity-spa');
  const number = dialableNumber(spa.phone)!;
  expect(number).toMatch(/^\+63\d{9,10}$/);
  const popup = page.getByTestId('spa-popup');
  const call = popup.getByRole('link', { name: 'Call' });
  await expect(call).toHaveAttribute('href', `tel:${number}`);
  await expect(popup.getByRole('link', { name: 'Viber' })).toHaveAttribute(
    'href',
    `viber://chat?number=%2B${number.slice(1)}`,
  );
  await expect(popup.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute(
    'href',
    `https://wa.me/${number.slice(1)}`,
  );
  // The tap goes to the dialler itself: nothing is launched later, outside the tap, for the browser to refuse.
  const followed = page.evaluate(
    () =>
      new Promise<string | null>((resolve) => {
        document.addEventListener(
          'click',
          (event) => {
            const link = (event.target as Element).closest('a');
            resolve(link && !event.defaultPrevented ? link.getAttribute('href') : null);
            event.preventDefault();
          },
          { once: true },
        );
      }),
  );
  await call.click();
  expect(await followed).toBe(`tel:${number}`);
  await page.waitForTimeout(2000);
  expect(refusals).toEqual([]);
  await expect(popup).toBeVisible();
});

test('focus mode shows only the spa with its popup open; Navigate shows the labelled estimate and hides recenter', async ({
  browser,
}) => {
  const page = await signedInPage(browser, { geolocation: true });
  // From the spa's profile: its Spa Location card leads to the map, focused.
  await page.goto('/profile/makati-serenity-spa');
  await page.getByRole('link', { name: 'See Live Location on Map' }).click();
  await expect(page).toHaveURL(/\/map\?focus=makati-serenity-spa$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Makati Serenity Spa Location' })).toBeVisible();
  await expect(page.getByText('Showing location for:')).toBeVisible();
  await expect(page.getByText('7456 Makati Ave, Poblacion, Makati City').first()).toBeVisible();
  await waitForSpaMarkers(page);
  await expect(spaMapArea(page)).toHaveAttribute('data-spas-shown', '1');
  await expect(spaMapArea(page)).toHaveAttribute('data-spas-drawn', '1');
  const popup = page.getByTestId('spa-popup');
  await expect(popup).toContainText('FEATURED LOCATION');
  await expect(page.getByRole('button', { name: 'Recenter on your location' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await popup.getByRole('button', { name: 'Navigate' }).click();
  const panel = page.getByRole('region', { name: 'Navigation to Makati Serenity Spa' });
  await expect(panel).toBeVisible();
  await expect(panel).toContainText('Estimate: straight-line distance');
  await expect(panel.getByTestId('route-distance')).toHaveText(/^\d+(\.\d)? k?m$/);
  await expect(panel.getByTestId('route-duration')).toHaveText(/\d+ mins?/);
  await expect(panel.getByRole('list', { name: 'Steps' }).getByRole('listitem')).toHaveCount(1);
  await expect(panel.getByRole('listitem').first()).toContainText('toward Makati Serenity Spa');
  await expect(spaMapArea(page)).toHaveAttribute('data-navigating', 'true');
  await expect(page.getByRole('button', { name: 'Recenter on your location' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  await panel.getByRole('button', { name: 'Close navigation' }).click();
  await expect(panel).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Recenter on your location' })).toBeVisible();

  // Back returns to where the member came from: the spa's profile.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/profile\/makati-serenity-spa$/);
});

test('the list view searches by name or address and filters Top rated and Open now, nearest first', async ({
  browser,
}) => {
  const page = await signedInPage(browser, { geolocation: true });
  await page.goto('/');
  await waitForSpaMarkers(page);
  const spas = await listing(page);
  await page.getByRole('button', { name: 'List view' }).click();
  const filter = (name: string) =>
    page.getByRole('group', { name: 'Filter' }).getByRole('button', { name, exact: true });
  const list = page.getByRole('list', { name: 'Spas, nearest first' });
  const rows = list.getByRole('button');
  await expect(rows).toHaveCount(spas.length);

  // Nearest first, premium spas first among spas in the same distance band (priority listings, listingOrder).
  const names = await rows.evaluateAll((buttons) =>
    buttons.map((button) => button.querySelector('span[title]')?.getAttribute('title')),
  );
  const expected = spas.map((spa) => ({ spa, meters: distanceMeters(MAKATI, spa) })).sort(listingOrder);
  expect(names).toEqual(expected.map((entry) => entry.spa.name));
  const premiumRows = list.getByRole('button').filter({ hasText: 'Premium' });
  await expect(premiumRows).toHaveCount(spas.filter((spa) => spa.isPremium).length);

  const topRated = spas.filter((spa) => (spa.averageRating ?? 0) >= 4.5);
  expect(topRated.length).toBeGreaterThan(0);
  await filter('Top rated').click();
  await expect(filter('Top rated')).toHaveAttribute('aria-pressed', 'true');
  await expect(rows).toHaveCount(topRated.length);
  for (const spa of topRated) await expect(list).toContainText(spa.name);

  const open = spas.filter((spa) => spa.isOpen === true);
  await filter('Open now').click();
  await expect(rows).toHaveCount(open.length);
  for (const spa of spas.filter((entry) => entry.isOpen !== true)) await expect(list).not.toContainText(spa.name);

  await filter('All').click();
  await page.getByLabel('Search spas by name or address').fill('Poblacion');
  await expect(rows).toHaveCount(spas.filter((spa) => `${spa.name} ${spa.address}`.includes('Poblacion')).length);
  await expect(list).toContainText('Makati Serenity Spa');
  await page.getByLabel('Search spas by name or address').fill('no such spa anywhere');
  await expect(list).toContainText('No spas match your search.');
  expect(await seriousViolations(page)).toEqual([]);
});

test('with a Mapbox token the same map draws with mapbox-gl (the Mapbox API stubbed: there is no network here)', async ({
  browser,
}) => {
  // The configuration a Worker with MAPBOX_TOKEN answers; a syntactically valid dummy public token.
  const mapboxConfig = {
    library: 'mapbox',
    accessToken: `pk.${Buffer.from(JSON.stringify({ u: 'spa-tests', a: 'dummy' })).toString('base64url')}.dummy-signature`,
    styleUrl: 'mapbox://styles/mapbox/streets-v12',
    directions: 'estimate',
    geocoding: 'gazetteer',
  };
  // That Worker would also list Mapbox's hosts in its CSP; this one does not, so the page's CSP is bypassed.
  const context = await browser.newContext(
    contextOptions({
      storageState: storageStateOf(DEMO_CLIENT),
      bypassCSP: true,
      geolocation: MAKATI,
      permissions: ['geolocation'],
    }),
  );
  contexts.push(context);
  // The configuration comes with the page (ADR 023) and, after that, from map.config: both say Mapbox. The listing
  // that comes with it gains three spas a few metres from the first, so a cluster and its count are drawn too.
  await editPageData(context, '/', (answers) =>
    answers.map((answer) => {
      if (answer.path === 'map.config') return { ...answer, data: mapboxConfig };
      if (answer.path !== 'map.users') return answer;
      const spas = answer.data as { id: number; latitude: number }[];
      const neighbours = [1, 2, 3].map((n) => ({ ...spas[0]!, id: -n, latitude: spas[0]!.latitude + n * 0.0002 }));
      return { ...answer, data: [...spas, ...neighbours] };
    }),
  );
  await context.route('**/trpc/**', async (route) => {
    const url = new URL(route.request().url());
    const procedures = url.pathname.replace('/trpc/', '').split(',');
    if (!procedures.includes('map.config')) return route.continue();
    const response = await route.fetch();
    const body = await response.json();
    if (url.searchParams.has('batch')) body[procedures.indexOf('map.config')].result.data = mapboxConfig;
    else body.result.data = mapboxConfig;
    await route.fulfill({ response, json: body });
  });
  const style = {
    version: 8,
    name: 'Mapbox Streets (test stand-in)',
    sources: {},
    glyphs: 'mapbox://fonts/mapbox/{fontstack}/{range}.pbf',
    layers: [{ id: 'background', type: 'background', paint: { 'background-color': '#e9eef1' } }],
  };
  const mapboxCalls: string[] = [];
  await context.route(/^https:\/\/(api|events)\.mapbox\.com\//, (route) => {
    const url = route.request().url();
    mapboxCalls.push(new URL(url).pathname);
    if (url.includes('/styles/v1/mapbox/streets-v12')) return route.fulfill({ json: style });
    // No glyphs, but a well-formed answer: a failed glyph request fails the whole tile with a cluster's count in it,
    // and the spas around it with it.
    if (url.includes('/fonts/'))
      return route.fulfill({ status: 200, contentType: 'application/x-protobuf', body: Buffer.alloc(0) });
    return route.fulfill({ status: 204, body: '' });
  });
  const page = await context.newPage();
  await page.goto('/');
  await waitForSpaMarkers(page, 'mapbox');
  await expect(page.locator('.mapboxgl-canvas')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Your Location' })).toBeVisible();
  expect(mapboxCalls.some((path) => path.startsWith('/styles/v1/mapbox/streets-v12'))).toBe(true);
});

/** Each marker of the preview layer on the page: its label, and its box relative to the layer. */
function previewMarkers(page: Page) {
  return page.locator('[data-marker-preview]').evaluate((layer) => {
    const area = layer.getBoundingClientRect();
    return [...layer.querySelectorAll(':scope > div > button, :scope > div > [role="img"]')].map((marker) => {
      const box = marker.getBoundingClientRect();
      const [x, y] = [box.x - area.x, box.y - area.y];
      const inView = x > 0 && y > 0 && x + box.width < area.width && y + box.height < area.height;
      return {
        name: marker.getAttribute('aria-label'),
        x: Math.round(x * 10) / 10,
        y: Math.round(y * 10) / 10,
        inView,
      };
    });
  });
}

/** The signed-in home's header link to the member's profile and its bottom bar: where they are, and the tabs. */
async function homeChrome(page: Page) {
  const profile = page.getByRole('link', { name: `Your profile: ${DEMO_CLIENT}` });
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(profile).toBeVisible();
  return {
    profile: await profile.boundingBox(),
    nav: await nav.boundingBox(),
    tabs: await nav.getByRole('link').allTextContents(),
  };
}

test('the signed-in home’s page draws the spas and the home’s header and bottom bar before any script, and the app’s first render draws them in the same places, where they stay when the location falls back to Manila', async ({
  browser,
}) => {
  // Without JavaScript: what the page itself paints.
  const noScript = await signedInPage(browser, { geolocation: false, javaScriptEnabled: false });
  await noScript.goto('/');
  const inPage = await previewMarkers(noScript);
  const spas = await listing(noScript);
  const names = new Set(spas.map((spa) => spa.name));
  expect(
    inPage.filter((marker) => marker.inView && names.has(marker.name)).length,
    'the page itself shows spas of the listing',
  ).toBeGreaterThan(0);
  await expect(noScript.locator('[data-marker-preview]')).toBeVisible();
  // Around them, the home's header with the member's own name and the bottom bar of the member's role.
  const pageChrome = await homeChrome(noScript);
  expect(pageChrome.tabs).toEqual(['Map', 'Chat', 'Search', 'Top 10', 'Premium']);

  // With it, before the member's location is known (the server's lookup held) and before the map library has loaded.
  const page = await signedInPage(browser, { geolocation: false, serviceWorkers: 'block' });
  await page.route(/\/assets\/maplibre-gl-[^/]*\.js$/, () => undefined);
  let releaseLookup!: () => void;
  const lookupHeld = new Promise<void>((resolve) => (releaseLookup = resolve));
  await page.route(/\/trpc\/[^?]*geo\.locate/, async (route) => {
    await lookupHeld;
    await route.continue();
  });
  // Whether the page ever went without the markers once they had shown (Loading map... in between, say).
  await page.addInitScript(() => {
    const state = { seen: false, gone: false };
    (window as unknown as { previewState: typeof state }).previewState = state;
    new MutationObserver(() => {
      const shown = document.querySelector('[data-marker-preview]') !== null;
      if (state.seen && !shown) state.gone = true;
      state.seen ||= shown;
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/');
  await expect(spaMapArea(page)).toHaveAttribute('data-location-source', 'pending');
  await expect(spaMapArea(page).locator('[data-marker-preview]')).toBeVisible();
  expect(await previewMarkers(page)).toEqual(inPage);
  expect(await homeChrome(page), 'the app draws its header and bottom bar where the page had them').toEqual(pageChrome);
  expect(await page.evaluate(() => (window as unknown as { previewState: object }).previewState)).toEqual({
    seen: true,
    gone: false,
  });
  // Off the map, the markers are out of the keyboard's way: the first Tab stop among them is one in view.
  const tabStops = await page.locator('[data-marker-preview]').evaluate((layer) => {
    const area = layer.getBoundingClientRect();
    return [...layer.querySelectorAll('button')].map((button) => {
      const box = button.getBoundingClientRect();
      const inView = box.right > area.left && box.left < area.right && box.bottom > area.top && box.top < area.bottom;
      return { inView, focusable: button.tabIndex === 0 };
    });
  });
  expect(tabStops.some((stop) => stop.inView)).toBe(true);
  expect(
    tabStops.some((stop) => !stop.inView),
    'the markup reaches beyond the map',
  ).toBe(true);
  expect(tabStops.filter((stop) => stop.focusable !== stop.inView)).toEqual([]);
  // No device location and none from the server: the fallback is Manila's centre, not the member, and nothing moves.
  releaseLookup();
  await expect(spaMapArea(page)).toHaveAttribute('data-location-source', 'fallback');
  expect(await previewMarkers(page)).toEqual(inPage);
  // The app's own markers open a spa's card.
  const spa = inPage.find((marker) => marker.inView && names.has(marker.name))!;
  await page.getByRole('button', { name: spa.name! }).click();
  await expect(page.getByTestId('spa-popup')).toContainText(spa.name!);
});

test('before the map library has loaded, the spas show from the listing where the live map then draws them, and open their card', async ({
  browser,
}) => {
  // No service worker: once it controls the page, the library's request would pass it, not the hold below.
  const page = await signedInPage(browser, { geolocation: true, serviceWorkers: 'block' });
  // The map library is held back, as a slow connection holds it.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/maplibre-gl-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  await expect(spaMapArea(page)).toHaveAttribute('data-location-source', 'device');
  const preview = page.locator('[data-marker-preview]');
  await expect.poll(async () => Number(await preview.getAttribute('data-marker-preview'))).toBeGreaterThan(0);
  await expect(page.locator('[data-map-state]')).toHaveAttribute('data-map-state', 'loading');

  // Where each marker's red shows (beside the S of a spa, or a cluster's count), relative to the map area.
  const probes = await preview.evaluate((layer) => {
    const area = layer.getBoundingClientRect();
    return [...layer.querySelectorAll(':scope > div > button, :scope > div > [role="img"]')]
      .map((marker) => {
        const box = marker.getBoundingClientRect();
        const isSpa = marker.tagName === 'BUTTON';
        return {
          name: marker.getAttribute('aria-label')!,
          isSpa,
          x: box.x - area.x + box.width / 2 - (isSpa ? 8 : 12),
          y: box.y - area.y + box.height / 2,
        };
      })
      .filter(({ x, y }) => x > 0 && y > 0 && x < area.width && y < area.height);
  });
  const spas = await listing(page);
  const spaProbe = probes.find((probe) => probe.isSpa && spas.some((spa) => spa.name === probe.name))!;
  expect(spaProbe, 'a spa of the listing has its own marker in the first view').toBeTruthy();

  // A spa's marker opens its card while the map is still on its way.
  await preview.getByRole('button', { name: spaProbe.name }).click();
  await expect(page.getByTestId('spa-popup')).toContainText(spaProbe.name);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('spa-popup')).toBeHidden();

  release();
  await waitForSpaMarkers(page);
  await expect(preview).toHaveCount(0);
  // The live map's markers are where the preview's were: its canvas is red at each probe that nothing covers.
  const area = spaMapArea(page);
  const uncovered = await area.evaluate((element, points) => {
    const box = element.getBoundingClientRect();
    return points.filter(
      ({ x, y }) =>
        x > 0 &&
        y > 0 &&
        x < box.width &&
        y < box.height &&
        document.elementFromPoint(box.x + x, box.y + y)?.tagName === 'CANVAS',
    );
  }, probes);
  expect(uncovered.length, 'some of the markers are in view and uncovered').toBeGreaterThan(0);
  const notRed = async () => {
    const shot = await sharp(await area.screenshot({ scale: 'css' }))
      .raw()
      .toBuffer({ resolveWithObject: true });
    return uncovered.flatMap((probe) => {
      const offset = (Math.round(probe.y) * shot.info.width + Math.round(probe.x)) * shot.info.channels;
      const [red, green, blue] = shot.data.subarray(offset, offset + 3);
      return red! > 170 && green! < 110 && blue! < 110 ? [] : [`${probe.name} (${red}, ${green}, ${blue})`];
    });
  };
  await expect.poll(notRed, { message: 'the live map is red where the preview drew each marker' }).toEqual([]);
});

test('when the map’s code fails to load, Try Again loads the page again and the map shows', async ({ browser }) => {
  const page = await signedInPage(browser, { geolocation: false, serviceWorkers: 'block' });
  const mapCode = /\/assets\/spa-map-[^/]*\.js$/;
  await page.route(mapCode, (route) => route.abort());
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  await page.unroute(mapCode);
  await page.getByRole('button', { name: 'Try Again' }).click();
  await waitForSpaMarkers(page);
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);
});
