// Data the Worker reads from its own static assets instead of carrying it in its bundle: the built-in editor's
// Hunspell dictionary (ADR 021) and the most common passwords, which registration and password reset refuse. The
// web build writes them (scripts/worker-data.ts). Each is read once per isolate, on first use, through the ASSETS
// binding, so neither weighs on the Worker's size nor its start-up (ADR 026).
import { commonPasswordSet } from '../../db/password.ts';

export const STATIC_DATA = {
  dictionaryAffix: '/data/en_US.aff',
  dictionaryWords: '/data/en_US.dic',
  commonPasswords: '/data/common-passwords.txt',
} as const;

const texts = new Map<string, Promise<string>>();

/** A data file of the static assets as text, read once per isolate (a failed read is tried again next time). */
export function staticText(assets: Fetcher, path: string): Promise<string> {
  let text = texts.get(path);
  if (!text) {
    text = (async () => {
      const response = await assets.fetch(new Request(`https://assets.local${path}`));
      if (!response.ok)
        throw new Error(`${path} is not in the static assets (HTTP ${response.status}); run the web build first`);
      return response.text();
    })();
    text.catch(() => texts.delete(path));
    texts.set(path, text);
  }
  return text;
}

let common: Promise<ReadonlySet<string>> | undefined;

/** The common passwords, one per line in the assets, as a set. */
export function commonPasswords(assets: Fetcher): Promise<ReadonlySet<string>> {
  common ??= staticText(assets, STATIC_DATA.commonPasswords).then((text) => commonPasswordSet(text.split('\n')));
  common.catch(() => (common = undefined));
  return common;
}
