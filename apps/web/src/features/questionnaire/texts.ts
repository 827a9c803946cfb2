import type { UserType } from '@samtalsmatch/contracts';

/**
 * The questionnaire's own Swedish texts (decision 431). The questions and
 * the client's consent text come from the API and contracts.
 */
export const QUESTIONNAIRE_TEXTS = {
  title: 'Frågeformulär',
  loading: 'Laddar frågorna…',
  loadFailed: 'Frågorna kunde inte laddas.',
  loadFailedHint: 'Kontrollera din anslutning och försök igen.',
  retry: 'Försök igen',
  consentTitle: 'Innan du börjar',
  /** What the answers are used for, for those who are not clients (the client's is CONSENT_TEXTS). */
  consentText: {
    PROVIDER:
      'Dina svar används för att matcha dig med klienter som söker det du erbjuder. Klienterna ser dina svar som en del av din profil.',
    ADMIN: 'Dina svar används för matchningen.',
  } satisfies Record<Exclude<UserType, 'CLIENT'>, string>,
  importanceTitle: 'Hur viktigt är det här för dig?',
  severalAnswers: 'Du kan välja flera svar.',
  yourAnswer: 'Ditt svar',
  step: (position: number, total: number) => `Steg ${position} av ${total}`,
  progress: 'Framsteg i frågeformuläret',
  previous: 'Föregående',
  next: 'Nästa',
  save: 'Spara svar',
  saving: 'Sparar…',
} as const;
