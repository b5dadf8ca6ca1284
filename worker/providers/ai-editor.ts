// The built-in editor: AI Assist's embedded default, which works offline and with no keys. It improves the
// member's own text and never adds a fact. It corrects spelling against a real English dictionary (Hunspell's
// en_US through nspell, spell-check.ts; British spellings stand), knows the trade's own words (hilot, ventosa)
// and everyday Filipino words as words, writes proper nouns with their capitals (languages, days, months, apps
// and the Philippine places of the gazetteer: "pasig" → "Pasig", "quezon city" → "Quezon City"), writes "I" for
// "i", mends the spacing around punctuation, starts every sentence with a capital and drops doubled small words.
// It corrects and never rearranges: the member's sentences and paragraphs stay in the order they were written. A
// sentence that is mostly in another language (Tagalog, Taglish) keeps its words: only its capitals and spacing
// are mended. Every sentence of the result is one of the member's own, corrected, where it was; when nothing
// would change it says so (ADR 021).
import type { AiAssistChange } from '../../common/ai-assist.ts';
import { correctionFor, isKnown, type Speller } from './spell-check.ts';
import { describeChanges, sameWording } from './text-changes.ts';

export type AssistKind = 'profile' | 'review';

/**
 * Misspellings (lower case) whose correction the dictionary would not find on its own or would get wrong: words
 * run together ("alot"), apostrophes left out ("dont", "im"), slips two letters away ("realy" is "relay" to a
 * speller), and the trade's own words. They are corrected before the dictionary is asked.
 */
const SPELLING = new Map<string, string>(
  Object.entries({
    abit: 'a bit',
    accomodate: 'accommodate',
    accomodation: 'accommodation',
    acheive: 'achieve',
    acupresure: 'acupressure',
    adress: 'address',
    alot: 'a lot',
    apointment: 'appointment',
    appoinment: 'appointment',
    appointmnet: 'appointment',
    aromatheraphy: 'aromatherapy',
    atmosphare: 'atmosphere',
    availabe: 'available',
    availble: 'available',
    beatiful: 'beautiful',
    beautifull: 'beautiful',
    becuase: 'because',
    begining: 'beginning',
    beleive: 'believe',
    buisness: 'business',
    cant: "can't",
    certifed: 'certified',
    cleaness: 'cleanliness',
    cleanless: 'cleanliness',
    cleint: 'client',
    cleints: 'clients',
    comfortible: 'comfortable',
    couldnt: "couldn't",
    definately: 'definitely',
    definitly: 'definitely',
    didnt: "didn't",
    doesnt: "doesn't",
    dont: "don't",
    enviroment: 'environment',
    excelent: 'excellent',
    excellant: 'excellent',
    experiance: 'experience',
    experince: 'experience',
    expirience: 'experience',
    facilites: 'facilities',
    finaly: 'finally',
    freindly: 'friendly',
    frendly: 'friendly',
    goverment: 'government',
    guarentee: 'guarantee',
    happend: 'happened',
    hte: 'the',
    im: "I'm",
    isnt: "isn't",
    ive: "I've",
    massge: 'massage',
    masage: 'massage',
    massuer: 'masseur',
    neccessary: 'necessary',
    occassion: 'occasion',
    occured: 'occurred',
    pleasent: 'pleasant',
    prefered: 'preferred',
    proffesional: 'professional',
    profesional: 'professional',
    professinal: 'professional',
    realy: 'really',
    reccomend: 'recommend',
    reccommend: 'recommend',
    recomend: 'recommend',
    recieve: 'receive',
    recieved: 'received',
    relaxng: 'relaxing',
    relaxin: 'relaxing',
    resonable: 'reasonable',
    seperate: 'separate',
    servise: 'service',
    sevice: 'service',
    sevices: 'services',
    speciality: 'specialty',
    succesful: 'successful',
    teh: 'the',
    thats: "that's",
    theraphist: 'therapist',
    theraphy: 'therapy',
    therapst: 'therapist',
    therapsit: 'therapist',
    theres: "there's",
    tommorow: 'tomorrow',
    tomorow: 'tomorrow',
    truely: 'truly',
    untill: 'until',
    wasnt: "wasn't",
    wich: 'which',
    wierdly: 'weirdly',
    wierd: 'weird',
    wont: "won't",
    wouldnt: "wouldn't",
    welcom: 'welcome',
  }),
);

