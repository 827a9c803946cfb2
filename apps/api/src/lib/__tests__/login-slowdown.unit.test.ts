import { describe, expect, it } from 'vitest';
import { LOGIN_SLOWDOWN_MAX_MS, loginSlowdownMs } from '../../middleware/login-rate-limit';

describe('loginSlowdownMs', () => {
  it('waits nothing below the threshold, then more per failure, up to the cap', () => {
    expect(loginSlowdownMs(0, 10)).toBe(0);
    expect(loginSlowdownMs(9, 10)).toBe(0);
    expect(loginSlowdownMs(10, 10)).toBe(500);
    expect(loginSlowdownMs(11, 10)).toBe(1000);
    expect(loginSlowdownMs(1000, 10)).toBe(LOGIN_SLOWDOWN_MAX_MS);
  });
});
