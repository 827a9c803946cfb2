import { describe, expect, it } from 'vitest';
import {
  formatPersonnummer,
  isValidPersonnummer,
  luhnCheckDigit,
  luhnValid,
  normalisePersonnummer,
  parsePersonnummer,
} from '../personnummer';

const NOW = new Date('2026-06-15T12:00:00Z');

describe('Luhn', () => {
  it('computes and checks the check digit over the last ten digits', () => {
    expect(luhnCheckDigit('811218987')).toBe('6');
    expect(luhnValid('8112189876')).toBe(true);
    expect(luhnValid('8112189875')).toBe(false);
  });
});

describe('parsePersonnummer', () => {
  it.each([
    ['198112189876', '198112189876'],
    ['19811218-9876', '198112189876'],
    ['811218-9876', '198112189876'],
    ['8112189876', '198112189876'],
    ['  19811218-9876  ', '198112189876'],
  ])('normalises %s to 12 digits', (input, expected) => {
    expect(normalisePersonnummer(input, NOW)).toBe(expected);
  });

  it('reads the century of a 10-digit number from today, and + as 100 years or older', () => {
    expect(normalisePersonnummer('121212-1212', NOW)).toBe('201212121212');
    expect(normalisePersonnummer('121212+1212', NOW)).toBe('191212121212');
    expect(normalisePersonnummer('0101011239', NOW)).toBeNull(); // check digit is wrong
  });

  it('puts a 10-digit number whose date this century is still ahead into the last century', () => {
    // 2026-12-01 has not happened yet on NOW, so 261201 is 1926.
    const tenDigits = `261201${'123'}`;
    const pnr = `${tenDigits}${luhnCheckDigit(tenDigits)}`;
    expect(normalisePersonnummer(pnr, NOW)).toBe(`19${pnr}`);
  });

  it('accepts a samordningsnummer (day + 60) and says so', () => {
    const nine = '900275678';
    const result = parsePersonnummer(`19${nine}${luhnCheckDigit(nine)}`, NOW);
    expect(result).toMatchObject({ isCoordinationNumber: true, birthDate: '1990-02-15' });
  });

  it.each([
    ['198112189875', 'wrong check digit'],
    ['198113189876', 'month 13'],
    ['19810230' + '1234', 'February 30th'],
    ['20990101' + '1234', 'a birth date in the future'],
    ['19811218+9876', "'+' with a 12-digit number"],
    ['1981121898', 'too few digits'],
    ['1981121898761', 'too many digits'],
    ['19811218--9876', 'two separators'],
    ['19811218 9876', 'a space as separator'],
    ['abcdefghijkl', 'letters'],
    ['19811218000' + luhnCheckDigit('811218000'), 'serial 000, never issued'],
    ['19811218T234', 'an interim number (a letter in the serial)'],
    ['', 'empty'],
  ])('refuses %s (%s)', (input) => {
    expect(isValidPersonnummer(input, NOW)).toBe(false);
  });

  it('checks the leap day', () => {
    const leap = '000229123';
    expect(isValidPersonnummer(`20${leap}${luhnCheckDigit(leap)}`, NOW)).toBe(true);
    const notLeap = '010229123';
    expect(isValidPersonnummer(`20${notLeap}${luhnCheckDigit(notLeap)}`, NOW)).toBe(false);
  });

  it('refuses values that are not strings', () => {
    expect(parsePersonnummer(198112189876, NOW)).toBeNull();
    expect(parsePersonnummer(undefined, NOW)).toBeNull();
  });

  it('formats 12 digits for display', () => {
    expect(formatPersonnummer('198112189876')).toBe('19811218-9876');
  });
});
