import { describe, expect, it } from 'vitest';
import { googleMapsDirectionsUrl, wazeNavigationUrl } from './handoff.ts';

describe('navigation hand-off links', () => {
  it('are the public deep links of Google Maps and Waze with the destination as lat,lng', () => {
    const spa = { latitude: 14.5547, longitude: 121.0244 };
    expect(googleMapsDirectionsUrl(spa)).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=14.5547,121.0244&travelmode=driving',
    );
    expect(wazeNavigationUrl(spa)).toBe('https://waze.com/ul?ll=14.5547,121.0244&navigate=yes');
  });

  it('round coordinates to 6 decimals without noise', () => {
    expect(wazeNavigationUrl({ latitude: 14.554700000000001, longitude: 121.02441234567 })).toBe(
      'https://waze.com/ul?ll=14.5547,121.024412&navigate=yes',
    );
    expect(googleMapsDirectionsUrl({ latitude: -0.5, longitude: 120 })).toContain('destination=-0.5,120&');
  });
});
