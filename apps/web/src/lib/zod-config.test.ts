import { describe, expect, it } from 'vitest';
import './zod-config';
import { z } from 'zod';

describe('zod configuration', () => {
  it('runs zod without its eval-based compiler (our CSP forbids eval)', () => {
    expect(z.config().jitless).toBe(true);
    expect(z.object({ a: z.string() }).parse({ a: 'x' })).toEqual({ a: 'x' });
  });
});
