// Journeys of reviews, recognition and leaderboards in Chromium at 390x844: a client reviews a spa with
// sub-ratings and a star and finds it in Stars Given; a spa manager reviews a client with a medal, then a red
// flag; the daily limit in the Give Flower dialog; every leaderboard tab and timeframe (Problem Clients absent
// for a client); an owner reply; and axe on these screens.
//
// Write review at 390x844: the sub-ratings are optional (a review counts in the spa's rating only with all four),
// and the fields say so beside them; a refusal shows at its field, which is scrolled into view and focused (never
// only at the top, over the header and Back, with the field scrolled away), and no toast covers the header.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { PICKER_SEARCH_MAX_CHARACTERS } from '../common/limits.ts';
import { BOARD_COUNTING_NOTE } from '../common/recognition.ts';
import { registerThroughApi, seriousViolations, signIn, uniqueName } from './helpers.ts';

const REVIEW = 'Lovely calm rooms, the hilot was excellent and booking over Viber was easy.';

/** A new client (registered through the API); answers their profile slug. */
async function newClient(page: Page, prefix: string): Promise<{ name: string; slug: string }> {
  const name = uniqueName(prefix);
  await registerThroughApi(page, name, 'Client');
  const me = await (await page.request.get('/api/user')).json();
  return { name, slug: me.slug };
}

