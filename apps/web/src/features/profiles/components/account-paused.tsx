import { MSG } from '@samtalsmatch/contracts';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { usePublicConfig } from '@/lib/public-config';

/**
 * The page of a therapist whose verification an admin took back: the account
 * is paused (not the holding page's thanks for registering), what that means,
 * and whom to write to.
 */
export function AccountPaused({ name }: { name?: string }) {
  const contactEmail = usePublicConfig().data?.contactEmail;
  return (
    <section
      aria-labelledby="account-paused-title"
      className="mx-auto max-w-2xl rounded-lg border border-stone-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <h1 id="account-paused-title" className="text-2xl font-semibold text-stone-900">
        {MSG.accountPaused}
      </h1>
      <p className="mt-4 text-stone-800">
        {name ? `Hej ${name}! ` : ''}
        {MSG.accountPausedText}
      </p>
      {contactEmail ? (
        <p className="mt-3 text-stone-800">
          Har du frågor, eller vill du att vi granskar kontot igen? Skriv till{' '}
          <a className="underline" href={`mailto:${contactEmail}`}>
            {contactEmail}
          </a>
          .
        </p>
      ) : null}
      <nav aria-label="Din profil" className="mt-6 flex flex-wrap gap-3">
        <ButtonLink to={paths.profile} variant="secondary">
          {MSG.editProfile}
        </ButtonLink>
      </nav>
    </section>
  );
}
