// Journeys of verified visits in Chromium at 390x844: the spa opens its Visit code from its profile and sees six digits
// and their QR code; a client opens the QR code's link, is refused a wrong code in the server's words at the field,
// records the visit with the right one and finds it on their visits page, and the spa's Analytics counts it; their
// review of the spa then carries the Verified visit badge, with the sentence saying why on their own copy; a new
// client's visits page says how to record one, and a spa's profile leads a client to Record a visit there. axe finds
// nothing serious on the new screens.
import type { Browser, Page } from '@playwright/test';
import { contextOptions, expect, test } from './fixtures.ts';
import { expectNoSidewaysScroll, registerThroughApi, seriousViolations, signIn, uniqueName } from './helpers.ts';

const SPA = 'Makati Serenity Spa';
/** A review's text of this test's own (a retry's review is another card). */
const reviewText = () =>
  `Booked a hilot after work: a quiet room, warm stones and a kind therapist. ${uniqueName('Ref')}`;

/** The spa's own page, signed in as the demo spa in a context of its own. */
async function spaPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext(contextOptions())).newPage();
  await signIn(page, SPA);
  return page;
}

/** The spa's current visit code and its link, as the spa's Visit code screen reads them. */
async function currentCode(spa: Page): Promise<{ code: string; url: string }> {
  const answer = await spa.request.get('/api/visits/code');
  expect(answer.status(), 'GET /api/visits/code').toBe(200);
  return (await answer.json()) as { code: string; url: string };
}

/** The Visits total of the spa's Analytics (the last 4 weeks). */
async function visitsTotal(spa: Page): Promise<number> {
  await spa.goto('/analytics');
  const total = spa.getByRole('region', { name: 'Totals' }).getByText('Visits', { exact: true }).locator('+ span');
  await expect(total).toHaveText(/^\d+$/);
  return Number(await total.textContent());
}

/** A code of six digits that is not `code`. */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

test('the spa opens its Visit code from its profile: six digits grouped, the time left and the QR code', async ({
  browser,
}) => {
  const page = await spaPage(browser);
  await page.goto('/profile');
  await page.getByRole('region', { name: 'Visit code' }).getByRole('link', { name: 'Visit code' }).click();
  await expect(page).toHaveURL(/\/visits\/code$/);
  const code = page.getByTestId('visit-code');
  await expect(code).toHaveText(/^\d{3} \d{3}$/);
  await expect(page.getByRole('img', { name: 'QR code of the visit code' })).toBeVisible();
  await expect(page.getByText(/^New code in \d+ s$/)).toBeVisible();
  // The screen shows the code the API answers (the same until it expires).
  const { code: answered } = await currentCode(page);
  await expect(code).toHaveText(`${answered.slice(0, 3)} ${answered.slice(3)}`);
  await expectNoSidewaysScroll(page, 'Visit code');
  expect(await seriousViolations(page)).toEqual([]);
  await page.context().close();
});

test('a client records a visit with the code, sees it on their visits page, and their review of the spa is verified', async ({
  browser,
  page,
}) => {
  const name = uniqueName('Visitor');
  await registerThroughApi(page, name);
  const spa = await spaPage(browser);
  const visitsBefore = await visitsTotal(spa);
  const { code, url } = await currentCode(spa);

  // The QR code's link fills in the code and names the spa.
  const link = new URL(url);
  expect(link.pathname).toBe('/visits/new');
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { name: 'Record a visit' })).toBeVisible();
  await expect(page.getByText(SPA, { exact: true })).toBeVisible();
  const field = page.getByLabel('Visit code');
  await expect(field).toHaveValue(code);
  await expect(field).toHaveAttribute('inputmode', 'numeric');
  await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
  expect(await seriousViolations(page)).toEqual([]);

  // A wrong code is refused at the field, in the server's words, and nothing is recorded.
  await field.fill(otherThan(code));
  await page.getByRole('button', { name: 'Record visit' }).click();
  await expect(page.getByText('That visit code is not valid. Ask the spa for the current one.')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');

  // A typed code may have a space between its two groups.
  await field.fill(`${code.slice(0, 3)} ${code.slice(3)}`);
  await page.getByRole('button', { name: 'Record visit' }).click();
  const recorded = page.getByRole('region', { name: 'Visit recorded.' });
  await expect(recorded).toBeVisible();
  await expect(recorded.getByText(new RegExp(`^${SPA} · `))).toBeVisible();
  await expectNoSidewaysScroll(page, 'Visit recorded');

  // The visits page lists it, the spa linked to its profile.
  await recorded.getByRole('link', { name: 'My visits' }).click();
  await expect(page).toHaveURL(/\/visits$/);
  await expect(page.getByRole('link', { name: SPA })).toHaveAttribute('href', '/spa/makati-serenity-spa');
  expect(await seriousViolations(page)).toEqual([]);

  // A second visit the same day is refused at the field.
  const again = await currentCode(spa);
  await page.goto(`/visits/new?code=${again.code}&spa=${link.searchParams.get('spa')}`);
  await page.getByRole('button', { name: 'Record visit' }).click();
  await expect(page.getByText('You already recorded a visit to this spa today.')).toBeVisible();

  // The spa's Analytics counts the visit beside its views.
  expect(await visitsTotal(spa)).toBe(visitsBefore + 1);

  // The client's review of the spa carries the badge; on their own copy, the reason too.
  const REVIEW = reviewText();
  await page.goto('/write-review/makati-serenity-spa');
  await page.getByLabel('Your review').fill(REVIEW);
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page).toHaveURL(/\/profile\/makati-serenity-spa$/);
  await page.getByRole('tab', { name: /^Reviews/ }).click();
  const card = page.getByRole('article').filter({ hasText: REVIEW });
  await expect(card.getByText('Verified visit', { exact: true })).toBeVisible();
  await expect(card.getByText(/^Verified: you recorded a visit to Makati Serenity Spa on /)).toBeVisible();
  // The tab says what the badge means.
  await expect(page.getByText(/^The member recorded a visit with the spa's code/)).toBeVisible();

  // Another member sees the badge, not the author's reason.
  await spa.goto('/profile');
  await spa.getByRole('tab', { name: /^Reviews/ }).click();
  const seenBySpa = spa.getByRole('article').filter({ hasText: REVIEW });
  await expect(seenBySpa.getByText('Verified visit', { exact: true })).toBeVisible();
  await expect(seenBySpa.getByText(/^Verified: you recorded/)).toHaveCount(0);
  await spa.context().close();
});

