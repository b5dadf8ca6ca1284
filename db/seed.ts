// Demo data for a fresh database, so that the first start shows a living community: spas across Metro Manila,
// therapists and clients with reviews, and stars, flowers, medals and red flags in every leaderboard window.
// Everything comes from the data tables below and a seeded PRNG, so runs with the same `now` are identical.
// It is written in one batch (one transaction, one round trip), and only while the users table is empty.
import type { Client, InStatement, InValue } from '@libsql/client';
import type { Role } from '../common/roles.ts';
import { slugify } from '../common/slug.ts';
import { nameSkeleton } from '../common/name-skeleton.ts';
import { nameKey } from '../common/names.ts';
import { manilaDay } from '../common/time.ts';
import { hashPassword } from './password.ts';

/** The one password of every demo account. */
export const DEMO_PASSWORD = 'spa-demo-2026';

const SEED = 0x5ba_2026;
const DAY = 86_400_000;
const MINUTE = 60_000;

// ---------------------------------------------------------------------------------------------------------
// Data tables

const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
type Day = (typeof DAYS)[number];
type Interval = [open: string, close: string];

/** Opening hours JSON in Asia/Manila local time; a closed day is an empty list. */
function week(weekday: Interval[], weekend: Interval[] = weekday, closed: Day[] = []): string {
  const hours = (day: Day) => (closed.includes(day) ? [] : day === 'sat' || day === 'sun' ? weekend : weekday);
  return JSON.stringify(Object.fromEntries(DAYS.map((day) => [day, hours(day)])));
}

const HOURS = {
  daily: week([['10:00', '22:00']]),
  allDay: week([['00:00', '24:00']]),
  mall: week([['10:00', '21:00']], [['10:00', '22:00']]),
  closedMonday: week([['11:00', '23:00']], [['11:00', '23:00']], ['mon']),
  lunchBreak: week([['09:00', '12:00'], ['13:00', '21:00']], [['09:00', '18:00']], ['sun']),
  lateNight: week([['14:00', '24:00']]),
};

interface SpaListing {
  name: string;
  address: string;
  latitude: number;
  longitude: number;
  hours: keyof typeof HOURS;
  amenities: string[];
  about: string;
  /** Guests rave about it: its reviews score higher, so the map's Top rated filter has something to show. */
  acclaimed?: true;
}

