import {
  dashboardText,
  MSG,
  practiceAddress,
  ROUTES,
  welcomeHeading,
} from '@samtalsmatch/contracts';
import { ButtonLink } from '@/components/ui/button';
import { useCurrentUser } from '@/features/auth/api/current-user';
import { useProviderMatches } from '@/features/bookings/api/get-provider-matches';
import type { Clock } from '@/features/bookings/components/booking-facts';
import { ProviderBookings } from '@/features/bookings/components/provider-bookings';
import { AccountPaused } from '@/features/profiles/components/account-paused';
import { AccountUnderReview } from '@/features/profiles/components/account-under-review';
import { useDocumentTitle } from '@/lib/use-document-title';
import { APP_TEXTS } from '@/app/texts';

/**
 * /dashboard for providers (docs/rules/bookings.md#therapist-dashboard): the links 'Redigera profil' and
 * 'Tillgänglighet', and for a verified provider the bookings: the tabs
 * 'Aktuella bokningar' and 'Historik' fed by GET /matches (the provider's view). `now` is the
 * clock of the booking rules (tests pass their own).
 */
export function ProviderDashboardPage({ now }: { now?: Clock } = {}) {
  useDocumentTitle(APP_TEXTS.providerDashboard.title);
  const { data: user } = useCurrentUser();
  const verified = Boolean(user?.profile?.isVerified);
  // The list loads only when a user exists (and the bookings API needs a verified provider).
  const matches = useProviderMatches({ enabled: verified });
  // A therapist whose verification an admin took back: 'Ditt konto är pausat'.
  if (user && !verified && user.profile?.pausedAt) return <AccountPaused name={user.name} />;
  // An unverified provider sees the holding page 'Ditt konto granskas' instead.
  if (user && !verified) return <AccountUnderReview name={user.name} />;
  return (
    <section aria-labelledby="provider-dashboard-title">
      <h1
        id="provider-dashboard-title"
        className="type-title line-clamp-2 break-words text-stone-900"
      >
        {welcomeHeading(user?.name)}
      </h1>
      {user ? <p className="mt-2 text-stone-800">{dashboardText(user, [])}</p> : null}
      <nav aria-label={APP_TEXTS.providerDashboard.links} className="mt-6 flex flex-wrap gap-3">
        <ButtonLink to={ROUTES.profile} variant="secondary">
          {MSG.editProfile}
        </ButtonLink>
        <ButtonLink to={ROUTES.availability} variant="secondary">
          {MSG.availability}
        </ButtonLink>
      </nav>
      {user ? (
        <div className="mt-8">
          <ProviderBookings
            matches={matches.data}
            isLoading={matches.isPending}
            error={matches.error}
            address={practiceAddress(user.address)}
            {...(now ? { now } : {})}
          />
        </div>
      ) : null}
    </section>
  );
}
