// The address editor in Chromium at 390x844, on the embedded basemap with no network: a new
// spa member searches an address (suggestions from 3 characters, at most 5), drags the pin (reverse geocoding
// offers the place, which fills the field when taken), saves and lands on /profile?refresh=true about a second
// later; GET /api/user then holds the address and the pin. Also the toasts Location Required and Update failed,
// and the required address.
//
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

function pinFromReadout(text: string): { latitude: number; longitude: number } {
  const match = text.match(/^Pin: (-?\d+\.\d+), (-?\d+\.\d+) - Drag to adjust$/);
  if (!match) throw new Error(`unexpected readout: ${text}`);
  return { latitude: Number(match[1]), longitude: Number(match[2]) };
}

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

test('search an address, drag the pin, save and land on the refreshed profile', async ({ page }) => {
  await openEditor(page);
  const field = page.getByRole('combobox', { name: 'Address' });
  const suggestions = page.getByRole('listbox', { name: 'Address suggestions' }).getByRole('option');
  await expect(readout(page)).toHaveText('Search for your address, or drag the pin to where you are.');

  // Below 3 characters there are no suggestions; from 3 there are at most 5.
  await field.fill('Ce');
  await page.waitForTimeout(600);
  await expect(suggestions).toHaveCount(0);
  await field.fill('San');
  await expect(suggestions).toHaveCount(5);
  await field.fill('Cebu');
  await expect(suggestions.first()).toContainText('Cebu City');
  expect(await suggestions.count()).toBeLessThanOrEqual(5);
  await suggestions.filter({ hasText: 'Cebu City' }).first().click();
  await expect(field).toHaveValue('Cebu City, Central Visayas, Philippines');
  await expect(readout(page)).toHaveText(/^Pin: 10\.\d+, 123\.\d+ - Drag to adjust$/);
  const chosen = pinFromReadout((await readout(page).textContent())!);
  expect(await seriousViolations(page)).toEqual([]);

  // Members add their street; dragging the pin then reverse-geocodes and replaces the field.
  await field.fill('Somewhere I typed');
  await page.keyboard.press('Escape');
  await whenStill(page.getByTestId('address-pin')); // the map has finished flying to the chosen place
  const pin = (await page.getByTestId('address-pin').boundingBox())!;
  const reverse = page.waitForResponse((response) => response.url().includes('/trpc/geo.reverse'));
  await page.mouse.move(pin.x + pin.width / 2, pin.y + pin.height / 2);
  await page.mouse.down();
  await page.mouse.move(pin.x + pin.width / 2 + 40, pin.y + pin.height / 2 + 30, { steps: 8 });
  await page.mouse.up();
  expect((await reverse).ok()).toBe(true);
  // The place found is offered, never forced (the journeys below): taking it fills the field.
  await expect(field).toHaveValue('Somewhere I typed');
  const offer = page.getByRole('button', { name: /^Use / });
  const place = (await offer.textContent())!.replace(/^Use /, '');
  await offer.click();
  await expect(field).toHaveValue(place);
  const dragged = pinFromReadout((await readout(page).textContent())!);
  expect(dragged.longitude).toBeGreaterThan(chosen.longitude);
  expect(dragged.latitude).toBeLessThan(chosen.latitude);

  await field.fill('12 Osmeña Blvd, Cebu City');
  await page.keyboard.press('Escape');
  const saved = page.waitForResponse((response) => response.url().includes('/trpc/address.update'));
  // The profile drops ?refresh=true from the address once it has fetched again, so catch the redirect itself.
  const redirected = page.waitForURL(/\/profile\?refresh=true$/, { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Save Address' }).click();
  expect((await saved).ok()).toBe(true);
  await expect(page).toHaveURL(/\/edit-address$/); // the redirect waits about a second
  await redirected;
  // The refreshed profile shows the new address in its Spa Location card.
  await expect(page.getByText('12 Osmeña Blvd, Cebu City')).toBeVisible();

  const user = await (await page.request.get('/api/user')).json();
  expect(user.address).toBe('12 Osmeña Blvd, Cebu City');
  expect(Number(user.latitude)).toBeCloseTo(dragged.latitude, 5);
  expect(Number(user.longitude)).toBeCloseTo(dragged.longitude, 5);
});

test('saving needs an address and a location; a failed save says Update failed', async ({ page }) => {
  await openEditor(page);
  const field = page.getByRole('combobox', { name: 'Address' });
  const save = page.getByRole('button', { name: 'Save Address' });

  await save.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Address is required' })).toBeVisible();

  await field.fill('A street with no pin');
  await page.keyboard.press('Escape');
  await save.click();
  await expect(page.getByText('Location Required', { exact: true })).toBeVisible();
  await expect(
    page.getByText('Please select a location on the map by searching for an address.', { exact: true }),
  ).toBeVisible();

  // A tap on the map sets the pin; a save that cannot reach the server says so and stays on the page.
  const map = (await page.locator('[data-map-state="ready"] canvas').boundingBox())!;
  await page.mouse.click(map.x + map.width / 2 + 30, map.y + map.height / 2);
  await expect(readout(page)).toHaveText(/^Pin: 14\.\d+, 12\d\.\d+ - Drag to adjust$/);
  await field.fill('A street with a pin');
  await page.keyboard.press('Escape');
  await page.route('**/trpc/address.update**', (route) => route.abort('failed'));
  await save.click();
  await expect(page.getByText('Update failed', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/edit-address$/);
  const user = await (await page.request.get('/api/user')).json();
  expect(user.address).toBeNull();
});

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
