// The admin dashboard through its public surface: every admin procedure refused to members (403)
// and signed-out visitors (401); spa CRUD with validation, images through the media pipeline and no orphans;
// the stat cards from the one rating computation; user search by field; the ban that works (sessions gone,
// chat socket closed, sign-in 403, out of search, boards and chat lists) and its lifting; the chatbot flag;
// review reports and removal (profiles, counts, the boards' total); the moderation queue; the audit log.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { ADMIN_PAGE_SIZE, ADMIN_TEXTS, LATEST_USERS_COUNT } from '../../common/admin.ts';
import { REVIEW_REPORT_TEXTS } from '../../common/review-reports.ts';
import { MESSAGES } from '../../common/account.ts';
import { CLOSE_SESSION_ENDED } from '../../common/chat-protocol.ts';
import { appRouter } from '../routers/index.ts';
import { ChatClient } from './chat-client.ts';
import { JPEG_400, PNG_64x48 } from './fixtures/images.ts';
import {
  call,
  database,
  freshIp,
  get,
  GOOD_PASSWORD,
  json,
  messageOf,
  pipelinesServed,
  sessionCookieFrom,
  trpcGet,
  trpcPost,
  trpcQuery,
  uniqueName,
  type Caller,
  type Items,
  type Output,
  type ProcedurePath,
} from './helpers.ts';
import { createMember, createMembers, give, review, type TestMember } from './members.ts';

type Spa = Output<'admin.createSpa'>;
type Listing = Output<'spas.list'>;
type Queue = Output<'admin.moderationQueue'>;
type SpaUpdate = Output<'admin.updateSpa'>;

const bucket = env.MEDIA;

function api(path: string, who: Caller, method = 'GET', body?: unknown) {
  return call(`/api${path}`, { method, cookie: who?.cookie ?? null, ...(body === undefined ? {} : { body }) });
}

const PHILIPPINE_SPA = { name: 'Hilot Haven', address: '12 Mabini St, Makati', latitude: 14.55, longitude: 121.02 };

async function createSpa(admin: TestMember, fields: Record<string, unknown> = {}) {
  const response = await api('/spas', admin, 'POST', { ...PHILIPPINE_SPA, name: uniqueName('Spa'), ...fields });
  expect(response.status).toBe(200);
  return json<Spa>(response);
}

function uploadSpaImage(who: TestMember | null, spaId: number, file: Blob | string) {
  const form = new FormData();
  if (typeof file === 'string') form.append('spaImage', file);
  else form.append('spaImage', file, 'spa.jpg');
  return call(`/api/spas/${spaId}/upload-image`, {
    method: 'POST',
    rawBody: form as unknown as string,
    cookie: who?.cookie ?? null,
  });
}

async function spaKeys(spaId: number): Promise<string[]> {
  return (await bucket.list({ prefix: `spas/${spaId}/` })).objects.map((object) => object.key);
}

async function auditActions(admin: TestMember): Promise<Items<'admin.auditLog'>> {
  return json<Items<'admin.auditLog'>>(await api('/admin/audit-log', admin));
}

function signIn(name: string, password = GOOD_PASSWORD) {
  return call('/api/login', { body: { name, password }, ip: freshIp() });
}

