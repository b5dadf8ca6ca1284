// Deleting an account (beyond the spec): DELETE /api/user `{ password }` deletes the signed-in member's account
// (ADR 022). A wrong password is 401 and limited like sign-in; on success the sessions and chat sockets end, the
// profile, photos (R2), contact fields, lists and sessions are erased, the reviews and gifts they gave stay as
// "Former member" with no link, the red flags they received are erased; the old name and password sign in no more,
// the slug is 404, search no longer finds them, and the name is free again after 30 days. The last admin cannot leave
// this way (409). Also: a second member trying every privacy path on someone else's account.
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../common/account.ts';
import { DAY_MS } from '../../common/time.ts';
import { FORMER_MEMBER_NAME, NAME_RESERVED_AFTER_DELETION_DAYS, PRIVACY_TEXTS } from '../../common/privacy.ts';
import { ChatClient } from './chat-client.ts';
import { JPEG_400 } from './fixtures/images.ts';
import {
  call,
  configuredWorker,
  confirmationTokenFor,
  database,
  freshIp,
  get,
  GOOD_PASSWORD,
  json,
  messageOf,
  register,
  saveEmail,
  sessionCookieFrom,
  startEarlyInLimiterWindow,
  trpcPost,
  type CurrentUser,
  type Items,
  type Output,
} from './helpers.ts';
import { createMember, give, review, withSession, type TestMember } from './members.ts';

function deleteAccount(who: { cookie: string } | null, body: unknown, ip = freshIp()) {
  return call('/api/user', { method: 'DELETE', body, cookie: who?.cookie ?? null, ip });
}

function signIn(name: string, password = GOOD_PASSWORD) {
  return call('/api/login', { body: { name, password }, ip: freshIp() });
}

async function signedInAgain(member: TestMember): Promise<TestMember> {
  const response = await signIn(member.name);
  expect(response.status).toBe(200);
  return withSession(member, sessionCookieFrom(response)!);
}

async function uploadPhoto(who: TestMember): Promise<Output<'profiles.uploadPicture'>> {
  const form = new FormData();
  form.append('profilePic', new Blob([JPEG_400], { type: 'image/jpeg' }), 'photo.jpg');
  const response = await call('/api/profile/upload-pic', {
    method: 'POST',
    rawBody: form as unknown as string,
    cookie: who.cookie,
    headers: {},
  });
  expect(response.status).toBe(200);
  return json(response);
}

async function row(id: number): Promise<Record<string, unknown>> {
  const { rows } = await database().execute({ sql: 'select * from users where id = ?', args: [id] });
  return rows[0] as Record<string, unknown>;
}

async function count(sql: string, ...args: (string | number)[]): Promise<number> {
  const { rows } = await database().execute({ sql: `select count(*) as n from ${sql}`, args });
  return Number(rows[0]!.n);
}

function searchFor(who: TestMember, term: string) {
  return call('/api/search-users', { body: { field: 'all', term }, cookie: who.cookie });
}

