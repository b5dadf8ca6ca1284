// Manila's days, dates and times are arithmetic on UTC+8; Intl's Asia/Manila calendar is the independent answer they must agree with.
import { describe, expect, it } from 'vitest';
import { MANILA_TIME_ZONE } from './limits.ts';
import { DAY_MS, manilaDateLabel, manilaDay, manilaTimeLabel } from './time.ts';

const intlDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: MANILA_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const intlDate = new Intl.DateTimeFormat('en-PH', { dateStyle: 'medium', timeZone: MANILA_TIME_ZONE });
const intlTime = new Intl.DateTimeFormat('en-PH', { hour: 'numeric', minute: '2-digit', timeZone: MANILA_TIME_ZONE });
/** Intl may put a narrow no-break space before AM and PM, depending on its data. */
const plainSpaces = (text: string) => text.replace(/\u202f/g, ' ');

describe("Manila's calendar by arithmetic", () => {
  it("agrees with Intl's Asia/Manila calendar, dates and clock times around every midnight of 2026 and at random instants from 1991 (Manila's last daylight saving time ended in 1990) to 2060", () => {
    const instants: number[] = [];
    for (
      let midnight = Date.parse('2025-12-31T16:00:00Z');
      midnight < Date.parse('2027-01-01T00:00:00Z');
      midnight += DAY_MS
    ) {
      instants.push(midnight - 1, midnight, midnight + 1);
    }
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let i = 0; i < 2000; i++)
      instants.push(
        Math.floor(Date.parse('1991-01-01') + random() * (Date.parse('2060-01-01') - Date.parse('1991-01-01'))),
      );
    for (let minute = 0; minute < DAY_MS; minute += 60_000) instants.push(Date.parse('2026-03-01T00:00:00Z') + minute);
    for (const at of instants) {
      const label = new Date(at).toISOString();
      expect(manilaDay(at), label).toBe(intlDay.format(at));
      expect(manilaDateLabel(at), label).toBe(intlDate.format(at));
      expect(manilaTimeLabel(at), label).toBe(plainSpaces(intlTime.format(at)));
    }
  });

  it('takes a Date as well as epoch milliseconds, and refuses an invalid date as Intl did', () => {
    expect(manilaDay(new Date('2026-11-26T16:30:00Z'))).toBe('2026-11-27');
    expect(() => manilaDay(Number.NaN)).toThrow(RangeError);
  });
});