describe('admin procedures: the role matrix', () => {
  /** A valid input for every admin procedure, so only the role decides the answer. */
  const INPUTS: Record<string, unknown> = {
    stats: undefined,
    spas: undefined,
    createSpa: PHILIPPINE_SPA,
    updateSpa: { id: 1, name: 'Renamed' },
    deleteSpa: { id: 1 },
    uploadSpaImage: { id: 1 },
    users: undefined,
    searchUsers: { field: 'name', term: 'a' },
    banUser: { userId: 1 },
    unbanUser: { userId: 1 },
    setChatBot: { userId: 1, chatBot: true },
    chatbots: { page: 1 },
    analytics: undefined,
    moderationQueue: { state: 'open' },
    resolveReport: { kind: 'chat', id: 1, action: 'dismiss' },
    licences: { state: 'pending' },
    decideLicence: { id: 1, decision: 'approve' },
    auditLog: {},
  };

  it('covers every admin procedure (and the chat reports list) with 401 signed out and 403 for each other role', async () => {
    const procedures = Object.keys(appRouter._def.procedures).filter((path) => path.startsWith('admin.'));
    expect(procedures.map((path) => path.slice('admin.'.length)).sort()).toEqual(Object.keys(INPUTS).sort());
    const members = {
      client: await createMember('client'),
      therapist: await createMember('therapist'),
      spa_management: await createMember('spa_management'),
    };
    const spasBefore = Number((await database().execute('select count(*) as n from spas')).rows[0]!.n);
    for (const path of [...procedures, 'chat.reports']) {
      const name = path.split('.')[1]!;
      const type = (appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>)[path]!._def
        .type;
      const send = (who: Caller) =>
        type === 'query'
          ? trpcGet(path as ProcedurePath, who, INPUTS[name])
          : trpcPost(path as ProcedurePath, who, INPUTS[name] ?? {});
      expect((await send(null)).status, `${path} signed out`).toBe(401);
      for (const [role, who] of Object.entries(members))
        expect((await send(who)).status, `${path} as ${role}`).toBe(403);
    }
    // The REST paths answer the same.
    for (const [method, path, body] of [
      ['POST', '/spas', PHILIPPINE_SPA],
      ['PATCH', '/spas/1', { name: 'x' }],
      ['DELETE', '/spas/1'],
      ['GET', '/admin/users'],
      ['GET', '/admin/chatbots'],
      ['POST', '/admin/search-users', { field: 'name', term: 'a' }],
      ['POST', '/admin/ban-user/1'],
      ['POST', '/admin/unban-user/1'],
      ['PATCH', '/admin/chatbot/1', { chatBot: true }],
    ] as const) {
      expect((await api(path, null, method, body)).status, `${method} ${path} signed out`).toBe(401);
      expect((await api(path, members.client, method, body)).status, `${method} ${path} as client`).toBe(403);
    }
    expect(Number((await database().execute('select count(*) as n from spas')).rows[0]!.n)).toBe(spasBefore);
    // Reading the listings needs only a signed-in member (see "Spa listings for members").
    expect((await api('/spas', null)).status).toBe(401);
  });

  it('answers who is asking before what they sent: bad input gets 401 or 403, and 400 only for an admin', async () => {
    const [client, admin] = await Promise.all([createMember('client'), createMember('admin')]);
    for (const [method, path, body] of [
      ['POST', '/admin/search-users', { field: 'memberNumber', term: 'zz' }],
      ['POST', '/admin/search-users', { field: 'bogus', term: 'a' }],
      ['GET', '/admin/chatbots?page=abc'],
      ['GET', '/admin/reports?state=xx'],
      ['GET', '/admin/audit-log?cursor=-1'],
    ] as const) {
      expect((await api(path, null, method, body)).status, `${method} ${path} signed out`).toBe(401);
      expect((await api(path, client, method, body)).status, `${method} ${path} as client`).toBe(403);
      expect((await api(path, admin, method, body)).status, `${method} ${path} as admin`).toBe(400);
    }
  });
});

