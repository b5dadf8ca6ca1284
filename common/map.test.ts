// Pure helpers of the map: dialable numbers for Call (+63 by default), distances and durations as the route panel
// writes them, markup stripped from provider instructions, and the Philippines bounding check.
import { describe, expect, it } from 'vitest';
import { distanceMeters, formatDistance, formatDuration, isInPhilippines, stripMarkup } from './geo.ts';
import { dialableNumber, listingOrder, locationOffLine, PRIORITY_BAND_METERS, spasInViewLabel } from './map.ts';

describe('dialableNumber', () => {
  it.each([
    ['0917 123 4567', '+639171234567'],
    ['917-123-4567', '+639171234567'],
    ['+63 917 123 4567', '+639171234567'],
    ['63 917 123 4567', '+639171234567'],
    ['0063 917 123 4567', '+639171234567'],
    ['(02) 8123 4567', '+63281234567'],
    ['+1 415 555 0100', '+14155550100'],
  ])('%s → %s', (input, expected) => {
    expect(dialableNumber(input)).toBe(expected);
  });

  it.each([null, '', '12', 'call us'])('%j has nothing to dial', (input) => {
    expect(dialableNumber(input)).toBeNull();
  });
});

describe('route text', () => {
  it('writes distances and durations the way the panel shows them', () => {
    expect(formatDistance(4)).toBe('4 m');
    expect(formatDistance(845)).toBe('850 m');
    expect(formatDistance(4240)).toBe('4.2 km');
    expect(formatDistance(12_600)).toBe('13 km');
    expect(formatDuration(20)).toBe('1 min');
    expect(formatDuration(25 * 60)).toBe('25 mins');
    expect(formatDuration(65 * 60)).toBe('1 hour 5 mins');
    expect(formatDuration(120 * 60)).toBe('2 hours');
  });

  it('strips markup from instructions', () => {
    expect(stripMarkup('Turn <b>left</b> onto&nbsp;<span class="x">EDSA</span>  ')).toBe('Turn left onto EDSA');
  });

  it('measures great-circle distances', () => {
    // Manila to Cebu City is about 570 km as the crow flies.
    const km =
      distanceMeters({ latitude: 14.5995, longitude: 120.9842 }, { latitude: 10.3157, longitude: 123.8854 }) / 1000;
    expect(km).toBeGreaterThan(560);
    expect(km).toBeLessThan(580);
  });

  it('knows the Philippines from elsewhere', () => {
    expect(isInPhilippines(14.5995, 120.9842)).toBe(true);
    expect(isInPhilippines(4.5, 116)).toBe(true);
    expect(isInPhilippines(35.68, 139.69)).toBe(false);
    expect(isInPhilippines(1.35, 103.82)).toBe(false);
  });
});

describe('listingOrder (priority listings)', () => {
  const row = (id: number, meters: number, isPremium: boolean) => ({ spa: { id, isPremium }, meters });
  const order = (rows: ReturnType<typeof row>[]) => [...rows].sort(listingOrder).map((entry) => entry.spa.id);

  it('puts premium spas first among spas in the same distance band, nearer first within each', () => {
    expect(order([row(1, 100, false), row(2, 400, true), row(3, 50, false), row(4, 300, true)])).toEqual([4, 2, 3, 1]);
  });

  it('never moves a premium spa ahead of a spa in a nearer band', () => {
    expect(order([row(1, PRIORITY_BAND_METERS + 1, true), row(2, PRIORITY_BAND_METERS - 1, false)])).toEqual([2, 1]);
    expect(order([row(1, 5_000, true), row(2, 100, false), row(3, 900, false)])).toEqual([2, 3, 1]);
  });

  it('orders equal distances by id, so the order never changes between renders', () => {
    expect(order([row(9, 200, false), row(3, 200, false), row(5, 200, true)])).toEqual([5, 3, 9]);
  });
});

describe('the map without the device location', () => {
  it('says where it is centred and why, and only why once the map has moved', () => {
    expect(locationOffLine('denied', 'Manila')).toBe('Showing Manila: location is off');
    expect(locationOffLine('abroad', 'Manila')).toBe('Showing Manila: you are outside the Philippines');
    expect(locationOffLine('unavailable', null)).toBe('Location is unavailable');
    expect(spasInViewLabel(1)).toBe('1 spa in view');
    expect(spasInViewLabel(4)).toBe('4 spas in view');
  });
});
