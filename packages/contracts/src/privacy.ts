import { z } from 'zod';
import { isoDateTimeSchema } from './common';
import { userTypeSchema } from './enums';
import { USER_TYPE_LABELS } from './labels.sv';

/**
 * A user's own privacy settings (docs/rules/privacy.md#discreet-mails). Only what the user
 * chose: `discreetMail` is true unless a client turned it off after reading
 * the dialog of DISCREET_MAIL_DIALOG (decision 340).
 */
export const preferencesSchema = z.object({
  discreetMail: z.boolean(),
});
export type Preferences = z.infer<typeof preferencesSchema>;

export const DEFAULT_PREFERENCES: Preferences = { discreetMail: true };

/**
 * What a client's own booking mails and calendar invites carry about the
 * therapist once discreet mails are off (composed in the API's
 * bookings.mails.ts and bookings.invites.ts; a unit test there holds the
 * two together), as the dialog names it. Nothing else: no title, no
 * profession.
 */
export const OPEN_MAIL_SHOWS = {
  name: 'terapeutens namn',
  message: 'meddelande till dig',
  phoneNumber: 'telefonnummer',
  email: 'e-postadress',
  address: 'mottagningens adress',
} as const;

/** 'a, b, c och d'. */
function swedishList(items: readonly string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} och ${items.at(-1)}`;
}

/**
 * Every wording of the dialog a client reads before turning discreet mails
 * off, by version. The version is stored with the choice, so an old wording
 * stays here and a stored version can still be read back.
 */
export const DISCREET_MAIL_DIALOG_TEXTS: Readonly<Record<number, readonly string[]>> = {
  1: [
    'Med diskreta utskick säger våra mejl bara vad som har hänt och när, och du läser resten efter inloggning.',
    'Stänger du av dem kommer dina bokningsmejl och kalenderinbjudningar att innehålla terapeutens namn, yrkestitel, meddelande till dig, telefonnummer, e-postadress och mottagningens adress.',
    'Den som läser din inkorg, eller ser aviseringar på din telefon, kan då förstå att du går i terapi och hos vem.',
  ],
  // The mails never carried the title: version 2 names exactly what they carry.
  2: [
    'Med diskreta utskick säger våra mejl bara vad som har hänt och när, och du läser resten efter inloggning.',
    `Stänger du av dem kommer dina bokningsmejl och kalenderinbjudningar att innehålla ${swedishList(Object.values(OPEN_MAIL_SHOWS))}.`,
    'Den som läser din inkorg, eller ser aviseringar på din telefon, kan då förstå att du går i terapi och hos vem.',
  ],
};

/** The dialog in force: a new wording gets a new version in DISCREET_MAIL_DIALOG_TEXTS. */
export const DISCREET_MAIL_DIALOG = {
  version: 2,
  title: 'Stänga av diskreta utskick?',
  text: DISCREET_MAIL_DIALOG_TEXTS[2]!,
  confirm: 'Stäng av diskreta utskick',
} as const;

/**
 * PATCH /users/me/preferences payload. Turning discreet mails off must name
 * the version of the dialog the client read (`dialogVersion`); turning them
 * on needs nothing.
 */
export const updatePreferencesSchema = z
  .object({
    discreetMail: z.boolean({ error: 'Ange om utskicken ska vara diskreta.' }),
    dialogVersion: z.number().int().positive().optional(),
  })
  .strict();
export type UpdatePreferencesInput = z.infer<typeof updatePreferencesSchema>;

export const PRIVACY_MSG = {
  discreetMailClientsOnly:
    'Bara klienter kan stänga av diskreta utskick. Mejl till terapeuter nämner aldrig klienten.',
  dialogVersionRequired: 'Läs texten om vad mejlen då visar innan du stänger av diskreta utskick.',
} as const;

/** The consents a user can give and withdraw (docs/rules/privacy.md#questionnaire-consent). */
export const ConsentKind = ['QUESTIONNAIRE'] as const;
export type ConsentKind = (typeof ConsentKind)[number];
export const consentKindSchema = z.enum(ConsentKind);

/** What another person read of a user's data (docs/rules/privacy.md#access-log). */
export const AccessKind = [
  'CLIENT_ANSWERS',
  'PERSONNUMMER',
  'PERSON_DETAIL',
  // The therapist read the fit check the client shared (docs/rules/matching.md#fit-check).
  'FIT_CHECK',
] as const;
export type AccessKind = (typeof AccessKind)[number];
export const accessKindSchema = z.enum(AccessKind);

/**
 * What each kind of read showed, as the person it is about reads it
 * (GET /users/me/access-log, the export, /integritet).
 */
export const ACCESS_KIND_LABELS: Record<AccessKind, string> = {
  CLIENT_ANSWERS: 'Ditt namn och dina svar på frågeformuläret',
  PERSONNUMMER: 'Ditt personnummer, dina kontaktuppgifter och din profil',
  PERSON_DETAIL: 'Dina kontaktuppgifter och din profil',
  FIT_CHECK:
    'Ditt namn, dina svar på frågeformuläret och dina delade svar om hur samtalen fungerar',
};

/** The most entries GET /users/me/access-log gives (the export holds them all). */
export const ACCESS_LOG_LIMIT_MAX = 500;
export const ACCESS_LOG_LIMIT_DEFAULT = 200;

/** GET /users/me/access-log query: how many of the newest entries (default 200). */
export const accessLogQuerySchema = z
  .object({
    limit: z.coerce
      .number({ error: 'Ogiltigt antal.' })
      .int('Ogiltigt antal.')
      .min(1, 'Ogiltigt antal.')
      .max(ACCESS_LOG_LIMIT_MAX, `Ange högst ${ACCESS_LOG_LIMIT_MAX}.`)
      .default(ACCESS_LOG_LIMIT_DEFAULT),
  })
  .strict();
export type AccessLogQuery = z.output<typeof accessLogQuerySchema>;

/**
 * The reads of the caller's data by one person, of one kind, on one
 * Stockholm day (docs/rules/privacy.md#access-log; decision 412): the first
 * read (`readAt`), the last (`lastReadAt`) and how many (`count`, every
 * read counted); who (their role then, and their name, or "Borttagen
 * terapeut" etc. when erased), and what.
 */
export const accessLogEntrySchema = z
  .object({
    id: z.number().int().positive(),
    readAt: isoDateTimeSchema,
    lastReadAt: isoDateTimeSchema,
    count: z.number().int().positive(),
    reader: z
      .object({
        role: userTypeSchema,
        name: z.string(),
        erased: z.boolean(),
      })
      .strict(),
    kind: accessKindSchema,
    /** ACCESS_KIND_LABELS of the kind. */
    what: z.string(),
  })
  .strict();
export type AccessLogEntry = z.infer<typeof accessLogEntrySchema>;

export const accessLogResponseSchema = z.array(accessLogEntrySchema);

/** The "who has read my data" section of /integritet. */
export const ACCESS_LOG_PAGE = {
  title: 'Vem har läst mina uppgifter',
  clientIntro:
    'Här ser du när någon annan har läst dina uppgifter: en terapeut som du har skickat en bokningsförfrågan till och som läser dina svar, eller en administratör hos oss. Varje läsning räknas: samma person och samma uppgifter visas på en rad per dag, med den senaste tiden och hur många gånger. Tiderna är svensk tid.',
  providerIntro:
    'Här ser du när en administratör hos oss har läst dina uppgifter, till exempel ditt personnummer när vi granskar din legitimation. Varje läsning räknas: samma person och samma uppgifter visas på en rad per dag, med den senaste tiden och hur många gånger. Tiderna är svensk tid.',
  loading: 'Hämtar vem som har läst dina uppgifter',
  empty: 'Ingen annan har läst dina uppgifter.',
  error: 'Kunde inte hämta vem som har läst dina uppgifter.',
  retry: 'Försök igen',
  readerLabel: 'Vem',
  whatLabel: 'Vad',
  countLabel: 'Antal',
  /** How many reads the row stands for (its time is the last); more than one says when the first was. */
  count: (count: number, firstTime: string) =>
    count === 1 ? '1 gång' : `${count} gånger, första kl. ${firstTime}`,
  listLabel: 'Läsningar av dina uppgifter, den senaste först',
  showMore: 'Visa fler',
  /** Below the list while some entries are not shown yet. */
  shown: (shown: number, total: number) => `Visar ${shown} av ${total}.`,
  /** When the API gave as many as it gives at most: the export holds them all. */
  limited: (limit: number) =>
    `Här visas de ${limit} senaste. Alla finns i filen under Ladda ned mina uppgifter.`,
} as const;

/** How many entries of the access log /integritet shows at first, and more each time. */
export const ACCESS_LOG_PAGE_SIZE = 20;

/**
 * The reader of an entry, in words: their name and role ("Tora Terapeut,
 * terapeut"), or only the placeholder of an erased account ("Borttagen
 * terapeut"), which already says the role.
 */
export function accessReaderText(reader: AccessLogEntry['reader']): string {
  if (reader.erased) return reader.name;
  return `${reader.name}, ${USER_TYPE_LABELS[reader.role].toLowerCase()}`;
}

/** The texts of /integritet (docs/rules/privacy.md#privacy-page). */
export const PRIVACY_PAGE = {
  title: 'Integritet',
  intro:
    'Här ser du vad vi har om dig, vem som har läst det, och bestämmer vad som ska hända med det.',
  discreetMail: {
    title: 'Diskreta utskick',
    clientIntro:
      'Våra mejl och kalenderinbjudningar säger bara vad som har hänt och när. Namn, meddelanden, kontaktuppgifter och adress läser du efter inloggning.',
    providerIntro:
      'Mejl till dig nämner aldrig klienten och citerar aldrig vad klienten har skrivit. Du läser det efter inloggning.',
    switchLabel: 'Diskreta utskick',
    on: 'På: mejlen avslöjar inte vem du träffar.',
    off: 'Av: dina bokningsmejl visar terapeutens namn, meddelande, kontaktuppgifter och adress.',
    savedOn: 'Diskreta utskick är på.',
    savedOff: 'Diskreta utskick är avstängda.',
  },
} as const;

/**
 * The consent texts, by kind, with the version in force (docs/rules/privacy.md#questionnaire-consent;
 * decision 342). A new wording gets a new version: clients who gave an
 * older one are asked again.
 */
export const CONSENT_TEXTS = {
  QUESTIONNAIRE: {
    version: 1,
    title: 'Innan du börjar',
    text: 'Dina svar används bara för att hitta terapeuter som passar dig. Dina personuppgifter delas inte med terapeuterna när vi matchar dig: de ser ditt namn och dina svar först när du själv skickar en bokningsförfrågan. Du kan när som helst ta tillbaka ditt samtycke under Integritet; då tas dina svar bort.',
    statement: 'Jag samtycker till att mina svar används för matchningen.',
  },
} as const satisfies Record<
  ConsentKind,
  { version: number; title: string; text: string; statement: string }
>;

/** One consent as GET /users/me/consents lists it. */
export const consentSchema = z.object({
  kind: consentKindSchema,
  currentVersion: z.number().int().positive(),
  /** The version the caller gave, or null. */
  version: z.number().int().positive().nullable(),
  givenAt: z.string().nullable(),
  /**
   * The caller holds data this consent covers (a client's answers) without
   * having given the current version: they are asked before anything else.
   */
  needed: z.boolean(),
});
export type Consent = z.infer<typeof consentSchema>;

/** POST /users/me/consents payload. */
export const giveConsentSchema = z
  .object({
    kind: consentKindSchema,
    version: z
      .number({ error: 'Ange vilken version av texten du samtycker till.' })
      .int()
      .positive(),
  })
  .strict();
export type GiveConsentInput = z.infer<typeof giveConsentSchema>;

export const CONSENT_MSG = {
  clientsOnly: 'Samtycket gäller klienters svar. Terapeuters svar behöver inget samtycke.',
  withdrawn: 'Ditt samtycke är återkallat och dina svar är borttagna.',
} as const;

/**
 * What DELETE /users/me/consents/questionnaire does, said before it happens,
 * whichever way the client gets there (the consent section of /integritet,
 * or the request for a consent that was never recorded).
 */
const ANSWERS_REMOVAL = [
  'Dina svar på frågeformuläret, också de som du har påbörjat men inte skickat in, och dina rekommenderade terapeuter tas bort direkt.',
  'Bokningar som redan pågår påverkas inte: terapeuter du har skickat en förfrågan till ser fortfarande ditt namn och era bokningar, men inte längre dina svar.',
] as const;

/** The consent section of /integritet and the dashboard after a withdrawal. */
export const CONSENT_PAGE = {
  title: 'Samtycke till frågeformuläret',
  given: (date: string) => `Du gav ditt samtycke ${date}.`,
  notGiven: 'Du har inte gett något samtycke. Vi har inga svar från dig.',
  withdraw: 'Ta tillbaka samtycket',
  dialogTitle: 'Ta tillbaka samtycket?',
  dialogText: [
    ...ANSWERS_REMOVAL,
    'Du kan svara på frågorna igen när du vill, och ger då ditt samtycke på nytt.',
  ],
  confirm: 'Ta tillbaka och ta bort mina svar',
  removedTitle: 'Dina svar är borttagna',
  removedText:
    'Du har tagit tillbaka ditt samtycke, så vi har tagit bort dina svar och dina rekommendationer. Svara på frågorna igen för att få nya rekommendationer.',
  answerAgain: 'Svara på frågorna igen',
  askTitle: 'Vi behöver ditt samtycke',
  askText:
    'Vi har dina svar från frågeformuläret men inget sparat samtycke till att vi använder dem. Ge ditt samtycke för att fortsätta få rekommendationer, eller ta bort dina svar.',
  askRemove: 'Ta bort mina svar',
  askRemoveTitle: 'Ta bort dina svar?',
  askRemoveText: [...ANSWERS_REMOVAL, 'Du kan svara på frågorna igen när du vill.'],
  askRemoveConfirm: 'Ta bort mina svar',
  askGive: 'Jag samtycker',
} as const;

/** Said in the booking review dialog before the request is sent (docs/rules/privacy.md#who-sees-what). */
export const bookingShareNotice = (providerName: string) =>
  `När du skickar förfrågan ser ${providerName} ditt namn och dina svar på frågeformuläret.`;