describe('DELETE /api/user', () => {
  it('erases the member, ends their sessions and sockets, and keeps what they gave as "Former member"', async () => {
    const leaver = await createMember('client');
    const spa = await createMember('spa_management');
    const therapist = await createMember('therapist');
    const email = await saveEmail(leaver, `leaver-${leaver.id}@example.com`);
    await call('/api/profile', {
      method: 'PATCH',
      body: { phoneNumber: '0917 555 0142', viberHandle: 'leaver-viber' },
      cookie: leaver.cookie,
    });
    const photo = await uploadPhoto(leaver);
    expect((await call(photo.profilePic)).status).toBe(200);
    expect((await call('/api/favorites', { body: { targetUserId: spa.id }, cookie: leaver.cookie })).status).toBe(200);
    const written = await review(leaver, spa, 'Calm rooms and a patient hilot.', Date.now() - 300_000, [8, 8, 9, 7]);
    await give('stars', leaver, spa);
    await give('flowers', leaver, therapist);
    await give('medals', spa, leaver);
    await give('red_flags', spa, leaver);
    const received = await review(spa, leaver, 'Came late twice.', Date.now() - 200_000);
    await database().execute({
      sql: "insert into visits (client_id, spa_id, visited_at, manila_day) values (?, ?, ?, '2026-01-05')",
      args: [leaver.id, spa.id, Date.now() - 400_000],
    });
    expect(
      (
        await call(`/api/reviews/${received}/reply`, {
          method: 'PUT',
          body: { replyText: 'Traffic on EDSA, sorry.' },
          cookie: leaver.cookie,
        })
      ).status,
    ).toBe(200);
    const laptop = await signedInAgain(leaver);
    const socket = await ChatClient.connect(laptop);
    const hashBefore = (await row(leaver.id)).password_hash;

    // The password is asked again: a wrong one is 401 and changes nothing; a missing one is 400.
    const wrong = await deleteAccount(leaver, { password: 'not-my-password-2026' });
    expect(wrong.status).toBe(401);
    expect(await messageOf(wrong)).toBe(PRIVACY_TEXTS.wrongPassword);
    const missing = await deleteAccount(leaver, {});
    expect(missing.status).toBe(400);
    expect(await messageOf(missing)).toBe(PRIVACY_TEXTS.passwordRequired);
    expect((await get('/api/user', leaver)).status).toBe(200);
    expect((await get('/api/user', laptop)).status).toBe(200);
    // Signed out, and from another site, nothing happens either.
    expect((await deleteAccount(null, { password: GOOD_PASSWORD })).status).toBe(401);
    expect(
      (
        await call('/api/user', {
          method: 'DELETE',
          body: { password: GOOD_PASSWORD },
          cookie: leaver.cookie,
          origin: 'https://evil.example',
        })
      ).status,
    ).toBe(403);

    const response = await deleteAccount(leaver, { password: GOOD_PASSWORD });
    expect(response.status).toBe(200);
    expect(await json<Output<'privacy.deleteAccount'>>(response)).toEqual({
      deleted: true,
      message: PRIVACY_TEXTS.deleted,
    });
    expect(response.headers.getSetCookie().some((cookie) => /Max-Age=0/.test(cookie))).toBe(true);

    // Every session and chat socket ended.
    expect((await socket.closed).code).toBe(4001);
    expect((await get('/api/user', leaver)).status).toBe(401);
    expect((await get('/api/user', laptop)).status).toBe(401);
    expect(await count('sessions where user_id = ?', leaver.id)).toBe(0);
    // The old name and password sign in no more; the name answers as an unknown one.
    const again = await signIn(leaver.name);
    expect(again.status).toBe(401);
    expect(await messageOf(again)).toBe(MESSAGES.badCredentials);
    // The profile is 404 by slug and by id; search does not find them.
    expect((await get(`/api/profile/by-slug/${leaver.slug}`, spa)).status).toBe(404);
    expect((await get(`/api/users/${leaver.id}/profile`, spa)).status).toBe(404);
    expect((await get(`/api/users/${leaver.id}/medal-history`, spa)).status).toBe(404);
    const searched = await searchFor(spa, leaver.name);
    expect(await json<Items<'search.members'>>(searched)).toEqual([]);
    expect(await json<Items<'search.members'>>(await searchFor(spa, FORMER_MEMBER_NAME))).toEqual([]);
    // The photo is gone from R2.
    expect((await call(photo.profilePic)).status).toBe(404);
    expect((await call(photo.profilePicThumbnail)).status).toBe(404);

    // Personal data erased; the row stays only as the "Former member" their gifts and reviews point at.
    const erased = await row(leaver.id);
    expect(erased).toMatchObject({
      name: FORMER_MEMBER_NAME,
      email: null,
      pending_email: null,
      phone_number: null,
      viber_handle: null,
      about_me: null,
      profile_pic: null,
      profile_pic_thumbnail: null,
      address: null,
    });
    expect(erased.deleted_at).toEqual(expect.any(Number));
    expect(erased.password_hash).not.toBe(hashBefore);
    expect(await count('favorite_lists where user_id = ?', leaver.id)).toBe(0);
    expect(await count('red_flags where recipient_id = ?', leaver.id)).toBe(0);
    expect(await count('visits where client_id = ?', leaver.id)).toBe(0);
    expect(await count('mail_outbox where to_address = ?', email)).toBe(0);
    expect(await count('reviews where id = ? and reply_text is null', received)).toBe(1);

    // What they gave stays, as "Former member" with no link to follow.
    const spaReviews = await json<Items<'profiles.reviewsReceived'>>(
      await get(`/api/user-reviews/${spa.id}`, therapist),
    );
    expect(spaReviews.find((item) => item.id === written)).toMatchObject({
      reviewText: 'Calm rooms and a patient hilot.',
      reviewer: { id: null, name: FORMER_MEMBER_NAME, slug: null },
    });
    const starGivers = await json<Items<'profiles.starGivers'>>(
      await get(`/api/users/${spa.id}/star-givers`, therapist),
    );
    expect(starGivers).toEqual([
      expect.objectContaining({ giverId: null, giverName: FORMER_MEMBER_NAME, giverSlug: null }),
    ]);
    const flowers = await json<Output<'recognition.flowers'>>(await get(`/api/flowers/${therapist.id}`, therapist));
    expect(flowers.entries[0]!.giver).toMatchObject({ name: FORMER_MEMBER_NAME, slug: null });
    // The spa's medal still counts as given, to a former member.
    const medals = await json<Output<'recognition.medalHistory'>>(await get(`/api/users/${spa.id}/medal-history`, spa));
    expect(medals.given[0]).toMatchObject({ recipient: { id: null, name: FORMER_MEMBER_NAME, slug: null } });
    // Nobody else's data moved.
    expect((await get('/api/user', spa)).status).toBe(200);
  });

  it('names a former member with no id, member number or link in every list that keeps what they gave or got', async () => {
    const [leaver, spa, therapist, reviewer, admin] = await Promise.all([
      createMember('client'),
      createMember('spa_management'),
      createMember('therapist'),
      createMember('client'),
      createMember('admin'),
    ]);
    await review(leaver, spa, 'Quiet rooms.', Date.now() - 300_000, [8, 8, 8, 8]);
    await review(leaver, therapist, 'Strong hands.', Date.now() - 290_000);
    await review(spa, leaver, 'Always on time.', Date.now() - 280_000);
    await give('stars', leaver, spa);
    await give('flowers', leaver, therapist);
    await give('medals', spa, leaver);
    const reported = await review(reviewer, therapist, 'Rushed the session.', Date.now() - 270_000);
    expect(
      (await call(`/api/reviews/${reported}/report`, { body: { reason: 'spam' }, cookie: leaver.cookie })).status,
    ).toBe(200);
    expect((await deleteAccount(leaver, { password: GOOD_PASSWORD })).status).toBe(200);

    const reads: [TestMember, string][] = [
      [therapist, `/api/user-reviews/${spa.id}`],
      [therapist, `/api/user-reviews/${therapist.id}`],
      [therapist, `/api/reviews-made-by/${spa.id}`],
      [therapist, `/api/users/${spa.id}/profile-stats`],
      [therapist, `/api/users/${therapist.id}/profile-stats`],
      [therapist, `/api/users/${spa.id}/star-givers`],
      [therapist, `/api/users/${therapist.id}/flower-givers`],
      [spa, `/api/stars/${spa.id}`],
      [therapist, `/api/flowers/${therapist.id}`],
      [spa, `/api/users/${spa.id}/medal-history`],
      [spa, `/api/users/${spa.id}/medals-transactions`],
      [spa, `/api/users/${spa.id}/stars-transactions`],
      [spa, `/trpc/profiles.medalsAwarded?input=${encodeURIComponent(JSON.stringify({ target: { userId: spa.id } }))}`],
      [spa, '/api/user/export'],
      [admin, '/api/admin/reports'],
    ];
    let named = 0;
    // Every object that names the former member: no id of any kind, no member number, no link.
    const check = (value: unknown, path: string): void => {
      if (Array.isArray(value)) return value.forEach((item, index) => check(item, `${path}[${index}]`));
      if (typeof value !== 'object' || value === null) return;
      const entry = value as Record<string, unknown>;
      for (const [nameKey, idKeys, slugKey] of [
        ['name', ['id', 'memberNumber'], 'slug'],
        ['giverName', ['giverId'], 'giverSlug'],
        ['otherUserName', [], 'otherUserSlug'],
      ] as const) {
        if (entry[nameKey] !== FORMER_MEMBER_NAME) continue;
        named += 1;
        for (const key of idKeys) expect(entry[key] ?? null, `${path}.${key}`).toBeNull();
        expect(entry[slugKey] ?? null, `${path}.${slugKey}`).toBeNull();
        expect(JSON.stringify(entry), path).not.toContain(`"memberNumber":${leaver.memberNumber}`);
      }
      for (const [key, inner] of Object.entries(entry)) check(inner, `${path}.${key}`);
    };
    for (const [viewer, path] of reads) {
      const response = await get(path, viewer);
      expect(response.status, path).toBe(200);
      const before = named;
      check(await response.json(), path);
      expect(named, `${path} names the former member`).toBeGreaterThan(before);
    }
  });

  it('takes a spa off the map and ends its lineup; its analytics go with it', async () => {
    const spa = await createMember('spa_management');
    const therapist = await createMember('therapist');
    await call('/api/profile/address', {
      method: 'PATCH',
      body: { address: 'Ayala Avenue, Makati', latitude: 14.5547, longitude: 121.0244 },
      cookie: spa.cookie,
    });
    expect(
      (await call('/api/lineup/invitations', { body: { therapistId: therapist.id }, cookie: spa.cookie })).status,
    ).toBe(200);
    await database().execute({
      sql: "insert into spa_daily_counts (spa_id, day, metric, count) values (?, '2026-01-05', 'profile_view', 3)",
      args: [spa.id],
    });
    // A member keeps the spa in their favourites: it leaves their list.
    expect((await call('/api/favorites', { body: { targetUserId: spa.id }, cookie: therapist.cookie })).status).toBe(
      200,
    );
    const onMap = async () =>
      (await json<{ id: number }[]>(await get('/api/users?role=spa_management', therapist))).some(
        (listed) => listed.id === spa.id,
      );
    expect(await onMap()).toBe(true);

    expect((await deleteAccount(spa, { password: GOOD_PASSWORD })).status).toBe(200);
    expect(await onMap()).toBe(false);
    expect(await count("lineup_links where spa_id = ? and state in ('invited', 'accepted')", spa.id)).toBe(0);
    expect(await count('spa_daily_counts where spa_id = ?', spa.id)).toBe(0);
    expect(await count('favorite_list_items where target_user_id = ?', spa.id)).toBe(0);
    const lineup = await json<Output<'lineup.of'>>(await get(`/api/users/${therapist.id}/lineup`, therapist));
    expect(lineup.invitations?.spas ?? []).toEqual([]);
    expect((await get(`/api/users/${spa.id}/lineup`, therapist)).status).toBe(404);
  });

  it('keeps the name for 30 days, then frees it (at registration or a rename, and for every former member hourly)', async () => {
    const leaver = await createMember('therapist');
    expect((await deleteAccount(leaver, { password: GOOD_PASSWORD })).status).toBe(200);

    // Reserved: nobody may register it (nor a different case of it) yet.
    const taken = await register({ name: leaver.name.toUpperCase() });
    expect(taken.response.status).toBe(409);
    expect(await messageOf(taken.response)).toBe(MESSAGES.nameTaken);

    // 30 days and a minute later, the name is free: the new member gets it, with the old profile link.
    const longAgo = Date.now() - NAME_RESERVED_AFTER_DELETION_DAYS * DAY_MS - 60_000;
    await database().execute({ sql: 'update users set deleted_at = ? where id = ?', args: [longAgo, leaver.id] });
    const newcomer = await register({ name: leaver.name });
    expect(newcomer.response.status).toBe(200);
    const created = await json<CurrentUser>(newcomer.response);
    expect(created.id).not.toBe(leaver.id);
    expect(created.slug).toBe(leaver.slug);
    const newcomerLogin = await signIn(leaver.name);
    expect(newcomerLogin.status).toBe(200);
    expect((await json<CurrentUser>(newcomerLogin)).id).toBe(created.id);
    expect(await row(leaver.id)).toMatchObject({ name_skeleton: null, name_key: ` released ${leaver.id}` });

    // Renaming to a former member's name: refused within 30 days, then the rename takes it (and its link).
    const renamer = await createMember('client');
    const gone = await createMember('client');
    expect((await deleteAccount(gone, { password: GOOD_PASSWORD })).status).toBe(200);
    const rename = () =>
      call('/api/profile', {
        method: 'PATCH',
        body: { name: gone.name, aboutMe: 'Hilot on Sundays.' },
        cookie: renamer.cookie,
      });
    const early = await rename();
    expect(early.status).toBe(409);
    expect(await messageOf(early)).toBe(MESSAGES.nameTaken);
    await database().execute({ sql: 'update users set deleted_at = ? where id = ?', args: [longAgo, gone.id] });
    const renamed = await rename();
    expect(renamed.status).toBe(200);
    expect(await json<CurrentUser>(renamed)).toMatchObject({ id: renamer.id, name: gone.name, slug: gone.slug });

    // The hourly tidy-up releases every name older than 30 days, wanted or not (the name is personal data).
    const other = await createMember('client');
    const another = await createMember('client');
    expect((await deleteAccount(other, { password: GOOD_PASSWORD })).status).toBe(200);
    expect((await deleteAccount(another, { password: GOOD_PASSWORD })).status).toBe(200);
    const onTheHour = Math.floor(Date.now() / 3_600_000) * 3_600_000;
    await database().execute({
      sql: 'update users set deleted_at = ? where id = ?',
      args: [onTheHour - NAME_RESERVED_AFTER_DELETION_DAYS * DAY_MS, other.id],
    });
    await configuredWorker({}).runCron(onTheHour);
    expect(await row(other.id)).toMatchObject({ name_key: ` released ${other.id}`, name_skeleton: null });
    expect(await count('slug_history where user_id = ?', other.id)).toBe(0);
    // The one deleted today keeps its name reserved.
    expect((await row(another.id)).name_key).toBe(another.name.toLowerCase());
    expect(await count('slug_history where user_id = ? and slug = ?', another.id, another.slug)).toBe(1);
    expect((await get(`/api/profile/by-slug/${another.slug}`, { cookie: newcomer.cookie! })).status).toBe(404);
  });

  it('refuses the last admin with 409 and changes nothing; with another admin it goes ahead', async () => {
    const first = await createMember('admin');
    // For this test only, every other admin is not one (files run one at a time; the roles come back after).
    const { rows } = await database().execute({
      sql: "update users set role = 'client' where role = 'admin' and id != ? and deleted_at is null returning id",
      args: [first.id],
    });
    const others = rows.map((found) => Number(found.id));
    try {
      const refused = await deleteAccount(first, { password: GOOD_PASSWORD });
      expect(refused.status).toBe(409);
      expect(await messageOf(refused)).toBe(PRIVACY_TEXTS.lastAdmin);
      expect((await get('/api/user', first)).status).toBe(200);
      expect((await row(first.id)).deleted_at).toBeNull();

      // A banned admin does not count as another admin.
      const banned = await createMember({ role: 'admin', banned: true });
      expect((await deleteAccount(first, { password: GOOD_PASSWORD })).status).toBe(409);

      const second = await createMember('admin');
      expect((await deleteAccount(first, { password: GOOD_PASSWORD })).status).toBe(200);
      // Now the second is the last one.
      expect((await deleteAccount(second, { password: GOOD_PASSWORD })).status).toBe(409);
      await database().execute({ sql: "update users set role = 'client' where id = ?", args: [banned.id] });
    } finally {
      if (others.length > 0)
        await database().execute(`update users set role = 'admin' where id in (${others.join(',')})`);
    }
  });

  it('is limited like sign-in: after 10 wrong passwords a minute even the right one waits (429)', async () => {
    await startEarlyInLimiterWindow();
    const member = await createMember();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1)
      statuses.push((await deleteAccount(member, { password: `wrong-guess-${attempt}` })).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    const limited = await deleteAccount(member, { password: GOOD_PASSWORD });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('Retry-After')).toBeTruthy();
    expect((await get('/api/user', member)).status).toBe(200);
  });

  it('never travels in a tRPC batch (one request, at most one password hash)', async () => {
    const member = await createMember();
    const batched = await call('/trpc/privacy.deleteAccount,privacy.deleteAccount?batch=1', {
      body: { 0: { password: GOOD_PASSWORD }, 1: { password: 'another-guess-2026' } },
      cookie: member.cookie,
    });
    expect(batched.status).toBe(400);
    expect((await get('/api/user', member)).status).toBe(200);
    // Alone over tRPC it works like the REST path.
    const alone = await trpcPost('privacy.deleteAccount', member, { password: GOOD_PASSWORD });
    expect(alone.status).toBe(200);
    expect((await get('/api/user', member)).status).toBe(401);
  });
});