const SPAS: SpaListing[] = [
  {
    name: 'Makati Serenity Spa',
    address: '7456 Makati Ave, Poblacion, Makati City',
    latitude: 14.5649,
    longitude: 121.0297,
    hours: 'daily',
    amenities: ['Sauna', 'Jacuzzi', 'Hilot', 'Foot spa', 'Couples room'],
    about:
      'A calm hideaway a few steps from the Poblacion bars. Our therapists blend Swedish technique with traditional hilot for a massage that melts the work week away.',
  },
  {
    name: 'BGC Urban Retreat',
    address: '28th St cor. 5th Ave, Bonifacio Global City, Taguig',
    latitude: 14.5508,
    longitude: 121.0486,
    hours: 'mall',
    amenities: ['Steam room', 'Jacuzzi', 'Hot stone', 'Free Wi-Fi', 'Free parking'],
    about:
      'A modern spa in the heart of BGC for busy professionals. Book a 60-minute express massage over lunch or unwind in our steam room after work.',
  },
  {
    name: 'Quezon City Hilot Haven',
    address: '88 Tomas Morato Ave, South Triangle, Quezon City',
    latitude: 14.633,
    longitude: 121.0347,
    hours: 'closedMonday',
    amenities: ['Hilot', 'Ventosa', 'Herbal compress', 'Foot spa'],
    about:
      'Traditional Filipino healing in a family-run home spa. Our manghihilot learned the craft from their lolas and still work with warm banana leaves and virgin coconut oil.',
  },
  {
    name: 'Ortigas Zen Wellness',
    address: 'Unit 3, Emerald Ave, Ortigas Center, Pasig City',
    latitude: 14.5866,
    longitude: 121.0614,
    hours: 'allDay',
    amenities: ['Sauna', 'Shiatsu', 'Foot spa', 'Free Wi-Fi'],
    about:
      'Open around the clock for shift workers and night owls in Ortigas. Japanese-inspired rooms, shiatsu specialists and a dry sauna.',
  },
  {
    name: 'Malate Lotus Massage',
    address: '1650 Adriatico St, Malate, Manila',
    latitude: 14.5671,
    longitude: 120.988,
    hours: 'lateNight',
    amenities: ['Foot spa', 'Body scrub', 'Aromatherapy'],
    about:
      'A cosy massage house on Adriatico Street that gets busy after the dinner crowd. Try the lotus signature massage with lemongrass oil.',
  },
  {
    name: 'Ermita Bayview Spa',
    address: '1430 M.H. del Pilar St, Ermita, Manila',
    latitude: 14.5786,
    longitude: 120.9806,
    acclaimed: true,
    hours: 'daily',
    amenities: ['Sauna', 'Jacuzzi', 'Body scrub', 'Couples room'],
    about:
      'Watch the Manila Bay sunset from our rooftop relaxation lounge. Packages pair a full-body massage with a body scrub and the sauna.',
  },
  {
    name: 'Mandaluyong Kalinaw Spa',
    address: '560 Shaw Blvd, Wack-Wack, Mandaluyong City',
    latitude: 14.5874,
    longitude: 121.047,
    acclaimed: true,
    hours: 'mall',
    amenities: ['Steam room', 'Hot stone', 'Hilot', 'Free parking'],
    about:
      'Kalinaw means calm, and that is what we offer on busy Shaw Boulevard. Hot stone and hilot packages, with free parking for guests.',
  },
  {
    name: 'San Juan Ginhawa Wellness',
    address: '45 Wilson St, Greenhills, San Juan City',
    latitude: 14.6024,
    longitude: 121.0475,
    hours: 'lunchBreak',
    amenities: ['Reflexology', 'Ventosa', 'Hilot', 'Free Wi-Fi'],
    about:
      'A quiet wellness clinic near Greenhills Shopping Center. Reflexology and ventosa sessions by licensed therapists, appointments preferred.',
  },
  {
    name: 'Pasay Baywalk Spa',
    address: 'Diosdado Macapagal Blvd, Pasay City',
    latitude: 14.5352,
    longitude: 120.9878,
    hours: 'allDay',
    amenities: ['Sauna', 'Jacuzzi', 'Steam room', 'Foot spa', 'Free parking'],
    about:
      'Big, bright and open 24 hours near the airport and the Mall of Asia. Perfect after a long flight: sauna, jacuzzi and a traditional Filipino massage.',
  },
  {
    name: 'Parañaque Aqua Spa',
    address: '8000 Dr. A. Santos Ave, San Dionisio, Parañaque City',
    latitude: 14.484,
    longitude: 121.017,
    hours: 'closedMonday',
    amenities: ['Jacuzzi', 'Hydrotherapy pool', 'Body scrub', 'Couples room'],
    about:
      'Hydrotherapy pools and private jacuzzi suites in the south of the metro. A favourite for birthday and anniversary treats.',
  },
  {
    name: 'Alabang Palm Oasis Spa',
    address: 'Madrigal Ave, Ayala Alabang, Muntinlupa City',
    latitude: 14.418,
    longitude: 121.029,
    hours: 'daily',
    amenities: ['Sauna', 'Steam room', 'Hot stone', 'Couples room', 'Free parking'],
    about:
      'A resort-style spa with garden villas in Alabang. Signature coconut oil massage and couples packages every day of the week.',
  },
  {
    name: 'Marikina Riverbanks Hilot Spa',
    address: 'A. Bonifacio Ave, Riverbanks, Marikina City',
    latitude: 14.6318,
    longitude: 121.0822,
    acclaimed: true,
    hours: 'lunchBreak',
    amenities: ['Hilot', 'Ventosa', 'Foot spa'],
    about:
      'A neighbourhood hilot spa next to the Marikina River. Honest prices, strong hands and a loyal crowd of regulars.',
  },
  {
    name: 'Las Piñas Bamboo Wellness',
    address: 'Alabang-Zapote Rd, Pamplona, Las Piñas City',
    latitude: 14.45,
    longitude: 120.983,
    hours: 'mall',
    amenities: ['Bamboo massage', 'Foot spa', 'Aromatherapy', 'Free parking'],
    about:
      'Bamboo massage and aromatherapy inspired by the famous Bamboo Organ. A relaxed, friendly spa for the whole family.',
  },
  {
    name: 'Eastwood Night Owl Foot Spa',
    address: 'Eastwood Ave, Eastwood City, Libis, Quezon City',
    latitude: 14.6096,
    longitude: 121.08,
    hours: 'allDay',
    amenities: ['Foot spa', 'Reflexology', 'Free Wi-Fi'],
    about:
      'Foot spa and reflexology for the Eastwood call centre crowd, open 24/7. Walk-ins welcome any time, day or night.',
  },
];

