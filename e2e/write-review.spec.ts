// Write review at 390x844: the sub-ratings are optional (a review counts in the spa's rating only with all four),
// and the fields say so beside them; a refusal shows at its field, which is scrolled into view and focused (never
// only at the top, over the header and Back, with the field scrolled away), and no toast covers the header.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { registerThroughApi, seriousViolations, signIn, uniqueName } from './helpers.ts';

/** The element has the focus and sits inside the viewport, below the sticky header. */
async function expectFocusedInView(page: Page, field: Locator) {
  await expect(field).toBeFocused();
  await expect(field).toBeInViewport();
  const header = await page.getByRole('banner').boundingBox();
  const box = (await field.boundingBox())!;
  if (header) expect(box.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
}

test('a spa review: the sub-ratings are invited beside the fields and optional', async ({ page }) => {
  await registerThroughApi(page, uniqueName('Reviewer'), 'Client');
  await page.goto('/write-review/bgc-urban-retreat');
  const ratings = page.getByRole('group', { name: 'Rate the spa from 1 to 10 (optional)' });
  await expect(ratings).toBeVisible();
  await expect(
    ratings.getByText("Optional: rate all four for your review to count in the spa's rating."),
  ).toBeVisible();

  // Two of four: the line beside the fields names the two still missing; nothing is an error.
  await page.getByRole('combobox', { name: 'Ambience' }).selectOption('9');
  await page.getByRole('combobox', { name: 'Booking' }).selectOption('7');
  await expect(
    ratings.getByText("Rate Amenities and Selection too for your review to count in the spa's rating."),
  ).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await ratings.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/write-review-ratings.png' });

  // Submitting with two ratings is a review like any other.
  await page.getByLabel('Your review').fill('Calm rooms and an easy booking over Viber.');
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page.getByText('Review Submitted Successfully!').first()).toBeVisible();
  await expect(page).toHaveURL(/\/profile\/bgc-urban-retreat$/);
  await expect(page.getByText('Ratings Required')).toHaveCount(0);
});

test('a refusal shows at its field, scrolled into view and focused: the red flag reason, a review too long', async ({
  browser,
}) => {
  const clientPage = await (await browser.newContext()).newPage();
  await registerThroughApi(clientPage, uniqueName('Guest'), 'Client');
  const client = await (await clientPage.request.get('/api/user')).json();
  await clientPage.context().close();

  const page = await (await browser.newContext()).newPage();
  await signIn(page, 'Makati Serenity Spa');
  await page.goto(`/write-review/${client.slug}`);
  await page.getByLabel('Your review').fill('Did not show up for the booking and stopped answering messages.');
  await page.getByRole('button', { name: 'Give Red Flag & Report' }).scrollIntoViewIfNeeded();
  await page.getByRole('button', { name: 'Give Red Flag & Report' }).click();
  const reason = page.getByRole('combobox', { name: /Red flag reason/ });
  await expect(page.getByRole('alert').filter({ hasText: 'Please choose a reason for the red flag.' })).toBeVisible();
  await expect(reason).toHaveAttribute('aria-invalid', 'true');
  await expectFocusedInView(page, reason);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/write-review-reason-error.png' });
  // Choosing a reason clears the message.
  await reason.selectOption('No-show');
  await expect(page.getByRole('alert')).toHaveCount(0);

  // Over 1,000 words: the message is under the text, which takes the focus.
  const review = page.getByLabel('Your review');
  await review.fill(Array.from({ length: 1001 }, () => 'late').join(' '));
  await page.getByRole('button', { name: 'Submit', exact: true }).scrollIntoViewIfNeeded();
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Review Too Long - Please keep your review under 1,000 words.' }),
  ).toBeVisible();
  await expectFocusedInView(page, review);
  await page.context().close();
});

test('whitespace alone is refused on submit with Review Required; only an empty text disables the buttons', async ({
  page,
}) => {
  await registerThroughApi(page, uniqueName('Blank Reviewer'), 'Client');
  await page.goto('/write-review/bgc-urban-retreat');
  const review = page.getByLabel('Your review');
  const submit = page.getByRole('button', { name: 'Submit', exact: true });
  const star = page.getByRole('button', { name: 'Give Star & Submit' });
  await expect(submit).toBeDisabled();
  await expect(star).toBeDisabled();

  await review.fill('   \n  ');
  await expect(submit).toBeEnabled();
  await expect(star).toBeEnabled();
  let sent = 0;
  page.on('request', (request) => {
    if (request.url().includes('reviews.submit')) sent += 1;
  });
  for (const button of [submit, star]) {
    await button.scrollIntoViewIfNeeded();
    await button.click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Review Required - Please write a review before submitting.' }),
    ).toBeVisible();
    await expectFocusedInView(page, review);
    await review.fill('  ');
  }
  expect(sent).toBe(0);
  expect(await seriousViolations(page)).toEqual([]);
  await review.fill('');
  await expect(submit).toBeDisabled();
});
