// "Download my data" (beyond the spec): GET /api/user/export answers the member's own data as a JSON attachment (the
// profile, contact fields, favourites, reviews and gifts written and received, red flags about them, lineup links,
// their spa's analytics, premium and payments, sessions), never a password hash, a session secret, or another
// member's e-mail or phone; a second member asking gets only their own. One database round trip.
import { describe, expect, it } from 'vitest';
import { call, database, get, json, pipelinesServed, saveEmail, trpcQuery, type Output } from './helpers.ts';
import { createMember, give, review, type TestMember } from './members.ts';

type Export = Output<'privacy.exportData'>;

async function exportOf(who: TestMember, query = '') {
  const response = await get(`/api/user/export${query}`, who);
  expect(response.status).toBe(200);
  return { response, text: await response.text() };
}

function post(who: TestMember, path: string, body: unknown) {
  return call(path, { body, cookie: who.cookie });
}

describe('GET /api/user/export', () => {
  it('answers the member’s own data as a JSON attachment, with others named only by their public name', async () => {
    const client = await createMember('client');
    const spa = await createMember('spa_management');
    const therapist = await createMember('therapist');
    const clientEmail = await saveEmail(client, `export-${client.id}@example.com`);
    const spaEmail = await saveEmail(spa, `spa-secret-${spa.id}@example.com`);
    await call('/api/profile', {
      method: 'PATCH',
      body: { phoneNumber: '0917 555 0101', viberHandle: 'client-viber' },
      cookie: client.cookie,
    });
    await call('/api/profile', { method: 'PATCH', body: { phoneNumber: '0917 999 0000' }, cookie: spa.cookie });
    await post(client, '/api/favorites', { targetUserId: spa.id });
    await review(client, spa, 'Lovely ventosa, calm rooms.', Date.now() - 120_000, [8, 9, 7, 8]);
    await review(spa, client, 'Always on time.', Date.now() - 110_000);
    await give('stars', client, spa);
    await give('medals', spa, client);
    await give('red_flags', spa, client);
    await give('flowers', client, therapist);
    await post(spa, '/api/lineup/invitations', { therapistId: therapist.id });
    const visitedAt = Date.now() - 100_000;
    await database().execute({
      sql: "insert into visits (client_id, spa_id, therapist_id, visited_at, manila_day) values (?, ?, ?, ?, '2026-01-05')",
      args: [client.id, spa.id, therapist.id, visitedAt],
    });
    await database().execute({
      sql: `insert into premium_checkouts (id, user_id, plan, amount, currency, period_days, status, created_at, paid_at)
            values (?, ?, 'monthly', 99900, 'PHP', 30, 'paid', ?, ?)`,
      args: [`cs_export_${client.id}`, client.id, Date.now() - 5000, Date.now() - 4000],
    });

    const { response, text } = await exportOf(client);
    expect(response.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(response.headers.get('Content-Disposition')).toMatch(
      new RegExp(`^attachment; filename="spaconnect-data-${client.slug}-\\d{4}-\\d{2}-\\d{2}\\.json"$`),
    );
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    const data = JSON.parse(text) as Export;

    expect(data.account).toMatchObject({
      id: client.id,
      name: client.name,
      email: clientEmail,
      phoneNumber: '+639175550101',
      viberHandle: 'client-viber',
    });
    expect(data.favourites[0]).toMatchObject({ name: 'Favorites', isDefault: true });
    expect(data.favourites[0]!.saved).toEqual([
      expect.objectContaining({ role: 'spa_management', member: { id: spa.id, name: spa.name, slug: spa.slug } }),
    ]);
    expect(data.reviews.written).toEqual([
      expect.objectContaining({
        reviewText: 'Lovely ventosa, calm rooms.',
        ambienceRating: 8,
        member: { id: spa.id, name: spa.name, slug: spa.slug },
      }),
    ]);
    expect(data.reviews.received).toEqual([
      expect.objectContaining({ reviewText: 'Always on time.', member: expect.objectContaining({ id: spa.id }) }),
    ]);
    expect(data.gifts.stars.given).toHaveLength(1);
    expect(data.gifts.flowers.given[0]!.member.id).toBe(therapist.id);
    expect(data.gifts.medals.received[0]!.member.id).toBe(spa.id);
    expect(data.redFlags.received).toEqual([
      expect.objectContaining({ reason: 'reason 0', member: expect.objectContaining({ id: spa.id }) }),
    ]);
    expect(data.premium.payments).toEqual([
      expect.objectContaining({ plan: 'monthly', amount: 99900, currency: 'PHP', status: 'paid' }),
    ]);
    expect(data.sessions).toEqual([expect.objectContaining({ id: client.token.split('.')[0], current: true })]);
    expect(data.visits).toEqual([
      {
        id: expect.any(Number),
        visitedAt,
        member: { id: spa.id, name: spa.name, slug: spa.slug },
        therapist: { id: therapist.id, name: therapist.name, slug: therapist.slug },
      },
    ]);

    // Never a password hash, a session secret or token, nor another member's e-mail or phone.
    const { rows } = await database().execute({
      sql: 'select password_hash from users where id = ?',
      args: [client.id],
    });
    expect(text).not.toContain(String(rows[0]!.password_hash));
    expect(text).not.toMatch(/scrypt\$|passwordHash|secretHash|secret_hash|tokenHash/);
    expect(text).not.toContain(client.token.split('.')[1]!);
    expect(text).not.toContain(spaEmail);
    expect(text).not.toContain('+639179990000');

    // The spa's own export carries its analytics and its lineup.
    await database().execute({
      sql: "insert into spa_daily_counts (spa_id, day, metric, count) values (?, '2026-01-05', 'profile_view', 7)",
      args: [spa.id],
    });
    const spaData = JSON.parse((await exportOf(spa)).text) as Export;
    expect(spaData.spaAnalytics).toEqual([{ day: '2026-01-05', metric: 'profile_view', count: 7 }]);
    expect(spaData.lineup).toEqual([
      expect.objectContaining({
        side: 'therapist',
        state: 'invited',
        member: expect.objectContaining({ id: therapist.id }),
      }),
    ]);
    expect(spaData.redFlags.given).toHaveLength(1);
    expect(JSON.stringify(spaData)).not.toContain(clientEmail);
  });

  it('gives a second member only their own data, whatever they ask for; 401 signed out', async () => {
    const owner = await createMember('client');
    const ownerEmail = await saveEmail(owner, `owner-${owner.id}@example.com`);
    const other = await createMember('client');
    for (const query of ['', `?userId=${owner.id}`, `?id=${owner.id}`, `?slug=${owner.slug}`]) {
      const data = JSON.parse((await exportOf(other, query)).text) as Export;
      expect(data.account.id).toBe(other.id);
      expect(JSON.stringify(data)).not.toContain(ownerEmail);
    }
    expect((await get('/api/user/export', null)).status).toBe(401);
    expect((await call('/trpc/privacy.exportData', { cookie: null })).status).toBe(401);
  });

  it('gives the account as stored, to the last digit of a coordinate, whatever the kind of column', async () => {
    // The signed-in member's row reaches the Worker as one JSON text that SQLite writes (worker/db.ts jsonRowOf).
    const member = await createMember('client');
    const stored = {
      latitude: 14.554729000000002,
      longitude: -0.30000000000000004,
      address: 'Unit 7 "Casa" \\ Calle Real\n😀',
      chatInvisible: true,
      isPremium: true,
      updatedAt: Date.now() - 5_000,
    };
    await database().execute({
      sql: 'update users set latitude = ?, longitude = ?, address = ?, chat_invisible = 1, is_premium = 1, updated_at = ?, about_me = null where id = ?',
      args: [stored.latitude, stored.longitude, stored.address, stored.updatedAt, member.id],
    });
    const { account, premium } = JSON.parse((await exportOf(member)).text) as Export;
    expect(account).toMatchObject({ ...stored, aboutMe: null, email: null, pendingEmail: null });
    expect(premium.complimentary).toBe(true);
    await database().execute({
      sql: 'update users set chat_invisible = 0, is_premium = 0, latitude = null where id = ?',
      args: [member.id],
    });
    const after = JSON.parse((await exportOf(member)).text) as Export;
    expect(after.account).toMatchObject({ chatInvisible: false, isPremium: false, latitude: null });
    expect(after.premium.complimentary).toBe(false);
  });

  it('costs one database round trip', async () => {
    const member = await createMember();
    await trpcQuery('privacy.exportData', member);
    const before = await pipelinesServed();
    await json(await get('/api/user/export', member));
    expect((await pipelinesServed()) - before).toBe(1);
  });
});
