// axe finds no serious or critical violation on the public pages.
import { expect, test } from '@playwright/test';
import { seriousViolations } from './helpers.ts';

for (const path of ['/', '/auth', '/auth?role=therapist', '/forgot-password', '/reset-password?token=unknown', '/dev/mail']) {
  test(`no serious accessibility violations on ${path}`, async ({ page }) => {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);
  });
}
