// Journeys of the admin dashboard at 390x844 and on a desktop viewport: an admin walks every tab,
// creates a spa with an image, edits and deletes it, searches users, bans a member who is then signed out in
// another browser context, and handles a review report; a non-admin sees Access Denied. axe finds nothing
// serious and nothing scrolls sideways.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { JPEG_400 } from '../worker/test/fixtures/images.ts';
import { expectNoSidewaysScroll, membersForEachTest, seriousViolations, signIn, uniqueName } from './helpers.ts';

const ADMIN = 'Tala Admin';
const TABS = ['Spa Management', 'User Management', 'ChatBot Management', 'Analytics', 'Moderation', 'Audit Log'];
const { registered } = membersForEachTest();

async function openDashboard(page: Page) {
  await signIn(page, ADMIN);
  await page.goto('/admin');
  for (const card of ['Total Spas', 'Total Users', 'Total Reviews', 'Avg Rating'])
    await expect(page.getByText(card, { exact: true })).toBeVisible();
}

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
]) {
  test(`an admin walks every tab (${viewport.name})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await openDashboard(page);
    await expect(page.getByRole('link', { name: 'Back' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Logout' })).toHaveAttribute('href', '/api/logout');
    for (const tab of TABS) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('heading', { name: tab, level: 2 })).toBeVisible();
      await expect(page.getByText('Loading...')).toHaveCount(0);
      await expectNoSidewaysScroll(page, `${tab} at ${viewport.width}`);
      expect(await seriousViolations(page), tab).toEqual([]);
    }
    await page.getByRole('tab', { name: 'User Management' }).click();
    await expect(page.getByRole('heading', { name: '25 Latest Registered Users' })).toBeVisible();
    await page.getByRole('tab', { name: 'ChatBot Management' }).click();
    await expect(page.getByText('Active chatbots')).toBeVisible();
  });
}

test('an admin creates a spa with an image, edits and deletes it', async ({ page }) => {
  page.on('dialog', (dialog) => void dialog.accept());
  await openDashboard(page);
  await page.getByRole('button', { name: 'Add Spa' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Spa' });
  await dialog.getByRole('button', { name: 'Create Spa' }).click();
  await expect(page.getByText('Please fill in all required fields').first()).toBeVisible();
  const name = uniqueName('Journey Spa');
  await dialog.getByLabel('Name *').fill(name);
  await dialog.getByLabel('Address *').fill('5 Rizal Ave, Manila');
  await dialog.getByLabel('Latitude *').fill('14.6');
  await dialog.getByLabel('Longitude *').fill('120.98');
  await dialog.getByLabel('Amenities').fill('Sauna, , Steam ');
  await dialog.getByLabel('Spa management member').fill('Makati Serenity');
  await dialog.getByRole('radio', { name: 'Makati Serenity Spa' }).check();
  await dialog.getByRole('button', { name: 'Set opening hours' }).click();
  await dialog.getByLabel('Closed on Sunday').check();
  await dialog.getByLabel('Saturday closes').fill('23:30');
  await dialog
    .getByLabel('Spa image')
    .setInputFiles({ name: 'spa.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(JPEG_400) });
  await expect(page.getByText('Image compressed').first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Create Spa' }).click();
  await expect(page.getByText('Spa created').first()).toBeVisible();
  const card = page.getByRole('listitem').filter({ hasText: name });
  await expect(card.locator('img')).toHaveAttribute('src', /^\/media\/spas\//);
  await expect(card).toContainText('· Makati Serenity Spa');

  await card.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Spa' });
  await expect(edit.getByLabel('Name *')).toHaveValue(name);
  await expect(edit.getByLabel('Amenities')).toHaveValue('Sauna, Steam');
  await expect(edit.getByLabel('Monday opens')).toHaveValue('10:00');
  await expect(edit.getByLabel('Saturday closes')).toHaveValue('23:30');
  await expect(edit.getByLabel('Closed on Sunday')).toBeChecked();
  await expect(edit.getByRole('radio', { name: 'Makati Serenity Spa' })).toBeChecked();
  await edit.getByRole('radio', { name: 'Not linked' }).check();
  await edit.getByLabel('Name *').fill(`${name} Ermita`);
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Spa updated').first()).toBeVisible();
  const edited = page.getByRole('listitem').filter({ hasText: `${name} Ermita` });
  await expect(edited).not.toContainText('· Makati Serenity Spa');
  await edited.getByRole('button', { name: `Edit ${name} Ermita` }).click();
  await page.getByRole('dialog', { name: 'Edit Spa' }).getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Add Spa' }).click();
  await expect(page.getByRole('dialog', { name: 'Create New Spa' }).getByLabel('Name *')).toHaveValue('');
  await page.keyboard.press('Escape');

  await edited.getByRole('button', { name: `Delete ${name} Ermita` }).click();
  await page
    .getByRole('dialog', { name: `Delete ${name} Ermita?` })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('Spa deleted').first()).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: name })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Audit Log' }).click();
  await expect(page.getByText(`Deleted spa · ${name} Ermita`)).toBeVisible();
});

test('an admin searches users and bans a member, who is signed out in their own browser', async ({ page, browser }) => {
  page.on('dialog', (dialog) => void dialog.accept());
  const member = await registered(browser, 'Banned Journey');
  await openDashboard(page);
  await page.getByRole('tab', { name: 'User Management' }).click();
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('Please enter a search term').first()).toBeVisible();
  await page.getByLabel('Search term').fill(member.name);
  // The member is also among the Latest Registered Users until the results come: the search is held back while the
  // admin opens Ban there, and the dialog stays open when the results replace that list.
  let releaseSearch = () => {};
  const searchHeld = new Promise<void>((resolve) => (releaseSearch = resolve));
  await page.route(/\/trpc\/[^?]*admin\.searchUsers/, async (route) => {
    await searchHeld;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByRole('listitem').filter({ hasText: member.name });
  await expect(row.getByRole('link', { name: member.name })).toHaveAttribute('href', /^\/profile\//);
  await row.getByRole('button', { name: `Ban ${member.name}` }).click();
  const confirm = page.getByRole('dialog', { name: `Ban ${member.name}?` });
  await expect(confirm).toBeVisible();
  releaseSearch();
  // By its text: the open dialog hides the rest of the page from the accessibility tree.
  await expect(page.getByText('Search results (1)')).toBeVisible();
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Ban', exact: true }).click();
  await expect(page.getByText('Member banned').first()).toBeVisible();
  await expect(row.getByText('Banned', { exact: true })).toBeVisible();

  // The ban may reach the member's open page by itself (its chat socket is closed and the app leaves for the landing
  // page), and a reload that meets that navigation fails: reload until the page shows the member signed out.
  await expect(async () => {
    await member.page.reload();
    await expect(member.page.getByRole('navigation', { name: 'Main' })).toHaveCount(0, { timeout: 2000 });
  }).toPass();
  expect((await member.page.request.get('/api/user')).status()).toBe(401);

  await row.getByRole('button', { name: `Lift ban: ${member.name}` }).click();
  await expect(page.getByText('Ban lifted').first()).toBeVisible();
});

test('a member reports a review and the admin removes it from the moderation queue', async ({ page, browser }) => {
  const member = await registered(browser, 'Reporter');
  await member.page.goto('/spa/bgc-urban-retreat');
  await member.page.getByRole('tab', { name: /^Reviews/ }).click();
  const review = member.page.getByRole('article').first();
  const text = (await review.locator('p.whitespace-pre-line').textContent())!;
  await review.getByRole('button', { name: 'Report review' }).click();
  const dialog = member.page.getByRole('dialog', { name: 'Report this review' });
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('Please choose a reason.')).toBeVisible();
  await dialog.getByLabel('Spam or advertising').check();
  await dialog.getByLabel('Note (optional)').fill('Looks like an advert.');
  expect(await seriousViolations(member.page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(member.page.getByText('Report sent').first()).toBeVisible();

  await openDashboard(page);
  await page.getByRole('tab', { name: 'Moderation' }).click();
  const report = page
    .getByRole('listitem')
    .filter({ hasText: member.name })
    .filter({ hasText: 'Looks like an advert.' });
  await expect(report.getByText('Spam or advertising')).toBeVisible();
  await report.getByRole('button', { name: 'Remove review' }).click();
  await expect(page.getByText('Remove review').first()).toBeVisible();
  await page.getByRole('button', { name: 'Handled' }).click();
  const handled = page
    .getByRole('listitem')
    .filter({ hasText: member.name })
    .filter({ hasText: 'Looks like an advert.' });
  await expect(handled.getByText(`Handled by ${ADMIN}`)).toBeVisible();

  await member.page.reload();
  await member.page.getByRole('tab', { name: /^Reviews/ }).click();
  await expect(member.page.getByRole('article').first()).toBeVisible();
  await expect(member.page.getByText(text.trim().slice(0, 40))).toHaveCount(0);
});

test('a member who is not an admin sees Access Denied with Go back', async ({ browser }) => {
  const member = await registered(browser, 'Curious');
  await member.page.goto('/admin');
  await expect(member.page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  expect(await seriousViolations(member.page)).toEqual([]);
  await member.page.getByRole('link', { name: 'Go back' }).click();
  await expect(member.page).toHaveURL(/\/$/);
});
