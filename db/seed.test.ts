// The demo data must make every screen look alive while obeying the product's rules (roles, daily limits,
// unique names and slugs), and must load only once. Checked through SQL on a migrated throw-away database on
// Turso's own server (sqld), as `npm start` loads it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type Client } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHILIPPINES_BOUNDS } from '../common/limits.ts';
import { manilaDay } from '../common/time.ts';
import { verifyPassword } from './password.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from './seed.ts';
import { startSqld, type SqldServer } from './sqld.ts';

const DAY = 86_400_000;
const NOW = new Date('2026-03-02T01:30:00Z');
const RECOGNITIONS = [
  { table: 'stars', giver: 'client', recipient: 'spa_management', dailyLimit: true },
  { table: 'flowers', giver: 'client', recipient: 'therapist', dailyLimit: true },
  { table: 'medals', giver: 'spa_management', recipient: 'client', dailyLimit: false },
  { table: 'red_flags', giver: 'spa_management', recipient: 'client', dailyLimit: false },
] as const;
const TABLES = [
  'users',
  'spas',
  'reviews',
  'favorite_lists',
  'favorite_list_items',
  'spa_daily_counts',
  'lineup_links',
  'licences',
  'visits',
  ...RECOGNITIONS.map((r) => r.table),
];

const directory = mkdtempSync(join(tmpdir(), 'seed-test-'));
const clients: Client[] = [];
const servers: SqldServer[] = [];

async function migratedDatabase(name: string): Promise<Client> {
  const server = await startSqld({ dataDir: join(directory, name) });
  servers.push(server);
  const client = createClient({ url: server.url, authToken: server.authToken });
  clients.push(client);
  await migrate(drizzle(client), { migrationsFolder: 'db/migrations' });
  return client;
}

let db: Client;
let firstRun: { seeded: boolean };

async function rows(sql: string, args: (string | number)[] = []) {
  return (await db.execute({ sql, args })).rows;
}
async function count(sql: string, args: (string | number)[] = []): Promise<number> {
  return Number((await rows(sql, args))[0]![0]);
}
async function tableCounts(): Promise<Record<string, number>> {
  const entries = await Promise.all(TABLES.map(async (t) => [t, await count(`SELECT count(*) FROM ${t}`)] as const));
  return Object.fromEntries(entries);
}

beforeAll(async () => {
  db = await migratedDatabase('seed.db');
  firstRun = await seedDemoData(db, { now: NOW });
});

afterAll(async () => {
  for (const client of clients) client.close();
  await Promise.all(servers.map((server) => server.close()));
  rmSync(directory, { recursive: true, force: true });
});

