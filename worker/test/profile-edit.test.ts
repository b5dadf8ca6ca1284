// Editing one's own profile through PATCH /api/profile: the spec's messages checked again on the server, mass
// assignment refused with nothing changed, names unique ignoring case, old slugs leading to the renamed member,
// phone numbers in E.164, opening hours for spa management only, the spa listing's cache purged, and at most
// two round trips.
import { describe, expect, it } from 'vitest';
import { PROFILE_TEXTS } from '../../common/profile.ts';
import { CACHE_SCOPES, cachedJson } from '../services/edge-cache.ts';
import {
  call,
  database,
  freshIp,
  get,
  GOOD_PASSWORD,
  json,
  messageOf,
  pipelinesServed,
  saveEmail,
  trpcQuery,
  uniqueName,
  type CurrentUser,
  type Output,
} from './helpers.ts';
import { createMember, type TestMember } from './members.ts';

type Updated = Output<'profiles.update'>;

/** PATCH /api/profile from a client address of its own (a password asked again counts like a sign-in's). */
function patch(who: TestMember | null, body: unknown) {
  return call('/api/profile', { method: 'PATCH', body, cookie: who?.cookie ?? null, ip: freshIp() });
}

async function row(id: number) {
  const { rows } = await database().execute({ sql: 'select * from users where id = ?', args: [id] });
  return rows[0]!;
}

const WEEK = {
  mon: [
    ['09:00', '12:00'],
    ['13:00', '21:00'],
  ],
  tue: [],
  wed: [['22:00', '02:00']],
  thu: [],
  fri: [],
  sat: [['00:00', '24:00']],
  sun: [],
};

