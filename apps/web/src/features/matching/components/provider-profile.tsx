import {
  CANCELLATION_POLICY_LABELS,
  EDUCATION_LABELS,
  formatCity,
  formatPrice,
  hasOpenBooking,
  MSG,
  ROUTES,
  type Match,
} from '@samtalsmatch/contracts';
import { useState, type ReactNode } from 'react';
import { Button, ButtonLink } from '@/components/ui/button';
import {
  MatchExplanation,
  MatchLabel,
  Paragraphs,
  ProviderChips,
  ProviderImage,
  ProviderTitles,
} from './match-parts';
import { MATCHING_TEXTS } from '../texts';

/** The address on one line: 'Storgatan 1, 111 22 Stockholm'; null when nothing is known. */
export function addressLine(address: Match['provider']['address']): string | null {
  if (!address) return null;
  const place = [address.zip, address.city]
    .map((p) => p?.trim())
    .filter(Boolean)
    .join(' ');
  const line = [address.street?.trim(), place].filter(Boolean).join(', ');
  return line || null;
}

/** Opens the address in OpenStreetMap's search (a link: nothing loads until the client follows it). */
export function openStreetMapUrl(address: string): string {
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}`;
}

/** The embedded map of an address (no coordinates are stored, so a query-based embed). */
export function embeddedMapUrl(address: string): string {
  return `https://maps.google.com/maps?q=${encodeURIComponent(address)}&output=embed`;
}

/**
 * The address as text, a link to open it in a map, and an embedded map that
 * loads only when the client asks for it or has accepted cookies (docs/rules/privacy.md#maps-and-analytics:
 * no third party learns whom a client looks at).
 */
export function AddressMap({ address, mapConsent }: { address: string; mapConsent: boolean }) {
  const [asked, setAsked] = useState(false);
  const show = mapConsent || asked;
  return (
    <div>
      <p className="text-stone-900">{address}</p>
      <a
        href={openStreetMapUrl(address)}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-1 inline-block text-brand-700 underline underline-offset-2 hover:text-brand-800"
      >
        {MATCHING_TEXTS.openMap}
        <span className="sr-only">{MATCHING_TEXTS.newTab}</span>
      </a>
      {show ? (
        <iframe
          title={MATCHING_TEXTS.mapTitle(address)}
          src={embeddedMapUrl(address)}
          loading="lazy"
          referrerPolicy="no-referrer"
          className="mt-4 h-64 w-full rounded-md border border-stone-200"
        />
      ) : (
        <div className="mt-4 rounded-md border border-stone-200 bg-stone-50 p-4">
          <p className="text-sm text-stone-700">{MATCHING_TEXTS.mapNotice}</p>
          <Button variant="secondary" className="mt-3" onClick={() => setAsked(true)}>
            {MATCHING_TEXTS.showMap}
          </Button>
        </div>
      )}
    </div>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="border-t border-stone-200 py-3 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="font-medium text-stone-900">{term}</dt>
      <dd className="mt-1 text-stone-800 sm:col-span-2 sm:mt-0">{children}</dd>
    </div>
  );
}

/** A description longer than this is folded on a phone behind 'Läs mer'. */
const LONG_DESCRIPTION = 600;

/**
 * 'Om terapeuten'. On a phone a long text shows its first lines and 'Läs mer';
 * on a wide screen the reading column shows it whole.
 */
function AboutTherapist({ text }: { text: string }) {
  const [expanded, setExpanded] = useState(false);
  const long = text.length > LONG_DESCRIPTION;
  const folded = long && !expanded;
  return (
    <section aria-labelledby="about" className="mt-8">
      <h2 id="about" className="type-subheading text-stone-900">
        {MATCHING_TEXTS.about}
      </h2>
      <div id="about-text" className={folded ? 'narrow:line-clamp-6' : undefined}>
        <Paragraphs text={text} className="mt-2 text-stone-800" />
      </div>
      {long ? (
        <Button
          variant="ghost"
          className="mt-2 wide:hidden"
          aria-expanded={expanded}
          aria-controls="about-text"
          onClick={() => setExpanded((was) => !was)}
        >
          {expanded ? MATCHING_TEXTS.readLess : MATCHING_TEXTS.readMore}
        </Button>
      ) : null}
    </section>
  );
}

/**
 * The page's one primary action, always in reach: on a phone a bar held at the
 * bottom of the screen, on a wide screen a box beside the reading column that
 * stays in view while the profile scrolls. It carries the price and the session
 * length, what a client weighs before booking.
 */
