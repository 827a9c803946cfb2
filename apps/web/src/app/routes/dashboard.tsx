import { useCurrentUser } from '@/features/auth/api/current-user';
import { ClientDashboardPage } from './client/dashboard';
import { ProviderDashboardPage } from './provider/dashboard';

/** /dashboard (SPEC §2): the client's matches or the provider's dashboard. */
export function DashboardPage() {
  const { data: user } = useCurrentUser();
  if (!user) return null;
  return user.type === 'PROVIDER' ? <ProviderDashboardPage /> : <ClientDashboardPage />;
}
