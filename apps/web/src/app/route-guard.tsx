import { guardRedirect, type OnboardingStep, type UserType } from '@samtalsmatch/contracts';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useCurrentUser } from '@/features/auth/api/current-user';

/** SPEC §2 route guard: nothing while loading, then the rule from contracts. */
export function RouteGuard({
  roles,
  steps,
  children,
}: {
  roles?: readonly UserType[];
  steps?: readonly OnboardingStep[];
  children: ReactNode;
}) {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return null;
  const target = guardRedirect(user ?? null, {
    ...(roles ? { roles: [...roles] } : {}),
    ...(steps ? { steps: [...steps] } : {}),
  });
  if (target) return <Navigate to={target} replace />;
  return <>{children}</>;
}
