// Writes the data the Worker reads from its static assets (worker/providers/static-data.ts) into the web build:
// Hunspell's en_US dictionary from `dictionary-en`, as the package ships it, and the common passwords from
// zxcvbn-ts, one per line. `vite build` runs it through the plugin below; the packages stay the only source.
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { commonPasswordList } from '../db/common-passwords.ts';
import { STATIC_DATA } from '../worker/providers/static-data.ts';

/** The package's two files (its `exports` name only its fs entry point, so they are read by their path). */
const DICTIONARY = new URL('../node_modules/dictionary-en/', import.meta.url);

/** The data files by their path in the static assets. */
export function workerDataFiles(): Record<string, string> {
  return {
    [STATIC_DATA.dictionaryAffix]: readFileSync(new URL('index.aff', DICTIONARY), 'utf8'),
    [STATIC_DATA.dictionaryWords]: readFileSync(new URL('index.dic', DICTIONARY), 'utf8'),
    [STATIC_DATA.commonPasswords]: commonPasswordList().join('\n'),
  };
}

export function workerDataPlugin(): Plugin {
  return {
    name: 'worker-data',
    apply: 'build',
    generateBundle() {
      for (const [path, source] of Object.entries(workerDataFiles()))
        this.emitFile({ type: 'asset', fileName: path.slice(1), source });
    },
  };
}
