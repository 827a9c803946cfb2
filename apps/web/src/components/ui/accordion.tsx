import { Accordion as RadixAccordion } from 'radix-ui';
import { ChevronDownIcon } from './icons';
import { WithPhoneLinks } from './phone-links';

export interface AccordionEntry {
  question: string;
  answer: string;
}

/** A single-open, collapsible accordion of questions and answers (Radix: buttons with aria-expanded). */
export function Accordion({
  entries,
  headingLevel = 3,
}: {
  entries: readonly AccordionEntry[];
  headingLevel?: 2 | 3 | 4;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <RadixAccordion.Root
      type="single"
      collapsible
      className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white"
    >
      {entries.map((entry, index) => (
        <RadixAccordion.Item key={entry.question} value={`item-${index}`}>
          <RadixAccordion.Header asChild>
            <Heading className="m-0">
              <RadixAccordion.Trigger className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-medium text-stone-900 hover:bg-stone-50">
                <span>{entry.question}</span>
                <ChevronDownIcon className="shrink-0 transition-transform group-data-[state=open]:rotate-180 motion-reduce:transition-none" />
              </RadixAccordion.Trigger>
            </Heading>
          </RadixAccordion.Header>
          <RadixAccordion.Content className="px-5 pb-5 text-stone-700">
            <p>
              <WithPhoneLinks text={entry.answer} />
            </p>
          </RadixAccordion.Content>
        </RadixAccordion.Item>
      ))}
    </RadixAccordion.Root>
  );
}
