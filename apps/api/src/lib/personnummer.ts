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
 * digit over the last ten digits.
 */

export interface Personnummer {
  /** 12 digits, YYYYMMDDNNNC. */
  value: string;
  /** Day of birth + 60: a samordningsnummer rather than a personnummer. */
  isCoordinationNumber: boolean;
  /** The birth date as YYYY-MM-DD. */
  birthDate: string;
}

const PATTERN = /^(\d{2})?(\d{2})(\d{2})(\d{2})([-+]?)(\d{3})(\d)$/;

/** Luhn checksum over a string of digits: true when the last digit is right. */
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

/** The Luhn check digit for nine digits (YYMMDDNNN). */
export function luhnCheckDigit(nineDigits: string): string {
  for (let c = 0; c <= 9; c += 1) {
    if (luhnValid(`${nineDigits}${c}`)) return String(c);
  }
  throw new Error('unreachable');
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Parses and validates; returns null for anything that is not a valid
 * personnummer or samordningsnummer. `now` decides the century of a 10-digit
 * number and refuses birth dates in the future.
 */
export function parsePersonnummer(input: unknown, now: Date = new Date()): Personnummer | null {
  if (typeof input !== 'string') return null;
  const m = PATTERN.exec(input.trim());
  if (!m) return null;
  const [, century, yy, mm, dd, sep, serial, check] = m as unknown as string[];
  // A 12-digit number carries its century: '+' makes no sense there.
  if (century && sep === '+') return null;

  const month = Number(mm);
  let day = Number(dd);
  const isCoordinationNumber = day > 60;
  if (isCoordinationNumber) day -= 60;

  const thisYear = now.getUTCFullYear();
  let year: number;
  if (century) {
    year = Number(`${century}${yy}`);
  } else {
    // The latest year with these two digits whose date is not in the future…
    year = thisYear - ((((thisYear - Number(yy)) % 100) + 100) % 100);
    if (Date.UTC(year, month - 1, day) > now.getTime()) year -= 100;
    // …and one century earlier for a '+' (100 years or older).
    if (sep === '+') year -= 100;
  }

  if (month < 1 || month > 12) return null;
  if (day < 1 || day > daysInMonth(year, month)) return null;
  const birth = Date.UTC(year, month - 1, day);
  if (birth > now.getTime()) return null;
  if (year < 1800) return null;

  if (!luhnValid(`${yy}${mm}${dd}${serial}${check}`)) return null;

  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    value: `${year}${mm}${dd}${serial}${check}`,
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
