import { Navigate, useLocation, useParams } from 'react-router';
import type { TOKEN_PAGES } from '@/config/paths';

/** The token handed over in the history state by TokenHandoff, if any. */
export function useHandedToken(): string | undefined {
  const state = useLocation().state as { token?: unknown } | null;
  return typeof state?.token === 'string' ? state.token : undefined;
}

/**
 * `/reset-password/:token` and `/verify-email/:token` (the mailed links):
 * moves the token from the address into the history entry's state (replace,
 * so Back and a reload keep it, but the address bar, the history list, a
 * shared screen or a script reading `location` do not show it) before the
 * page itself mounts and acts on it.
 */
export function TokenHandoff({ to }: { to: (typeof TOKEN_PAGES)[number] }) {
  const { token } = useParams();
  return <Navigate to={to} replace state={token ? { token } : null} />;
}