describe('Spa Management', () => {
  it('creates, lists, edits and deletes a spa, validating on the server and writing the audit log', async () => {
    const admin = await createMember('admin');
    for (const missing of ['name', 'address', 'latitude', 'longitude']) {
      const body: Record<string, unknown> = { ...PHILIPPINE_SPA };
      delete body[missing];
      const refused = await api('/spas', admin, 'POST', body);
      expect(refused.status).toBe(400);
      expect(await messageOf(refused)).toBe('Please fill in all required fields');
    }
    const blank = await api('/spas', admin, 'POST', { ...PHILIPPINE_SPA, name: '   ' });
    expect(await messageOf(blank)).toBe('Please fill in all required fields');
    const abroad = await api('/spas', admin, 'POST', { ...PHILIPPINE_SPA, latitude: 35.68, longitude: 139.69 });
    expect(abroad.status).toBe(400);
    expect(await messageOf(abroad)).toMatch(/inside the Philippines/);
    const asText = await api('/spas', admin, 'POST', { ...PHILIPPINE_SPA, latitude: '14.5' });
    expect(asText.status).toBe(400);
    const client = await createMember('client');
    const wrongOwner = await api('/spas', admin, 'POST', { ...PHILIPPINE_SPA, ownerUserId: client.id });
    expect(await messageOf(wrongOwner)).toBe(ADMIN_TEXTS.ownerNotSpa);

    const name = uniqueName('Ginhawa Spa');
    const created = await createSpa(admin, {
      name,
      amenities: ' Sauna, , Jacuzzi ,',
      website: 'https://ginhawa.example',
    });
    expect(created).toMatchObject({
      name,
      amenities: ['Sauna', 'Jacuzzi'],
      averageRating: null,
      reviewCount: 0,
      isOpen: false,
      owner: null,
    });
    const list = await json<Listing>(await api('/spas', admin));
    expect(list.find((spa) => spa.id === created.id)).toMatchObject({
      name,
      address: PHILIPPINE_SPA.address,
      latitude: 14.55,
    });

    const edited = await api(`/spas/${created.id}`, admin, 'PATCH', { name: `${name} Makati`, amenities: ['Steam '] });
    expect(edited.status).toBe(200);
    expect(await json<SpaUpdate>(edited)).toMatchObject({
      name: `${name} Makati`,
      amenities: ['Steam'],
      address: PHILIPPINE_SPA.address,
    });
    // PATCH changes only the fields sent: a description alone keeps the website, the phone and the amenities.
    await api(`/spas/${created.id}`, admin, 'PATCH', { phone: '+63 2 8123 4567' });
    const described = await api(`/spas/${created.id}`, admin, 'PATCH', { description: 'Quiet rooms.' });
    expect(await json<SpaUpdate>(described)).toMatchObject({
      description: 'Quiet rooms.',
      website: 'https://ginhawa.example',
      phone: '+63 2 8123 4567',
      amenities: ['Steam'],
    });
    // Sent blank (or empty), a field is cleared, and only that one.
    expect(
      await json<SpaUpdate>(await api(`/spas/${created.id}`, admin, 'PATCH', { website: '', amenities: [] })),
    ).toMatchObject({
      description: 'Quiet rooms.',
      website: null,
      phone: '+63 2 8123 4567',
      amenities: [],
    });
    expect((await api(`/spas/${created.id}`, admin, 'PATCH', { address: '' })).status).toBe(400);
    expect((await api('/spas/999999999', admin, 'PATCH', { name: 'Nobody' })).status).toBe(404);

    expect((await api(`/spas/${created.id}`, admin, 'DELETE')).status).toBe(200);
    expect((await api(`/spas/${created.id}`, admin, 'DELETE')).status).toBe(404);
    const actions = (await auditActions(admin)).filter(
      (entry) => entry.targetId === created.id && entry.actorId === admin.id,
    );
    expect(actions.map((entry) => entry.action)).toEqual(['spa.delete', ...Array(4).fill('spa.update'), 'spa.create']);
  });

  it('keeps a listing’s own opening hours for Open/Closed, refuses bad hours unchanged, and lets a linked member’s hours decide', async () => {
    const admin = await createMember('admin');
    const allDay = {
      mon: [['00:00', '24:00']],
      tue: [['00:00', '24:00']],
      wed: [['00:00', '24:00']],
      thu: [['00:00', '24:00']],
      fri: [['00:00', '24:00']],
      sat: [['00:00', '24:00']],
      sun: [['00:00', '24:00']],
    };
    const closedWeek = { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] };
    const spa = await createSpa(admin, { openingHours: allDay });
    expect(spa).toMatchObject({ openingHours: allDay, isOpen: true });

    const overlapping = await api(`/spas/${spa.id}`, admin, 'PATCH', {
      openingHours: {
        ...allDay,
        mon: [
          ['09:00', '12:00'],
          ['11:00', '13:00'],
        ],
      },
    });
    expect(overlapping.status).toBe(400);
    expect(await messageOf(overlapping)).toBe('Ranges on the same day must not overlap.');
    expect((await api(`/spas/${spa.id}`, admin, 'PATCH', { openingHours: 'always' })).status).toBe(400);
    const spaInListing = async () =>
      (await json<Listing>(await api('/spas', admin))).find((each) => each.id === spa.id);
    expect(await spaInListing()).toMatchObject({ openingHours: allDay, isOpen: true });

    const renamed = await json<SpaUpdate>(
      await api(`/spas/${spa.id}`, admin, 'PATCH', { name: uniqueName('Renamed Spa') }),
    );
    expect(renamed).toMatchObject({ openingHours: allDay, isOpen: true });
    const owner = await createMember('spa_management');
    await database().execute({
      sql: 'update users set opening_hours = ? where id = ?',
      args: [JSON.stringify(closedWeek), owner.id],
    });
    expect(
      await json<SpaUpdate>(await api(`/spas/${spa.id}`, admin, 'PATCH', { ownerUserId: owner.id })),
    ).toMatchObject({ openingHours: allDay, isOpen: false });
    expect(await json<SpaUpdate>(await api(`/spas/${spa.id}`, admin, 'PATCH', { ownerUserId: null }))).toMatchObject({
      isOpen: true,
    });
    expect(await json<SpaUpdate>(await api(`/spas/${spa.id}`, admin, 'PATCH', { openingHours: null }))).toMatchObject({
      openingHours: null,
      isOpen: false,
    });
  });

  it('a linked spa shows its member’s rating and review count, the same the map shows, and the stat cards add them up', async () => {
    const admin = await createMember('admin');
    const owner = await createMember('spa_management');
    const reviewer = await createMember('client');
    await review(reviewer, owner, 'Lovely hilot.', Date.now() - 60_000, [8, 8, 10, 10]);
    const spa = await createSpa(admin, { ownerUserId: owner.id });
    expect(spa).toMatchObject({ averageRating: 4.5, reviewCount: 1, owner: { id: owner.id } });
    await database().execute({
      sql: 'update users set latitude = 14.5, longitude = 121 where id = ?',
      args: [owner.id],
    });
    const onMap = (await json<Output<'map.users'>>(await call('/api/users?role=spa_management'))).find(
      (entry) => entry.id === owner.id,
    );
    if (onMap) expect(onMap).toMatchObject({ averageRating: 4.5, reviewCount: 1 });

    const stats = await json<Output<'admin.stats'>>(await api('/admin/stats', admin));
    const rows = (
      await database().execute(
        `select count(*) as spas, (select count(*) from users where deleted_at is null) as users from spas`,
      )
    ).rows[0]!;
    expect(stats.totalSpas).toBe(Number(rows.spas));
    expect(stats.totalUsers).toBe(Number(rows.users));
    const all = await json<Listing>(await api('/spas', admin));
    expect(stats.totalReviews).toBe(all.reduce((sum, each) => sum + each.reviewCount, 0));
    const rated = all.filter((each) => each.averageRating !== null);
    expect(stats.avgRating).toBeCloseTo(
      Math.round((rated.reduce((sum, each) => sum + each.averageRating!, 0) / rated.length) * 10) / 10,
      1,
    );

    const analytics = await json<Output<'admin.analytics'>>(await api('/admin/analytics', admin));
    expect(analytics.topRatedSpas.length).toBeLessThanOrEqual(5);
    expect(analytics.usersPerRole.map((row) => row.role)).toEqual(['client', 'therapist', 'spa_management', 'admin']);
    expect(analytics.weekly).toHaveLength(12);
    expect(analytics.weekly.at(-1)?.newMembers).toBeGreaterThanOrEqual(3);
  });

  it('uploads a spa image through the media pipeline, replaces it without orphans and deletes it with the spa', async () => {
    const admin = await createMember('admin');
    const spa = await createSpa(admin);
    const html = new Blob(['<!doctype html><script>alert(1)</script>'], { type: 'image/jpeg' });
    const refused = await uploadSpaImage(admin, spa.id, html);
    expect(refused.status).toBe(415);
    expect(await messageOf(refused)).toBe('Please select a valid image file (JPEG, PNG, or WebP)');
    expect((await uploadSpaImage(admin, spa.id, 'not a file')).status).toBe(400);
    expect((await uploadSpaImage(admin, 999_999_999, new Blob([JPEG_400], { type: 'image/jpeg' }))).status).toBe(404);
    expect(await spaKeys(999_999_999)).toEqual([]);
    expect(await spaKeys(spa.id)).toEqual([]);

    const first = await uploadSpaImage(admin, spa.id, new Blob([JPEG_400], { type: 'image/jpeg' }));
    expect(first.status).toBe(200);
    const { imageUrl, message } = await json<Output<'admin.uploadSpaImage'>>(first);
    expect(message).toBeTruthy();
    expect(imageUrl).toMatch(/^\/media\/spas\/\d+\/[0-9a-f]{64}\.jpg$/);
    expect((await call(imageUrl)).headers.get('Content-Type')).toBe('image/jpeg');
    expect(await spaKeys(spa.id)).toHaveLength(1);

    // A write: the session, then one batch (the previous image, the new one and the audit entry).
    const tripsBefore = await pipelinesServed();
    const second = await json<Output<'admin.uploadSpaImage'>>(
      await uploadSpaImage(admin, spa.id, new Blob([PNG_64x48], { type: 'image/png' })),
    );
    expect((await pipelinesServed()) - tripsBefore).toBe(2);
    expect(await spaKeys(spa.id)).toEqual([second.imageUrl.slice('/media/'.length)]);
    // The same photo again has the same key, which stays.
    const again = await json<Output<'admin.uploadSpaImage'>>(
      await uploadSpaImage(admin, spa.id, new Blob([PNG_64x48], { type: 'image/png' })),
    );
    expect(again.imageUrl).toBe(second.imageUrl);
    expect(await spaKeys(spa.id)).toEqual([second.imageUrl.slice('/media/'.length)]);
    expect((await json<Listing>(await api('/spas', admin))).find((each) => each.id === spa.id)?.imageUrl).toBe(
      second.imageUrl,
    );

    await api(`/spas/${spa.id}`, admin, 'DELETE');
    expect(await spaKeys(spa.id)).toEqual([]);
    expect(
      (await auditActions(admin))
        .filter((entry) => entry.targetId === spa.id && entry.actorId === admin.id)
        .map((entry) => entry.action),
    ).toEqual(['spa.delete', 'spa.image', 'spa.image', 'spa.image', 'spa.create']);
  });
});

