// A member banned while signed in is told why at 390x844: when an admin bans them, their app
// drops them to the landing page saying "This account has been banned." (common/account.ts, the sign-in form's
// own words), and the sign-in page says it too. Three ways the app learns it: its chat socket closes with 4001 and
// the session check that follows answers 401 with the reason; or, with no chat socket to close, the next call it
// makes answers so; or a reload of a screen the Worker sends with its data, which leaves the telling to the app's
// first call. axe finds nothing serious on the landing page with the notice.
import type { Page } from '@playwright/test';
import { appUrl, expect, test } from './fixtures.ts';
import { MESSAGES } from '../common/account.ts';
import { membersForEachTest, PASSWORD, registerThroughApi, seriousViolations, signIn, uniqueName } from './helpers.ts';

const members = membersForEachTest();

async function ban(admin: Page, memberId: number) {
  const origin = appUrl();
  const response = await admin.request.post(`/api/admin/ban-user/${memberId}`, { headers: { Origin: origin } });
  expect(response.status(), 'ban').toBe(200);
}

async function idOf(page: Page): Promise<number> {
  return ((await (await page.request.get('/api/user')).json()) as { id: number }).id;
}

async function expectToldOnLanding(page: Page) {
  await expect(page).toHaveURL(/\/$/, { timeout: 20_000 });
  await expect(page.getByTestId('session-end-notice')).toHaveText(MESSAGES.banned);
  await expect(page.getByRole('link', { name: 'Get Started' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  // The sign-in page says it too; signing in as the banned member is refused with the same words.
  await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await expect(page.getByTestId('session-end-notice')).toHaveText(MESSAGES.banned);
}

test('the chat socket closes with 4001: the member lands on the landing page told the account was banned', async ({
  browser,
  page,
}) => {
  const member = await members.registered(browser, 'Ban Notice Chat');
  const memberId = await idOf(member.page);
  // The leaderboards page's own chat socket has joined (the hub answered with the online list) before the ban, so the
  // ban closes it with 4001. (The home page's socket may still be opening as the member leaves it.)
  const joined = new Promise<void>((resolve) =>
    member.page.on('websocket', (socket) =>
      socket.on('framereceived', (frame) => {
        if (member.page.url().endsWith('/leaderboards') && String(frame.payload).includes('"online-users-updated"'))
          resolve();
      }),
    ),
  );
  await member.page.goto('/leaderboards');
  await joined;
  await expect(member.page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await signIn(page, 'Tala Admin');
  await ban(page, memberId);
  await expectToldOnLanding(member.page);
});

test('with no chat socket, the next call after the ban tells it', async ({ browser, page }) => {
  const memberPage = await members.newPage(browser);
  // A chat socket that never reaches the server (and so is never closed by the ban).
  await memberPage.routeWebSocket(/\/ws\/chat/, () => undefined);
  await registerThroughApi(memberPage, uniqueName('Ban Notice Call'));
  const memberId = await idOf(memberPage);
  await memberPage.goto('/profile');
  await expect(memberPage.getByRole('heading', { name: 'My Profile' })).toBeVisible();

  await signIn(page, 'Tala Admin');
  await ban(page, memberId);
  // The member opens another section: its list is the first call after the ban.
  await memberPage.getByRole('tab', { name: /^Stars Given/ }).click();
  await expectToldOnLanding(memberPage);
});

test('a reload after the ban tells it too, and signing in as the banned member says it once', async ({
  browser,
  page,
}) => {
  const memberPage = await members.newPage(browser);
  // No chat socket: the reload is what meets the ban.
  await memberPage.routeWebSocket(/\/ws\/chat/, () => undefined);
  const name = uniqueName('Ban Notice Reload');
  await registerThroughApi(memberPage, name);
  const memberId = await idOf(memberPage);
  await memberPage.goto('/');
  await expect(memberPage.getByRole('navigation', { name: 'Main' })).toBeVisible();

  await signIn(page, 'Tala Admin');
  await ban(page, memberId);
  await memberPage.reload();
  await expectToldOnLanding(memberPage);

  // The sign-in form refuses the banned member in red above the button; the notice gives way to it and the toast
  // carries its title, so the words show once.
  await memberPage.getByLabel('Name', { exact: true }).fill(name);
  await memberPage.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await memberPage.getByRole('button', { name: 'ENTER' }).click();
  await expect(memberPage.getByRole('form', { name: 'Sign in' }).getByRole('alert')).toHaveText(MESSAGES.banned);
  await expect(memberPage.getByText('Login failed', { exact: true })).toBeVisible();
  // Counted while the toast shows (a polling count would wait for the toast to go).
  expect(await memberPage.getByText(MESSAGES.banned, { exact: true }).count()).toBe(1);
});
