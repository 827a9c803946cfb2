import { useId, type ReactNode } from 'react';

/**
 * One section of /integritet: a region named by its heading, with a short
 * text of what it is about and its controls.
 */
export function PrivacySection({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children?: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-stone-200 bg-white p-6 shadow-sm"
    >
      <h2 id={headingId} className="type-heading text-stone-900">
        {title}
      </h2>
      {intro ? <div className="mt-2 space-y-2 text-stone-700">{intro}</div> : null}
      {children ? <div className="mt-4">{children}</div> : null}
    </section>
  );
}
