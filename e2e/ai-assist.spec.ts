// AI Assist's built-in editor in Chromium at 390x844, offline: it corrects spelling against the dictionary, "I",
// names and places and the spacing around punctuation in a profile text and in a review, and says what it fixed;
// a text with nothing to fix gets "Looks good already" and the profile's one go stays; a spent button is
// disabled, and axe finds nothing serious in any of these states.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { registerThroughApi, seriousViolations, uniqueName } from './helpers.ts';

const assistButton = (page: Page) => page.getByRole('button', { name: 'AI Assist' });
const fixed = (page: Page) => page.getByTestId('ai-assist-changes');

test("the profile's one go: nothing to fix keeps it, a fix spends it and says what changed", async ({ page }) => {
  await registerThroughApi(page, uniqueName('Joy'), 'Therapist');
  await page.goto('/edit-profile');
  await expect(page.getByText(/Built-in editor \(works offline\)/)).toBeVisible();
  const about = page.getByLabel('About My Services');

  // Nothing to fix: the text stays, the screen says so, and the button can still be used.
  const clean = 'I am a licensed therapist in Pasig. I do hilot and Swedish massage.';
  await about.fill(clean);
  await assistButton(page).click();
  await expect(page.getByText('Looks good already', { exact: true })).toBeVisible();
  await expect(about).toHaveValue(clean);
  await expect(assistButton(page)).toBeEnabled();
  expect(await seriousViolations(page), 'Looks good already').toEqual([]);
  await page.screenshot({ path: 'test-results/ai-assist-looks-good.png', fullPage: true });

  // Ordinary writing with slips: corrected, and the changes are named.
  await about.fill(
    'i am a licensed therapist from quezon city. i speak english and tagalog , and i do hilot and ventosa massge in makati.',
  );
  await assistButton(page).click();
  await expect(page.getByText('AI Suggestion Applied', { exact: true })).toBeVisible();
  await expect(about).toHaveValue(
    'I am a licensed therapist from Quezon City. I speak English and Tagalog, and I do hilot and ventosa massage in Makati.',
  );
  await expect(fixed(page)).toHaveText(
    'Fixed: i → I (3×), quezon city → Quezon City, english → English, tagalog → Tagalog, massge → massage, makati → Makati, spacing and punctuation in 1 place.',
  );
  await expect(page.getByText('Looks good already', { exact: true })).toBeHidden();

  // Spent: disabled (not only greyed), and its hint line says why.
  await expect(assistButton(page)).toBeDisabled();
  await expect(
    page.getByText('AI Assist Already Used: AI Assist can only be used once per session to prevent spam.', {
      exact: false,
    }),
  ).toBeVisible();
  expect(await seriousViolations(page), 'spent AI Assist').toEqual([]);
  await page.screenshot({ path: 'test-results/ai-assist-profile-fixed.png', fullPage: true });

  // The go stays spent for the page session.
  await page.reload();
  await expect(assistButton(page)).toBeDisabled();
});

test('a review: slips fixed and listed; a clean review looks good already', async ({ page }) => {
  await registerThroughApi(page, uniqueName('Reviewer'), 'Client');
  await page.goto('/write-review/makati-serenity-spa');
  const review = page.getByLabel('Your review');

  await review.fill(
    'The therapist was very profesional and the room was clen. i will definately come back next saturday!',
  );
  await assistButton(page).click();
  await expect(review).toHaveValue(
    'The therapist was very professional and the room was clean. I will definitely come back next Saturday!',
  );
  await expect(fixed(page)).toHaveText(
    'Fixed: profesional → professional, clen → clean, i → I, definately → definitely, saturday → Saturday.',
  );
  expect(await seriousViolations(page), 'review fixed').toEqual([]);
  await fixed(page).scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/ai-assist-review-fixed.png' });

  // A review has no once-per-session rule: the button stays, and the corrected text has nothing left to fix.
  await expect(assistButton(page)).toBeEnabled();
  await assistButton(page).click();
  await expect(page.getByText('Looks good already', { exact: true })).toBeVisible();
  await expect(review).toHaveValue(
    'The therapist was very professional and the room was clean. I will definitely come back next Saturday!',
  );
  // Editing on clears what no longer describes the text.
  await review.fill('The therapist was very professional and the room was clean. I will definitely come back!');
  await expect(page.getByText('Looks good already', { exact: true })).toBeHidden();
});
