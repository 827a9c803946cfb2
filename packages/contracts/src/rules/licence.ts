import type { ProviderTitle } from '../enums';
import {
  addStockholmDays,
  formatStockholmDate,
  stockholmDateTime,
  stockholmParts,
  toDate,
  type DateInput,
} from '../time';

/**
 * Proof of licence (docs/rules/matching.md#licences, docs/rules/admin.md#licence-checks). Psykolog, psykoterapeut
 * and hälso- och sjukvårdskurator are protected titles in Sweden: an admin
 * checks each one a therapist claims in Socialstyrelsen's register of
 * licensed health professionals (HOSP). Socionom and sexolog are not
 * licences and are never shown as such.
 */
export const LICENSED_TITLES = [
  'PSYKOLOG',
  'PSYKOTERAPEUT',
  'KURATOR',
] as const satisfies readonly ProviderTitle[];
export type LicensedTitle = (typeof LICENSED_TITLES)[number];

export function isLicensedTitle(title: ProviderTitle): title is LicensedTitle {
  return (LICENSED_TITLES as readonly ProviderTitle[]).includes(title);
}

/** The licensed titles among a therapist's titles, in the order they were given. */
export function claimedLicensedTitles(titles: readonly ProviderTitle[]): LicensedTitle[] {
  return titles.filter(isLicensedTitle);
}

/** The licence as a client reads it ('Legitimerad psykolog'). */
export const LICENCE_LABELS: Record<LicensedTitle, string> = {
  PSYKOLOG: 'Legitimerad psykolog',
  PSYKOTERAPEUT: 'Legitimerad psykoterapeut',
  KURATOR: 'Legitimerad hälso- och sjukvårdskurator',
};

/** The profession inside a sentence ('… som psykolog'). */
export const LICENCE_PROFESSIONS: Record<LicensedTitle, string> = {
  PSYKOLOG: 'psykolog',
  PSYKOTERAPEUT: 'psykoterapeut',
  KURATOR: 'hälso- och sjukvårdskurator',
};

/** A check is valid for this many months (docs/rules/admin.md#licence-checks). */
export const LICENCE_CHECK_VALID_MONTHS = 12;

/**
 * When a check stops counting: 00:00 Stockholm time on the same calendar day
 * 12 months after the day of the check (checked 12 November 2026: valid
 * through 11 November 2027). A 29 February check ends on 1 March.
 */
export function licenceCheckExpiresAt(checkedAt: DateInput): Date {
  const p = stockholmParts(checkedAt);
  return stockholmDateTime(p.year, p.month + LICENCE_CHECK_VALID_MONTHS, p.day, 0, 0);
}

/** True while the check is younger than 12 months (by Stockholm calendar days). */
export function isLicenceCheckCurrent(checkedAt: DateInput, now: DateInput): boolean {
  return toDate(now).getTime() < licenceCheckExpiresAt(checkedAt).getTime();
}

/**
 * The instant before which a check is no longer current at `now`: 00:00
 * Stockholm time of the first day whose checks still count (for a query:
 * `checked_at < licenceChecksDueBefore(now)` is exactly `!isLicenceCheckCurrent`).
 * Found from licenceCheckExpiresAt itself, so month ends and 29 February
 * follow the one rule: a few days before the day a year back, then day by day.
 */
export function licenceChecksDueBefore(now: DateInput): Date {
  const p = stockholmParts(now);
  let day = stockholmDateTime(p.year - 1, p.month, p.day - 3);
  while (!isLicenceCheckCurrent(day, now)) day = addStockholmDays(day, 1);
  return day;
}

export interface LicenceCheckFact {
  title: ProviderTitle;
  registered: boolean;
  checkedAt: DateInput;
}

