// The coarse device and place of a session: what the list of signed-in devices shows.
import { describe, expect, it } from 'vitest';
import { describeDevice, describePlace } from './session-origin.ts';

describe('describeDevice', () => {
  it('names the browser and the system', () => {
    expect(
      describeDevice(
        'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      ),
    ).toBe('Chrome on Android');
    expect(
      describeDevice(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iPhone');
    expect(
      describeDevice(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Chrome on iPhone');
    expect(
      describeDevice(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      ),
    ).toBe('Edge on Windows');
    expect(describeDevice('Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe(
      'Firefox on macOS',
    );
    expect(
      describeDevice(
        'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
      ),
    ).toBe('Samsung Internet on Android');
    expect(
      describeDevice(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome on Linux');
  });

  it('names programs, and nothing it cannot recognise', () => {
    expect(describeDevice('curl/8.5.0')).toBe('curl');
    expect(describeDevice('node')).toBe('Node.js script');
    expect(describeDevice('')).toBeNull();
    expect(describeDevice(null)).toBeNull();
    expect(describeDevice('something-else/1.0')).toBeNull();
  });
});

describe('describePlace', () => {
  it('gives the city and the country for a public address', () => {
    expect(describePlace({ city: 'Makati City', country: 'PH' }, '203.0.113.7')).toBe('Makati City, Philippines');
    expect(describePlace({ country: 'JP' }, '2001:db8::1')).toBe('Japan');
  });

  it('gives nothing for a private or missing address, nor for Tor and unknown countries', () => {
    expect(describePlace({ city: 'Austin', country: 'US' }, '127.0.0.1')).toBeNull();
    expect(describePlace({ city: 'Austin', country: 'US' }, '10.1.2.3')).toBeNull();
    expect(describePlace({ city: 'Austin', country: 'US' }, 'tests')).toBeNull();
    expect(describePlace({ city: 'Austin', country: 'US' }, null)).toBeNull();
    expect(describePlace(undefined, '203.0.113.7')).toBeNull();
    expect(describePlace({ country: 'T1' }, '203.0.113.7')).toBeNull();
  });
});
