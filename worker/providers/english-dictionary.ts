// The built-in editor's English dictionary (ADR 021): Hunspell's en_US word list and affix rules from the
// `dictionary-en` package, read by `nspell`. The package's own entry point reads its files with node:fs, which a
// Worker has not, so its two files are imported as text modules (wrangler.toml [[rules]], type "Text"; wrangler
// bundles them into the Worker and the Workers vitest integration loads them through the same rules). nspell
// builds its tables once per isolate, on the first AI Assist call that needs them (about 0.15 s of CPU).
import nspell from 'nspell';
import affix from '../../node_modules/dictionary-en/index.aff';
import words from '../../node_modules/dictionary-en/index.dic';
import type { Speller } from './spell-check.ts';

let speller: Speller | undefined;

/** The en_US speller, with the words the trade and the community use added as known words. */
export function englishSpeller(accepted: Iterable<string>): Speller {
  if (!speller) {
    const built = nspell(affix, words);
    for (const word of accepted) built.add(word);
    speller = built;
  }
  return speller;
}
