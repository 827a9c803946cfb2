import { describe, expect, it } from 'vitest';
import { rateLimitHeaders, rateLimitKey, type RateLimitResult } from '../rate-limit';
import { generateToken, hashToken, isWellFormedToken } from '../tokens';

describe('one-time tokens', () => {
  it('are 32 random bytes in base64url, different every time', () => {
    const a = generateToken();
    const b = generateToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a, 'base64url')).toHaveLength(32);
    expect(a).not.toBe(b);
    expect(isWellFormedToken(a)).toBe(true);
  });

  it('are stored as a SHA-256 hex hash', () => {
    const token = generateToken();
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(token)).toBe(hashToken(token));
    expect(hashToken(token)).not.toBe(hashToken(generateToken()));
  });

  it.each([
    '',
    'short',
    `${'a'.repeat(42)}=`,
    `${'a'.repeat(44)}`,
    '../../../../etc/passwd/aaaaaaaaaaaaaaaaaaaaaaa',
  ])('refuses the malformed %s', (token) => {
    expect(isWellFormedToken(token)).toBe(false);
  });
});

describe('rate-limit helpers', () => {
  it('keys never contain the address or e-mail', () => {
    const key = rateLimitKey('login', 'account', 'anna@exempel.se');
    expect(key).toMatch(/^login:account:[A-Za-z0-9_-]{32}$/);
    expect(key).not.toContain('anna');
    expect(rateLimitKey('login', 'ip', '10.0.0.1')).not.toBe(
      rateLimitKey('login', 'ip', '10.0.0.2'),
    );
  });

  const now = Date.parse('2025-03-01T12:00:00Z');
  const result = (
    limit: number,
    remaining: number,
    allowed: boolean,
    inSeconds: number,
  ): RateLimitResult => ({
    limit,
    remaining,
    allowed,
    windowMs: 900_000,
    resetAt: new Date(now + inSeconds * 1000),
  });

  it('reports the tightest limit and no Retry-After while allowed', () => {
    const headers = rateLimitHeaders([result(50, 40, true, 600), result(10, 2, true, 300)], now);
    expect(headers).toEqual({
      'RateLimit-Limit': '10',
      'RateLimit-Remaining': '2',
      'RateLimit-Reset': '300',
      'RateLimit-Policy': '50;w=900, 10;w=900',
    });
  });

  it('adds Retry-After from the refusing limit', () => {
    const headers = rateLimitHeaders([result(10, 5, true, 100), result(5, 0, false, 250.2)], now);
    expect(headers['Retry-After']).toBe('251');
    expect(headers['RateLimit-Remaining']).toBe('0');
    expect(headers['RateLimit-Limit']).toBe('5');
  });

  it('never says Retry-After: 0', () => {
    expect(rateLimitHeaders([result(1, 0, false, -5)], now)['Retry-After']).toBe('1');
  });
});
