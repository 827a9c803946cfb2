import { accountEntries, LOGOUT_LABEL, menuEntries, MSG, ROUTES } from '@samtalsmatch/contracts';
import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import { ButtonLink, Button } from '@/components/ui/button';
import { useCurrentUser } from '@/features/auth/api/current-user';
import { useLogout } from '@/features/auth/api/logout';
import { useMediaQuery } from '@/lib/use-media-query';
import { APP_TEXTS } from '@/app/texts';

// Only a signed-in user sees a menu, and only the one for the screen's width:
// its Radix code (dropdown and popper, or modal dialog) loads on demand and
// stays off the landing page's critical path; a phone never loads the dropdown.
const AccountMenu = lazy(async () => ({ default: (await import('./account-menu')).AccountMenu }));
const MobileMenu = lazy(async () => ({ default: (await import('./mobile-menu')).MobileMenu }));

/** Wider than the slide-in menu's 768 px (the `wide` variant of index.css). */
export const WIDE_QUERY = '(min-width: 769px)';

/**
 * The sticky top bar (docs/rules/accounts.md#header-and-menu): logo and name on the left; on the right
 * nothing while the user loads, 'Logga in' for visitors (not on /auth itself), only 'Logga ut'
 * for an admin, and the account menu for everyone else (a slide-in menu up
 * to 768 px, the dropdown 'Meny' above).
 */
export function Header() {
  const { data: user, isPending } = useCurrentUser();
  const { mutate: logout, isPending: loggingOut } = useLogout();

  const { pathname } = useLocation();
  const wide = useMediaQuery(WIDE_QUERY);

  let right = null;
  if (isPending) {
    right = null;
  } else if (!user && pathname === ROUTES.auth) {
    // /auth is the sign-in page itself: no 'Logga in' that leads to where we are.
    right = null;
  } else if (!user) {
    right = (
      <ButtonLink to={ROUTES.auth} size="sm">
        {MSG.login}
      </ButtonLink>
    );
  } else if (user.type === 'ADMIN') {
    right = (
      <Button variant="secondary" size="sm" disabled={loggingOut} onClick={() => logout()}>
        {LOGOUT_LABEL}
      </Button>
    );
  } else {
    const entries = [...menuEntries(user), ...accountEntries(user)];
    const props = { entries, logoutLabel: LOGOUT_LABEL, onLogout: () => logout(), loggingOut };
    right = (
      <Suspense fallback={null}>
        {wide ? <AccountMenu {...props} /> : <MobileMenu {...props} />}
      </Suspense>
    );
  }

  return (
    <header className="sticky top-0 z-40 border-b border-stone-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
        <Link
          to={ROUTES.home}
          className="flex items-center gap-2 text-lg font-semibold text-brand-800"
        >
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span>{APP_TEXTS.brand}</span>
        </Link>
        <div>{right}</div>
      </div>
    </header>
  );
}
