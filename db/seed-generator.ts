// Turns the data tables (seed-data.ts) into rows per table: members, their reviews, recognitions, saved lists,
// lineups, the spas' analytics and recorded visits. Every choice comes from a PRNG with a fixed seed, drawn in a fixed order, so
// runs with the same `now` give the same rows (db/seed.test.ts checks it); a new draw changes every one after it.
import type { InValue } from '@libsql/client';
import type { Role } from '../common/roles.ts';
import { slugify } from '../common/slug.ts';
import { nameSkeleton } from '../common/name-skeleton.ts';
import { nameKey } from '../common/names.ts';
import { manilaDay } from '../common/time.ts';
import {
  ADMIN_NAME,
  AMENITY_LINES,
  AREAS,
  BANNED_CLIENT_INDEX,
  CLIENT_CLOSERS_BAD,
  CLIENT_CLOSERS_GOOD,
  CLIENT_INTROS,
  CLIENT_LIKES,
  CLIENT_NAMES,
  CLIENT_NOTES_BAD,
  CLIENT_NOTES_GOOD,
  DEMO_ACCOUNTS,
  EXTRA_LIST_NAMES,
  FLOWER_REASONS,
  HOURS,
  MEDAL_REASONS,
  PROBLEM_CLIENT_INDEXES,
  RATING_COLUMNS,
  RED_FLAGS,
  SPA_CLOSERS_GOOD,
  SPA_CLOSERS_MIXED,
  SPA_MIXED,
  SPA_PRAISE,
  SPAS,
  SPECIALTIES,
  STAR_REASONS,
  THERAPIST_CLOSERS,
  THERAPIST_LINES,
  THERAPIST_NAMES,
  type SpaListing,
} from './seed-data.ts';

const SEED = 0x5ba_2026;
const DAY = 86_400_000;
const MINUTE = 60_000;

// ---------------------------------------------------------------------------------------------------------
// Deterministic randomness