test('a review without a visit carries no badge, and its author reads why', async ({ page }) => {
  await registerThroughApi(page, uniqueName('Unverified'));
  const REVIEW = reviewText();
  await page.goto('/write-review/bgc-urban-retreat');
  await page.getByLabel('Your review').fill(REVIEW);
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page).toHaveURL(/\/profile\/bgc-urban-retreat$/);
  await page.getByRole('tab', { name: /^Reviews/ }).click();
  const card = page.getByRole('article').filter({ hasText: REVIEW });
  await expect(card.getByText(/^Not verified: no visit to this spa recorded/)).toBeVisible();
  await expect(card.getByText('Verified visit', { exact: true })).toHaveCount(0);
});

test("a new client's visits page says how to record one, and a spa's profile leads to Record a visit there", async ({
  page,
}) => {
  await registerThroughApi(page, uniqueName('Newcomer'));
  await page.goto('/profile');
  await page.getByRole('region', { name: 'My visits' }).getByRole('link', { name: 'My visits' }).click();
  await expect(page).toHaveURL(/\/visits$/);
  await expect(page.getByText(/^No visits recorded yet\. At the spa, ask for its visit code/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/profile/makati-serenity-spa');
  await page.getByRole('region', { name: 'Record a visit' }).getByRole('link', { name: 'Record a visit' }).click();
  await expect(page).toHaveURL(/\/visits\/new\?spa=\d+$/);
  await expect(page.getByRole('heading', { name: 'Record a visit' })).toBeVisible();
  await expect(page.getByText(SPA, { exact: true })).toBeVisible();
  // The therapist can be named from the spa's lineup (Makati's holds Maria Santos in the demo data).
  await expect(page.getByRole('combobox', { name: 'Your therapist (optional)' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Your therapist (optional)' }).getByRole('option')).not.toHaveCount(
    0,
  );
  // Scan the code shows only where the browser reads QR codes itself (Chromium on Linux does not); typing always works.
  const reads = await page.evaluate(() => 'BarcodeDetector' in window);
  await expect(page.getByRole('button', { name: 'Scan the code' })).toHaveCount(reads ? 1 : 0);
  // A code of the wrong shape is refused before anything is sent.
  await page.getByLabel('Visit code').fill('12a');
  await page.getByRole('button', { name: 'Record visit' }).click();
  await expect(page.getByText('Enter the 6-digit visit code.')).toBeVisible();
  await expectNoSidewaysScroll(page, 'Record a visit');
});

test('signed out, the QR code link asks to sign in and comes back to it', async ({ page }) => {
  await page.goto('/visits/new?code=123456&spa=1');
  await expect(page.getByText('Sign in as a client to record your visit.')).toBeVisible();
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/auth\?redirect=/);
  const back = new URL(page.url()).searchParams.get('redirect')!;
  // Once signed in, the way back opens the form with the code still filled in.
  await registerThroughApi(page, uniqueName('Scanner'));
  await page.goto(back);
  await expect(page.getByLabel('Visit code')).toHaveValue('123456');
});
