import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';

describe('account settings in the configuration', () => {
  it('parses IP_MAX/ACCOUNT_MAX/WINDOW_MINUTES rate limits', () => {
    const config = loadConfig({ RATE_LIMIT_LOGIN: '7/3/5' });
    expect(config.rateLimits.login).toEqual({
      ip: { limit: 7, windowMs: 300_000 },
      account: { limit: 3, windowMs: 300_000 },
    });
    expect(config.rateLimits.register.ip.limit).toBeGreaterThan(0);
  });

  it('refuses a malformed rate limit', () => {
    expect(() => loadConfig({ RATE_LIMIT_LOGIN: 'many' })).toThrow(/RATE_LIMIT_LOGIN/);
  });

  const PRODUCTION = {
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://samtalsmatch.example',
    SESSION_SECRET: 'x'.repeat(40),
    OIDC_ISSUER: 'https://broker.example',
    OIDC_CLIENT_ID: 'id',
    OIDC_CLIENT_SECRET: 'secret',
    SSN_ENCRYPTION_KEY: 'a'.repeat(64),
    SSN_HASH_KEY: 'b'.repeat(64),
    IMAGE_URL_SECRET: 'c'.repeat(64),
  };

  it('mounts the dev mailbox outside production only', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).devMailbox).toBe(true);
    const production = loadConfig(PRODUCTION);
    expect(production.devMailbox).toBe(false);
    expect(production.secureCookies).toBe(true);
  });

  it('refuses development mode on a public https address (a forgotten NODE_ENV)', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'https://samtalsmatch.example' })).toThrow(
      /NODE_ENV=production/,
    );
    expect(() =>
      loadConfig({ NODE_ENV: 'development', PUBLIC_URL: 'https://samtalsmatch.example' }),
    ).toThrow(/NODE_ENV=production/);
    expect(loadConfig({ PUBLIC_URL: 'https://localhost:3000' }).devMailbox).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'http://192.168.1.20:3000' }).devMailbox).toBe(true);
  });

  it('refuses TRUST_PROXY=true in production, and takes hop counts and addresses', () => {
    expect(() => loadConfig({ ...PRODUCTION, TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ ...PRODUCTION, TRUST_PROXY: '1' }).trustProxy).toBe('1');
    expect(loadConfig({ ...PRODUCTION, TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toBe('10.0.0.0/8');
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe('true');
  });
});
