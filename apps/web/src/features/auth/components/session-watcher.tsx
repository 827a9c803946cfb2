import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { AUTH_ERROR_EVENT } from '@/lib/api-client';
import { currentUserKey } from '../api/current-user';
import { isLogoutPending, useLogout } from '../api/logout';

/**
 * An unauthorised response anywhere logs the user out (docs/rules/accounts.md#session), once the
 * user is known and no logout is pending.
 */
export function SessionWatcher() {
  const queryClient = useQueryClient();
  const { mutate: logout } = useLogout();
  // Set at once, before the mutation reports itself as pending: a burst of 401s logs out once.
  const starting = useRef(false);
  useEffect(() => {
    const onAuthError = () => {
      const user = queryClient.getQueryData(currentUserKey);
      if (!user || starting.current || isLogoutPending(queryClient)) return;
      starting.current = true;
      logout(undefined, {
        onSettled: () => {
          starting.current = false;
        },
      });
    };
    window.addEventListener(AUTH_ERROR_EVENT, onAuthError);
    return () => window.removeEventListener(AUTH_ERROR_EVENT, onAuthError);
  }, [queryClient, logout]);
  return null;
}
