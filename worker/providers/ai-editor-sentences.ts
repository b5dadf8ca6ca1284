// Sentences as the built-in editor (ai-editor.ts) sees them: where a tidied text's sentences end (a full stop after
// an initial or an abbreviation does not end one), a capital at the start of each and a full stop where a paragraph
// stops mid-sentence, and a suggestion cut to its length limit at a sentence's end.

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

/** Capitals at the start of every sentence, and a full stop where a paragraph ends mid-sentence. */
export function capitaliseSentences(text: string): string {
  return text
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