/** The element has the focus and sits inside the viewport, below the sticky header. */
async function expectFocusedInView(page: Page, field: Locator) {
  await expect(field).toBeFocused();
  await expect(field).toBeInViewport();
  const header = await page.getByRole('banner').boundingBox();
  const box = (await field.boundingBox())!;
  if (header) expect(box.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
}

test('a client reviews a spa with sub-ratings and a star, and finds the star in Stars Given', async ({ page }) => {
  await newClient(page, 'Reviewer');
  await page.goto('/write-review/bgc-urban-retreat');
  await expect(page.getByRole('heading', { name: 'Why Reviews Matter' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Reviewing BGC Urban Retreat' })).toBeVisible();
  const give = page.getByRole('button', { name: 'Give Star & Submit' });
  await expect(give).toBeDisabled();
  await page.getByLabel('Your review').fill(REVIEW);
  // The sub-ratings are optional (the journeys below); all four make the review count in the spa's rating.
  for (const [label, value] of [
    ['Ambience', '9'],
    ['Amenities', '8'],
    ['Booking', '10'],
    ['Selection', '7'],
  ] as const)
    await page.getByRole('combobox', { name: new RegExp(`^${label}`) }).selectOption(value);
  await give.click();
  await expect(page.getByText('Review Submitted Successfully!').first()).toBeVisible();
  await expect(page.getByText('Your review has been posted and star awarded!').first()).toBeVisible();
  await expect(page).toHaveURL(/\/profile\/bgc-urban-retreat$/);

  await page.goto('/stars');
  await expect(page.getByRole('heading', { name: /Stars Given/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'BGC Urban Retreat' })).toBeVisible();
  await expect(page.getByText('Daily Limit: 1 per day · 0 left today')).toBeVisible();

  // The spa's profile: its Reviews tab carries the review and its ratings.
  await page.goto('/profile/bgc-urban-retreat');
  await page.getByRole('tab', { name: /^Reviews/ }).click();
  const card = page.getByRole('article').filter({ hasText: REVIEW });
  await expect(card).toBeVisible();
  await expect(card.getByText('9/10')).toBeVisible();
  // Its own overall score: (9 + 8 + 10 + 7) / 8 = 4.25, out of 5.
  await expect(card.getByText('Overall')).toBeVisible();
  await expect(card.getByText('Rated 4.3 out of 5')).toBeAttached();

  // The reviewer's own profile: Spas Reviewed has it, and Stars Given names the spa.
  await page.goto('/profile');
  await page.getByRole('tab', { name: /^Spas Reviewed/ }).click();
  await expect(page.getByRole('article').filter({ hasText: REVIEW })).toBeVisible();
  await page.getByRole('tab', { name: /^Stars Given/ }).click();
  await expect(page.getByRole('link', { name: /BGC Urban Retreat/ }).first()).toBeVisible();
});

test('a spa manager reviews a client with a medal, then with a red flag', async ({ browser }) => {
  const clientPage = await (await browser.newContext()).newPage();
  const client = await newClient(clientPage, 'Guest');
  const page = await (await browser.newContext()).newPage();
  await signIn(page, 'Makati Serenity Spa');
  await page.goto(`/write-review/${client.slug}`);
  await expect(page.getByRole('button', { name: 'Give Red Flag & Report' })).toBeVisible();
  await page.getByLabel('Your review').fill('A kind and punctual guest. Welcome back anytime!');
  await page.getByRole('button', { name: 'Give Medal & Submit' }).click();
  await expect(page.getByText('Medal Awarded!').first()).toBeVisible();
  await expect(page.getByText('Medal awarded successfully!').first()).toBeVisible();

  await page.goto(`/write-review/${client.slug}`);
  await expect(page.getByText('submitting again updates your review')).toBeVisible();
  await page.getByLabel('Your review').fill('Did not show up for the second booking and stopped answering messages.');
  await page.getByLabel(/Red flag reason/).selectOption('No-show');
  await page.getByRole('button', { name: 'Give Red Flag & Report' }).click();
  await expect(page.getByText('Red Flag Reported!').first()).toBeVisible();

  await clientPage.goto('/red-flags');
  await expect(clientPage.getByRole('heading', { name: 'My Red Flags' })).toBeVisible();
  await expect(clientPage.getByText('No-show')).toBeVisible();
  await clientPage.goto('/medals');
  await expect(clientPage.getByRole('heading', { name: /Medals Received \(1\)/ })).toBeVisible();
  await clientPage.context().close();
  await page.context().close();
});

test('the Give Flower dialog shows what is left today and the daily limit message', async ({ page }) => {
  await newClient(page, 'Florist');
  await page.goto('/flowers');
  await page.getByRole('button', { name: 'Give Flower' }).click();
  const dialog = page.getByRole('dialog', { name: 'Give Flower' });
  await expect(dialog.getByText('Daily Limit: 1 per day · 1 left today')).toBeVisible();
  await dialog.getByRole('button', { name: 'Give Flower' }).click();
  await expect(page.getByText('Please select a recipient').first()).toBeVisible();
  await dialog.getByPlaceholder('Search by name').fill('Maria');
  await dialog.getByRole('radio', { name: 'Maria Santos' }).check();
  await dialog.getByRole('button', { name: 'Give Flower' }).click();
  await expect(page.getByText('Please select a spa').first()).toBeVisible();
  // Maria Santos works at Makati Serenity Spa (the demo lineup): it comes first, apart from the other spas.
  const spas = dialog.getByRole('radiogroup', { name: 'Spas' });
  const theirs = spas.getByRole('group', { name: 'Where they work' });
  await expect(theirs.getByRole('radio')).toHaveCount(1);
  await expect(theirs.getByRole('radio', { name: 'Makati Serenity Spa' })).toBeVisible();
  await spas.getByRole('radio', { name: 'Makati Serenity Spa' }).check();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByLabel('Reason (optional)').fill('Magic hands!');
  await dialog.getByRole('button', { name: 'Give Flower' }).click();
  await expect(page.getByText('Flower Given').first()).toBeVisible();
  await expect(page.getByText('Daily Limit: 1 per day · 0 left today')).toBeVisible();

  // Today's flower is given: the dialog says so on opening, with no form to fill.
  await page.getByRole('button', { name: 'Give Flower' }).click();
  await expect(dialog.getByText('Daily Limit: 1 per day · 0 left today')).toBeVisible();
  await expect(dialog.getByRole('status')).toHaveText("You have given today's 1 flower. You can give again tomorrow.");
  await expect(dialog.getByPlaceholder('Search by name')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Give Flower' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toHaveCount(0);
});

test('a flower refused because today’s was given elsewhere meanwhile: the dialog says so and its close button stays clear', async ({
  page,
}) => {
  await newClient(page, 'Twotabs');
  await page.goto('/flowers');
  await page.getByRole('button', { name: 'Give Flower' }).click();
  const dialog = page.getByRole('dialog', { name: 'Give Flower' });
  await dialog.getByPlaceholder('Search by name').fill('Maria');
  await dialog.getByRole('radio', { name: 'Maria Santos' }).check();
  await dialog.getByRole('radio', { name: 'Makati Serenity Spa' }).check();
  // Another tab gives today's flower first.
  const [maria] = await (await page.request.get('/api/users/therapist?q=Maria%20Santos')).json();
  const spas = await (
    await page.request.get(
      `/trpc/recognition.spas?input=${encodeURIComponent(JSON.stringify({ therapistId: maria.id }))}`,
    )
  ).json();
  const given = await page.request.post('/api/flowers', {
    data: { recipientId: maria.id, spaId: spas.result.data[0].id },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(given.status()).toBe(200);

  await dialog.getByRole('button', { name: 'Give Flower' }).click();
  await expect(dialog.getByRole('status')).toHaveText("You have given today's 1 flower. You can give again tomorrow.");
  // Nothing lies over the dialog's close button: a tap there reaches it.
  const close = dialog.getByRole('button', { name: 'Close' });
  const box = (await close.boundingBox())!;
  const reached = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x!, y!)?.closest('button')?.getAttribute('aria-label') ?? null,
    [box.x + box.width / 2, box.y + box.height / 2],
  );
  expect(reached).toBe('Close');
  await close.click();
  await expect(dialog).toHaveCount(0);
  await expect(
    page.getByRole('region', { name: 'Summary' }).getByText('Daily Limit: 1 per day · 0 left today'),
  ).toBeVisible();
});

test('every viewer sees a member’s stars and flowers summary with the Daily Limit; only the giver sees what is left and Give', async ({
  page,
}) => {
  await registerThroughApi(page, uniqueName('Onlooker'), 'Therapist');
  await page.goto('/stars/juan-dela-cruz');
  await expect(page.getByRole('heading', { name: "Juan dela Cruz's Stars" })).toBeVisible();
  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary.getByText(/^Given:/)).toBeVisible();
  await expect(summary.getByText('Daily Limit: 1 per day', { exact: true })).toBeVisible();
  await expect(summary.getByRole('button', { name: 'Give Star' })).toHaveCount(0);
  await page.goto('/flowers/maria-santos');
  await expect(page.getByRole('heading', { name: "Maria Santos's Flowers" })).toBeVisible();
  await expect(summary.getByText(/^Received:/)).toBeVisible();
  await expect(summary.getByText('Daily Limit: 1 per day', { exact: true })).toBeVisible();
  await expect(summary.getByRole('button', { name: 'Give Flower' })).toHaveCount(0);
});

test('a review’s flower offers the therapist’s own spa first and goes to the spa the client picks', async ({
  page,
}) => {
  await newClient(page, 'Thankful');
  await page.goto('/write-review/maria-santos');
  // Maria Santos works at Makati Serenity Spa (the demo lineup): it is chosen for her flower unless the client picks
  // another, found by a search.
  const spas = page.getByRole('radiogroup', { name: 'Spas' });
  await expect(
    spas.getByRole('group', { name: 'Where they work' }).getByRole('radio', { name: 'Makati Serenity Spa' }),
  ).toBeChecked();
  // A pasted long link stops at the 60 characters the server searches for, rather than ending in a refused search.
  await expect(page.getByLabel('Spa (for Give Flowers & Submit)')).toHaveAttribute(
    'maxlength',
    String(PICKER_SEARCH_MAX_CHARACTERS),
  );
  await page.getByLabel('Spa (for Give Flowers & Submit)').fill('bgc');
  await expect(spas.getByRole('radio', { name: 'Makati Serenity Spa' })).toHaveCount(0);
  await spas.getByRole('radio', { name: 'BGC Urban Retreat' }).check();
  await page.getByLabel('Your review').fill(REVIEW);
  await page.getByRole('button', { name: 'Give Flowers & Submit' }).click();
  await expect(page.getByText('Your review has been posted and flower awarded!').first()).toBeVisible();
  await expect(page).toHaveURL(/\/profile\/maria-santos$/);
});

const TABS = ['Top Therapists', 'Top Spas', 'Top Clients', 'Flower Givers', 'Star Givers', 'Medal Givers'];
const TIMEFRAMES = ['Weekly', 'Monthly', 'Yearly', 'All Time'];

test('every leaderboard tab and timeframe shows its board; Problem Clients is absent for a client', async ({
  page,
}) => {
  await signIn(page, 'Juan dela Cruz');
  await page.goto('/leaderboards');
  await expect(page.getByRole('heading', { name: 'Summary Statistics' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Problem Clients' })).toHaveCount(0);
  for (const timeframe of TIMEFRAMES) {
    await page.getByRole('radio', { name: timeframe }).click();
    for (const tab of TABS) {
      await page.getByRole('tab', { name: tab }).click();
      const panel = page.getByRole('tabpanel');
      await expect(
        panel.getByRole('list', { name: `${tab}, ${timeframe}` }).or(panel.getByText('Nobody on this board')),
      ).toBeVisible();
    }
  }
  await page.getByRole('radio', { name: 'Monthly' }).click();
  await page.getByRole('tab', { name: 'Top Therapists' }).click();
  await expect(page.getByRole('list', { name: 'Top Therapists, Monthly' }).getByRole('listitem').first()).toContainText(
    'Flowers received',
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('the boards say under their counts which gifts they leave out, so a count may be lower than on a profile', async ({
  page,
}) => {
  await page.goto('/leaderboards');
  await page.getByRole('tab', { name: 'Top Spas' }).click();
  const row = page.getByRole('list', { name: 'Top Spas, Monthly' }).getByRole('listitem').first();
  // Star gifts read as gifts; the ★ is the rating's alone.
  await expect(row.getByText('Stars received')).toBeVisible();
  const note = page.getByText(BOARD_COUNTING_NOTE);
  await expect(note).toBeVisible();
  expect(BOARD_COUNTING_NOTE).toContain('accounts less than a day old');
  const listBox = (await page.getByRole('tabpanel').boundingBox())!;
  const noteBox = (await note.boundingBox())!;
  expect(noteBox.y, 'the note follows the board').toBeGreaterThanOrEqual(listBox.y + listBox.height);
});

test('spa management sees Problem Clients; signed-out visitors see the public boards without it', async ({
  page,
  browser,
}) => {
  await signIn(page, 'Makati Serenity Spa');
  await page.goto('/leaderboards');
  await page.getByRole('tab', { name: 'Problem Clients' }).click();
  await expect(page.getByRole('list', { name: 'Problem Clients, Monthly' })).toBeVisible();
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/leaderboards');
  await expect(visitor.getByRole('tab', { name: 'Top Therapists' })).toBeVisible();
  await expect(visitor.getByRole('tab', { name: 'Problem Clients' })).toHaveCount(0);
  await visitor.goto('/stars');
  await expect(visitor.getByText('Please log in to view stars')).toBeVisible();
  await visitor.goto('/flowers');
  await expect(visitor.getByText('Please log in to view flowers')).toBeVisible();
  await visitor.context().close();
});

test('the reviewed member replies to a review, edits the reply and deletes it', async ({ page }) => {
  await signIn(page, 'Makati Serenity Spa');
  await page.goto('/profile');
  await page.getByRole('tab', { name: /^Reviews/ }).click();
  const card = page.getByRole('article').first();
  await card.getByRole('button', { name: 'Reply' }).click();
  await card.getByLabel('Your reply').fill('Salamat po! See you again soon.');
  await card.getByRole('button', { name: 'Post Reply' }).click();
  await expect(card.getByText('Salamat po! See you again soon.')).toBeVisible();
  await card.getByRole('button', { name: 'Edit Reply' }).click();
  await card.getByLabel('Your reply').fill('Salamat po!');
  await card.getByRole('button', { name: 'Post Reply' }).click();
  await expect(card.getByText(/Reply from Makati Serenity Spa .* edited/)).toBeVisible();
  await card.getByRole('button', { name: 'Delete Reply' }).click();
  await expect(card.getByText('Salamat po!')).toHaveCount(0);
});

test('axe finds nothing serious on the review, recognition and leaderboard screens', async ({ page }) => {
  await signIn(page, 'Juan dela Cruz');
  for (const path of [
    '/leaderboards',
    '/write-review/makati-serenity-spa',
    '/stars',
    '/flowers',
    '/medals',
    '/red-flags',
    '/transactions/juan-dela-cruz/stars',
  ]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect([path, await seriousViolations(page)]).toEqual([path, []]);
  }
});

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
