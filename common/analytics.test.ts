// The week in progress at its weekly pace: a count scaled by 7 / the days begun, a whole week as it is.
import { describe, expect, it } from 'vitest';
import { weeklyPace } from './analytics.ts';

describe('weeklyPace', () => {
  it('scales a week so far to a week, to one decimal', () => {
    expect(weeklyPace(30, 3)).toBe(70);
    expect(weeklyPace(1, 3)).toBe(2.3);
    expect(weeklyPace(0, 1)).toBe(0);
    expect(weeklyPace(5, 1)).toBe(35);
  });
  it('leaves a week whose seven days have begun as it is', () => {
    expect(weeklyPace(12, 7)).toBe(12);
  });
});
