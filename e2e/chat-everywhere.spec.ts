// The chat beyond the chat screen, as members use it on a phone (390x844): a request reaches a member on any
// screen (banner with the countdown, Accept and Reject; the tab title when the tab is in the background), a
// chat survives leaving the screen and reloading (the partner sees the other side away meanwhile), the way back
// shows unread messages, nothing happens silently (another accepted chat does not take over, messages elsewhere
// raise a toast and count as unread, a declined, expired or offline request is told), [END CHAT] asks first,
// dialogs give the focus back, tap targets are 44x44 px with room around destructive actions, and a member can
// hide from the online list.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  expectTapTargets,
  gapBetween,
  membersForEachTest,
  openTab,
  secondsShown,
  seriousViolations,
  setTabHidden,
  startChat,
} from './helpers.ts';

const members = membersForEachTest();

/** The chat's message box of an open chat. */
const messageBox = (page: Page) => page.getByRole('textbox', { name: 'Message' });

async function send(page: Page, text: string) {
  await messageBox(page).fill(text);
  await messageBox(page).press('Enter');
  await expect(messageBox(page)).toHaveValue('');
}

test('a request reaches a member on any screen, and a chat survives leaving the screen and reloading', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const a = await members.onChat(browser, 'Amihan');
  const b = await members.registered(browser, 'Bayani'); // stays on the home screen

  // B's tab is in the background when A asks: its title says so, and comes back when B looks.
  await setTabHidden(b.page, true);
  await a.page.getByRole('button', { name: `Chat with ${b.name}` }).click();
  await expect(b.page).toHaveTitle(`(1) ${a.name} wants to chat · SpaConnect PH`);
  await setTabHidden(b.page, false);
  await expect(b.page).toHaveTitle('SpaConnect PH');

  // On the home screen B sees the request with its countdown, Reject and Accept.
  const banner = b.page.getByRole('article', { name: `Chat request from ${a.name}` });
  await expect(banner).toBeVisible();
  const first = await secondsShown(banner);
  expect(first).toBeGreaterThan(0);
  expect(first).toBeLessThanOrEqual(30);
  await expect(banner.getByRole('button', { name: `Reject chat request from ${a.name}` })).toBeVisible();
  expect(await seriousViolations(b.page)).toEqual([]);
  await expectTapTargets(banner, 'the request banner');
  await banner.getByRole('button', { name: `Accept chat request from ${a.name}` }).click();

  // Accepting opens the chat on both sides with the focus in the message box.
  await expect(b.page).toHaveURL(/\/chat$/);
  const chatOnB = b.page.getByRole('region', { name: `Chat with ${a.name}` });
  const chatOnA = a.page.getByRole('region', { name: `Chat with ${b.name}` });
  await expect(chatOnB).toBeVisible();
  await expect(chatOnA).toBeVisible();
  await expect(messageBox(b.page)).toBeFocused();
  await expect(messageBox(a.page)).toBeFocused();
  await send(b.page, 'Kumusta! Free for a hilot tonight?');
  await expect(chatOnA.getByText('Kumusta! Free for a hilot tonight?')).toBeVisible();

  // A goes to the map: the chat goes on. A message raises a toast and the way back counts it as unread.
  await openTab(a.page, 'Map');
  await expect(a.page).toHaveURL(/\/$/);
  await send(b.page, 'Still there?');
  await expect(a.page.getByText(`New message from ${b.name}`, { exact: true })).toBeVisible();
  const wayBack = a.page.getByRole('button', { name: new RegExp(`^Back to your chat with ${b.name} ?, ?1 unread$`) });
  await expect(wayBack).toBeVisible();
  expect(await seriousViolations(a.page)).toEqual([]);
  await wayBack.click();
  await expect(a.page).toHaveURL(/\/chat$/);
  await expect(chatOnA.getByText('Kumusta! Free for a hilot tonight?')).toBeVisible();
  await expect(chatOnA.getByText('Still there?')).toBeVisible();

  // A leaves the app for a moment: B sees A away with the time left, and may go on writing.
  await a.page.goto('about:blank');
  await expect(chatOnB.getByRole('status').filter({ hasText: 'is away.' })).toBeVisible();
  await expect(chatOnB.getByText(/^Chat ends in \d+s$/)).toBeVisible();
  await send(b.page, 'Take your time.');
  // A is back within the grace period: the same conversation, including what B wrote meanwhile.
  await a.page.goto('/chat');
  await expect(chatOnA).toBeVisible();
  for (const text of ['Kumusta! Free for a hilot tonight?', 'Still there?', 'Take your time.'])
    await expect(chatOnA.getByText(text)).toBeVisible();
  await expect(chatOnB.getByRole('status').filter({ hasText: 'is away.' })).toHaveCount(0);

  // A reload is the same.
  await a.page.reload();
  await expect(chatOnA.getByText('Take your time.')).toBeVisible();
  await send(a.page, 'Back again!');
  await expect(chatOnB.getByText('Back again!')).toBeVisible();
});

