import { Fragment } from 'react';

/** The help numbers our texts name: emergency, Mind's suicide line, the healthcare advice line. */
const PHONE_NUMBERS = /\b(112|90101|1177)\b/;

/** A text with 112, 90101 and 1177 as tappable `tel:` links (one tap calls on a phone). */
export function WithPhoneLinks({ text }: { text: string }) {
  const parts = text.split(PHONE_NUMBERS);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <a
            key={i}
            href={`tel:${part}`}
            className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
          >
            {part}
          </a>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}