/** Neighbourhoods where some therapists live and offer home service. */
const AREAS: [name: string, latitude: number, longitude: number][] = [
  ['Poblacion, Makati City', 14.565, 121.031],
  ['Fort Bonifacio, Taguig', 14.548, 121.047],
  ['Kapitolyo, Pasig City', 14.572, 121.06],
  ['Cubao, Quezon City', 14.619, 121.053],
  ['Sampaloc, Manila', 14.608, 120.995],
  ['Highway Hills, Mandaluyong City', 14.578, 121.053],
  ['BF Homes, Parañaque City', 14.453, 121.023],
  ['Concepcion Uno, Marikina City', 14.642, 121.098],
];

const ADMIN_NAME = 'Tala Admin';

const THERAPIST_NAMES = [
  'Maria Santos',
  'Joy Reyes',
  'Angelica Cruz',
  'Mark Anthony Bautista',
  'Rowena Villanueva',
  'Jerome Garcia',
  'Kristine Mendoza',
  'Liza Aquino',
  'Rodel Navarro',
  'Marites Dizon',
  'Carlo Ramos',
  'Jasmine Flores',
  'Arnel Castillo',
  'Lorna Manalo',
  'Rachelle Soriano',
  'Noel Pascual',
  'Diwata Lim',
  'Mylene Gonzales',
  'Ramon Tolentino',
  'Cherry Fernandez',
];

const SPECIALTIES = [
  'Swedish massage',
  'shiatsu',
  'hilot',
  'ventosa',
  'hot stone massage',
  'reflexology',
  'deep tissue massage',
  'Thai massage',
  'prenatal massage',
  'aromatherapy',
  'sports massage',
];

const CLIENT_NAMES = [
  'Juan dela Cruz',
  'Andrea Lopez',
  'Paolo Mercado',
  'Bianca Torres',
  'Miguel Santiago',
  'Camille Domingo',
  'Rafael Aquino',
  'Patricia Ocampo',
  'Kevin Salazar',
  'Nicole Villareal',
  'Enrique Macaraeg',
  'Sofia Pangilinan',
  'Gabriel Estrada',
  'Trisha Gutierrez',
  'Jericho Manalastas',
  'Katrina de Leon',
  'Dennis Sarmiento',
  'Aileen Buenaventura',
  'Francis Lacson',
  'Hazel Samonte',
  'Joshua Evangelista',
  'Pia Concepcion',
  'Ronaldo Cabrera',
  'Maricel Yap',
  'Vincent Tan',
  'Angeline Chua',
  'Marvin Dela Rosa',
  'Grace Valdez',
  'Ian Javier',
  'Rhea Padilla',
  'Jomar Ilagan',
  'Czarina Roxas',
  'Edgar Magbanua',
  'Lovely Abella',
  'Tristan Sison',
  'Kaye Bernardo',
  'Albert Umali',
  'Maja Quiambao',
  'Bong Espiritu',
  'Precious Catapang',
];

/** Clients the spas keep reporting (the Problem Clients board); one of them has been banned. */
const PROBLEM_CLIENT_INDEXES = [2, 10, 18, 27];
const BANNED_CLIENT_INDEX = 18;

const CLIENT_INTROS = [
  'Office worker in Makati.',
  'Nurse on night shifts.',
  'Call centre agent in Eastwood.',
  'Freelance designer from Pasig.',
  'Public school teacher from Marikina.',
  'Software developer in BGC.',
  'Small business owner in Binondo.',
  'Balikbayan home for the holidays.',
  'College student in España.',
  'Retired engineer living in Alabang.',
];

