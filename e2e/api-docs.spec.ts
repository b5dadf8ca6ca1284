// The REST contract for a person, at 390x844: /api/docs shows the document /api/openapi.json in Swagger UI, the
// browser's console stays free of errors (the Content-Security-Policy lets the viewer run), and a path opens to show
// its parameters and answers.
import { expect, test } from './fixtures.ts';

test('the API docs page lists every group of paths and opens one to its answers', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  const document = (await (await page.request.get('/api/openapi.json')).json()) as {
    info: { title: string };
    tags: { name: string }[];
  };

  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: document.info.title })).toBeVisible();
  for (const { name } of document.tags)
    await expect(page.locator(`#operations-tag-${name.replace(/ /g, '_')}`)).toBeVisible();

  await page.getByRole('button', { name: 'POST /api/login Sign in' }).click();
  const login = page.locator('#operations-Account-postLogin');
  await expect(login.locator('.responses-table').first()).toContainText('429');
  await expect(login.getByText('Over a limit').first()).toBeVisible();
  expect(errors).toEqual([]);
});
