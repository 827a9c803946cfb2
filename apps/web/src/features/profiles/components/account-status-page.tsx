import type { ReactNode } from 'react';
import { PROFILES_TEXTS } from '../texts';

/**
 * The page a therapist sees instead of the dashboard while the account cannot
 * take clients (under review, or paused): a titled card that greets them by
 * name, says why, and links on.
 */
export function AccountStatusPage({
  id,
  title,
  name,
  lead,
  children,
  links,
}: {
  id: string;
  title: string;
  name?: string;
  lead: string;
  children?: ReactNode;
  links: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="mx-auto max-w-2xl rounded-lg border border-stone-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <h1 id={id} className="type-title text-stone-900">
        {title}
      </h1>
      <p className="mt-4 text-stone-800">
        {name ? PROFILES_TEXTS.hello(name) : ''}
        {lead}
      </p>
      {children}
      <nav aria-label={PROFILES_TEXTS.profileLinks} className="mt-6 flex flex-wrap gap-3">
        {links}
      </nav>
    </section>
  );
}
