import { zodResolver } from '@hookform/resolvers/zod';
import { resendVerificationSchema } from '@samtalsmatch/contracts';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { TextField } from '@/components/form/text-field';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { handleApiError } from '@/lib/error-message';
import { useResendVerification } from '../api/resend-verification';

const resendSchema = resendVerificationSchema;
type ResendValues = z.input<typeof resendSchema>;

const NEUTRAL =
  'Om kontot finns och e-postadressen inte redan är bekräftad har vi skickat ett nytt bekräftelsemejl.';

/** Asks for a new verification mail (POST /auth/resend-verification {email}); the answer is neutral. */
export function ResendVerificationForm({ defaultEmail = '' }: { defaultEmail?: string }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResendValues>({
    resolver: zodResolver(resendSchema),
    mode: 'onTouched',
    defaultValues: { email: defaultEmail },
  });
  const resend = useResendVerification();

  if (resend.isSuccess) {
    return <Alert tone="success">{resend.data?.message ?? NEUTRAL}</Alert>;
  }

  return (
    <form
      noValidate
      aria-label="Skicka ett nytt verifieringsmejl"
      className="space-y-4"
      onSubmit={handleSubmit((values) =>
        resend.mutate(values, { onError: (error) => handleApiError(error) }),
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
      <Button type="submit" variant="secondary" disabled={resend.isPending}>
        {resend.isPending ? 'Skickar…' : 'Skicka nytt verifieringsmejl'}
      </Button>
    </form>
  );
}
