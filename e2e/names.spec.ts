// Names are never cut too short, at 390x844: a reviewer name on a review card is cut only when it truly does not
// fit (then with an ellipsis, the whole name in its text and tooltip), not at about ten characters ("Kaye Bern…")
// while the card has room; and the profile editor's name field always shows the whole name, wrapping when it is
// long (not "UX Client 1421(").
import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { registerThroughApi, seriousViolations } from './helpers.ts';

const tag = () => Math.random().toString(36).slice(2, 6);

/** Whether an element's text is cut (wider or taller than its box). */
const isCut = (element: Locator) =>
  element.evaluate((node) => node.scrollWidth > node.clientWidth + 1 || node.scrollHeight > node.clientHeight + 1);

test('a reviewer name that fits the review card is shown whole', async ({ page }) => {
  const name = `Kaye Bernadette ${tag()}`;
  await registerThroughApi(page, name, 'Client');
  await page.goto('/write-review/bgc-urban-retreat');
  await page.getByLabel('Your review').fill('Calm rooms and a thorough hilot, booked over Viber in minutes.');
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page).toHaveURL(/\/profile\/bgc-urban-retreat$/);
  await page.getByRole('tab', { name: /^Reviews/ }).click();
  const card = page.getByRole('article', { name: `Review by ${name}` });
  const shown = card.getByRole('link', { name: new RegExp(name) }).getByText(name, { exact: true });
  await expect(shown).toBeVisible();
  expect(await isCut(shown), `${name} is cut on its review card`).toBe(false);
  expect(await seriousViolations(page)).toEqual([]);
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('names-review-card.png') });
});

test('the profile editor shows the whole name, short or 60 characters long', async ({ page }) => {
  const short = `UX Client 1421(${tag()})`;
  await registerThroughApi(page, short, 'Client');
  await page.goto('/edit-profile');
  const field = page.getByRole('textbox', { name: 'Name' });
  await expect(field).toHaveValue(short);
  expect(await isCut(field), 'a short name').toBe(false);

  const long = `Bonifacio Global City Serenity Spa and Wellness ${tag()}`.padEnd(60, 'x');
  await field.fill(long);
  await expect(field).toHaveValue(long);
  expect(await isCut(field), 'a 60-character name').toBe(false);
  // Still one line of text: Enter adds no line break.
  await field.press('End');
  await field.press('Enter');
  await expect(field).toHaveValue(long);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('names-edit-profile.png') });
});
