/**
 * Swedish texts the accounts API answers with. The neutral forgot-password
 * text is the product's (docs/rules/accounts.md#forgot-and-reset-password); the rest are ours, in Swedish like every message.
 */
import { MSG } from '@samtalsmatch/contracts';

export const AUTH_MSG = {
  /** Letter for letter as docs/rules/accounts.md#forgot-and-reset-password quotes it. */
  forgotPasswordNeutral:
    'Om ett konto existerar för den angivna e-posten har en återställningslänk skickats.',
  registered:
    'Tack för din registrering! Vi har skickat ett mejl med en länk för att bekräfta din e-postadress.',
  emailVerified: 'Tack! Din e-postadress är nu bekräftad.',
  passwordReset: 'Ditt lösenord har ändrats. Du kan nu logga in med ditt nya lösenord.',
  resendNeutral:
    'Om kontot finns och e-postadressen inte redan är bekräftad har vi skickat ett nytt bekräftelsemejl.',
  loggedOut: 'Du är utloggad.',
  emailChangeUndone: MSG.emailChangeUndone,
} as const;
