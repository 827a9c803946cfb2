import {
  clientVisibleBooking,
  EMPTY_MATCHES_TEXT,
  formatCity,
  formatPrice,
  MATCH_LIMIT,
  MSG,
  ROUTES,
  SWITCH_TEXTS,
  type EmptyMatchesReason,
  type Match,
} from '@samtalsmatch/contracts';
import { useState, type ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { FitCheckCard, SwitchTherapistButton, UndoSwitchButton } from './course';
import { EmptyMatchesReasonText } from './empty-matches-reason';
import {
  MatchExplanation,
  MatchLabel,
  ProviderChips,
  ProviderImage,
  ProviderTitles,
} from './match-parts';
import { MATCHING_TEXTS } from '../texts';

/** The id of the recommendations' heading: "Välj en annan terapeut" moves focus there. */
export const RECOMMENDED_HEADING_ID = 'recommended-matches';

/** Navigation state of /provider/{matchId}: shows the intro for the first recommended therapist. */
export interface ProviderPageState {
  firstRecommended?: boolean;
}

/**
 * One match (docs/rules/matching.md#client-dashboard): name, city, titles (licensed ones as their checked
 * licence), description cut at 3 lines, price, picture, badge or score
 * label, meeting format and languages, and the top three fits.
 */
export function MatchCard({
  match,
  first = false,
  onOpen,
  onChooseAnother,
  session,
}: {
  match: Match;
  /**
   * How and where an ongoing match's confirmed session happens, and the way
   * into its room (the page gives it: docs/rules/video.md#where-a-session-happens).
   */
  session?: ReactNode;
  /** The first recommended therapist: the page opens with an intro text. */
  first?: boolean;
  /** An ACTIVE card opens this instead of the therapist's page, when given. */
  onOpen?: ((match: Match) => void) | undefined;
  /**
   * "Välj en annan terapeut" on a card whose request expired, and after a
   * switch: to the refreshed recommendations.
   */
  onChooseAnother?: (() => void) | undefined;
}) {
  const { provider } = match;
  // Once answered, the fit check's card stays for its thanks and the switch
  // it offers, though the list read again says the check is no longer due.
  const [fitCheckAnswered, setFitCheckAnswered] = useState(false);
  const shownStatus =
    match.status === 'ACTIVE' && !provider.paused
      ? clientVisibleBooking(match.bookings)?.status
      : undefined;
  const expired = shownStatus === 'EXPIRED';
  // A cancelled booking and nothing open: a new request to the same therapist
  // from the card (docs/rules/matching.md#a-new-request-after-a-cancelled-or-expired-one).
  const cancelled = shownStatus === 'CANCELLED';
  const profile = provider.providerProfile;
  const nameId = `match-${match.id}-name`;
  const openLabel =
    match.status === 'PENDING' ? MATCHING_TEXTS.showProfile : MATCHING_TEXTS.showBooking;
  const state: ProviderPageState | undefined = first ? { firstRecommended: true } : undefined;

  return (
    <li>
      <article
        aria-labelledby={nameId}
        className="flex h-full flex-col rounded-lg border border-stone-200 bg-white p-5 shadow-sm"
      >
        <div className="flex items-start gap-4">
          <ProviderImage name={provider.name} url={profile?.profileImageSignedUrl} />
          <div className="min-w-0 flex-1">
            <h3 id={nameId} className="text-lg font-semibold text-stone-900">
              {provider.name}
            </h3>
            <p className="text-sm text-stone-700">{formatCity(provider.address?.city)}</p>
            <div className="mt-2">
              <MatchLabel match={match} />
            </div>
          </div>
        </div>
        {session}
        {expired ? (
          <p className="mt-4 text-stone-800">
            {MATCHING_TEXTS.expiredCard.sentence(provider.name)}
          </p>
        ) : null}
        {provider.paused ? (
          <p className="mt-4 text-stone-800">
            {provider.erased ? MSG.providerErasedForClient : MSG.providerPausedForClient}
          </p>
        ) : null}
        <ProviderTitles profile={profile} className="mt-4" />
        <ProviderChips profile={profile} className="mt-3" />
        {profile?.description ? (
          <p className="mt-4 line-clamp-3 text-stone-800">{profile.description}</p>
        ) : null}
        <MatchExplanation items={match.explanation} fitsOnly className="mt-4 text-sm" />
        {match.status === 'ACTIVE' &&
        (match.fitCheckDue || fitCheckAnswered) &&
        !provider.paused ? (
          <FitCheckCard
            match={match}
            onSwitched={onChooseAnother}
            onAnswered={() => setFitCheckAnswered(true)}
          />
        ) : null}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-3 pt-5">
          <p className="font-medium text-stone-900">{formatPrice(profile?.price)}</p>
          {expired && onChooseAnother ? (
            <div className="flex flex-wrap gap-3">
              <Button onClick={onChooseAnother}>{MATCHING_TEXTS.expiredCard.chooseAnother}</Button>
              <ButtonLink
                to={ROUTES.booking(match.id)}
                variant="secondary"
                aria-label={MATCHING_TEXTS.expiredCard.askAgainLabel(provider.name)}
              >
                {MATCHING_TEXTS.expiredCard.askAgain}
              </ButtonLink>
            </div>
          ) : match.status !== 'PENDING' && onOpen ? (
            <div className="flex flex-wrap gap-3">
              {match.status === 'ACTIVE' && !provider.paused ? (
                <SwitchTherapistButton match={match} onSwitched={onChooseAnother} />
              ) : null}
              {match.status === 'ENDED' ? <UndoSwitchButton match={match} /> : null}
              {cancelled ? (
                <ButtonLink
                  to={ROUTES.booking(match.id)}
                  variant="secondary"
                  aria-label={MATCHING_TEXTS.expiredCard.askAgainLabel(provider.name)}
                >
                  {MATCHING_TEXTS.expiredCard.askAgain}
                </ButtonLink>
              ) : null}
              <Button
                variant="secondary"
                aria-label={`${openLabel}: ${provider.name}`}
                onClick={() => onOpen(match)}
              >
                {openLabel}
              </Button>
            </div>
          ) : (
            <ButtonLink
              to={ROUTES.provider(match.id)}
              state={state}
              variant="secondary"
              aria-label={`${openLabel}: ${provider.name}`}
            >
              {openLabel}
            </ButtonLink>
          )}
        </div>
      </article>
    </li>
  );
}

function SkeletonCard() {
  return (
    <li aria-hidden="true" className="rounded-lg border border-stone-200 bg-white p-5 shadow-sm">
      <div className="flex animate-pulse items-start gap-4 motion-reduce:animate-none">
        <div className="h-24 w-24 rounded-full bg-stone-200 sm:h-28 sm:w-28" />
        <div className="flex-1 space-y-3 py-1">
          <div className="h-4 w-2/3 rounded-sm bg-stone-200" />
          <div className="h-3 w-1/2 rounded-sm bg-stone-200" />
          <div className="h-3 w-1/3 rounded-sm bg-stone-200" />
        </div>
      </div>
      <div className="mt-5 animate-pulse space-y-2 motion-reduce:animate-none">
        <div className="h-3 rounded-sm bg-stone-200" />
        <div className="h-3 rounded-sm bg-stone-200" />
        <div className="h-3 w-5/6 rounded-sm bg-stone-200" />
      </div>
    </li>
  );
}

/**
 * The cards in as many columns as the list's own width holds (a container
 * query, since a side column may stand beside the list): one on a phone, two
 * beside the dashboard's side column, three on a list wider than 56 rem.
 */
const MATCH_GRID = 'grid gap-4 @xl:grid-cols-2 @4xl:grid-cols-3';

function Section({
  id,
  title,
  children,
  note,
}: {
  id: string;
  title: string;
  children: React.ReactNode;
  /** Said below the heading (a list shorter than it could be says why). */
  note?: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mt-8">
      {/* Focusable from code only: "Välj en annan terapeut" brings the reader here. */}
      <h2 id={id} tabIndex={-1} className="type-heading scroll-mt-24 text-stone-900">
        {title}
      </h2>
      {note}
      {Array.isArray(children) && children.length === 0 ? null : (
        <ul className={`mt-4 ${MATCH_GRID}`}>{children}</ul>
      )}
    </section>
  );
}

/**
 * The list recommends fewer than five therapists (or none): the page asks
 * why (docs/rules/matching.md#a-short-match-list), as it does for the empty state.
 */
export function hasShortList(matches: readonly Match[]): boolean {
  return matches.filter((m) => m.status === 'PENDING').length < MATCH_LIMIT;
}

/**
 * The client's matches: ongoing processes (ACTIVE) and recommended
 * therapists (PENDING); 2 placeholders while loading; the empty state, with
 * why when the page knows (`emptyReason`), and why there are fewer than five
 * recommendations, under their heading. `onOpenActive` lets the page
 * open an ACTIVE match its own way.
 */
export function MatchList({
  matches,
  isLoading,
  isError,
  onRetry,
  onOpenActive,
  onChooseAnother,
  emptyReason,
  alertOffer,
  renderSession,
}: {
  matches: readonly Match[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry?: () => void;
  onOpenActive?: (match: Match) => void;
  onChooseAnother?: () => void;
  emptyReason?: EmptyMatchesReason | undefined;
  /** The standing wish, offered on an empty list or one of fewer than five recommendations. */
  alertOffer?: ReactNode;
  /** What an ongoing match's card says of its confirmed session (the page's own component). */
  renderSession?: (match: Match) => ReactNode;
}) {
  if (isLoading) {
    return (
      <div className="mt-8">
        <p role="status" className="sr-only">
          {MATCHING_TEXTS.loading}
        </p>
        <ul className={MATCH_GRID}>
          <SkeletonCard />
          <SkeletonCard />
        </ul>
      </div>
    );
  }
  if (isError) {
    return (
      <Alert tone="error" title={MATCHING_TEXTS.loadFailed} className="mt-8">
        <p>{MATCHING_TEXTS.loadFailedHint}</p>
        {onRetry ? (
          <Button variant="secondary" className="mt-3" onClick={onRetry}>
            {MATCHING_TEXTS.retry}
          </Button>
        ) : null}
      </Alert>
    );
  }
  const active = (matches ?? []).filter((m) => m.status === 'ACTIVE');
  const recommended = (matches ?? []).filter((m) => m.status === 'PENDING');
  const ended = (matches ?? []).filter((m) => m.status === 'ENDED');
  if (active.length === 0 && recommended.length === 0) {
    return (
      <section
        aria-labelledby="no-matches"
        className="mt-8 rounded-lg border border-dashed border-stone-400 bg-white p-8 text-center"
      >
        <h2 id="no-matches" className="type-heading text-stone-900">
          {MSG.noMatches}
        </h2>
        <p className="mt-2 text-stone-700">{MATCHING_TEXTS.noMatchesText}</p>
        {emptyReason ? <EmptyMatchesReasonText reason={emptyReason} /> : null}
        {alertOffer ? <div className="mt-6">{alertOffer}</div> : null}
        <ButtonLink to={ROUTES.questions} className="mt-6">
          {MSG.updateAnswers}
        </ButtonLink>
      </section>
    );
  }
  return (
    <>
      {active.length > 0 ? (
        <Section id="active-matches" title={MATCHING_TEXTS.active}>
          {active.map((m) => (
            <MatchCard
              key={m.id}
              match={m}
              onOpen={onOpenActive}
              onChooseAnother={onChooseAnother}
              session={renderSession?.(m)}
            />
          ))}
        </Section>
      ) : null}
      <Section
        id={RECOMMENDED_HEADING_ID}
        title={MATCHING_TEXTS.recommended}
        note={
          recommended.length === 0 ? (
            <>
              <p className="mt-2 text-stone-700">{MATCHING_TEXTS.noMoreRecommendations}</p>
              {emptyReason ? <EmptyMatchesReasonText reason={emptyReason} /> : null}
              {alertOffer ? <div className="mt-4">{alertOffer}</div> : null}
            </>
          ) : recommended.length < MATCH_LIMIT && (emptyReason || alertOffer) ? (
            <>
              {emptyReason ? (
                <>
                  <p className="mt-2 text-stone-700">
                    {EMPTY_MATCHES_TEXT.fewLead(recommended.length)}
                  </p>
                  <EmptyMatchesReasonText reason={emptyReason} few />
                </>
              ) : null}
              {alertOffer ? <div className="mt-4">{alertOffer}</div> : null}
            </>
          ) : null
        }
      >
        {recommended.map((m, i) => (
          <MatchCard key={m.id} match={m} first={i === 0} />
        ))}
      </Section>
      {ended.length > 0 ? (
        <Section id="ended-matches" title={SWITCH_TEXTS.previous}>
          {ended.map((m) => (
            <MatchCard key={m.id} match={m} onOpen={onOpenActive} />
          ))}
        </Section>
      ) : null}
    </>
  );
}
