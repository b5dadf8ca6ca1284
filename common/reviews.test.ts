// The write-review rules shared by the screen and the server: the AI Assist sentence rule, word counting, the
// reward buttons by viewer and target, and the success texts; the Manila calendar day around midnight.
import { describe, expect, it } from 'vitest';
import { hasCompleteSentence } from './ai-assist.ts';
import { countWords, mayReview, rewardButtons, reviewSuccessToast } from './reviews.ts';
import { dailyLimit } from './recognition.ts';
import { manilaDay } from './time.ts';

describe('the AI Assist sentence rule', () => {
  it.each([
    ['The massage was great.', true],
    ['  Lovely staff and calm rooms!  ', true],
    ['Would I come back again?', true],
    ['Too short here.', false], // 15 characters
    ['The massage was great', false], // no closing punctuation
    ['Thisisonelongwordwithnospaces.', false], // no whitespace
    ['', false],
  ])('%j → %s', (text, expected) => expect(hasCompleteSentence(text)).toBe(expected));
});

describe('reviews', () => {
  it('counts words on any whitespace', () => {
    expect(countWords('  one two\nthree\tfour  ')).toBe(4);
    expect(countWords('   ')).toBe(0);
  });

  it('shows the reward buttons the spec lists for each viewer and target', () => {
    expect(rewardButtons('spa_management', 'client').map((b) => b.label)).toEqual([
      'Give Medal & Submit',
      'Give Red Flag & Report',
    ]);
    expect(rewardButtons('client', 'therapist').map((b) => b.label)).toEqual(['Give Flowers & Submit']);
    expect(rewardButtons('client', 'spa_management').map((b) => b.label)).toEqual(['Give Star & Submit']);
  });

  it('lets clients review therapists and spas and spas review clients only', () => {
    expect([
      mayReview('client', 'therapist'),
      mayReview('client', 'spa_management'),
      mayReview('spa_management', 'client'),
    ]).toEqual([true, true, true]);
    expect([
      mayReview('client', 'client'),
      mayReview('therapist', 'client'),
      mayReview('admin', 'client'),
      mayReview('spa_management', 'therapist'),
    ]).toEqual([false, false, false, false]);
  });

  it('words the success toasts as the spec does', () => {
    expect(reviewSuccessToast(null)).toEqual({
      title: 'Review Submitted Successfully!',
      description: 'Your review has been posted successfully!',
    });
    expect(reviewSuccessToast({ kind: 'medal', given: true, message: '' })).toEqual({
      title: 'Medal Awarded!',
      description: 'Medal awarded successfully!',
    });
    expect(reviewSuccessToast({ kind: 'red_flag', given: true, message: '' })).toEqual({
      title: 'Red Flag Reported!',
      description: 'Red flag reported successfully!',
    });
    expect(reviewSuccessToast({ kind: 'star', given: true, message: '' }).description).toBe(
      'Your review has been posted and star awarded!',
    );
  });

  it('gives premium members three times the stars and flowers', () => {
    expect([
      dailyLimit('star', false),
      dailyLimit('star', true),
      dailyLimit('flower', true),
      dailyLimit('medal', true),
      dailyLimit('red_flag', false),
    ]).toEqual([1, 3, 3, 10, 3]);
  });
});

describe('the Asia/Manila day', () => {
  it('turns at 16:00 UTC', () => {
    expect(manilaDay(new Date('2026-03-01T15:59:59Z'))).toBe('2026-03-01');
    expect(manilaDay(new Date('2026-03-01T16:00:00Z'))).toBe('2026-03-02');
  });
});
