// Member profiles in Chromium at phone size: each role's own profile and other members' with the right rows of
// tabs and the spec's texts; editing with tab switching and failing saves (in the browser and on the server);
// cropping and uploading a photo that then shows in the header; AI Assist once, then disabled with the already-used message;
// and axe on every new screen.
import type { Locator, Page, Route } from '@playwright/test';
import { PRIVACY_TEXTS } from '../common/privacy.ts';
import { appUrl, expect, test } from './fixtures.ts';
import {
  DEMO_PASSWORD,
  expectTapTargets,
  ownAddress,
  PASSWORD,
  registerThroughApi,
  seriousViolations,
  signIn,
  solveCaptcha,
  uniqueName,
} from './helpers.ts';

/** The labels of the profile's tabs, by the spec's rows (one tab bar; each tab carries its row), counts removed. */
async function tabRows(page: Page): Promise<string[][]> {
  const list = page.getByRole('tablist', { name: 'Profile sections', exact: true });
  await expect(list).toBeVisible();
  const rows: string[][] = [];
  for (const tab of await list.getByRole('tab').all()) {
    const row = Number(await tab.getAttribute('data-row'));
    (rows[row - 1] ??= []).push((await tab.innerText()).replace(/\s*\d+$/, '').trim());
  }
  return rows;
}

const tab = (page: Page, name: string) => page.getByRole('tab', { name: new RegExp(`^${name}`) });

