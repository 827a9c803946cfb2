import { MSG, type User, ROUTES } from '@samtalsmatch/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { useNavigate } from 'react-router';
import { BackButton } from '@/components/ui/back-button';
import { currentUserQuery, useCurrentUser } from '@/features/auth/api/current-user';
import { CalendarFeedSection } from '@/features/calendar-feed/components/calendar-feed-section';
import { ProviderProfileForm } from '@/features/profiles/components/provider-profile-form';
import { useDocumentTitle } from '@/lib/use-document-title';
import { APP_TEXTS } from '@/app/texts';

/** /profile: the provider's profile form and calendar feed; 'Gå tillbaka' unless the step is USER_CREATED (docs/rules/accounts.md#provider-profile). */
export function ProviderProfilePage() {
  useDocumentTitle(APP_TEXTS.providerProfile.documentTitle);
  const { data: user } = useCurrentUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  if (!user) return null;

  async function onSaved() {
    toast.success(MSG.profileSaved);
    // After a save, a provider at PROFILE_COMPLETED goes on to the questionnaire (docs/rules/accounts.md#after-a-save).
    const fresh: User | null = await queryClient.fetchQuery({ ...currentUserQuery, staleTime: 0 });
    void navigate(
      fresh?.onboardingStep === 'PROFILE_COMPLETED' ? ROUTES.questions : ROUTES.dashboard,
    );
  }

  return (
    <div className="mx-auto max-w-2xl">
      {user.onboardingStep !== 'USER_CREATED' ? <BackButton /> : null}
      <div className="mt-4 rounded-lg border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="type-title text-stone-900">{APP_TEXTS.providerProfile.title}</h1>
        <p className="mt-2 mb-6 text-stone-700">{APP_TEXTS.providerProfile.intro}</p>
        <ProviderProfileForm user={user} onSaved={onSaved} />
      </div>
      {/* The sessions in the therapist's own calendar (docs/rules/bookings.md#a-private-calendar-feed). */}
      <div className="mt-6">
        <CalendarFeedSection />
      </div>
    </div>
  );
}
