// The gazetteer's places as the built-in editor (ai-editor.ts) reads them to give a place its capitals ("pasig" →
// "Pasig", "quezon city" → "Quezon City"): an index by first word, built once per list of places, which leaves out
// the towns whose names are also English or Filipino words, and the small towns that could be read as words.
import { ACCEPTED_WORDS } from './ai-editor-words.ts';
import { isKnown, type Speller } from './spell-check.ts';

/** A place of the gazetteer, for its capitals: its name and how many people live there. */
export interface PlaceName {
  name: string;
  population: number;
}

/** Single-word places and the first words of longer ones, by their plain first word. */
export interface PlaceIndex {
  single: Map<string, string>;
  /** Plain first word → names of several words, as word lists, longest first. */
  phrases: Map<string, { plainWords: string[]; words: string[] }[]>;
}

/** Lower case without diacritics ("Parañaque" → "paranaque"), as the gazetteer compares names. */
export function withoutDiacritics(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** A single-word town as small as this could as well be a word of Filipino; longer names are safe from 10,000. */
const SINGLE_WORD_PLACE_MIN_POPULATION = 50_000;
const PHRASE_PLACE_MIN_POPULATION = 10_000;

const placeIndexes = new WeakMap<readonly PlaceName[], PlaceIndex>();

export function placeIndex(places: readonly PlaceName[], speller: Speller): PlaceIndex {
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
