import { useQueryClient } from '@tanstack/react-query';
import { BackButton } from '@/components/ui/back-button';
import { currentUserKey, useCurrentUser } from '@/features/auth/api/current-user';
import { ManageAvailability } from '@/features/availability/components/manage-availability';
import { useDocumentTitle } from '@/lib/use-document-title';
import { APP_TEXTS } from '@/app/texts';

/** /availability: the provider's manage calendar (docs/rules/availability.md#manage-calendar). */
export function ProviderAvailabilityPage() {
  useDocumentTitle(APP_TEXTS.availability.title);
  const { data: user } = useCurrentUser();
  const queryClient = useQueryClient();
  if (!user) return null;
  return (
    <div className="mx-auto max-w-5xl">
      {user.onboardingStep === 'ONBOARDING_COMPLETED' ? <BackButton /> : null}
      <div className="mt-4 rounded-lg border border-stone-200 bg-white p-4 shadow-sm sm:p-8">
        <h1 className="type-title text-stone-900">{APP_TEXTS.availability.title}</h1>
        <p className="mt-2 mb-6 text-stone-700">{APP_TEXTS.availability.intro}</p>
        <ManageAvailability
          userId={user.id}
          onboardingStep={user.onboardingStep}
          onSaved={() => void queryClient.invalidateQueries({ queryKey: currentUserKey })}
        />
      </div>
    </div>
  );
}
