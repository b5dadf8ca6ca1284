// Find Members at 390x844 and on a desktop viewport: the prompt, a blank term refused,
// Enter searches, accents ignored, the empty state, and a result card that opens the profile; axe clean.
import { expect, test } from './fixtures.ts';
import { expectNoSidewaysScroll, membersForEachTest, seriousViolations } from './helpers.ts';

const { registered } = membersForEachTest();

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
]) {
  test(`a member searches and opens a profile (${viewport.name})`, async ({ browser }) => {
    const { page } = await registered(browser, 'Seeker');
    await page.setViewportSize(viewport);
    await page.goto('/search');
    await expect(page.getByText('Enter a name to find members.')).toBeVisible();
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please enter a name to search for.');

    await page.getByLabel('Member name').fill('nobody-here-xyz');
    await page.keyboard.press('Enter');
    await expect(page.getByText('No members found')).toBeVisible();

    await page.getByLabel('Member name').fill('SANTOS');
    await page.keyboard.press('Enter');
    const card = page.getByRole('link', { name: /Maria Santos/ });
    await expect(card).toBeVisible();
    await expectNoSidewaysScroll(page, `search at ${viewport.width}`);
    expect(await seriousViolations(page)).toEqual([]);
    await card.click();
    await expect(page).toHaveURL(/\/profile\/maria-santos$/);
  });
}
