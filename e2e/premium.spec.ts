// Premium end to end at 390x844: a new member with the chat open on one tab meets the regular limit of one
// chat request, starts the 7-day trial on another tab (no payment provider is configured here, so the plan
// buttons say so and offer the trial), sees the You're Premium! badge and the crown on their profile, and
// the chat tab, never reconnected, now has three requests outstanding. A request lives 30 seconds, which the checks
// on the premium tab can outlast on a loaded machine: the first one is withdrawn before them, and all three go
// out together after the upgrade.
import type { BrowserContext, Page } from '@playwright/test';
import { contextOptions, expect, test } from './fixtures.ts';
import { seriousViolations, signedUpAtHome, storageStateOf, uniqueName } from './helpers.ts';

const contexts: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

/** A demo member on /chat, from their stored session (global-setup.ts). */
async function demoMemberOnChat(browser: import('@playwright/test').Browser, name: string): Promise<Page> {
  const context = await browser.newContext(contextOptions({ storageState: storageStateOf(name) }));
  contexts.push(context);
  const page = await context.newPage();
  await page.goto('/chat');
  await expect(page.getByRole('heading', { name: 'Online now' })).toBeVisible();
  return page;
}

test('start the trial, see the badge and the crown, then send three chat requests without reconnecting', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const recipients = ['Juan dela Cruz', 'Maria Santos', 'Makati Serenity Spa'];
  for (const name of recipients) await demoMemberOnChat(browser, name);

  const context = await browser.newContext(contextOptions());
  contexts.push(context);
  const chat = await context.newPage();
  const sockets: unknown[] = [];
  chat.on('websocket', (socket) => sockets.push(socket));
  const name = uniqueName('Dalisay');
  await signedUpAtHome(chat, name);
  await chat.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Chat' }).click();
  for (const recipient of recipients)
    await expect(chat.getByRole('button', { name: `Chat with ${recipient}` })).toBeVisible();

  // Regular: one request at a time.
  await chat.getByRole('button', { name: `Chat with ${recipients[0]}` }).click();
  await expect(chat.getByRole('button', { name: `Cancel chat request to ${recipients[0]}` })).toBeVisible();
  await chat.getByRole('button', { name: `Chat with ${recipients[1]}` }).click();
  await expect(chat.getByText('Request Limit Reached', { exact: true })).toBeVisible();
  await chat.getByRole('button', { name: `Cancel chat request to ${recipients[0]}` }).click();
  await expect(chat.getByRole('button', { name: `Chat with ${recipients[0]}` })).toBeVisible();

  // Another tab: the premium page, whose plan buttons say payments are not set up and offer the trial.
  const premium = await context.newPage();
  await premium.goto('/premium');
  await expect(premium.getByRole('heading', { name: 'SpaConnect PH Premium' })).toBeVisible();
  await expect(premium.getByRole('heading', { name: 'Unlock Premium Power' })).toBeVisible();
  for (const plan of ['Premium Monthly', 'Premium Yearly', 'Premium Pro'])
    await expect(premium.getByRole('heading', { name: plan })).toBeVisible();
  await expect(premium.getByText('$199.99', { exact: true })).toBeVisible();
  await expect(premium.getByText('Save $39.89 · 2 months free')).toBeVisible();
  await expect(premium.getByText('Most Popular')).toBeVisible();
  await expect(premium.getByRole('link', { name: 'Your profile' })).toHaveAttribute('href', '/profile');
  expect(await seriousViolations(premium)).toEqual([]);
  await premium.getByRole('button', { name: 'Select Plan: Premium Yearly' }).click();
  const dialog = premium.getByRole('dialog', { name: 'Payments are not set up' });
  await expect(
    dialog.getByText('Payments are not set up on this server. Start your 7-day free trial instead.'),
  ).toBeVisible();
  expect(await seriousViolations(premium)).toEqual([]);
  await dialog.getByRole('button', { name: 'Start 7-Day Free Trial' }).click();
  await expect(premium.getByText('Welcome to Premium!', { exact: true })).toBeVisible();
  await expect(premium.getByText("You're Premium!")).toBeVisible();
  await expect(premium.getByRole('button', { name: 'Upgrade Now' })).toHaveCount(0);
  await expect(premium.getByRole('button', { name: 'Start 7-Day Free Trial' })).toHaveCount(0);

  // The crown on the profile.
  await premium.getByRole('link', { name: 'Your profile' }).click();
  await expect(premium.getByRole('region', { name: 'Profile card' }).getByText('Premium Member')).toBeVisible();

  // The chat tab, still on its first socket: three requests outstanding now.
  for (const recipient of recipients) await chat.getByRole('button', { name: `Chat with ${recipient}` }).click();
  for (const recipient of recipients)
    await expect(chat.getByRole('button', { name: `Cancel chat request to ${recipient}` })).toBeVisible();
  expect(sockets).toHaveLength(1);
});
