import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSsnCrypto, parseKey } from '../crypto';

const keys = {
  encryptionKey: randomBytes(32).toString('hex'),
  hashKey: randomBytes(32).toString('base64'),
};

describe('createSsnCrypto', () => {
  const ssn = createSsnCrypto(keys);

  it('encrypts with a fresh IV each time and decrypts back', () => {
    const a = ssn.encrypt('198112189876');
    const b = ssn.encrypt('198112189876');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(a).not.toContain('198112189876');
    expect(ssn.decrypt(a)).toBe('198112189876');
    expect(ssn.decrypt(b)).toBe('198112189876');
  });

  it('refuses an altered ciphertext or tag', () => {
    const parts = ssn.encrypt('198112189876').split('.');
    const body = Buffer.from(parts[2]!, 'base64url');
    body[0] = body[0]! ^ 1;
    const altered = [parts[0], parts[1], body.toString('base64url'), parts[3]].join('.');
    expect(() => ssn.decrypt(altered)).toThrow();
    expect(() => ssn.decrypt('v2.a.b.c')).toThrow();
    expect(() => ssn.decrypt('garbage')).toThrow();
  });

  it('refuses a ciphertext made with another key', () => {
    const other = createSsnCrypto({
      encryptionKey: randomBytes(32).toString('hex'),
      hashKey: keys.hashKey,
    });
    expect(() => other.decrypt(ssn.encrypt('198112189876'))).toThrow();
  });

  it('hashes deterministically with the key, and differently with another key', () => {
    const h = ssn.hash('198112189876');
    expect(h).toMatch(/^[0-9a-f]{64}$/);
    expect(ssn.hash('198112189876')).toBe(h);
    expect(ssn.hash('198112189875')).not.toBe(h);
    const other = createSsnCrypto({
      encryptionKey: keys.encryptionKey,
      hashKey: randomBytes(32).toString('hex'),
    });
    expect(other.hash('198112189876')).not.toBe(h);
  });

  it('refuses keys of the wrong length and one key used twice', () => {
    expect(() => parseKey('abcd', 'K')).toThrow(/32 bytes/);
    expect(() => parseKey(randomBytes(16).toString('hex'), 'K')).toThrow();
    expect(parseKey(randomBytes(32).toString('base64url'), 'K')).toHaveLength(32);
    expect(() =>
      createSsnCrypto({ encryptionKey: keys.encryptionKey, hashKey: keys.encryptionKey }),
    ).toThrow(/differ/);
  });
});
