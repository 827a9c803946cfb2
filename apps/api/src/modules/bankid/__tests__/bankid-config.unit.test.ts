import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config';

const production = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://samtalsmatch.example',
  SESSION_SECRET: randomBytes(32).toString('hex'),
  OIDC_ISSUER: 'https://samtalsmatch.idura.broker',
  OIDC_CLIENT_ID: 'urn:my:application:identifier:1234',
  OIDC_CLIENT_SECRET: randomBytes(24).toString('base64'),
  SSN_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  SSN_HASH_KEY: randomBytes(32).toString('base64'),
  IMAGE_URL_SECRET: randomBytes(32).toString('hex'),
  DATABASE_URL: 'postgres://app@db.internal/samtalsmatch',
};

describe('BankID settings', () => {
  it('uses the local test provider in development, with the callback under PUBLIC_URL', () => {
    const config = loadConfig({ NODE_ENV: 'development', PUBLIC_URL: 'http://localhost:3000/' });
    expect(config.oidc).toMatchObject({
      issuer: undefined,
      localProvider: true,
      redirectUri: 'http://localhost:3000/api/auth/bankid/callback',
      ssnClaim: 'ssn',
      nameClaim: 'name',
      scopes: 'openid',
    });
  });

  it('never mounts the local test provider when an issuer is configured', () => {
    const config = loadConfig({ NODE_ENV: 'development', OIDC_ISSUER: 'https://broker.example/' });
    expect(config.oidc).toMatchObject({ issuer: 'https://broker.example', localProvider: false });
  });

  it('accepts a complete production configuration and never mounts the test provider', () => {
    const config = loadConfig({ ...production, OIDC_SSN_CLAIM: 'nin' });
    expect(config.oidc.localProvider).toBe(false);
    expect(config.oidc.ssnClaim).toBe('nin');
    expect(config.oidc.redirectUri).toBe('https://samtalsmatch.example/api/auth/bankid/callback');
  });

  it.each([
    'OIDC_ISSUER',
    'OIDC_CLIENT_ID',
    'OIDC_CLIENT_SECRET',
    'SSN_ENCRYPTION_KEY',
    'SSN_HASH_KEY',
  ])('refuses production without %s', (name) => {
    const env: Record<string, string> = { ...production };
    delete env[name];
    expect(() => loadConfig(env)).toThrow(new RegExp(name));
  });

  it('refuses a plain-http issuer in production', () => {
    expect(() => loadConfig({ ...production, OIDC_ISSUER: 'http://broker.example' })).toThrow(
      /https/,
    );
  });
});
