// Ratings in one form at 390x844: a spa's rating reads "★ 4.3 (12)" on the Top Spas board, a spa's
// profile, the map's popup, and the admin's spa list and Top Rated Spas; screen readers hear "Rated 4.3 out of 5
// from 12 reviews"; a review's sub-ratings stay out of 10. Each screen passes axe. The ranking rule behind Top Rated
// Spas (a Bayesian average, ADR 020) is tested in worker/test/spa-rating.test.ts.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { seriousViolations, signIn } from './helpers.ts';

/** What a sighted member reads: ★, the mean to one decimal, the review count in brackets. */
const SHOWN = /^★\s*\d\.\d\s*\(\d+\)$/;
const SPOKEN = /^Rated \d\.\d out of 5 from \d+ reviews?$/;

async function expectRatings(scope: Locator, where: string) {
  const ratings = scope.locator('[data-rating]');
  await expect(ratings.first(), where).toBeVisible();
  for (const rating of await ratings.all()) {
    const shown = (await rating.locator('[aria-hidden="true"]').first().innerText()).replace(/\s+/g, ' ').trim();
    expect(shown, `${where}: ${shown}`).toMatch(SHOWN);
    expect((await rating.locator('.sr-only').innerText()).trim(), where).toMatch(SPOKEN);
    // The figure spoken is the figure shown.
    expect(await rating.locator('.sr-only').innerText()).toContain(
      `Rated ${await rating.getAttribute('data-rating')} out of 5`,
    );
  }
}

async function noSeriousViolations(page: Page, where: string) {
  expect(await seriousViolations(page), where).toEqual([]);
}

test('a client reads ratings one way on the Top Spas board, a spa profile and the map popup', async ({ page }) => {
  await signIn(page, 'Juan dela Cruz');
  await page.goto('/leaderboards');
  await page.getByRole('tab', { name: 'Top Spas' }).click();
  const board = page.getByRole('list', { name: /^Top Spas/ });
  await expect(board.getByRole('listitem').first()).toBeVisible();
  await expectRatings(board, 'Top Spas board');
  await noSeriousViolations(page, 'Top Spas board');

  await page.goto('/profile/makati-serenity-spa');
  const card = page.getByRole('region', { name: 'Profile card' });
  await expectRatings(card, 'spa profile card');
  // The reviews keep their sub-ratings out of 10.
  await page.getByRole('tab', { name: /^Reviews/ }).click();
  await expect(
    page
      .getByRole('article')
      .first()
      .getByText(/^\d+\/10$/)
      .first(),
  ).toBeVisible();
  await noSeriousViolations(page, 'spa profile');

  await page.goto('/map?focus=makati-serenity-spa');
  const popup = page.getByTestId('spa-popup');
  await expect(popup).toBeVisible({ timeout: 30_000 });
  await expectRatings(popup, 'map popup');
  await expect(popup).not.toContainText('/5');
});

test('an admin reads the same form in the spa list and Top Rated Spas', async ({ page }) => {
  await signIn(page, 'Tala Admin');
  await page.goto('/admin');
  const spas = page.getByRole('region', { name: 'Spa Management' });
  await expect(spas.getByRole('listitem').first()).toBeVisible();
  await expectRatings(spas, 'admin spa list');
  await noSeriousViolations(page, 'admin spa list');

  await page.getByRole('tab', { name: 'Analytics' }).click();
  // The card is a region named by its heading; its list holds the ranked spas (the seed has rated spas).
  const top = page.getByRole('region', { name: 'Top Rated Spas' });
  await expect(top.getByRole('listitem')).not.toHaveCount(0);
  await expectRatings(top.getByRole('list'), 'Top Rated Spas');
  await noSeriousViolations(page, 'admin analytics');
});
