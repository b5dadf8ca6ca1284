// Privacy and account at 390x844, each part through the screen reached from one's own profile:
// signed-in devices (a second browser signs in, is listed, and is signed out from the first), a new e-mail address
// that waits for its link (the editor and the profile say so, the link from the local mailbox confirms it, a second
// opening says it was used; the current password is asked for it; the notice to the old address undoes a change
// from a signed-out browser), the download of one's data (a JSON file with the member's data and no password hash),
// and deleting the account (asked twice, then signed out on the landing page; the profile is gone and the old name
// and password no longer sign in). axe finds nothing serious on the new screens and dialogs.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { appUrl, expect, test } from './fixtures.ts';
import { MESSAGES } from '../common/account.ts';
import { PRIVACY_TEXTS } from '../common/privacy.ts';
import { PROFILE_TEXTS } from '../common/profile.ts';
import {
  expectNoSidewaysScroll,
  expectTapTargets,
  membersForEachTest,
  PASSWORD,
  seriousViolations,
  signIn,
  signInWithForm,
  uniqueName,
} from './helpers.ts';

const members = membersForEachTest();

/** From one's own profile to the privacy screen, as a member finds it. */
async function openPrivacy(page: Page) {
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  await page
    .getByRole('region', { name: PRIVACY_TEXTS.title })
    .getByRole('link', { name: PRIVACY_TEXTS.entryLink })
    .click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { name: PRIVACY_TEXTS.title, level: 1 })).toBeVisible();
}

async function currentUser(
  page: Page,
): Promise<{ id: number; slug: string; email: string | null; pendingEmail: string | null }> {
  return (await page.request.get('/api/user')).json();
}

