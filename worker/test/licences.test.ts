// Licences through POST/GET /api/licences, GET /api/licences/{id}/document and the admin's queue: who may submit
// which kind, every check refusing before anything is stored (no row, no object in R2), the document's photo kept
// privately (its owner and admins only, never from /media/), the decisions with their audit entry and mail, the
// Licensed badge in the profile, the map listing and member search (gone by itself once expired), the notice 30 days
// before expiry, and account deletion and the data export.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES, IMAGE_TEXTS } from '../../common/image-presets.ts';
import { LICENCE_TEXTS } from '../../common/licences.ts';
import { dayNumber, dayString, DAY_MS, manilaDay } from '../../common/time.ts';
import { jpegSegments, isMetadataMarker } from '../providers/jpeg.ts';
import {
  call,
  configuredWorker,
  database,
  freshIp,
  get,
  GOOD_PASSWORD,
  json,
  messageOf,
  saveEmail,
  trpcQuery,
  untilLimited,
  type Output,
} from './helpers.ts';
import { JPEG_400, exifSegment, withSegments } from './fixtures/images.ts';
import { createMember, type TestMember } from './members.ts';

type Licence = Output<'licences.mine'>['licences'][number];
type AdminLicence = Output<'admin.licences'>['items'][number];

const bucket = env.MEDIA;

const daysFromToday = (days: number) => dayString(dayNumber(manilaDay()) + days);
const NEXT_YEAR = daysFromToday(365);

interface Submission {
  kind?: string;
  number?: string;
  issuedBy?: string;
  expiresOn?: string;
  document?: Blob | string | null;
}

const photo = (bytes: Uint8Array<ArrayBuffer> = JPEG_400, type = 'image/jpeg') => new Blob([bytes], { type });

function submit(who: TestMember | null, fields: Submission = {}) {
  const form = new FormData();
  const values = { kind: 'doh_registration', number: 'DOH-2026-0042', issuedBy: 'DOH CHD NCR', expiresOn: NEXT_YEAR };
  for (const [name, value] of Object.entries({ ...values, ...fields })) {
    if (name === 'document' || value === undefined) continue;
    form.append(name, value as string);
  }
  const document = fields.document === undefined ? photo() : fields.document;
  if (document instanceof Blob) form.append('document', document, 'licence.jpg');
  else if (document !== null) form.append('document', document);
  return call('/api/licences', { method: 'POST', rawBody: form as unknown as string, cookie: who?.cookie ?? null });
}

async function submitted(who: TestMember, fields: Submission = {}): Promise<Licence> {
  const response = await submit(who, fields);
  expect(response.status, await response.clone().text()).toBe(201);
  return (await json<{ licence: Licence }>(response)).licence;
}

async function mine(who: TestMember): Promise<Licence[]> {
  return (await json<{ licences: Licence[] }>(await get('/api/licences', who))).licences;
}

async function storedKeys(who: TestMember): Promise<string[]> {
  return (await bucket.list({ prefix: `licences/${who.id}/` })).objects.map((object) => object.key);
}

function decide(admin: TestMember | null, id: number | string, body: unknown) {
  return call(`/api/admin/licences/${id}`, { body, cookie: admin?.cookie ?? null });
}

async function queue(admin: TestMember, query = '') {
  return json<AdminLicence[]>(await get(`/api/admin/licences${query}`, admin));
}

async function mailsTo(to: string) {
  return json<Output<'devMail.list'>>(await call(`/api/dev/mail?to=${encodeURIComponent(to)}`));
}

/** A licence written straight into the database, as only time could make it (already decided, already expired). */
async function arranged(who: TestMember, kind: string, state: string, expiresOn: string): Promise<number> {
  const result = await database().execute({
    sql: `insert into licences (user_id, kind, number, issued_by, expires_on, document_key, state, decided_at)
      values (?, ?, 'ARR-1', 'City Health Office', ?, ?, ?, ?) returning id`,
    args: [who.id, kind, expiresOn, `licences/${who.id}/arranged.jpg`, state, state === 'pending' ? null : Date.now()],
  });
  return Number(result.rows[0]!.id);
}

async function profileOf(viewer: TestMember, member: TestMember) {
  return json<Output<'profiles.profile'>>(await get(`/api/users/${member.id}/profile`, viewer));
}

async function searchFor(viewer: TestMember, member: TestMember) {
  const results = await json<Output<'search.members'>['items']>(
    await call('/api/search-users', { body: { term: member.name }, cookie: viewer.cookie, ip: freshIp() }),
  );
  return results.find((result) => result.id === member.id);
}

