import { MSG, ROUTES } from '@samtalsmatch/contracts';
import { ButtonLink } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { AVAILABILITY_TEXTS } from '../texts';

/** 'Ditt konto granskas': after a therapist's first save (docs/rules/availability.md#first-save-completes-onboarding). */
export function ReviewDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={MSG.accountUnderReview}
      description={
        <>
          {MSG.accountUnderReviewThanks} {MSG.accountUnderReviewText}
        </>
      }
      footer={
        <ButtonLink to={ROUTES.dashboard} variant="secondary">
          {AVAILABILITY_TEXTS.toOverview}
        </ButtonLink>
      }
    />
  );
}
