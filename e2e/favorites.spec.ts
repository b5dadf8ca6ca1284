// Favourites end to end at 390x844: a new member saves a spa from its profile, finds it in /favorites (reached
// from their own profile), makes a second list, renames it, moves the spa, and removes it again; then saves
// another spa from its map popup. At 390x844 a 60-character list name and member name, without a space, are cut
// inside their card and never widen the screen.
import { appUrl, expect, test } from './fixtures.ts';
import { expectNoSidewaysScroll, registerThroughApi, seriousViolations, uniqueName } from './helpers.ts';

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
  await expect(favorites.getByRole('link', { name: new RegExp(SPA) })).toHaveAttribute(
    'href',
    '/profile/makati-serenity-spa',
  );
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

test('at 390x844 /favorites never scrolls sideways and every card, with its buttons, is whole on screen', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  // A therapist with a 60-character name without a space, saved in a list whose 60-character name has none either.
  const therapistPage = await (await browser.newContext()).newPage();
  const longName = `Hilot${Math.random().toString(36).slice(2, 8)}`.padEnd(60, 'x');
  await registerThroughApi(therapistPage, longName, 'Therapist');
  const therapist = await (await therapistPage.request.get('/api/user')).json();
  await therapistPage.context().close();
  await registerThroughApi(page, uniqueName('Keeper'));
  const headers = { Origin: appUrl() };
  const listName = 'W'.repeat(60);
  const list = await page.request.post('/api/favorites/lists', { data: { name: listName }, headers });
  expect(list.status()).toBe(200);
  for (const listId of [(await list.json()).id, undefined])
    expect(
      (await page.request.post('/api/favorites', { data: { targetUserId: therapist.id, listId }, headers })).status(),
    ).toBe(200);

  await page.goto('/favorites');
  const card = page.getByRole('region', { name: listName });
  await expect(card.getByRole('link', { name: new RegExp(longName) })).toBeVisible();
  await expectNoSidewaysScroll(page, '/favorites');
  const width = page.viewportSize()!.width;
  for (const region of [card, page.getByRole('region', { name: 'Favorites' })]) {
    const box = (await region.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, 'a card ends inside the screen').toBeLessThanOrEqual(width);
    for (const button of await region.getByRole('button').all()) await expect(button).toBeInViewport({ ratio: 1 });
  }
  await expect(card.getByRole('heading', { name: listName })).toHaveCSS('text-overflow', 'ellipsis');
});
