import { MSG, ROUTES } from '@samtalsmatch/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { currentUserQuery } from '../api/current-user';
import { ACCOUNT_TEXTS } from '../account-texts';

/** Why BankID failed (the API's `?error=` reasons), said in Swedish under the product's fixed texts. */
const REASONS: Record<string, string> = ACCOUNT_TEXTS.bankIdReasons;

/** The reason's text; an unknown one (`__proto__`, `toString`…) is a plain failure. */
function reasonText(reason: string): string {
  return Object.hasOwn(REASONS, reason) ? REASONS[reason]! : REASONS.failed!;
}

/**
 * The after-authentication screen (docs/rules/accounts.md#bankid): refetches the current user and
 * goes to /dashboard; a spinner meanwhile; on failure 'Ett fel uppstod',
 * 'Failed to complete authentication' and a link back to /auth.
 */
export function BankIdCallbackStatus() {
  const [params] = useSearchParams();
  const reason = params.get('error');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(Boolean(reason));

  useEffect(() => {
    if (reason) return;
    let cancelled = false;
    queryClient
      .fetchQuery({ ...currentUserQuery, staleTime: 0 })
      .then((user) => {
        if (cancelled) return;
        if (user) void navigate(ROUTES.dashboard, { replace: true });
        else setFailed(true);
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [reason, queryClient, navigate]);

  if (!failed) return <Spinner label={ACCOUNT_TEXTS.loggingIn} className="py-16" />;
  return (
    <div role="alert" className="mx-auto max-w-md text-center">
      <h1 className="type-title text-stone-900">{MSG.authFailedHeading}</h1>
      <p className="mt-3 text-stone-700" lang="en">
        {MSG.authFailed}
      </p>
      {reason ? <p className="mt-2 text-stone-700">{reasonText(reason)}</p> : null}
      <p className="mt-6">
        <Link
          to={ROUTES.auth}
          className="text-brand-700 underline underline-offset-2 hover:text-brand-800"
        >
          {MSG.backToLogin}
        </Link>
      </p>
    </div>
  );
}
