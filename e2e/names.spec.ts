// Names are never cut too short, at 390x844: a reviewer name on a review card is cut only when it truly does not
// fit (then with an ellipsis, the whole name in its text and tooltip), not at about ten characters ("Kaye Bern…")
// while the card has room; and the profile editor's name field always shows the whole name, wrapping when it is
// long (not "UX Client 1421(").
//
// Long names and long words never widen a screen: two members registered with 60-character names (the
// longest allowed), one without a single space and one with spaces, go through every screen that exists at
// 390 px, and on each the document is exactly as wide as the viewport. Names end with an ellipsis, keep the full
// name for screen readers (it is the element's text) and show it on hover and on a long press; a message with a
// URL wraps inside its bubble as plain text.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  expectNoSidewaysScroll,
  membersForEachTest,
  openTab,
  registerThroughApi,
  seriousViolations,
} from './helpers.ts';

const tag = () => Math.random().toString(36).slice(2, 6);

/** Whether an element's text is cut (wider or taller than its box). */
const isCut = (element: Locator) =>
  element.evaluate((node) => node.scrollWidth > node.clientWidth + 1 || node.scrollHeight > node.clientHeight + 1);

function sixty(base: string): string {
  const tag = Math.random().toString(36).slice(2, 8);
  return `${base}${tag}`.padEnd(60, 'x').slice(0, 60);
}

/** Every signed-in screen of the route table (spec, "Route table"), with made-up slugs where one is needed. */
const SIGNED_IN_PATHS = [
  '/',
  '/map',
  '/profile',
  '/profile/someone-else',
  '/spa/some-spa',
  '/edit-profile',
  '/edit-address',
  '/search',
  '/leaderboards',
  '/premium',
  '/favorites',
  '/admin',
  '/medals',
  '/medals/someone-else',
  '/red-flags',
  '/red-flags/someone-else',
  '/stars',
  '/stars/someone-else',
  '/flowers',
  '/flowers/someone-else',
  '/transactions/someone-else/stars',
  '/write-review/someone-else',
  '/chat',
  '/no-such-page',
];
const SIGNED_OUT_PATHS = [
  '/',
  '/auth',
  '/auth?mode=register',
  '/forgot-password',
  '/reset-password',
  '/leaderboards',
  '/chat',
  '/no-such-page',
];

async function visit(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading').first()).toBeVisible();
  await expectNoSidewaysScroll(page, path);
}

/**
 * The name is cut with an ellipsis, and its element still holds the whole name. Asked again until it is: the home's
 * page draws the header before any script, and the app draws it anew; an element read just as it is replaced is no
 * longer on the page, and measures nothing (no width, no computed style).
 */
async function expectTruncated(page: Page, name: string, where: string) {
  const element = page.getByText(name, { exact: true }).first();
  await expect(element).toBeVisible();
  const shape = () =>
    element.evaluate((node) => ({
      cut: node.scrollWidth > node.clientWidth,
      ellipsis: getComputedStyle(node).textOverflow,
      text: node.textContent,
    }));
  await expect.poll(shape, { message: where }).toEqual({ cut: true, ellipsis: 'ellipsis', text: name });
}

test.describe('names cut only when they do not fit', () => {
  test('a reviewer name that fits the review card is shown whole', async ({ page }) => {
    const name = `Kaye Bernadette ${tag()}`;
    await registerThroughApi(page, name, 'Client');
    await page.goto('/write-review/bgc-urban-retreat');
    await page.getByLabel('Your review').fill('Calm rooms and a thorough hilot, booked over Viber in minutes.');
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(page).toHaveURL(/\/profile\/bgc-urban-retreat$/);
    await page.getByRole('tab', { name: /^Reviews/ }).click();
    const card = page.getByRole('article', { name: `Review by ${name}` });
    const shown = card.getByRole('link', { name: new RegExp(name) }).getByText(name, { exact: true });
    await expect(shown).toBeVisible();
    expect(await isCut(shown), `${name} is cut on its review card`).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('names-review-card.png') });
  });

  test('the profile editor shows the whole name, short or 60 characters long', async ({ page }) => {
    const short = `UX Client 1421(${tag()})`;
    await registerThroughApi(page, short, 'Client');
    await page.goto('/edit-profile');
    const field = page.getByRole('textbox', { name: 'Name' });
    await expect(field).toHaveValue(short);
    expect(await isCut(field), 'a short name').toBe(false);

    const long = `Bonifacio Global City Serenity Spa and Wellness ${tag()}`.padEnd(60, 'x');
    await field.fill(long);
    await expect(field).toHaveValue(long);
    expect(await isCut(field), 'a 60-character name').toBe(false);
    // Still one line of text: Enter adds no line break.
    await field.press('End');
    await field.press('Enter');
    await expect(field).toHaveValue(long);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('names-edit-profile.png') });
  });
});

