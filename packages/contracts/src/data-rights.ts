import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './auth';
import type { UserType } from './enums';

/*
 * A person's rights over their own data (GDPR art. 15, 17, 20) and how long
 * the service keeps what (art. 5.1 e). One definition of each number: the
 * API's retention round, the README's table, the privacy policy and the
 * Integritet page read them from here.
 */

/**
 * The name an erased account's row keeps (decision 355): the row stays as a
 * tombstone so that the other party's history still has its booking, and
 * shows this instead of the person.
 */
export const ERASED_NAME: Record<UserType, string> = {
  CLIENT: 'Borttagen klient',
  PROVIDER: 'Borttagen terapeut',
  ADMIN: 'Borttagen administratör',
};

/** The retention round runs once a day in each API process (decision 356). */
export const RETENTION_ROUND_INTERVAL_MS = 24 * 60 * 60_000;

/** The retention periods (decision 356); the README's table says the same. */
export const RETENTION = {
  /** A client account whose e-mail address was never verified is removed this many days after registration. */
  unverifiedAccountDays: 30,
  /** ... after a reminder mail this many days before. */
  unverifiedReminderDaysBefore: 7,
  /** A client's answers are removed after this many months without a sign-in. */
  inactiveAnswersMonths: 24,
  /** ... after a notice mail this many days (a month) before. */
  inactiveNoticeDaysBefore: 30,
  /** Used or expired one-time links (verification, reset, e-mail change) are removed after this many days. */
  spentTokenDays: 7,
  /** Mails sent (or given up on) leave the outbox, row and all, after this many days. */
  sentMailDays: 30,
  /** Who entered or left a video room, and when, is removed after this many days (support needs no more). */
  videoEventDays: 90,
} as const;

/** The current password, to confirm the erasure of one's account. */
export const erasePasswordSchema = z
  .string({ error: 'Ange ditt lösenord för att radera kontot.' })
  .min(1, 'Ange ditt lösenord för att radera kontot.')
  .max(PASSWORD_MAX_LENGTH, 'Lösenordet får vara högst 128 tecken.');

/**
 * DELETE /users/me payload: the current password of an account that has one;
 * without it, a BankID sign-in in this session within EMAIL_CHANGE_BANKID_MAX_AGE_MS.
 * The server decides which is needed (as for an e-mail change).
 */
export const eraseAccountSchema = z.object({
  currentPassword: erasePasswordSchema.optional(),
});
export type EraseAccountInput = z.infer<typeof eraseAccountSchema>;

/** The erasure dialog's form for an account with a password: the password is required. */
export const eraseAccountFormSchema = z.object({ currentPassword: erasePasswordSchema });

/** The Swedish texts of the erasure's proof (the API's field errors, the web's dialog). */
export const ERASE_MSG = {
  currentPasswordRequired: 'Ange ditt lösenord för att radera kontot.',
  bankIdReauthRequired:
    'Av säkerhetsskäl behöver du logga in med BankID igen innan du raderar ditt konto.',
  adminForbidden: 'Ett administratörskonto kan inte raderas här. Kontakta en annan administratör.',
  erased: 'Ditt konto är raderat. Tack för att du använde Samtalsmatch.',
  tryAgain: 'Något ändrades samtidigt som kontot skulle raderas. Inget har raderats. Försök igen.',
} as const;

/** The version of the export file's layout; grows when a section changes shape. */
export const DATA_EXPORT_FORMAT = 'samtalsmatch-export/2';

/**
 * GET /users/me/export: the envelope of the file. Each section is a key of
 * its own (account, answers, matches, bookings, ...); which sections a file
 * holds depends on the person's role.
 */
export const dataExportSchema = z
  .object({
    format: z.literal(DATA_EXPORT_FORMAT),
    exportedAt: z.string(),
    account: z.looseObject({ id: z.string(), type: z.string() }),
  })
  .catchall(z.unknown());
