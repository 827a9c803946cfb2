import { CRISIS_TEXTS } from '@samtalsmatch/contracts';
import { useId } from 'react';
import { WithPhoneLinks } from './phone-links';

/**
 * Where to turn in an emergency (docs/rules/accounts.md#public-pages): 112, 1177 Vårdguiden and
 * Självmordslinjen 90101, each number a `tel:` link. Shown to clients on
 * the questionnaire and the dashboard, not only in the FAQ.
 */
export function CrisisNumbers({ className = '' }: { className?: string }) {
  const id = useId();
  return (
    <aside
      aria-labelledby={id}
      className={`rounded-lg border border-stone-200 bg-stone-50 p-4 text-sm text-stone-800 ${className}`.trim()}
    >
      <h2 id={id} className="font-semibold text-stone-900">
        {CRISIS_TEXTS.title}
      </h2>
      <ul className="mt-2 space-y-1">
        {CRISIS_TEXTS.lines.map((line) => (
          <li key={line}>
            <WithPhoneLinks text={line} />
          </li>
        ))}
      </ul>
    </aside>
  );
}
