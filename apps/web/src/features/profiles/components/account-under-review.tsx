import { MSG, ROUTES } from '@samtalsmatch/contracts';
import { ButtonLink } from '@/components/ui/button';
import { AccountStatusPage } from './account-status-page';
import { PROFILES_TEXTS } from '../texts';

/**
 * The holding page for a provider whose profile is not verified yet (docs/rules/bookings.md#therapist-dashboard):
 * thanks, the review usually takes 1-2 working days, an e-mail follows.
 */
export function AccountUnderReview({ name }: { name?: string }) {
  return (
    <AccountStatusPage
      id="account-under-review-title"
      title={MSG.accountUnderReview}
      name={name}
      lead={MSG.accountUnderReviewThanks}
      links={
        <>
          <ButtonLink to={ROUTES.profile} variant="secondary">
            {MSG.editProfile}
          </ButtonLink>
          <ButtonLink to={ROUTES.availability} variant="secondary">
            {MSG.availability}
          </ButtonLink>
        </>
      }
    >
      <p className="mt-3 text-stone-800">{MSG.accountUnderReviewText}</p>
      <p className="mt-3 text-stone-700">{PROFILES_TEXTS.meanwhile}</p>
    </AccountStatusPage>
  );
}