test.describe('reading profiles', () => {
  test("a client's own profile: three rows, own email in Contact, Edit and Logout", async ({ page }) => {
    await signIn(page, 'Juan dela Cruz');
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/edit-profile');
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    expect(await tabRows(page)).toEqual([
      ['About', 'Spas Reviewed', 'Therapists Reviewed'],
      ['Stars Given', 'Flowers Given'],
      ['Red Flags Received', 'Medals Received', 'Contact'],
    ]);
    await expect(page.getByRole('heading', { name: 'About Me' })).toBeVisible();
    await expect(page.getByText('Member #', { exact: false }).first()).toBeVisible();
    await expect(page.getByText('Manila time')).toBeVisible();

    await tab(page, 'Contact').click();
    await expect(page.getByRole('link', { name: 'juandelacruz@example.com' })).toHaveAttribute(
      'href',
      'mailto:juandelacruz@example.com',
    );
    await tab(page, 'Spas Reviewed').click();
    await expect(page.getByText('Ambience').first()).toBeVisible();
    await expect(page.getByText(/\d+\/10/).first()).toBeVisible();
    await tab(page, 'Stars Given').click();
    await expect(page.getByRole('heading', { name: 'Stars Given' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Stars Given' }).getByRole('link').first()).toBeVisible();

    // The picture viewer: name, member number and role.
    await page.getByRole('button', { name: "View Juan dela Cruz's picture" }).click();
    const viewer = page.getByRole('dialog');
    await expect(viewer.getByRole('heading', { name: 'Juan dela Cruz' })).toBeVisible();
    await expect(viewer.getByText(/^Member #\d+$/)).toBeVisible();
    await expect(viewer.getByText('Registered User')).toBeVisible();
  });

  test('a client sees a spa: Spa, Stars, Reviews, Contact, the Spa Location card and Write a Review', async ({
    page,
  }) => {
    await signIn(page, 'Juan dela Cruz');
    await page.goto('/profile/makati-serenity-spa');
    await expect(page.getByRole('heading', { name: "Makati Serenity Spa's Profile" })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(0);
    expect(await tabRows(page)).toEqual([['Spa', 'Stars', 'Reviews'], ['Contact']]);
    await expect(page.getByRole('heading', { name: 'About Our Spa' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Spa Location' })).toContainText(
      '7456 Makati Ave, Poblacion, Makati City',
    );
    await expect(page.getByRole('link', { name: 'See Live Location on Map' })).toHaveAttribute(
      'href',
      '/map?focus=makati-serenity-spa',
    );
    await expect(page.getByRole('link', { name: 'Write a Review' })).toHaveAttribute(
      'href',
      '/write-review/makati-serenity-spa',
    );

    await tab(page, 'Stars').click();
    await expect(page.getByRole('heading', { name: 'Star Givers' })).toBeVisible();
    const giver = page.getByRole('region', { name: 'Star Givers' }).getByRole('link').first();
    const giverName = (await giver.innerText()).trim();
    await tab(page, 'Contact').click();
    await expect(page.getByText('makatiserenityspa@example.com')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'makatiserenityspa' }).first()).toHaveAttribute(
      'href',
      /^https:\/\/(m\.me|www\.facebook\.com|www\.instagram\.com)\//,
    );
    await expect(page.getByText('Address', { exact: true })).toBeVisible();

    // A giver's badge leads to their profile.
    await tab(page, 'Stars').click();
    await page.getByRole('region', { name: 'Star Givers' }).getByRole('link').first().click();
    await expect(page.getByRole('heading', { name: `${giverName}'s Profile` })).toBeVisible();
  });

  test('a client viewing another client sees only the first row and no Write a Review', async ({ page }) => {
    await signIn(page, 'Juan dela Cruz');
    await page.goto('/profile/andrea-lopez');
    await expect(page.getByRole('heading', { name: "Andrea Lopez's Profile" })).toBeVisible();
    expect(await tabRows(page)).toEqual([['About', 'Spas Reviewed', 'Therapists Reviewed']]);
    await expect(page.getByRole('link', { name: 'Write a Review' })).toHaveCount(0);
  });

  test("a therapist's own profile: Therapist, Flowers, Reviews, Contact", async ({ page }) => {
    await signIn(page, 'Maria Santos');
    await page.goto('/profile/maria-santos');
    await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
    expect(await tabRows(page)).toEqual([['Therapist', 'Flowers', 'Reviews'], ['Contact']]);
    await expect(page.getByRole('heading', { name: 'About My Services' })).toBeVisible();
    await tab(page, 'Flowers').click();
    await expect(page.getByRole('heading', { name: 'Flower Givers' })).toBeVisible();
    await tab(page, 'Reviews').click();
    await expect(page.getByRole('region', { name: 'Reviews' }).getByText('Reviewer').first()).toBeVisible();
  });

  test('spa management sees a client with all three rows, red flags, and the review card that mentions Medals', async ({
    page,
  }) => {
    await signIn(page, 'Makati Serenity Spa');
    await page.goto('/profile/juan-dela-cruz');
    expect(await tabRows(page)).toEqual([
      ['About', 'Spas Reviewed', 'Therapists Reviewed'],
      ['Stars Given', 'Flowers Given'],
      ['Red Flags Received', 'Medals Received', 'Contact'],
    ]);
    await expect(page.getByRole('region', { name: 'Write a Review' })).toContainText(
      'Red Flags or Medals can be awarded',
    );
    await tab(page, 'Red Flags Received').click();
    await expect(page.getByRole('heading', { name: 'Red Flags Received' })).toBeVisible();
    await tab(page, 'Medals Received').click();
    await expect(page.getByRole('region', { name: 'Medals Received' }).getByRole('link').first()).toBeVisible();
    await tab(page, 'Contact').click();
    // Another member's email is never shown.
    await expect(page.getByText('juandelacruz@example.com')).toHaveCount(0);
  });

  test('an admin sees a spa without Write a Review; /spa/{slug} is the same profile', async ({ page }) => {
    await signIn(page, 'Tala Admin');
    await page.goto('/spa/makati-serenity-spa');
    await expect(page.getByRole('heading', { name: "Makati Serenity Spa's Profile" })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Write a Review' })).toHaveCount(0);
  });

  test('User not found, Please log in, and the empty states of a new spa', async ({ page }) => {
    await page.goto('/profile');
    await expect(page.getByText('Please log in to view your profile.')).toBeVisible();

    const name = uniqueName('Dagat Spa');
    await registerThroughApi(page, name, 'Spa Management');
    await page.goto('/profile/no-such-member-here');
    await expect(page.getByText('User not found')).toBeVisible();
    await page.goto('/profile/undefined');
    await expect(page.getByText('User not found')).toBeVisible();

    await page.goto('/profile');
    await expect(page.getByText('Address not available. Please update your profile in Edit Profile.')).toBeVisible();
    await expect(page.getByText('No medals awarded yet.')).toBeVisible();
    await tab(page, 'Stars').click();
    await expect(page.getByText('No stars received yet')).toBeVisible();
    await tab(page, 'Reviews').click();
    await expect(page.getByText('No reviews yet.')).toBeVisible();
    await tab(page, 'Contact').click();
    await expect(page.getByText('No contact information available.', { exact: true })).toBeVisible();
  });

  test("a spa's link for someone signed out asks to log in; signing in or registering lands on that spa, never elsewhere", async ({
    page,
  }) => {
    const spaPath = '/spa/makati-serenity-spa';
    const spaHeading = page.getByRole('heading', { name: "Makati Serenity Spa's Profile" });
    await page.goto(spaPath);
    await expect(page.getByText('Please log in to view this profile.', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create account' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await expectTapTargets(page.getByRole('main'), spaPath);
    await page.getByRole('link', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fspa%2Fmakati-serenity-spa$/);
    await page.getByLabel('Name', { exact: true }).fill('Juan dela Cruz');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'ENTER' }).click();
    await expect(page.getByText('Login failed', { exact: true })).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'ENTER' }).click();
    await expect(page).toHaveURL(new RegExp(`${spaPath}$`));
    await expect(spaHeading).toBeVisible();
    // The failed attempt's toast does not follow the member onto the spa (counted at once: it would go by itself).
    expect(await page.getByText('Login failed', { exact: true }).count()).toBe(0);

    // Registering from someone else's profile comes back to it too, through the switch to sign-in and back.
    await page.context().clearCookies();
    await page.goto('/profile/makati-serenity-spa');
    await page.getByRole('link', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/auth\?mode=register&redirect=%2Fprofile%2Fmakati-serenity-spa$/);
    await page.getByRole('button', { name: /Sign in/ }).click();
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fprofile%2Fmakati-serenity-spa$/);
    await page.getByRole('button', { name: 'CREATE NEW ACCOUNT' }).click();
    await page.context().setExtraHTTPHeaders({ 'CF-Connecting-IP': ownAddress() });
    await page.getByLabel('Your Name').fill(uniqueName('Returning Guest'));
    await page.getByLabel('New Password').fill(PASSWORD);
    await page.getByLabel("I'm older than 21 years old").check();
    await solveCaptcha(page);
    await page.getByRole('button', { name: 'CREATE ACCOUNT' }).click();
    await expect(page).toHaveURL(/\/profile\/makati-serenity-spa$/);
    await expect(spaHeading).toBeVisible();

    // Only a path of this app is a return target: anything that points elsewhere lands on the home.
    for (const target of ['//example.com/phish', '/\\example.com', 'https://example.com/']) {
      await page.context().clearCookies();
      await page.goto(`/auth?redirect=${encodeURIComponent(target)}`);
      await page.getByLabel('Name', { exact: true }).fill('Juan dela Cruz');
      await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'ENTER' }).click();
      await expect(page).toHaveURL(`${appUrl()}/`);
    }
  });

  test('each recognition tab leads to its history screen and its transactions, only where the profile shows the tab', async ({
    page,
  }) => {
    const links = (name: string) => page.getByRole('tabpanel').getByRole('link', { name, exact: true });
    // Spa management looks at a client: the client's record, each kind with its two screens.
    await signIn(page, 'Makati Serenity Spa');
    await page.goto('/profile/juan-dela-cruz');
    for (const [tabName, all, history, path, type] of [
      ['Stars Given', 'See all stars', 'Star History', '/stars/juan-dela-cruz', 'stars'],
      ['Flowers Given', 'See all flowers', 'Flower History', '/flowers/juan-dela-cruz', 'flowers'],
      ['Red Flags Received', 'See all red flags', 'Red Flag History', '/red-flags/juan-dela-cruz', 'red-flags'],
      ['Medals Received', 'See all medals', 'Medal History', '/medals/juan-dela-cruz', 'medals'],
    ] as const) {
      await tab(page, tabName).click();
      await expect(links(all)).toHaveAttribute('href', path);
      await expect(links(history)).toHaveAttribute('href', `/transactions/juan-dela-cruz/${type}`);
    }
    await links('Medal History').click();
    await expect(page.getByRole('heading', { name: 'Medal History' })).toBeVisible();
    await expect(page.getByText('Juan dela Cruz · last 3 months')).toBeVisible();

    // A client looks at a spa and a therapist: their Stars and Flowers tabs lead to what they received.
    await signIn(page, 'Juan dela Cruz');
    await page.goto('/profile/makati-serenity-spa');
    await tab(page, 'Stars').click();
    await expect(links('Star History')).toHaveAttribute('href', '/transactions/makati-serenity-spa/stars');
    await links('See all stars').click();
    await expect(page.getByRole('heading', { name: "Makati Serenity Spa's Stars" })).toBeVisible();
    await expect(page.getByText(/^Received:/)).toBeVisible();
    await page.goto('/profile/maria-santos');
    await tab(page, 'Flowers').click();
    await expect(links('See all flowers')).toHaveAttribute('href', '/flowers/maria-santos');
    await expect(links('Flower History')).toHaveAttribute('href', '/transactions/maria-santos/flowers');
    // One's own record, from one's own profile.
    await page.goto('/profile');
    await tab(page, 'Medals Received').click();
    await expect(links('See all medals')).toHaveAttribute('href', '/medals/juan-dela-cruz');
  });

  test("a spa's profile paints its outline from the page before any script, and the app replaces it with the profile", async ({
    page,
  }) => {
    await signIn(page, 'Juan dela Cruz');
    // No script at all: what shows is the page's own markup.
    await page.route('**/*.js', (route) => route.abort());
    await page.goto('/profile/makati-serenity-spa');
    await expect(page.getByRole('status', { name: 'Loading profile' }).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Profile', exact: true })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Search' })).toBeVisible();
    // With its scripts, the same page shows the profile in the outline's place.
    await page.unroute('**/*.js');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'About Our Spa' })).toBeVisible();
    await expect(page.getByRole('status', { name: 'Loading profile' })).toHaveCount(0);
  });

  test('a profile opened first comes with its data; reached inside the app, it asks in one request before it renders', async ({
    page,
  }) => {
    await signIn(page, 'Juan dela Cruz');
    await page.goto('/leaderboards');
    const calls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/trpc/') || url.pathname.startsWith('/api/')) calls.push(url.pathname);
    });
    const profileCalls = () =>
      calls.filter((path) => path.includes('profiles.profile') || path.includes('profiles.stats'));
    // Opened first (a link from elsewhere, a reload): the answers came with the page (ADR 023).
    await page.goto('/profile/makati-serenity-spa');
    await expect(page.getByRole('heading', { name: 'About Our Spa' })).toBeVisible();
    expect(profileCalls()).toEqual([]);
    // Inside the app: the route asks for the profile and its stats together while the screen's code loads.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Map' }).click();
    await page.getByRole('link', { name: /Your profile/ }).click();
    await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
    // The title shows over the skeleton at once; the profile's own tabs show once its answers are here.
    await expect(page.getByRole('tab', { name: 'About' })).toBeVisible();
    expect(profileCalls()).toHaveLength(1);
    expect(profileCalls()[0]).toContain('profiles.profile,profiles.stats');
  });
});