function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomTools(seed: number) {
  const next = mulberry32(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const sample = <T>(list: readonly T[], count: number): T[] => {
    const copy = [...list];
    for (let i = 0; i < Math.min(count, copy.length); i++) {
      const j = int(i, copy.length - 1);
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy.slice(0, count);
  };
  return {
    next,
    int,
    sample,
    shuffle: <T>(list: readonly T[]) => sample(list, list.length),
    chance: (probability: number) => next() < probability,
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
    /** Favours the front of the list, so some members are clearly more popular than others. */
    skewed: <T>(list: readonly T[]): T | undefined => list[Math.floor(next() ** 2 * list.length)],
  };
}
type Random = ReturnType<typeof randomTools>;

// ---------------------------------------------------------------------------------------------------------
// Members

export type Row = Record<string, InValue>;

interface Member {
  name: string;
  role: Role;
  createdAt: number;
  /** Assigned in creation order once everyone exists; rows refer to members by it (see LOOKUPS). */
  number: number;
  profile: Row;
}
interface Spa extends Member {
  listing: SpaListing;
}
interface Therapist extends Member {
  specialties: string[];
  homeSpa: Spa;
}
interface ClientMember extends Member {
  problem: boolean;
  banned: boolean;
}

interface Community {
  admin: Member;
  spas: Spa[];
  therapists: Therapist[];
  clients: ClientMember[];
}

function createCommunity(random: Random, now: number): Community {
  /** The i-th of n members joins between fromDays and toDays ago, so sign-ups spread over ~14 months. */
  const joined = (i: number, n: number, fromDays: number, toDays: number) =>
    now - Math.round((fromDays - ((fromDays - toDays) * i) / (n - 1) + random.next() - 0.5) * DAY);
  // E.164, as the profile editor stores numbers.
  const phone = () => `+639${random.int(15, 99)}${random.int(100, 999)}${random.int(1000, 9999)}`;
  const handle = (name: string) => slugify(name).replaceAll('-', '');
  const contact = (name: string) => ({ email: `${handle(name)}@example.com`, phone_number: phone() });
  /** A few members of each role have paid for premium, until some day in the coming months. */
  const membership = (i: number) =>
    i % 5 === 2 ? { premium_until: now + random.int(30, 330) * DAY } : { premium_until: null };
  const member = (role: Role, name: string, createdAt: number, profile: Row): Member => ({
    name,
    role,
    createdAt,
    number: 0,
    profile: { is_premium: 0, is_banned: 0, ...profile },
  });

  const admin = member('admin', ADMIN_NAME, now - 430 * DAY, { email: 'admin@example.com' });

  const spas = SPAS.map((listing, i): Spa => {
    const profile = contact(listing.name);
    const social = handle(listing.name);
    return {
      ...member('spa_management', listing.name, joined(i, SPAS.length, 425, 40), {
        ...profile,
        ...membership(i),
        address: listing.address,
        latitude: listing.latitude,
        longitude: listing.longitude,
        about_me: listing.about,
        opening_hours: HOURS[listing.hours],
        viber_handle: profile.phone_number,
        facebook_handle: social,
        messenger_handle: social,
        instagram_handle: i % 2 === 0 ? social : null,
      }),
      listing,
    };
  });

  const therapists = THERAPIST_NAMES.map((name, i): Therapist => {
    const createdAt = joined(i, THERAPIST_NAMES.length, 420, 20);
    const homeSpa = random.pick(spas.filter((spa) => spa.createdAt < createdAt));
    const specialties = random.sample(SPECIALTIES, random.int(2, 3));
    const area = i % 2 === 0 ? AREAS[(i / 2) % AREAS.length]! : undefined;
    const jitter = () => (random.next() - 0.5) * 0.01;
    const years = random.int(2, 15);
    const where = area ? `Based at ${homeSpa.name}; home service around ${area[0]}.` : `Find me at ${homeSpa.name}.`;
    const profile = contact(name);
    return {
      ...member('therapist', name, createdAt, {
        ...profile,
        ...membership(i),
        about_me: `Licensed massage therapist with ${years} years of experience in ${joinWords(specialties)}. ${where}`,
        address: area?.[0] ?? null,
        latitude: area ? area[1] + jitter() : null,
        longitude: area ? area[2] + jitter() : null,
        instagram_handle: `${handle(name)}.massage`,
        viber_handle: i % 2 === 0 ? profile.phone_number : null,
        telegram_handle: i % 3 === 0 ? handle(name) : null,
        whatsapp_handle: i % 4 === 1 ? profile.phone_number : null,
      }),
      specialties,
      homeSpa,
    };
  });

  const clients = CLIENT_NAMES.map((name, i): ClientMember => {
    const banned = i === BANNED_CLIENT_INDEX;
    return {
      ...member('client', name, joined(i, CLIENT_NAMES.length, 418, 1), {
        ...contact(name),
        ...membership(i),
        phone_number: i % 2 === 0 ? phone() : null,
        about_me: `${random.pick(CLIENT_INTROS)} ${random.pick(CLIENT_LIKES)}`,
        instagram_handle: i % 3 === 0 ? handle(name) : null,
        tiktok_handle: i % 4 === 1 ? handle(name) : null,
        messenger_handle: i % 5 === 2 ? handle(name) : null,
        is_banned: banned ? 1 : 0,
      }),
      problem: PROBLEM_CLIENT_INDEXES.includes(i),
      banned,
    };
  });

  const everyone = [admin, ...spas, ...therapists, ...clients].sort((a, b) => a.createdAt - b.createdAt);
  everyone.forEach((m, i) => (m.number = i + 1));
  return { admin, spas, therapists, clients };
}

function joinWords(words: string[]): string {
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words.at(-1)}` : words.join('');
}

// ---------------------------------------------------------------------------------------------------------
// Activity

/** A moment within the last year after all the given members had joined. */
function timeAfter(random: Random, now: number, ...members: Member[]): number {
  const from = Math.max(now - 365 * DAY, ...members.map((m) => m.createdAt)) + MINUTE;
  return from + Math.floor(random.next() * (now - from));
}

function buildReviews(random: Random, now: number, { spas, therapists, clients }: Community): Row[] {
  const reviewers = clients.filter((c) => !c.banned);
  const review = (reviewer: Member, target: Member, text: string, ratings: Row = {}): Row => ({
    reviewer_id: reviewer.number,
    target_user_id: target.number,
    review_text: text,
    ...ratings,
    created_at: timeAfter(random, now, reviewer, target),
  });

  const spaReviews = spas.flatMap((spa) =>
    random.sample(reviewers, random.int(4, 7)).map((client) => {
      const drawn = RATING_COLUMNS.map(() => (random.chance(0.85) ? random.int(6, 10) : random.int(1, 6)));
      // Acclaimed spas lift every score (no extra random draws, so the rest of the data stays the same).
      const scores = spa.listing.acclaimed ? drawn.map((score) => Math.min(10, score + 3)) : drawn;
      const average = scores.reduce((a, b) => a + b) / scores.length;
      const sentences = [random.pick(average >= 8 ? SPA_PRAISE : SPA_MIXED)];
      const amenity = random.pick(spa.listing.amenities).toLowerCase();
      if (random.chance(0.6)) sentences.push(random.pick(AMENITY_LINES)(amenity));
      if (random.chance(0.7)) sentences.push(random.pick(average >= 7 ? SPA_CLOSERS_GOOD : SPA_CLOSERS_MIXED));
      const ratings = Object.fromEntries(RATING_COLUMNS.map((column, i) => [column, scores[i]!]));
      return review(client, spa, sentences.join(' '), ratings);
    }),
  );

  const therapistReviews = therapists.flatMap((therapist) =>
    random.sample(reviewers, random.int(2, 4)).map((client) => {
      const firstName = therapist.name.split(' ')[0]!;
      const line = random.pick(THERAPIST_LINES)(firstName, random.pick(therapist.specialties));
      return review(client, therapist, `${line} ${random.pick(THERAPIST_CLOSERS)}`);
    }),
  );

  // One review per reviewer and target (a second would be an edit of the first).
  const reviewed = new Set<string>();
  const clientReviews = Array.from({ length: 20 }, () => {
    let client = random.pick(clients);
    let spa = random.pick(spas);
    while (reviewed.has(`${spa.name}|${client.name}`)) [client, spa] = [random.pick(clients), random.pick(spas)];
    reviewed.add(`${spa.name}|${client.name}`);
    const [notes, closers] = client.problem
      ? [CLIENT_NOTES_BAD, CLIENT_CLOSERS_BAD]
      : [CLIENT_NOTES_GOOD, CLIENT_CLOSERS_GOOD];
    return review(spa, client, `${random.pick(notes)} ${random.pick(closers)}`);
  });

  return [...spaReviews, ...therapistReviews, ...clientReviews];
}

/** How far back the i-th recognition of a kind may go: one in ten within a week, two more within a month. */
function windowDays(i: number): number {
  const slot = i % 10;
  return slot === 0 ? 7 : slot < 3 ? 30 : 365;
}

function buildRecognitions(random: Random, now: number, { spas, therapists, clients }: Community, demo: Member[]) {
  // Demo accounts keep today's allowance, so a demo can give a star or a flower right away.
  const today = manilaDay(now);
  const reserved = demo.map((m) => `${m.number}|${today}`);

  /** `count` recognitions, at most one per giver per Manila day, each after both members joined. */
  const give = <G extends Member, R extends Member>(
    count: number,
    givers: G[],
    recipients: R[],
    details: (giver: G, recipient: R) => Row,
  ): Row[] => {
    const givenOn = new Set(reserved);
    const rows: Row[] = [];
    for (let i = 0; i < count; i++) {
      const at = now - MINUTE - Math.floor(random.next() * windowDays(i) * DAY);
      const day = manilaDay(at);
      const giver = random.skewed(givers.filter((g) => g.createdAt < at && !givenOn.has(`${g.number}|${day}`)));
      const recipient = random.skewed(recipients.filter((r) => r.createdAt < at));
      if (!giver || !recipient) continue;
      givenOn.add(`${giver.number}|${day}`);
      rows.push({
        giver_id: giver.number,
        recipient_id: recipient.number,
        ...details(giver, recipient),
        created_at: at,
        manila_day: day,
      });
    }
    return rows;
  };
  const reason = (reasons: string[]) => (random.chance(0.3) ? null : random.pick(reasons));

  const activeClients = clients.filter((c) => !c.banned);
  const problemClients = clients.filter((c) => c.problem);
  const goodClients = clients.filter((c) => !c.problem);
  const flaggedClients = [...random.shuffle(problemClients), ...random.sample(goodClients, 4)];
  return {
    stars: give(120, random.shuffle(activeClients), random.shuffle(spas), (_, spa) => ({
      spa_id: spa.number,
      reason: reason(STAR_REASONS),
    })),
    flowers: give(110, random.shuffle(activeClients), random.shuffle(therapists), (_, therapist) => ({
      spa_id: therapist.homeSpa.number,
      reason: reason(FLOWER_REASONS),
    })),
    medals: give(60, random.shuffle(spas), random.shuffle(goodClients), () => ({ reason: random.pick(MEDAL_REASONS) })),
    red_flags: give(24, random.shuffle(spas), flaggedClients, () => {
      const [flag, description] = random.pick(RED_FLAGS);
      return { reason: flag, description };
    }),
  };
}

/** How many days of map and profile activity a spa has, at most (the analytics screen's longest window is a year). */
const ANALYTICS_DAYS = 26 * 7;

/**
 * The spas' daily analytics counters since they joined, so that the Analytics screen has a story to tell:
 * each spa its own popularity, busier weekends, slow growth, more popup opens than profile views, and a few
 * of those members tapping Call or Navigate. Today's counters are left for the running app to fill.
 */
function buildAnalytics(random: Random, now: number, { spas }: Community): Row[] {
  const rows: Row[] = [];
  const count = (expected: number) => Math.max(0, Math.round(expected * (0.6 + 0.8 * random.next())));
  for (const spa of spas) {
    const popularity = 0.4 + 1.6 * random.next();
    for (let daysAgo = ANALYTICS_DAYS; daysAgo >= 1; daysAgo--) {
      const at = now - daysAgo * DAY;
      if (at < spa.createdAt) continue;
      const day = manilaDay(at);
      const weekend = [0, 5, 6].includes(new Date(at + 8 * 3_600_000).getUTCDay()) ? 1.5 : 1;
      const views = popularity * weekend * (6 + 6 * (1 - daysAgo / ANALYTICS_DAYS));
      const metrics = {
        profile_view: count(views),
        popup_open: count(views * 1.4),
        call_tap: count(views * 0.08),
        navigate_tap: count(views * 0.15),
      };
      for (const [metric, value] of Object.entries(metrics))
        if (value > 0) rows.push({ spa_id: spa.number, day, metric, count: value });
    }
  }
  return rows;
}

/**
 * Every therapist works in the lineup of the spa their profile names (accepted a day or so after both joined),
 * and the demo therapist has an invitation waiting from the demo spa (or, if that is already her spa, another).
 */
function buildLineup(now: number, { spas, therapists }: Community): Row[] {
  const accepted = therapists.map((therapist) => {
    const invitedAt = Math.max(therapist.createdAt, therapist.homeSpa.createdAt) + DAY;
    return {
      spa_id: therapist.homeSpa.number,
      therapist_id: therapist.number,
      state: 'accepted',
      created_at: invitedAt,
      responded_at: invitedAt + 5 * 3_600_000,
    };
  });
  const demoTherapist = therapists[0]!;
  const invitingSpa = demoTherapist.homeSpa === spas[0] ? spas[1]! : spas[0]!;
  return [
    ...accepted,
    {
      spa_id: invitingSpa.number,
      therapist_id: demoTherapist.number,
      state: 'invited',
      created_at: now - 2 * DAY,
      responded_at: null,
    },
  ];
}

/**
 * Licences, so the Licensed badge and the admins' queue show: the demo therapist's DOH certificate and the demo spa's
 * sanitary permit approved, another spa's business permit waiting. The seed writes no media, so their document keys
 * name no object: the document's path answers 404 for them.
 */
function buildLicences(now: number, { admin, spas, therapists }: Community): Row[] {
  const decided = (member: Member, kind: string, number: string, issuedBy: string, days: number) => {
    const createdAt = Math.max(member.createdAt, now - 20 * DAY);
    return {
      user_id: member.number,
      kind,
      number,
      issued_by: issuedBy,
      expires_on: manilaDay(now + days * DAY),
      document_key: `licences/seed/${slugify(member.name)}-${kind}.jpg`,
      state: 'approved',
      created_at: createdAt,
      decided_at: createdAt + DAY,
      decided_by: admin.number,
    };
  };
  const waiting = spas[1]!;
  return [
    decided(therapists[0]!, 'doh_registration', 'DOH-CHD-NCR-2026-01482', 'DOH Center for Health Development NCR', 320),
    decided(spas[0]!, 'sanitary_permit', 'SP-MKT-2026-0731', 'Makati City Health Department', 200),
    {
      user_id: waiting.number,
      kind: 'business_permit',
      number: 'BP-TAG-2026-11820',
      issued_by: 'Taguig City Business Permits and Licensing Office',
      expires_on: manilaDay(now + 240 * DAY),
      document_key: `licences/seed/${slugify(waiting.name)}-business_permit.jpg`,
      state: 'pending',
      created_at: now - 2 * DAY,
    },
  ];
}

/**
 * Visits recorded with the spas' codes, so that some reviews, stars and flowers show "Verified visit" and others do
 * not: before every other client review of a spa, a visit a few days earlier; before every third review of a
 * therapist, a visit to her spa naming her; and the demo client's visits to the demo spa (3 days ago) and another
 * spa (10 days ago), today left free to record one. No random draws, so the rest of the data stays the same.
 */
function buildVisits(now: number, reviews: Row[], { spas, therapists, clients }: Community): Row[] {
  const members = new Map<number, Member>([...spas, ...therapists, ...clients].map((m) => [m.number, m]));
  const homeSpa = new Map(therapists.map((t) => [t.number, t.homeSpa]));
  const seen = new Set<string>();
  const visits: Row[] = [];
  const visit = (client: Member, spa: Member, at: number, therapist: Member | null) => {
    const day = manilaDay(at);
    const key = `${client.number}:${spa.number}:${day}`;
    if (at <= Math.max(client.createdAt, spa.createdAt) || seen.has(key)) return;
    seen.add(key);
    visits.push({
      client_id: client.number,
      spa_id: spa.number,
      therapist_id: therapist?.number ?? null,
      visited_at: at,
      manila_day: day,
    });
  };
  reviews.forEach((review, i) => {
    const client = members.get(Number(review.reviewer_id))!;
    const target = members.get(Number(review.target_user_id))!;
    const at = Number(review.created_at) - ((i % 20) + 1) * DAY;
    if (target.role === 'spa_management' && i % 2 === 0) visit(client, target, at, null);
    if (target.role === 'therapist' && i % 3 === 0) visit(client, homeSpa.get(target.number)!, at, target);
  });
  const demoClient = clients.find((c) => DEMO_ACCOUNTS.some((a) => a.name === c.name))!;
  visit(demoClient, spas[0]!, now - 3 * DAY, null);
  visit(demoClient, spas[2]!, now - 10 * DAY, null);
  return visits;
}

/**
 * A third of the clients have saved spas and therapists: their default list ("Favorites") and, for every other
 * one of them, a second list of their own. Lists get explicit ids so that their rows can name them.
 */
function buildFavorites(random: Random, now: number, { spas, therapists, clients }: Community): Record<string, Row[]> {
  const lists: Row[] = [];
  const items: Row[] = [];
  const list = (client: Member, name: string, isDefault: boolean, targets: Member[]) => {
    const id = lists.length + 1;
    const createdAt = Math.min(...targets.map((target) => timeAfter(random, now, client, target)));
    lists.push({
      id,
      user_id: client.number,
      name,
      name_key: name.toLowerCase(),
      is_default: isDefault ? 1 : 0,
      created_at: createdAt,
    });
    for (const target of targets)
      items.push({
        list_id: id,
        target_user_id: target.number,
        created_at: Math.max(createdAt, timeAfter(random, now, client, target)),
      });
  };
  clients
    .filter((_, i) => i % 3 === 0)
    .forEach((client, i) => {
      const saved = random.sample([...spas, ...therapists], random.int(2, 5));
      const split = i % 2 === 0 ? Math.max(1, saved.length - 2) : saved.length;
      list(client, 'Favorites', true, saved.slice(0, split));
      if (split < saved.length) list(client, EXTRA_LIST_NAMES[i % EXTRA_LIST_NAMES.length]!, false, saved.slice(split));
    });
  return { favorite_lists: lists, favorite_list_items: items };
}

/** Rows per table, in insertion order (users first: the other tables refer to them). */
export function buildDemoData(now: number, passwordHash: string): Record<string, Row[]> {
  const random = randomTools(SEED);
  const community = createCommunity(random, now);
  const { admin, spas, therapists, clients } = community;
  const everyone = [admin, ...spas, ...therapists, ...clients].sort((a, b) => a.number - b.number);
  const demo = everyone.filter((m) => DEMO_ACCOUNTS.some((a) => a.name === m.name));

  const slugs = new Set<string>();
  const uniqueSlug = (name: string) => {
    const base = slugify(name);
    let slug = base;
    for (let n = 2; slugs.has(slug); n++) slug = `${base}-${n}`;
    slugs.add(slug);
    return slug;
  };

  const reviews = buildReviews(random, now, community);
  return {
    users: everyone.map((m) => ({
      name: m.name,
      name_key: nameKey(m.name),
      name_skeleton: nameSkeleton(m.name),
      slug: uniqueSlug(m.name),
      member_number: m.number,
      role: m.role,
      password_hash: passwordHash,
      ...m.profile,
      created_at: m.createdAt,
    })),
    spas: spas.map((spa) => ({
      owner_user_id: spa.number,
      name: spa.name,
      address: spa.listing.address,
      latitude: spa.listing.latitude,
      longitude: spa.listing.longitude,
      description: spa.listing.about,
      phone: spa.profile.phone_number!,
      website: `https://${slugify(spa.name)}.example.com`,
      amenities: JSON.stringify(spa.listing.amenities),
      opening_hours: HOURS[spa.listing.hours],
      created_at: spa.createdAt,
    })),
    reviews,
    ...buildRecognitions(random, now, community, demo),
    ...buildFavorites(random, now, community),
    spa_daily_counts: buildAnalytics(random, now, community),
    lineup_links: buildLineup(now, community),
    licences: buildLicences(now, community),
    visits: buildVisits(now, reviews, community),
  };
}