const CLIENT_LIKES = [
  'Loves a good hilot after a long week.',
  'Always hunting for the best foot spa in the metro.',
  'Deep tissue and hot stone fan.',
  'Looking for quiet spas for weekend dates.',
  'Needs a sports massage after every fun run.',
  'Prefers spas with a sauna and free parking.',
  'Ventosa convert since last year.',
];

const RATING_COLUMNS = ['ambience_rating', 'amenities_rating', 'booking_rating', 'selection_rating'];

const SPA_PRAISE = [
  'Such a relaxing visit from start to finish.',
  'One of the best spas in the metro, hands down.',
  'Went here after a crazy week at work and left a new person.',
  'Clean rooms, friendly staff and a really skilled therapist.',
  'My go-to spa whenever my back acts up.',
];
const SPA_MIXED = [
  'Decent massage, but we waited 30 minutes past our booking.',
  'The therapist was good, though the room was a bit noisy from the street.',
  'Nice place, slightly pricey for what you get.',
  'Good hilot, but the aircon was too cold for me.',
];
const AMENITY_LINES: ((amenity: string) => string)[] = [
  (amenity) => `The ${amenity} was a nice bonus.`,
  (amenity) => `Loved the ${amenity}.`,
  (amenity) => `Do not skip the ${amenity}.`,
];
const SPA_CLOSERS_GOOD = ['Will definitely be back.', 'Sulit for the price!', 'Highly recommended for couples.'];
const SPA_CLOSERS_MIXED = ['Might give it another try.', 'Book ahead on weekends.'];

const THERAPIST_LINES: ((name: string, specialty: string) => string)[] = [
  (name, specialty) => `${name} really knows ${specialty}.`,
  (name, specialty) => `Booked ${name} for ${specialty} and it was worth every peso.`,
  (name) => `${name} came on time for the home service and was very professional.`,
  (name) => `${name} has magic hands.`,
];
const THERAPIST_CLOSERS = [
  'Perfect pressure, never rushed.',
  'My stiff neck is finally gone.',
  'Will book again next payday.',
  'Highly recommended!',
  'Salamat po!',
];

const CLIENT_NOTES_GOOD = [
  'Polite, punctual and easy to talk to.',
  'A regular we are always happy to see.',
  'Respectful guest who follows the house rules.',
  'Booked ahead and paid right away.',
];
const CLIENT_NOTES_BAD = [
  'Arrived 40 minutes late and still demanded the full session.',
  'Cancelled at the last minute twice this month.',
  'Was rude to our front desk staff.',
];
const CLIENT_CLOSERS_GOOD = ['Welcome back anytime!', 'Thank you for choosing us.'];
const CLIENT_CLOSERS_BAD = ['Please respect our therapists’ time.', 'A deposit is now required for future bookings.'];

const STAR_REASONS = [
  'Spotless rooms and a warm welcome',
  'Best foot spa in the area',
  'Easy booking over Viber',
  'Great value for the price',
  'Lovely ambience',
];
const FLOWER_REASONS = ['Magic hands!', 'Perfect pressure', 'Best hilot I have had', 'Fixed my stiff neck', 'Salamat po!'];
const MEDAL_REASONS = ['Loyal regular', 'Always on time', 'Respectful and kind', 'Referred friends', 'Books in advance'];
const RED_FLAGS: [reason: string, description: string][] = [
  ['No-show', 'Booked a two-hour package and never arrived.'],
  ['No-show', 'Did not show up and stopped answering messages.'],
  ['Late cancellation', 'Cancelled ten minutes before the appointment.'],
  ['Inappropriate behaviour', 'Made inappropriate requests to the therapist.'],
  ['Inappropriate behaviour', 'Was rude and shouted at the front desk staff.'],
  ['Payment issue', 'Claimed to have paid by GCash, but no transfer came through.'],
];

/** One account per role to print at start-up: the first entry of each table. */
export const DEMO_ACCOUNTS: { role: Role; name: string }[] = [
  { role: 'admin', name: ADMIN_NAME },
  { role: 'client', name: CLIENT_NAMES[0]! },
  { role: 'therapist', name: THERAPIST_NAMES[0]! },
  { role: 'spa_management', name: SPAS[0]!.name },
];

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

