// Rate-limit keys of client addresses: IPv6 by its /64, IPv4-mapped IPv6 as IPv4, anything else as it is.
import { describe, expect, it } from 'vitest';
import { addressKey, isIpv4, isIpv6 } from './client-address.ts';

describe('addressKey', () => {
  it('keys IPv4 by the address and IPv6 by its /64', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe('2001:db8:85a3:8d3::/64');
    expect(addressKey('2001:db8:85a3:8d3::1')).toBe('2001:db8:85a3:8d3::/64');
    expect(addressKey('2001:DB8:85A3:08D3:ffff::9')).toBe('2001:db8:85a3:8d3::/64');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('local')).toBe('local');
  });

  it('tells valid addresses from invalid ones', () => {
    expect(isIpv4('256.1.1.1')).toBe(false);
    expect(isIpv4('1.2.3')).toBe(false);
    expect(isIpv6('1::2::3')).toBe(false);
    expect(isIpv6('1:2:3:4:5:6:7:8:9')).toBe(false);
    expect(isIpv6('12345::')).toBe(false);
    expect(isIpv6('fe80::1:2:3:4')).toBe(true);
    expect(isIpv6('::')).toBe(true);
  });
});
