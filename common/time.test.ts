// manilaDay is arithmetic on UTC+8; Intl's Asia/Manila calendar is the independent answer it must agree with.
import { describe, expect, it } from 'vitest';
import { MANILA_TIME_ZONE } from './limits.ts';
import { DAY_MS, manilaDay } from './time.ts';

const intlDay = new Intl.DateTimeFormat('en-CA', { timeZone: MANILA_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

describe('manilaDay', () => {
  it("agrees with Intl's Asia/Manila calendar around every midnight of 2026 and at random instants from 1990 to 2060", () => {
    const instants: number[] = [];
    for (let midnight = Date.parse('2025-12-31T16:00:00Z'); midnight < Date.parse('2027-01-01T00:00:00Z'); midnight += DAY_MS) {
      instants.push(midnight - 1, midnight, midnight + 1);
    }
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    for (let i = 0; i < 2000; i++) instants.push(Math.floor(Date.parse('1990-01-01') + random() * (Date.parse('2060-01-01') - Date.parse('1990-01-01'))));
    for (const at of instants) expect(manilaDay(at), new Date(at).toISOString()).toBe(intlDay.format(at));
  });

  it('takes a Date as well as epoch milliseconds, and refuses an invalid date as Intl did', () => {
    expect(manilaDay(new Date('2026-11-26T16:30:00Z'))).toBe('2026-11-27');
    expect(() => manilaDay(Number.NaN)).toThrow(RangeError);
  });
});
