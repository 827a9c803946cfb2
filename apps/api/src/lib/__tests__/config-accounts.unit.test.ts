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
    IMAGE_URL_SECRET: 'e'.repeat(64),
    DATABASE_URL: 'postgres://app@db.internal/samtalsmatch',
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
  });

  it('refuses the development IMAGE_URL_SECRET in production', () => {
    const { IMAGE_URL_SECRET: _omit, ...withoutImageSecret } = PRODUCTION;
    expect(() => loadConfig(withoutImageSecret)).toThrow(/IMAGE_URL_SECRET must be set/);
    expect(loadConfig(PRODUCTION).imageUrlSecret).toBe('e'.repeat(64));
  });

  it('refuses TRUST_PROXY=true in production, and takes hop counts and addresses', () => {
    expect(() => loadConfig({ ...PRODUCTION, TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ ...PRODUCTION, TRUST_PROXY: '1' }).trustProxy).toBe('1');
    expect(loadConfig({ ...PRODUCTION, TRUST_PROXY: '3' }).trustProxy).toBe('3');
    expect(loadConfig({ ...PRODUCTION, TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toBe('10.0.0.0/8');
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe('true');
  });

  const SECRETS = {
    SESSION_SECRET: 'y'.repeat(40),
    SSN_ENCRYPTION_KEY: 'c'.repeat(64),
    SSN_HASH_KEY: 'd'.repeat(64),
  };

  it.each(['development', 'test'])(
    'enables the development surfaces in %s only on a loopback PUBLIC_URL',
    (NODE_ENV) => {
      for (const PUBLIC_URL of [
        'http://localhost:3000',
        'http://127.0.0.1:5173',
        'http://127.8.9.10',
        'http://[::1]:3000',
        'https://localhost',
      ]) {
        const config = loadConfig({ NODE_ENV, PUBLIC_URL });
        expect({ PUBLIC_URL, ...pick(config) }).toEqual({
          PUBLIC_URL,
          devSurfaces: true,
          devMailbox: true,
          localProvider: true,
          seedDemoData: true,
        });
      }
      for (const PUBLIC_URL of [
        'http://192.168.1.20:3000',
        'http://samtalsmatch.example',
        'http://127.0.0.1.nip.io:3000',
        'http://[::2]:3000',
        ...(NODE_ENV === 'test' ? ['https://samtalsmatch.example'] : []),
      ]) {
        const config = loadConfig({ NODE_ENV, PUBLIC_URL, ...SECRETS });
        expect({ PUBLIC_URL, ...pick(config) }).toEqual({
          PUBLIC_URL,
          devSurfaces: false,
          devMailbox: false,
          localProvider: false,
          seedDemoData: false,
        });
      }
    },
  );

  it('refuses the development secrets and demo data when PUBLIC_URL is not this machine', () => {
    for (const NODE_ENV of ['development', 'test']) {
      const PUBLIC_URL = 'http://192.168.1.20:3000';
      expect(() => loadConfig({ NODE_ENV, PUBLIC_URL })).toThrow(
        /SESSION_SECRET, SSN_ENCRYPTION_KEY, SSN_HASH_KEY must be set/,
      );
      expect(() =>
        loadConfig({ NODE_ENV, PUBLIC_URL, ...SECRETS, SEED_DEMO_DATA: 'true' }),
      ).toThrow(/SEED_DEMO_DATA/);
      expect(() =>
        loadConfig({ NODE_ENV, PUBLIC_URL, ...SECRETS, OIDC_ISSUER: 'https://broker.example' }),
      ).toThrow(/OIDC_CLIENT_SECRET/);
    }
    expect(() =>
      loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'https://samtalsmatch.example' }),
    ).toThrow(/SESSION_SECRET/);
  });

  it('follows SMTP_URL for /dev/mailbox: with a real mail server there is no mailbox page', () => {
    const config = loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' });
    expect(config.devSurfaces).toBe(true);
    expect(config.devMailbox).toBe(false);
  });

  it('refuses demo data in production', () => {
    expect(() => loadConfig({ ...PRODUCTION, SEED_DEMO_DATA: 'true' })).toThrow(
      /SEED_DEMO_DATA=true is refused in production/,
    );
    expect(loadConfig({ ...PRODUCTION, SEED_DEMO_DATA: 'false' }).seedDemoData).toBe(false);
    expect(loadConfig(PRODUCTION).devSurfaces).toBe(false);
  });

  it('refuses production without DATABASE_URL (no embedded PostgreSQL in production)', () => {
    const { DATABASE_URL: _unused, ...withoutDatabase } = PRODUCTION;
    expect(() => loadConfig(withoutDatabase)).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ ...PRODUCTION, DATABASE_URL: '' })).toThrow(/DATABASE_URL/);
  });

  it.each(['0.0.0.0/0', '::/0', 'loopback, 0.0.0.0/0', '::ffff:0:0/96, ::/0', '4', '30', ' true '])(
    'refuses the trust-everything proxy setting TRUST_PROXY=%s in production',
    (TRUST_PROXY) => {
      expect(() => loadConfig({ ...PRODUCTION, TRUST_PROXY })).toThrow(/TRUST_PROXY/);
    },
  );

  it('defaults PUBLIC_URL to http://localhost:PORT', () => {
    expect(loadConfig({}).publicUrl).toBe('http://localhost:3000');
    const config = loadConfig({ PORT: '3900' });
    expect(config.publicUrl).toBe('http://localhost:3900');
    expect(config.oidc.redirectUri).toBe('http://localhost:3900/api/auth/bankid/callback');
    expect(loadConfig({ PORT: '3900', PUBLIC_URL: '' }).publicUrl).toBe('http://localhost:3900');
    expect(loadConfig({ PORT: '3900', PUBLIC_URL: 'http://127.0.0.1:5173/' }).publicUrl).toBe(
      'http://127.0.0.1:5173',
    );
  });
});

function pick(config: ReturnType<typeof loadConfig>) {
  return {
    devSurfaces: config.devSurfaces,
    devMailbox: config.devMailbox,
    localProvider: config.oidc.localProvider,
    seedDemoData: config.seedDemoData,
  };
}
