import { useId, useState } from 'react';
import { ChevronDownIcon } from './icons';
import { WithPhoneLinks } from './phone-links';

export interface AccordionEntry {
  question: string;
  answer: string;
}

/**
 * A single-open, collapsible accordion of questions and answers (the WAI-ARIA
 * accordion pattern: a heading holding a button with aria-expanded, the answer
 * a labelled region). Written here rather than taken from Radix: it is the
 * landing page's only widget, and the landing page's JavaScript has a budget.
 */
export function Accordion({
  entries,
  headingLevel = 3,
}: {
  entries: readonly AccordionEntry[];
  headingLevel?: 2 | 3 | 4;
}) {
  const Heading = `h${headingLevel}` as const;
  const id = useId();
  const [open, setOpen] = useState<number | null>(null);
  return (
    <div className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white shadow-sm">
      {entries.map((entry, index) => {
        const expanded = open === index;
        const buttonId = `${id}-q${index}`;
        const panelId = `${id}-a${index}`;
        return (
          <div key={entry.question}>
            <Heading className="m-0">
              <button
                type="button"
                id={buttonId}
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => setOpen(expanded ? null : index)}
                className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-medium text-stone-900 hover:bg-stone-50"
              >
                <span>{entry.question}</span>
                <ChevronDownIcon className="shrink-0 transition-transform group-aria-expanded:rotate-180 motion-reduce:transition-none" />
              </button>
            </Heading>
            <div
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              hidden={!expanded}
              className="px-5 pb-5 text-stone-700"
            >
              <p>
                <WithPhoneLinks text={entry.answer} />
              </p>
            </div>
          </div>
        );
      })}
    </div>
  );
}
