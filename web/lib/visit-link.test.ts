// The visit link read back: a QR code's text gives its code (and spa) only when it is a spa's visit link or six
// digits, and the route's search parameters keep only a valid code and spa id.
import { describe, expect, it } from 'vitest';
import { scannedCode, visitLinkOf } from './visit-link.ts';

describe('scannedCode', () => {
  it("reads the code and the spa of a spa's link", () => {
    expect(scannedCode('https://spa.test/visits/new?code=012345&spa=7')).toEqual({ code: '012345', spa: 7 });
  });

  it('reads six digits alone, spaces around them trimmed', () => {
    expect(scannedCode(' 482913 ')).toEqual({ code: '482913' });
  });

  it('keeps the code of a link whose spa is not an id', () => {
    expect(scannedCode('https://spa.test/visits/new?code=482913&spa=x')).toEqual({ code: '482913' });
  });

  it('refuses anything else', () => {
    for (const text of [
      'https://spa.test/visits/new?code=12345&spa=7',
      'https://spa.test/profile?code=482913',
      'https://example.com/',
      '4829131',
      'not a link',
      '',
    ])
      expect(scannedCode(text), text).toBeNull();
  });
});

describe('visitLinkOf', () => {
  it('takes a code the router read as a number or as text, and a spa id', () => {
    expect(visitLinkOf({ code: 482913, spa: 7 })).toEqual({ code: '482913', spa: 7 });
    expect(visitLinkOf({ code: '012345', spa: '7' })).toEqual({ code: '012345', spa: 7 });
  });

  it('drops values that are not valid', () => {
    expect(visitLinkOf({ code: 12345, spa: -1 })).toEqual({ code: undefined, spa: undefined });
    expect(visitLinkOf({ code: '12a456', spa: 1.5 })).toEqual({ code: undefined, spa: undefined });
    expect(visitLinkOf({})).toEqual({ code: undefined, spa: undefined });
  });
});