/**
 * Everyday Filipino words of Taglish reviews ("sulit", "po"), which a speller would otherwise "correct" into
 * English ("sunlit", "Po"). Two of those that are not also English words mark a sentence as Filipino.
 */
export const FILIPINO_WORDS: readonly string[] = [
  'ang',
  'ng',
  'mga',
  'sa',
  'si',
  'ni',
  'kay',
  'na',
  'pa',
  'po',
  'opo',
  'ho',
  'oo',
  'hindi',
  'ako',
  'ko',
  'ikaw',
  'ka',
  'mo',
  'siya',
  'niya',
  'kami',
  'namin',
  'tayo',
  'natin',
  'kayo',
  'ninyo',
  'nyo',
  'sila',
  'nila',
  'ito',
  'iyan',
  'yan',
  'iyon',
  'yun',
  'yung',
  'dito',
  'diyan',
  'dyan',
  'doon',
  'dun',
  'naman',
  'lang',
  'lamang',
  'din',
  'rin',
  'daw',
  'raw',
  'ba',
  'pala',
  'talaga',
  'sobra',
  'sobrang',
  'sulit',
  'ganda',
  'maganda',
  'mabait',
  'magaling',
  'galing',
  'masarap',
  'sarap',
  'malinis',
  'linis',
  'mura',
  'mahal',
  'salamat',
  'maraming',
  'babalik',
  'balik',
  'ulit',
  'kasi',
  'pero',
  'tapos',
  'para',
  'pag',
  'kung',
  'kapag',
  'medyo',
  'grabe',
  'sana',
  'ngayon',
  'bukas',
  'kahapon',
  'lahat',
  'wala',
  'walang',
  'meron',
  'mayroon',
  'may',
  'bago',
  'santol',
  'ayos',
  'astig',
  'nakakarelax',
  'relaks',
  'pagod',
  'masakit',
  'sakit',
  'likod',
  'katawan',
  'hilutan',
  'masahe',
  'masahista',
];

/** Words the dictionary does not list that are right as they are: the trade's own, Philippine English, Filipino. */
export const ACCEPTED_WORDS: readonly string[] = [
  // The trade.
  'hilot',
  'manghihilot',
  'ventosa',
  'bentosa',
  'dagdagay',
  'lomi',
  'lomilomi',
  'shiatsu',
  'reflexology',
  'ambience',
  'aromatherapy',
  'masseuse',
  'masseur',
  'masseurs',
  'masseuses',
  'jacuzzi',
  'tui',
  'ayurvedic',
  'abhyanga',
  'gua',
  'sha',
  'guasha',
  'cupping',
  'prenatal',
  'postnatal',
  'reflexologist',
  'reflexologists',
  'aromatherapist',
  'aromatherapists',
  'facials',
  'spas',
  'nuru',
  'onsen',
  'hammam',
  'bodyscrub',
  'footspa',
  'homeservice',
  // Philippine English and the internet.
  'aircon',
  'aircons',
  'airconditioned',
  'wifi',
  'ok',
  'okey',
  'online',
  'gcash',
  'barangay',
  'brgy',
  'jeepney',
  'jeepneys',
  'tricycle',
  'condo',
  'condos',
  'promo',
  'promos',
  'sari',
  'kalye',
  'pasalubong',
  'merienda',
  'calamansi',
  'salabat',
  'lola',
  'lolo',
  'tita',
  'tito',
  'ate',
  'kuya',
  'manong',
  'manang',
  "ma'am",
  'maam',
  ...FILIPINO_WORDS,
];

