/**
 * The Swedish texts of the auth feature's pages that load on their own: the
 * return from BankID, a forgotten or new password, e-mail verification and
 * an e-mail change and its undo (decision 431). Apart from /auth's texts
 * (texts.ts), so that the sign-in page does not load them (decision 301).
 */
export const ACCOUNT_TEXTS = {
  login: 'Logga in',
  loggingIn: 'Loggar in…',
  sending: 'Skickar…',
  saving: 'Sparar…',

  // BankID's return (docs/rules/accounts.md#bankid).
  /** Why BankID failed, by the API's `?error=` reason. */
  bankIdReasons: {
    cancelled: 'Inloggningen med BankID avbröts.',
    cookie:
      'Webbläsaren skickade inte tillbaka sin inloggningskaka. Tillåt kakor för Samtalsmatch och börja om på samma adress.',
    expired: 'Inloggningen tog för lång tid. Försök igen.',
    invalid: 'Inloggningen kunde inte kontrolleras. Försök igen.',
    unavailable: 'BankID är inte tillgängligt just nu. Försök igen om en stund.',
    conflict:
      'Det finns redan ett konto som inte kan kopplas till den här inloggningen. Kontakta support.',
    failed: 'Inloggningen med BankID misslyckades. Försök igen.',
  },

  // Forgotten and new password (docs/rules/accounts.md#forgot-and-reset-password).
  forgotPassword: 'Glömt lösenord',
  sendResetLink: 'Skicka återställningslänk',
  newPassword: 'Nytt lösenord',
  confirmNewPassword: 'Bekräfta nytt lösenord',
  chooseNewPassword: 'Välj nytt lösenord',
  saveNewPassword: 'Spara nytt lösenord',
  passwordChanged: 'Ditt lösenord har ändrats. Du kan nu logga in med ditt nya lösenord.',
  toLogin: 'Till inloggningen',
  requestNewLink: 'Begär en ny länk',

  // E-mail verification (docs/rules/accounts.md#e-mail-verification).
  verifying: 'Verifierar din e-postadress…',
  verifyFailedTitle: 'Verifieringen misslyckades',
  verifiedTitle: 'E-postadressen är bekräftad',
  verified: 'Tack! Din e-postadress är nu bekräftad.',
  toMyPages: 'Till mina sidor',
  needNewLink: 'Behöver du en ny länk?',
  newLinkText:
    'Länken i mejlet gäller i 24 timmar och kan bara användas en gång. Ange din e-postadress så skickar vi en ny.',
  resendNeutral:
    'Om kontot finns och e-postadressen inte redan är bekräftad har vi skickat ett nytt bekräftelsemejl.',
  resendFormLabel: 'Skicka ett nytt verifieringsmejl',
  resendSubmit: 'Skicka nytt verifieringsmejl',

  // A new e-mail address and its undo (docs/rules/accounts.md#e-mail-change).
  changeEmail: 'Byt e-postadress',
  changeEmailNeedsBankId: (minutes: number) =>
    `Av säkerhetsskäl behöver du logga in med BankID igen innan du byter e-postadress. Kom sedan tillbaka hit inom ${minutes} minuter.`,
  changeEmailBankIdOnly: (minutes: number) =>
    `Du loggar in med BankID. För att byta e-postadress behöver du ha loggat in med BankID de senaste ${minutes} minuterna.`,
  loginWithBankIdAgain: 'Logga in med BankID igen',
  newEmail: 'Ny e-postadress',
  currentPassword: 'Nuvarande lösenord',
  currentPasswordHint: 'Vi frågar efter lösenordet så att ingen annan kan byta adress åt dig.',
  sendConfirmationLink: 'Skicka bekräftelselänk',
  undoneTitle: 'Bytet är ångrat',
  undoFailedTitle: 'Bytet kunde inte ångras',
  undoText:
    'Har någon annan bytt e-postadressen för ditt konto? Då återställer vi din tidigare adress och loggar ut kontot på alla enheter. Loggar du in med lösenord väljer du sedan ett nytt.',
  undoing: 'Ångrar…',
  undo: 'Ångra bytet av e-postadress',
} as const;