test.describe('editing', () => {
  test('tab switching saves, a failing save keeps the tab, and Save lands on the profile', async ({ page }) => {
    const name = uniqueName('Hilot Haven');
    await registerThroughApi(page, name, 'Spa Management');
    await page.goto('/edit-profile');
    await expect(page.getByRole('tab', { name: 'Spa' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: 'Contact' })).toBeVisible();
    await expect(page.getByLabel('About Our Spa')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add/Edit Address' })).toHaveAttribute('href', '/edit-address');
    await expect(
      page.getByRole('button', { name: 'Cancel' }).or(page.getByRole('link', { name: 'Cancel' })),
    ).toBeVisible();

    // The browser's checks: the name, then the about text. The tab stays.
    const nameField = page.getByLabel('Spa name');
    await nameField.fill('');
    await page.getByRole('tab', { name: 'Contact' }).click();
    await expect(page.getByText('Spa name is required').first()).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Spa' })).toHaveAttribute('aria-selected', 'true');
    await nameField.fill(name);
    await page.getByLabel('About Our Spa').fill('   ');
    await page.getByRole('tab', { name: 'Contact' }).click();
    await expect(page.getByText('About description is required').first()).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Spa' })).toHaveAttribute('aria-selected', 'true');

    // The server's check: a name another member holds (ignoring case) is refused; still on the tab.
    await nameField.fill('MAKATI SERENITY SPA');
    await page.getByLabel('About Our Spa').fill('A quiet hilot house in Marikina with two treatment rooms.');
    await page.getByRole('tab', { name: 'Contact' }).click();
    await expect(page.getByText('That name is already taken. Please choose another.')).toBeVisible();
    await expect(page.getByText('Failed to update profile.', { exact: true })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Spa' })).toHaveAttribute('aria-selected', 'true');

    // Opening hours, then a switch that saves.
    await page.getByRole('button', { name: 'Set opening hours' }).click();
    await page.getByRole('checkbox', { name: 'Closed on Monday' }).click();
    await nameField.fill(name);
    const updates: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('profiles.update')) updates.push(decodeURIComponent(request.url()));
    });
    await page.getByRole('tab', { name: 'Contact' }).click();
    await expect(page.getByRole('tab', { name: 'Contact' })).toHaveAttribute('aria-selected', 'true');
    // One switch, one save (not two in a batch).
    expect(updates.join(' ').match(/profiles\.update/g)).toHaveLength(1);

    // Contact: a bad email fails in the browser; a Philippine number as typed is stored in E.164.
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Valid email is required')).toBeVisible();
    await expect(page).toHaveURL(/\/edit-profile$/);
    await page.getByLabel('Email').fill('hello@hilot-haven.example');
    // A new address asks for the current password.
    await page.getByLabel(PRIVACY_TEXTS.emailPasswordLabel).fill(PASSWORD);
    await page.getByLabel('Phone').fill('0917 555 0123');
    await page.getByLabel('Instagram').fill('@hilothaven');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/profile$/);

    await expect(page.getByText('A quiet hilot house in Marikina with two treatment rooms.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Opening hours' })).toContainText('MondayClosed');
    await tab(page, 'Contact').click();
    await expect(page.getByRole('link', { name: '+63 917 555 0123' })).toHaveAttribute('href', 'tel:+639175550123');
    await expect(page.getByRole('link', { name: '@hilothaven' })).toHaveAttribute(
      'href',
      'https://www.instagram.com/hilothaven',
    );
    // A new e-mail address is used only once its link is followed: the tab says where the link went.
    await expect(page.getByText(PRIVACY_TEXTS.pendingNotice('hello@hilot-haven.example'))).toBeVisible();
    await expect(page.getByRole('link', { name: 'hello@hilot-haven.example' })).toHaveCount(0);
  });

  test('a client edits: Profile and Contact tabs, About Me; Cancel returns to the profile; a 60-character name fits', async ({
    page,
  }) => {
    // The longest name, without a space to break it: it truncates with an ellipsis, keeps its full text for
    // screen readers (the heading's accessible name), and nothing scrolls sideways.
    const name = `Bianca${Math.random().toString(36).slice(2, 8)}`.padEnd(60, 'x');
    await registerThroughApi(page, name, 'Client');
    await page.goto('/edit-profile');
    await expect(page.getByRole('tab', { name: 'Profile' })).toBeVisible();
    await expect(page.getByLabel('About Me')).toHaveAttribute('placeholder', /Tell the community/);
    await expect(page.getByRole('region', { name: 'Spa Location' })).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    const heading = page.getByRole('heading', { name });
    await expect(heading).toBeVisible();
    expect(
      await heading
        .locator('span')
        .first()
        .evaluate((text) => text.scrollWidth > text.clientWidth),
    ).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

/** A photo-sized JPEG (2000x1500, camera-like noise and light) made by the browser's own encoder. */
async function photoFile(page: Page): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 2000;
    canvas.height = 1500;
    const context = canvas.getContext('2d')!;
    const sky = context.createLinearGradient(0, 0, 0, 1500);
    sky.addColorStop(0, '#87b8d8');
    sky.addColorStop(0.6, '#f3d9a4');
    sky.addColorStop(1, '#3d6b4f');
    context.fillStyle = sky;
    context.fillRect(0, 0, 2000, 1500);
    context.fillStyle = '#a4522d';
    context.beginPath();
    context.arc(1000, 700, 420, 0, Math.PI * 2);
    context.fill();
    const pixels = context.getImageData(0, 0, 2000, 1500);
    for (let i = 0; i < pixels.data.length; i += 4) {
      const noise = (Math.random() - 0.5) * 40;
      for (let channel = 0; channel < 3; channel++) pixels.data[i + channel] = pixels.data[i + channel]! + noise;
    }
    context.putImageData(pixels, 0, 0);
    const blob: Blob = await new Promise((resolve) => canvas.toBlob((b) => resolve(b!), 'image/jpeg', 0.92));
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let text = '';
    for (let i = 0; i < bytes.length; i += 8192) text += String.fromCharCode(...bytes.subarray(i, i + 8192));
    return btoa(text);
  });
  return { name: 'holiday.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(base64, 'base64') };
}

