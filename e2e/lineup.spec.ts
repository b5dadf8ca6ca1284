// The therapist lineup end to end at 390x844: a spa manager invites a therapist found by name on their own
// profile, the therapist accepts in another browser context, and both profiles show the link (the spa's
// therapists with their flowers, the therapist's spas with the way to the map).
import { expect, test } from './fixtures.ts';
import {
  expectNoSidewaysScroll,
  membersForEachTest,
  registerThroughApi,
  seriousViolations,
  uniqueName,
} from './helpers.ts';

const members = membersForEachTest();

test('a spa invites a therapist, who accepts; both profiles show the link', async ({ browser }) => {
  test.setTimeout(120_000);
  const spaPage = await members.newPage(browser);
  const spaName = uniqueName('Lineup Spa');
  await registerThroughApi(spaPage, spaName, 'Spa Management');
  const therapistPage = await members.newPage(browser);
  const therapistName = uniqueName('Lineup Therapist');
  await registerThroughApi(therapistPage, therapistName, 'Therapist');

  await spaPage.goto('/profile');
  const lineup = spaPage.getByRole('region', { name: 'Our Therapists' });
  await expect(lineup.getByText('No therapists in your lineup yet.', { exact: false })).toBeVisible();
  await lineup.getByLabel('Invite a therapist').fill(therapistName);
  await lineup.getByRole('button', { name: `Invite ${therapistName}` }).click();
  await expect(spaPage.getByText('Invitation sent.', { exact: true })).toBeVisible();
  await expect(lineup.getByRole('list', { name: 'Invitations sent' }).getByText(therapistName)).toBeVisible();
  expect(await seriousViolations(spaPage)).toEqual([]);
  await expectNoSidewaysScroll(spaPage, 'spa profile with the lineup');

  await therapistPage.goto('/profile');
  const work = therapistPage.getByRole('region', { name: 'Where I Work' });
  const invitations = work.getByRole('list', { name: 'Invitations' });
  await expect(invitations.getByText(spaName)).toBeVisible();
  expect(await seriousViolations(therapistPage)).toEqual([]);
  await invitations.getByRole('button', { name: 'Accept' }).click();
  await expect(therapistPage.getByText('You joined the lineup.', { exact: true })).toBeVisible();
  const spaLink = work.getByRole('list', { name: 'Spas' }).getByRole('link', { name: spaName, exact: true });
  await expect(spaLink).toBeVisible();
  await expect(work.getByRole('link', { name: `${spaName} on the map` })).toHaveAttribute('href', /\/map\?focus=/);

  // The spa's profile, as the therapist sees it: the therapist in its lineup, with flowers received.
  await spaLink.click();
  const therapists = therapistPage.getByRole('region', { name: 'Therapists' });
  await expect(therapists.getByRole('link', { name: new RegExp(therapistName) })).toBeVisible();
  await expect(therapists.getByText('0 flowers received')).toBeVisible();
  await expectNoSidewaysScroll(therapistPage, 'spa profile seen by the therapist');

  // And the spa manager's own profile, after reloading.
  await spaPage.reload();
  await expect(
    spaPage
      .getByRole('list', { name: 'Therapists in the lineup' })
      .getByRole('link', { name: new RegExp(therapistName) }),
  ).toBeVisible();
  expect(await seriousViolations(spaPage)).toEqual([]);
});