// The members' browser contexts (membersForEachTest) are closed after each test of this block only.
test.describe('long names never widen a screen', () => {
  const members = membersForEachTest();

  test('60-character names, with and without spaces, and long words never widen a screen at 390 px', async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const noSpaces = sixty('BonifacioGlobalCitySerenitySpaAndWellnessCenter');
    const withSpaces = sixty('Bonifacio Global City Serenity Spa and Wellness Center ');
    const unbroken = await members.onChat(browser, noSpaces, { exactName: true });
    const spaced = await members.registered(browser, withSpaces, { exactName: true });

    // The home screen: the header's profile button and the welcome card.
    await expectNoSidewaysScroll(spaced.page, 'the home screen');
    await expectTruncated(spaced.page, withSpaces, 'the home screen');
    // The member list: the row's name is cut, Chat stays on screen, and hovering shows the whole name.
    const row = unbroken.page.getByRole('listitem').filter({ hasText: withSpaces });
    await expect(row.getByRole('button', { name: `Chat with ${withSpaces}` })).toBeInViewport();
    await expectNoSidewaysScroll(unbroken.page, 'the chat list');
    await expectTruncated(unbroken.page, withSpaces, 'the chat list');
    // Other journeys' members come online meanwhile and the sorted list moves under the pointer: hover again until
    // the tooltip is this row's.
    await expect(async () => {
      await row.getByText(withSpaces, { exact: true }).hover();
      await expect(unbroken.page.getByRole('tooltip')).toHaveText(withSpaces, { timeout: 2000 });
    }).toPass();

    // A request reaches the other member on the home screen; then on the chat list, prominently.
    await row.getByRole('button', { name: `Chat with ${withSpaces}` }).click();
    const banner = spaced.page.getByRole('article', { name: `Chat request from ${noSpaces}` });
    await expect(banner.getByRole('button', { name: /^Accept/ })).toBeInViewport();
    await expectNoSidewaysScroll(spaced.page, 'the request banner');
    await expectNoSidewaysScroll(unbroken.page, 'the chat list with a pending request');
    await openTab(spaced.page, 'Chat');
    await expect(banner.getByRole('button', { name: /^Accept/ })).toBeInViewport();
    await expect(banner.getByRole('button', { name: /^Reject/ })).toBeInViewport();
    await expectNoSidewaysScroll(spaced.page, 'the chat list with an incoming request');
    await banner.getByRole('button', { name: /^Accept/ }).click();

    // The open chat: a long URL and a long word wrap inside their bubble, as plain text.
    const chatOnUnbroken = unbroken.page.getByRole('region', { name: `Chat with ${withSpaces}` });
    const chatOnSpaced = spaced.page.getByRole('region', { name: `Chat with ${noSpaces}` });
    const url = `https://example.com/${'hilot-and-ventosa-'.repeat(8)}?ref=${'x'.repeat(80)}`;
    const word = 'Supercalifragilisticexpialidocious'.repeat(4);
    for (const text of [url, word]) {
      await chatOnUnbroken.getByRole('textbox', { name: 'Message' }).fill(text);
      await chatOnUnbroken.getByRole('textbox', { name: 'Message' }).press('Enter');
      await expect(chatOnSpaced.getByText(text)).toBeVisible();
    }
    await expect(chatOnSpaced.getByRole('link')).toHaveCount(0);
    for (const [page, where] of [
      [unbroken.page, 'the open chat (sender)'],
      [spaced.page, 'the open chat (recipient)'],
    ] as const) {
      await expectNoSidewaysScroll(page, where);
      for (const bubble of await page.getByRole('log', { name: 'Messages' }).getByRole('listitem').all()) {
        const box = (await bubble.boundingBox())!;
        expect(box.x + box.width, `a bubble in ${where}`).toBeLessThanOrEqual(390);
      }
    }
    await expectTruncated(spaced.page, noSpaces, 'the open chat');

    // A long press on the cut name shows it whole: held, the tooltip opens; released, it stays.
    const header = chatOnSpaced.getByRole('heading', { level: 2 }).getByText(noSpaces, { exact: true });
    await header.dispatchEvent('pointerdown', { pointerType: 'touch', isPrimary: true, bubbles: true });
    await expect(spaced.page.getByRole('tooltip')).toHaveText(noSpaces);
    await header.dispatchEvent('pointerup', { pointerType: 'touch', isPrimary: true, bubbles: true });
    await expect(spaced.page.getByRole('tooltip')).toHaveText(noSpaces);
    await spaced.page.waitForTimeout(400); // past the release's own click, which must not close it
    await spaced.page.keyboard.press('Escape');
    await expect(spaced.page.getByRole('tooltip')).toHaveCount(0);

    // Its dialogs.
    for (const [button, dialog] of [
      ['[END CHAT]', `End the chat with ${noSpaces}?`],
      [`Report ${noSpaces}`, `Report ${noSpaces}`],
      [`Block ${noSpaces}`, `Block ${noSpaces}?`],
    ] as const) {
      await chatOnSpaced.getByRole('button', { name: button }).click();
      await expect(spaced.page.getByRole('dialog', { name: dialog })).toBeVisible();
      await expectNoSidewaysScroll(spaced.page, `the dialog "${dialog}"`);
      await spaced.page.keyboard.press('Escape');
    }

    // Elsewhere in the app: the way back to the chat, and a message's toast.
    await openTab(spaced.page, 'Map');
    await chatOnUnbroken.getByRole('textbox', { name: 'Message' }).fill(word);
    await chatOnUnbroken.getByRole('textbox', { name: 'Message' }).press('Enter');
    await expect(spaced.page.getByText(`New message from ${noSpaces}`, { exact: true })).toBeVisible();
    await expect(
      spaced.page.getByRole('button', { name: new RegExp(`^Back to your chat with ${noSpaces}`) }),
    ).toBeInViewport();
    await expectNoSidewaysScroll(spaced.page, 'the home screen with a chat going on');

    // Every screen, signed in.
    for (const path of SIGNED_IN_PATHS) await visit(spaced.page, path);
    await visit(unbroken.page, '/profile');
    await expectTruncated(unbroken.page, noSpaces, 'the profile');
    await visit(unbroken.page, '/');
    await expectTruncated(unbroken.page, noSpaces, 'the home screen');
  });

  test('every screen a visitor can reach fits 390 px', async ({ browser }) => {
    const page = await members.newPage(browser);
    for (const path of SIGNED_OUT_PATHS) await visit(page, path);
  });
});
