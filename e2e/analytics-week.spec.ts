// The week in progress on Analytics at 390x844: the demo spa's charts draw complete weeks as
// lines and the week in progress apart (a dashed segment at its weekly pace, named in each legend), each chart says
// "This week so far (N of 7 days): ..." with the figures as counted, the figures table marks the week "so far", and
// the screen says what the dashed segment is. N is the server's (the Manila day), never the device's.
import { expect, test } from './fixtures.ts';
import { expectNoSidewaysScroll, seriousViolations, signIn } from './helpers.ts';

test('a spa manager sees the week in progress apart from complete weeks, as "so far"', async ({ page }) => {
  await signIn(page, 'Makati Serenity Spa');
  const answer = page.waitForResponse(
    (response) => response.url().includes('/trpc/') && response.url().includes('analytics.report'),
  );
  await page.goto('/analytics');
  const body = JSON.stringify(await (await answer).json());
  const days = Number(body.match(/"thisWeek":\{"weekStart":"[\d-]+","days":(\d)\}/)?.[1]);
  expect(days, 'the server says how far the week has got').toBeGreaterThanOrEqual(1);
  const daysText = `${days} of 7 ${days === 1 ? 'day' : 'days'}`;

  await expect(page.getByTestId('week-so-far-note')).toContainText(`This week is ${daysText} old`);
  await expect(page.getByTestId('week-so-far-note')).toContainText('dashed last segment at its weekly pace');
  for (const chart of ['How members found you', 'Reviews and recognition', 'Average ratings (out of 10)']) {
    const region = page.getByRole('region', { name: chart });
    await expect(
      region
        .getByRole('img', { name: new RegExp(chart.replace(/[()]/g, '\\$&')) })
        .locator('canvas')
        .first(),
    ).toBeVisible();
    await expect(region.getByText(`This week so far (${daysText}):`)).toBeVisible();
    await expect(region.getByRole('list', { name: `${chart}: legend` }).getByText(/^This week so far/)).toBeVisible();
    await region.getByText('Show the figures').click();
    const rows = region.getByRole('table').getByRole('row');
    await expect(rows.last()).toContainText(`so far, ${daysText}`);
    await expect(rows.nth(1)).not.toContainText('so far');
  }
  // The figures of the week so far are the ones counted, not scaled: the line and the table's last row agree.
  const found = page.getByRole('region', { name: 'How members found you' });
  const views = (
    await found
      .locator('p')
      .filter({ hasText: /^This week so far \(/ })
      .innerText()
  ).match(/Profile views (\d+)/)?.[1];
  await expect(found.getByRole('table').getByRole('row').last().getByRole('cell').first()).toHaveText(views!);

  expect(await seriousViolations(page)).toEqual([]);
  await expectNoSidewaysScroll(page, 'analytics');
});
