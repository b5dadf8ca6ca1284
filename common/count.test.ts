// formatCount must write what Intl's en-US number format writes for a whole number.
import { describe, expect, it } from 'vitest';
import { formatCount } from './count.ts';

describe('formatCount', () => {
  it("agrees with Intl's en-US format for whole numbers from zero to beyond a billion, negative and positive", () => {
    const values = [
      0,
      1,
      9,
      10,
      99,
      100,
      999,
      1000,
      1001,
      9999,
      10000,
      99999,
      100000,
      999999,
      1000000,
      1234567890,
      Number.MAX_SAFE_INTEGER,
    ];
    let seed = 11;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let i = 0; i < 2000; i++) values.push(Math.floor(random() * 10 ** Math.ceil(random() * 12)));
    for (const value of values) {
      expect(formatCount(value)).toBe(value.toLocaleString('en-US'));
      expect(formatCount(-value)).toBe((-value || 0).toLocaleString('en-US'));
    }
  });

  it('drops a fraction rather than rounding it', () => {
    expect(formatCount(1999.99)).toBe('1,999');
    expect(formatCount(-1999.99)).toBe('-1,999');
  });
});