function BookingBox({ match }: { match: Match }) {
  const profile = match.provider.providerProfile;
  const open = hasOpenBooking(match.bookings);
  return (
    <aside
      aria-label={MATCHING_TEXTS.book}
      data-sticky-action=""
      className="fixed inset-x-0 bottom-0 z-30 flex items-center gap-4 border-t border-stone-200 bg-white px-4 py-3 shadow-above wide:sticky wide:top-24 wide:flex-col wide:items-stretch wide:rounded-lg wide:border wide:p-5 wide:shadow-card"
    >
      <div className="min-w-0 flex-1 text-sm text-stone-700">
        <p className="font-semibold text-stone-900">{formatPrice(profile?.price)}</p>
        {profile?.sessionDuration ? <p>{MATCHING_TEXTS.minutes(profile.sessionDuration)}</p> : null}
      </div>
      {open ? (
        <Button variant="primary" disabled>
          {MSG.bookingInProgress}
        </Button>
      ) : (
        <ButtonLink to={ROUTES.booking(match.id)} variant="primary">
          {MATCHING_TEXTS.bookTime}
        </ButtonLink>
      )}
    </aside>
  );
}

/**
 * /provider/{matchId} (docs/rules/matching.md#therapist-profile-for-a-match): the therapist's
 * profile for one match, why it matched, the facts, the address with its map, in a reading
 * column; the booking action beside it ('Bokning pågår' while a booking is pending or
 * confirmed).
 */
export function ProviderProfile({
  match,
  mapConsent,
  intro = false,
}: {
  match: Match;
  mapConsent: boolean;
  intro?: boolean;
}) {
  const { provider } = match;
  const profile = provider.providerProfile;
  const address = addressLine(provider.address);
  const education = (profile?.education ?? []).map((e) => EDUCATION_LABELS[e]);

  return (
    <article
      aria-labelledby="provider-name"
      className="grid items-start gap-x-10 wide:grid-cols-[minmax(0,1fr)_16rem] lg:grid-cols-[minmax(0,1fr)_18rem]"
    >
      <div className="max-w-prose min-w-0">
        {intro ? (
          <div className="mt-4 rounded-md border-l-4 border-brand-700 bg-brand-50 p-4 text-stone-900">
            <p className="font-semibold">{MATCHING_TEXTS.bestMatch}</p>
            <p className="mt-1">{MATCHING_TEXTS.bestMatchText}</p>
          </div>
        ) : null}

        <header className="mt-6 flex flex-col gap-5 sm:flex-row sm:items-center">
          <ProviderImage name={provider.name} url={profile?.profileImageSignedUrl} size="lg" />
          <div className="min-w-0 flex-1">
            <h1
              id="provider-name"
              tabIndex={-1}
              className="type-title break-words text-stone-900 outline-none"
            >
              {provider.name}
            </h1>
            <p className="text-stone-700">{formatCity(provider.address?.city)}</p>
            <ProviderTitles profile={profile} className="mt-2" />
            <div className="mt-2">
              <MatchLabel match={match} />
            </div>
            <ProviderChips profile={profile} className="mt-3" />
          </div>
        </header>

        <section
          aria-labelledby="why-match"
          className="mt-8 rounded-lg border border-stone-200 bg-white p-5 shadow-sm"
        >
          <h2 id="why-match" className="type-subheading text-stone-900">
            {MATCHING_TEXTS.whyMatch}
          </h2>
          {match.explanation && match.explanation.length > 0 ? (
            <MatchExplanation items={match.explanation} className="mt-3" />
          ) : (
            <p className="mt-3 text-stone-700">{MATCHING_TEXTS.whyMatchNothing}</p>
          )}
        </section>

        {profile?.description ? <AboutTherapist text={profile.description} /> : null}

        <section aria-labelledby="facts" className="mt-8">
          <h2 id="facts" className="type-subheading text-stone-900">
            {MATCHING_TEXTS.facts}
          </h2>
          <dl className="mt-2">
            <Fact term={MATCHING_TEXTS.price}>{formatPrice(profile?.price)}</Fact>
            {profile?.sessionDuration ? (
              <Fact term={MATCHING_TEXTS.sessionDuration}>
                {MATCHING_TEXTS.minutes(profile.sessionDuration)}
              </Fact>
            ) : null}
            {education.length > 0 ? (
              <Fact term={MATCHING_TEXTS.education}>{education.join(', ')}</Fact>
            ) : null}
            {profile?.personalAttributes ? (
              <Fact term={MATCHING_TEXTS.personalAttributes}>{profile.personalAttributes}</Fact>
            ) : null}
            {profile?.cancellationPolicy ? (
              <Fact term={MATCHING_TEXTS.cancellationPolicy}>
                {CANCELLATION_POLICY_LABELS[profile.cancellationPolicy]}
              </Fact>
            ) : null}
          </dl>
        </section>

        <section aria-labelledby="address" className="mt-8">
          <h2 id="address" className="type-subheading text-stone-900">
            {MATCHING_TEXTS.address}
          </h2>
          <div className="mt-2">
            {address ? (
              <AddressMap address={address} mapConsent={mapConsent} />
            ) : (
              <p className="text-stone-700">{MSG.locationUnspecified}</p>
            )}
          </div>
        </section>
      </div>
      <div className="wide:mt-6 wide:self-stretch">
        <BookingBox match={match} />
      </div>
    </article>
  );
}
