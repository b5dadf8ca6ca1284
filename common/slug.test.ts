// Slugs: the readable part of a profile's address.
import { describe, expect, it } from 'vitest';
import { slugify } from './slug.ts';

describe('slugify', () => {
  it('makes lower-case ASCII words joined by hyphens', () => {
    expect(slugify('Makati Serenity Spa')).toBe('makati-serenity-spa');
    expect(slugify('  Parañaque  Hilot & Ventosa!! ')).toBe('paranaque-hilot-ventosa');
    expect(slugify('???')).toBe('member');
    expect(slugify('a'.repeat(80)).length).toBeLessThanOrEqual(48);
    // What a client sends for a lost slug never names a member.
    expect(slugify('Undefined')).toBe('undefined-member');
    expect(slugify('NULL')).toBe('null-member');
  });
});
