// The shared pure modules: slugs, Manila calendar days, and the registration schema's order of checks.
import { describe, expect, it } from 'vitest';
import { MESSAGES, registerInput } from './account.ts';
import { slugify } from './slug.ts';
import { manilaDay } from './time.ts';

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

describe('manilaDay', () => {
  it('counts days in Asia/Manila (UTC+8), not UTC', () => {
    expect(manilaDay(Date.parse('2026-03-01T15:59:59Z'))).toBe('2026-03-01');
    expect(manilaDay(Date.parse('2026-03-01T16:00:00Z'))).toBe('2026-03-02');
  });
});

describe('registerInput', () => {
  const valid = { name: 'Ana', ageConfirmation: true, recaptchaToken: 'token', role: 'client', password: 'long-enough-pw' };
  const firstMessage = (input: unknown) => {
    const result = registerInput.safeParse(input);
    return result.success ? null : result.error.issues[0]?.message;
  };

  it("reports the spec's checks in order: name, age, captcha", () => {
    expect(firstMessage({})).toBe(MESSAGES.nameRequired);
    expect(firstMessage({ name: '  ' })).toBe(MESSAGES.nameRequired);
    expect(firstMessage({ name: 'Ana', ageConfirmation: false })).toBe(MESSAGES.ageRequired);
    expect(firstMessage({ name: 'Ana', ageConfirmation: true })).toBe(MESSAGES.captchaRequired);
    expect(firstMessage(valid)).toBeNull();
  });

  it('trims the name and refuses admin as a role', () => {
    expect(registerInput.parse({ ...valid, name: '  Ana  ' }).name).toBe('Ana');
    expect(firstMessage({ ...valid, role: 'admin' })).toBe(MESSAGES.roleInvalid);
  });
});
