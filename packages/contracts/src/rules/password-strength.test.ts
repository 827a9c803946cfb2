import { describe, expect, it } from 'vitest';
import { PASSWORD_STRENGTH_LABELS, passwordStrength } from './password-strength';

describe('passwordStrength', () => {
  it.each([
    ['', 0, 'Svagt'],
    ['abc', 1, 'Svagt'],
    ['abcdefgh', 2, 'Medel'],
    ['Abcdefgh', 3, 'Starkt'],
    ['Abcdefg1', 4, 'Mycket starkt'],
    ['Abc!', 3, 'Starkt'],
    ['12345678', 2, 'Medel'],
    ['ÅSA-ölkaka', 4, 'Mycket starkt'],
  ])('%j → %i %s', (pw, score, label) => {
    expect(passwordStrength(pw)).toEqual({ score, label });
  });
  it('counts length from 8 characters', () => {
    expect(passwordStrength('aaaaaaa').score).toBe(1);
    expect(passwordStrength('aaaaaaaa').score).toBe(2);
  });
  it('labels 0 to 4 points Svagt, Svagt, Medel, Starkt, Mycket starkt', () => {
    expect(PASSWORD_STRENGTH_LABELS).toEqual([
      'Svagt',
      'Svagt',
      'Medel',
      'Starkt',
      'Mycket starkt',
    ]);
  });
  it('gives one point per rule, whichever rules are met', () => {
    expect(passwordStrength('ABCDEFGH')).toEqual({ score: 2, label: 'Medel' }); // length, upper
    expect(passwordStrength('!!!!!!!!')).toEqual({ score: 2, label: 'Medel' }); // length, special
    expect(passwordStrength('A1')).toEqual({ score: 2, label: 'Medel' }); // upper, digit
    expect(passwordStrength('aB!')).toEqual({ score: 3, label: 'Starkt' }); // not long enough
    expect(passwordStrength('Aa1aaaa')).toEqual({ score: 3, label: 'Starkt' }); // 7 characters
    expect(passwordStrength('Aa1aaaaa')).toEqual({ score: 4, label: 'Mycket starkt' }); // 8
  });
});
