// The built-in editor's rules for the text between the words (ai-editor.ts): whitespace and line breaks, doubled
// small words ("the the") and the spacing around punctuation. They never change a word, only what stands between
// the words.
import { NEVER_DOUBLED } from './ai-editor-words.ts';

const DOUBLED = new Set(NEVER_DOUBLED);

/** Endings of web addresses, whose full stop is not a missing space. */
const WEB_ENDINGS = /^(?:com|ph|net|org|io|co|gov|edu|me|app|info|biz|html?)$/i;

/** One space between words, no spaces at the ends of a line, at most one empty line between paragraphs. */
export function tidyWhitespace(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t\u00a0]+/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A small word written twice in a row ("the the") once. */
export function dropDoubledWords(text: string): string {
  return text.replace(/\b([A-Za-z]+)(\s+)\1\b/gi, (whole, word: string) =>
    DOUBLED.has(word.toLowerCase()) ? word : whole,
  );
}

/**
 * Punctuation: no space before it, one space after it, no runs of it (an ellipsis stays). A full stop between two
 * words is a missing space unless it is a web address (example.com, spa.ph).
 */
export function mendPunctuation(text: string): string {
  return text
    .replace(/\s+([,.;:!?])/g, '$1')
    .replace(/([!?])[!?]+/g, '$1')
    .replace(/,{2,}/g, ',')
    .replace(/(?<!\.)\.\.(?!\.)/g, '.')
    .replace(/([,;!?])(?=[A-Za-z])/g, '$1 ')
    .replace(/([a-z]{2,})\.([A-Za-z]+)(?![./@\w])/g, (whole, before: string, after: string) =>
      WEB_ENDINGS.test(after) ? whole : `${before}. ${after}`,
    );
}
