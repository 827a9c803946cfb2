import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useSetVerification } from '../api/set-verification';
import { ADMIN_TEXTS } from '../texts';

/**
 * Verify or unverify, after a confirmation (the Radix dialog traps focus and
 * gives it back to this button). It sends the state it means, so a repeated
 * request never undoes the first; the answer is the state after it.
 */
export function VerifyControl({
  providerId,
  isVerified,
  canVerify,
  bookingsAhead,
}: {
  providerId: string;
  isVerified: boolean;
  canVerify: boolean;
  /** Bookings still ahead: what unverifying cancels (the dialog says so before). */
  bookingsAhead: number;
}) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const setVerification = useSetVerification(providerId);
  const action = isVerified ? ADMIN_TEXTS.unverify : ADMIN_TEXTS.verify;

  if (!canVerify && !isVerified) {
    return <p className="text-sm text-stone-700">{ADMIN_TEXTS.missingProfile}</p>;
  }
  return (
    <>
      <Button
        ref={opener}
        variant={isVerified ? 'destructive' : 'primary'}
        onClick={() => setOpen(true)}
        disabled={setVerification.isPending}
      >
        {action}
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        // The dialog has no Radix trigger: give focus back to the control by hand.
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          opener.current?.focus();
        }}
        title={isVerified ? ADMIN_TEXTS.unverifyConfirmTitle : ADMIN_TEXTS.verifyConfirmTitle}
        description={
          isVerified
            ? `${ADMIN_TEXTS.unverifyCancelsBookings(bookingsAhead)} ${ADMIN_TEXTS.unverifyConfirmText}`
            : ADMIN_TEXTS.verifyConfirmText
        }
        footer={
          <Button
            variant={isVerified ? 'destructive' : 'primary'}
            disabled={setVerification.isPending}
            onClick={() => setVerification.mutate(!isVerified, { onSettled: () => setOpen(false) })}
          >
            {action}
          </Button>
        }
      />
    </>
  );
}