describe('a second member on someone else’s account', () => {
  it('can neither see nor end their sessions, confirm their e-mail as theirs, download their data, nor delete them', async () => {
    const owner = await createMember('therapist');
    const intruder = await createMember('client');
    const ownerEmail = await saveEmail(owner, `owner-${owner.id}@example.com`);
    await call('/api/profile', { method: 'PATCH', body: { phoneNumber: '0917 555 0177' }, cookie: owner.cookie });
    const ownerSession = owner.token.split('.')[0]!;

    // Sessions: the list is the intruder's own; ending the owner's is 404 and they stay signed in.
    const listed = await json<Output<'privacy.sessions'>>(await get('/api/sessions', intruder));
    expect(listed.map((session) => session.id)).toEqual([intruder.token.split('.')[0]]);
    const ended = await call(`/api/sessions/${ownerSession}`, { method: 'DELETE', cookie: intruder.cookie });
    expect(ended.status).toBe(404);
    expect((await get('/api/user', owner)).status).toBe(200);

    // E-mail: a made-up link is refused; the owner's own link, even opened in the intruder's browser, changes only
    // the owner's address (the link is the proof), never the intruder's.
    const guessed = await call('/api/confirm-email', {
      body: { token: 'A'.repeat(43) },
      cookie: intruder.cookie,
      ip: freshIp(),
    });
    expect(guessed.status).toBe(400);
    const wanted = `owner-new-${owner.id}@example.com`;
    expect(
      (
        await call('/api/profile', {
          method: 'PATCH',
          body: { email: wanted, currentPassword: GOOD_PASSWORD },
          cookie: owner.cookie,
          ip: freshIp(),
        })
      ).status,
    ).toBe(200);
    const token = await confirmationTokenFor(wanted);
    expect((await call('/api/confirm-email', { body: { token }, cookie: intruder.cookie, ip: freshIp() })).status).toBe(
      200,
    );
    expect(await json<CurrentUser>(await get('/api/user', intruder))).toMatchObject({
      email: null,
      pendingEmail: null,
    });
    expect(await json<CurrentUser>(await get('/api/user', owner))).toMatchObject({ email: wanted });

    // Download: whatever the address asks, the file is the intruder's own and holds nothing of the owner's.
    for (const path of ['/api/user/export', `/api/user/export?userId=${owner.id}`]) {
      const response = await get(path, intruder);
      expect(response.status).toBe(200);
      const text = await response.text();
      expect((JSON.parse(text) as Output<'privacy.exportData'>).account.id).toBe(intruder.id);
      for (const secret of [ownerEmail, wanted, '+639175550177', owner.token.split('.')[1]!])
        expect(text).not.toContain(secret);
    }

    // Deletion: the owner's password deletes nothing from the intruder's session, whatever the body names.
    const attempt = await deleteAccount(intruder, {
      password: GOOD_PASSWORD.replace('2026', '2027'),
      userId: owner.id,
    });
    expect(attempt.status).toBe(401);
    expect((await get('/api/user', owner)).status).toBe(200);
    expect((await get('/api/user', intruder)).status).toBe(200);
    expect((await row(owner.id)).deleted_at).toBeNull();
    // With their own password, the intruder deletes only themselves.
    expect((await deleteAccount(intruder, { password: GOOD_PASSWORD, userId: owner.id })).status).toBe(200);
    expect((await get('/api/user', owner)).status).toBe(200);
    expect((await row(owner.id)).deleted_at).toBeNull();
    expect((await row(intruder.id)).deleted_at).toEqual(expect.any(Number));
  });
});