/** Proper nouns people type in lower case (lower case → as written). Places come from the gazetteer too. */
const NAMES = new Map<string, string>(
  Object.entries({
    // Languages and peoples.
    english: 'English',
    filipino: 'Filipino',
    filipina: 'Filipina',
    filipinos: 'Filipinos',
    pinoy: 'Pinoy',
    pinay: 'Pinay',
    tagalog: 'Tagalog',
    taglish: 'Taglish',
    cebuano: 'Cebuano',
    bisaya: 'Bisaya',
    visayan: 'Visayan',
    ilocano: 'Ilocano',
    ilonggo: 'Ilonggo',
    hiligaynon: 'Hiligaynon',
    kapampangan: 'Kapampangan',
    bicolano: 'Bicolano',
    waray: 'Waray',
    chinese: 'Chinese',
    japanese: 'Japanese',
    korean: 'Korean',
    thai: 'Thai',
    swedish: 'Swedish',
    balinese: 'Balinese',
    indonesian: 'Indonesian',
    malaysian: 'Malaysian',
    indian: 'Indian',
    hawaiian: 'Hawaiian',
    american: 'American',
    british: 'British',
    european: 'European',
    spanish: 'Spanish',
    french: 'French',
    italian: 'Italian',
    german: 'German',
    russian: 'Russian',
    arabic: 'Arabic',
    turkish: 'Turkish',
    // Days, months (not "may", "march" or "august", which are words too) and holidays.
    monday: 'Monday',
    tuesday: 'Tuesday',
    wednesday: 'Wednesday',
    thursday: 'Thursday',
    friday: 'Friday',
    saturday: 'Saturday',
    sunday: 'Sunday',
    mondays: 'Mondays',
    tuesdays: 'Tuesdays',
    wednesdays: 'Wednesdays',
    thursdays: 'Thursdays',
    fridays: 'Fridays',
    saturdays: 'Saturdays',
    sundays: 'Sundays',
    january: 'January',
    february: 'February',
    april: 'April',
    june: 'June',
    july: 'July',
    september: 'September',
    october: 'October',
    november: 'November',
    december: 'December',
    christmas: 'Christmas',
    easter: 'Easter',
    // Apps and services.
    facebook: 'Facebook',
    gcash: 'GCash',
    google: 'Google',
    instagram: 'Instagram',
    telegram: 'Telegram',
    tiktok: 'TikTok',
    viber: 'Viber',
    whatsapp: 'WhatsApp',
    youtube: 'YouTube',
    waze: 'Waze',
    paymaya: 'PayMaya',
    // Places a member names that the gazetteer lists under a longer name, or not at all.
    philippines: 'Philippines',
    luzon: 'Luzon',
    visayas: 'Visayas',
    mindanao: 'Mindanao',
    bgc: 'BGC',
    edsa: 'EDSA',
    ortigas: 'Ortigas',
    alabang: 'Alabang',
    boracay: 'Boracay',
    palawan: 'Palawan',
    siargao: 'Siargao',
    bohol: 'Bohol',
    ermita: 'Ermita',
    malate: 'Malate',
    binondo: 'Binondo',
    cubao: 'Cubao',
    eastwood: 'Eastwood',
    rockwell: 'Rockwell',
    greenhills: 'Greenhills',
    poblacion: 'Poblacion',
    tagaytay: 'Tagaytay',
    manila: 'Manila',
    makati: 'Makati',
    quezon: 'Quezon',
    pasig: 'Pasig',
    taguig: 'Taguig',
    pasay: 'Pasay',
    marikina: 'Marikina',
    mandaluyong: 'Mandaluyong',
    muntinlupa: 'Muntinlupa',
    cebu: 'Cebu',
    davao: 'Davao',
  }),
);

/** Small words that are never meant twice in a row ("the the"). */
const DOUBLED = new Set([
  'a',
  'an',
  'and',
  'are',
  'for',
  'i',
  'in',
  'is',
  'it',
  'my',
  'of',
  'our',
  'the',
  'to',
  'was',
  'we',
  'with',
  'you',
]);

