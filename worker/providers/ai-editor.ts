// The built-in editor: AI Assist's embedded default, which works offline and with no keys. It improves the
// member's own text and never adds a fact: it fixes the spelling of common words, spacing, capitals and
// punctuation, drops doubled words, and orders the sentences into a clearer structure for the kind of text
// (a spa's, a therapist's or a client's about text, or a review), one paragraph per topic. Every sentence of
// the result is one of the member's own, corrected.
import type { Role } from '../../common/roles.ts';

export type AssistKind = 'profile' | 'review';

/** Common misspellings (lower case) and their corrections, including the trade's own words. */
const SPELLING = new Map<string, string>(Object.entries({
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
  wierd: 'weird',
  wont: "won't",
  wouldnt: "wouldn't",
  welcom: 'welcome',
  // Names people type in lower case: apps, places, massage styles.
  bgc: 'BGC',
  cebu: 'Cebu',
  davao: 'Davao',
  facebook: 'Facebook',
  gcash: 'GCash',
  instagram: 'Instagram',
  makati: 'Makati',
  mandaluyong: 'Mandaluyong',
  manila: 'Manila',
  marikina: 'Marikina',
  muntinlupa: 'Muntinlupa',
  ortigas: 'Ortigas',
  pasay: 'Pasay',
  pasig: 'Pasig',
  quezon: 'Quezon',
  swedish: 'Swedish',
  taguig: 'Taguig',
  telegram: 'Telegram',
  thai: 'Thai',
  tiktok: 'TikTok',
  viber: 'Viber',
  whatsapp: 'WhatsApp',
}));

/** Small words that are never meant twice in a row ("the the"). */
const DOUBLED = new Set(['a', 'an', 'and', 'are', 'for', 'i', 'in', 'is', 'it', 'my', 'of', 'our', 'the', 'to', 'was', 'we', 'with', 'you']);

function matchCase(original: string, replacement: string): string {
  // Names and "I'm" keep their own capitals.
  if (/[A-Z]/.test(replacement)) return replacement;
  if (original === original.toUpperCase() && original.length > 1) return replacement.toUpperCase();
  if (original[0] === original[0]!.toUpperCase()) return replacement[0]!.toUpperCase() + replacement.slice(1);
  return replacement;
}

/** Spelling, spacing, capitals and punctuation; the words and their order stay the member's. */
export function tidyText(text: string): string {
  let result = text
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t\u00a0]+/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

  // Words: common misspellings, a lone "i", doubled small words.
  result = result.replace(/[A-Za-z]+/g, (word) => {
    const fixed = SPELLING.get(word.toLowerCase());
    if (fixed) return matchCase(word, fixed);
    return word === 'i' ? 'I' : word;
  });
  result = result.replace(/\b([A-Za-z]+)(\s+)\1\b/gi, (whole, word: string) => (DOUBLED.has(word.toLowerCase()) ? word : whole));

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
      const sentences = sentencesOf(paragraph).map((sentence) => sentence.replace(/^([^A-Za-z]*)([a-z])/, (_w, lead: string, letter: string) => lead + letter.toUpperCase()));
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

interface Topic {
  name: string;
  words: RegExp;
}

const SERVICES = /massage|hilot|ventosa|shiatsu|reflexology|swedish|thai|deep tissue|hot stone|scrub|facial|aromatherapy|treatment|package|sauna|jacuzzi|steam|foot spa|body|prenatal|sports|signature|offer/i;
const BOOKING = /book|appointment|reserv|walk-in|walk in|call|text|message|viber|whatsapp|messenger|price|rate|peso|₱|php|promo|discount|gcash|pay/i;
const WHERE_WHEN = /open|hours|daily|24\/7|24 hours|weekday|weekend|monday|tuesday|wednesday|thursday|friday|saturday|sunday|located|location|street|st\.|ave|avenue|city|near|parking|floor|mall|home service|based|area|around|available/i;
const TEAM = /therapist|staff|team|masseur|masseuse|licensed|certified|trained|years|experience|manghihilot/i;

/** The topics of each kind of text, in the order a reader looks for them; unmatched sentences open the text. */
function topicsFor(kind: AssistKind, role: Role | undefined): Topic[] {
  if (kind === 'review') {
    return [
      { name: 'people', words: /therapist|staff|masseur|masseuse|receptionist|front desk|hands|pressure|friendly|rude|professional|polite/i },
      { name: 'place', words: /ambien|clean|room|place|music|aircon|noisy|quiet|sauna|jacuzzi|steam|shower|amenit|towel|smell/i },
      { name: 'value', words: BOOKING },
      { name: 'verdict', words: /recommend|again|back|return|worth|sulit|overall|definitely|never/i },
    ];
  }
  if (role === 'spa_management') {
    return [
      { name: 'services', words: SERVICES },
      { name: 'team', words: TEAM },
      { name: 'where and when', words: WHERE_WHEN },
      { name: 'booking', words: BOOKING },
    ];
  }
  if (role === 'therapist') {
    return [
      { name: 'experience', words: /licensed|certified|trained|years|experience|school|tesda|course/i },
      { name: 'services', words: SERVICES },
      { name: 'where and when', words: WHERE_WHEN },
      { name: 'booking', words: BOOKING },
    ];
  }
  return [
    { name: 'likes', words: /love|like|enjoy|favou?rite|prefer|fan|looking for|hunting|always|usually/i },
    { name: 'booking', words: BOOKING },
  ];
}

/**
 * The member's sentences grouped by topic, one paragraph each, in the order a reader looks for them; sentences
 * of no topic (a welcome, an introduction) open the text. Within a topic the member's order stays.
 */
export function structureText(sentences: string[], kind: AssistKind, role: Role | undefined): string {
  const topics = topicsFor(kind, role);
  const groups = new Map<string, string[]>([['opening', []], ...topics.map((topic) => [topic.name, []] as [string, string[]])]);
  for (const sentence of sentences) {
    const topic = topics.find((candidate) => candidate.words.test(sentence));
    groups.get(topic?.name ?? 'opening')!.push(sentence);
  }
  return [...groups.values()]
    .filter((group) => group.length > 0)
    .map((group) => group.join(' '))
    .join('\n\n');
}

/** Cuts a text to at most `max` characters at a sentence end (or a word end when a sentence is longer). */
export function capLength(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const sentenceEnd = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('! '), cut.lastIndexOf('? '), cut.lastIndexOf('\n'));
  if (sentenceEnd > max / 2) return cut.slice(0, sentenceEnd + 1).trim();
  const wordEnd = cut.lastIndexOf(' ');
  return `${cut.slice(0, wordEnd > 0 ? wordEnd : max).trim()}…`;
}

/**
 * Suggestions for a text: first the tidied text in a clearer structure (the one the screens apply), then the
 * tidied text in the member's own order when that differs. Never more words than the member wrote.
 */
export function editText(text: string, kind: AssistKind, role: Role | undefined, maxLength: number): string[] {
  const tidied = tidyText(text);
  const structured = structureText(sentencesOf(tidied), kind, role);
  const suggestions = [structured, tidied].map((suggestion) => capLength(suggestion, maxLength));
  return [...new Set(suggestions)].filter(Boolean);
}
