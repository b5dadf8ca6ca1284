// Licences in Chromium at 390x844: a new therapist reaches Licences from their profile, submits a DOH certificate of
// registration with a photo of it (an expiry already past is refused at its field with the server's words) and sees
// it waiting; the admin finds it in the moderation queue with its document, cannot reject it without a reason, and
// approves it; the therapist's profile then shows Licensed with what it means. On the map, the popup of a licensed
// demo spa shows the badge and the list view's Licensed filter keeps only licensed spas. axe finds nothing serious
// on the new screens.
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { LICENCE_SCREEN_TEXTS } from '../common/licence-screens.ts';
import {
  LICENCE_KIND_LABELS,
  LICENCE_KIND_SHORT_LABELS,
  LICENCE_STATE_LABELS,
  LICENCE_TEXTS,
} from '../common/licences.ts';
import { manilaDay } from '../common/time.ts';
import { expect, test } from './fixtures.ts';
import {
  membersForEachTest,
  registerThroughApi,
  seriousViolations,
  storageStateOf,
  uniqueName,
  waitForSpaMarkers,
} from './helpers.ts';

const { newPage } = membersForEachTest({ geolocation: { latitude: 14.5547, longitude: 121.0244 } });

/** A small photo of a certificate: a pale page with a band and a seal. */
async function documentPhoto() {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="640">
    <rect width="900" height="640" fill="#f6f1e4"/><rect x="40" y="40" width="820" height="90" fill="#1b6158"/>
    <circle cx="760" cy="500" r="80" fill="#a4522d"/><rect x="80" y="200" width="600" height="24" fill="#433e38"/>
    <rect x="80" y="260" width="520" height="24" fill="#6b645b"/></svg>`;
  const buffer = await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
  return { name: 'certificate.jpg', mimeType: 'image/jpeg', buffer };
}

/** A YYYY-MM-DD `days` after today in Manila. */
function dayFromToday(days: number): string {
  return manilaDay(Date.now() + days * 86_400_000);
}

async function fillLicence(page: Page, number: string, expiresOn: string) {
  await page.getByLabel(LICENCE_SCREEN_TEXTS.numberLabel).fill(number);
  await page.getByLabel(LICENCE_SCREEN_TEXTS.issuedByLabel).fill('DOH Center for Health Development NCR');
  await page.getByLabel(LICENCE_SCREEN_TEXTS.expiresOnLabel).fill(expiresOn);
}

test('a therapist submits a licence, an admin approves it in the queue, and the profile shows Licensed', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const therapist = await newPage(browser);
  const name = uniqueName('Liza');
  await registerThroughApi(therapist, name, 'Therapist');
  await therapist.goto('/profile');
  await therapist
    .getByRole('region', { name: LICENCE_SCREEN_TEXTS.title })
    .getByRole('link', { name: LICENCE_SCREEN_TEXTS.entryLink })
    .click();
  await expect(therapist).toHaveURL(/\/licences$/);
  await expect(therapist.getByText(LICENCE_SCREEN_TEXTS.none)).toBeVisible();
  // A therapist submits the one kind their role may.
  const kind = therapist.getByLabel(LICENCE_SCREEN_TEXTS.kindLabel);
  await expect(kind.locator('option')).toHaveText([LICENCE_KIND_LABELS.doh_registration]);
  expect(await seriousViolations(therapist)).toEqual([]);

  // Without a photo the form says so at the photo's field, and nothing is sent.
  const number = `CR-${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
  await fillLicence(therapist, number, dayFromToday(400));
  await therapist.getByRole('button', { name: LICENCE_SCREEN_TEXTS.submit }).click();
  const photo = therapist.getByLabel(LICENCE_SCREEN_TEXTS.documentLabel);
  await expect(therapist.getByText(LICENCE_SCREEN_TEXTS.documentRequired)).toBeVisible();
  await expect(photo).toHaveAttribute('aria-invalid', 'true');

  await photo.setInputFiles(await documentPhoto());
  await expect(therapist.getByText(/^Ready to send \(\d+ KB\)$/)).toBeVisible();
  await expect(therapist.getByRole('img', { name: LICENCE_SCREEN_TEXTS.documentPreview })).toBeVisible();

  // An expiry already past: the server's refusal, at the expiry's field.
  const expiry = therapist.getByLabel(LICENCE_SCREEN_TEXTS.expiresOnLabel);
  await expiry.fill(dayFromToday(-1));
  await therapist.getByRole('button', { name: LICENCE_SCREEN_TEXTS.submit }).click();
  await expect(expiry).toHaveAttribute('aria-invalid', 'true');
  // Its description is the error, then the field's hint.
  await expect(expiry).toHaveAccessibleDescription(`${LICENCE_TEXTS.expired} ${LICENCE_SCREEN_TEXTS.expiresOnHint}`);
  await expect(therapist.getByText(LICENCE_SCREEN_TEXTS.none)).toBeVisible();

  await expiry.fill(dayFromToday(400));
  await therapist.getByRole('button', { name: LICENCE_SCREEN_TEXTS.submit }).click();
  await expect(therapist.getByText(LICENCE_TEXTS.submitted, { exact: true })).toBeVisible();
  const mine = therapist.getByRole('listitem', { name: `${LICENCE_KIND_LABELS.doh_registration} ${number}` });
  await expect(mine.getByTestId('licence-state')).toHaveText(LICENCE_STATE_LABELS.pending);
  const ownPhoto = mine.getByRole('img', { name: LICENCE_SCREEN_TEXTS.ownDocument });
  await expect(ownPhoto).toBeVisible();
  const documentUrl = (await ownPhoto.getAttribute('src'))!;
  const own = await therapist.request.get(documentUrl);
  expect(own.status()).toBe(200);
  expect(own.headers()['content-type']).toBe('image/jpeg');
  // The form is empty again for the next one.
  await expect(therapist.getByLabel(LICENCE_SCREEN_TEXTS.numberLabel)).toHaveValue('');
  await therapist.screenshot({ path: test.info().outputPath('licences-390x844.png'), fullPage: true });
  expect(await seriousViolations(therapist)).toEqual([]);

  // The admin's queue: the licence with its member, details and document; a reason is needed to reject.
  const admin = await newPage(browser, storageStateOf('Tala Admin'));
  await admin.goto('/admin');
  await admin.getByRole('tab', { name: 'Moderation' }).click();
  const queue = admin.getByRole('region', { name: LICENCE_SCREEN_TEXTS.queueHeading });
  const card = queue.getByRole('listitem', { name: `${LICENCE_KIND_LABELS.doh_registration} ${number}` });
  await expect(card).toContainText(name);
  await expect(card).toContainText('DOH Center for Health Development NCR');
  const image = card.getByRole('img', { name: LICENCE_SCREEN_TEXTS.documentOf(name) });
  await expect(image).toHaveAttribute('src', documentUrl);
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
  expect(await seriousViolations(admin)).toEqual([]);

  await card.getByRole('button', { name: new RegExp(`^${LICENCE_SCREEN_TEXTS.reject}`) }).click();
  const dialog = admin.getByRole('dialog', { name: LICENCE_SCREEN_TEXTS.rejectTitle });
  await dialog.getByRole('button', { name: LICENCE_SCREEN_TEXTS.reject, exact: true }).click();
  await expect(dialog.getByText(LICENCE_TEXTS.reasonRequired)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await card.getByRole('button', { name: new RegExp(`^${LICENCE_SCREEN_TEXTS.approve}`) }).click();
  await expect(admin.getByText(LICENCE_TEXTS.approved, { exact: true })).toBeVisible();
  await expect(card).toHaveCount(0);
  await queue.getByRole('button', { name: LICENCE_STATE_LABELS.approved, exact: true }).click();
  await expect(card).toBeVisible();

  // The therapist's licence is approved, and their profile carries the badge and says what it means.
  await therapist.reload();
  await expect(mine.getByTestId('licence-state')).toHaveText(LICENCE_STATE_LABELS.approved);
  await therapist.goto('/profile');
  const profileCard = therapist.getByRole('region', { name: 'Profile card' });
  const badge = profileCard.getByTestId('licensed-badge');
  await expect(badge).toBeVisible();
  await expect(badge).toContainText(LICENCE_TEXTS.badge);
  await expect(profileCard.getByText(LICENCE_TEXTS.badgeExplanation)).toBeVisible();
  // Short on a phone: the kind named short, the badge one line.
  await expect(badge).toContainText(`${LICENCE_TEXTS.badge} · ${LICENCE_KIND_SHORT_LABELS.doh_registration} · until`, {
    useInnerText: true,
  });
  const box = (await badge.boundingBox())!;
  expect(box.height).toBeLessThan(30);

  // Others see the badge, never the document.
  const client = await newPage(browser, storageStateOf('Juan dela Cruz'));
  expect((await client.request.get(documentUrl)).status()).toBe(404);
});

test('a licensed demo spa shows the badge in the map popup, and the Licensed filter keeps only licensed spas', async ({
  browser,
}) => {
  const page = await newPage(browser, storageStateOf('Juan dela Cruz'), { permissions: ['geolocation'] });
  await page.goto('/');
  await waitForSpaMarkers(page);
  const response = await page.request.get('/api/users?role=spa_management');
  const spas = (await response.json()) as { name: string; licensed: boolean }[];
  const licensed = spas.filter((spa) => spa.licensed);
  expect(licensed.map((spa) => spa.name)).toContain('Makati Serenity Spa');
  expect(licensed.length).toBeLessThan(spas.length);

  await page.getByRole('button', { name: 'List view' }).click();
  const list = page.getByRole('list', { name: 'Spas, nearest first' });
  const rows = list.getByRole('button');
  await expect(rows).toHaveCount(spas.length);
  const filter = page.getByRole('group', { name: 'Filter' }).getByRole('button', { name: LICENCE_TEXTS.badge });
  await filter.click();
  await expect(filter).toHaveAttribute('aria-pressed', 'true');
  await expect(rows).toHaveCount(licensed.length);
  for (const spa of spas.filter((entry) => !entry.licensed)) await expect(list).not.toContainText(spa.name);
  await expect(rows.getByTestId('licensed-badge')).toHaveCount(licensed.length);
  expect(await seriousViolations(page)).toEqual([]);

  await rows.filter({ hasText: 'Makati Serenity Spa' }).click();
  const popup = page.getByTestId('spa-popup');
  await expect(popup.getByRole('heading', { name: 'Makati Serenity Spa' })).toBeVisible();
  const badge = popup.getByTestId('licensed-badge');
  await expect(badge).toContainText(LICENCE_TEXTS.badge);
  await expect(badge).toContainText(/until \w+ \d{4}/);
  await page.screenshot({ path: test.info().outputPath('map-popup-licensed-390x844.png') });
  expect(await seriousViolations(page)).toEqual([]);
});
