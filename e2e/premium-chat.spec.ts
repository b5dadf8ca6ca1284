// Direct messaging, a premium perk, at 390x844: a premium member sees on another member's profile whether they
// are online, sends the chat request from there through the app-wide chat connection, and the other member
// accepts it from the banner on whatever screen they are; a member who is not online shows as offline, and a
// member without premium has no Chat button on profiles.
import { expect, test } from './fixtures.ts';
import { membersForEachTest, seriousViolations } from './helpers.ts';

const members = membersForEachTest();

async function slugOf(page: import('@playwright/test').Page): Promise<string> {
  return page.evaluate(async () => ((await (await fetch('/api/user')).json()) as { slug: string }).slug);
}

test('a premium member starts a chat from a profile', async ({ browser }) => {
  test.setTimeout(120_000);
  const premium = await members.registered(browser, 'Premium Perla');
  const other = await members.registered(browser, 'Online Oscar'); // stays on the home screen, connected to chat
  const origin = new URL(premium.page.url()).origin;

  // Without premium there is no Chat button on a profile.
  await premium.page.goto(`/profile/${await slugOf(other.page)}`);
  await expect(premium.page.getByRole('heading', { name: other.name, exact: true })).toBeVisible();
  await expect(premium.page.getByRole('button', { name: `Chat with ${other.name}` })).toHaveCount(0);

  expect((await premium.page.request.post('/api/premium/trial', { headers: { Origin: origin } })).status()).toBe(200);
  await premium.page.reload();
  const chatCard = premium.page.getByRole('region', { name: 'Chat' });
  await expect(chatCard.getByTestId('chat-presence')).toHaveText('Online now');
  expect(await seriousViolations(premium.page)).toEqual([]);
  await chatCard.getByRole('button', { name: `Chat with ${other.name}` }).click();
  await expect(chatCard.getByRole('button', { name: 'Cancel request' })).toBeVisible();

  const banner = other.page.getByRole('article', { name: `Chat request from ${premium.name}` });
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: `Accept chat request from ${premium.name}` }).click();
  await expect(other.page.getByRole('region', { name: `Chat with ${premium.name}` })).toBeVisible();
  await expect(chatCard.getByRole('link', { name: 'Open chat' })).toBeVisible();
  await chatCard.getByRole('link', { name: 'Open chat' }).click();
  await expect(premium.page.getByRole('region', { name: `Chat with ${other.name}` })).toBeVisible();

  // A member who is not online (a seeded spa no journey signs in as) shows as offline, with no way to ask.
  await premium.page.goto('/profile/bgc-urban-retreat');
  const offlineCard = premium.page.getByRole('region', { name: 'Chat' });
  await expect(offlineCard.getByTestId('chat-presence')).toHaveText('Offline');
  await expect(offlineCard.getByRole('button', { name: /^Chat with / })).toBeDisabled();
  expect(await seriousViolations(premium.page)).toEqual([]);
});