describe('Spa listings for members', () => {
  it('lets every signed-in member read the public fields of every listing, the linked member included', async () => {
    const admin = await createMember('admin');
    const owner = await createMember('spa_management');
    const created = await createSpa(admin, {
      ownerUserId: owner.id,
      description: 'Hilot and ventosa.',
      phone: '+63 2 8123 4567',
      website: 'https://hilot.example',
      amenities: 'Sauna, Steam',
      openingHours: { mon: [['09:00', '21:00']], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] },
    });
    for (const role of ['client', 'therapist', 'spa_management'] as const) {
      const viewer = await createMember(role);
      const response = await api('/spas', viewer);
      expect(response.status, role).toBe(200);
      const listing = (await json<Listing>(response)).find((spa) => spa.id === created.id);
      expect(listing, role).toEqual({
        id: created.id,
        name: created.name,
        address: PHILIPPINE_SPA.address,
        latitude: PHILIPPINE_SPA.latitude,
        longitude: PHILIPPINE_SPA.longitude,
        description: 'Hilot and ventosa.',
        phone: '+63 2 8123 4567',
        website: 'https://hilot.example',
        amenities: ['Sauna', 'Steam'],
        imageUrl: null,
        averageRating: null,
        reviewCount: 0,
        isOpen: expect.any(Boolean),
        owner: { id: owner.id, name: owner.name, slug: owner.slug },
      });
    }
    // The hours as entered are the dashboard's; an admin reads them on the same path.
    const asAdmin = (await json<Listing>(await api('/spas', admin))).find((spa) => spa.id === created.id);
    // Beyond the members' fields the listing's type declares: the object is checked as it came.
    expect(asAdmin).toMatchObject({ openingHours: { mon: [['09:00', '21:00']] } });
    // With the ids found there, a client gives a star at the listing.
    const client = await createMember('client');
    const star = await call('/api/stars', {
      body: { recipientId: owner.id, spaId: created.id },
      cookie: client.cookie,
    });
    expect(star.status).toBe(200);
    // A banned linked member is named to admins only.
    await database().execute({ sql: 'update users set is_banned = 1 where id = ?', args: [owner.id] });
    expect((await json<Listing>(await api('/spas', client))).find((spa) => spa.id === created.id)?.owner).toBeNull();
    expect((await json<Listing>(await api('/spas', admin))).find((spa) => spa.id === created.id)?.owner).toMatchObject({
      id: owner.id,
    });
  });
});

