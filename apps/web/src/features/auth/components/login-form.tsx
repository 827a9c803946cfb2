import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema, ROUTES } from '@samtalsmatch/contracts';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { EmailField } from '@/components/form/email-field';
import { TextField } from '@/components/form/text-field';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-message';
import { useLogin } from '../api/login';
import { AUTH_TEXTS } from '../texts';

type LoginValues = z.input<typeof loginSchema>;

/**
 * Login (docs/rules/accounts.md#registration-and-login): a valid e-mail and a password; on success to /dashboard. A
 * refused login is said once, in the form (role="alert", tied to both
 * fields), never also as a toast: the user reads it where they type.
 */
export function LoginForm({ defaultEmail = '' }: { defaultEmail?: string }) {
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm<LoginValues>({
    resolver: zodResolver(loginSchema),
    mode: 'onTouched',
    defaultValues: { email: defaultEmail, password: '' },
  });
  const login = useLogin({ onSuccess: () => void navigate(ROUTES.dashboard) });
  const [formError, setFormError] = useState<string | null>(null);
  const formErrorId = `${useId()}-login-error`;
  const refused = formError ? { 'aria-describedby': formErrorId, 'aria-invalid': true } : {};

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    login.mutate(
      { email: values.email, password: values.password },
      {
        onError: (error) => {
          // Wrong e-mail or password (401 on this call) is said in the server's own words;
          // too many attempts and other failures get their own text, in the same place.
          setFormError(errorMessage(error, { alsoShowServerMessageFor: [401] }));
          setFocus('password');
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label={AUTH_TEXTS.login}>
      {/* role="alert": read out as it appears (anew after each refused attempt). */}
      {formError ? (
        <div id={formErrorId}>
          <Alert tone="error">{formError}</Alert>
        </div>
      ) : null}
      <EmailField error={errors.email?.message} {...refused} {...register('email')} />
      <TextField
        label={AUTH_TEXTS.password}
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...refused}
        {...register('password')}
      />
      <p>
        <Link
          to={ROUTES.forgotPassword}
          className="text-brand-700 underline underline-offset-2 hover:text-brand-800"
        >
          {AUTH_TEXTS.forgotPasswordLink}
        </Link>
      </p>
      <Button type="submit" className="w-full" disabled={login.isPending}>
        {login.isPending ? AUTH_TEXTS.loggingIn : AUTH_TEXTS.login}
      </Button>
    </form>
  );
}