describe('POST /api/licences', () => {
  it('takes a therapist’s DOH certificate with its photo, re-encoded and kept privately, and answers 201', async () => {
    const therapist = await createMember('therapist');
    const exif = withSegments(JPEG_400, exifSegment({ gps: true, make: 'Licence Cam' }));
    const licence = await submitted(therapist, {
      number: '  DOH-2026-0042 ',
      issuedBy: ' DOH CHD NCR ',
      document: photo(exif),
    });
    expect(licence).toEqual({
      id: expect.any(Number),
      kind: 'doh_registration',
      number: 'DOH-2026-0042',
      issuedBy: 'DOH CHD NCR',
      expiresOn: NEXT_YEAR,
      state: 'pending',
      reason: null,
      documentUrl: `/api/licences/${licence.id}/document`,
      createdAt: expect.any(Number),
      decidedAt: null,
    });
    expect(await mine(therapist)).toEqual([licence]);

    const [key] = await storedKeys(therapist);
    expect(key).toMatch(new RegExp(`^licences/${therapist.id}/[0-9a-f-]{36}\\.jpg$`));
    const stored = new Uint8Array(await (await bucket.get(key!))!.arrayBuffer());
    const segments = jpegSegments(stored)!;
    expect(segments.some((segment) => isMetadataMarker(segment.marker) && segment.marker !== 0xe0)).toBe(false);
    expect(new TextDecoder('latin1').decode(stored)).not.toContain('Licence Cam');
    // Never served as public media, whatever the path.
    expect((await call(`/media/${key}`)).status).toBe(404);
  });

  it('takes a spa’s sanitary and business permits', async () => {
    const spa = await createMember('spa_management');
    await submitted(spa, { kind: 'sanitary_permit' });
    await submitted(spa, { kind: 'business_permit', expiresOn: manilaDay() });
    expect((await mine(spa)).map((licence) => licence.kind)).toEqual(['business_permit', 'sanitary_permit']);
  });

  it('refuses another role’s kind (400) and the roles that submit none (403), storing nothing', async () => {
    const [therapist, spa, client, admin] = [
      await createMember('therapist'),
      await createMember('spa_management'),
      await createMember('client'),
      await createMember('admin'),
    ];
    const wrongForTherapist = await submit(therapist, { kind: 'sanitary_permit' });
    expect(wrongForTherapist.status).toBe(400);
    expect(await messageOf(wrongForTherapist)).toBe(LICENCE_TEXTS.kindNotForRole);
    expect((await submit(spa, { kind: 'doh_registration' })).status).toBe(400);
    expect((await submit(client)).status).toBe(403);
    expect((await submit(admin)).status).toBe(403);
    expect((await submit(null)).status).toBe(401);
    for (const member of [therapist, spa, client, admin]) {
      expect(await mine(member)).toEqual([]);
      expect(await storedKeys(member)).toEqual([]);
    }
  });

  it('refuses bad fields, a past expiry and a missing or bad photo with a clear error, storing nothing', async () => {
    const therapist = await createMember('therapist');
    const refusals: [Submission, number, string][] = [
      [{ expiresOn: daysFromToday(-1) }, 400, LICENCE_TEXTS.expired],
      [{ expiresOn: '2027-02-30' }, 400, LICENCE_TEXTS.expiresOnInvalid],
      [{ expiresOn: '2027-2-3' }, 400, LICENCE_TEXTS.expiresOnInvalid],
      [{ expiresOn: '' }, 400, LICENCE_TEXTS.expiresOnInvalid],
      [{ kind: 'fishing_permit' }, 400, LICENCE_TEXTS.kindRequired],
      [{ number: '   ' }, 400, LICENCE_TEXTS.numberRequired],
      [{ number: 'N'.repeat(61) }, 400, LICENCE_TEXTS.numberTooLong],
      [{ issuedBy: '' }, 400, LICENCE_TEXTS.issuedByRequired],
      [{ issuedBy: 'O'.repeat(121) }, 400, LICENCE_TEXTS.issuedByTooLong],
      [{ document: null }, 400, 'Please choose a photo to upload (multipart field document).'],
      [{ document: 'not a file' }, 400, 'Please choose a photo to upload (multipart field document).'],
      [{ document: new Blob(['<svg onload=alert(1)>'], { type: 'image/jpeg' }) }, 415, IMAGE_TEXTS.invalidType],
      [{ document: new Blob([new Uint8Array(IMAGE_MAX_BYTES + 1)]) }, 413, IMAGE_TEXTS.tooLarge],
    ];
    // Ten attempts a minute per member (the upload limiter): the refusals are shared among three members.
    const members = [therapist, await createMember('therapist'), await createMember('therapist')];
    for (const [index, [fields, status, message]] of refusals.entries()) {
      const response = await submit(members[index % members.length]!, fields);
      expect([JSON.stringify(fields).slice(0, 80), response.status]).toEqual([
        JSON.stringify(fields).slice(0, 80),
        status,
      ]);
      expect(await messageOf(response)).toBe(message);
    }
    for (const member of members) {
      expect(await mine(member)).toEqual([]);
      expect(await storedKeys(member)).toEqual([]);
    }
  });

  it('is limited like every upload (429 with Retry-After), counting refused attempts too', async () => {
    const therapist = await createMember('therapist');
    const responses = await untilLimited(10, () => submit(therapist, { expiresOn: daysFromToday(-1) }));
    expect(responses.at(-1)!.headers.get('Retry-After')).toBeTruthy();
    expect(await storedKeys(therapist)).toEqual([]);
  });

  it('refuses a JSON body: the fields and the photo come as multipart/form-data', async () => {
    const therapist = await createMember('therapist');
    const response = await call('/api/licences', {
      body: { kind: 'doh_registration', number: '1', issuedBy: 'DOH', expiresOn: NEXT_YEAR },
      cookie: therapist.cookie,
    });
    expect(response.status).toBe(400);
    expect(await mine(therapist)).toEqual([]);
  });
});

