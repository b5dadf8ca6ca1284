// Spa analytics end to end at 390x844: a spa manager reaches Analytics from their own profile, sees the last 4
// weeks with their charts (12 weeks and the export locked behind premium), starts the premium trial, then sees
// 12 weeks with the comparison and exports the CSV. A visit from a client shows up as a profile view.
//
// The week in progress on Analytics at 390x844: the demo spa's charts draw complete weeks as
// lines and the week in progress apart (a dashed segment at its weekly pace, named in each legend), each chart says
// "This week so far (N of 7 days): ..." with the figures as counted, the figures table marks the week "so far", and
// the screen says what the dashed segment is. N is the server's (the Manila day), never the device's.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  expectNoSidewaysScroll,
  membersForEachTest,
  registerThroughApi,
  seriousViolations,
  signIn,
  uniqueName,
} from './helpers.ts';

/** The Analytics screen's three charts, by their headings. */
const CHARTS = ['How members found you', 'Reviews and recognition', 'Average ratings (out of 10)'];

/** A chart's drawing: the canvas inside the chart's image, in the chart's region. */
function chartCanvas(page: Page, chart: string) {
  return page
    .getByRole('region', { name: chart })
    .getByRole('img', { name: new RegExp(chart.replace(/[()]/g, '\\$&')) })
    .locator('canvas')
    .first();
}

// The members' browser contexts (membersForEachTest) are closed after each test of this block only.
test.describe('premium windows and the export', () => {
  const members = membersForEachTest();

  test('a spa manager opens Analytics, sees charts, and exports CSV with premium', async ({ browser }) => {
    test.setTimeout(120_000);
    const spa = await members.newPage(browser);
    const spaName = uniqueName('Analytics Spa');
    await registerThroughApi(spa, spaName, 'Spa Management');

    // A client looks at the spa's profile: one profile view.
    const client = await members.registered(browser, 'Curious Client');
    await spa.goto('/profile');
    const ownSlug = await spa.evaluate(
      async () => ((await (await fetch('/api/user')).json()) as { slug: string }).slug,
    );
    await client.page.goto(`/profile/${ownSlug}`);
    await expect(client.page.getByRole('heading', { name: spaName, exact: true })).toBeVisible();

    await spa.getByRole('region', { name: 'Analytics' }).getByRole('link', { name: 'Analytics' }).click();
    await expect(spa).toHaveURL(/\/analytics$/);
    await expect(spa.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
    const totals = spa.getByRole('region', { name: 'Totals' });
    await expect(totals.getByText('Profile views')).toBeVisible();
    await expect(totals.getByText('Profile views').locator('..')).toContainText('1');
    for (const chart of CHARTS) await expect(chartCanvas(spa, chart)).toBeVisible();
    await expect(spa.getByRole('button', { name: 'Last 4 weeks' })).toHaveAttribute('aria-pressed', 'true');
    await expect(spa.getByRole('button', { name: 'Last 12 weeks' })).toBeDisabled();
    await expect(spa.getByRole('button', { name: 'Export CSV' })).toHaveCount(0);
    await spa.getByRole('region', { name: 'How members found you' }).getByText('Show the figures').click();
    await expect(spa.getByRole('table', { name: 'How members found you, week by week' }).getByRole('row')).toHaveCount(
      5,
    );
    expect(await seriousViolations(spa)).toEqual([]);
    await expectNoSidewaysScroll(spa, 'analytics');

    // Premium (the free trial): 12 weeks, the comparison, the export.
    const origin = new URL(spa.url()).origin;
    expect((await spa.request.post('/api/premium/trial', { headers: { Origin: origin } })).status()).toBe(200);
    await spa.reload();
    await spa.getByRole('button', { name: 'Last 12 weeks' }).click();
    await expect(spa.getByRole('button', { name: 'Last 12 weeks' })).toHaveAttribute('aria-pressed', 'true');
    // A year is Premium Pro's, not the trial's.
    await expect(spa.getByRole('button', { name: 'Last 52 weeks' })).toBeDisabled();
    // The change compares complete weeks (the week in progress is left out of it): this new spa's view is this week's.
    await expect(
      totals
        .getByText('vs the previous period')
        .or(totals.getByText('from none in the previous period'))
        .or(totals.getByText('Same as the previous period'))
        .first(),
    ).toBeVisible();
    const [download] = await Promise.all([
      spa.waitForEvent('download'),
      spa.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^analytics-\d{4}-\d{2}-\d{2}-12-weeks\.csv$/);
    const lines = readFileSync((await download.path())!, 'utf8')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(13);
    expect(lines[0]).toMatch(/^Week starting,Profile views,/);
    expect(lines.at(-1)).toMatch(/^\d{4}-\d{2}-\d{2},1,/);
    expect(await seriousViolations(spa)).toEqual([]);
    await expectNoSidewaysScroll(spa, 'analytics with premium');
  });
});

test.describe('the week in progress', () => {
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
    for (const chart of CHARTS) {
      const region = page.getByRole('region', { name: chart });
      await expect(chartCanvas(page, chart)).toBeVisible();
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
});