describe('User Management', () => {
  it('lists the 25 latest members newest first and searches by each field, refusing a blank term', async () => {
    const admin = await createMember('admin');
    // Written in bulk: registering 25 would outlast the test. The newest registers.
    await createMembers(
      Array.from({ length: LATEST_USERS_COUNT }, () => 'client' as const),
      { inBulk: true },
    );
    const newest = await createMember('therapist');
    const latest = await json<Output<'admin.users'>>(await api('/admin/users', admin));
    const registered = Number((await database().execute('select count(*) as n from users')).rows[0]!.n);
    expect(latest).toHaveLength(Math.min(LATEST_USERS_COUNT, registered));
    expect(latest.map((user) => user.createdAt)).toEqual(
      [...latest.map((user) => user.createdAt)].sort((a, b) => b - a),
    );
    expect(latest[0]?.id).toBe(newest.id);
    // The spec's User entity: the picture under both names and premium.
    await database().execute({
      sql: "update users set profile_pic = '/media/profiles/1/pic.jpg', profile_pic_thumbnail = '/media/profiles/1/thumb.jpg', premium_until = ? where id = ?",
      args: [Date.now() + 86_400_000, newest.id],
    });
    expect((await json<Output<'admin.users'>>(await api('/admin/users', admin)))[0]).toMatchObject({
      id: newest.id,
      profileImageUrl: '/media/profiles/1/pic.jpg',
      profilePic: '/media/profiles/1/pic.jpg',
      profilePicThumbnail: '/media/profiles/1/thumb.jpg',
      isPremium: true,
    });
    expect(
      latest.every((user) => typeof user.isPremium === 'boolean' && 'profileImageUrl' in user && 'profilePic' in user),
    ).toBe(true);

    const blank = await api('/admin/search-users', admin, 'POST', { field: 'name', term: '  ' });
    expect(blank.status).toBe(400);
    expect(await messageOf(blank)).toBe('Please enter a search term');

    const target = await createMember({ role: 'therapist', name: uniqueName('Searchable Dalisay') });
    await database().execute({
      sql: "update users set email = ?, about_me = 'Ventosa and hilot', viber_handle = 'viber-dalisay', telegram_handle = 'tg_dalisay' where id = ?",
      args: [`dalisay-${target.id}@example.com`, target.id],
    });
    const search = async (field: string, term: string) =>
      (await json<Output<'admin.searchUsers'>>(await api('/admin/search-users', admin, 'POST', { field, term }))).map(
        (user) => user.id,
      );
    expect(await search('name', target.name.toUpperCase())).toContain(target.id);
    expect(await search('email', `dalisay-${target.id}@`)).toEqual([target.id]);
    expect(await search('bio', 'VENTOSA')).toContain(target.id);
    expect(await search('viberHandle', 'viber-dalisay')).toContain(target.id);
    expect(await search('telegramHandle', 'tg_dal')).toContain(target.id);
    const memberNumber = Number(
      (await database().execute({ sql: 'select member_number from users where id = ?', args: [target.id] }))
        .rows[0]![0],
    );
    expect(await search('memberNumber', String(memberNumber))).toEqual([target.id]);
    expect(await search('role', 'therapist')).toContain(target.id);
    expect(await search('createdAt', new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10))).toContain(
      target.id,
    );
    expect(await search('isBanned', 'No')).toContain(target.id);
    expect((await api('/admin/search-users', admin, 'POST', { field: 'isBanned', term: 'maybe' })).status).toBe(400);
    expect((await api('/admin/search-users', admin, 'POST', { field: 'passwordHash', term: 'x' })).status).toBe(400);
    const found = (
      await json<Output<'admin.searchUsers'>>(
        await api('/admin/search-users', admin, 'POST', { field: 'name', term: target.name }),
      )
    )[0];
    expect(found).toMatchObject({ slug: target.slug, bio: 'Ventosa and hilot', isBanned: false, chatBot: false });
    expect(JSON.stringify(found)).not.toMatch(/password/i);
  });

  it('stores the chatbot flag, counts active chatbots and previews bios in 50 characters', async () => {
    const admin = await createMember('admin');
    const target = await createMember('client');
    await database().execute({ sql: 'update users set about_me = ? where id = ?', args: ['x'.repeat(80), target.id] });
    const chatbots = (who = admin) => trpcQuery('admin.chatbots', who, { page: 1 });
    const before = await chatbots();
    expect((await api(`/admin/chatbot/${target.id}`, admin, 'PATCH', { chatBot: 'yes' })).status).toBe(400);
    const on = await api(`/admin/chatbot/${target.id}`, admin, 'PATCH', { chatBot: true });
    expect(on.status).toBe(200);
    const after = await chatbots();
    expect(after.activeCount).toBe(before.activeCount + 1);
    // REST answers the spec's array of users, the next page and the counts in headers.
    const rest = await api('/admin/chatbots', admin);
    const users = await json<Items<'admin.chatbots'>>(rest);
    expect(Array.isArray(users)).toBe(true);
    expect(users.map((user) => user.id)).toEqual(after.items.map((user) => user.id));
    expect(rest.headers.get('X-Active-Chatbots')).toBe(String(after.activeCount));
    expect(rest.headers.get('X-Total-Count')).toBe(String(after.total));
    const pageCount = Math.ceil(after.total / ADMIN_PAGE_SIZE);
    expect(after.nextCursor).toBe(pageCount > 1 ? '2' : null);
    if (pageCount > 1) {
      // The same header as every paged list: the cursor is the next page's number.
      expect(rest.headers.get('X-Next-Cursor')).toBe('2');
      expect(rest.headers.get('X-Next-Page')).toBeNull();
      expect(rest.headers.get('Link')).toBe('</api/admin/chatbots?page=2>; rel="next"');
      const last = await api(`/admin/chatbots?page=${pageCount}`, admin);
      expect(last.headers.get('X-Next-Cursor')).toBeNull();
    }
    const row = after.items.find((user) => user.id === target.id);
    expect(row?.chatBot).toBe(true);
    expect(row?.bioPreview).toBe(`${'x'.repeat(50)}…`);
    expect((await api('/admin/chatbot/999999999', admin, 'PATCH', { chatBot: true })).status).toBe(404);
    const entry = (await auditActions(admin)).find(
      (each) => each.targetId === target.id && each.action === 'user.chatbot',
    );
    expect(JSON.parse(entry!.detail!)).toEqual({ chatBot: true });
  });
});

