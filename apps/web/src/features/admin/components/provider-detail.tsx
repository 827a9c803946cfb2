import {
  BOOKING_STATUS_LABELS,
  CANCELLATION_POLICY_LABELS,
  EDUCATION_LABELS,
  formatPrice,
  atLineStart,
  formatStockholm,
  LICENCE_TEXTS,
  MATCH_STATUS_LABELS,
  MEETING_FORMAT_LABELS,
  ONBOARDING_STEP_LABELS,
  titleLabels,
  type AdminProviderDetail,
  type AdminProviderMatch,
  type Booking,
} from '@samtalsmatch/contracts';
import type { ReactNode } from 'react';
import { AnswerList } from './answer-list';
import { HistoryList } from './history-list';
import { LicenceChecks } from './licence-checks';
import { VerificationBadge } from './verification-badge';
import { VerifyControl } from './verify-control';
import { ADMIN_TEXTS } from '../texts';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-lg border border-stone-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 className="mb-4 type-subheading text-stone-900">{title}</h2>
      {children}
    </section>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="font-medium text-stone-900">{label}</dt>
      <dd className="break-words text-stone-700 sm:col-span-2">{children}</dd>
    </div>
  );
}

function address(detail: AdminProviderDetail): string {
  const a = detail.address;
  const parts = [a?.street, [a?.zip, a?.city].filter(Boolean).join(' ')].filter(Boolean);
  return parts.length ? parts.join(', ') : ADMIN_TEXTS.missing;
}

/** The booking's time, or its suggested times, on a line of their own. */
function bookingTime(b: Booking): string {
  if (b.confirmedTime) return atLineStart(formatStockholm(b.confirmedTime));
  return atLineStart(b.suggestedTimes.map((t) => formatStockholm(t)).join('; '));
}

function MatchItem({ match }: { match: AdminProviderMatch }) {
  return (
    <li className="rounded-md border border-stone-200 p-4">
      <h3 className="font-semibold text-stone-900">{match.client.name}</h3>
      <p className="text-sm text-stone-700">
        {MATCH_STATUS_LABELS[match.status]} · {Math.round(match.score * 100)} %
      </p>
      <h4 className="mt-3 font-medium text-stone-900">{ADMIN_TEXTS.clientAnswers}</h4>
      <div className="mt-1">
        <AnswerList answers={match.client.answer} side="client" />
      </div>
      <h4 className="mt-3 font-medium text-stone-900">{ADMIN_TEXTS.bookingsLabel}</h4>
      {match.bookings.length === 0 ? (
        <p className="text-stone-700">{ADMIN_TEXTS.noBookings}</p>
      ) : (
        <div
          // The admin booking list is capped at a 400 px scroll height (docs/rules/admin.md#therapist-detail).
          className="mt-1 max-h-[400px] overflow-y-auto rounded-md border border-stone-100 focus-visible:outline-2 focus-visible:outline-brand-700"
          tabIndex={0}
          role="region"
          aria-label={`${ADMIN_TEXTS.bookingsLabel}: ${match.client.name}`}
        >
          <ul className="divide-y divide-stone-100">
            {match.bookings.map((b) => (
              <li key={b.id} className="p-3">
                <p className="font-medium text-stone-900">{BOOKING_STATUS_LABELS[b.status]}</p>
                <p className="text-sm text-stone-700">{bookingTime(b)}</p>
              </li>
            ))}
          </ul>
        </div>
      )}
    </li>
  );
}