describe('PATCH /api/profile', () => {
  it('answers 401 when nobody is signed in', async () => {
    expect((await patch(null, { aboutMe: 'Hello there.' })).status).toBe(401);
  });

  it('saves the first tab (name and about text) and answers the updated current user', async () => {
    const me = await createMember('therapist');
    const name = uniqueName('Ligaya');
    const response = await patch(me, { name: `  ${name}  `, aboutMe: '  Hilot and ventosa in Makati.  ' });
    expect(response.status).toBe(200);
    const user = await json<Updated>(response);
    expect(user).toMatchObject({ id: me.id, name, aboutMe: 'Hilot and ventosa in Makati.', role: 'therapist' });
    expect(await json<CurrentUser>(await get('/api/user', me))).toEqual(user);
  });

  it('saves the contact tab: email in lower case (pending its confirmation), the phone in E.164, handles trimmed, blanks cleared', async () => {
    const me = await createMember('client');
    const response = await patch(me, {
      email: 'Juan.Dela.Cruz@Example.com',
      currentPassword: GOOD_PASSWORD,
      phoneNumber: '0917 123 4567',
      viberHandle: ' +63 917 123 4567 ',
      messengerHandle: 'juan.dc',
      telegramHandle: '',
      whatsappHandle: null,
      instagramHandle: '@juandc',
      tiktokHandle: 'juandc',
      facebookHandle: 'juan.delacruz',
    });
    expect(response.status).toBe(200);
    expect(await json<Updated>(response)).toMatchObject({
      // Used once its owner follows the link mailed to it (privacy-email.test.ts).
      email: null,
      pendingEmail: 'juan.dela.cruz@example.com',
      phoneNumber: '+639171234567',
      viberHandle: '+63 917 123 4567',
      telegramHandle: null,
      whatsappHandle: null,
      instagramHandle: '@juandc',
    });
    for (const typed of ['+63 917 123 4567', '639171234567', '(0917) 123-4567']) {
      expect((await json<Updated>(await patch(me, { phoneNumber: typed }))).phoneNumber, typed).toBe('+639171234567');
    }
    expect((await json<Updated>(await patch(me, { phoneNumber: '(02) 8123 4567' }))).phoneNumber).toBe('+63281234567');
    expect(await json<Updated>(await patch(me, { email: '', phoneNumber: '' }))).toMatchObject({
      email: null,
      pendingEmail: null,
      phoneNumber: null,
    });
  });

  it("checks the spec's messages on the server: the name (by role), the about text, the email, and the phone", async () => {
    const spa = await createMember('spa_management');
    const client = await createMember('client');
    const cases: [TestMember, unknown, string][] = [
      [spa, { name: '   ', aboutMe: 'A calm spa.' }, PROFILE_TEXTS.spaNameRequired],
      [client, { name: '', aboutMe: 'Hello there.' }, PROFILE_TEXTS.nameRequired],
      [spa, { name: spa.name, aboutMe: '  ' }, PROFILE_TEXTS.aboutRequired],
      [client, { email: 'not-an-email' }, PROFILE_TEXTS.emailInvalid],
      [client, { phoneNumber: '12345' }, PROFILE_TEXTS.phoneInvalid],
      [client, { aboutMe: 'x'.repeat(2001) }, PROFILE_TEXTS.aboutTooLong],
      [client, { instagramHandle: 'x'.repeat(101) }, PROFILE_TEXTS.handleTooLong],
    ];
    for (const [who, body, message] of cases) {
      const before = await row(who.id);
      const response = await patch(who, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await messageOf(response)).toBe(message);
      expect(await row(who.id)).toEqual(before);
    }
  });

  it('refuses every field it does not take (mass assignment) with 400, changing nothing', async () => {
    const me = await createMember('client');
    const other = await createMember('client');
    const before = await row(me.id);
    for (const extra of [
      { role: 'admin' },
      { isPremium: true },
      { premiumUntil: Date.now() + 1e10 },
      { memberNumber: 1 },
      { isBanned: false },
      { chatBot: true },
      { slug: 'the-boss' },
      { id: other.id },
      { userId: other.id },
      { passwordHash: 'x' },
      { profilePic: '/media/profiles/1/evil.jpg' },
      { address: 'Somewhere', latitude: 14.5, longitude: 121 },
    ]) {
      const response = await patch(me, { aboutMe: 'Sneaky edit.', ...extra });
      expect(response.status, JSON.stringify(extra)).toBe(400);
      expect(await messageOf(response)).toMatch(/^Unknown field/);
    }
    expect(await row(me.id)).toEqual(before);
    expect((await json<CurrentUser>(await get('/api/user', me))).role).toBe('client');
  });

  it('keeps names unique ignoring case (409), changing nothing', async () => {
    const taken = await createMember('client');
    const me = await createMember('client');
    const before = await row(me.id);
    const response = await patch(me, { name: taken.name.toUpperCase(), aboutMe: 'Changed?' });
    expect(response.status).toBe(409);
    expect(await row(me.id)).toEqual(before);
    // Changing only the case of one's own name is fine and keeps the slug.
    const recased = await json<Updated>(await patch(me, { name: me.name.toUpperCase() }));
    expect(recased).toMatchObject({ name: me.name.toUpperCase(), slug: me.slug });
  });

  it('no longer says whether another account holds an address: it waits for its confirmation like any other', async () => {
    const holder = await createMember('therapist');
    const address = await saveEmail(holder, `${crypto.randomUUID().slice(0, 8)}@example.com`);
    const me = await createMember('client');
    const response = await patch(me, {
      email: address.toUpperCase(),
      currentPassword: GOOD_PASSWORD,
      phoneNumber: '0917 123 4567',
    });
    expect(response.status).toBe(200);
    expect(await json<Updated>(response)).toMatchObject({
      email: null,
      pendingEmail: address,
      phoneNumber: '+639171234567',
    });
    expect((await row(holder.id)).email).toBe(address);
    // The holder may save their own address again: nothing to confirm.
    expect(await json<Updated>(await patch(holder, { email: address }))).toMatchObject({
      email: address,
      pendingEmail: null,
    });
  });

  it('limits confirmation mails to 5 a minute per member; other fields still save', async () => {
    const me = await createMember('client');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (
          await patch(me, {
            email: `probe-${i}-${crypto.randomUUID().slice(0, 6)}@example.com`,
            currentPassword: GOOD_PASSWORD,
          })
        ).status,
      );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await patch(me, { aboutMe: 'Still here.' })).status).toBe(200);
  });

  it('gives a renamed member a new slug and keeps the old one leading to them', async () => {
    const me = await createMember('spa_management');
    const viewer = await createMember('client');
    const newName = uniqueName('Bamboo Spa');
    const renamed = await json<Updated>(await patch(me, { name: newName }));
    expect(renamed.slug).not.toBe(me.slug);
    expect(renamed.slug).toMatch(/^bamboo-spa-/);

    const old = await get(`/api/profile/by-slug/${me.slug}`, viewer);
    expect(old.status).toBe(301);
    expect(old.headers.get('Location')).toBe(`/api/profile/by-slug/${renamed.slug}`);
    expect(
      (await json<Output<'profiles.profile'>>(await get(`/api/profile/by-slug/${renamed.slug}`, viewer))).name,
    ).toBe(newName);
    // Over tRPC (what the web app uses) the old slug answers the profile with its current slug.
    const oldSlug = { slug: me.slug };
    expect((await trpcQuery('profiles.profile', viewer, oldSlug)).slug).toBe(renamed.slug);
    // So do the histories and the write-review screen, which name members by slug too.
    expect((await trpcQuery('recognition.stars', viewer, oldSlug)).user).toMatchObject({
      id: me.id,
      slug: renamed.slug,
    });
    expect((await trpcQuery('recognition.medalHistory', viewer, oldSlug)).user).toMatchObject({
      id: me.id,
      slug: renamed.slug,
    });
    expect((await trpcQuery('reviews.target', viewer, oldSlug)).target).toMatchObject({
      id: me.id,
      slug: renamed.slug,
    });

    // Nobody new can take the old slug: a newcomer with the old name gets a numbered one.
    const newcomer = await createMember({ name: me.name });
    expect(newcomer.slug).not.toBe(me.slug);
    expect((await get(`/api/profile/by-slug/${me.slug}`, viewer)).headers.get('Location')).toBe(
      `/api/profile/by-slug/${renamed.slug}`,
    );
  });

  it('gives a member their old slug back when they take back their old name (no longer a redirect)', async () => {
    const me = await createMember('therapist');
    const viewer = await createMember('client');
    const away = await json<Updated>(await patch(me, { name: uniqueName('Away') }));
    const back = await json<Updated>(await patch(me, { name: me.name }));
    expect(back.slug).toBe(me.slug);
    expect((await get(`/api/profile/by-slug/${me.slug}`, viewer)).status).toBe(200);
    expect((await get(`/api/profile/by-slug/${away.slug}`, viewer)).headers.get('Location')).toBe(
      `/api/profile/by-slug/${me.slug}`,
    );
  });

  it('takes weekly opening hours from spa management only', async () => {
    const spa = await createMember('spa_management');
    const saved = await json<Updated>(await patch(spa, { openingHours: WEEK }));
    expect(saved.openingHours).toEqual(WEEK);
    expect(
      (await json<Output<'profiles.profile'>>(await get(`/api/users/${spa.id}/profile`, await createMember('client'))))
        .openingHours,
    ).toEqual(WEEK);

    const overlapping = await patch(spa, {
      openingHours: {
        ...WEEK,
        mon: [
          ['09:00', '13:00'],
          ['12:00', '18:00'],
        ],
      },
    });
    expect(overlapping.status).toBe(400);
    expect(await messageOf(overlapping)).toBe('Ranges on the same day must not overlap.');

    const therapist = await createMember('therapist');
    const refused = await patch(therapist, { openingHours: WEEK });
    expect(refused.status).toBe(400);
    expect(await messageOf(refused)).toBe(PROFILE_TEXTS.hoursOnlyForSpas);
    expect((await row(therapist.id)).opening_hours).toBeNull();
  });

  it("purges the spa listing's cache when spa management saves, not when a client does", async () => {
    const cached = () => cachedJson(CACHE_SCOPES.spaListing.scope, 'all', 60, async () => 'fresh');
    const store = () => cachedJson(CACHE_SCOPES.spaListing.scope, 'all', 60, async () => 'stale');
    await store();
    await patch(await createMember('client'), { aboutMe: 'Not a spa.' });
    expect(await cached()).toBe('stale');
    await patch(await createMember('spa_management'), { aboutMe: 'A spa with new words.' });
    expect(await cached()).toBe('fresh');
  });

  it('writes with at most two round trips (the session, then one batch), a rename included', async () => {
    const me = await createMember('client');
    for (const body of [
      { aboutMe: 'Two trips at most.' },
      { name: uniqueName('Trips'), aboutMe: 'Renamed.' },
      { email: 'a@b.co', currentPassword: GOOD_PASSWORD },
    ]) {
      const before = await pipelinesServed();
      expect((await patch(me, body)).status).toBe(200);
      expect((await pipelinesServed()) - before, JSON.stringify(body)).toBeLessThanOrEqual(2);
    }
  });
});
