import { PASSWORD_MIN_LENGTH, PASSWORD_RULES } from '../auth';

/** Labels for 0 to 4 points (docs/rules/accounts.md#passwords). */
export const PASSWORD_STRENGTH_LABELS = [
  'Svagt',
  'Svagt',
  'Medel',
  'Starkt',
  'Mycket starkt',
] as const;

export type PasswordStrengthScore = 0 | 1 | 2 | 3 | 4;

export interface PasswordStrength {
  score: PasswordStrengthScore;
  label: string;
}

/** One point each: length ≥ 8, a lowercase letter, an uppercase letter, a digit or special character. */
export function passwordStrength(password: string): PasswordStrength {
  const points = [
    password.length >= PASSWORD_MIN_LENGTH,
    PASSWORD_RULES.lowercase.test(password),
    PASSWORD_RULES.uppercase.test(password),
    PASSWORD_RULES.digitOrSpecial.test(password),
  ].filter(Boolean).length as PasswordStrengthScore;
  return { score: points, label: PASSWORD_STRENGTH_LABELS[points] };
}
