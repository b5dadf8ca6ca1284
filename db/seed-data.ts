// The demo community's fixed material: the spas of Metro Manila with their hours and amenities, the names of
// the members, and the phrases their reviews, notes and recognitions are made of. The generator
// (seed-generator.ts) only draws from these tables, so changing the demo data means changing them here.
import type { Role } from '../common/roles.ts';

/** The one password of every demo account. */
export const DEMO_PASSWORD = 'spa-demo-2026';

const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
type Day = (typeof DAYS)[number];
type Interval = [open: string, close: string];

/** Opening hours JSON in Asia/Manila local time; a closed day is an empty list. */
function week(weekday: Interval[], weekend: Interval[] = weekday, closed: Day[] = []): string {
  const hours = (day: Day) => (closed.includes(day) ? [] : day === 'sat' || day === 'sun' ? weekend : weekday);
  return JSON.stringify(Object.fromEntries(DAYS.map((day) => [day, hours(day)])));
}

export const HOURS = {
  daily: week([['10:00', '22:00']]),
  allDay: week([['00:00', '24:00']]),
  mall: week([['10:00', '21:00']], [['10:00', '22:00']]),
  closedMonday: week([['11:00', '23:00']], [['11:00', '23:00']], ['mon']),
  lunchBreak: week(
    [
      ['09:00', '12:00'],
      ['13:00', '21:00'],
    ],
    [['09:00', '18:00']],
    ['sun'],
  ),
  lateNight: week([['14:00', '24:00']]),
};

export interface SpaListing {
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

export const SPAS: SpaListing[] = [
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
export const AREAS: [name: string, latitude: number, longitude: number][] = [
  ['Poblacion, Makati City', 14.565, 121.031],
  ['Fort Bonifacio, Taguig', 14.548, 121.047],
  ['Kapitolyo, Pasig City', 14.572, 121.06],
  ['Cubao, Quezon City', 14.619, 121.053],
  ['Sampaloc, Manila', 14.608, 120.995],
  ['Highway Hills, Mandaluyong City', 14.578, 121.053],
  ['BF Homes, Parañaque City', 14.453, 121.023],
  ['Concepcion Uno, Marikina City', 14.642, 121.098],
];

export const ADMIN_NAME = 'Tala Admin';

export const THERAPIST_NAMES = [
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

export const SPECIALTIES = [
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

export const CLIENT_NAMES = [
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
export const PROBLEM_CLIENT_INDEXES = [2, 10, 18, 27];
export const BANNED_CLIENT_INDEX = 18;

export const CLIENT_INTROS = [
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

export const CLIENT_LIKES = [
  'Loves a good hilot after a long week.',
  'Always hunting for the best foot spa in the metro.',
  'Deep tissue and hot stone fan.',
  'Looking for quiet spas for weekend dates.',
  'Needs a sports massage after every fun run.',
  'Prefers spas with a sauna and free parking.',
  'Ventosa convert since last year.',
];

export const RATING_COLUMNS = ['ambience_rating', 'amenities_rating', 'booking_rating', 'selection_rating'];

export const SPA_PRAISE = [
  'Such a relaxing visit from start to finish.',
  'One of the best spas in the metro, hands down.',
  'Went here after a crazy week at work and left a new person.',
  'Clean rooms, friendly staff and a really skilled therapist.',
  'My go-to spa whenever my back acts up.',
];
export const SPA_MIXED = [
  'Decent massage, but we waited 30 minutes past our booking.',
  'The therapist was good, though the room was a bit noisy from the street.',
  'Nice place, slightly pricey for what you get.',
  'Good hilot, but the aircon was too cold for me.',
];
export const AMENITY_LINES: ((amenity: string) => string)[] = [
  (amenity) => `The ${amenity} was a nice bonus.`,
  (amenity) => `Loved the ${amenity}.`,
  (amenity) => `Do not skip the ${amenity}.`,
];
export const SPA_CLOSERS_GOOD = ['Will definitely be back.', 'Sulit for the price!', 'Highly recommended for couples.'];
export const SPA_CLOSERS_MIXED = ['Might give it another try.', 'Book ahead on weekends.'];

export const THERAPIST_LINES: ((name: string, specialty: string) => string)[] = [
  (name, specialty) => `${name} really knows ${specialty}.`,
  (name, specialty) => `Booked ${name} for ${specialty} and it was worth every peso.`,
  (name) => `${name} came on time for the home service and was very professional.`,
  (name) => `${name} has magic hands.`,
];
export const THERAPIST_CLOSERS = [
  'Perfect pressure, never rushed.',
  'My stiff neck is finally gone.',
  'Will book again next payday.',
  'Highly recommended!',
  'Salamat po!',
];

export const CLIENT_NOTES_GOOD = [
  'Polite, punctual and easy to talk to.',
  'A regular we are always happy to see.',
  'Respectful guest who follows the house rules.',
  'Booked ahead and paid right away.',
];
export const CLIENT_NOTES_BAD = [
  'Arrived 40 minutes late and still demanded the full session.',
  'Cancelled at the last minute twice this month.',
  'Was rude to our front desk staff.',
];
export const CLIENT_CLOSERS_GOOD = ['Welcome back anytime!', 'Thank you for choosing us.'];
export const CLIENT_CLOSERS_BAD = [
  'Please respect our therapists’ time.',
  'A deposit is now required for future bookings.',
];

export const STAR_REASONS = [
  'Spotless rooms and a warm welcome',
  'Best foot spa in the area',
  'Easy booking over Viber',
  'Great value for the price',
  'Lovely ambience',
];
export const FLOWER_REASONS = [
  'Magic hands!',
  'Perfect pressure',
  'Best hilot I have had',
  'Fixed my stiff neck',
  'Salamat po!',
];
export const MEDAL_REASONS = [
  'Loyal regular',
  'Always on time',
  'Respectful and kind',
  'Referred friends',
  'Books in advance',
];
export const RED_FLAGS: [reason: string, description: string][] = [
  ['No-show', 'Booked a two-hour package and never arrived.'],
  ['No-show', 'Did not show up and stopped answering messages.'],
  ['Late cancellation', 'Cancelled ten minutes before the appointment.'],
  ['Inappropriate behaviour', 'Made inappropriate requests to the therapist.'],
  ['Inappropriate behaviour', 'Was rude and shouted at the front desk staff.'],
  ['Payment issue', 'Claimed to have paid by GCash, but no transfer came through.'],
];

export const EXTRA_LIST_NAMES = ['Date night', 'Near the office', 'Weekend treats', 'For my parents'];

/** One account per role to print at start-up: the first entry of each table. */
export const DEMO_ACCOUNTS: { role: Role; name: string }[] = [
  { role: 'admin', name: ADMIN_NAME },
  { role: 'client', name: CLIENT_NAMES[0]! },
  { role: 'therapist', name: THERAPIST_NAMES[0]! },
  { role: 'spa_management', name: SPAS[0]!.name },
];
