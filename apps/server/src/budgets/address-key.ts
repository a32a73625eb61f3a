import { isIPv6 } from 'node:net';

/**
 * The key an anonymous budget (and the connection cap) counts a client address under: an IPv4 address as is
 * (an IPv4-mapped IPv6 address as its IPv4 form), an IPv6 address by its /64 network, since one subscriber
 * usually holds a whole /64 and could otherwise take a fresh address for every request.
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return mapped;
  if (!isIPv6(address)) return address;
  const [head = '', tail = ''] = address.split('%')[0]!.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = address.includes('::') ? (tail === '' ? [] : tail.split(':')) : [];
  // A trailing dotted IPv4 part (::1.2.3.4) is two groups; the first four groups never contain one.
  const groups = address.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  const network = groups.slice(0, 4).map((g) => (parseInt(g, 16) || 0).toString(16));
  return `${network.join(':')}::/64`;
}