describe('seedDemoData', () => {
  it('seeds an empty database with every role', async () => {
    expect(firstRun).toEqual({ seeded: true });
    const byRole = Object.fromEntries(
      (await rows('SELECT role, count(*) FROM users GROUP BY role')).map((r) => [r[0], Number(r[1])]),
    );
    expect(byRole.admin).toBe(1);
    expect(byRole.spa_management).toBeGreaterThanOrEqual(12);
    expect(byRole.therapist).toBe(20);
    expect(byRole.client).toBe(40);
    for (const role of ['client', 'therapist', 'spa_management']) {
      expect(
        await count('SELECT count(*) FROM users WHERE role = ? AND premium_until > ?', [role, NOW.getTime()]),
      ).toBeGreaterThan(0);
    }
  });

  it('numbers members 1..N in creation order with unique slugs and name keys', async () => {
    const users = await rows('SELECT member_number, slug, name, name_key FROM users ORDER BY created_at, id');
    expect(users.map((u) => Number(u.member_number))).toEqual(users.map((_, i) => i + 1));
    expect(new Set(users.map((u) => u.slug)).size).toBe(users.length);
    for (const user of users) expect(user.name_key).toBe(String(user.name).toLowerCase());
    const created = await rows('SELECT min(created_at), max(created_at) FROM users');
    expect(NOW.getTime() - Number(created[0]![0])).toBeGreaterThan(395 * DAY);
    expect(Number(created[0]![1])).toBeLessThanOrEqual(NOW.getTime());
  });

  it('gives every spa account coordinates in the Philippines, opening hours and a spa listing', async () => {
    const spas = await rows(`
      SELECT u.latitude, u.longitude, u.opening_hours, s.id AS spa_id, s.latitude AS spa_latitude, s.amenities
      FROM users u LEFT JOIN spas s ON s.owner_user_id = u.id WHERE u.role = 'spa_management'`);
    const { minLat, maxLat, minLng, maxLng } = PHILIPPINES_BOUNDS;
    for (const spa of spas) {
      expect(Number(spa.latitude)).toBeGreaterThan(minLat);
      expect(Number(spa.latitude)).toBeLessThan(maxLat);
      expect(Number(spa.longitude)).toBeGreaterThan(minLng);
      expect(Number(spa.longitude)).toBeLessThan(maxLng);
      expect(spa.spa_id).not.toBeNull();
      expect(spa.spa_latitude).toBe(spa.latitude);
      expect(JSON.parse(String(spa.amenities)).length).toBeGreaterThan(0);
      const days = Object.keys(JSON.parse(String(spa.opening_hours)));
      expect(days).toEqual(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']);
    }
    expect(await count('SELECT count(*) FROM spas')).toBe(spas.length);
  });

  it('has reviews by the right roles, with sub-ratings exactly on spa reviews', async () => {
    const wrong = await count(
      `
      SELECT count(*) FROM reviews r
      JOIN users a ON a.id = r.reviewer_id JOIN users t ON t.id = r.target_user_id
      WHERE NOT ((a.role = 'client' AND t.role IN ('spa_management', 'therapist'))
                 OR (a.role = 'spa_management' AND t.role = 'client'))
         OR (t.role = 'spa_management') <> (ambience_rating BETWEEN 1 AND 10 AND amenities_rating BETWEEN 1 AND 10
                                           AND booking_rating BETWEEN 1 AND 10 AND selection_rating BETWEEN 1 AND 10)
         OR (t.role <> 'spa_management' AND coalesce(ambience_rating, amenities_rating, booking_rating,
                                                     selection_rating) IS NOT NULL)
         OR r.created_at > ? OR r.created_at < a.created_at OR r.created_at < t.created_at`,
      [NOW.getTime()],
    );
    expect(wrong).toBe(0);
    expect(await count('SELECT count(*) FROM reviews')).toBeGreaterThanOrEqual(120);
    const fewest = await count(`
      SELECT min(n) FROM (SELECT count(r.id) AS n FROM users u LEFT JOIN reviews r ON r.target_user_id = u.id
                          WHERE u.role = 'spa_management' GROUP BY u.id)`);
    expect(fewest).toBeGreaterThanOrEqual(3);
  });

  for (const { table, giver, recipient, dailyLimit } of RECOGNITIONS) {
    describe(table, () => {
      it('has entries in the weekly, monthly and yearly windows', async () => {
        const within = (days: number) =>
          count(`SELECT count(*) FROM ${table} WHERE created_at > ? AND created_at <= ?`, [
            NOW.getTime() - days * DAY,
            NOW.getTime(),
          ]);
        const [week, month, year] = [await within(7), await within(30), await within(365)];
        expect(week).toBeGreaterThanOrEqual(2);
        expect(month).toBeGreaterThan(week);
        expect(year).toBeGreaterThan(month);
        expect(year).toBe(await count(`SELECT count(*) FROM ${table}`));
      });

      it('goes from a ' + giver + ' to a different ' + recipient + ' on the right Manila day', async () => {
        const given = await rows(`
          SELECT x.created_at, x.manila_day, g.role AS giver_role, r.role AS recipient_role, x.giver_id, x.recipient_id
          FROM ${table} x JOIN users g ON g.id = x.giver_id JOIN users r ON r.id = x.recipient_id`);
        for (const row of given) {
          expect([row.giver_role, row.recipient_role]).toEqual([giver, recipient]);
          expect(row.giver_id).not.toBe(row.recipient_id);
          expect(row.manila_day).toBe(manilaDay(Number(row.created_at)));
        }
      });

      if (dailyLimit) {
        it('respects one per giver per Manila day and names the spa', async () => {
          const overLimit = await count(
            `SELECT count(*) FROM (SELECT 1 FROM ${table} GROUP BY giver_id, manila_day HAVING count(*) > 1)`,
          );
          expect(overLimit).toBe(0);
          expect(await count(`SELECT count(*) FROM ${table} WHERE spa_id IS NULL`)).toBe(0);
        });
      }
    });
  }

  it('links each star to the listing of the spa account that received it', async () => {
    const mismatched = await count(
      'SELECT count(*) FROM stars x JOIN spas s ON s.id = x.spa_id WHERE s.owner_user_id <> x.recipient_id',
    );
    expect(mismatched).toBe(0);
  });

  it('gives red flags a reason and a description', async () => {
    expect(await count('SELECT count(*) FROM red_flags WHERE reason IS NULL OR description IS NULL')).toBe(0);
  });

  it('has favourites lists from clients to therapists and spas, one default list each', async () => {
    const roles = await rows(`
      SELECT DISTINCT u.role AS from_role, t.role AS to_role FROM favorite_list_items i
      JOIN favorite_lists l ON l.id = i.list_id JOIN users u ON u.id = l.user_id JOIN users t ON t.id = i.target_user_id`);
    expect(roles.length).toBeGreaterThan(0);
    for (const row of roles) {
      expect(row.from_role).toBe('client');
      expect(['therapist', 'spa_management']).toContain(row.to_role);
    }
    const owners = await rows(
      'SELECT user_id, sum(is_default) AS defaults, count(*) AS lists FROM favorite_lists GROUP BY user_id',
    );
    for (const owner of owners) expect(Number(owner.defaults)).toBe(1);
    expect(owners.some((owner) => Number(owner.lists) > 1)).toBe(true);
    expect(
      await count(
        'SELECT count(*) FROM favorite_lists l WHERE NOT EXISTS (SELECT 1 FROM favorite_list_items i WHERE i.list_id = l.id)',
      ),
    ).toBe(0);
  });

  it('leaves the demo accounts usable: right role, not banned, today’s star and flower still free', async () => {
    const today = manilaDay(NOW);
    for (const account of DEMO_ACCOUNTS) {
      const [user] = await rows('SELECT id, role, is_banned, password_hash FROM users WHERE name = ?', [account.name]);
      expect(user).toMatchObject({ role: account.role, is_banned: 0 });
      expect(await verifyPassword(DEMO_PASSWORD, String(user!.password_hash))).toBe(true);
      for (const table of ['stars', 'flowers']) {
        const givenToday = `SELECT count(*) FROM ${table} WHERE giver_id = ? AND manila_day = ?`;
        expect(await count(givenToday, [Number(user!.id), today])).toBe(0);
      }
    }
    const roles = new Set(DEMO_ACCOUNTS.map((a) => a.role));
    expect(roles).toEqual(new Set(['admin', 'client', 'therapist', 'spa_management']));
    expect(await count('SELECT count(*) FROM users WHERE is_banned = 1')).toBe(1);
  });

  it('gives every spa daily analytics since it joined, none for today and none before it joined', async () => {
    const today = manilaDay(NOW);
    const perSpa = await rows(`
      SELECT u.id, u.role, u.created_at, min(c.day) AS first_day, max(c.day) AS last_day,
        count(DISTINCT c.metric) AS metrics, sum(CASE WHEN c.metric = 'profile_view' THEN c.count END) AS views,
        sum(CASE WHEN c.metric = 'call_tap' THEN c.count END) AS calls
      FROM users u LEFT JOIN spa_daily_counts c ON c.spa_id = u.id
      WHERE u.role = 'spa_management' OR c.spa_id IS NOT NULL GROUP BY u.id`);
    expect(perSpa.length).toBeGreaterThan(5);
    for (const spa of perSpa) {
      expect(spa.role).toBe('spa_management');
      expect(Number(spa.metrics)).toBe(4);
      expect(Number(spa.views)).toBeGreaterThan(Number(spa.calls));
      expect(String(spa.last_day) < today).toBe(true);
      expect(String(spa.first_day) >= manilaDay(Number(spa.created_at))).toBe(true);
    }
    expect(await count('SELECT count(*) FROM spa_daily_counts WHERE count <= 0')).toBe(0);
  });

  it('puts every therapist in one spa’s lineup and leaves the demo therapist an invitation to answer', async () => {
    const links = await rows(`
      SELECT t.name, t.role AS therapist_role, s.role AS spa_role, l.state, l.created_at, t.created_at AS joined
      FROM lineup_links l JOIN users t ON t.id = l.therapist_id JOIN users s ON s.id = l.spa_id`);
    const therapists = await count(`SELECT count(*) FROM users WHERE role = 'therapist'`);
    expect(links.filter((link) => link.state === 'accepted')).toHaveLength(therapists);
    expect(new Set(links.filter((link) => link.state === 'accepted').map((link) => link.name)).size).toBe(therapists);
    for (const link of links) {
      expect([link.therapist_role, link.spa_role]).toEqual(['therapist', 'spa_management']);
      expect(Number(link.created_at)).toBeGreaterThan(Number(link.joined));
      expect(Number(link.created_at)).toBeLessThan(NOW.getTime());
    }
    const demoTherapist = DEMO_ACCOUNTS.find((account) => account.role === 'therapist')!.name;
    expect(links.filter((link) => link.state === 'invited').map((link) => link.name)).toEqual([demoTherapist]);
  });

  it('licenses the demo therapist and the demo spa, and leaves another spa’s licence waiting for the admins', async () => {
    const licences = await rows(`
      SELECT u.name, u.role, l.kind, l.state, l.expires_on, d.role AS decider_role
      FROM licences l JOIN users u ON u.id = l.user_id LEFT JOIN users d ON d.id = l.decided_by ORDER BY l.id`);
    const named = (role: string) => DEMO_ACCOUNTS.find((account) => account.role === role)!.name;
    const approved = licences.filter((licence) => licence.state === 'approved');
    expect(approved.map((licence) => [licence.name, licence.kind, licence.decider_role])).toEqual([
      [named('therapist'), 'doh_registration', 'admin'],
      [named('spa_management'), 'sanitary_permit', 'admin'],
    ]);
    for (const licence of licences) expect(String(licence.expires_on) > manilaDay(NOW)).toBe(true);
    const pending = licences.filter((licence) => licence.state === 'pending');
    expect(pending.map((licence) => [licence.role, licence.decider_role])).toEqual([['spa_management', null]]);
    expect(pending[0]!.name).not.toBe(named('spa_management'));
  });

  it('records visits so that some reviews and stars are verified visits and others not, the demo client’s among them', async () => {
    const visits = await rows(`
      SELECT c.role AS client_role, s.role AS spa_role, t.role AS therapist_role, v.visited_at, v.manila_day
      FROM visits v JOIN users c ON c.id = v.client_id JOIN users s ON s.id = v.spa_id
      LEFT JOIN users t ON t.id = v.therapist_id`);
    expect(visits.length).toBeGreaterThan(0);
    for (const visit of visits) {
      expect([visit.client_role, visit.spa_role]).toEqual(['client', 'spa_management']);
      expect([null, 'therapist']).toContain(visit.therapist_role);
      expect(Number(visit.visited_at)).toBeLessThan(NOW.getTime());
      expect(visit.manila_day).toBe(manilaDay(Number(visit.visited_at)));
    }
    // The rule of worker/services/verified-visits.ts for a client's review of a spa: a visit in the 90 days before.
    const verifiedSpaReviews = (verified: boolean) =>
      count(`SELECT count(*) FROM reviews r JOIN users s ON s.id = r.target_user_id
        WHERE s.role = 'spa_management' AND ${verified ? '' : 'NOT'} EXISTS (SELECT 1 FROM visits v
          WHERE v.client_id = r.reviewer_id AND v.spa_id = r.target_user_id
            AND v.visited_at <= r.created_at AND v.visited_at > r.created_at - 90 * 86400000)`);
    expect(await verifiedSpaReviews(true)).toBeGreaterThan(0);
    expect(await verifiedSpaReviews(false)).toBeGreaterThan(0);
    const named = (role: string) => DEMO_ACCOUNTS.find((account) => account.role === role)!.name;
    const demoVisits = await rows(
      `SELECT s.name, v.manila_day FROM visits v JOIN users c ON c.id = v.client_id JOIN users s ON s.id = v.spa_id
      WHERE c.name = ?`,
      [named('client')],
    );
    expect(demoVisits.map((visit) => visit.name)).toContain(named('spa_management'));
    // Today is left free: the demo client can record a visit with the demo spa's code.
    expect(demoVisits.map((visit) => visit.manila_day)).not.toContain(manilaDay(NOW));
  });

  it('is deterministic: another empty database gets the same data', async () => {
    const other = await migratedDatabase('again.db');
    await seedDemoData(other, { now: NOW });
    const dump = async (client: Client) => {
      const users = await client.execute('SELECT * FROM users ORDER BY id');
      const stars = await client.execute('SELECT * FROM stars ORDER BY id');
      return [users.rows.map((u) => ({ ...u, password_hash: null })), stars.rows];
    };
    expect(await dump(other)).toEqual(await dump(db));
  });

  it('never seeds twice', async () => {
    const before = await tableCounts();
    expect(await seedDemoData(db, { now: NOW })).toEqual({ seeded: false });
    expect(await tableCounts()).toEqual(before);
  });
});