describe('the ban', () => {
  it('ends sessions, closes the chat socket, refuses sign-in, and takes the member out of search, boards and chat lists; unban restores sign-in', async () => {
    const admin = await createMember('admin');
    const watcher = await createMember('client');
    const name = uniqueName('Banworthy Quixote');
    const target = await createMember({ role: 'client', name: name });
    const secondSession = sessionCookieFrom(await signIn(name))!;
    const spa = await createMember('spa_management');
    await give('medals', spa, target, 2);
    await database().execute({
      sql: 'update users set created_at = created_at - 172800000 where id = ?',
      args: [spa.id],
    });

    const watcherSocket = await ChatClient.connect(watcher);
    const socket = await ChatClient.connect(target);
    await watcherSocket.next('online-users-updated', (frame) => frame.users.some((user) => user.id === target.id));
    const searchFor = async () =>
      (
        await json<Items<'search.members'>>(
          await api('/search-users', watcher, 'POST', { field: 'all', term: 'Banworthy Quixote' }),
        )
      ).map((user) => user.id);
    expect(await searchFor()).toContain(target.id);

    expect((await api(`/admin/ban-user/${admin.id}`, admin, 'POST')).status).toBe(403);
    const otherAdmin = await createMember('admin');
    const refused = await api(`/admin/ban-user/${otherAdmin.id}`, admin, 'POST');
    expect(refused.status).toBe(403);
    expect(await messageOf(refused)).toBe(ADMIN_TEXTS.cannotBanAdmin);
    expect((await api('/admin/ban-user/999999999', admin, 'POST')).status).toBe(404);

    const banned = await api(`/admin/ban-user/${target.id}`, admin, 'POST');
    expect(banned.status).toBe(200);
    expect((await socket.closed).code).toBe(CLOSE_SESSION_ENDED);
    await watcherSocket.next('online-users-updated', (frame) => !frame.users.some((user) => user.id === target.id));
    expect((await get('/api/user', target)).status).toBe(401);
    expect((await call('/api/user', { cookie: secondSession })).status).toBe(401);
    const sessions = await database().execute({
      sql: 'select count(*) as n from sessions where user_id = ?',
      args: [target.id],
    });
    expect(Number(sessions.rows[0]!.n)).toBe(0);
    const signInRefused = await signIn(name);
    expect(signInRefused.status).toBe(403);
    expect(await messageOf(signInRefused)).toBe(MESSAGES.banned);
    expect(await searchFor()).not.toContain(target.id);
    for (const timeframe of ['weekly', 'all-time']) {
      const board = await json<Output<'leaderboards.board'>>(
        await call(`/api/leaderboards/medals?timeframe=${timeframe}`, { cookie: watcher.cookie }),
      );
      expect(JSON.stringify(board)).not.toContain(`"slug":"${target.slug}"`);
    }
    expect((await get(`/api/profile/by-slug/${target.slug}`, watcher)).status).toBe(404);

    expect((await api(`/admin/unban-user/${target.id}`, admin, 'POST')).status).toBe(200);
    expect((await signIn(name)).status).toBe(200);
    expect(await searchFor()).toContain(target.id);
    const actions = (await auditActions(admin))
      .filter((entry) => entry.targetId === target.id)
      .map((entry) => entry.action);
    expect(actions).toEqual(['user.unban', 'user.ban']);
    watcherSocket.close();
  });
});

