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
        Öppna adressen i en karta<span className="sr-only"> (öppnas i en ny flik)</span>
      </a>
      {show ? (
        <iframe
          title={`Karta: ${address}`}
          src={embeddedMapUrl(address)}
          loading="lazy"
          referrerPolicy="no-referrer"
          className="mt-4 h-64 w-full rounded-md border border-stone-200"
        />
      ) : (
        <div className="mt-4 rounded-md border border-stone-200 bg-stone-50 p-4">
          <p className="text-sm text-stone-700">
            Kartan laddas från en extern karttjänst först när du ber om det, så att ingen utanför
            Samtalsmatch får veta vilken terapeut du tittar på.
          </p>
          <Button variant="secondary" className="mt-3" onClick={() => setAsked(true)}>
            Visa karta
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

/**
 * /provider/{matchId} (docs/rules/matching.md#therapist-profile-for-a-match): the therapist's profile for one match, why
 * it matched, the facts, the address with its map, and the booking button
 * ('Bokning pågår' while a booking is pending or confirmed).
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
  const open = hasOpenBooking(match.bookings);
  const education = (profile?.education ?? []).map((e) => EDUCATION_LABELS[e]);

  // Beside the name and again after the facts: the first is the page's one primary action.
  const booking = (variant: 'primary' | 'secondary') =>
    open ? (
      <Button variant={variant} disabled className="w-full sm:w-auto">
        {MSG.bookingInProgress}
      </Button>
    ) : (
      <ButtonLink to={ROUTES.booking(match.id)} variant={variant} className="w-full sm:w-auto">
        Boka en tid
      </ButtonLink>
    );

  return (
    <article aria-labelledby="provider-name" className="mx-auto max-w-3xl">
      {intro ? (
        <div className="mt-4 rounded-md border-l-4 border-brand-700 bg-brand-50 p-4 text-stone-900">
          <p className="font-semibold">Din bästa matchning</p>
          <p className="mt-1">
            Utifrån dina svar är det här den terapeut som passar dig bäst just nu. Läs om terapeuten
            och skicka en bokningsförfrågan med tre tider som passar dig.
          </p>
        </div>
      ) : null}

      <header className="mt-6 flex flex-col gap-5 sm:flex-row sm:items-center">
        <ProviderImage name={provider.name} url={profile?.profileImageSignedUrl} size="lg" />
        <div className="min-w-0 flex-1">
          <h1
            id="provider-name"
            tabIndex={-1}
            className="text-2xl font-semibold text-stone-900 outline-none"
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
        <div className="sm:self-start">{booking('primary')}</div>
      </header>

      <section
        aria-labelledby="why-match"
        className="mt-8 rounded-lg border border-stone-200 bg-white p-5 shadow-sm"
      >
        <h2 id="why-match" className="text-lg font-semibold text-stone-900">
          Varför den här matchningen?
        </h2>
        {match.explanation && match.explanation.length > 0 ? (
          <MatchExplanation items={match.explanation} className="mt-3" />
        ) : (
          <p className="mt-3 text-stone-700">
            Terapeuten matchar dina svar, men det finns inget mer att säga om skillnaderna.
          </p>
        )}
      </section>

      {profile?.description ? (
        <section aria-labelledby="about" className="mt-8">
          <h2 id="about" className="text-lg font-semibold text-stone-900">
            Om terapeuten
          </h2>
          <Paragraphs text={profile.description} className="mt-2 text-stone-800" />
        </section>
      ) : null}

      <section aria-labelledby="facts" className="mt-8">
        <h2 id="facts" className="text-lg font-semibold text-stone-900">
          Bra att veta
        </h2>
        <dl className="mt-2">
          <Fact term="Pris">{formatPrice(profile?.price)}</Fact>
          {profile?.sessionDuration ? (
            <Fact term="Sessionslängd">{`${profile.sessionDuration} minuter`}</Fact>
          ) : null}
          {education.length > 0 ? <Fact term="Utbildning">{education.join(', ')}</Fact> : null}
          {profile?.personalAttributes ? (
            <Fact term="Personliga egenskaper">{profile.personalAttributes}</Fact>
          ) : null}
          {profile?.cancellationPolicy ? (
            <Fact term="Avbokningspolicy">
              {CANCELLATION_POLICY_LABELS[profile.cancellationPolicy]}
            </Fact>
          ) : null}
        </dl>
      </section>

      <section aria-labelledby="address" className="mt-8">
        <h2 id="address" className="text-lg font-semibold text-stone-900">
          Mottagningens adress
        </h2>
        <div className="mt-2">
          {address ? (
            <AddressMap address={address} mapConsent={mapConsent} />
          ) : (
            <p className="text-stone-700">{MSG.locationUnspecified}</p>
          )}
        </div>
      </section>

      <div className="mt-10 border-t border-stone-200 pt-6">{booking('secondary')}</div>
    </article>
  );
}