describe('GET /api/licences/{id}/document', () => {
  it('serves the photo to its owner and admins only, never cached; anyone else is told 404', async () => {
    const [therapist, other, admin] = [
      await createMember('therapist'),
      await createMember('spa_management'),
      await createMember('admin'),
    ];
    const licence = await submitted(therapist);
    for (const viewer of [therapist, admin]) {
      const response = await get(licence.documentUrl, viewer);
      expect(response.status).toBe(200);
      expect(response.headers.get('Content-Type')).toBe('image/jpeg');
      expect(response.headers.get('Cache-Control')).toBe('private, no-store');
      expect(response.headers.get('Content-Disposition')).toMatch(/^inline/);
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect([bytes[0], bytes[1]]).toEqual([0xff, 0xd8]);
    }
    const stranger = await get(licence.documentUrl, other);
    expect(stranger.status).toBe(404);
    expect(await messageOf(stranger)).toBe(LICENCE_TEXTS.notFound);
    expect((await get(licence.documentUrl, null)).status).toBe(401);
    expect((await get('/api/licences/999999999/document', admin)).status).toBe(404);
    expect((await get('/api/licences/0/document', admin)).status).toBe(400);
  });
});

describe('the admins’ licence queue', () => {
  it('lists pending licences with their member, to admins only', async () => {
    const [therapist, admin, client] = [
      await createMember('therapist'),
      await createMember('admin'),
      await createMember('client'),
    ];
    const licence = await submitted(therapist);
    const pending = await queue(admin, '?state=pending');
    expect(pending.find((item) => item.id === licence.id)).toEqual({
      ...licence,
      member: { id: therapist.id, name: therapist.name, slug: therapist.slug, role: 'therapist' },
    });
    expect((await queue(admin)).some((item) => item.id === licence.id)).toBe(true);
    expect((await queue(admin, '?state=approved')).some((item) => item.id === licence.id)).toBe(false);
    expect((await get('/api/admin/licences', client)).status).toBe(403);
    expect((await get('/api/admin/licences', therapist)).status).toBe(403);
    expect((await get('/api/admin/licences?state=expired', admin)).status).toBe(400);
    expect((await get('/api/admin/licences?cursor=not-a-cursor', admin)).status).toBe(400);
  });

  it('pages with the project’s paging headers', async () => {
    const admin = await createMember('admin');
    const spas = await Promise.all([1, 2].map(() => createMember('spa_management')));
    for (const spa of spas)
      for (let index = 0; index < 13; index += 1) await arranged(spa, 'business_permit', 'rejected', NEXT_YEAR);
    const first = await get('/api/admin/licences?state=rejected', admin);
    const cursor = first.headers.get('X-Next-Cursor');
    expect(cursor).toBeTruthy();
    expect(first.headers.get('Link')).toContain('rel="next"');
    const firstItems = await json<AdminLicence[]>(first);
    const second = await queue(admin, `?state=rejected&cursor=${encodeURIComponent(cursor!)}`);
    expect(firstItems).toHaveLength(25);
    expect(second.length).toBeGreaterThan(0);
    expect(second.some((item) => firstItems.some((seen) => seen.id === item.id))).toBe(false);
  });

  it('approves: the audit log, the member’s mail, and the Licensed badge in the profile, map and search', async () => {
    const [spa, admin, viewer] = [
      await createMember('spa_management'),
      await createMember('admin'),
      await createMember('client'),
    ];
    const address = await saveEmail(spa, `licence-${spa.id}@example.com`);
    const pinned = await call('/api/profile/address', {
      method: 'PATCH',
      body: { address: 'Ayala Avenue, Makati City', latitude: 14.5547, longitude: 121.0244 },
      cookie: spa.cookie,
    });
    expect(pinned.status).toBe(200);
    expect(await profileOf(viewer, spa)).toMatchObject({ licensed: false, licence: null });
    const listed = async () =>
      (await json<Output<'map.users'>>(await get('/api/users?role=spa_management'))).find(
        (entry) => entry.id === spa.id,
      );
    expect(await listed()).toMatchObject({ licensed: false, licence: null });

    const permit = await submitted(spa, { kind: 'sanitary_permit', number: 'SP-7781', expiresOn: daysFromToday(200) });
    const later = await submitted(spa, { kind: 'business_permit', expiresOn: daysFromToday(300) });
    expect(await profileOf(viewer, spa)).toMatchObject({ licensed: false, licence: null });

    const approved = await decide(admin, permit.id, { decision: 'approve' });
    expect(approved.status).toBe(200);
    const { licence } = await json<{ licence: AdminLicence }>(approved);
    expect(licence).toMatchObject({ id: permit.id, state: 'approved', reason: null, decidedAt: expect.any(Number) });
    expect(licence.member.id).toBe(spa.id);

    const badge = { licensed: true, licence: { kind: 'sanitary_permit', expiresOn: daysFromToday(200) } };
    expect(await profileOf(viewer, spa)).toMatchObject(badge);
    expect(await listed()).toMatchObject(badge);
    expect(await searchFor(viewer, spa)).toMatchObject(badge);

    // The approved licence that expires last is the one shown.
    await decide(admin, later.id, { decision: 'approve', reason: 'Checked with the city hall.' });
    expect(await profileOf(viewer, spa)).toMatchObject({
      licensed: true,
      licence: { kind: 'business_permit', expiresOn: daysFromToday(300) },
    });

    const log = await json<Output<'admin.auditLog'>['items']>(await get('/api/admin/audit-log', admin));
    expect(log.find((entry) => entry.targetType === 'licence' && entry.targetId === permit.id)).toMatchObject({
      actorId: admin.id,
      action: 'licence.approve',
      targetLabel: spa.name,
    });
    const mails = await mailsTo(address);
    const decisionMails = mails.filter((mail) => mail.kind === 'licence_decision');
    expect(decisionMails).toHaveLength(2);
    expect(decisionMails.some((mail) => mail.subject.includes('Sanitary permit is approved'))).toBe(true);
    expect(decisionMails.some((mail) => mail.text.includes('SP-7781'))).toBe(true);
    expect((await mine(spa)).map((item) => item.state)).toEqual(['approved', 'approved']);
  });

  it('rejects only with a reason, told to the member; a decided licence is 409; others may not decide', async () => {
    const [therapist, admin, spa] = [
      await createMember('therapist'),
      await createMember('admin'),
      await createMember('spa_management'),
    ];
    const address = await saveEmail(therapist, `reject-${therapist.id}@example.com`);
    const licence = await submitted(therapist);

    const noReason = await decide(admin, licence.id, { decision: 'reject' });
    expect(noReason.status).toBe(400);
    expect(await messageOf(noReason)).toBe(LICENCE_TEXTS.reasonRequired);
    expect((await decide(admin, licence.id, { decision: 'reject', reason: '   ' })).status).toBe(400);
    expect((await decide(admin, licence.id, { decision: 'maybe' })).status).toBe(400);
    expect((await decide(admin, licence.id, { decision: 'reject', reason: 'R'.repeat(501) })).status).toBe(400);
    expect((await decide(spa, licence.id, { decision: 'approve' })).status).toBe(403);
    expect((await decide(therapist, licence.id, { decision: 'approve' })).status).toBe(403);
    expect((await decide(null, licence.id, { decision: 'approve' })).status).toBe(401);
    expect((await decide(admin, 999_999_999, { decision: 'approve' })).status).toBe(404);
    expect((await mine(therapist))[0]!.state).toBe('pending');

    const rejected = await decide(admin, licence.id, { decision: 'reject', reason: ' The photo is blurred. ' });
    expect(rejected.status).toBe(200);
    expect((await json<{ licence: AdminLicence }>(rejected)).licence).toMatchObject({
      state: 'rejected',
      reason: 'The photo is blurred.',
    });
    expect((await mine(therapist))[0]).toMatchObject({ state: 'rejected', reason: 'The photo is blurred.' });
    expect(await profileOf(spa, therapist)).toMatchObject({ licensed: false, licence: null });
    const mail = (await mailsTo(address)).find((item) => item.kind === 'licence_decision');
    expect(mail?.text).toContain('The photo is blurred.');

    const again = await decide(admin, licence.id, { decision: 'approve' });
    expect(again.status).toBe(409);
    expect(await messageOf(again)).toBe(LICENCE_TEXTS.alreadyDecided);
    const entries = (await json<Output<'admin.auditLog'>['items']>(await get('/api/admin/audit-log', admin))).filter(
      (entry) => entry.targetType === 'licence' && entry.targetId === licence.id,
    );
    expect(entries.map((entry) => entry.action)).toEqual(['licence.reject']);
    expect(await trpcQuery('licences.mine', therapist)).toMatchObject({ licences: [{ state: 'rejected' }] });
  });
});

