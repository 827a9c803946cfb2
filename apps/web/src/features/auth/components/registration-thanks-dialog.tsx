import { Dialog } from '@/components/ui/dialog';

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
      title="Tack för din registrering!"
      {...(onCloseAutoFocus ? { onCloseAutoFocus } : {})}
      description={
        <>
          Vi har skickat ett verifieringsmejl till{' '}
          <strong className="text-stone-900 wrap-anywhere">{email}</strong>. Öppna länken i mejlet
          för att bekräfta din e-postadress. Hittar du inte mejlet? Titta i skräpposten.
        </>
      }
    >
      <p className="mt-3 text-stone-700">Du kan redan nu logga in och börja svara på frågorna.</p>
    </Dialog>
  );
}