test('nothing happens silently: a second chat does not take over, unread counts per chat, answers to requests are told', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const a = await members.onChat(browser, 'Dalisay');
  const b = await members.onChat(browser, 'Elias');
  const c = await members.onChat(browser, 'Florante');

  // B asks A, A accepts: A chats with B.
  await b.page.getByRole('button', { name: `Chat with ${a.name}` }).click();
  await a.page.getByRole('button', { name: `Accept chat request from ${b.name}` }).click();
  const withB = a.page.getByRole('region', { name: `Chat with ${b.name}` });
  await expect(withB).toBeVisible();

  // A goes back to the list, asks C, and returns to B's chat before C answers.
  await withB.getByRole('button', { name: 'Back to online members' }).click();
  await a.page.getByRole('button', { name: `Chat with ${c.name}` }).click();
  await a.page.getByRole('button', { name: `Open chat with ${b.name}` }).click();
  await expect(withB).toBeVisible();
  await c.page.getByRole('button', { name: `Accept chat request from ${a.name}` }).click();

  // A stays with B and is told; C's message is a toast and an unread count, not a switch.
  await expect(a.page.getByText('Chat request accepted', { exact: true })).toBeVisible();
  await expect(withB).toBeVisible();
  await send(c.page, 'Hello from Florante');
  await expect(a.page.getByText(`New message from ${c.name}`, { exact: true })).toBeVisible();
  await expect(withB).toBeVisible();
  await expect(withB.getByRole('button', { name: 'Back to online members (1 unread in other chats)' })).toBeVisible();
  await withB.getByRole('button', { name: /^Back to online members/ }).click();
  const withCUnread = a.page.getByRole('button', { name: new RegExp(`^Open chat with ${c.name} ?, ?1 new$`) });
  await expect(withCUnread).toBeVisible();
  await expect(a.page.getByRole('button', { name: `Open chat with ${b.name}` })).toBeVisible();
  expect(await seriousViolations(a.page)).toEqual([]);
  await withCUnread.click();
  const withC = a.page.getByRole('region', { name: `Chat with ${c.name}` });
  await expect(withC.getByText('Hello from Florante')).toBeVisible();
  await withC.getByRole('button', { name: 'Back to online members' }).click();
  await expect(a.page.getByRole('button', { name: `Open chat with ${c.name}`, exact: true })).toBeVisible();

  // A requester hears how a request ended: declined, expired, or the member went offline.
  const d = await members.onChat(browser, 'Gabriela');
  await d.page.getByRole('button', { name: `Chat with ${b.name}` }).click();
  await b.page.getByRole('button', { name: `Reject chat request from ${d.name}` }).click();
  await expect(d.page.getByText(`${b.name} declined your chat request.`, { exact: true })).toBeVisible();
  await expect(d.page.getByRole('button', { name: `Chat with ${b.name}` })).toBeEnabled();

  await d.page.getByRole('button', { name: `Chat with ${a.name}` }).click();
  await expect(d.page.getByRole('button', { name: `Cancel chat request to ${a.name}` })).toBeVisible();
  await expect(d.page.getByText(`${a.name} did not answer within 30 seconds.`, { exact: true })).toBeVisible({
    timeout: 40_000,
  });

  await d.page.getByRole('button', { name: `Chat with ${c.name}` }).click();
  await expect(c.page.getByRole('article', { name: `Chat request from ${d.name}` })).toBeVisible();
  // C signs out: no grace for a session that ended.
  await c.page.goto('/profile');
  await c.page.getByRole('button', { name: 'Logout' }).click();
  await expect(
    d.page.getByText(`${c.name} went offline before answering your chat request.`, { exact: true }),
  ).toBeVisible();
  // And A, who was chatting with C, learns why the chat ended.
  await expect(a.page.getByText(`went offline. Its messages are gone.`)).toBeVisible();
});

