import { z } from 'zod';

/**
 * A user's own privacy settings (issue 20, point 1). Only what the user
 * chose: `discreetMail` is true unless a client turned it off after reading
 * the dialog of DISCREET_MAIL_DIALOG (decision 340).
 */
export const preferencesSchema = z.object({
  discreetMail: z.boolean(),
});
export type Preferences = z.infer<typeof preferencesSchema>;

export const DEFAULT_PREFERENCES: Preferences = { discreetMail: true };

/**
 * The dialog a client reads before turning discreet mails off. The version
 * is stored with the choice: a new wording gets a new version, and the old
 * wordings stay here so a stored version can still be read back.
 */
export const DISCREET_MAIL_DIALOG = {
  version: 1,
  title: 'Stänga av diskreta utskick?',
  text: [
    'Med diskreta utskick säger våra mejl bara vad som har hänt och när, och du läser resten efter inloggning.',
    'Stänger du av dem kommer dina bokningsmejl och kalenderinbjudningar att innehålla terapeutens namn, yrkestitel, meddelande till dig, telefonnummer, e-postadress och mottagningens adress.',
    'Den som läser din inkorg, eller ser aviseringar på din telefon, kan då förstå att du går i terapi och hos vem.',
  ],
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

/** The consents a user can give and withdraw (issue 20, point 4). */
export const ConsentKind = ['QUESTIONNAIRE'] as const;
export type ConsentKind = (typeof ConsentKind)[number];
export const consentKindSchema = z.enum(ConsentKind);

/** What another person read of a user's data (issue 20, point 5). */
export const AccessKind = ['CLIENT_ANSWERS', 'PERSONNUMMER', 'PERSON_DETAIL'] as const;
export type AccessKind = (typeof AccessKind)[number];
export const accessKindSchema = z.enum(AccessKind);

/** The texts of /integritet (issue 20, point 7). */
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