/** The newest check of each title (a later check replaces an earlier one). */
export function latestLicenceChecks<T extends LicenceCheckFact>(
  checks: readonly T[],
): Map<ProviderTitle, T> {
  const latest = new Map<ProviderTitle, T>();
  for (const check of checks) {
    const seen = latest.get(check.title);
    if (!seen || toDate(check.checkedAt).getTime() > toDate(seen.checkedAt).getTime()) {
      latest.set(check.title, check);
    }
  }
  return latest;
}

/**
 * Where a claimed licensed title stands:
 * CURRENT: its newest check found it registered, less than 12 months ago;
 * EXPIRED: its newest check found it registered, 12 months ago or more;
 * NOT_REGISTERED: its newest check did not find it in the register;
 * MISSING: never checked.
 */
export type LicenceStanding = 'CURRENT' | 'EXPIRED' | 'NOT_REGISTERED' | 'MISSING';

export function licenceStanding(
  check: LicenceCheckFact | undefined,
  now: DateInput,
): LicenceStanding {
  if (!check) return 'MISSING';
  if (!check.registered) return 'NOT_REGISTERED';
  return isLicenceCheckCurrent(check.checkedAt, now) ? 'CURRENT' : 'EXPIRED';
}

/** Each licensed title the therapist claims, with its standing and newest check. */
export function licenceStandings<T extends LicenceCheckFact>(
  titles: readonly ProviderTitle[],
  checks: readonly T[],
  now: DateInput,
): { title: LicensedTitle; standing: LicenceStanding; check: T | undefined }[] {
  const latest = latestLicenceChecks(checks);
  return claimedLicensedTitles(titles).map((title) => {
    const check = latest.get(title);
    return { title, standing: licenceStanding(check, now), check };
  });
}

/**
 * Why a therapist cannot be verified yet (a Swedish sentence for the 422),
 * or null when every claimed licensed title has a registered check younger
 * than 12 months. A title found not registered must come off the profile
 * first; that reason wins over a missing or old check.
 */
export function licenceVerificationBlock(
  titles: readonly ProviderTitle[],
  checks: readonly LicenceCheckFact[],
  now: DateInput,
): string | null {
  const standings = licenceStandings(titles, checks, now);
  const notRegistered = standings.find((s) => s.standing === 'NOT_REGISTERED');
  if (notRegistered) {
    return `Terapeuten finns inte i Socialstyrelsens register som ${LICENCE_PROFESSIONS[notRegistered.title]}. Titeln måste tas bort från profilen innan terapeuten kan verifieras.`;
  }
  const unchecked = standings.find((s) => s.standing !== 'CURRENT');
  if (unchecked) {
    return `Legitimationen som ${LICENCE_PROFESSIONS[unchecked.title]} behöver kontrolleras i Socialstyrelsens register (HOSP) innan terapeuten kan verifieras. Kontrollen får vara högst 12 månader gammal.`;
  }
  return null;
}

/** True when a claimed licensed title's newest check is 12 months old or more (the admin list flags it). */
export function licenceCheckExpired(
  titles: readonly ProviderTitle[],
  checks: readonly LicenceCheckFact[],
  now: DateInput,
): boolean {
  return licenceStandings(titles, checks, now).some((s) => s.standing === 'EXPIRED');
}

/** What a client may see: per claimed licensed title with a current registered check, the day it was checked. */
export interface PublicLicence {
  title: LicensedTitle;
  checkedAt: string;
}

export function publicLicences(
  titles: readonly ProviderTitle[],
  checks: readonly LicenceCheckFact[],
  now: DateInput,
): PublicLicence[] {
  return licenceStandings(titles, checks, now).flatMap((s) =>
    s.standing === 'CURRENT' && s.check
      ? [{ title: s.title, checkedAt: toDate(s.check.checkedAt).toISOString() }]
      : [],
  );
}

/** 'Legitimerad psykolog · kontrollerad 12 november 2026'. */
export function licenceBadgeText(licence: PublicLicence): string {
  return `${LICENCE_LABELS[licence.title]} · kontrollerad ${formatStockholmDate(licence.checkedAt)}`;
}