test('[END CHAT] asks first, dialogs give the focus back, and every tap target is 44x44 px with room around the destructive ones', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const a = await members.onChat(browser, 'Hiraya');
  const b = await members.onChat(browser, 'Isagani');

  // The list: Chat, and then Cancel, Accept and Reject.
  await expectTapTargets(a.page.locator('body'), 'the chat list');
  await a.page.getByRole('button', { name: `Chat with ${b.name}` }).click();
  await expect(a.page.getByRole('button', { name: `Cancel chat request to ${b.name}` })).toBeVisible();
  const request = b.page.getByRole('article', { name: `Chat request from ${a.name}` });
  await expect(request).toBeVisible();
  await expectTapTargets(a.page.locator('body'), 'the chat list with a pending request');
  await expectTapTargets(b.page.locator('body'), 'the chat list with an incoming request');
  expect(
    await gapBetween(
      request.getByRole('button', { name: /^Reject/ }),
      request.getByRole('button', { name: /^Accept/ }),
    ),
  ).toBeGreaterThanOrEqual(8);
  await request.getByRole('button', { name: /^Accept/ }).click();

  const chatOnA = a.page.getByRole('region', { name: `Chat with ${b.name}` });
  await expect(chatOnA).toBeVisible();
  await expectTapTargets(a.page.locator('body'), 'the open chat');
  const endChat = chatOnA.getByRole('button', { name: '[END CHAT]' });
  const report = chatOnA.getByRole('button', { name: `Report ${b.name}` });
  const block = chatOnA.getByRole('button', { name: `Block ${b.name}` });
  expect(await gapBetween(endChat, report)).toBeGreaterThanOrEqual(8);
  expect(await gapBetween(endChat, block)).toBeGreaterThanOrEqual(8);
  expect(await gapBetween(report, block)).toBeGreaterThanOrEqual(8);

  // Report and Block: Escape closes the dialog and the focus returns to the button that opened it.
  for (const [button, dialogName] of [
    [report, `Report ${b.name}`],
    [block, `Block ${b.name}?`],
  ] as const) {
    await button.click();
    const dialog = a.page.getByRole('dialog', { name: dialogName });
    await expect(dialog).toBeVisible();
    await expectTapTargets(dialog, `the ${dialogName} dialog`);
    expect(await seriousViolations(a.page)).toEqual([]);
    await a.page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(button).toBeFocused();
  }

  // [END CHAT] asks first; keeping the chat changes nothing.
  await endChat.click();
  const confirm = a.page.getByRole('dialog', { name: `End the chat with ${b.name}?` });
  await expect(confirm.getByText('The messages will be gone for both of you.')).toBeVisible();
  await confirm.getByRole('button', { name: 'Keep chatting' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(endChat).toBeFocused();
  await send(a.page, 'Still here.');
  await expect(b.page.getByText('Still here.')).toBeVisible();
  await endChat.click();
  await confirm.getByRole('button', { name: 'End chat' }).click();
  await expect(chatOnA).toHaveCount(0);
  await expect(b.page.getByText(`Your chat with ${a.name} ended.`)).toBeVisible();
});

test('a member can hide from the online list: nobody sees or asks them, the setting stays, and they can still ask', async ({
  browser,
}) => {
  const a = await members.onChat(browser, 'Jacinto');
  const b = await members.onChat(browser, 'Kalayaan');
  await expect(b.page.getByRole('button', { name: `Chat with ${a.name}` })).toBeVisible();

  const hide = a.page.getByRole('checkbox', { name: 'Hide me from the online list' });
  await hide.click();
  await expect(hide).toBeChecked();
  await expect(b.page.getByRole('button', { name: `Chat with ${a.name}` })).toHaveCount(0);
  // Stored on the server: still hidden after a reload.
  await a.page.reload();
  await expect(hide).toBeChecked();
  await expect(b.page.getByRole('button', { name: `Chat with ${a.name}` })).toHaveCount(0);
  // A can still ask B.
  await startChat(a, b);

  await a.page
    .getByRole('region', { name: `Chat with ${b.name}` })
    .getByRole('button', { name: 'Back to online members' })
    .click();
  await hide.click();
  await expect(hide).not.toBeChecked();
  await b.page
    .getByRole('region', { name: `Chat with ${a.name}` })
    .getByRole('button', { name: 'Back to online members' })
    .click();
  await expect(b.page.getByRole('listitem').filter({ hasText: a.name }).getByText('In chat')).toBeVisible();
});
