import { passwordStrength } from '@samtalsmatch/contracts';
import { AUTH_TEXTS } from '../texts';

const BAR_COLOURS = [
  'bg-danger-700',
  'bg-danger-700',
  'bg-warning-700',
  'bg-success-700',
  'bg-success-800',
];

/**
 * The live strength meter (docs/rules/accounts.md#passwords): 0-4 points (length 8+, lowercase,
 * uppercase, digit or special), labelled Svagt, Svagt, Medel, Starkt,
 * Mycket starkt. The label is read out politely as it changes.
 */
export function PasswordStrengthMeter({ password, id }: { password: string; id?: string }) {
  const { score, label } = passwordStrength(password);
  return (
    <div id={id} className="mt-2">
      <div aria-hidden="true" className="flex gap-1">
        {[1, 2, 3, 4].map((step) => (
          <span
            key={step}
            className={`h-1.5 flex-1 rounded-full ${step <= score ? BAR_COLOURS[score] : 'bg-stone-200'}`}
          />
        ))}
      </div>
      <p className="mt-1 text-sm text-stone-700" aria-live="polite">
        {AUTH_TEXTS.passwordStrength} <span className="font-medium text-stone-900">{label}</span>
      </p>
    </div>
  );
}