async function avatarSrc(scope: Locator): Promise<string | null> {
  return scope.locator('img').first().getAttribute('src');
}

test.describe('photos', () => {
  test('crop and upload a photo: it shows in the editor and in the home header', async ({ page }) => {
    const name = uniqueName('Mylene');
    await registerThroughApi(page, name, 'Therapist');
    await page.goto('/edit-profile');

    // A file that is not an image is refused before anything is sent.
    await page
      .getByTestId('profile-photo-input')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(page.getByText('Invalid file', { exact: true })).toBeVisible();
    await expect(
      page.getByText('Please select a valid image file (JPEG, PNG, or WebP)', { exact: true }),
    ).toBeVisible();

    const photo = await photoFile(page);
    expect(photo.buffer.length).toBeGreaterThan(300_000);
    await page.getByTestId('profile-photo-input').setInputFiles(photo);
    const dialog = page.getByRole('dialog', { name: 'Adjust Your Profile Picture' });
    await expect(dialog).toBeVisible();
    const zoom = dialog.getByLabel('Zoom');
    await expect(zoom).toHaveAttribute('min', '1');
    await expect(zoom).toHaveAttribute('max', '3');
    await expect(zoom).toHaveAttribute('step', '0.1');
    await zoom.fill('1.5');
    // Playwright cannot read a multipart body made of blobs: the page records the fields it sends.
    await page.evaluate(() => {
      const send = XMLHttpRequest.prototype.send;
      XMLHttpRequest.prototype.send = function (body) {
        if (body instanceof FormData) (window as unknown as { sentFields: string[] }).sentFields = [...body.keys()];
        return send.call(this, body);
      };
    });
    await dialog.getByRole('button', { name: 'Save Photo' }).click();
    // The percentage saved shows while uploading and stays in the success toast once the dialog has closed.
    await expect(dialog).toHaveCount(0, { timeout: 30_000 });
    await expect(page.getByText('Profile picture updated', { exact: true })).toBeVisible();
    await expect(page.getByText(/^Compressed by \d+%$/).first()).toBeVisible();
    // Only the photo is sent: the server re-encodes it and makes the thumbnail itself (ADR 017).
    expect(await page.evaluate(() => (window as unknown as { sentFields?: string[] }).sentFields)).toEqual([
      'profilePic',
    ]);

    const picker = page.getByRole('button', { name: 'Change profile picture' });
    await expect.poll(() => avatarSrc(picker)).toMatch(/^\/media\/profiles\/\d+\/[0-9a-f]{64}\.jpg$/);
    const src = (await avatarSrc(picker))!;
    const served = await page.request.get(src);
    expect(served.headers()['content-type']).toBe('image/jpeg');
    expect(served.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await served.body()).length).toBeLessThanOrEqual(200 * 1024);
    const { profilePicThumbnail } = (await (await page.request.get('/api/user')).json()) as {
      profilePicThumbnail: string;
    };
    expect(profilePicThumbnail).toMatch(/^\/media\/profiles\/\d+\/[0-9a-f]{64}\.jpg$/);
    expect(profilePicThumbnail).not.toBe(src);
    expect((await page.request.get(profilePicThumbnail)).headers()['content-type']).toBe('image/jpeg');

    await page.goto('/');
    const header = page.getByRole('banner');
    await expect.poll(() => avatarSrc(header)).toBe(src);
    await expect(header.locator('img').first()).toHaveJSProperty('complete', true);
    expect(
      await header
        .locator('img')
        .first()
        .evaluate((image: HTMLImageElement) => image.naturalWidth),
    ).toBe(400);
  });
});

