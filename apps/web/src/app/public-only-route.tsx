import { ROUTE_ACCESS } from '@samtalsmatch/contracts';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useCurrentUser } from '@/features/auth/api/current-user';

/** /auth: a signed-in user is sent to /dashboard; nothing while the user loads (docs/rules/accounts.md#route-table). */
export function PublicOnlyRoute({ children }: { children: ReactNode }) {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return null;
  if (user) return <Navigate to={ROUTE_ACCESS.auth.signedInRedirect} replace />;
  return <>{children}</>;
}
