import { describe, expect, it } from 'vitest';
import { passwordStrength } from './password-strength';

describe('passwordStrength (SPEC §5)', () => {
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
});
