// What an edit changed, in words a member reads at a glance (AI Assist's "Fixed: …" line): the words replaced
// ("massge → massage", "i → I", "pasig → Pasig"), how many sentences gained their capital, how many places had
// their spacing or punctuation mended, and whether the sentences were put in another order. It compares the
// member's text with the suggestion token by token (words and punctuation marks, whitespace aside), so it
// describes any provider's answer, the built-in editor's or a model's, the same way.
import type { AiAssistChange } from '../../common/ai-assist.ts';

interface Token {
  text: string;
  word: boolean;
  /** Whitespace before the token in its text. */
  spaceBefore: boolean;
  /** The token starts a sentence (first of the text, or after . ! ? or a line break). */
  sentenceStart: boolean;
}

const TOKEN = /[\p{L}\p{N}][\p{L}\p{M}\p{N}'’]*(?:-[\p{L}\p{N}][\p{L}\p{M}\p{N}'’]*)*|[^\s\p{L}\p{N}]/gu;

function tokensOf(text: string): Token[] {
  const tokens: Token[] = [];
  let previousEnd = 0;
  let startsSentence = true;
  for (const match of text.matchAll(TOKEN)) {
    const gap = text.slice(previousEnd, match.index);
    const word = /^[\p{L}\p{N}]/u.test(match[0]);
    if (gap.includes('\n')) startsSentence = true;
    tokens.push({ text: match[0], word, spaceBefore: gap.length > 0, sentenceStart: word && startsSentence });
    if (word) startsSentence = false;
    else if (/[.!?]/.test(match[0])) startsSentence = true;
    previousEnd = match.index + match[0].length;
  }
  return tokens;
}

/** The same text once every run of whitespace is one space: line breaks and doubled spaces are not changes. */
export function sameWording(a: string, b: string): boolean {
  const flat = (text: string) => text.replace(/\s+/g, ' ').trim();
  return flat(a) === flat(b);
}

/** Pairs of indexes of equal tokens, in order (a longest common subsequence, after the common ends). */
function alignment(a: Token[], b: Token[]): [number, number][] {
  let start = 0;
  while (start < a.length && start < b.length && a[start]!.text === b[start]!.text) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1]!.text === b[endB - 1]!.text) {
    endA--;
    endB--;
  }
  const pairs: [number, number][] = [];
  for (let i = 0; i < start; i++) pairs.push([i, i]);
  const n = endA - start;
  const m = endB - start;
  // Lengths of the longest common subsequences of the suffixes, one row per token of `a`.
  const table = new Uint32Array((n + 1) * (m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      table[i * (m + 1) + j] =
        a[start + i]!.text === b[start + j]!.text
          ? table[(i + 1) * (m + 1) + j + 1]! + 1
          : Math.max(table[(i + 1) * (m + 1) + j]!, table[i * (m + 1) + j + 1]!);
    }
  }
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[start + i]!.text === b[start + j]!.text) {
      pairs.push([start + i, start + j]);
      i++;
      j++;
    } else if (table[(i + 1) * (m + 1) + j]! >= table[i * (m + 1) + j + 1]!) i++;
    else j++;
  }
  for (let k = 0; k < a.length - endA; k++) pairs.push([endA + k, endB + k]);
  return pairs;
}

/** At most this many replaced words are listed; the rest are counted. */
export const CHANGES_LISTED_MAX = 40;

/** The changes from `original` to `revised`, word by word. */
export function describeChanges(original: string, revised: string): AiAssistChange[] {
  const a = tokensOf(original);
  const b = tokensOf(revised);
  const pairs = alignment(a, b);
  const words = new Map<string, { from: string; to: string; times: number }>();
  let capitals = 0;
  let punctuation = 0;

  /** A sentence's first word that only gained its capital ("our" → "Our"): counted, not listed. */
  const capitalOnly = (from: string, to: Token) =>
    to.sentenceStart &&
    from !== 'i' &&
    from[0] !== to.text[0] &&
    from[0]!.toUpperCase() === to.text[0] &&
    from.slice(1) === to.text.slice(1);
  /** One word (or words) replaced by another. */
  const replaced = (from: string, to: string) => {
    if (from === to) return;
    const key = `${from}\u0000${to}`;
    const known = words.get(key);
    if (known) known.times++;
    else words.set(key, { from, to, times: 1 });
  };

  /** A run of tokens that differ: words paired one to one when their counts match, punctuation counted. */
  const run = (fromTokens: Token[], toTokens: Token[]) => {
    if (fromTokens.length === 0 && toTokens.length === 0) return;
    const fromWords = fromTokens.filter((token) => token.word);
    const toWords = toTokens.filter((token) => token.word);
    const marks = (tokens: Token[]) =>
      tokens
        .filter((token) => !token.word)
        .map((token) => token.text)
        .join('');
    if (marks(fromTokens) !== marks(toTokens)) punctuation++;
    const text = (tokens: Token[]) => tokens.map((token) => token.text).join(' ');
    if (fromWords.length !== toWords.length) return replaced(text(fromWords), text(toWords));
    // Word for word; neighbouring words changed together are one change ("quezon city" → "Quezon City").
    let group: [Token, Token][] = [];
    const flush = () => {
      if (group.length > 0) replaced(text(group.map(([from]) => from)), text(group.map(([, to]) => to)));
      group = [];
    };
    fromWords.forEach((from, k) => {
      const to = toWords[k]!;
      if (from.text === to.text) return flush();
      if (capitalOnly(from.text, to)) {
        flush();
        capitals++;
        return;
      }
      group.push([from, to]);
    });
    flush();
  };

  let i = 0;
  let j = 0;
  for (const [ai, bj] of [...pairs, [a.length, b.length] as [number, number]]) {
    run(a.slice(i, ai), b.slice(j, bj));
    if (ai < a.length && bj < b.length && !a[ai]!.word && a[ai]!.spaceBefore !== b[bj]!.spaceBefore && bj > 0)
      punctuation++;
    // A space added after punctuation ("viber.we" → "viber. we") shows on the token that follows it.
    if (
      ai < a.length &&
      bj < b.length &&
      a[ai]!.word &&
      ai > 0 &&
      !a[ai - 1]!.word &&
      a[ai]!.spaceBefore !== b[bj]!.spaceBefore
    )
      punctuation++;
    i = ai + 1;
    j = bj + 1;
  }

  const changes: AiAssistChange[] = [...words.values()]
    .slice(0, CHANGES_LISTED_MAX)
    .map(({ from, to, times }) => ({ kind: 'word', from, to, times }));
  if (words.size > CHANGES_LISTED_MAX) changes.push({ kind: 'more-words', count: words.size - CHANGES_LISTED_MAX });
  if (capitals > 0) changes.push({ kind: 'capitals', count: capitals });
  if (punctuation > 0) changes.push({ kind: 'punctuation', count: punctuation });
  return changes;
}
