import {
  explanationSentences,
  matchDisplay,
  type Match,
  type MatchExplanationItem,
} from '@samtalsmatch/contracts';

const badgeTones = {
  success: 'border-green-700 bg-green-50 text-green-900',
  warning: 'border-amber-700 bg-amber-50 text-amber-900',
  info: 'border-sky-700 bg-sky-50 text-sky-900',
  destructive: 'border-red-700 bg-red-50 text-red-900',
  score: 'border-brand-700 bg-brand-50 text-brand-800',
} as const;

/** SPEC §4: the badge of an ACTIVE match, or the score label of a PENDING one. */
export function MatchLabel({ match }: { match: Pick<Match, 'status' | 'score' | 'bookings'> }) {
  const display = matchDisplay(match);
  if (!display) return null;
  const tone = display.kind === 'badge' ? display.tone : 'score';
  return (
    <span
      className={`inline-flex items-center rounded-full border px-3 py-0.5 text-sm font-medium ${badgeTones[tone]}`}
    >
      {display.label}
    </span>
  );
}

/** The therapist's picture, or their initials when there is none. */
export function ProviderImage({
  name,
  url,
  size = 'md',
}: {
  name: string;
  url: string | null | undefined;
  size?: 'md' | 'lg';
}) {
  const box = size === 'lg' ? 'h-28 w-28 text-3xl' : 'h-20 w-20 text-xl';
  if (url) {
    return (
      <img
        src={url}
        alt={`Profilbild av ${name}`}
        className={`${box} shrink-0 rounded-full border border-stone-200 bg-stone-100 object-cover`}
      />
    );
  }
  const initials = name
    .split(/\s+/u)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
  return (
    <span
      aria-hidden="true"
      className={`${box} flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800`}
    >
      {initials}
    </span>
  );
}

function CheckMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" width="20" height="20" fill="currentColor">
      <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z" />
    </svg>
  );
}

function Dash() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" width="20" height="20" fill="currentColor">
      <path d="M4 10a1 1 0 0 1 1-1h10a1 1 0 1 1 0 2H5a1 1 0 0 1-1-1Z" />
    </svg>
  );
}

/**
 * "Varför den här matchningen?": the explanation as Swedish sentences, what
 * matches first, most important to the client first. `limit` shortens it (cards).
 */
export function MatchExplanation({
  items,
  limit,
  className = '',
}: {
  items: readonly MatchExplanationItem[] | undefined;
  limit?: number;
  className?: string;
}) {
  const sentences = explanationSentences(items ?? []);
  const shown = limit === undefined ? sentences : sentences.slice(0, limit);
  if (shown.length === 0) return null;
  return (
    <ul className={`space-y-1.5 ${className}`.trim()}>
      {shown.map((sentence) => (
        <li key={sentence.text} className="flex items-start gap-2 text-stone-800">
          <span className={sentence.met ? 'mt-0.5 text-green-800' : 'mt-0.5 text-stone-600'}>
            {sentence.met ? <CheckMark /> : <Dash />}
          </span>
          <span>{sentence.text}</span>
        </li>
      ))}
    </ul>
  );
}
