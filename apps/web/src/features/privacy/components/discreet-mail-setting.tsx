import { DISCREET_MAIL_DIALOG, PRIVACY_PAGE, type User } from '@samtalsmatch/contracts';
import { Switch } from 'radix-ui';
import { useId, useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { handleApiError } from '@/lib/error-message';
import { useUpdatePreferences } from '../api/update-preferences';

const TEXT = PRIVACY_PAGE.discreetMail;

/**
 * The 'Diskreta utskick' switch (docs/rules/privacy.md#discreet-mails, decision 340). Turning it
 * off first shows what the mails will then reveal, and sends the version of
 * that text with the choice; turning it on needs no dialog. Therapists see
 * why they have no switch: their mails never name the client.
 */
export function DiscreetMailSetting({ user }: { user: User }) {
  const switchId = useId();
  const stateId = useId();
  const [confirming, setConfirming] = useState(false);
  const update = useUpdatePreferences();
  const discreet = user.preferences?.discreetMail ?? true;

  if (user.type !== 'CLIENT') {
    return <p className="text-stone-700">{TEXT.providerIntro}</p>;
  }

  const turnOn = () =>
    update.mutate(
      { discreetMail: true },
      { onSuccess: () => toast.success(TEXT.savedOn), onError: (e) => handleApiError(e) },
    );
  const turnOff = () =>
    update.mutate(
      { discreetMail: false, dialogVersion: DISCREET_MAIL_DIALOG.version },
      {
        onSuccess: () => {
          setConfirming(false);
          toast.success(TEXT.savedOff);
        },
        onError: (e) => handleApiError(e),
      },
    );

  return (
    <div>
      <p className="text-stone-700">{TEXT.clientIntro}</p>
      <div className="mt-4 flex items-center gap-3">
        <Switch.Root
          id={switchId}
          checked={discreet}
          disabled={update.isPending}
          aria-describedby={stateId}
          onCheckedChange={(checked) => (checked ? turnOn() : setConfirming(true))}
          className="relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border-2 border-transparent bg-stone-500 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-60 data-[state=checked]:bg-brand-700"
        >
          <Switch.Thumb className="block h-6 w-6 translate-x-0 rounded-full bg-white shadow-sm transition-transform data-[state=checked]:translate-x-5" />
        </Switch.Root>
        <label htmlFor={switchId} className="font-medium text-stone-900">
          {TEXT.switchLabel}
        </label>
      </div>
      <p id={stateId} className="mt-2 text-sm text-stone-700">
        {discreet ? TEXT.on : TEXT.off}
      </p>
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title={DISCREET_MAIL_DIALOG.title}
        description={DISCREET_MAIL_DIALOG.text[0]}
        footer={
          <Button variant="destructive" disabled={update.isPending} onClick={turnOff}>
            {DISCREET_MAIL_DIALOG.confirm}
          </Button>
        }
      >
        {DISCREET_MAIL_DIALOG.text.slice(1).map((paragraph) => (
          <p key={paragraph} className="mt-3 text-stone-700">
            {paragraph}
          </p>
        ))}
      </Dialog>
    </div>
  );
}