test('signed-in devices: a second browser is listed and signed out from the first', async ({ browser }) => {
  const phone = await members.registered(browser, 'Privacy Devices');
  await openPrivacy(phone.page);
  const devices = phone.page.getByRole('list', { name: 'Signed-in devices' });
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  await expect(phone.page.getByText(PRIVACY_TEXTS.noOtherSessions)).toBeVisible();

  // The same member signs in on a laptop.
  const laptop = await members.newPage(browser);
  await signIn(laptop, phone.name, PASSWORD);
  await laptop.goto('/profile');
  await expect(laptop.getByRole('heading', { name: 'My Profile' })).toBeVisible();

  await phone.page.reload();
  await expect(devices.getByRole('listitem')).toHaveCount(2);
  const current = devices.getByRole('listitem').filter({ hasText: PRIVACY_TEXTS.thisDevice });
  await expect(current).toHaveCount(1);
  await expect(current.getByRole('button')).toHaveCount(0);
  const other = devices.getByRole('listitem').filter({ hasNotText: PRIVACY_TEXTS.thisDevice });
  await expect(other).toContainText('Chrome on Android');
  await expect(other).toContainText(PRIVACY_TEXTS.unknownPlace);
  expect(await seriousViolations(phone.page)).toEqual([]);
  await expectNoSidewaysScroll(phone.page, '/privacy');
  await expectTapTargets(phone.page.getByRole('main'), '/privacy');

  await other.getByRole('button', { name: /^Sign out/ }).click();
  await expect(phone.page.getByText(PRIVACY_TEXTS.sessionEnded, { exact: true })).toBeVisible();
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  // The laptop is signed out: its next screen asks to sign in.
  await laptop.goto('/profile');
  await expect(laptop.getByText(PROFILE_TEXTS.pleaseLogIn)).toBeVisible();

  // Signed in again on the laptop, then "Sign out everywhere else".
  await signIn(laptop, phone.name, PASSWORD);
  await phone.page.reload();
  await expect(devices.getByRole('listitem')).toHaveCount(2);
  await phone.page.getByRole('button', { name: PRIVACY_TEXTS.signOutOthers }).click();
  await expect(phone.page.getByText('Signed out of 1 other device.', { exact: true })).toBeVisible();
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  await laptop.goto('/profile');
  await expect(laptop.getByText(PROFILE_TEXTS.pleaseLogIn)).toBeVisible();
  // This device stays signed in.
  await phone.page.goto('/profile');
  await expect(phone.page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
});

test('a new e-mail address waits for its link: the editor and the profile say so, the link confirms it once', async ({
  browser,
}) => {
  // Two saves, the mailbox and the link: longer than most journeys on a busy machine.
  test.setTimeout(120_000);
  const { page } = await members.registered(browser, 'Privacy Email');
  const address = `${uniqueName('privacy').replace(/\W+/g, '.').toLowerCase()}@example.com`;

  // In the editor's Contact tab, then Save: the new address asks for the current password (missing, then wrong, are
  // refused at its field), then the profile says the link is on its way; the address is not used yet.
  await page.goto('/edit-profile');
  await page.getByRole('tab', { name: 'Contact' }).click();
  const password = page.getByLabel(PRIVACY_TEXTS.emailPasswordLabel);
  await expect(password).toHaveCount(0);
  await page.getByLabel('Email').fill(address);
  await expect(password).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(PRIVACY_TEXTS.passwordRequired)).toBeVisible();
  await password.fill('not-my-password-2026');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(PRIVACY_TEXTS.wrongPassword)).toBeVisible();
  await expect(page).toHaveURL(/\/edit-profile$/);
  expect(await seriousViolations(page)).toEqual([]);
  expect(await currentUser(page)).toMatchObject({ email: null, pendingEmail: null });
  await password.fill(PASSWORD);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  // The profile's own tab list (exactly: the editor, still on screen while the router loads the profile, has "Edit
  // profile sections" with a Contact tab too).
  await expect(page.getByRole('tablist', { name: 'Profile sections', exact: true })).toBeVisible();
  await page.getByRole('tab', { name: /^Contact/ }).click();
  await expect(page.getByText(PRIVACY_TEXTS.pendingNotice(address))).toBeVisible();
  await expect(page.getByRole('link', { name: address })).toHaveCount(0);
  expect(await currentUser(page)).toMatchObject({ email: null, pendingEmail: address });

  // The editor shows the waiting address and can cancel it; then it is asked for again.
  await page.goto('/edit-profile');
  await page.getByRole('tab', { name: 'Contact' }).click();
  await expect(page.getByLabel('Email')).toHaveValue(address);
  const notice = page.getByRole('status').filter({ hasText: PRIVACY_TEXTS.pendingNotice(address) });
  await expect(notice).toContainText(PRIVACY_TEXTS.pendingSince(null));
  expect(await seriousViolations(page)).toEqual([]);
  await expectTapTargets(page.getByRole('region', { name: 'Contact' }), '/edit-profile Contact');
  await notice.getByRole('button', { name: PRIVACY_TEXTS.cancelPending }).click();
  await expect(page.getByText(PRIVACY_TEXTS.pendingCancelled, { exact: true })).toBeVisible();
  await expect(notice).toHaveCount(0);
  await expect(page.getByLabel('Email')).toHaveValue('');
  expect(await currentUser(page)).toMatchObject({ email: null, pendingEmail: null });
  await page.getByLabel('Email').fill(address);
  await page.getByLabel(PRIVACY_TEXTS.emailPasswordLabel).fill(PASSWORD);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/profile$/);

  // The privacy screen shows it too.
  await openPrivacy(page);
  await expect(page.getByRole('region', { name: PRIVACY_TEXTS.emailHeading })).toContainText(
    PRIVACY_TEXTS.pendingNotice(address),
  );

  // The local mailbox has the link (the newest message to the address); it confirms the address.
  await page.goto('/dev/mail');
  const message = page
    .getByRole('article')
    .filter({ hasText: `To ${address}` })
    .first();
  await expect(message.getByRole('heading', { name: 'Confirm your new SpaConnect PH e-mail address' })).toBeVisible();
  await message.getByRole('link', { name: /\/confirm-email\?token=/ }).click();
  await expect(page).toHaveURL(/\/confirm-email\?token=/);
  await expect(page.getByText(PRIVACY_TEXTS.confirmedTitle)).toBeVisible();
  await expect(page.getByText(PRIVACY_TEXTS.confirmed(address))).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await expectNoSidewaysScroll(page, '/confirm-email');
  expect(await currentUser(page)).toMatchObject({ email: address, pendingEmail: null });

  // Once only: opened again, the link says so.
  await page.reload();
  await expect(page.getByText(PRIVACY_TEXTS.confirmLinkInvalid)).toBeVisible();
  // The profile shows the address now.
  await page.getByRole('link', { name: PRIVACY_TEXTS.title }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('region', { name: PRIVACY_TEXTS.emailHeading })).toContainText(
    PRIVACY_TEXTS.currentEmail(address),
  );
  await page.goto('/profile');
  await page.getByRole('tab', { name: /^Contact/ }).click();
  await expect(page.getByRole('link', { name: address })).toHaveAttribute('href', `mailto:${address}`);

  // A link cut short says what to do.
  await page.goto('/confirm-email');
  await expect(page.getByText(PRIVACY_TEXTS.confirmLinkMissing)).toBeVisible();
});

