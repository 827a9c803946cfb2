import { describe, expect, it } from 'vitest';
import { ProviderTitle } from '../enums';
import {
  LICENSED_TITLES,
  claimedLicensedTitles,
  isLicenceCheckCurrent,
  isLicensedTitle,
  latestLicenceChecks,
  licenceBadgeText,
  licenceCheckExpired,
  licenceCheckExpiresAt,
  licenceChecksDueBefore,
  licenceStanding,
  licenceVerificationBlock,
  publicLicences,
} from './licence';

// 2026-11-12 10:00 Stockholm (CET, +1).
const CHECKED = '2026-11-12T09:00:00.000Z';

describe('licensed titles', () => {
  it('psykolog, psykoterapeut and kurator are licensed; socionom and sexolog are not', () => {
    expect(LICENSED_TITLES).toEqual(['PSYKOLOG', 'PSYKOTERAPEUT', 'KURATOR']);
    expect(ProviderTitle.filter(isLicensedTitle)).toEqual(['PSYKOLOG', 'PSYKOTERAPEUT', 'KURATOR']);
    expect(isLicensedTitle('SOCIONOM')).toBe(false);
    expect(isLicensedTitle('SEXOLOG')).toBe(false);
    expect(claimedLicensedTitles(['SOCIONOM', 'KURATOR', 'SEXOLOG'])).toEqual(['KURATOR']);
  });
});

describe('the 12-month rule (Stockholm calendar days)', () => {
  it('a check made on 12 November 2026 counts through 11 November 2027', () => {
    expect(licenceCheckExpiresAt(CHECKED).toISOString()).toBe('2027-11-11T23:00:00.000Z');
    expect(isLicenceCheckCurrent(CHECKED, '2027-11-11T22:59:59.999Z')).toBe(true);
    expect(isLicenceCheckCurrent(CHECKED, '2027-11-11T23:00:00.000Z')).toBe(false);
    expect(isLicenceCheckCurrent(CHECKED, CHECKED)).toBe(true);
  });

  it('uses the Stockholm day of the check, not the UTC day', () => {
    // 00:30 on 1 June 2026 in Stockholm (CEST) is still 31 May in UTC.
    const check = '2026-05-31T22:30:00.000Z';
    expect(licenceCheckExpiresAt(check).toISOString()).toBe('2027-05-31T22:00:00.000Z');
  });

  it('a check on 29 February ends on 1 March the next year', () => {
    expect(licenceCheckExpiresAt('2028-02-29T12:00:00.000Z').toISOString()).toBe(
      '2029-02-28T23:00:00.000Z',
    );
  });
});

describe('licenceChecksDueBefore: the instant that splits due checks from current ones', () => {
  it('is 00:00 Stockholm of the first day whose checks still count, 29 February included', () => {
    // 28 February 2029: a check on 29 February 2028 counts through 28 February 2029.
    expect(licenceChecksDueBefore('2029-02-28T11:00:00.000Z').toISOString()).toBe(
      '2028-02-28T23:00:00.000Z',
    );
    // 29 February 2028: checks of 28 February 2027 ended today, 1 March 2027's count.
    expect(licenceChecksDueBefore('2028-02-29T11:00:00.000Z').toISOString()).toBe(
      '2027-02-28T23:00:00.000Z',
    );
    expect(licenceChecksDueBefore('2027-11-12T10:00:00.000Z').toISOString()).toBe(
      '2026-11-12T23:00:00.000Z',
    );
  });

  it('agrees with isLicenceCheckCurrent on every day of three years, at both ends of the day', () => {
    const DAY = 86_400_000;
    for (
      let t = Date.parse('2027-01-01T00:00:00Z');
      t < Date.parse('2030-01-01T00:00:00Z');
      t += DAY
    ) {
      for (const now of [t - 3_600_000 + 60_000, t + 21 * 3_600_000 + 59 * 60_000]) {
        const cutoff = licenceChecksDueBefore(now).getTime();
        expect(isLicenceCheckCurrent(cutoff, now)).toBe(true);
        expect(isLicenceCheckCurrent(cutoff - 1, now)).toBe(false);
      }
    }
  });
});