describe('an approved licence past its last valid day', () => {
  it('is expired to its owner and drops the badge by itself', async () => {
    const [therapist, viewer] = [await createMember('therapist'), await createMember('client')];
    await arranged(therapist, 'doh_registration', 'approved', daysFromToday(-1));
    expect((await mine(therapist))[0]!.state).toBe('expired');
    expect(await profileOf(viewer, therapist)).toMatchObject({ licensed: false, licence: null });
    expect(await searchFor(viewer, therapist)).toMatchObject({ licensed: false, licence: null });

    await arranged(therapist, 'doh_registration', 'approved', manilaDay());
    expect(await profileOf(viewer, therapist)).toMatchObject({
      licensed: true,
      licence: { kind: 'doh_registration', expiresOn: manilaDay() },
    });
  });
});

describe('the notice before expiry', () => {
  it('mails the owner once when an approved licence expires within 30 days', async () => {
    const therapist = await createMember('therapist');
    const address = await saveEmail(therapist, `expiry-${therapist.id}@example.com`);
    await arranged(therapist, 'doh_registration', 'approved', daysFromToday(20));
    await arranged(therapist, 'doh_registration', 'approved', daysFromToday(45));
    await arranged(therapist, 'doh_registration', 'pending', daysFromToday(10));
    const worker = configuredWorker({});
    const hour = Math.floor(Date.now() / 3_600_000) * 3_600_000;
    await worker.runCron(hour);
    await worker.runCron(hour + 60_000 * 60);
    const notices = (await mailsTo(address)).filter((mail) => mail.kind === 'licence_expiry');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.subject).toContain(`expires on ${daysFromToday(20)}`);
    expect(notices[0]!.text).toContain('Submit the renewed licence');
    // Past the window's edge the later one is told too, once.
    await worker.runCron(hour + 20 * DAY_MS);
    const later = (await mailsTo(address)).filter((mail) => mail.kind === 'licence_expiry');
    expect(later).toHaveLength(2);
  });
});

describe('account deletion and the data export', () => {
  it('exports the licences without the photo, and deletion removes them and their photos', async () => {
    const therapist = await createMember('therapist');
    const licence = await submitted(therapist);
    const exported = await get('/api/user/export', therapist);
    const text = await exported.text();
    const data = JSON.parse(text) as Output<'privacy.exportData'>;
    expect(data.licences).toEqual([licence]);
    expect(text).not.toMatch(/\/9j\//); // no base64 JPEG in the export
    expect(await storedKeys(therapist)).toHaveLength(1);

    const deleted = await call('/api/user', {
      method: 'DELETE',
      body: { password: GOOD_PASSWORD },
      cookie: therapist.cookie,
      ip: freshIp(),
    });
    expect(deleted.status).toBe(200);
    expect(await storedKeys(therapist)).toEqual([]);
    const rows = await database().execute({
      sql: 'select count(*) as n from licences where user_id = ?',
      args: [therapist.id],
    });
    expect(Number(rows.rows[0]!.n)).toBe(0);
  });
});
