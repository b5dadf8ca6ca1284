// The screens say what is true, at 390x844:
// - chat: the feature panel and an empty chat say that your name, role and member number are shown, and the other
//   member's number is indeed shown beside their name;
// - /medals lists only what the member's role can fill: a client's page has no Medals Given, a spa's no Medals
//   Received; /red-flags likewise;
// - /red-flags/{slug} of another member is never titled My Red Flags: not while it loads, not when it is refused;
// - the signed-in screens show the spec's Loading navigation... while the user loads;
// - the spec's full stop after No contact information available.
// (The admin's No spas found. shows only with no spa at all, which the shared demo data never has.)
import type { Page, Route } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  editPageData,
  membersForEachTest,
  registerThroughApi,
  seriousViolations,
  startChat,
  storageStateOf,
  uniqueName,
} from './helpers.ts';

const { newPage, registeredAt } = membersForEachTest();

/**
 * Holds every tRPC call to `procedure` until the returned release() is called (so a journey can look at the screen
 * while it waits), then lets them through to the server.
 */
async function holdCalls(page: Page, procedure: string): Promise<{ held: Promise<void>; release: () => void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let heldOne!: () => void;
  const held = new Promise<void>((resolve) => (heldOne = resolve));
  const hold = async (route: Route) => {
    heldOne();
    await released;
    await route.continue();
  };
  await page.route((url) => url.pathname.startsWith('/trpc/') && url.pathname.includes(procedure), hold);
  return { held, release };
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

test('chat says that your name, role and member number are shown, and shows them', async ({ browser }) => {
  const member = await registeredAt(browser, 'Copy Amihan', '/chat');
  const other = await registeredAt(browser, 'Copy Bayani', '/chat');
  const page = member.page;
  const about = page.getByRole('region', { name: 'About chat' });
  await expect(about).toContainText('Only your name, role and member number are shown');
  await expect(about).not.toContainText('Only your name and role are shown');
  // It is true: the other member's row shows their name, their role and their member number.
  const { memberNumber } = (await (await other.page.request.get('/api/user')).json()) as { memberNumber: number };
  const row = page.getByRole('listitem').filter({ hasText: other.name });
  await expect(row).toContainText(`Member #${memberNumber}`);
  await expect(row).toContainText('Registered User');
  expect(await seriousViolations(page)).toEqual([]);

  const { chatOnA } = await startChat(member, other);
  await expect(chatOnA).toContainText(
    `Say hello to ${other.name}. Only your name, role and member number are shown, and the messages vanish when the chat ends.`,
  );
});

test("a client's medals page has no Medals Given; a spa's has no Medals Received", async ({ browser }) => {
  const client = await newPage(browser, storageStateOf('Juan dela Cruz'));
  await client.goto('/medals');
  await expect(heading(client)).toHaveText('My Medals');
  await expect(client.getByRole('heading', { name: /^Medals Received/ })).toBeVisible();
  await expect(client.getByRole('heading', { name: /^Medals Given/ })).toHaveCount(0);
  expect(await seriousViolations(client)).toEqual([]);

  const spa = await newPage(browser, storageStateOf('Makati Serenity Spa'));
  await spa.goto('/medals');
  await expect(heading(spa)).toHaveText("Medals I've Given");
  await expect(spa.getByRole('heading', { name: /^Medals Given/ })).toBeVisible();
  await expect(spa.getByRole('heading', { name: /^Medals Received/ })).toHaveCount(0);
  // The same on another member's page: the spa looks at a client's medals.
  await spa.goto('/medals/juan-dela-cruz');
  await expect(heading(spa)).toHaveText("Juan dela Cruz's Medals");
  await expect(spa.getByRole('heading', { name: /^Medals Received/ })).toBeVisible();
  await expect(spa.getByRole('heading', { name: /^Medals Given/ })).toHaveCount(0);

  await spa.goto('/red-flags');
  await expect(heading(spa)).toHaveText("Red Flags I've Given");
  await expect(spa.getByRole('heading', { name: /^Red Flags Given/ })).toBeVisible();
  await expect(spa.getByRole('heading', { name: /^Red Flags Received/ })).toHaveCount(0);
});

test("another member's red flags are never titled My Red Flags, while loading or refused", async ({ browser }) => {
  // Spa management may read a client's red flags: while the answer is on its way the page has a neutral title.
  const spa = await newPage(browser, storageStateOf('Makati Serenity Spa'));
  const { held, release } = await holdCalls(spa, 'recognition.redFlagHistory');
  await spa.goto('/red-flags/paolo-mercado');
  await held;
  await expect(heading(spa)).toHaveText('Red Flags');
  release();
  await expect(heading(spa)).toHaveText("Paolo Mercado's Red Flags");
  await expect(spa.getByRole('heading', { name: /^Red Flags Received/ })).toBeVisible();
  await expect(spa.getByRole('heading', { name: /^Red Flags Given/ })).toHaveCount(0);
  expect(await seriousViolations(spa)).toEqual([]);

  // A client may not read another client's red flags: refused, and still not "My Red Flags".
  const client = await newPage(browser, storageStateOf('Juan dela Cruz'));
  await client.goto('/red-flags/paolo-mercado');
  await expect(client.getByRole('alert')).toBeVisible();
  await expect(heading(client)).toHaveText('Red Flags');
  // Their own page still is.
  await client.goto('/red-flags/juan-dela-cruz');
  await expect(heading(client)).toHaveText('My Red Flags');
  await expect(client.getByRole('heading', { name: /^Red Flags Given/ })).toHaveCount(0);
});

test('a signed-in screen shows Loading navigation... while the user loads', async ({ browser }) => {
  const page = await newPage(browser, storageStateOf('Juan dela Cruz'));
  // The page without the answers the Worker sends with it (the service worker's offline shell is such a page): the
  // screen asks for the member itself.
  await editPageData(page, '/search', () => []);
  const { held, release } = await holdCalls(page, 'account.me');
  await page.goto('/search');
  await held;
  const placeholder = page.getByRole('status').filter({ hasText: 'Loading navigation...' });
  await expect(placeholder).toBeVisible();
  await expect(page.getByText('Loading...', { exact: true })).toBeVisible();
  // It stands where the bottom bar will be.
  const box = (await placeholder.boundingBox())!;
  expect(box.y + box.height).toBeCloseTo(page.viewportSize()!.height, 0);
  expect(await seriousViolations(page)).toEqual([]);
  release();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByText('Loading navigation...')).toHaveCount(0);
});

test('a profile without contact details says so with the full stop', async ({ page }) => {
  const name = uniqueName('Copy Dalisay');
  await registerThroughApi(page, name);
  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Contact' }).click();
  await expect(page.getByText('No contact information available.', { exact: true })).toBeVisible();
});
