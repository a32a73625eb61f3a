import { describe, expect, it } from 'vitest';
import { addressKey } from './address-key';

describe('addressKey', () => {
  it('keeps an IPv4 address, and counts an IPv4-mapped IPv6 address as its IPv4 form', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 client by its /64, however the address is written', () => {
    const key = addressKey('2001:db8:5:6::1');
    expect(key).toBe('2001:db8:5:6::/64');
    expect(addressKey('2001:0db8:0005:0006:ffff:ffff:ffff:ffff')).toBe(key);
    expect(addressKey('2001:db8:5:6:1234::abcd%eth0')).toBe(key);
    expect(addressKey('2001:db8:5:7::1')).not.toBe(key);
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});
