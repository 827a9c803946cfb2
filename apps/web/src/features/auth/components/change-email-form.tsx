import { zodResolver } from '@hookform/resolvers/zod';
import {
  changeEmailFormSchema,
  EMAIL_CHANGE_BANKID_MAX_AGE_MS,
  type User,
} from '@samtalsmatch/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { EmailField } from '@/components/form/email-field';
import { TextField } from '@/components/form/text-field';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ApiRequestError } from '@/lib/api-client';
import { handleApiError } from '@/lib/error-message';
import { useChangeEmail } from '../api/change-email';
import { BankIdAgain } from './bankid-again';
import { ACCOUNT_TEXTS } from '../account-texts';

type Values = z.input<typeof changeEmailFormSchema>;
const withoutPasswordSchema = changeEmailFormSchema.extend({ currentPassword: z.string() });
const MINUTES = EMAIL_CHANGE_BANKID_MAX_AGE_MS / 60_000;

/**
 * docs/rules/accounts.md#e-mail-change: a new address needs the current password (accounts
 * that have one) or a BankID sign-in within the last minutes (the others).
 * The address changes only when the link mailed to it is opened; the old
 * address then gets a link that undoes the change.
 */
export function ChangeEmailForm({ user }: { user: User }) {
  const withPassword = user.hasPassword === true;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Values>({
    // A BankID-only account has no password to give: the field is not there.
    resolver: zodResolver(withPassword ? changeEmailFormSchema : withoutPasswordSchema),
    mode: 'onTouched',
    defaultValues: { email: '', currentPassword: '' },
  });
  const change = useChangeEmail();
  const [needsBankId, setNeedsBankId] = useState(false);

  if (change.isSuccess) {
    return <Alert tone="success">{change.data.message}</Alert>;
  }

  const onSubmit = handleSubmit((values) => {
    setNeedsBankId(false);
    change.mutate(
      {
        email: values.email,
        ...(withPassword ? { currentPassword: values.currentPassword } : {}),
      },
      {
        onError: (error) => {
          if (error instanceof ApiRequestError && error.code === 'REAUTHENTICATION_REQUIRED') {
            setNeedsBankId(true);
            return;
          }
          handleApiError(error);
          if (error instanceof ApiRequestError && error.fieldErrors) {
            for (const field of ['email', 'currentPassword'] as const) {
              const message = error.fieldErrors[field]?.[0];
              if (message) setError(field, { message }, { shouldFocus: true });
            }
          }
        },
      },
    );
  });

  return (
    <div className="space-y-6">
      {!withPassword || needsBankId ? (
        <Alert tone={needsBankId ? 'error' : 'info'}>
          <p>
            {needsBankId
              ? ACCOUNT_TEXTS.changeEmailNeedsBankId(MINUTES)
              : ACCOUNT_TEXTS.changeEmailBankIdOnly(MINUTES)}
          </p>
          <div className="mt-3">
            <BankIdAgain user={user} label={ACCOUNT_TEXTS.loginWithBankIdAgain} />
          </div>
        </Alert>
      ) : null}
      <form
        noValidate
        onSubmit={onSubmit}
        className="space-y-5"
        aria-label={ACCOUNT_TEXTS.changeEmail}
      >
        <EmailField
          label={ACCOUNT_TEXTS.newEmail}
          error={errors.email?.message}
          {...register('email')}
        />
        {withPassword ? (
          <TextField
            label={ACCOUNT_TEXTS.currentPassword}
            type="password"
            autoComplete="current-password"
            hint={ACCOUNT_TEXTS.currentPasswordHint}
            error={errors.currentPassword?.message}
            {...register('currentPassword')}
          />
        ) : null}
        <Button type="submit" className="w-full" disabled={change.isPending}>
          {change.isPending ? ACCOUNT_TEXTS.sending : ACCOUNT_TEXTS.sendConfirmationLink}
        </Button>
      </form>
    </div>
  );
}
