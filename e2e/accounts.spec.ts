// Journeys of the foundation in Chromium at phone size: register through the form with the real captcha,
// the home screen and tabs for the role, sign out and in again, route guards, and the auth form's rules.
import { expect, test } from '@playwright/test';
import { PASSWORD, register, solveCaptcha, uniqueName } from './helpers.ts';

test('a new member registers, sees the home screen for their role, signs out and signs in again', async ({ page }) => {
  const name = uniqueName('Ligaya');
  await register(page, name, 'Therapist');

  await expect(page).toHaveURL(/\/$/);
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: new RegExp(name) })).toBeVisible();
  const nav = page.getByRole('navigation', { name: /main/i });
  for (const tab of ['Map', 'Chat', 'Search', 'Top 10', 'Premium']) await expect(nav.getByRole('link', { name: tab })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Admin' })).toHaveCount(0);

  await header.getByRole('link', { name: new RegExp(name) }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText(name).first()).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();

  await expect(page.getByRole('link', { name: 'Get Started' })).toBeVisible();
  expect(await page.evaluate(() => window.sessionStorage.length)).toBeGreaterThan(0);

  await page.goto('/auth');
  await page.getByLabel('Name', { exact: true }).fill(name.toUpperCase());
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'ENTER' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('link', { name: new RegExp(name) })).toBeVisible();
});

test('the demo admin sees the admin tabs and no Search', async ({ page }) => {
  await page.goto('/auth');
  await page.getByLabel('Name', { exact: true }).fill('Tala Admin');
  await page.getByLabel('Password', { exact: true }).fill('spa-demo-2026');
  await page.getByRole('button', { name: 'ENTER' }).click();
  const nav = page.getByRole('navigation', { name: /main/i });
  for (const tab of ['Map', 'Chat', 'Admin', 'Top 10', 'Favorites', 'Premium']) await expect(nav.getByRole('link', { name: tab })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Search' })).toHaveCount(0);
});

test('a signed-out visitor is sent to /auth from a member route, but may see the leaderboards', async ({ page }) => {
  for (const path of ['/profile', '/premium', '/edit-profile']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/auth/);
  }
  await page.goto('/leaderboards');
  await expect(page).toHaveURL(/\/leaderboards$/);
});

test('the register form checks name, age and captcha in order, and shows the server message', async ({ page }) => {
  await page.goto('/auth?role=spa_management');
  await expect(page.getByRole('radio', { name: 'Spa Management' })).toBeChecked();
  const create = page.getByRole('button', { name: 'CREATE ACCOUNT' });

  const formError = page.getByRole('form', { name: 'Create account' }).getByRole('alert');
  await create.click();
  await expect(formError).toHaveText('Name is required.');
  await page.getByLabel('Your Name').fill(uniqueName('Spa'));
  await create.click();
  await expect(formError).toHaveText('You must confirm that you are 21 years or older.');
  await page.getByLabel("I'm older than 21 years old").check();
  await create.click();
  await expect(formError).toHaveText('Please complete the reCAPTCHA verification.');

  // The server's rule: a common password is refused with its message, and the captcha is reset.
  await page.getByLabel('New Password').fill('password123');
  await solveCaptcha(page);
  await create.click();
  await expect(formError).toHaveText('This password is too common. Please choose a less common one.');
  await expect(page.locator('altcha-widget input[name="altcha"]')).toHaveValue('');

  // Switching mode clears everything.
  await page.getByRole('button', { name: /Sign in/ }).click();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('');
  await expect(page.getByRole('form', { name: 'Sign in' }).getByRole('alert')).toHaveCount(0);
});

test('a wrong password shows the server message above the button', async ({ page }) => {
  await page.goto('/auth');
  await page.getByLabel('Name', { exact: true }).fill('Juan dela Cruz');
  await page.getByLabel('Password', { exact: true }).fill('not-the-right-one');
  await page.getByRole('button', { name: 'ENTER' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid name or password.' }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);
});
