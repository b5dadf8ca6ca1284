// The address editor at 390x844 on the embedded basemap, offline: a street with its town ("Ayala Avenue Makati")
// finds the town (pin at its centre, the street kept), a search that finds nothing says so, and a pin drag moves
// the pin and offers the place it found as "Use …", which the member may take or leave: the typed street is not
// replaced (by "Quiapo, Metro Manila, Philippines") unless the member takes it.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { registerThroughApi, seriousViolations, uniqueName, whenStill } from './helpers.ts';

async function openEditor(page: Page) {
  await registerThroughApi(page, uniqueName('Address Spa'), 'Spa Management');
  await page.goto('/edit-address');
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Address' })).toBeVisible();
  await expect(page.locator('[data-map-state="ready"]')).toHaveAttribute('data-basemap', 'embedded', {
    timeout: 30_000,
  });
}

const readout = (page: Page) => page.getByTestId('pin-readout');

async function dragPin(page: Page, dx: number, dy: number) {
  const pin = page.getByTestId('address-pin');
  await whenStill(pin);
  const box = (await pin.boundingBox())!;
  const reverse = page.waitForResponse((response) => response.url().includes('/trpc/geo.reverse'));
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + dx, box.y + box.height / 2 + dy, { steps: 8 });
  await page.mouse.up();
  expect((await reverse).ok()).toBe(true);
}

test('a street with its town finds the town; nothing found says so', async ({ page }) => {
  await openEditor(page);
  const field = page.getByRole('combobox', { name: 'Address' });
  const suggestions = page.getByRole('listbox', { name: 'Address suggestions' }).getByRole('option');

  await field.fill('Qwzx Vbnmk');
  await expect(
    page.getByText(
      'No matches for “Qwzx Vbnmk”. Try the town or city, or drag the pin to the spot and keep what you typed.',
    ),
  ).toBeVisible();
  await expect(suggestions).toHaveCount(0);
  expect(await seriousViolations(page), 'no matches').toEqual([]);

  await field.fill('Ayala Avenue Makati');
  await expect(suggestions.first()).toContainText('Makati City');
  await expect(suggestions.first()).toContainText(
    '“Ayala Avenue” is not on the offline map: the pin goes to the centre of Makati City; drag it to the spot.',
  );
  await expect(page.getByTestId('address-no-matches')).toBeEmpty();
  expect(await seriousViolations(page), 'street and town').toEqual([]);
  await page.screenshot({ path: 'test-results/edit-address-street-and-town.png' });
  await suggestions.first().click();
  await expect(field).toHaveValue('Ayala Avenue, Makati City, Metro Manila, Philippines');
  await expect(readout(page)).toHaveText(/^Pin: 14\.5\d+, 121\.0\d+ - Drag to adjust$/);
});

test('dragging the pin offers the place it found and keeps the typed address, which is what is saved', async ({
  page,
}) => {
  await openEditor(page);
  const field = page.getByRole('combobox', { name: 'Address' });
  await field.fill('Ayala Avenue Makati');
  await page.getByRole('listbox', { name: 'Address suggestions' }).getByRole('option').first().click();

  const typed = `${Math.floor(Math.random() * 9000) + 1000} Paseo de Roxas, Makati`;
  await field.fill(typed);
  await page.keyboard.press('Escape');
  await dragPin(page, -40, -30);
  const offer = page.getByRole('button', { name: /^Use / });
  await expect(offer).toBeVisible();
  await expect(field).toHaveValue(typed);
  await expect(readout(page)).toHaveText(/^Pin: 14\.\d+, 121\.\d+ - Drag to adjust$/);
  expect(await seriousViolations(page), 'offer').toEqual([]);
  await offer.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/edit-address-offer.png' });

  // Left alone, the offer changes nothing: the typed address and the dragged pin are saved.
  const pin = (await readout(page).textContent())!.match(/^Pin: (-?\d+\.\d+), (-?\d+\.\d+)/)!;
  const saved = page.waitForResponse((response) => response.url().includes('/trpc/address.update'));
  await page.getByRole('button', { name: 'Save Address' }).click();
  expect((await saved).ok()).toBe(true);
  const user = await (await page.request.get('/api/user')).json();
  expect(user.address).toBe(typed);
  expect(Number(user.latitude)).toBeCloseTo(Number(pin[1]), 5);
  expect(Number(user.longitude)).toBeCloseTo(Number(pin[2]), 5);
});

test('the offered place fills the field only when the member takes it', async ({ page }) => {
  await openEditor(page);
  const field = page.getByRole('combobox', { name: 'Address' });
  await field.fill('My own words');
  await page.keyboard.press('Escape');
  // The map is drawn and still (its pin placed) before it is clicked: a click while it still loads can be lost.
  await whenStill(page.getByTestId('address-pin'));
  const map = (await page.locator('[data-map-state="ready"] canvas').boundingBox())!;
  const reverse = page.waitForResponse((response) => response.url().includes('/trpc/geo.reverse'));
  await page.mouse.click(map.x + map.width / 2 + 30, map.y + map.height / 2);
  expect((await reverse).ok()).toBe(true);
  const offer = page.getByRole('button', { name: /^Use / });
  const place = (await offer.textContent())!.replace(/^Use /, '');
  await expect(field).toHaveValue('My own words');
  await offer.click();
  await expect(field).toHaveValue(place);
  await expect(offer).toBeHidden();
});
