// The admin's spa management looks finished at 390x844: a listing without an image shows its
// initial on the brand colour, the meta line never repeats the spa's name, Delete and Ban ask in the app's confirm
// dialog (never the browser's confirm()), and an empty Create Spa shows its errors at the fields with the first one
// focused, so one Escape closes the dialog. axe finds nothing serious with each dialog open.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { membersForEachTest, registerThroughApi, seriousViolations, signIn, uniqueName } from './helpers.ts';

const { newPage } = membersForEachTest();

/** Any browser dialog (alert, confirm, prompt) fails the journey: the app asks in its own dialogs. */
function refuseBrowserDialogs(page: Page) {
  const seen: string[] = [];
  page.on('dialog', (dialog) => {
    seen.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return seen;
}

async function openSpas(page: Page) {
  await signIn(page, 'Tala Admin');
  await page.goto('/admin');
  const section = page.getByRole('region', { name: 'Spa Management' });
  await expect(section.getByRole('listitem').first()).toBeVisible();
  return section;
}

test('listings without an image show their initial, and the meta line names each spa once', async ({ page }) => {
  const section = await openSpas(page);
  const fallbacks = section.getByTestId('spa-tile-fallback');
  await expect(fallbacks.first()).toBeVisible();
  for (const item of await section.getByRole('listitem').all()) {
    const name = (await item.getByRole('heading', { level: 3 }).innerText()).trim();
    const tile = item.getByTestId('spa-tile-fallback');
    if ((await tile.count()) > 0) {
      await expect(tile).toHaveText(Array.from(name)[0]!.toLocaleUpperCase());
      // The brand colour (a gradient of it), not the page's beige.
      expect(await tile.evaluate((element) => getComputedStyle(element).backgroundImage)).toContain('gradient');
    }
    const text = await item.innerText();
    expect(text.split(name).length - 1, `${name} appears once in its card`).toBe(1);
  }
  expect(await seriousViolations(page)).toEqual([]);
});

test('an empty Create Spa shows errors at its fields, focuses the first, and one Escape closes it', async ({
  page,
}) => {
  const browserDialogs = refuseBrowserDialogs(page);
  await openSpas(page);
  await page.getByRole('button', { name: 'Add Spa' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Spa' });
  await dialog.getByRole('button', { name: 'Create Spa' }).click();
  for (const label of ['Name *', 'Address *', 'Latitude *', 'Longitude *']) {
    const field = dialog.getByLabel(label);
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription('Please fill in all required fields');
  }
  await expect(dialog.getByLabel('Name *')).toBeFocused();
  // No message box beside the dialog.
  await expect(page.getByRole('status').filter({ hasText: 'Error' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add Spa' })).toBeFocused();
  expect(browserDialogs).toEqual([]);
});

test('Delete asks in the app’s confirm dialog: Cancel keeps the spa, Delete removes it', async ({ page }) => {
  const browserDialogs = refuseBrowserDialogs(page);
  const section = await openSpas(page);
  const name = uniqueName('Confirm Spa');
  await page.getByRole('button', { name: 'Add Spa' }).click();
  const create = page.getByRole('dialog', { name: 'Create New Spa' });
  await create.getByLabel('Name *').fill(name);
  await create.getByLabel('Address *').fill('8 Roxas Blvd, Manila');
  await create.getByLabel('Latitude *').fill('14.57');
  await create.getByLabel('Longitude *').fill('120.98');
  await create.getByRole('button', { name: 'Create Spa' }).click();
  const card = section.getByRole('listitem').filter({ hasText: name });
  await expect(card.getByTestId('spa-tile-fallback')).toHaveText('C');

  await card.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: `Delete ${name}?` });
  await expect(confirm).toContainText('This cannot be undone.');
  expect(await seriousViolations(page)).toEqual([]);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(card).toBeVisible();

  await card.getByRole('button', { name: `Delete ${name}` }).click();
  await page
    .getByRole('dialog', { name: `Delete ${name}?` })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('Spa deleted').first()).toBeVisible();
  await expect(section.getByRole('listitem').filter({ hasText: name })).toHaveCount(0);
  expect(browserDialogs).toEqual([]);
});

test('Ban asks in the app’s confirm dialog: Cancel keeps the member, Ban bans them', async ({ page, browser }) => {
  const browserDialogs = refuseBrowserDialogs(page);
  // A member who exists, with no screen open: the journey is the admin's (a member's map screen, banned in the middle
  // of drawing, only slows the run down).
  const member = { name: uniqueName('Confirm Ban') };
  await registerThroughApi(await newPage(browser), member.name);
  await signIn(page, 'Tala Admin');
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'User Management' }).click();
  await page.getByLabel('Search term').fill(member.name);
  await page.getByRole('button', { name: 'Search' }).click();
  // The member is also among the Latest Registered Users shown until the results come: act on the result's row.
  await expect(page.getByRole('heading', { name: 'Search results (1)' })).toBeVisible();
  const row = page.getByRole('listitem').filter({ hasText: member.name });
  await row.getByRole('button', { name: `Ban ${member.name}` }).click();
  const confirm = page.getByRole('dialog', { name: `Ban ${member.name}?` });
  await expect(confirm).toContainText('Their sessions end at once');
  expect(await seriousViolations(page)).toEqual([]);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(row.getByText('Banned', { exact: true })).toHaveCount(0);

  await row.getByRole('button', { name: `Ban ${member.name}` }).click();
  await page
    .getByRole('dialog', { name: `Ban ${member.name}?` })
    .getByRole('button', { name: 'Ban', exact: true })
    .click();
  await expect(page.getByText('Member banned').first()).toBeVisible();
  await expect(row.getByText('Banned', { exact: true })).toBeVisible();
  expect(browserDialogs).toEqual([]);
});
