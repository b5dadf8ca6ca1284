// axe finds no serious or critical violation on the public pages, and the browser refuses nothing of theirs
// under the Content Security Policy (an inline script in the prerendered HTML would be).
import { expect, test } from './fixtures.ts';
import { seriousViolations } from './helpers.ts';

for (const path of [
  '/',
  '/auth',
  '/auth?role=therapist',
  '/forgot-password',
  '/reset-password?token=unknown',
  '/dev/mail',
]) {
  test(`no serious accessibility violations on ${path}`, async ({ page }) => {
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);
    expect(refused).toEqual([]);
  });
}
