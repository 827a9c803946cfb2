import { zodResolver } from '@hookform/resolvers/zod';
import { MSG, resetPasswordFormSchema, ROUTES } from '@samtalsmatch/contracts';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { CLIENT_AUTH_PATH } from '@/config/paths';
import { ApiRequestError } from '@/lib/api-client';
import { handleApiError } from '@/lib/error-message';
import { useResetPassword } from '../api/reset-password';
import { NewPasswordFields } from './new-password-fields';
import { ACCOUNT_TEXTS } from '../account-texts';

type ResetValues = z.input<typeof resetPasswordFormSchema>;

/**
 * A new password and its confirmation (docs/rules/accounts.md#forgot-and-reset-password). A refused link shows
 * 'Länken kan ha gått ut eller så är den ogiltig.' with a link to try again.
 */
export function ResetPasswordForm({ token }: { token: string }) {
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetValues>({
    resolver: zodResolver(resetPasswordFormSchema),
    mode: 'onTouched',
    defaultValues: { password: '', confirmPassword: '' },
  });
  const password = useWatch({ control, name: 'password' }) ?? '';
  const reset = useResetPassword();

  if (reset.isSuccess) {
    return (
      <div className="space-y-6">
        <Alert tone="success">{reset.data?.message ?? ACCOUNT_TEXTS.passwordChanged}</Alert>
        <ButtonLink to={CLIENT_AUTH_PATH} className="w-full">
          {ACCOUNT_TEXTS.toLogin}
        </ButtonLink>
      </div>
    );
  }

  // A password the server refuses (for example a common one) is not a bad link.
  const passwordRefused = (error: unknown) =>
    error instanceof ApiRequestError && Boolean(error.fieldErrors?.password?.length);
  const linkFailed =
    reset.isError && reset.error instanceof ApiRequestError
      ? ![429].includes(reset.error.status) && !passwordRefused(reset.error)
      : reset.isError;

  return (
    <div className="space-y-6">
      {linkFailed ? (
        <Alert tone="error">
          <p>{MSG.resetFailed}</p>
          <p className="mt-2">
            <Link
              to={ROUTES.forgotPassword}
              className="font-medium text-danger-900 underline underline-offset-2"
            >
              {ACCOUNT_TEXTS.requestNewLink}
            </Link>
          </p>
        </Alert>
      ) : null}
      <form
        noValidate
        aria-label={ACCOUNT_TEXTS.chooseNewPassword}
        className="space-y-5"
        // How guessable the password is, the server decides (decision 301): a
        // refusal comes back on the password field and keeps the link.
        onSubmit={handleSubmit((values) => {
          reset.mutate(
            { password: values.password, token },
            {
              onError: (error) => {
                if (passwordRefused(error)) {
                  const message = (error as ApiRequestError).fieldErrors!.password![0]!;
                  setError('password', { message }, { shouldFocus: true });
                } else if (error instanceof ApiRequestError && error.status === 429) {
                  handleApiError(error);
                }
              },
            },
          );
        })}
      >
        <NewPasswordFields
          password={password}
          passwordField={register('password')}
          confirmField={register('confirmPassword')}
          passwordError={errors.password?.message}
          confirmError={errors.confirmPassword?.message}
          passwordLabel={ACCOUNT_TEXTS.newPassword}
          confirmLabel={ACCOUNT_TEXTS.confirmNewPassword}
        />
        <Button type="submit" className="w-full" disabled={isSubmitting || reset.isPending}>
          {isSubmitting || reset.isPending ? ACCOUNT_TEXTS.saving : ACCOUNT_TEXTS.saveNewPassword}
        </Button>
      </form>
    </div>
  );
}
