import { MSG, ROUTES } from '@samtalsmatch/contracts';
import { ButtonLink } from '@/components/ui/button';
import { usePublicConfig } from '@/lib/public-config';
import { AccountStatusPage } from './account-status-page';
import { PROFILES_TEXTS } from '../texts';

/**
 * The page of a therapist whose verification an admin took back: the account
 * is paused (not the holding page's thanks for registering), what that means,
 * and whom to write to.
 */
export function AccountPaused({ name }: { name?: string }) {
  const contactEmail = usePublicConfig().data?.contactEmail;
  return (
    <AccountStatusPage
      id="account-paused-title"
      title={MSG.accountPaused}
      name={name}
      lead={MSG.accountPausedText}
      links={
        <ButtonLink to={ROUTES.profile} variant="secondary">
          {MSG.editProfile}
        </ButtonLink>
      }
    >
      {contactEmail ? (
        <p className="mt-3 text-stone-800">
          {PROFILES_TEXTS.pausedQuestions}{' '}
          <a className="underline" href={`mailto:${contactEmail}`}>
            {contactEmail}
          </a>
          .
        </p>
      ) : null}
    </AccountStatusPage>
  );
}
