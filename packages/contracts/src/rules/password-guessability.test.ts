import { describe, expect, it } from 'vitest';
import { meetsPasswordComplexity } from '../auth';
import {
  checkPasswordGuessability,
  PASSWORD_MIN_GUESS_SCORE,
  passwordUserInputs,
} from './password-guessability';

describe('checkPasswordGuessability', () => {
  it.each(['Password123!', 'Samtalsmatch2025!', 'Qwertyuiop1', 'Sommar2024!', 'Lösenord1'])(
    'refuses %s although it meets the character rules',
    async (password) => {
      expect(meetsPasswordComplexity(password)).toBe(true);
      const result = await checkPasswordGuessability(password);
      expect(result.score).toBeLessThan(PASSWORD_MIN_GUESS_SCORE);
      expect(result.acceptable).toBe(false);
    },
  );

  it('scores decomposed å/ä/ö like composed ones', async () => {
    expect(await checkPasswordGuessability('Lösenord1'.normalize('NFD'))).toEqual(
      await checkPasswordGuessability('Lösenord1'),
    );
  });

  it.each([
    'Ljus-Fjäril-47',
    'Nytt-Höst-Äpple-83',
    'Solnedgång#Vid9Havet',
    'Terapeut-demo-2025!',
    'Klient-demo-2025!',
  ])('lets %s through (the passwords of tests, e2e and the seed)', async (password) => {
    expect(await checkPasswordGuessability(password)).toMatchObject({ acceptable: true });
  });

  it("refuses a password built on the user's own name or e-mail", async () => {
    const password = 'Kvarnbergsgatan7!';
    expect((await checkPasswordGuessability(password)).acceptable).toBe(true);
    expect(
      (await checkPasswordGuessability(password, { name: 'Ebba Kvarnbergsgatan' })).acceptable,
    ).toBe(false);
    const fromEmail = 'Ingegerd.Fagerholm';
    expect((await checkPasswordGuessability(fromEmail)).acceptable).toBe(true);
    expect(
      (await checkPasswordGuessability(fromEmail, { email: 'ingegerd.fagerholm@exempel.se' }))
        .acceptable,
    ).toBe(false);
  });

  it("takes the service's name, the name's parts and the e-mail's parts as user inputs", () => {
    expect(passwordUserInputs({ name: 'Anna Lindqvist', email: 'Anna.L@Exempel.se' })).toEqual(
      expect.arrayContaining([
        'Samtalsmatch',
        'samtalsmatch',
        'samtal',
        'terapi',
        'anna lindqvist',
        'anna',
        'lindqvist',
        'anna.l@exempel.se',
        'anna.l',
        'exempel',
      ]),
    );
    expect(passwordUserInputs()).toEqual(['Samtalsmatch', 'samtalsmatch', 'samtal', 'terapi']);
  });
});