describe('standing and verification', () => {
  const now = '2027-01-10T12:00:00.000Z';
  const old = '2025-12-01T12:00:00.000Z';

  it('the newest check of a title decides', () => {
    const checks = [
      { title: 'PSYKOLOG' as const, registered: true, checkedAt: old },
      { title: 'PSYKOLOG' as const, registered: false, checkedAt: CHECKED },
    ];
    expect(latestLicenceChecks(checks).get('PSYKOLOG')?.registered).toBe(false);
    expect(latestLicenceChecks([...checks].reverse()).get('PSYKOLOG')?.registered).toBe(false);
  });

  it('MISSING, NOT_REGISTERED, EXPIRED and CURRENT', () => {
    expect(licenceStanding(undefined, now)).toBe('MISSING');
    expect(licenceStanding({ title: 'KURATOR', registered: false, checkedAt: CHECKED }, now)).toBe(
      'NOT_REGISTERED',
    );
    expect(licenceStanding({ title: 'KURATOR', registered: true, checkedAt: old }, now)).toBe(
      'EXPIRED',
    );
    expect(licenceStanding({ title: 'KURATOR', registered: true, checkedAt: CHECKED }, now)).toBe(
      'CURRENT',
    );
  });

  it('verification needs a current registered check of every claimed licensed title', () => {
    expect(licenceVerificationBlock(['SOCIONOM', 'SEXOLOG'], [], now)).toBeNull();
    expect(licenceVerificationBlock(['PSYKOLOG', 'SOCIONOM'], [], now)).toBe(
      'Legitimationen som psykolog behöver kontrolleras i Socialstyrelsens register (HOSP) innan terapeuten kan verifieras. Kontrollen får vara högst 12 månader gammal.',
    );
    const psykolog = { title: 'PSYKOLOG' as const, registered: true, checkedAt: CHECKED };
    expect(licenceVerificationBlock(['PSYKOLOG'], [psykolog], now)).toBeNull();
    expect(licenceVerificationBlock(['PSYKOLOG', 'KURATOR'], [psykolog], now)).toMatch(
      /^Legitimationen som hälso- och sjukvårdskurator behöver kontrolleras/,
    );
    expect(licenceVerificationBlock(['PSYKOLOG'], [{ ...psykolog, checkedAt: old }], now)).toMatch(
      /^Legitimationen som psykolog/,
    );
  });

  it('a title found not registered must come off the profile first', () => {
    const checks = [
      { title: 'PSYKOTERAPEUT' as const, registered: false, checkedAt: CHECKED },
      { title: 'PSYKOLOG' as const, registered: true, checkedAt: CHECKED },
    ];
    expect(licenceVerificationBlock(['PSYKOLOG', 'PSYKOTERAPEUT'], checks, now)).toBe(
      'Terapeuten finns inte i Socialstyrelsens register som psykoterapeut. Titeln måste tas bort från profilen innan terapeuten kan verifieras.',
    );
    // Once the title is off the profile, its old check no longer counts.
    expect(licenceVerificationBlock(['PSYKOLOG'], checks, now)).toBeNull();
  });

  it('flags a claimed title whose newest check is 12 months old or more', () => {
    const checks = [{ title: 'PSYKOLOG' as const, registered: true, checkedAt: old }];
    expect(licenceCheckExpired(['PSYKOLOG'], checks, now)).toBe(true);
    expect(licenceCheckExpired(['PSYKOLOG'], checks, '2026-11-30T12:00:00.000Z')).toBe(false);
    expect(licenceCheckExpired(['SOCIONOM'], checks, now)).toBe(false);
    expect(licenceCheckExpired(['PSYKOLOG'], [], now)).toBe(false);
  });
});

describe('what a client sees', () => {
  it('one badge per claimed licensed title with a current registered check, nothing for others', () => {
    const checks = [
      { title: 'PSYKOLOG' as const, registered: true, checkedAt: CHECKED },
      { title: 'PSYKOTERAPEUT' as const, registered: false, checkedAt: CHECKED },
      { title: 'KURATOR' as const, registered: true, checkedAt: CHECKED },
    ];
    const now = '2026-12-01T12:00:00.000Z';
    // KURATOR is checked but no longer claimed; SOCIONOM is never a licence.
    expect(publicLicences(['SOCIONOM', 'PSYKOLOG', 'PSYKOTERAPEUT'], checks, now)).toEqual([
      { title: 'PSYKOLOG', checkedAt: CHECKED },
    ]);
    expect(publicLicences(['PSYKOLOG'], checks, '2027-11-12T12:00:00.000Z')).toEqual([]);
  });

  it('reads "Legitimerad psykolog · kontrollerad 12 november 2026"', () => {
    expect(licenceBadgeText({ title: 'PSYKOLOG', checkedAt: CHECKED })).toBe(
      'Legitimerad psykolog · kontrollerad 12 november 2026',
    );
    expect(licenceBadgeText({ title: 'PSYKOTERAPEUT', checkedAt: CHECKED })).toBe(
      'Legitimerad psykoterapeut · kontrollerad 12 november 2026',
    );
    // 23:30 UTC on 11 November is already the 12th in Stockholm.
    expect(licenceBadgeText({ title: 'KURATOR', checkedAt: '2026-11-11T23:30:00.000Z' })).toBe(
      'Legitimerad hälso- och sjukvårdskurator · kontrollerad 12 november 2026',
    );
  });
});
