import { describe, expect, it } from 'vitest';
import {
  CANCELLATION_POLICY_HOURS,
  canClientCancel,
  canClientMove,
  canComplete,
  canProviderCancel,
  canRebook,
} from './cancel-policy';
import { canConfirm, isRequestExpired, isSuggestedTime } from './confirm-rules';

const H = 3_600_000;
const now = new Date('2026-05-10T10:00:00.000Z');
const at = (hours: number, minutes = 0) =>
  new Date(now.getTime() + hours * H + minutes * 60_000).toISOString();
const confirmed = (time: string | null) => ({ status: 'CONFIRMED' as const, confirmedTime: time });

describe('canClientCancel', () => {
  it('needs a confirmed time', () => {
    expect(canClientCancel(confirmed(null), null, now)).toBe(false);
  });
  it('needs a CONFIRMED booking', () => {
    expect(
      canClientCancel(
        { status: 'PENDING_PROVIDER_CONFIRMATION', confirmedTime: at(100) },
        null,
        now,
      ),
    ).toBe(false);
  });
  it('allows without a policy', () => {
    expect(canClientCancel(confirmed(at(1)), null, now)).toBe(true);
    expect(canClientCancel(confirmed(at(1)), undefined, now)).toBe(true);
  });
  it('never allows NO_CANCELLATION', () => {
    expect(canClientCancel(confirmed(at(1000)), 'NO_CANCELLATION', now)).toBe(false);
  });
  it('TWENTY_FOUR_HOURS: exactly 24 h is refused, 24 h + 1 min allowed', () => {
    expect(canClientCancel(confirmed(at(24)), 'TWENTY_FOUR_HOURS', now)).toBe(false);
    expect(canClientCancel(confirmed(at(24, 1)), 'TWENTY_FOUR_HOURS', now)).toBe(true);
    expect(canClientCancel(confirmed(at(23, 59)), 'TWENTY_FOUR_HOURS', now)).toBe(false);
  });
  it('FORTY_EIGHT_HOURS needs more than 48 h', () => {
    expect(canClientCancel(confirmed(at(48)), 'FORTY_EIGHT_HOURS', now)).toBe(false);
    expect(canClientCancel(confirmed(at(48, 1)), 'FORTY_EIGHT_HOURS', now)).toBe(true);
  });
  it('TWELVE_HOURS needs more than 12 h', () => {
    expect(canClientCancel(confirmed(at(12)), 'TWELVE_HOURS', now)).toBe(false);
    expect(canClientCancel(confirmed(at(12, 1)), 'TWELVE_HOURS', now)).toBe(true);
  });
  it('maps every policy to its hours', () => {
    expect(CANCELLATION_POLICY_HOURS).toEqual({
      TWELVE_HOURS: 12,
      TWENTY_FOUR_HOURS: 24,
      FORTY_EIGHT_HOURS: 48,
      NO_CANCELLATION: null,
    });
  });
});

describe('canClientMove', () => {
  it('moves where the client could cancel, and only a session still ahead', () => {
    expect(canClientMove(confirmed(at(30)), 'TWENTY_FOUR_HOURS', now)).toBe(true);
    expect(canClientMove(confirmed(at(24)), 'TWENTY_FOUR_HOURS', now)).toBe(false);
    expect(canClientMove(confirmed(at(100)), 'NO_CANCELLATION', now)).toBe(false);
    expect(canClientMove(confirmed(at(1)), null, now)).toBe(true);
    // Without a policy a passed session could be cancelled by the rule alone; it never moves.
    expect(canClientCancel(confirmed(at(-1)), null, now)).toBe(true);
    expect(canClientMove(confirmed(at(-1)), null, now)).toBe(false);
    expect(canClientMove(confirmed(at(0)), null, now)).toBe(false);
  });
});

describe('provider actions', () => {
  it('cancels a pending booking, or a confirmed one still in the future', () => {
    expect(
      canProviderCancel({ status: 'PENDING_PROVIDER_CONFIRMATION', confirmedTime: null }, now),
    ).toBe(true);
    expect(canProviderCancel(confirmed(at(0, 1)), now)).toBe(true);
    expect(canProviderCancel(confirmed(at(0)), now)).toBe(false);
    expect(canProviderCancel(confirmed(at(-1)), now)).toBe(false);
    expect(canProviderCancel({ status: 'COMPLETED', confirmedTime: at(5) }, now)).toBe(false);
    expect(canProviderCancel({ status: 'CANCELLED', confirmedTime: at(5) }, now)).toBe(false);
  });
  it('completes a confirmed booking once its time has come', () => {
    expect(canComplete(confirmed(at(0)), now)).toBe(true);
    expect(canComplete(confirmed(at(-2)), now)).toBe(true);
    expect(canComplete(confirmed(at(0, 1)), now)).toBe(false);
    expect(canComplete(confirmed(null), now)).toBe(false);
    expect(
      canComplete({ status: 'PENDING_PROVIDER_CONFIRMATION', confirmedTime: at(-2) }, now),
    ).toBe(false);
  });
  it('confirms only a pending booking, with one of its suggested times', () => {
    expect(canConfirm({ status: 'PENDING_PROVIDER_CONFIRMATION' })).toBe(true);
    expect(canConfirm({ status: 'CONFIRMED' })).toBe(false);
    const suggested = ['2026-05-12T05:00:00.000Z', '2026-05-12T06:00:00.000Z'];
    expect(isSuggestedTime(suggested, '2026-05-12T07:00:00+02:00')).toBe(true);
    expect(isSuggestedTime(suggested, '2026-05-12T07:00:00.000Z')).toBe(false);
  });
  it('rebooks only when every booking of the match is closed', () => {
    expect(canRebook([{ status: 'CANCELLED' }, { status: 'COMPLETED' }])).toBe(true);
    expect(canRebook([{ status: 'CANCELLED' }, { status: 'CONFIRMED' }])).toBe(false);
    expect(canRebook([])).toBe(false);
    expect(canRebook([{ status: 'EXPIRED' }, { status: 'COMPLETED' }])).toBe(true);
    expect(canRebook([{ status: 'EXPIRED' }, { status: 'PENDING_PROVIDER_CONFIRMATION' }])).toBe(
      false,
    );
  });
});

describe('isRequestExpired (decision 170)', () => {
  const pending = (...times: string[]) => ({
    status: 'PENDING_PROVIDER_CONFIRMATION' as const,
    suggestedTimes: times,
  });
  it('expires a pending request once its LAST suggested time has come, not before', () => {
    expect(isRequestExpired(pending(at(-48), at(-1), at(1)), now)).toBe(false);
    expect(isRequestExpired(pending(at(-48), at(-2), at(0, -1)), now)).toBe(true);
    expect(isRequestExpired(pending(at(-48), at(-2), at(0)), now)).toBe(true);
    expect(isRequestExpired(pending(at(-48), at(-2), at(0, 1)), now)).toBe(false);
  });
  it('never expires another state or a request without times', () => {
    expect(isRequestExpired({ status: 'CONFIRMED', suggestedTimes: [at(-5)] }, now)).toBe(false);
    expect(isRequestExpired(pending(), now)).toBe(false);
  });
});
