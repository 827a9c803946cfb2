import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordSchema, type MessageResponse } from '@samtalsmatch/contracts';
import type { UseMutationResult } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { EmailField } from '@/components/form/email-field';
import { Alert } from '@/components/ui/alert';
import { Button, type ButtonVariant } from '@/components/ui/button';
import { handleApiError } from '@/lib/error-message';
import { ACCOUNT_TEXTS } from '../account-texts';

/**
 * One e-mail field whose answer is always neutral, whether or not an account
 * exists: "forgot password" and "send a new verification mail".
 */
export function EmailRequestForm({
  mutation,
  formLabel,
  submitLabel,
  neutralMessage,
  defaultEmail = '',
  submitVariant = 'primary',
  className = 'space-y-5',
}: {
  mutation: UseMutationResult<MessageResponse, Error, { email: string }>;
  formLabel: string;
  submitLabel: string;
  /** The text shown after success, given the server's own message. */
  neutralMessage: (serverMessage: string | undefined) => string;
  defaultEmail?: string;
  submitVariant?: ButtonVariant;
  className?: string;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ email: string }>({
    // Both calls take the same {email} (resendVerificationSchema is the same shape).
    resolver: zodResolver(forgotPasswordSchema),
    mode: 'onTouched',
    defaultValues: { email: defaultEmail },
  });

  if (mutation.isSuccess) {
    return <Alert tone="success">{neutralMessage(mutation.data?.message)}</Alert>;
  }

  return (
    <form
      noValidate
      aria-label={formLabel}
      className={className}
      onSubmit={handleSubmit((values) =>
        mutation.mutate(values, { onError: (error) => handleApiError(error) }),
      )}
    >
      <EmailField error={errors.email?.message} {...register('email')} />
      <Button
        type="submit"
        variant={submitVariant}
        className={submitVariant === 'primary' ? 'w-full' : ''}
        disabled={mutation.isPending}
      >
        {mutation.isPending ? ACCOUNT_TEXTS.sending : submitLabel}
      </Button>
    </form>
  );
}