describe('review reports and moderation', () => {
  it('a member reports a review once; removing it takes it out of profiles, counts, ratings and the boards’ total, and shows it removed to its author', async () => {
    const admin = await createMember('admin');
    const spa = await createMember('spa_management');
    const author = await createMember('client');
    const reporter = await createMember('client');
    const secondReporter = await createMember('therapist');
    const reviewId = await review(
      author,
      spa,
      'Terrible, avoid. Call 0917 000 0000.',
      Date.now() - 60_000,
      [2, 2, 2, 2],
    );
    await review(reporter, spa, 'Very good.', Date.now() - 120_000, [10, 10, 10, 10]);

    const summaryBefore = await json<Output<'leaderboards.summary'>>(
      await call('/api/leaderboards/summary?timeframe=weekly'),
    );
    const profileBefore = await json<Output<'profiles.profile'>>(await get(`/api/users/${spa.id}/profile`, reporter));

    const report = (who: TestMember, body: unknown) => api(`/reviews/${reviewId}/report`, who, 'POST', body);
    expect((await report(reporter, { reason: 'rude' })).status).toBe(400);
    expect(await messageOf(await report(reporter, {}))).toBe(REVIEW_REPORT_TEXTS.reasonRequired);
    expect((await report(reporter, { reason: 'private', note: 'x'.repeat(501) })).status).toBe(400);
    const own = await report(author, { reason: 'spam' });
    expect(own.status).toBe(403);
    expect(await messageOf(own)).toBe(REVIEW_REPORT_TEXTS.ownReview);
    expect((await api('/reviews/999999999/report', reporter, 'POST', { reason: 'spam' })).status).toBe(404);
    expect((await api(`/reviews/${reviewId}/report`, null, 'POST', { reason: 'spam' })).status).toBe(401);
    expect((await report(reporter, { reason: 'private', note: 'Shares a phone number' })).status).toBe(200);
    const again = await report(reporter, { reason: 'spam' });
    expect(again.status).toBe(409);
    expect(await messageOf(again)).toBe(REVIEW_REPORT_TEXTS.alreadyReported);
    expect((await report(secondReporter, { reason: 'offensive' })).status).toBe(200);

    const queue = await json<Queue>(await api('/admin/reports', admin));
    const items = queue.filter((item) => item.kind === 'review' && item.review?.id === reviewId);
    expect(items).toHaveLength(2);
    expect(items.find((item) => item.reporter.id === reporter.id)).toMatchObject({
      state: 'open',
      reason: 'private',
      note: 'Shares a phone number',
      subject: { id: author.id },
      actions: ['dismiss', 'remove-review', 'ban'],
      handledBy: null,
    });
    const first = items[0]!;
    expect((await api(`/admin/reports/review/${first.id}`, admin, 'POST', { action: 'remove-red-flag' })).status).toBe(
      400,
    );
    expect((await api(`/admin/reports/review/${first.id}`, reporter, 'POST', { action: 'remove-review' })).status).toBe(
      403,
    );
    expect((await api(`/admin/reports/review/${first.id}`, admin, 'POST', { action: 'remove-review' })).status).toBe(
      200,
    );
    expect((await api(`/admin/reports/review/${items[1]!.id}`, admin, 'POST', { action: 'dismiss' })).status).toBe(409);

    const handled = await json<Queue>(await api('/admin/reports?state=handled', admin));
    const decided = handled.filter((item) => item.kind === 'review' && item.review?.id === reviewId);
    expect(decided).toHaveLength(2);
    for (const item of decided)
      expect(item).toMatchObject({
        state: 'removed',
        handledBy: { id: admin.id },
        actions: [],
        review: { removed: true },
      });

    const received = await json<Items<'profiles.reviewsReceived'>>(await get(`/api/user-reviews/${spa.id}`, reporter));
    expect(received.map((each) => each.id)).not.toContain(reviewId);
    const profileAfter = await json<Output<'profiles.profile'>>(await get(`/api/users/${spa.id}/profile`, reporter));
    expect(profileAfter.reviewCounts.received).toBe(profileBefore.reviewCounts.received - 1);
    const made = await json<Items<'profiles.reviewsMade'>>(await get(`/api/reviews-made-by/${author.id}`, author));
    expect(made.find((each) => each.id === reviewId)).toMatchObject({ removed: true });
    const madeSeenByOthers = await json<Items<'profiles.reviewsMade'>>(
      await get(`/api/reviews-made-by/${author.id}`, reporter),
    );
    expect(madeSeenByOthers.map((each) => each.id)).not.toContain(reviewId);
    const summaryAfter = await json<Output<'leaderboards.summary'>>(
      await call('/api/leaderboards/summary?timeframe=weekly'),
    );
    expect(summaryAfter.reviews).toBe(summaryBefore.reviews - 1);
    // The spa's rating is now the remaining review's alone.
    const linked = await createSpa(admin, { ownerUserId: spa.id });
    expect(linked).toMatchObject({ averageRating: 5, reviewCount: 1 });
    // A removed review cannot be reported again.
    expect((await report(await createMember('client'), { reason: 'spam' })).status).toBe(404);
    const audit = (await auditActions(admin)).find(
      (entry) => entry.action === 'report.remove-review' && entry.targetId === first.id,
    );
    expect(JSON.parse(audit!.detail!)).toMatchObject({ reviewId, memberId: author.id });
  });

  it('handles chat reports (with their transcript) and red flag disputes: dismiss, ban, remove the red flag', async () => {
    const admin = await createMember('admin');
    const reporter = await createMember('client');
    const rude = await createMember('client');
    const transcript = JSON.stringify([
      { id: 'm1', sessionId: 's', senderId: rude.id, senderName: rude.name, content: 'Rude words', sentAt: 1 },
    ]);
    const { rows } = await database().execute({
      sql: 'insert into chat_reports (reporter_id, reported_id, reason, transcript) values (?, ?, ?, ?) returning id',
      args: [reporter.id, rude.id, 'Harassment', transcript],
    });
    const chatReportId = Number(rows[0]!.id);
    const queue = await json<Queue>(await api('/admin/reports', admin));
    expect(queue.find((item) => item.kind === 'chat' && item.id === chatReportId)).toMatchObject({
      reason: 'Harassment',
      subject: { id: rude.id },
      transcript: [{ from: rude.name, text: 'Rude words', at: 1 }],
      actions: ['dismiss', 'ban'],
    });
    expect((await api(`/admin/reports/chat/${chatReportId}`, admin, 'POST', { action: 'ban' })).status).toBe(200);
    expect((await get('/api/user', rude)).status).toBe(401);
    const handled = await json<Queue>(await api('/admin/reports?state=handled', admin));
    expect(handled.find((item) => item.kind === 'chat' && item.id === chatReportId)).toMatchObject({
      state: 'banned',
      handledBy: { id: admin.id, name: admin.name },
    });

    // Red flag disputes, as the flagged member files them.
    const spa = await createMember('spa_management');
    const client = await createMember('client');
    const [flagId, keptFlagId] = await give('red_flags', spa, client, 2);
    for (const id of [flagId, keptFlagId]) {
      const disputed = await api(`/red-flags/${id}/dispute`, client, 'POST', { statement: 'I was never there.' });
      expect(disputed.status).toBe(200);
    }
    const disputes = (await json<Queue>(await api('/admin/reports', admin))).filter(
      (item) => item.kind === 'dispute' && item.reporter.id === client.id,
    );
    expect(disputes).toHaveLength(2);
    const removeDispute = disputes.find((item) => item.redFlag?.id === flagId)!;
    const keepDispute = disputes.find((item) => item.redFlag?.id === keptFlagId)!;
    expect((await api(`/admin/reports/dispute/${removeDispute.id}`, admin, 'POST', { action: 'ban' })).status).toBe(
      400,
    );
    expect(
      (await api(`/admin/reports/dispute/${removeDispute.id}`, admin, 'POST', { action: 'remove-red-flag' })).status,
    ).toBe(200);
    expect((await api(`/admin/reports/dispute/${keepDispute.id}`, admin, 'POST', { action: 'dismiss' })).status).toBe(
      200,
    );
    const flags = await database().execute({
      sql: 'select id from red_flags where recipient_id = ?',
      args: [client.id],
    });
    expect(flags.rows.map((row) => Number(row.id))).toEqual([keptFlagId]);
    const decided = (await json<Queue>(await api('/admin/reports?state=handled', admin))).filter(
      (item) => item.kind === 'dispute' && item.reporter.id === client.id,
    );
    expect(decided.map((item) => item.state).sort()).toEqual(['removed', 'upheld']);
  });
});

describe('the audit log', () => {
  it('is append-only: the database refuses to change or delete an entry', async () => {
    const admin = await createMember('admin');
    await createSpa(admin);
    const [entry] = await auditActions(admin);
    await expect(
      database().execute({ sql: "update admin_audit_log set action = 'nothing' where id = ?", args: [entry!.id] }),
    ).rejects.toThrow(/append-only/);
    await expect(
      database().execute({ sql: 'delete from admin_audit_log where id = ?', args: [entry!.id] }),
    ).rejects.toThrow(/append-only/);
    expect(entry).toMatchObject({ actorId: admin.id, actorName: admin.name, action: 'spa.create', targetType: 'spa' });
  });
});
