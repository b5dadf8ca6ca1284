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
//
// This module is the editor's entry: it runs the steps in order (whitespace, words, doubled words, punctuation,
// sentences) and tells what changed. The word lists are ai-editor-words.ts; the words' corrections
// ai-editor-spelling.ts, with the gazetteer's places from ai-editor-places.ts; the text between the words
// ai-editor-punctuation.ts; the sentences ai-editor-sentences.ts.
import type { AiAssistChange } from '../../common/ai-assist.ts';
import { placeIndex, type PlaceName } from './ai-editor-places.ts';
import { dropDoubledWords, mendPunctuation, tidyWhitespace } from './ai-editor-punctuation.ts';
import { capLength, capitaliseSentences } from './ai-editor-sentences.ts';
import { correctWords } from './ai-editor-spelling.ts';
import type { Speller } from './spell-check.ts';
import { describeChanges, sameWording } from './text-changes.ts';

export { ACCEPTED_WORDS } from './ai-editor-words.ts';
export { capLength, sentencesOf } from './ai-editor-sentences.ts';

export type AssistKind = 'profile' | 'review';

/** What the editor consults: the dictionary and, when the gazetteer could be read, the places. */
export interface EditorTools {
  speller: Speller;
  places?: readonly PlaceName[];
}

/** Spelling, names, spacing, capitals and punctuation; the words and their order stay the member's. */
export function tidyText(text: string, tools: EditorTools): string {
  const { speller } = tools;
  const places = tools.places ? placeIndex(tools.places, speller) : null;
  const corrected = correctWords(tidyWhitespace(text), speller, places);
  return capitaliseSentences(mendPunctuation(dropDoubledWords(corrected)));
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
