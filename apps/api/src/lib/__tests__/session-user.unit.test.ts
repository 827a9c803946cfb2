import { describe, expect, it } from 'vitest';
import type { UserRow } from '../auth-session';
import { sessionUserFor } from '../session';

const row = (id: string) => ({ id, name: 'Anna' }) as UserRow;

describe('sessionUserFor (decision 220)', () => {
  it("uses the row read with the session only when it is that session's user", () => {
    const anna = row('a');
    expect(sessionUserFor(anna, 'a')).toBe(anna);
    // Read for another id: the caller must read the session's own user.
    expect(sessionUserFor(anna, 'b')).toBeUndefined();
  });

  it('says "no such user" when the store found none, and "read it yourself" when it read nothing', () => {
    expect(sessionUserFor(null, 'a')).toBeNull();
    expect(sessionUserFor(undefined, 'a')).toBeUndefined();
  });
});
