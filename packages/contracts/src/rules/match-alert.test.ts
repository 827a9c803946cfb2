import { describe, expect, it } from 'vitest';
import {
  matchAlertCheckCutoff,
  matchAlertMailAllowed,
  matchAlertMailCutoff,
  MATCH_ALERT_ROUND_INTERVAL_MS,
} from './match-alert';

describe('the match alert mail, at most one in seven days', () => {
  const now = new Date('2026-11-27T10:00:00Z');

  it('goes to a client never mailed', () => {
    expect(matchAlertMailAllowed(null, now)).toBe(true);
  });

  it('waits seven full days after the last mail, to the millisecond', () => {
    expect(matchAlertMailAllowed(new Date('2026-11-20T10:00:00Z'), now)).toBe(true);
    expect(matchAlertMailAllowed(new Date('2026-11-20T10:00:00.001Z'), now)).toBe(false);
    expect(matchAlertMailAllowed(new Date('2026-11-26T10:00:00Z'), now)).toBe(false);
  });

  it('counts elapsed days across a daylight-saving change: 168 hours, not seven dates', () => {
    // Summer time ends in Stockholm on 25 October 2026 (a 25-hour day).
    const after = new Date('2026-10-29T12:00:00Z');
    expect(matchAlertMailCutoff(after).toISOString()).toBe('2026-10-22T12:00:00.000Z');
    expect(matchAlertMailAllowed(new Date('2026-10-22T12:00:00Z'), after)).toBe(true);
    expect(matchAlertMailAllowed(new Date('2026-10-22T12:30:00Z'), after)).toBe(false);
  });
});

describe('the round looks at each client within two minutes', () => {
  it('runs at most every two minutes and looks again after half an interval', () => {
    expect(MATCH_ALERT_ROUND_INTERVAL_MS).toBeLessThanOrEqual(120_000);
    const now = new Date('2026-11-27T10:00:00Z');
    expect(now.getTime() - matchAlertCheckCutoff(now).getTime()).toBe(
      MATCH_ALERT_ROUND_INTERVAL_MS / 2,
    );
  });
});
