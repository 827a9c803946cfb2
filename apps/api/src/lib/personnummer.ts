/**
 * Swedish personnummer and samordningsnummer (coordination number).
 *
 * Accepted input: 12 digits (YYYYMMDDNNNC) or 10 digits (YYMMDDNNNC), with an
 * optional '-' or '+' before the last four digits and surrounding spaces.
 * A '+' in the 10-digit form means the person is 100 years or older.
 * Normalised form: 12 digits, no separator.
 *
 * Valid means: a real calendar date not in the future (for a
 * samordningsnummer the day is the birth day + 60) and a correct Luhn check
 * digit over the last ten digits. The date and check-digit rules are the
 * `personnummer` package's (docs/decisions/132-personnummer-package.md); ours
 * are the accepted input forms, the century of a 10-digit number as of `now`
 * (the package reads the clock and would place a birthday later this year in
 * the future) and refusing future birth dates and interim numbers.
 */
import Personnummer from 'personnummer';

export interface ParsedPersonnummer {
  /** 12 digits, YYYYMMDDNNNC. */
  value: string;
  /** Day of birth + 60: a samordningsnummer rather than a personnummer. */
  isCoordinationNumber: boolean;
  /** The birth date as YYYY-MM-DD. */
  birthDate: string;
}

/** The input forms we accept: optional century, one optional separator, nothing else. */
const SHAPE = /^(\d{2})?(\d{2})(\d{2})(\d{2})([-+]?)(\d{4})$/;

/**
 * Luhn checksum over a string of digits: true when the last digit is right.
 * For making test numbers (factories); validation goes through the package.
 */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The Luhn check digit for nine digits (YYMMDDNNN), to make test numbers. */
export function luhnCheckDigit(nineDigits: string): string {
  for (let c = 0; c <= 9; c += 1) {
    if (luhnValid(`${nineDigits}${c}`)) return String(c);
  }
  throw new Error('unreachable');
}

/** The full year of a 10-digit number: the latest not in the future, a century earlier for '+'. */
function fullYear(yy: string, mm: string, dd: string, sep: string, now: Date): number {
  const thisYear = now.getUTCFullYear();
  let year = thisYear - ((((thisYear - Number(yy)) % 100) + 100) % 100);
  const day = Number(dd) > 60 ? Number(dd) - 60 : Number(dd);
  if (Date.UTC(year, Number(mm) - 1, day) > now.getTime()) year -= 100;
  if (sep === '+') year -= 100;
  return year;
}

/**
 * Parses and validates; returns null for anything that is not a valid
 * personnummer or samordningsnummer. `now` decides the century of a 10-digit
 * number and refuses birth dates in the future.
 */
export function parsePersonnummer(
  input: unknown,
  now: Date = new Date(),
): ParsedPersonnummer | null {
  if (typeof input !== 'string') return null;
  const m = SHAPE.exec(input.trim());
  if (!m) return null;
  const [, century, yy, mm, dd, sep, last4] = m as unknown as string[];
  // A 12-digit number carries its century: '+' makes no sense there.
  if (century && sep === '+') return null;
  const year = century ? Number(`${century}${yy}`) : fullYear(yy!, mm!, dd!, sep!, now);
  if (year < 1800) return null;

  let parsed: InstanceType<typeof Personnummer>;
  try {
    parsed = Personnummer.parse(`${year}${mm}${dd}${last4}`, {
      allowCoordinationNumber: true,
      allowInterimNumber: false,
    });
  } catch {
    return null;
  }
  const isCoordinationNumber = parsed.isCoordinationNumber();
  const month = Number(parsed.month);
  const day = Number(parsed.day) - (isCoordinationNumber ? 60 : 0);
  if (Date.UTC(year, month - 1, day) > now.getTime()) return null;

  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    value: parsed.format(true),
    isCoordinationNumber,
    birthDate: `${year}-${pad(month)}-${pad(day)}`,
  };
}

/** The normalised 12 digits, or null when invalid. */
export function normalisePersonnummer(input: unknown, now?: Date): string | null {
  return parsePersonnummer(input, now)?.value ?? null;
}

/** True for a valid personnummer or samordningsnummer in any accepted form. */
export function isValidPersonnummer(input: unknown, now?: Date): boolean {
  return parsePersonnummer(input, now) !== null;
}

/** Display form YYYYMMDD-NNNN of a normalised 12-digit number. */
export function formatPersonnummer(value: string): string {
  return /^\d{12}$/.test(value) ? `${value.slice(0, 8)}-${value.slice(8)}` : value;
}
