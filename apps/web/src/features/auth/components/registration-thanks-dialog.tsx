import { Dialog } from '@/components/ui/dialog';
import { AUTH_TEXTS } from '../texts';

/** After registration, thanks and says a verification e-mail has been sent (docs/rules/accounts.md#registration-and-login). */
export function RegistrationThanksDialog({
  email,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: {
  email: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={AUTH_TEXTS.thanksTitle}
      {...(onCloseAutoFocus ? { onCloseAutoFocus } : {})}
      description={
        <>
          {AUTH_TEXTS.thanksMailSentTo}{' '}
          <strong className="text-stone-900 wrap-anywhere">{email}</strong>
          {AUTH_TEXTS.thanksOpenLink}
        </>
      }
    >
      <p className="mt-3 text-stone-700">{AUTH_TEXTS.thanksLoginNow}</p>
    </Dialog>
  );
}
