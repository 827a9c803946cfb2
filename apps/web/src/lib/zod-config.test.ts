import { describe, expect, it } from 'vitest';
import './zod-config';
import { z } from 'zod';

describe('zod configuration', () => {
  it('runs zod without its eval-based compiler (our CSP forbids eval)', () => {
    expect(z.config().jitless).toBe(true);
    expect(z.object({ a: z.string() }).parse({ a: 'x' })).toEqual({ a: 'x' });
  });

  it("answers zod's defaults in Swedish, keeping a schema's own message", () => {
    const schema = z.object({ name: z.string(), age: z.number(), mail: z.email('Egen text.') });
    const result = schema.safeParse({ age: 'x', mail: 'nej' });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.message)).toEqual([
      'Fältet måste fyllas i.',
      'Ange ett tal.',
      'Egen text.',
    ]);
  });
});
