import { describe, expect, it } from 'vitest';
import type { BookingStatus } from '../enums';
import { matchBadge, matchDisplay, scoreLabel } from './match-badge';

const active = (...statuses: BookingStatus[]) => ({
  status: 'ACTIVE' as const,
  score: 0.9,
  bookings: statuses.map((status) => ({ status })),
});

describe('matchBadge by priority', () => {
  it('confirmed wins over everything', () => {
    expect(
      matchBadge(active('CANCELLED', 'COMPLETED', 'PENDING_PROVIDER_CONFIRMATION', 'CONFIRMED')),
    ).toEqual({
      label: 'Bokning bekräftad',
      tone: 'success',
    });
  });
  it('then pending', () => {
    expect(matchBadge(active('CANCELLED', 'COMPLETED', 'PENDING_PROVIDER_CONFIRMATION'))).toEqual({
      label: 'Inväntar svar',
      tone: 'warning',
    });
  });
  it('then completed', () => {
    expect(matchBadge(active('CANCELLED', 'COMPLETED'))).toEqual({
      label: 'Bokning genomförd',
      tone: 'info',
    });
  });
  it('then cancelled, with the destructive look', () => {
    expect(matchBadge(active('CANCELLED'))).toEqual({
      label: 'Bokning avbruten',
      tone: 'destructive',
    });
  });
  it('an expired request reads like a cancellation; a later booking outranks it', () => {
    expect(matchBadge(active('EXPIRED'))).toEqual({
      label: 'Bokning avbruten',
      tone: 'destructive',
    });
    expect(matchBadge(active('EXPIRED', 'PENDING_PROVIDER_CONFIRMATION'))?.label).toBe(
      'Inväntar svar',
    );
  });
  it('no booking: no badge; a PENDING match: no badge', () => {
    expect(matchBadge(active())).toBeNull();
    expect(matchBadge({ status: 'PENDING', bookings: [{ status: 'CONFIRMED' }] })).toBeNull();
  });
});

describe('scoreLabel thresholds', () => {
  it.each([
    [1, 'Väldigt bra match'],
    [0.8, 'Väldigt bra match'],
    [0.7999, 'Bra match'],
    [0.6, 'Bra match'],
    [0.5999, 'Okej match'],
    [0, 'Okej match'],
  ])('%s → %s', (score, label) => {
    expect(scoreLabel(score)).toBe(label);
  });
  it('an exact 0.8 or 0.6 computed with rounding error keeps its label', () => {
    const mean = (...xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(mean(1, 1, 2 / 5)).toBeLessThan(0.8); // 0.7999999999999999
    expect(scoreLabel(mean(1, 1, 2 / 5))).toBe('Väldigt bra match');
    expect(scoreLabel(0.1 + 0.7)).toBe('Väldigt bra match'); // 0.7999999999999999
    expect(scoreLabel(0.3 + 0.3)).toBe('Bra match'); // 0.6 exactly; stays
    expect(scoreLabel(0.79999)).toBe('Bra match');
    expect(scoreLabel(0.59999)).toBe('Okej match');
  });
});

describe('matchDisplay', () => {
  it('shows the badge of an ACTIVE match', () => {
    expect(matchDisplay(active('CONFIRMED'))).toEqual({
      kind: 'badge',
      label: 'Bokning bekräftad',
      tone: 'success',
    });
  });
  it('shows nothing for an ACTIVE match without bookings', () => {
    expect(matchDisplay(active())).toBeNull();
  });
  it('shows the score label of a PENDING match', () => {
    expect(matchDisplay({ status: 'PENDING', score: 0.6, bookings: [] })).toEqual({
      kind: 'score',
      label: 'Bra match',
      level: 'good',
    });
    expect(matchDisplay({ status: 'PENDING', score: 0.8, bookings: [] })).toEqual({
      kind: 'score',
      label: 'Väldigt bra match',
      level: 'veryGood',
    });
    expect(matchDisplay({ status: 'PENDING', score: 0.5999, bookings: [] })).toEqual({
      kind: 'score',
      label: 'Okej match',
      level: 'okay',
    });
  });
  it('a PENDING match has no badge, so it shows its score even with bookings', () => {
    expect(
      matchDisplay({ status: 'PENDING', score: 0.9, bookings: [{ status: 'CONFIRMED' }] }),
    ).toEqual({ kind: 'score', label: 'Väldigt bra match', level: 'veryGood' });
  });
});
