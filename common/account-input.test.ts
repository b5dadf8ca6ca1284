// The registration schema's order of checks.
import { describe, expect, it } from 'vitest';
import { MESSAGES } from './account.ts';
import { registerInput } from './account-input.ts';

describe('registerInput', () => {
  const valid = {
    name: 'Ana',
    ageConfirmation: true,
    recaptchaToken: 'token',
    role: 'client',
    password: 'long-enough-pw',
  };
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
