import { describe, expect, it } from 'vitest';
import { isLicenceCheckCurrent, licenceBadgeText, licenceCheckExpiresAt } from './licence';

// Run under another process time zone: the rule must not depend on it.
describe('the 12-month rule whatever the process time zone', () => {
  it('ends at 00:00 Stockholm time, 12 months after the Stockholm day of the check', () => {
    // 00:30 on 1 June 2026 in Stockholm, 18:30 on 31 May in New York.
    const check = '2026-05-31T22:30:00.000Z';
    expect(licenceCheckExpiresAt(check).toISOString()).toBe('2027-05-31T22:00:00.000Z');
    expect(isLicenceCheckCurrent(check, '2027-05-31T21:59:59.000Z')).toBe(true);
    expect(isLicenceCheckCurrent(check, '2027-05-31T22:00:00.000Z')).toBe(false);
    expect(licenceBadgeText({ title: 'PSYKOLOG', checkedAt: check })).toBe(
      'Legitimerad psykolog · kontrollerad 1 juni 2026',
    );
  });
});
