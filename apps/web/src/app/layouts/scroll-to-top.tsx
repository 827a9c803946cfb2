import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** The page scrolls to the top on every route change (docs/rules/accounts.md#screens). */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
