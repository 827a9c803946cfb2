import { zodResolver } from '@hookform/resolvers/zod';
import { DATA_RIGHTS_PAGE, eraseAccountFormSchema, type User } from '@samtalsmatch/contracts';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { TextField } from '@/components/form/text-field';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ApiRequestError } from '@/lib/api-client';
import { handleApiError } from '@/lib/error-message';
import { useEraseAccount } from '../api/erase-account';
import { BankIdAgain } from './bankid-again';

const TEXT = DATA_RIGHTS_PAGE.erase;
type Values = z.input<typeof eraseAccountFormSchema>;
const withoutPasswordSchema = z.object({ currentPassword: z.string() });

/**
 * 'Radera mitt konto' (docs/rules/privacy.md#erasure): a dialog that says exactly
 * what happens, for the person's role, and asks for the proof: the current
 * password, or (an account without one) a BankID sign-in within the last
 * 10 minutes. After the erasure the person lands on / with a toast.
 */
export function EraseAccount({ user }: { user: User }) {
  const [open, setOpen] = useState(false);
  const formId = useId();
  const withPassword = user.hasPassword === true;
  const [needsBankId, setNeedsBankId] = useState(false);
  const erase = useEraseAccount();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<Values>({
    resolver: zodResolver(withPassword ? eraseAccountFormSchema : withoutPasswordSchema),
    defaultValues: { currentPassword: '' },
  });
  const what = user.type === 'PROVIDER' ? TEXT.what.PROVIDER : TEXT.what.CLIENT;

  const onOpenChange = (next: boolean) => {
    if (erase.isPending) return;
    setOpen(next);
    if (!next) {
      reset();
      setNeedsBankId(false);
    }
  };

  const onSubmit = handleSubmit((values) => {
    setNeedsBankId(false);
    // On success the hook says so and leaves for /.
    erase.mutate(withPassword ? { currentPassword: values.currentPassword } : {}, {
      onError: (error) => {
        if (error instanceof ApiRequestError && error.code === 'REAUTHENTICATION_REQUIRED') {
          setNeedsBankId(true);
          return;
        }
        const message = error instanceof ApiRequestError && error.fieldErrors?.currentPassword?.[0];
        if (message) {
          setError('currentPassword', { message }, { shouldFocus: true });
          return;
        }
        handleApiError(error);
      },
    });
  });

  return (
    <div>
      <p className="text-stone-700">{TEXT.intro}</p>
      <Button variant="destructive" className="mt-4" onClick={() => setOpen(true)}>
        {TEXT.button}
      </Button>
      <Dialog
        open={open}
        onOpenChange={onOpenChange}
        title={TEXT.dialogTitle}
        description={TEXT.dialogIntro}
        footer={
          <Button type="submit" form={formId} variant="destructive" disabled={erase.isPending}>
            {erase.isPending ? TEXT.pending : TEXT.confirm}
          </Button>
        }
      >
        <ul className="mt-3 list-disc space-y-2 pl-5 text-stone-700">
          {what.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <form id={formId} noValidate onSubmit={onSubmit} className="mt-5 space-y-4">
          {withPassword ? (
            <TextField
              label={TEXT.passwordLabel}
              type="password"
              autoComplete="current-password"
              hint={TEXT.passwordHint}
              error={errors.currentPassword?.message}
              {...register('currentPassword')}
            />
          ) : null}
          {!withPassword || needsBankId ? (
            <Alert tone={needsBankId ? 'error' : 'info'}>
              <p>{needsBankId ? TEXT.bankIdReturn : TEXT.bankIdIntro}</p>
              <div className="mt-3">
                <BankIdAgain user={user} label={TEXT.bankIdAgain} />
              </div>
            </Alert>
          ) : null}
        </form>
      </Dialog>
    </div>
  );
}
