// The anonymous real-time chat, end to end with real sockets: two freshly registered members see each other
// online, one asks, the other sees the countdown run and accepts, they type and talk, one ends the chat (after
// confirming) and the messages are gone on both sides; a third member then meets the regular request limit.
// Also: reporting and blocking, a dropped connection, a message sent while the chat connects, and /chat signed out
// (it only asks the visitor to log in).
// chat-everywhere.spec.ts follows the chat beyond the chat screen.
import { expect, test } from './fixtures.ts';
import { membersForEachTest, openTab, secondsShown, seriousViolations, signIn, startChat } from './helpers.ts';

const members = membersForEachTest();

test('a signed-out visitor is asked to log in, not sent away', async ({ page }) => {
  await page.goto('/chat');
  await expect(page.getByText('Please log in to access chat.')).toBeVisible();
  await expect(page).toHaveURL(/\/chat$/);
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/auth$/);
});

test('two members chat in real time, the chat leaves no trace, and a regular member has one request at a time', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const a = await members.onChat(browser, 'Amihan');
  const b = await members.onChat(browser, 'Bayani');

  // Each sees the other online (with a role badge), never themself.
  const bRowOnA = a.page.getByRole('listitem').filter({ hasText: b.name });
  await expect(bRowOnA.getByRole('button', { name: `Chat with ${b.name}` })).toBeVisible();
  await expect(bRowOnA.getByText('Registered User')).toBeVisible();
  await expect(b.page.getByRole('button', { name: `Chat with ${a.name}` })).toBeVisible();
  await expect(a.page.getByRole('button', { name: `Chat with ${a.name}` })).toHaveCount(0);
  await expect(a.page.getByText('Anonymous', { exact: true })).toBeVisible();
  expect(await seriousViolations(a.page)).toEqual([]);

  // A asks; A's request is pending with a Cancel button and a countdown.
  await a.page.getByRole('button', { name: `Chat with ${b.name}` }).click();
  await expect(a.page.getByRole('button', { name: `Cancel chat request to ${b.name}` })).toBeVisible();
  await expect(bRowOnA.getByText(/^\d+s left$/)).toBeVisible();

  // B sees the request with a countdown of at most 30 seconds that runs down.
  const request = b.page.getByRole('article', { name: `Chat request from ${a.name}` });
  await expect(request).toBeVisible();
  const first = await secondsShown(request);
  expect(first).toBeGreaterThan(0);
  expect(first).toBeLessThanOrEqual(30);
  await expect.poll(() => secondsShown(request), { timeout: 5000 }).toBeLessThan(first);
  const sessionSocketOnA = a.page.waitForEvent('websocket', (socket) => socket.url().includes('/ws/chat/session/'));
  await b.page.getByRole('button', { name: `Accept chat request from ${a.name}` }).click();

  // The hub's socket compresses (whole presence lists); the session's own socket does not (frames of a few hundred
  // bytes), though Chromium offers it on both: a socket opened beside each shows what the server agreed to.
  const hubUrl = new URL('/ws/chat', a.page.url()).href.replace(/^http/, 'ws');
  const agreed = (url: string) =>
    a.page.evaluate(async (socketUrl) => {
      const socket = new WebSocket(socketUrl);
      await new Promise((opened, failed) => ((socket.onopen = opened), (socket.onerror = failed)));
      socket.close();
      return socket.extensions;
    }, url);
  expect(await agreed(hubUrl)).toMatch(/^permessage-deflate/);
  expect(await agreed((await sessionSocketOnA).url())).toBe('');

  // Both are in the chat.
  const chatOnA = a.page.getByRole('region', { name: `Chat with ${b.name}` });
  const chatOnB = b.page.getByRole('region', { name: `Chat with ${a.name}` });
  await expect(chatOnA.getByRole('button', { name: '[END CHAT]' })).toBeVisible();
  await expect(chatOnB.getByRole('button', { name: '[END CHAT]' })).toBeVisible();
  await expect(request).toHaveCount(0);
  expect(await seriousViolations(b.page)).toEqual([]);

  // A types (B sees the indicator), then sends with Enter.
  const hello = 'Magandang gabi! Is the hilot room free tonight?';
  const inputOnA = chatOnA.getByRole('textbox', { name: 'Message' });
  await inputOnA.fill(hello);
  await expect(chatOnB.getByText('typing reply...')).toBeVisible();
  await inputOnA.press('Enter');
  await expect(inputOnA).toHaveValue('');
  const logOnA = chatOnA.getByRole('log', { name: 'Messages' });
  const logOnB = chatOnB.getByRole('log', { name: 'Messages' });
  await expect(logOnB.getByText(hello)).toBeVisible();
  await expect(logOnA.getByText(hello)).toBeVisible();
  await expect(chatOnB.getByText('typing reply...')).toHaveCount(0);

  // Blank messages are not sent; B replies with the send button.
  const sendOnB = chatOnB.getByRole('button', { name: 'Send' });
  await chatOnB.getByRole('textbox', { name: 'Message' }).fill('   ');
  await expect(sendOnB).toBeDisabled();
  const reply = 'Yes, from 8 pm. See you there.';
  await chatOnB.getByRole('textbox', { name: 'Message' }).fill(reply);
  await sendOnB.click();
  await expect(logOnA.getByText(reply)).toBeVisible();
  await expect(logOnB.getByText(reply)).toBeVisible();

  // A ends the chat (after confirming): both are back on the list and the messages are gone.
  await chatOnA.getByRole('button', { name: '[END CHAT]' }).click();
  await a.page
    .getByRole('dialog', { name: `End the chat with ${b.name}?` })
    .getByRole('button', { name: 'End chat' })
    .click();
  for (const { page, partner } of [
    { page: a.page, partner: b.name },
    { page: b.page, partner: a.name },
  ]) {
    await expect(page.getByRole('region', { name: /^Chat with / })).toHaveCount(0);
    await expect(page.getByRole('button', { name: `Chat with ${partner}` })).toBeVisible();
    await expect(page.getByText(`Your chat with ${partner} ended.`)).toBeVisible();
    await expect(page.getByText(hello)).toHaveCount(0);
    await expect(page.getByText(reply)).toHaveCount(0);
  }

  // A third, regular member asks A (pending), then tries B: one request at a time.
  const c = await members.onChat(browser, 'Carmina');
  await c.page.getByRole('button', { name: `Chat with ${a.name}` }).click();
  await expect(c.page.getByRole('button', { name: `Cancel chat request to ${a.name}` })).toBeVisible();
  await expect(a.page.getByRole('article', { name: `Chat request from ${c.name}` })).toBeVisible();
  await c.page.getByRole('button', { name: `Chat with ${b.name}` }).click();
  // (Exact texts: the toast library also repeats them in a screen-reader announcement.)
  await expect(c.page.getByText('Request Limit Reached', { exact: true })).toBeVisible();
  await expect(
    c.page.getByText(
      'Regular users can send 1 chat request at a time. Upgrade to Premium for 3 consecutive requests.',
      {
        exact: true,
      },
    ),
  ).toBeVisible();
  await expect(b.page.getByRole('article', { name: `Chat request from ${c.name}` })).toHaveCount(0);
  await expect(c.page.getByRole('button', { name: `Chat with ${b.name}` })).toBeEnabled();
});

