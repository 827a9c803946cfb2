import {
  explanationSentences,
  isLicensedTitle,
  licenceBadgeText,
  matchDisplay,
  MEETING_FORMAT_LABELS,
  PROVIDER_TITLE_LABELS,
  topFits,
  type Match,
  type MatchExplanationItem,
  type MatchProviderProfile,
  type ScoreLevel,
  type BadgeTone as MatchBadgeTone,
} from '@samtalsmatch/contracts';
import { badgeBase, badgeTones, type BadgeTone } from '@/components/ui/badge';
import { MATCHING_TEXTS } from '../texts';

/** The match badge's tones (contracts) as the theme's status colours. */
const matchBadgeTones: Record<MatchBadgeTone, BadgeTone> = {
  success: 'success',
  warning: 'warning',
  info: 'info',
  destructive: 'danger',
};

/**
 * The three score labels look different from each other (docs/rules/matching.md#score-label): the
 * best filled, the next tinted, the last outlined; not by colour alone.
 */
const scoreTones: Record<ScoreLevel, string> = {
  veryGood: 'border-brand-700 bg-brand-700 text-white',
  good: 'border-brand-700 bg-brand-50 text-brand-800',
  okay: 'border-dashed border-stone-500 bg-white text-stone-800',
};

/** The badge of an ACTIVE match, or the score label of a PENDING one (docs/rules/matching.md#match-badge). */
export function MatchLabel({ match }: { match: Pick<Match, 'status' | 'score' | 'bookings'> }) {
  const display = matchDisplay(match);
  if (!display) return null;
  const tone =
    display.kind === 'badge'
      ? badgeTones[matchBadgeTones[display.tone]]
      : scoreTones[display.level];
  return (
    <span
      data-tone={display.kind === 'badge' ? display.tone : display.level}
      className={`${badgeBase} ${tone}`}
    >
      {display.kind === 'score' && display.level === 'veryGood' ? <Star /> : null}
      {display.label}
    </span>
  );
}

function Star() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" width="14" height="14" fill="currentColor">
      <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5Z" />
    </svg>
  );
}

/**
 * The titles a client reads: a licensed title only as its checked licence
 * ('Legitimerad psykolog · kontrollerad 12 november 2026'), the others by
 * name with no licence wording. A licensed title without a current check is
 * not shown at all.
 */
export function ProviderTitles({
  profile,
  className = '',
}: {
  profile: MatchProviderProfile | null | undefined;
  className?: string;
}) {
  const licences = profile?.licences ?? [];
  const others = (profile?.title ?? []).filter((t) => !isLicensedTitle(t));
  if (licences.length === 0 && others.length === 0) return null;
  return (
    <ul className={`space-y-1 ${className}`.trim()} aria-label={MATCHING_TEXTS.titles}>
      {licences.map((licence) => (
        <li key={licence.title} className="flex items-start gap-1.5 text-sm text-stone-800">
          <span className="mt-0.5 text-success-800">
            <ShieldCheck />
          </span>
          <span>{licenceBadgeText(licence)}</span>
        </li>
      ))}
      {others.length > 0 ? (
        <li className="text-sm text-stone-800">
          {others.map((t) => PROVIDER_TITLE_LABELS[t]).join(', ')}
        </li>
      ) : null}
    </ul>
  );
}

function ShieldCheck() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" width="16" height="16" fill="currentColor">
      <path d="M10 1.5 3 4.3v5.1c0 4.2 2.9 7.9 7 9.1 4.1-1.2 7-4.9 7-9.1V4.3l-7-2.8Zm3.7 6.2-4.4 4.6a.9.9 0 0 1-1.3 0L6.3 10.6a.9.9 0 1 1 1.3-1.3l1 1 3.8-3.9a.9.9 0 0 1 1.3 1.3Z" />
    </svg>
  );
}

/** "Mötesform" and the therapist's languages, as chips. */
export function ProviderChips({
  profile,
  className = '',
}: {
  profile: MatchProviderProfile | null | undefined;
  className?: string;
}) {
  const format = profile?.meetingFormat;
  const languages = profile?.languages ?? [];
  if (!format && languages.length === 0) return null;
  const chip = 'inline-flex rounded-full bg-stone-100 px-2.5 py-0.5 text-sm text-stone-900';
  return (
    <dl className={`flex flex-wrap items-center gap-x-4 gap-y-2 ${className}`.trim()}>
      {format ? (
        <div className="flex flex-wrap items-center gap-1.5">
          <dt className="text-sm font-medium text-stone-700">{MATCHING_TEXTS.meetingFormat}</dt>
          <dd className={chip}>{MEETING_FORMAT_LABELS[format]}</dd>
        </div>
      ) : null}
      {languages.length > 0 ? (
        <div className="flex flex-wrap items-center gap-1.5">
          <dt className="text-sm font-medium text-stone-700">{MATCHING_TEXTS.languages}</dt>
          {languages.map((language) => (
            <dd key={language} className={chip}>
              {language}
            </dd>
          ))}
        </div>
      ) : null}
    </dl>
  );
}

/** The therapist's description with its paragraphs (blank lines), each line break kept. */
export function Paragraphs({ text, className = '' }: { text: string; className?: string }) {
  const paragraphs = text
    .split(/\n\s*\n/u)
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    <div className={`space-y-3 ${className}`.trim()}>
      {paragraphs.map((p, i) => (
        <p key={i} className="whitespace-pre-line">
          {p}
        </p>
      ))}
    </div>
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
  // Large enough to see a face; the space is reserved before the image loads.
  const box =
    size === 'lg' ? 'h-36 w-36 text-4xl sm:h-44 sm:w-44' : 'h-24 w-24 text-2xl sm:h-28 sm:w-28';
  const pixels = size === 'lg' ? 176 : 112;
  if (url) {
    return (
      <img
        src={url}
        alt={MATCHING_TEXTS.imageAlt(name)}
        width={pixels}
        height={pixels}
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
 * "Varför den här matchningen?": the explanation as Swedish sentences, every
 * fit first, most important to the client first, then the differences that
 * matter to the client (contracts' explanationSentences). `fitsOnly` gives
 * a card's top three fits.
 */
export function MatchExplanation({
  items,
  fitsOnly = false,
  className = '',
}: {
  items: readonly MatchExplanationItem[] | undefined;
  fitsOnly?: boolean;
  className?: string;
}) {
  const shown = fitsOnly ? topFits(items ?? []) : explanationSentences(items ?? []);
  if (shown.length === 0) return null;
  return (
    <ul className={`space-y-1.5 ${className}`.trim()}>
      {shown.map((sentence) => (
        <li key={sentence.text} className="flex items-start gap-2 text-stone-800">
          <span className={sentence.met ? 'mt-0.5 text-success-800' : 'mt-0.5 text-stone-600'}>
            {sentence.met ? <CheckMark /> : <Dash />}
          </span>
          <span>{sentence.text}</span>
        </li>
      ))}
    </ul>
  );
}
