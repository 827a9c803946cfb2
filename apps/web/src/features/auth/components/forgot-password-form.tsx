import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordSchema, MSG } from '@samtalsmatch/contracts';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { TextField } from '@/components/form/text-field';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { handleApiError } from '@/lib/error-message';
import { useForgotPassword } from '../api/forgot-password';

type ForgotValues = z.input<typeof forgotPasswordSchema>;

/** SPEC §2/§8: one e-mail field; the result is always the neutral message. */
export function ForgotPasswordForm() {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotValues>({
    resolver: zodResolver(forgotPasswordSchema),
    mode: 'onTouched',
    defaultValues: { email: '' },
  });
  const forgot = useForgotPassword();

  if (forgot.isSuccess) {
    return <Alert tone="success">{MSG.forgotPasswordNeutral}</Alert>;
  }

  return (
    <form
      noValidate
      aria-label="Glömt lösenord"
      className="space-y-5"
      onSubmit={handleSubmit((values) =>
        forgot.mutate(values, { onError: (error) => handleApiError(error) }),
      )}
    >
      <TextField
        label="E-postadress"
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <Button type="submit" className="w-full" disabled={forgot.isPending}>
        {forgot.isPending ? 'Skickar…' : 'Skicka återställningslänk'}
      </Button>
    </form>
  );
}