test('a report needs a reason and ends the chat; a block hides both from each other until unblocked', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const a = await members.onChat(browser, 'Lakan');
  const b = await members.onChat(browser, 'Mayumi');

  // B reports A: the reason is required, then the report is sent and the chat ends for both.
  let { chatOnA, chatOnB } = await startChat(a, b);
  await chatOnB.getByRole('button', { name: `Report ${a.name}` }).click();
  const report = b.page.getByRole('dialog', { name: `Report ${a.name}` });
  await report.getByRole('button', { name: 'Send report' }).click();
  await expect(report.getByRole('alert')).toHaveText('Please say what happened.');
  await report.getByLabel('Reason').fill('Rude messages.');
  await report.getByRole('button', { name: 'Send report' }).click();
  await expect(b.page.getByText('Report sent', { exact: true })).toBeVisible();
  await expect(chatOnB).toHaveCount(0);
  await expect(chatOnA).toHaveCount(0);

  // A blocks B after confirming: the chat ends and neither sees the other online any more.
  ({ chatOnA, chatOnB } = await startChat(a, b));
  await chatOnA.getByRole('button', { name: `Block ${b.name}` }).click();
  await a.page
    .getByRole('dialog', { name: `Block ${b.name}?` })
    .getByRole('button', { name: 'Block', exact: true })
    .click();
  await expect(chatOnA).toHaveCount(0);
  await expect(chatOnB).toHaveCount(0);
  await expect(a.page.getByRole('button', { name: `Chat with ${b.name}` })).toHaveCount(0);
  await expect(b.page.getByRole('button', { name: `Chat with ${a.name}` })).toHaveCount(0);

  // Unblocking from the Blocked members list brings them back.
  await a.page.getByText('Blocked members', { exact: true }).click();
  await a.page.getByRole('button', { name: `Unblock ${b.name}` }).click();
  await expect(a.page.getByRole('button', { name: `Unblock ${b.name}` })).toHaveCount(0);
  await expect(a.page.getByRole('button', { name: `Chat with ${b.name}` })).toBeVisible();
  await expect(b.page.getByRole('button', { name: `Chat with ${a.name}` })).toBeVisible();
});