test.describe('photo upload failures', () => {
  test('an upload that fails without a message from the server says Failed to upload profile picture', async ({
    page,
  }) => {
    await registerThroughApi(page, uniqueName('Marisol'), 'Therapist');
    await page.goto('/edit-profile');
    const photo = await photoFile(page);
    // The server answers 500 with no body, then the connection breaks: neither carries a message.
    const answers: ((route: Route) => Promise<void>)[] = [
      (route) => route.fulfill({ status: 500, body: '' }),
      (route) => route.abort(),
    ];
    let attempt = 0;
    await page.route('**/api/profile/upload-pic', (route) => answers[attempt++]!(route));
    await page.getByTestId('profile-photo-input').setInputFiles(photo);
    const dialog = page.getByRole('dialog', { name: 'Adjust Your Profile Picture' });
    for (let tried = 1; tried <= answers.length; tried += 1) {
      await dialog.getByRole('button', { name: 'Save Photo' }).click();
      await expect.poll(() => attempt, { timeout: 30_000 }).toBe(tried);
      // The toast sits outside the open dialog, which hides the rest of the page from the accessibility tree.
      const failure = page.locator('.toast-root').filter({ hasText: 'Upload failed' });
      await expect(failure).toContainText('Failed to upload profile picture');
      await expect(page.getByText('Unknown error')).toHaveCount(0);
      await expect(dialog.getByRole('button', { name: 'Save Photo' })).toBeEnabled();
      // The next try's toast is a new one.
      await expect(failure).toHaveCount(0, { timeout: 15_000 });
    }
  });
});