export type DataExport = z.infer<typeof dataExportSchema>;

/** The download's file name, by the Stockholm date key (YYYY-MM-DD) of the export. */
export function dataExportFileName(dateKey: string): string {
  return `samtalsmatch-mina-uppgifter-${dateKey}.json`;
}

/** The Integritet page's sections for one's own data (docs/rules/privacy.md#privacy-page): texts letter for letter. */
export const DATA_RIGHTS_PAGE = {
  download: {
    title: 'Ladda ned mina uppgifter',
    intro:
      'Du kan ladda ned allt vi har sparat om dig som en fil (JSON) som du kan läsa eller ta med dig till en annan tjänst: ditt konto, dina svar tillsammans med frågorna, dina matchningar och bokningar, vem som har läst dina uppgifter och vilka mejl vi har skickat till dig (utan innehåll). Ditt personnummer skrivs inte ut i filen.',
    button: 'Ladda ned mina uppgifter',
    pending: 'Förbereder filen…',
    done: 'Filen med dina uppgifter har laddats ned.',
  },
  erase: {
    title: 'Radera mitt konto',
    intro:
      'Raderar ditt konto och allt personligt vi har sparat om dig, direkt. Det går inte att ångra.',
    button: 'Radera mitt konto',
    dialogTitle: 'Radera ditt konto?',
    dialogIntro: 'Det här händer direkt när du raderar kontot, och det går inte att ångra:',
    what: {
      CLIENT: [
        'Ditt namn, din e-postadress, ditt lösenord och din BankID-koppling tas bort, och du loggas ut på alla enheter.',
        'Dina svar på frågeformuläret, dina rekommendationer, dina samtycken och dina inställningar tas bort.',
        'Bokningar som väntar på svar eller är bekräftade framåt i tiden avbokas, och terapeuten får ett mejl om att bokningen har avbokats. Mejlet nämner inte ditt namn.',
        'Tidigare bokningar finns kvar i terapeutens historik som ”Borttagen klient”, utan dina svar och kontaktuppgifter.',
        'Vår granskningslogg över vem som har läst personnummer och uppgifter sparas med bara ett id-nummer, utan namn, eftersom vi enligt lag måste kunna visa den.',
        'E-postadressen kan användas för ett nytt konto direkt.',
      ],
      PROVIDER: [
        'Ditt namn, din e-postadress, ditt telefonnummer, din adress, ditt personnummer och din BankID-koppling tas bort, och du loggas ut på alla enheter.',
        'Din profil, din profilbild, dina svar, dina lediga tider och dina licenskontroller tas bort, och klienter kan inte längre hitta dig.',
        'Bokningar som väntar på svar eller är bekräftade framåt i tiden avbokas, och klienten får ett mejl om att bokningen har avbokats. Mejlet nämner inte ditt namn.',
        'Tidigare bokningar finns kvar i klientens historik som ”Borttagen terapeut”, utan kontaktuppgifter och utan dina meddelanden.',
        'Vår granskningslogg över vem som har läst personnummer och uppgifter sparas med bara ett id-nummer, utan namn, eftersom vi enligt lag måste kunna visa den.',
        'E-postadressen kan användas för ett nytt konto direkt.',
      ],
    } satisfies Record<'CLIENT' | 'PROVIDER', readonly string[]>,
    passwordLabel: 'Ditt lösenord',
    passwordHint: 'Vi frågar efter lösenordet så att ingen annan kan radera ditt konto.',
    bankIdIntro:
      'Du loggar in med BankID. För att radera kontot behöver du ha loggat in med BankID de senaste 10 minuterna.',
    bankIdAgain: 'Logga in med BankID igen',
    bankIdReturn:
      'Av säkerhetsskäl behöver du logga in med BankID igen innan du raderar ditt konto. Kom sedan tillbaka hit inom 10 minuter.',
    confirm: 'Radera kontot',
    pending: 'Raderar…',
  },
} as const;
