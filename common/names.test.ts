// Look-alike names: every example of the attack is refused or collides with the real name.
import { describe, expect, it } from 'vitest';
import { nameSkeleton } from './name-skeleton.ts';
import { hasAllowedNameCharacters, nameKey, normalizeName } from './names.ts';

describe('member names', () => {
  const real = 'Tala Admin';

  it('refuses control, format and separator characters', () => {
    for (const name of [
      'Tala\u200b Admin',
      'Tala\nAdmin',
      'Tala\u0000Admin',
      '\u202eTala Admin',
      'Tala\u2066 Admin',
      'Tala\ufeffAdmin',
      'Tala\u2028Admin',
      'Tala\tAdmin',
      'Z\u0301\u0302\u0303algo',
      'Tala\u2800Admin',
      'Tala Admin\u3164',
      'Tala Admin\u115f',
      'Tala Admin\uffa0',
      'Tala \u1160Admin',
      'Tala\u034fAdmin',
    ])
      expect(hasAllowedNameCharacters(name), JSON.stringify(name)).toBe(false);
    for (const name of [real, 'Peña Spa', "Ma. Luisa O'Brien-Santos", 'José Rizal 2', '李小龍', 'Café'])
      expect(hasAllowedNameCharacters(name), name).toBe(true);
  });

  it('stores the NFKC form with single spaces', () => {
    expect(normalizeName('Ｔala   Admin ')).toBe('Tala Admin');
    expect(normalizeName('Tala\u00a0Admin')).toBe('Tala Admin');
  });

  it('gives look-alikes the same skeleton as the real name, and different names different ones', () => {
    for (const lookAlike of [
      'Tаla Admin' /* Cyrillic а */,
      'Ｔala Admin',
      'TaIa Admin',
      'taIa admin',
      'tala admin',
      'Tala Adrnin',
      'Tala  Admin',
    ])
      expect(nameSkeleton(lookAlike), lookAlike).toBe(nameSkeleton(real));
    // Case variants are the other key's job.
    expect(nameSkeleton('Tala Admins')).not.toBe(nameSkeleton(real));
    expect(nameSkeleton('Juan dela Cruz')).not.toBe(nameSkeleton('Juan de la Cruz'));
    expect(nameKey('TALA ADMIN')).toBe(nameKey(real));
  });
});