test('the notice to the old address undoes a change from a signed-out browser and signs out every device', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { page, name } = await members.registered(browser, 'Privacy Undo');
  const mailbox = uniqueName('undo').replace(/\W+/g, '.').toLowerCase();
  const [old, taken] = [`${mailbox}@example.com`, `${mailbox}.taken@example.com`];
  // The address is set, then moved by whoever holds the session and the password (through the API, as such a
  // person would), and confirmed from the new address.
  for (const email of [old, taken]) {
    const asked = await page.request.patch('/api/profile', {
      data: { email, currentPassword: PASSWORD },
      headers: { Origin: appUrl() },
    });
    expect(asked.status()).toBe(200);
    const mails = (await (await page.request.get(`/api/dev/mail?to=${encodeURIComponent(email)}`)).json()) as {
      kind: string;
      text: string;
    }[];
    const token = mails
      .find((mail) => mail.kind === 'email_confirmation')
      ?.text.match(/confirm-email\?token=([\w-]+)/)?.[1];
    expect(
      (await page.request.post('/api/confirm-email', { data: { token }, headers: { Origin: appUrl() } })).status(),
    ).toBe(200);
  }
  expect(await currentUser(page)).toMatchObject({ email: taken });

  // The owner, signed out on another device, opens the notice that reached the old address and its link.
  const owner = await members.newPage(browser);
  await owner.goto('/dev/mail');
  const notice = owner
    .getByRole('article')
    .filter({ hasText: `To ${old}` })
    .filter({ hasText: 'e-mail address was changed' })
    .first();
  await expect(notice.getByRole('heading', { name: 'Your SpaConnect PH e-mail address was changed' })).toBeVisible();
  await notice.getByRole('link', { name: /\/undo-email-change\?token=/ }).click();
  await expect(owner).toHaveURL(/\/undo-email-change\?token=/);
  await expect(owner.getByText(PRIVACY_TEXTS.undoneTitle)).toBeVisible();
  await expect(owner.getByText(PRIVACY_TEXTS.undone(old))).toBeVisible();
  await expect(owner.getByRole('link', { name: PRIVACY_TEXTS.resetPassword })).toHaveAttribute(
    'href',
    '/forgot-password',
  );
  expect(await seriousViolations(owner)).toEqual([]);
  await expectNoSidewaysScroll(owner, '/undo-email-change');
  await expectTapTargets(owner.getByRole('main'), '/undo-email-change');

  // Every device is signed out, the one that moved the address included; the old address is the account's again.
  await page.goto('/profile');
  await expect(page.getByText(PROFILE_TEXTS.pleaseLogIn)).toBeVisible();
  await signIn(page, name, PASSWORD);
  expect(await currentUser(page)).toMatchObject({ email: old, pendingEmail: null });
  // Once only: opened again, the link says so.
  await owner.reload();
  await expect(owner.getByText(PRIVACY_TEXTS.undoLinkInvalid)).toBeVisible();
});

