// The key a client's address is rate limited by. An IPv4 address stands for itself; an IPv6 address by its /64,
// because one subscriber is usually given a whole /64 and could otherwise rotate through 2^64 addresses.
// An IPv4-mapped IPv6 address (::ffff:203.0.113.7) counts as the IPv4 address it carries.

/** The eight 16-bit groups of an IPv6 address, or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  const [head = '', tail, extra] = address.split('::');
  if (extra !== undefined) return null;
  const parse = (part: string) => (part ? part.split(':') : []);
  let left = parse(head);
  let right = tail === undefined ? [] : parse(tail);
  // An embedded IPv4 address fills the last two groups.
  const last = (tail === undefined ? left : right).at(-1);
  if (last?.includes('.')) {
    const octets = last.split('.').map(Number);
    if (octets.length !== 4 || octets.some((o) => !Number.isInteger(o) || o < 0 || o > 255)) return null;
    const groups = [((octets[0]! << 8) | octets[1]!).toString(16), ((octets[2]! << 8) | octets[3]!).toString(16)];
    if (tail === undefined) left = [...left.slice(0, -1), ...groups];
    else right = [...right.slice(0, -1), ...groups];
  }
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  const groups = [...left, ...Array(tail === undefined ? 0 : missing).fill('0'), ...right];
  if (!groups.every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return null;
  return groups.map((group) => parseInt(group, 16));
}

export function isIpv4(address: string): boolean {
  const octets = address.split('.');
  return octets.length === 4 && octets.every((o) => /^\d{1,3}$/.test(o) && Number(o) <= 255);
}

export function isIpv6(address: string): boolean {
  return ipv6Groups(address) !== null;
}

/** The rate-limit key of a client address (anything that is not an IP address is used as it is). */
export function addressKey(address: string): string {
  if (isIpv4(address)) return address;
  const groups = ipv6Groups(address);
  if (!groups) return address;
  const isMappedIpv4 = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (isMappedIpv4) return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}
