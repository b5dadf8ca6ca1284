// Opening hours at fixed instants in Asia/Manila (UTC+8): several ranges a day, overnight ranges, closed days.
import { describe, expect, it } from 'vitest';
import { type WeeklyHours } from './opening-hours.ts';
import { isOpenNow, parseOpeningHours, weeklyHoursSchema } from './opening-hours-schema.ts';

const closedWeek: WeeklyHours = { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] };
const json = (hours: Partial<WeeklyHours>) => JSON.stringify({ ...closedWeek, ...hours });
/** An instant given as Manila local time. */
const manila = (local: string) => Date.parse(`${local}+08:00`);

describe('opening hours', () => {
  // 2026-11-23 is a Monday.
  it('is open inside a range and closed outside, with a lunch break', () => {
    const hours = json({
      mon: [
        ['09:00', '12:00'],
        ['13:00', '21:00'],
      ],
    });
    expect(isOpenNow(hours, manila('2026-11-23T09:00:00'))).toBe(true);
    expect(isOpenNow(hours, manila('2026-11-23T12:30:00'))).toBe(false);
    expect(isOpenNow(hours, manila('2026-11-23T20:59:00'))).toBe(true);
    expect(isOpenNow(hours, manila('2026-11-23T21:00:00'))).toBe(false);
    expect(isOpenNow(hours, manila('2026-11-24T10:00:00'))).toBe(false); // Tuesday is closed
  });

  it('counts Manila time, not UTC', () => {
    const hours = json({ mon: [['06:00', '07:00']] });
    // 06:30 in Manila is 22:30 UTC on Sunday.
    expect(isOpenNow(hours, Date.parse('2026-11-22T22:30:00Z'))).toBe(true);
  });

  it('keeps an overnight range open past midnight into the next day', () => {
    const hours = json({ fri: [['22:00', '02:00']] });
    expect(isOpenNow(hours, manila('2026-11-27T23:30:00'))).toBe(true); // Friday night
    expect(isOpenNow(hours, manila('2026-11-28T01:59:00'))).toBe(true); // Saturday, small hours
    expect(isOpenNow(hours, manila('2026-11-28T02:00:00'))).toBe(false);
    expect(isOpenNow(hours, manila('2026-11-27T01:00:00'))).toBe(false); // Thursday night was closed
  });

  it('closes at 24:00 and opens all day with 00:00 to 24:00', () => {
    const hours = json({ sun: [['00:00', '24:00']], sat: [['14:00', '24:00']] });
    expect(isOpenNow(hours, manila('2026-11-28T23:59:00'))).toBe(true);
    expect(isOpenNow(hours, manila('2026-11-29T00:00:00'))).toBe(true);
    expect(isOpenNow(hours, manila('2026-11-30T00:00:00'))).toBe(false);
  });

  it('answers null, never open, when the hours are unknown or broken', () => {
    expect(isOpenNow(null)).toBeNull();
    expect(isOpenNow('not json')).toBeNull();
    expect(isOpenNow(JSON.stringify({ mon: [['9', '5']] }))).toBeNull();
    expect(parseOpeningHours(json({ mon: [['09:00', '17:00']] }))?.mon).toEqual([['09:00', '17:00']]);
  });

  it('reads the same stored text once, and shares what it read frozen, so no reader can change another reader’s', () => {
    const stored = json({
      tue: [
        ['08:00', '12:00'],
        ['13:00', '01:00'],
      ],
    });
    const first = parseOpeningHours(stored)!;
    expect(parseOpeningHours(stored)).toBe(first);
    expect(() => first.tue.push(['02:00', '03:00'])).toThrow(TypeError);
    expect(() => (first.tue[0]![0] = '07:00')).toThrow(TypeError);
    expect(parseOpeningHours(stored)!.tue).toEqual([
      ['08:00', '12:00'],
      ['13:00', '01:00'],
    ]);
    expect(parseOpeningHours('{"mon": [["9", "5"]]}')).toBeNull();
  });

  it('refuses bad times, empty ranges, overlaps and too many ranges', () => {
    const refuse = (hours: Partial<WeeklyHours>) => weeklyHoursSchema.safeParse({ ...closedWeek, ...hours }).success;
    expect(refuse({ mon: [['25:00', '26:00']] })).toBe(false);
    expect(refuse({ mon: [['09:00', '09:00']] })).toBe(false);
    expect(
      refuse({
        mon: [
          ['09:00', '13:00'],
          ['12:00', '18:00'],
        ],
      }),
    ).toBe(false);
    expect(
      refuse({
        mon: [
          ['01:00', '02:00'],
          ['03:00', '04:00'],
          ['05:00', '06:00'],
          ['07:00', '08:00'],
          ['09:00', '10:00'],
        ],
      }),
    ).toBe(false);
    expect(
      refuse({
        mon: [
          ['09:00', '12:00'],
          ['13:00', '02:00'],
        ],
      }),
    ).toBe(true);
  });
});