/** "i", "i'm", "i've", "i'll", "i'd" → "I", "I'm", … */
const FIRST_PERSON = /^i(?:['’](?:m|ve|ll|d))?$/;

function matchCase(original: string, replacement: string): string {
  // Names and "I'm" keep their own capitals.
  if (/[A-Z]/.test(replacement)) return replacement;
  if (original === original.toUpperCase() && original.length > 1) return replacement.toUpperCase();
  if (original[0] === original[0]!.toUpperCase()) return replacement[0]!.toUpperCase() + replacement.slice(1);
  return replacement;
}

/** Lower case without diacritics ("Parañaque" → "paranaque"), as the gazetteer compares names. */
function withoutDiacritics(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** A place of the gazetteer, for its capitals: its name and how many people live there. */
export interface PlaceName {
  name: string;
  population: number;
}

/** Single-word places and the first words of longer ones, by their plain first word. */
interface PlaceIndex {
  single: Map<string, string>;
  /** Plain first word → names of several words, as word lists, longest first. */
  phrases: Map<string, { plainWords: string[]; words: string[] }[]>;
}

/** A single-word town as small as this could as well be a word of Filipino; longer names are safe from 10,000. */
const SINGLE_WORD_PLACE_MIN_POPULATION = 50_000;
const PHRASE_PLACE_MIN_POPULATION = 10_000;

const placeIndexes = new WeakMap<readonly PlaceName[], PlaceIndex>();

function placeIndex(places: readonly PlaceName[], speller: Speller): PlaceIndex {
  const cached = placeIndexes.get(places);
  if (cached) return cached;
  const accepted = new Set(ACCEPTED_WORDS);
  const index: PlaceIndex = { single: new Map(), phrases: new Map() };
  const addSingle = (word: string) => {
    const key = withoutDiacritics(word);
    // A place that is also an English or Filipino word ("Bay", "Bago") keeps the member's case.
    if (key.length < 4 || accepted.has(key) || isKnown(key, speller) || index.single.has(key)) return;
    index.single.set(key, word);
  };
  for (const place of places) {
    const words = place.name.split(/\s+/).filter(Boolean);
    if (words.length === 1) {
      if (place.population >= SINGLE_WORD_PLACE_MIN_POPULATION) addSingle(words[0]!);
      continue;
    }
    if (place.population < PHRASE_PLACE_MIN_POPULATION) continue;
    // "Makati City" is "Makati" too.
    if (words.length === 2 && words[1] === 'City' && place.population >= SINGLE_WORD_PLACE_MIN_POPULATION)
      addSingle(words[0]!);
    const plainWords = words.map(withoutDiacritics);
    if (plainWords.every((word) => isKnown(word, speller))) continue;
    const list = index.phrases.get(plainWords[0]!) ?? [];
    list.push({ plainWords, words });
    list.sort((a, b) => b.words.length - a.words.length);
    index.phrases.set(plainWords[0]!, list);
  }
  placeIndexes.set(places, index);
  return index;
}

/** What the editor consults: the dictionary and, when the gazetteer could be read, the places. */
export interface EditorTools {
  speller: Speller;
  places?: readonly PlaceName[];
}

/** Web and mail addresses, handles and tags: their words are never touched. */
const UNTOUCHABLE =
  /\S+@\S+|https?:\/\/\S+|www\.\S+|[@#][\p{L}\p{N}_.]+|\b[\p{L}\p{N}-]+\.(?:com|ph|net|org|io|co|gov|edu|me|app|info|biz)\b\S*/giu;

/** A word: letters with inner apostrophes and hyphens, not glued to digits ("10am" is not a word here). */
const WORD = /(?<![\p{L}\p{N}'’])\p{L}[\p{L}\p{M}'’]*(?:-\p{L}[\p{L}\p{M}'’]*)*(?![\p{N}])/gu;

/** Above this share of unknown words a sentence is in another language, and its words are left alone. */
const FOREIGN_SHARE = 0.5;

let filipinoMarkerSet: Set<string> | undefined;
/** The Filipino words that are not English words too ("ng", "sulit"; not "may" or "pa"). */
function filipinoMarkers(speller: Speller): Set<string> {
  filipinoMarkerSet ??= new Set(FILIPINO_WORDS.filter((word) => !speller.correct(word)));
  return filipinoMarkerSet;
}

interface WordAt {
  word: string;
  start: number;
  end: number;
}

/** Words the dictionary should judge: lower case, at least 4 letters (shorter slips are too ambiguous to fix). */
function checkable(word: string): boolean {
  return word.length >= 4 && word === word.toLowerCase() && !/['’]/.test(word);
}

/** The corrected spelling and names of the words of a text; spacing and punctuation are left to tidyText. */
function correctWords(text: string, speller: Speller, places: PlaceIndex | null): string {
  const protectedRanges = [...text.matchAll(UNTOUCHABLE)].map(
    (match) => [match.index, match.index + match[0].length] as const,
  );
  const words: WordAt[] = [...text.matchAll(WORD)]
    .filter((match) => !protectedRanges.some(([from, to]) => match.index >= from && match.index < to))
    .map((match) => ({ word: match[0], start: match.index, end: match.index + match[0].length }));
  const accepted = new Set(ACCEPTED_WORDS);
  const known = (word: string) =>
    accepted.has(word) ||
    NAMES.has(word) ||
    SPELLING.has(word) ||
    isKnown(word, speller) ||
    Boolean(places?.single.has(withoutDiacritics(word)));
  const replacements = new Map<number, string>();

  // Places of several words ("quezon city", "las pinas", "general santos"), written in lower case.
  if (places) {
    for (let i = 0; i < words.length; i++) {
      const options = places.phrases.get(withoutDiacritics(words[i]!.word));
      if (!options) continue;
      for (const option of options) {
        const run = words.slice(i, i + option.words.length);
        if (run.length < option.words.length) continue;
        const joinedBySpaces = run.every(
          (word, k) => k === 0 || /^[ -]$/.test(text.slice(run[k - 1]!.end, word.start)),
        );
        if (
          !joinedBySpaces ||
          !run.every(
            (word, k) => withoutDiacritics(word.word) === option.plainWords[k] && word.word === word.word.toLowerCase(),
          )
        )
          continue;
        run.forEach((word, k) => replacements.set(word.start, option.words[k]!));
        i += run.length - 1;
        break;
      }
    }
  }

  // Sentences (roughly: up to . ! ? or a line break) in Filipino or mostly not English keep their words: two
  // Filipino words that are not English too ("sulit", "ng", "dito"), or more than half of the words unknown.
  const foreignFrom = new Set<number>();
  const filipino = filipinoMarkers(speller);
  let sentence: WordAt[] = [];
  const closeSentence = () => {
    const markers = sentence.filter((entry) => filipino.has(entry.word.toLowerCase())).length;
    const judged = sentence.filter((entry) => checkable(entry.word) && !replacements.has(entry.start));
    const unknown = judged.filter(
      (entry) => !known(entry.word) && !entry.word.split('-').every((part) => part.length < 2 || known(part)),
    );
    if (markers >= 2 || (unknown.length >= 3 && unknown.length / judged.length > FOREIGN_SHARE))
      for (const entry of sentence) foreignFrom.add(entry.start);
    sentence = [];
  };
  let previousEnd = 0;
  for (const entry of words) {
    if (/[.!?\n]/.test(text.slice(previousEnd, entry.start))) closeSentence();
    sentence.push(entry);
    previousEnd = entry.end;
  }
  closeSentence();

  /** The word opens a sentence: only spaces, quotes or brackets stand between it and . ! ? a line or the start. */
  const startsSentence = (entry: WordAt) => {
    let i = entry.start - 1;
    while (i >= 0 && /[ \t"'(“‘]/.test(text[i]!)) i--;
    return i < 0 || /[.!?\n]/.test(text[i]!);
  };
  const correctLower = (lower: string): string | null => {
    const listed = SPELLING.get(lower) ?? NAMES.get(lower) ?? places?.single.get(withoutDiacritics(lower));
    if (listed) return listed;
    if (FIRST_PERSON.test(lower)) return 'I' + lower.slice(1);
    if (!checkable(lower) || known(lower)) return null;
    const parts = lower.split('-');
    if (parts.length > 1) {
      const fixed = parts.map((part) =>
        part.length < 4 || known(part) ? part : (correctionFor(part, speller) ?? part),
      );
      return fixed.join('-') === lower ? null : fixed.join('-');
    }
    return correctionFor(lower, speller);
  };

  for (const entry of words) {
    if (replacements.has(entry.start)) continue;
    const { word } = entry;
    const lower = word.toLowerCase();
    const foreign = foreignFrom.has(entry.start);
    let fixed: string | null = null;
    if (word === lower) {
      // Listed words, "i" and names apply in every sentence; the dictionary only in English ones.
      fixed =
        SPELLING.get(lower) ??
        NAMES.get(lower) ??
        places?.single.get(withoutDiacritics(lower)) ??
        (FIRST_PERSON.test(lower) ? 'I' + lower.slice(1) : null);
      if (!fixed && !foreign) fixed = correctLower(lower);
      if (fixed) fixed = matchCase(word, fixed);
    } else if (
      word[0] === word[0]!.toUpperCase() &&
      word.slice(1) === word.slice(1).toLowerCase() &&
      startsSentence(entry) &&
      !foreign
    ) {
      // "Massge was great." A capitalised word inside a sentence is a name, and stays as written.
      const lowerFix = SPELLING.get(lower) ?? (known(lower) || speller.correct(word) ? null : correctLower(lower));
      if (lowerFix) fixed = matchCase(word, lowerFix);
    }
    if (fixed && fixed !== word) replacements.set(entry.start, fixed);
  }

  let result = '';
  let cursor = 0;
  for (const entry of words) {
    const replacement = replacements.get(entry.start);
    if (replacement === undefined) continue;
    result += text.slice(cursor, entry.start) + replacement;
    cursor = entry.end;
  }
  return result + text.slice(cursor);
}

/** Spelling, names, spacing, capitals and punctuation; the words and their order stay the member's. */
export function tidyText(text: string, tools: EditorTools): string {
  const { speller } = tools;
  const places = tools.places ? placeIndex(tools.places, speller) : null;
  let result = text
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t\u00a0]+/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

  result = correctWords(result, speller, places);
  result = result.replace(/\b([A-Za-z]+)(\s+)\1\b/gi, (whole, word: string) =>
    DOUBLED.has(word.toLowerCase()) ? word : whole,
  );

  // Punctuation: no space before it, one space after it, no runs of it (an ellipsis stays). A full stop
  // between two words is a missing space unless it is a web address (example.com, spa.ph).
  result = result
    .replace(/\s+([,.;:!?])/g, '$1')
    .replace(/([!?])[!?]+/g, '$1')
    .replace(/,{2,}/g, ',')
    .replace(/(?<!\.)\.\.(?!\.)/g, '.')
    .replace(/([,;!?])(?=[A-Za-z])/g, '$1 ')
    .replace(/([a-z]{2,})\.([A-Za-z]+)(?![./@\w])/g, (whole, before: string, after: string) =>
      WEB_ENDINGS.test(after) ? whole : `${before}. ${after}`,
    );

  // Capitals at the start of every sentence, and a full stop where a paragraph ends mid-sentence.
  return result
    .split('\n')
    .map((paragraph) => {
      const sentences = sentencesOf(paragraph).map((sentence) =>
        sentence.replace(/^([^A-Za-z]*)([a-z])/, (_w, lead: string, letter: string) => lead + letter.toUpperCase()),
      );
      const joined = sentences.join(' ');
      return /[A-Za-z0-9)]$/.test(joined) ? `${joined}.` : joined;
    })
    .join('\n');
}

/** Endings of web addresses, whose full stop is not a missing space. */
const WEB_ENDINGS = /^(?:com|ph|net|org|io|co|gov|edu|me|app|info|biz|html?)$/i;

/** Words whose full stop does not end a sentence: initials and common abbreviations (St., Ave., e.g.). */
const ABBREVIATION = /(?:^|[\s(.])(?:[A-Za-z]|e\.g|i\.e|etc|vs|approx|St|Ave|Blvd|Rd|Brgy|Cor|Mr|Mrs|Ms|Dr|Sr|Jr)$/i;

/** Sentences of a tidied text: a sentence ends with . ! or ? before a space or the end of its paragraph. */
export function sentencesOf(text: string): string[] {
  return text.split(/\n+/).flatMap((paragraph) => {
    const sentences: string[] = [];
    let start = 0;
    for (const match of paragraph.matchAll(/[.!?]+["')\]]*(?=\s|$)/g)) {
      const end = match.index + match[0].length;
      const atEnd = end >= paragraph.length;
      if (!atEnd && match[0].startsWith('.') && ABBREVIATION.test(paragraph.slice(start, match.index))) continue;
      sentences.push(paragraph.slice(start, end).trim());
      start = end;
    }
    const rest = paragraph.slice(start).trim();
    if (rest) sentences.push(rest);
    return sentences.filter(Boolean);
  });
}

/** Cuts a text to at most `max` characters at a sentence end (or a word end when a sentence is longer). */
export function capLength(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const sentenceEnd = Math.max(
    cut.lastIndexOf('. '),
    cut.lastIndexOf('! '),
    cut.lastIndexOf('? '),
    cut.lastIndexOf('\n'),
  );
  if (sentenceEnd > max / 2) return cut.slice(0, sentenceEnd + 1).trim();
  const wordEnd = cut.lastIndexOf(' ');
  return `${cut.slice(0, wordEnd > 0 ? wordEnd : max).trim()}…`;
}

/** The built-in editor's answer: its suggestions, what the first one changes, or that nothing needs to. */
export interface EditResult {
  suggestions: string[];
  changes: AiAssistChange[];
  unchanged: boolean;
}

/**
 * The edit of a text: the tidied text, its sentences where the member put them. Never more words than the member
 * wrote. When the wording would not change (line breaks and doubled spaces aside), there is no suggestion and
 * `unchanged` says so.
 */
export function editWithChanges(text: string, maxLength: number, tools: EditorTools): EditResult {
  const tidied = tidyText(text, tools);
  if (sameWording(tidied, text)) return { suggestions: [], changes: [], unchanged: true };
  return { suggestions: [capLength(tidied, maxLength)], changes: describeChanges(text, tidied), unchanged: false };
}

/** The suggestions alone (see editWithChanges); none when the text needs no change. */
export function editText(text: string, maxLength: number, tools: EditorTools): string[] {
  return editWithChanges(text, maxLength, tools).suggestions;
}
