// Calendar days in Asia/Manila.
import { describe, expect, it } from 'vitest';
import { manilaDay } from './time.ts';

describe('manilaDay', () => {
  it('counts days in Asia/Manila (UTC+8), not UTC', () => {
    expect(manilaDay(Date.parse('2026-03-01T15:59:59Z'))).toBe('2026-03-01');
    expect(manilaDay(Date.parse('2026-03-01T16:00:00Z'))).toBe('2026-03-02');
  });
});
