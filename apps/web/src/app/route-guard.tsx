import { guardRedirect, MSG, type OnboardingStep, type UserType } from '@samtalsmatch/contracts';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { useCurrentUser } from '@/features/auth/api/current-user';
import { questionnaireConsent, useConsents } from '@/features/privacy/api/consents';
import { ConsentRequest } from '@/features/privacy/components/consent-request';

/**
 * The route guard (docs/rules/accounts.md#route-guard): nothing while loading, then the rule from contracts.
 * When the user could not be loaded at all (not a 401: the server or the
 * network failed), 'Kunde inte ladda användardata.' instead of
 * treating the visitor as signed out.
 */
export function RouteGuard({
  roles,
  steps,
  children,
}: {
  roles?: readonly UserType[];
  steps?: readonly OnboardingStep[];
  children: ReactNode;
}) {
  const { data: user, isPending, isError } = useCurrentUser();
  const { pathname } = useLocation();
  if (isPending) return null;
  if (isError && user === undefined) return <Alert tone="error">{MSG.userLoadFailed}</Alert>;
  const target = guardRedirect(user ?? null, {
    ...(roles ? { roles: [...roles] } : {}),
    ...(steps ? { steps: [...steps] } : {}),
  });
  // Never redirect a page to itself (an unknown step on a page that is its own target).
  if (target && target !== pathname) return <Navigate to={target} replace />;
  return user?.type === 'CLIENT' ? <ConsentGate>{children}</ConsentGate> : <>{children}</>;
}

/**
 * A client whose answers have no recorded consent is asked for it before
 * anything else (docs/rules/privacy.md#questionnaire-consent, decision 342). The page shows while the
 * answer is on its way or could not be read: a failed read never locks
 * anyone out.
 */
function ConsentGate({ children }: { children: ReactNode }) {
  const { data } = useConsents();
  if (questionnaireConsent(data)?.needed) return <ConsentRequest />;
  return <>{children}</>;
}
