// The built-in editor's word corrections (ai-editor.ts): spelling against the dictionary and the word lists, "I"
// for "i", and proper nouns and places with their capitals. Addresses, handles and tags are never touched, and a
// sentence mostly in another language (Tagalog, Taglish) keeps its words: only the listed misspellings, "I" and
// the names are mended there. Spacing and punctuation are the other steps' (ai-editor-punctuation.ts).
import { withoutDiacritics, type PlaceIndex } from './ai-editor-places.ts';
import { ACCEPTED_WORDS, FILIPINO_WORDS, MISSPELLINGS, PROPER_NOUNS } from './ai-editor-words.ts';
import { correctionFor, isKnown, type Speller } from './spell-check.ts';

const SPELLING_FIXES = new Map<string, string>(Object.entries(MISSPELLINGS));
const NAME_CAPITALS = new Map<string, string>(Object.entries(PROPER_NOUNS));

/** "i", "i'm", "i've", "i'll", "i'd" → "I", "I'm", … */
const FIRST_PERSON = /^i(?:['’](?:m|ve|ll|d))?$/;

function matchCase(original: string, replacement: string): string {
  // Names and "I'm" keep their own capitals.
  if (/[A-Z]/.test(replacement)) return replacement;
  if (original === original.toUpperCase() && original.length > 1) return replacement.toUpperCase();
  if (original[0] === original[0]!.toUpperCase()) return replacement[0]!.toUpperCase() + replacement.slice(1);
  return replacement;
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
export function correctWords(text: string, speller: Speller, places: PlaceIndex | null): string {
  const protectedRanges = [...text.matchAll(UNTOUCHABLE)].map(
    (match) => [match.index, match.index + match[0].length] as const,
  );
  const words: WordAt[] = [...text.matchAll(WORD)]
    .filter((match) => !protectedRanges.some(([from, to]) => match.index >= from && match.index < to))
    .map((match) => ({ word: match[0], start: match.index, end: match.index + match[0].length }));
  const accepted = new Set(ACCEPTED_WORDS);
  const known = (word: string) =>
    accepted.has(word) ||
    NAME_CAPITALS.has(word) ||
    SPELLING_FIXES.has(word) ||
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
    const fromWordLists =
      SPELLING_FIXES.get(lower) ?? NAME_CAPITALS.get(lower) ?? places?.single.get(withoutDiacritics(lower));
    if (fromWordLists) return fromWordLists;
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
        SPELLING_FIXES.get(lower) ??
        NAME_CAPITALS.get(lower) ??
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
      const lowerFix =
        SPELLING_FIXES.get(lower) ?? (known(lower) || speller.correct(word) ? null : correctLower(lower));
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
