import { ROUTES } from '@samtalsmatch/contracts';

/**
 * Route paths are contracts' `ROUTES` (docs/rules/accounts.md#route-table), used as they are;
 * this file holds only the web's own addresses around them.
 */

/** The client form on /auth (the choice cards are skipped). */
export const CLIENT_AUTH_PATH = `${ROUTES.auth}?form=klient`;

/** The two policy documents of the footer, served from apps/web/public. */
export const documents = {
  privacyPolicy: '/integritetspolicy.pdf',
  termsAndCookies: '/anvandarvillkor-och-cookies.pdf',
} as const;

/** Pages that receive a one-time token in their address (the mailed links). */
export const TOKEN_PAGES = ['/reset-password', '/verify-email', '/undo-email-change'] as const;

/** A path of a token page (with or without its token): analytics never loads there. */
export function isTokenPage(pathname: string): boolean {
  return TOKEN_PAGES.some((base) => pathname === base || pathname.startsWith(`${base}/`));
}
