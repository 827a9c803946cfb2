import { atLineStart, formatStockholm } from '@samtalsmatch/contracts';
import type { ReactNode } from 'react';

/** The clock the therapist's booking screens read (tests move it). */
export type Clock = () => Date;

/** A label and its value, in the booking dialogs' description lists. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="sm:flex sm:gap-2">
      <dt className="font-medium text-stone-900">{label}:</dt>
      <dd className="text-stone-800">{children}</dd>
    </div>
  );
}

/** ISO times, in order, each on its own line in Stockholm time. */
export function TimeList({ times }: { times: readonly string[] }) {
  return (
    <ul className="mt-1 list-disc pl-5">
      {times.map((t) => (
        <li key={t}>{atLineStart(formatStockholm(t))}</li>
      ))}
    </ul>
  );
}
