// Favourites end to end at 390x844: a new member saves a spa from its profile, finds it in /favorites (reached
// from their own profile), makes a second list, renames it, moves the spa, and removes it again; then saves
// another spa from its map popup.
import { expect, test } from './fixtures.ts';
import { registerThroughApi, seriousViolations, uniqueName } from './helpers.ts';

const SPA = 'Makati Serenity Spa';

test('save a spa from its profile and find it in /favorites', async ({ page }) => {
  test.setTimeout(90_000);
  await registerThroughApi(page, uniqueName('Ligaya'));

  await page.goto('/profile/makati-serenity-spa');
  const card = page.getByRole('region', { name: 'Profile card' });
  await expect(card.getByRole('heading', { name: SPA })).toBeVisible();
  await card.getByRole('button', { name: 'Save' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save to a list' });
  await dialog.getByRole('checkbox', { name: 'Favorites' }).click();
  await expect(page.getByText('Saved to Favorites', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: 'Favorites' })).toBeChecked();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(card.getByRole('button', { name: 'Saved' })).toBeVisible();

  // Own profile → My Favorites.
  await page.goto('/profile');
  await page.getByRole('link', { name: 'My Favorites' }).click();
  await expect(page).toHaveURL(/\/favorites$/);
  const favorites = page.getByRole('region', { name: 'Favorites' });
  await expect(favorites.getByRole('link', { name: new RegExp(SPA) })).toHaveAttribute('href', '/profile/makati-serenity-spa');
  await expect(favorites.getByText('Spa Management')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // A second list, renamed; the spa moves there from the profile's dialog.
  await page.getByRole('button', { name: 'New list' }).click();
  await page.getByRole('dialog', { name: 'New list' }).getByLabel('List name').fill('Date night');
  await page.getByRole('button', { name: 'Create list' }).click();
  await expect(page.getByRole('region', { name: 'Date night' })).toBeVisible();
  await page.getByRole('button', { name: 'Rename Date night' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename list' });
  await rename.getByLabel('List name').fill('favorites');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(rename.getByRole('alert')).toHaveText('You already have a list with that name.');
  await rename.getByLabel('List name').fill('Anniversary');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('region', { name: 'Anniversary' })).toBeVisible();

  await page.goto('/profile/makati-serenity-spa');
  await page.getByRole('button', { name: 'Saved' }).click();
  await page.getByRole('dialog').getByRole('checkbox', { name: 'Anniversary' }).click();
  await expect(page.getByRole('dialog').getByRole('checkbox', { name: 'Anniversary' })).toBeChecked();
  await page.getByRole('dialog').getByRole('checkbox', { name: 'Favorites' }).click();
  await expect(page.getByRole('dialog').getByRole('checkbox', { name: 'Favorites' })).not.toBeChecked();
  await page.getByRole('dialog').getByRole('link', { name: 'See all my lists' }).click();

  await expect(page.getByRole('region', { name: 'Favorites' }).getByText('Nothing in this list yet.')).toBeVisible();
  const anniversary = page.getByRole('region', { name: 'Anniversary' });
  await expect(anniversary.getByRole('link', { name: new RegExp(SPA) })).toBeVisible();
  await anniversary.getByRole('button', { name: `Remove ${SPA} from Anniversary` }).click();
  await expect(anniversary.getByText('Nothing in this list yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Delete Anniversary' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete list' }).click();
  await expect(page.getByRole('region', { name: 'Anniversary' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete Favorites' })).toHaveCount(0);

  // The map popup saves too.
  await page.goto('/');
  await page.getByRole('button', { name: 'List view' }).click();
  await page.getByRole('button', { name: /BGC Urban Retreat/ }).click();
  const popup = page.getByTestId('spa-popup');
  await popup.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('dialog', { name: 'Save to a list' }).getByRole('checkbox', { name: 'Favorites' }).click();
  await expect(page.getByText('Saved to Favorites', { exact: true })).toBeVisible();
  await page.getByRole('dialog', { name: 'Save to a list' }).getByRole('button', { name: 'Close' }).click();
  await expect(popup.getByRole('button', { name: 'Saved' })).toBeVisible();
});
