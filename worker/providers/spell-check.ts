// Spelling for the built-in editor (ai-editor.ts): is a word English, and if not, which one word did the member
// mean? The dictionary is Hunspell's en_US (the `dictionary-en` package, read by `nspell`; english-dictionary.ts
// loads it). nspell's own suggest() tries every edit at distance two when distance one finds nothing, which
// takes up to a second of CPU for one foreign word ("salamat"), so the candidates are made here and nspell only
// says which are words: every edit at distance one (a missing, extra, swapped or wrong letter) and the doubled-
// letter slips at distance two ("reccomend", "tommorow"). The likeliest kind of slip wins; when two different
// words are equally likely the word is left as the member wrote it (the editor never guesses).
export interface Speller {
  /** Whether the dictionary knows the word as written (case matters: "japanese" is not a word, "Japanese" is). */
  correct(word: string): boolean;
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const VOWELS = new Set('aeiouy');

/** Neighbouring keys on a QWERTY keyboard: a wrong letter next to the right one is the likelier slip. */
const ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'];
function neighbours(a: string, b: string): boolean {
  for (const [r, row] of ROWS.entries()) {
    const i = row.indexOf(a);
    if (i < 0) continue;
    for (let dr = -1; dr <= 1; dr++) {
      const other = ROWS[r + dr];
      if (!other) continue;
      const j = other.indexOf(b);
      if (j >= 0 && Math.abs(j - i) <= 1 && !(dr === 0 && j === i)) return true;
    }
  }
  return false;
}

/**
 * British spellings the en_US dictionary does not list: accepted when the American form is a word ("favourite",
 * "centre", "organised", "travelled"). The member's English is theirs to choose.
 */
export function isBritishVariant(word: string, speller: Speller): boolean {
  const american = [
    word.replace(/our(s|ed|ing|ite|ites|able)?$/, 'or$1'),
    word.replace(/our/, 'or'),
    word.replace(/tre(s|d)?$/, 'ter$1'),
    word.replace(/is(e|es|ed|ing|ation|ations)$/, 'iz$1'),
    word.replace(/ys(e|es|ed|ing)$/, 'yz$1'),
    word.replace(/([aeiou])ll(ed|ing|er|ers)$/, '$1l$2'),
    word.replace(/ogue$/, 'og'),
    word.replace(/ence$/, 'ense'),
  ];
  return american.some((form) => form !== word && speller.correct(form));
}

/** Whether a lower-case word is English as written, in either spelling. */
export function isKnown(word: string, speller: Speller): boolean {
  return speller.correct(word) || isBritishVariant(word, speller);
}

interface Candidate {
  word: string;
  /** Lower is likelier. */
  rank: number;
}

/**
 * How likely each kind of slip is, from the most to the least: a swapped pair ("recieve"), a letter typed once
 * that is doubled ("staf", "acomodate"), a letter doubled by mistake ("untill", "helpfull"), a missing letter
 * ("massge", "clen"), a wrong letter next to the right key or a vowel for a vowel ("definately"), another wrong letter,
 * an extra letter ("therapistt" is a doubling), then two doubling slips together ("reccomend").
 */
const RANK = {
  swap: 1,
  doubleMissing: 2,
  doubledByMistake: 3,
  missing: 4,
  nearLetter: 5,
  wrongLetter: 6,
  extra: 7,
  twoDoubling: 8,
} as const;

/** Doubling slips of a word at distance one: a letter doubled that should not be, or one that should be. */
function doublingEdits(word: string): { word: string; kind: 'doubledByMistake' | 'doubleMissing' }[] {
  const edits: { word: string; kind: 'doubledByMistake' | 'doubleMissing' }[] = [];
  for (let i = 0; i < word.length; i++) {
    if (word[i] === word[i + 1]) edits.push({ word: word.slice(0, i) + word.slice(i + 1), kind: 'doubledByMistake' });
    else if (word[i] !== word[i - 1]) edits.push({ word: word.slice(0, i + 1) + word.slice(i), kind: 'doubleMissing' });
  }
  return edits;
}

function candidates(word: string, speller: Speller): Candidate[] {
  const found = new Map<string, number>();
  const consider = (candidate: string, rank: number) => {
    if (candidate.length < 2 || candidate === word) return;
    const known = found.get(candidate);
    if (known !== undefined && known <= rank) return;
    if (!speller.correct(candidate)) return;
    found.set(candidate, rank);
  };
  for (let i = 0; i < word.length - 1; i++) {
    if (word[i] !== word[i + 1]) consider(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2), RANK.swap);
  }
  for (const edit of doublingEdits(word)) consider(edit.word, RANK[edit.kind]);
  for (let i = 0; i <= word.length; i++) {
    for (const letter of LETTERS) consider(word.slice(0, i) + letter + word.slice(i), RANK.missing);
  }
  for (let i = 0; i < word.length; i++) {
    const typed = word[i]!;
    for (const letter of LETTERS) {
      if (letter === typed) continue;
      const near = neighbours(typed, letter) || (VOWELS.has(typed) && VOWELS.has(letter));
      consider(word.slice(0, i) + letter + word.slice(i + 1), near ? RANK.nearLetter : RANK.wrongLetter);
    }
    consider(word.slice(0, i) + word.slice(i + 1), RANK.extra);
  }
  if (found.size === 0) {
    for (const first of doublingEdits(word)) {
      for (const second of doublingEdits(first.word)) consider(second.word, RANK.twoDoubling);
    }
  }
  return [...found].map(([candidate, rank]) => ({ word: candidate, rank }));
}

/**
 * The word the member meant, for a lower-case word the dictionary does not know: a proper noun's capitals
 * ("japanese" → "Japanese"), else the one likeliest correction. Null when there is none, or when two different
 * words are equally likely ("wierd": weird or wired).
 */
export function correctionFor(word: string, speller: Speller): string | null {
  const capitalised = word[0]!.toUpperCase() + word.slice(1);
  if (speller.correct(capitalised)) return capitalised;
  const found = candidates(word, speller);
  if (found.length === 0) return null;
  const best = Math.min(...found.map((candidate) => candidate.rank));
  const likeliest = found.filter((candidate) => candidate.rank === best);
  return likeliest.length === 1 ? likeliest[0]!.word : null;
}
