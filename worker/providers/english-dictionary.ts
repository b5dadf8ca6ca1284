// The built-in editor's English dictionary (ADR 021): Hunspell's en_US word list and affix rules from the
// `dictionary-en` package, read by `nspell`. The web build copies its two files into the static assets
// (scripts/worker-data.ts), and the Worker reads them through the ASSETS binding on the first AI Assist call of an
// isolate, then builds nspell's tables once (about 0.15 s of CPU): 540 KiB the Worker's bundle need not carry.
import nspell from 'nspell';
import type { Speller } from './spell-check.ts';
import { STATIC_DATA, staticText } from './static-data.ts';

/** The en_US speller from the dictionary's two files, with the words the trade and the community use added. */
export function buildEnglishSpeller(affix: string, words: string, accepted: Iterable<string>): Speller {
  const speller = nspell(affix, words);
  for (const word of accepted) speller.add(word);
  return speller;
}

let speller: Promise<Speller> | undefined;

/** The isolate's en_US speller, built from the static assets on first use. */
export function loadEnglishSpeller(assets: Fetcher, accepted: Iterable<string>): Promise<Speller> {
  speller ??= Promise.all([
    staticText(assets, STATIC_DATA.dictionaryAffix),
    staticText(assets, STATIC_DATA.dictionaryWords),
  ]).then(([affix, words]) => buildEnglishSpeller(affix, words, accepted));
  speller.catch(() => (speller = undefined));
  return speller;
}
