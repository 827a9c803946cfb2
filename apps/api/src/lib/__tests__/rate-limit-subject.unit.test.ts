import { describe, expect, it } from 'vitest';
import { rateLimitSubject } from '../rate-limit';

describe('rateLimitSubject', () => {
  it('keeps an IPv4 address, also when written IPv4-mapped', () => {
    expect(rateLimitSubject('192.0.2.1')).toBe('192.0.2.1');
    expect(rateLimitSubject('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(rateLimitSubject('::FFFF:192.0.2.1')).toBe('192.0.2.1');
  });

  it('keys an IPv6 address by its /64, however it is written', () => {
    const key = '2001:db8:0:1::/64';
    expect(rateLimitSubject('2001:db8:0:1::1')).toBe(key);
    expect(rateLimitSubject('2001:db8:0:1:ffff:ffff:ffff:ffff')).toBe(key);
    expect(rateLimitSubject('2001:0DB8:0000:0001:0:0:0:2')).toBe(key);
    expect(rateLimitSubject('2001:db8:0:2::1')).not.toBe(key);
    expect(rateLimitSubject('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(rateLimitSubject('::1')).toBe('0:0:0:0::/64');
    expect(rateLimitSubject('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(rateLimitSubject('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
  });

  it('passes anything else through', () => {
    expect(rateLimitSubject('unknown')).toBe('unknown');
  });
});
