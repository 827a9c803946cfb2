import { zodResolver } from '@hookform/resolvers/zod';
import { registerFormSchema } from '@samtalsmatch/contracts';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { EmailField } from '@/components/form/email-field';
import { TextField } from '@/components/form/text-field';
import { Button } from '@/components/ui/button';
import { ApiRequestError } from '@/lib/api-client';
import { handleApiError } from '@/lib/error-message';
import { useRegister } from '../api/register';
import { NewPasswordFields } from './new-password-fields';
import { AUTH_TEXTS } from '../texts';

type RegisterValues = z.input<typeof registerFormSchema>;
const FIELDS = ['email', 'name', 'password', 'confirmPassword'] as const;

/** Register: name, e-mail, password with the live meter, confirmation (docs/rules/accounts.md#registration-and-login). */
export function RegisterForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegisterValues>({
    resolver: zodResolver(registerFormSchema),
    mode: 'onTouched',
    defaultValues: { name: '', email: '', password: '', confirmPassword: '' },
  });
  const password = useWatch({ control, name: 'password' }) ?? '';
  const registration = useRegister();

  // How guessable the password is, the server decides (its dictionaries stay off
  // the phone, decision 301): a refusal comes back on the password field.
  const onSubmit = handleSubmit((values) => {
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
    );
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label={AUTH_TEXTS.register}>
      <TextField
        label={AUTH_TEXTS.name}
        autoComplete="name"
        error={errors.name?.message}
        {...register('name')}
      />
      <EmailField error={errors.email?.message} {...register('email')} />
      <NewPasswordFields
        password={password}
        passwordField={register('password')}
        confirmField={register('confirmPassword')}
        passwordError={errors.password?.message}
        confirmError={errors.confirmPassword?.message}
      />
      <Button type="submit" className="w-full" disabled={isSubmitting || registration.isPending}>
        {isSubmitting || registration.isPending ? AUTH_TEXTS.registering : AUTH_TEXTS.register}
      </Button>
    </form>
  );
}
