/**
 * The sign-in's and the registration's Swedish texts: what /auth shows
 * (decision 431). The pages that load on their own, from a mailed link or
 * the account menu, take theirs from account-texts.ts, so that /auth does not
 * load them (decision 301). The API's messages and the fixed texts both apps
 * use are MSG in contracts.
 */
export const AUTH_TEXTS = {
  // The choice of /auth (docs/rules/accounts.md#public-pages).
  welcome: 'Välkommen till Samtalsmatch',
  howToUse: 'Hur vill du använda tjänsten?',
  clientChoiceText:
    'För dig som söker samtalsterapi. Logga in eller skapa ett konto med din e-postadress.',
  providerChoiceText: 'För dig som vill ta emot klienter. Logga in med BankID.',
  bankIdStarting: 'Startar BankID…',

  // The client's form.
  login: 'Logga in',
  loggingIn: 'Loggar in…',
  register: 'Skapa konto',
  registering: 'Skapar konto…',
  loginIntro: 'Logga in med din e-postadress och ditt lösenord.',
  registerIntro: 'Skapa ett konto för att svara på frågorna och få dina matchningar.',
  or: 'eller',
  loginWithBankId: 'Logga in med BankID',
  noAccount: 'Har du inget konto?',
  haveAccount: 'Har du redan ett konto?',
  name: 'Namn',
  password: 'Lösenord',
  confirmPassword: 'Bekräfta lösenord',
  passwordRule: 'Minst 8 tecken, med stor och liten bokstav och en siffra eller ett specialtecken.',
  passwordStrength: 'Lösenordsstyrka:',
  forgotPasswordLink: 'Glömt lösenord?',
  thanksTitle: 'Tack för din registrering!',
  /** Around the address the verification mail went to. */
  thanksMailSentTo: 'Vi har skickat ett verifieringsmejl till',
  thanksOpenLink:
    '. Öppna länken i mejlet för att bekräfta din e-postadress. Hittar du inte mejlet? Titta i skräpposten.',
  thanksLoginNow: 'Du kan redan nu logga in och börja svara på frågorna.',
} as const;
