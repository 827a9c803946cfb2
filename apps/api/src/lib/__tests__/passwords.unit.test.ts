import { describe, expect, it } from 'vitest';
import {
  ARGON2_PARAMS,
  hashPassword,
  needsRehash,
  verifyDummyPassword,
  verifyPassword,
} from '../passwords';

describe('argon2id', () => {
  it('uses the OWASP minimum parameters', () => {
    expect(ARGON2_PARAMS).toMatchObject({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  });

  it('hashes, verifies and rejects', async () => {
    const hash = await hashPassword('Ljus-Fjäril-47');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'Ljus-Fjäril-47')).toBe(true);
    expect(await verifyPassword(hash, 'Ljus-Fjäril-48')).toBe(false);
    expect(needsRehash(hash)).toBe(false);
  });

  it('is false, not an exception, for a malformed hash', async () => {
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
    expect(needsRehash('not-a-hash')).toBe(true);
  });

  it('asks to rehash a weaker hash', async () => {
    const argon2 = await import('argon2');
    const weak = await argon2.hash('x', {
      type: argon2.argon2id,
      memoryCost: 8192,
      timeCost: 1,
      parallelism: 1,
    });
    expect(needsRehash(weak)).toBe(true);
  });

  it('verifies against a dummy hash for unknown accounts', async () => {
    expect(await verifyDummyPassword('whatever')).toBe(false);
  });
});
