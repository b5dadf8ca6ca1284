import { describe, expect, it } from 'vitest';
import { historySides } from './recognition.ts';

describe('historySides', () => {
  const none = { given: 0, received: 0 };
  it('shows a giver what it gave first and leaves out what its role never receives', () => {
    expect(historySides('medal', 'spa_management', none)).toEqual(['given']);
    expect(historySides('red_flag', 'spa_management', none)).toEqual(['given']);
  });
  it("leaves out the given list of a role that cannot give (a client's medals)", () => {
    expect(historySides('medal', 'client', none)).toEqual(['received']);
    expect(historySides('red_flag', 'client', none)).toEqual(['received']);
  });
  it('keeps a list that holds entries whatever the role, and shows an empty received list to a role on neither side', () => {
    expect(historySides('medal', 'client', { given: 2, received: 0 })).toEqual(['given', 'received']);
    expect(historySides('medal', 'admin', none)).toEqual(['received']);
    expect(historySides('medal', 'therapist', { given: 0, received: 1 })).toEqual(['received']);
  });
});
