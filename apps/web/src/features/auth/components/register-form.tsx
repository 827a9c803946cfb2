import { zodResolver } from '@hookform/resolvers/zod';
import { registerFormSchema } from '@samtalsmatch/contracts';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { TextField } from '@/components/form/text-field';
import { Button } from '@/components/ui/button';
import { ApiRequestError } from '@/lib/api-client';
import { handleApiError } from '@/lib/error-message';
import { useRegister } from '../api/register';
import { PasswordStrengthMeter } from './password-strength-meter';

type RegisterValues = z.input<typeof registerFormSchema>;
const FIELDS = ['email', 'name', 'password', 'confirmPassword'] as const;

/** SPEC §5 register: name, e-mail, password with the live meter, confirmation. */
export function RegisterForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm<RegisterValues>({
    resolver: zodResolver(registerFormSchema),
    mode: 'onTouched',
    defaultValues: { name: '', email: '', password: '', confirmPassword: '' },
  });
  const password = useWatch({ control, name: 'password' }) ?? '';
  const registration = useRegister();

  const onSubmit = handleSubmit((values) =>
    registration.mutate(
      { email: values.email, name: values.name, password: values.password },
      {
        onSuccess: () => onRegistered(values.email.trim()),
        onError: (error) => {
          handleApiError(error);
          if (error instanceof ApiRequestError && error.fieldErrors) {
            for (const field of FIELDS) {
              const message = error.fieldErrors[field]?.[0];
              if (message) setError(field, { message }, { shouldFocus: true });
            }
          }
        },
      },
    ),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Skapa konto">
      <TextField
        label="Namn"
        autoComplete="name"
        error={errors.name?.message}
        {...register('name')}
      />
      <TextField
        label="E-postadress"
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label="Lösenord"
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        hint={
          <>
            Minst 8 tecken, med stor och liten bokstav och en siffra eller ett specialtecken.
            <PasswordStrengthMeter password={password} />
          </>
        }
        {...register('password')}
      />
      <TextField
        label="Bekräfta lösenord"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <Button type="submit" className="w-full" disabled={registration.isPending}>
        {registration.isPending ? 'Skapar konto…' : 'Skapa konto'}
      </Button>
    </form>
  );
}