type Row = Record<string, InValue>;

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
  const membership = (i: number) => (i % 5 === 2 ? { premium_until: now + random.int(30, 330) * DAY } : { premium_until: null });
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
      const metrics = { profile_view: count(views), popup_open: count(views * 1.4), call_tap: count(views * 0.08), navigate_tap: count(views * 0.15) };
      for (const [metric, value] of Object.entries(metrics)) if (value > 0) rows.push({ spa_id: spa.number, day, metric, count: value });
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
    return { spa_id: therapist.homeSpa.number, therapist_id: therapist.number, state: 'accepted', created_at: invitedAt, responded_at: invitedAt + 5 * 3_600_000 };
  });
  const demoTherapist = therapists[0]!;
  const invitingSpa = demoTherapist.homeSpa === spas[0] ? spas[1]! : spas[0]!;
  return [...accepted, { spa_id: invitingSpa.number, therapist_id: demoTherapist.number, state: 'invited', created_at: now - 2 * DAY, responded_at: null }];
}

const EXTRA_LIST_NAMES = ['Date night', 'Near the office', 'Weekend treats', 'For my parents'];

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
    lists.push({ id, user_id: client.number, name, name_key: name.toLowerCase(), is_default: isDefault ? 1 : 0, created_at: createdAt });
    for (const target of targets)
      items.push({ list_id: id, target_user_id: target.number, created_at: Math.max(createdAt, timeAfter(random, now, client, target)) });
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
function buildDemoData(now: number, passwordHash: string): Record<string, Row[]> {
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
    reviews: buildReviews(random, now, community),
    ...buildRecognitions(random, now, community, demo),
    ...buildFavorites(random, now, community),
    spa_daily_counts: buildAnalytics(random, now, community),
    lineup_links: buildLineup(now, community),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Writing

/** Rows carry member numbers in these columns; the database ids are looked up inside the same batch. */
const USER_ID = '(SELECT id FROM users WHERE member_number = ?)';
const LOOKUPS: Record<string, string> = {
  owner_user_id: USER_ID,
  reviewer_id: USER_ID,
  target_user_id: USER_ID,
  giver_id: USER_ID,
  recipient_id: USER_ID,
  user_id: USER_ID,
  spa_id: `(SELECT id FROM spas WHERE owner_user_id = ${USER_ID})`,
};
/** Where a table's column names a member rather than the usual row. */
const TABLE_LOOKUPS: Record<string, Record<string, string>> = {
  spa_daily_counts: { spa_id: USER_ID },
  lineup_links: { spa_id: USER_ID, therapist_id: USER_ID },
};

/** SQLite's most conservative bound on parameters per statement. */
const MAX_PARAMETERS = 999;

function insertStatements(table: string, rows: Row[]): InStatement[] {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const lookups = { ...LOOKUPS, ...TABLE_LOOKUPS[table] };
  const tuple = `(${columns.map((column) => lookups[column] ?? '?').join(', ')})`;
  const perStatement = Math.floor(MAX_PARAMETERS / columns.length);
  const statements: InStatement[] = [];
  for (let start = 0; start < rows.length; start += perStatement) {
    const chunk = rows.slice(start, start + perStatement);
    statements.push({
      sql: `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${chunk.map(() => tuple).join(', ')}`,
      args: chunk.flatMap((row) => columns.map((column) => row[column] ?? null)),
    });
  }
  return statements;
}

async function hasUsers(client: Client): Promise<boolean> {
  return (await client.execute('SELECT 1 FROM users LIMIT 1')).rows.length > 0;
}

/** Loads the demo data into a database without users (first start); otherwise changes nothing. */
export async function seedDemoData(client: Client, options: { now?: Date } = {}): Promise<{ seeded: boolean }> {
  if (await hasUsers(client)) return { seeded: false };
  const data = buildDemoData((options.now ?? new Date()).getTime(), await hashPassword(DEMO_PASSWORD));
  const statements = Object.entries(data).flatMap(([table, rows]) => insertStatements(table, rows));
  try {
    await client.batch(statements, 'write');
  } catch (error) {
    // Another process seeded the empty database first: its batch won, ours rolled back on the unique names.
    if (await hasUsers(client)) return { seeded: false };
    throw error;
  }
  return { seeded: true };
}
