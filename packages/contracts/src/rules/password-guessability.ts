/**
 * How hard a password is to guess (docs/rules/accounts.md#passwords), on top of the length and character
 * length and character rules: zxcvbn-ts (decision 195) with its common
 * password and keyboard lists, its English dictionaries (no Swedish pack
 * exists on npm; Swedes use English words too), a short list of Swedish
 * words people build passwords from, and as user inputs the service's name
 * and the user's own name and e-mail address. The API refuses what this
 * refuses, before any account exists, and the forms show its refusal on the
 * password field; the web never loads the dictionaries (about 1.5 MB,
 * decision 301). They load on first use with dynamic imports.
 */

import { SWEDISH_MONTHS } from '../time';

/** zxcvbn's score (0-4) a password needs: 3 ("safely unguessable", about 10^8 guesses). */
export const PASSWORD_MIN_GUESS_SCORE = 3;

/** Words of the service itself: always user inputs. */
export const SERVICE_PASSWORD_WORDS = ['Samtalsmatch', 'samtalsmatch', 'samtal', 'terapi'] as const;

/**
 * Swedish words people build "Word + year + !" passwords from (seasons,
 * months, places, teams, pets, greetings). Dictionary words for the
 * estimator, which also finds them capitalised, in l33t, reversed and
 * followed by years: not a list of whole passwords. The months are the
 * calendar's own list (`SWEDISH_MONTHS`).
 */
const SWEDISH_WORDS = [
  'lösenord',
  'losenord',
  'hemligt',
  'hemlig',
  'hejsan',
  'hejhej',
  'tjenare',
  'tjabba',
  'hallå',
  'välkommen',
  'valkommen',
  'sverige',
  'stockholm',
  'göteborg',
  'goteborg',
  'malmö',
  'uppsala',
  'kärlek',
  'karlek',
  'älskling',
  'alskling',
  'mamma',
  'pappa',
  'familjen',
  'fotboll',
  'innebandy',
  'handboll',
  'ishockey',
  'sommar',
  'vinter',
  'hösten',
  'höst',
  'våren',
  'vår',
  'midsommar',
  'julafton',
  ...SWEDISH_MONTHS,
  'solsken',
  'blomma',
  'katten',
  'hunden',
  'hästen',
  'bamse',
  'pippi',
  'mumin',
  'kanelbulle',
  'hammarby',
  'djurgården',
  'djurgarden',
  'bajen',
  'frölunda',
  'färjestad',
  'terapeut',
  'psykolog',
  'bankid',
  'nyttlösenord',
  'bytmig',
] as const;

export interface PasswordOwner {
  name?: string | null | undefined;
  email?: string | null | undefined;
}

/** The user inputs: the service's words, the name and its parts, the e-mail and its parts. */
export function passwordUserInputs(owner: PasswordOwner = {}): string[] {
  const inputs = new Set<string>(SERVICE_PASSWORD_WORDS);
  const add = (value: string | null | undefined) => {
    const v = value?.trim().toLowerCase();
    if (!v) return;
    inputs.add(v);
    for (const part of v.split(/[^\p{L}\p{N}]+/u)) if (part.length >= 3) inputs.add(part);
  };
  add(owner.name);
  add(owner.email);
  if (owner.email) add(owner.email.split('@')[0]);
  return [...inputs];
}

export interface PasswordGuessability {
  /** zxcvbn's score, 0 (guessed at once) to 4 (very hard). */
  score: 0 | 1 | 2 | 3 | 4;
  acceptable: boolean;
}

type Checker = (password: string, userInputs: string[]) => { score: 0 | 1 | 2 | 3 | 4 };

let checker: Promise<Checker> | undefined;

/** Loads zxcvbn-ts and its dictionaries once (dynamic imports: a chunk of its own in the web). */
function loadChecker(): Promise<Checker> {
  checker ??= (async () => {
    const [{ ZxcvbnFactory }, common, en] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-en'),
    ]);
    const factory = new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...en.dictionary, 'swedish-words': [...SWEDISH_WORDS] },
      graphs: common.adjacencyGraphs,
      translations: en.translations,
    });
    return (password, userInputs) => factory.check(password, userInputs);
  })();
  checker.catch(() => {
    checker = undefined;
  });
  return checker;
}

/**
 * Scores a password that already meets the length and character rules; `acceptable` when
 * the score is at least PASSWORD_MIN_GUESS_SCORE. Composed and decomposed
 * å/ä/ö score alike (NFC, as the API hashes them).
 */
export async function checkPasswordGuessability(
  password: string,
  owner: PasswordOwner = {},
): Promise<PasswordGuessability> {
  const check = await loadChecker();
  const { score } = check(password.normalize('NFC'), passwordUserInputs(owner));
  return { score, acceptable: score >= PASSWORD_MIN_GUESS_SCORE };
}
