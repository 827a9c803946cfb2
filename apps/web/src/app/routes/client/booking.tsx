import { hasOpenBooking, ROUTES, SUGGESTED_TIMES_COUNT } from '@samtalsmatch/contracts';
import { useQuery } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { Navigate, useNavigate, useParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { BackButton } from '@/components/ui/back-button';
import { Button, ButtonLink } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useCurrentUser } from '@/features/auth/api/current-user';
import { ResendVerificationForm } from '@/features/auth/components/resend-verification-form';
import { availabilitiesQuery } from '@/features/availability/api/get-availabilities';
import { useCreateBooking } from '@/features/bookings/api/create-booking';
import { ClientBookingForm } from '@/features/bookings/components/client-booking-form';
import { useMatch } from '@/features/matching/api/get-match';
import { ApiRequestError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { useDocumentTitle } from '@/lib/use-document-title';
import { isMatchNotFound, MatchNotFound } from './match-not-found';
import { useNow } from '@/lib/use-now';
import { APP_TEXTS } from '@/app/texts';

/**
 * /provider/{matchId}/booking (docs/rules/bookings.md#booking-request): the client picks exactly 3 of
 * the therapist's free times and sends the request. A match that already has
 * a pending or confirmed booking goes to /dashboard. A client whose e-mail is
 * not verified is told so at the top, offered a new verification mail, and
 * shown no times to pick (the server would refuse the request); the signed-in
 * user is read again when the window regains focus, so the times appear once
 * the address is verified in another tab.
 */
export function BookingPage() {
  const { matchId = '' } = useParams();
  const navigate = useNavigate();
  const now = useNow();
  const { data: user } = useCurrentUser();
  const match = useMatch(matchId);
  const create = useCreateBooking();
  const busy = create.isPending || create.isSuccess;
  const blocked = match.isSuccess && hasOpenBooking(match.data.bookings) && !busy;
  const unverified = user?.emailVerified === false;
  const providerId = match.data?.providerId ?? '';
  const slots = useQuery({
    ...availabilitiesQuery(providerId),
    enabled: match.isSuccess && !blocked && !unverified,
  });
  useDocumentTitle(
    match.data ? APP_TEXTS.booking.titleWith(match.data.provider.name) : APP_TEXTS.booking.title,
  );

  if (blocked) return <Navigate to={ROUTES.dashboard} replace />;

  let content;
  if (match.isPending) {
    content = (
      <>
        <h1 className="sr-only">{APP_TEXTS.booking.title}</h1>
        <Spinner label={APP_TEXTS.booking.loading} className="py-16" />
      </>
    );
  } else if (match.isError) {
    content = isMatchNotFound(match.error) ? (
      <MatchNotFound />
    ) : (
      <>
        <h1 className="sr-only">{APP_TEXTS.booking.title}</h1>
        <Alert tone="error" title={APP_TEXTS.booking.loadFailed} className="mt-6">
          <p>{APP_TEXTS.loadFailedHint}</p>
          <Button variant="secondary" className="mt-3" onClick={() => void match.refetch()}>
            {APP_TEXTS.retry}
          </Button>
        </Alert>
      </>
    );
  } else {
    const name = match.data.provider.name;
    let times;
    if (unverified) {
      times = <VerifyEmailFirst email={user.email ?? ''} />;
    } else if (slots.isPending) {
      times = <Spinner label={APP_TEXTS.booking.loadingTimes} className="py-16" />;
    } else if (slots.isError) {
      times = (
        <Alert tone="error" title={APP_TEXTS.booking.timesFailed} className="mt-6">
          <p>{APP_TEXTS.loadFailedHint}</p>
          <Button variant="secondary" className="mt-3" onClick={() => void slots.refetch()}>
            {APP_TEXTS.retry}
          </Button>
        </Alert>
      );
    } else if (slots.data.length === 0) {
      times = (
        <section className="mt-6 rounded-lg border border-dashed border-stone-400 bg-white p-8 text-center">
          <h2 className="type-heading text-stone-900">{APP_TEXTS.booking.noTimesTitle}</h2>
          <p className="mt-2 text-stone-700">{APP_TEXTS.booking.noTimes(name)}</p>
          <ButtonLink to={ROUTES.provider(matchId)} variant="secondary" className="mt-6">
            {APP_TEXTS.booking.backToProfile}
          </ButtonLink>
        </section>
      );
    } else {
      times = (
        <ClientBookingForm
          providerName={name}
          slots={slots.data}
          now={now}
          sending={create.isPending}
          error={
            create.isError ? (
              <SendError error={create.error} email={user?.email ?? undefined} />
            ) : undefined
          }
          offersBoth={match.data.provider.providerProfile?.meetingFormat === 'BOTH'}
          onSend={async (suggestedTimes, meetingFormat) => {
            try {
              await create.mutateAsync({ matchId, suggestedTimes, meetingFormat });
            } catch (error) {
              // Taken times: show what is still free; the picked times stay picked.
              if (error instanceof ApiRequestError && error.code === 'SLOT_TAKEN') {
                void slots.refetch();
              }
              throw error;
            }
            toast.success(APP_TEXTS.booking.sentToast);
            void navigate(ROUTES.dashboard);
          }}
        />
      );
    }
    content = (
      <>
        <h1 className="mt-4 type-title text-stone-900">{APP_TEXTS.booking.titleWith(name)}</h1>
        {unverified ? null : (
          <p className="mt-2 max-w-2xl text-stone-700">
            {APP_TEXTS.booking.intro(SUGGESTED_TIMES_COUNT, name)}
          </p>
        )}
        {times}
      </>
    );
  }

  return (
    <div>
      <BackButton to={ROUTES.provider(matchId)} />
      {content}
    </div>
  );
}

/** Before any time is picked: the address must be verified first, and a new mail is one click away. */
function VerifyEmailFirst({ email }: { email: string }) {
  return (
    <section aria-labelledby="verify-first-title" className="mt-4 max-w-2xl space-y-4">
      <div className="rounded-md border-l-4 border-brand-700 bg-brand-50 p-4 text-stone-900">
        <h2 id="verify-first-title" className="font-semibold">
          {APP_TEXTS.booking.verifyFirstTitle}
        </h2>
        <p className="mt-1">{APP_TEXTS.booking.verifyFirst}</p>
      </div>
      <div className="rounded-md border border-stone-200 bg-white p-4">
        <ResendVerificationForm defaultEmail={email} />
      </div>
    </section>
  );
}

/** Why the request was refused: the server's Swedish message; an unverified e-mail offers a new mail. */
function SendError({ error, email }: { error: unknown; email: string | undefined }) {
  const unverified = error instanceof ApiRequestError && error.code === 'EMAIL_NOT_VERIFIED';
  return (
    <div className="space-y-3">
      <Alert tone="error">{errorMessage(error)}</Alert>
      {unverified ? (
        <div className="rounded-md border border-stone-200 p-4">
          <ResendVerificationForm defaultEmail={email ?? ''} />
        </div>
      ) : null}
    </div>
  );
}
