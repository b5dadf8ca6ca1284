// The service worker at /sw.js caches the app shell: once it controls the page, the app still boots offline,
// while API calls are never answered from its cache.
import { expect, test } from './fixtures.ts';

test('the app shell loads offline once the service worker has installed', async ({ page, context }) => {
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload(); // now controlled: hashed assets pass through the worker and are cached
  expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await expect(page.getByRole('link', { name: 'Get Started' })).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  await expect(page.locator('#root')).not.toBeEmpty();
  expect(
    await page.evaluate(() =>
      fetch('/api/health').then(
        () => 'answered',
        () => 'failed',
      ),
    ),
  ).toBe('failed');
  await context.setOffline(false);
});

test('the viewport-height variable follows the window', async ({ page }) => {
  await page.goto('/');
  const read = () => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--vh').trim());
  // Set at start-up, which on a prerendered page runs after its first frame (the CSS falls back to 1vh until then).
  await expect.poll(read).toBe(`${844 / 100}px`);
  await page.setViewportSize({ width: 390, height: 700 });
  await expect.poll(read).toBe('7px');
});