/** /admin/{providerId}: every field, the verify control and the 'Historik' list (docs/rules/admin.md#therapist-detail). */
export function ProviderDetail({ detail }: { detail: AdminProviderDetail }) {
  const profile = detail.profile;
  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="type-title text-stone-900">{detail.name}</h1>
          <div className="mt-2">
            <VerificationBadge isVerified={detail.isVerified} />
          </div>
        </div>
        <VerifyControl
          providerId={detail.id}
          isVerified={detail.isVerified}
          canVerify={profile !== null}
          bookingsAhead={detail.bookingsAhead}
        />
      </header>
      {detail.isVerified ? null : (
        <p className="rounded-md border-l-4 border-warning-700 bg-warning-50 p-4 text-stone-900">
          {ADMIN_TEXTS.unverifiedNote}
        </p>
      )}

      <Section title={ADMIN_TEXTS.sectionPersonal}>
        <dl className="space-y-3">
          <Field label={ADMIN_TEXTS.ssn}>{detail.ssn ?? ADMIN_TEXTS.missing}</Field>
          <Field label={ADMIN_TEXTS.email}>{detail.email ?? ADMIN_TEXTS.missing}</Field>
          <Field label={ADMIN_TEXTS.phone}>{detail.phoneNumber ?? ADMIN_TEXTS.missing}</Field>
          <Field label={ADMIN_TEXTS.address}>{address(detail)}</Field>
          <Field label={ADMIN_TEXTS.onboarding}>
            {ONBOARDING_STEP_LABELS[detail.onboardingStep]}
          </Field>
        </dl>
      </Section>

      <Section title={ADMIN_TEXTS.sectionProfile}>
        {profile ? (
          <div className="space-y-4">
            {profile.profileImageSignedUrl ? (
              <img
                src={profile.profileImageSignedUrl}
                alt={ADMIN_TEXTS.profileImageAlt(detail.name)}
                className="h-32 w-32 rounded-full object-cover"
              />
            ) : (
              <p className="text-sm text-stone-700">{ADMIN_TEXTS.profileImageMissing}</p>
            )}
            <dl className="space-y-3">
              <Field label={ADMIN_TEXTS.title}>{titleLabels(profile.title).join(', ')}</Field>
              <Field label={ADMIN_TEXTS.education}>
                {profile.education.map((e) => EDUCATION_LABELS[e]).join(', ')}
              </Field>
              <Field label={ADMIN_TEXTS.price}>{formatPrice(profile.price)}</Field>
              <Field label={ADMIN_TEXTS.sessionDuration}>
                {ADMIN_TEXTS.minutes(profile.sessionDuration)}
              </Field>
              <Field label={ADMIN_TEXTS.meetingFormat}>
                {profile.meetingFormat
                  ? MEETING_FORMAT_LABELS[profile.meetingFormat]
                  : ADMIN_TEXTS.missing}
              </Field>
              <Field label={ADMIN_TEXTS.cancellationPolicy}>
                {CANCELLATION_POLICY_LABELS[profile.cancellationPolicy]}
              </Field>
              <Field label={ADMIN_TEXTS.personalAttributes}>{profile.personalAttributes}</Field>
              <Field label={ADMIN_TEXTS.description}>
                <span className="whitespace-pre-line">{profile.description}</span>
              </Field>
            </dl>
          </div>
        ) : (
          <p className="text-stone-700">{ADMIN_TEXTS.noProfile}</p>
        )}
      </Section>

      {profile ? (
        <Section title={LICENCE_TEXTS.section}>
          <LicenceChecks
            providerId={detail.id}
            titles={profile.title}
            checks={detail.licenceChecks}
          />
        </Section>
      ) : null}

      <Section title={ADMIN_TEXTS.sectionAnswers}>
        <AnswerList answers={detail.answers} side="provider" />
      </Section>

      <Section title={ADMIN_TEXTS.sectionMatches}>
        {detail.matches.length === 0 ? (
          <p className="text-stone-700">{ADMIN_TEXTS.noMatches}</p>
        ) : (
          <ul className="space-y-4">
            {detail.matches.map((m) => (
              <MatchItem key={m.id} match={m} />
            ))}
          </ul>
        )}
      </Section>

      <Section title={ADMIN_TEXTS.sectionHistory}>
        <HistoryList providerId={detail.id} enabled />
      </Section>
    </div>
  );
}
