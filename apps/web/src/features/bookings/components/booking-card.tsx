import type { ReactNode, RefObject } from 'react';

/** A card of the therapist's dashboard: its heading (focusable, for focus to land on) and text. */
export function Card({
  id,
  title,
  description,
  headingRef,
  children,
}: {
  id: string;
  title: string;
  description: string;
  headingRef: RefObject<HTMLHeadingElement | null>;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-lg border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id={`${id}-title`} ref={headingRef} tabIndex={-1} className="type-heading text-stone-900">
        {title}
      </h2>
      <p className="mt-1 text-stone-700">{description}</p>
      <div className="mt-4">{children}</div>
    </section>
  );
}
