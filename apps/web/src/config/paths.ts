import { ROUTES } from '@samtalsmatch/contracts';

/** Every route path of SPEC §2 in one place (the object lives in contracts). */
export const paths = ROUTES;

/** The client form on /auth (the choice cards are skipped). */
export const CLIENT_AUTH_PATH = `${ROUTES.auth}?form=klient`;

/** The two policy documents (SPEC §2 footer), served from apps/web/public. */
export const documents = {
  privacyPolicy: '/integritetspolicy.pdf',
  termsAndCookies: '/anvandarvillkor-och-cookies.pdf',
} as const;