test.describe('AI Assist', () => {
  test('asks for a complete sentence, improves the text once, then says it was already used', async ({ page }) => {
    const name = uniqueName('Rowena');
    await registerThroughApi(page, name, 'Therapist');
    await page.goto('/edit-profile');
    await expect(page.getByText(/Built-in editor \(works offline\)/)).toBeVisible();
    const about = page.getByLabel('About My Services');
    await about.fill('hilot and ventosa');
    await page.getByRole('button', { name: 'AI Assist' }).click();
    await expect(page.getByText('Need a Complete Sentence First!', { exact: true })).toBeVisible();
    await expect(
      page.getByText(
        'Please write at least one complete sentence about yourself (with proper punctuation) before AI can assist with enhancements.',
        {
          exact: true,
        },
      ),
    ).toBeVisible();

    await about.fill(
      'message me on viber to book.i do hilot and  ventosa massge.licensed therapist with 5 years experiance .',
    );
    await page.getByRole('button', { name: 'AI Assist' }).click();
    await expect(page.getByText('AI Suggestion Applied', { exact: true })).toBeVisible();
    // Spelling, spacing and capitals fixed; the member's own words, in the member's order.
    await expect(about).toHaveValue(
      'Message me on Viber to book. I do hilot and ventosa massage. Licensed therapist with 5 years experience.',
    );

    // Spent: the button is disabled and its hint line gives the spec's reason (e2e/ai-assist.spec.ts has more).
    await expect(page.getByRole('button', { name: 'AI Assist' })).toBeDisabled();
    await expect(
      page.getByText(/^AI Assist Already Used: AI Assist can only be used once per session to prevent spam\./),
    ).toBeVisible();
  });
});

test.describe('accessibility', () => {
  test('axe finds nothing serious on the profiles, the editor and the crop dialog', async ({ page }) => {
    await signIn(page, 'Makati Serenity Spa');
    for (const path of ['/profile', '/profile/juan-dela-cruz', '/profile/maria-santos', '/edit-profile']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page), path).toEqual([]);
    }
    await page.getByRole('tab', { name: 'Contact' }).click();
    expect(await seriousViolations(page), '/edit-profile Contact').toEqual([]);
    await page.getByTestId('profile-photo-input').setInputFiles(await photoFile(page));
    await expect(page.getByRole('dialog', { name: 'Adjust Your Profile Picture' })).toBeVisible();
    expect(await seriousViolations(page), 'crop dialog').toEqual([]);
    await page.goto('/profile');
    await page.getByRole('button', { name: /View .*picture/ }).click();
    expect(await seriousViolations(page), 'picture viewer').toEqual([]);
  });
});
