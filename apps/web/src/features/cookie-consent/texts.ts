/** The cookie banner's Swedish texts (decision 431, docs/rules/accounts.md#cookie-consent). */
export const COOKIE_CONSENT_TEXTS = {
  title: 'Vi värnar om din integritet',
  /** Followed by the link to the terms. */
  text: 'Vi använder nödvändiga cookies för att tjänsten ska fungera. Med ditt samtycke använder vi även analyscookies för att göra tjänsten bättre. Du kan ändra ditt val längst ned på sidan. Läs mer i',
  termsLink: 'Användarvillkor & Cookies',
  decline: 'Avböj',
  accept: 'Acceptera',
} as const;
