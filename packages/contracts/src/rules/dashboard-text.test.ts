import { describe, expect, it } from 'vitest';
import { DASHBOARD_TEXTS, dashboardText } from './dashboard-text';

const client = { type: 'CLIENT' as const };

describe('dashboardText by priority', () => {
  it('1. a provider sees the bookings text, whatever the matches', () => {
    expect(
      dashboardText({ type: 'PROVIDER' }, [
        { status: 'ACTIVE', bookings: [{ status: 'CONFIRMED' }] },
      ]),
    ).toBe(DASHBOARD_TEXTS.provider);
  });
  it('2. any confirmed booking', () => {
    expect(
      dashboardText(client, [
        { status: 'PENDING', bookings: [] },
        { status: 'ACTIVE', bookings: [{ status: 'PENDING_PROVIDER_CONFIRMATION' }] },
        { status: 'ACTIVE', bookings: [{ status: 'CANCELLED' }, { status: 'CONFIRMED' }] },
      ]),
    ).toBe(DASHBOARD_TEXTS.confirmed);
  });
  it('3. any pending booking', () => {
    expect(
      dashboardText(client, [
        { status: 'PENDING', bookings: [] },
        { status: 'ACTIVE', bookings: [{ status: 'PENDING_PROVIDER_CONFIRMATION' }] },
      ]),
    ).toBe(DASHBOARD_TEXTS.pending);
  });
  it('4. any PENDING match', () => {
    expect(
      dashboardText(client, [
        { status: 'ACTIVE', bookings: [{ status: 'COMPLETED' }] },
        { status: 'PENDING', bookings: [] },
      ]),
    ).toBe(DASHBOARD_TEXTS.matchesFound);
  });
  it('5. otherwise the generic text', () => {
    expect(dashboardText(client, [])).toBe(DASHBOARD_TEXTS.generic);
    expect(dashboardText(client, [{ status: 'ACTIVE', bookings: [{ status: 'CANCELLED' }] }])).toBe(
      DASHBOARD_TEXTS.generic,
    );
  });
  it('has five distinct Swedish texts', () => {
    expect(new Set(Object.values(DASHBOARD_TEXTS)).size).toBe(5);
    expect(DASHBOARD_TEXTS.pending).toBe(
      'Din bokningsförfrågan har skickats. Du får ett meddelande så snart terapeuten har bekräftat en av dina tider.',
    );
  });
});
