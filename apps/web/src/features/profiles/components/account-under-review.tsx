import { MSG } from '@samtalsmatch/contracts';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';

/**
 * SPEC §2 holding page for a provider whose profile is not verified yet:
 * thanks, the review usually takes 1-2 working days, an e-mail follows.
 */
export function AccountUnderReview({ name }: { name?: string }) {
  return (
    <section
      aria-labelledby="account-under-review-title"
      className="mx-auto max-w-2xl rounded-lg border border-stone-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <h1 id="account-under-review-title" className="text-2xl font-semibold text-stone-900">
        {MSG.accountUnderReview}
      </h1>
      <p className="mt-4 text-stone-800">
        {name ? `Hej ${name}! ` : ''}
        {MSG.accountUnderReviewThanks}
      </p>
      <p className="mt-3 text-stone-800">{MSG.accountUnderReviewText}</p>
      <p className="mt-3 text-stone-700">Under tiden kan du uppdatera din profil och dina tider.</p>
      <nav aria-label="Din profil" className="mt-6 flex flex-wrap gap-3">
        <ButtonLink to={paths.profile} variant="secondary">
          {MSG.editProfile}
        </ButtonLink>
        <ButtonLink to={paths.availability} variant="secondary">
          {MSG.availability}
        </ButtonLink>
      </nav>
    </section>
  );
}
