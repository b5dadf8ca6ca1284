// Address search for the address editor, offline: the gazetteer knows towns, not streets, so a street with its town
// ("Ayala Avenue Makati") finds the town, says which words it could not place and keeps them in the address; words
// that name no place still find nothing.
import { describe, expect, it } from 'vitest';
import { json, trpcGet, type TrpcResult } from './helpers.ts';
import { createMember } from './members.ts';

const search = async (cookie: string, query: string) =>
  (await json<TrpcResult<'geo.search'>>(await trpcGet('geo.search', { cookie }, { query }))).result.data;
/**
 * The gazetteer's suggestion. Addresses members saved come first and, when one matches, stand alone: the streets
 * here are ones no other test saves.
 */
const fromGazetteer = async (cookie: string, query: string) =>
  (await search(cookie, query)).find((each) => each.source === 'gazetteer');

describe('geo.search with the gazetteer: a street and its town', () => {
  it('finds the town of "Kalye Sinagtala Makati" and keeps the street it cannot place', async () => {
    const { cookie } = await createMember();
    const first = await fromGazetteer(cookie, 'Kalye Sinagtala Makati');
    expect(first).toMatchObject({
      label: 'Makati City',
      address: 'Kalye Sinagtala, Makati City, Metro Manila, Philippines',
      unmatched: 'Kalye Sinagtala',
      source: 'gazetteer',
    });
    expect(first!.latitude).toBeCloseTo(14.55, 1);
    // The town first, then the street, with a comma.
    const reversed = await fromGazetteer(cookie, 'Makati, Kalye Sinagtala');
    expect(reversed).toMatchObject({
      label: 'Makati City',
      address: 'Kalye Sinagtala, Makati City, Metro Manila, Philippines',
      unmatched: 'Kalye Sinagtala',
    });
  });

  it('answers a whole match as before, without unplaced words, and nothing for words that name no place', async () => {
    const { cookie } = await createMember();
    const makati = await fromGazetteer(cookie, 'Makati');
    expect(makati).toMatchObject({ label: 'Makati City', address: 'Makati City, Metro Manila, Philippines' });
    expect(makati).not.toHaveProperty('unmatched');
    expect(await search(cookie, 'Qwzx Vbnmk Street')).toEqual([]);
  });
});