test('a dropped connection shows Reconnecting… and comes back; signed out meanwhile, the member is asked to log in', async ({
  browser,
}) => {
  const page = await members.newPage(browser);
  const context = page.context();
  // Pass the socket through, keeping a handle to drop it from the server's side like a deploy would.
  const sockets: Array<{ close: (options?: { code?: number }) => Promise<void> }> = [];
  await page.routeWebSocket(/\/ws\/chat$/, (socket) => {
    socket.connectToServer();
    sockets.push(socket);
  });
  // A demo member's stored session: this journey changes nothing on the server, so it spares a registration.
  await signIn(page, 'Makati Serenity Spa');
  await page.goto('/');
  // The chat connection opens with the signed-in app, before the chat screen is shown.
  await expect.poll(() => sockets.length).toBe(1);
  await openTab(page, 'Chat');
  await expect(page.getByRole('heading', { name: 'Online now' })).toBeVisible();
  await expect.poll(() => sockets.length).toBe(1);

  // Offline, every reconnection attempt fails, so the state stays visible until the network returns.
  await context.setOffline(true);
  await sockets[0]!.close({ code: 1001 });
  await expect(page.getByRole('status').filter({ hasText: 'Reconnecting…' })).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText('Reconnecting…')).toHaveCount(0, { timeout: 30_000 });
  expect(sockets.length).toBe(2);

  // The hub closes the socket by policy and the session is gone by then: no more attempts, just the log-in message.
  await context.clearCookies();
  await sockets[1]!.close({ code: 1008 });
  await expect(page.getByText('Please log in to access chat.')).toBeVisible();
  expect(sockets.length).toBe(2);
});

test('a message sent while the chat’s own socket opens says Connecting..., waits for it and then goes', async ({
  browser,
}) => {
  const a = await members.onChat(browser, 'Datu');
  const b = await members.onChat(browser, 'Ligaya');
  // A's socket to the chat's own object is held back until the message has been sent.
  let openSocket!: () => void;
  const held = new Promise<void>((resolve) => (openSocket = resolve));
  await a.page.routeWebSocket(/\/ws\/chat\/session\//, async (socket) => {
    await held;
    socket.connectToServer();
  });
  const { chatOnA, chatOnB } = await startChat(a, b);
  await expect(chatOnA.getByRole('status').filter({ hasText: 'Connecting...' })).toBeVisible();
  const input = chatOnA.getByRole('textbox', { name: 'Message' });
  const text = 'Sent before the chat was connected';
  await input.fill(text);
  await input.press('Enter');
  await expect(input).toHaveValue('');
  openSocket();
  await expect(chatOnB.getByRole('log', { name: 'Messages' }).getByText(text)).toBeVisible();
  await expect(chatOnA.getByRole('log', { name: 'Messages' }).getByText(text)).toBeVisible();
  await expect(chatOnA.getByText('Connecting...')).toHaveCount(0);
});