test('download my data: a JSON file with the member’s own data and no password hash', async ({ browser }) => {
  const { page, name } = await members.registered(browser, 'Privacy Download');
  await openPrivacy(page);
  const section = page.getByRole('region', { name: PRIVACY_TEXTS.downloadHeading });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('link', { name: PRIVACY_TEXTS.downloadButton }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^spaconnect-data-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.json$/);
  const text = readFileSync((await download.path())!, 'utf8');
  const data = JSON.parse(text) as { account: { id: number; name: string }; sessions: { current: boolean }[] };
  expect(data.account).toMatchObject({ id: (await currentUser(page)).id, name });
  expect(data.sessions.some((session) => session.current)).toBe(true);
  expect(text).not.toMatch(/scrypt\$|passwordHash|secretHash/);
  // The page stays where it was.
  await expect(page).toHaveURL(/\/privacy$/);
});

test('delete my account: asked twice, then signed out on the landing page; the profile is gone and sign-in fails', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { page, name } = await members.registered(browser, 'Privacy Delete');
  const { slug } = await currentUser(page);
  await openPrivacy(page);
  const start = page
    .getByRole('region', { name: PRIVACY_TEXTS.deleteHeading })
    .getByRole('button', { name: PRIVACY_TEXTS.deleteButton });

  // First question: what is erased and what stays. Cancel keeps everything.
  await start.click();
  const confirm = page.getByRole('dialog', { name: PRIVACY_TEXTS.deleteConfirmTitle });
  await expect(confirm).toContainText('Former member');
  await expect(confirm).toContainText('Payments are kept for the accounting records');
  expect(await seriousViolations(page)).toEqual([]);
  await expectTapTargets(confirm, 'the first deletion question');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(start).toBeFocused();

  // Asked again, then the password: a wrong one is refused at the field.
  await start.click();
  await page
    .getByRole('dialog', { name: PRIVACY_TEXTS.deleteConfirmTitle })
    .getByRole('button', { name: PRIVACY_TEXTS.deleteContinue })
    .click();
  const password = page.getByRole('dialog', { name: PRIVACY_TEXTS.deletePasswordTitle });
  await expect(password).toBeVisible();
  await password.getByRole('button', { name: PRIVACY_TEXTS.deleteConfirmButton }).click();
  await expect(password.getByText(PRIVACY_TEXTS.passwordRequired)).toBeVisible();
  await password.getByLabel(PRIVACY_TEXTS.deletePasswordLabel).fill('not-my-password-2026');
  await password.getByRole('button', { name: PRIVACY_TEXTS.deleteConfirmButton }).click();
  await expect(password.getByText(PRIVACY_TEXTS.wrongPassword)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await expectTapTargets(password, 'the password step');
  await password.getByLabel(PRIVACY_TEXTS.deletePasswordLabel).fill(PASSWORD);
  await password.getByRole('button', { name: PRIVACY_TEXTS.deleteConfirmButton }).click();

  // Signed out, on the landing page, told it was done.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('session-end-notice')).toHaveText(PRIVACY_TEXTS.deleted);
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  expect((await page.request.get('/api/user')).status()).toBe(401);

  // The old name and password no longer sign in.
  await signInWithForm(page, name, PASSWORD);
  await expect(page.getByRole('alert').filter({ hasText: MESSAGES.badCredentials })).toBeVisible();

  // Another member finds no profile at the old address.
  const other = await members.newPage(browser);
  await signIn(other, 'Juan dela Cruz');
  await other.goto(`/profile/${slug}`);
  await expect(other.getByText(PROFILE_TEXTS.userNotFound)).toBeVisible();
});
