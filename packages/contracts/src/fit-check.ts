import { z } from 'zod';
import type { BookingStatus, MatchStatus } from './enums';
import { isoDateTimeSchema } from './common';

/*
 * The fit check after a first session, and the switch of therapist
 * (docs/rules/matching.md#fit-check, docs/rules/matching.md#switching-therapist).
 * The four statements are Samtalsmatch's own questions, not a clinical scale.
 */

export const FIT_CHECK_KEYS = ['heard', 'goals', 'approach', 'continue'] as const;
export type FitCheckKey = (typeof FIT_CHECK_KEYS)[number];

/** Each statement as the client reads it. */
export const FIT_CHECK_STATEMENTS: Record<FitCheckKey, string> = {
  heard: 'Jag kände mig lyssnad på och förstådd.',
  goals: 'Vi pratade om det jag vill få hjälp med.',
  approach: 'Sättet att arbeta passar mig.',
  continue: 'Jag vill fortsätta med den här terapeuten.',
};

/** The five answers, 0-4. */
export const FIT_CHECK_SCALE = [
  'Stämmer inte alls',
  'Stämmer ganska dåligt',
  'Stämmer delvis',
  'Stämmer ganska bra',
  'Stämmer helt',
] as const;

const answer = z
  .number({ error: 'Välj ett svar.' })
  .int('Välj ett svar.')
  .min(0, 'Välj ett svar.')
  .max(4, 'Välj ett svar.');

/** POST /matches/{id}/fit-check. */
export const fitCheckInputSchema = z
  .object({
    heard: answer,
    goals: answer,
    approach: answer,
    continue: answer,
    shareWithTherapist: z.boolean(),
  })
  .strict();
export type FitCheckInput = z.infer<typeof fitCheckInputSchema>;

/** The answers as a therapist reads them, only when the client shared them. */
export const sharedFitCheckSchema = z
  .object({
    heard: z.number().int().min(0).max(4),
    goals: z.number().int().min(0).max(4),
    approach: z.number().int().min(0).max(4),
    continue: z.number().int().min(0).max(4),
    answeredAt: isoDateTimeSchema,
  })
  .strict();
export type SharedFitCheck = z.infer<typeof sharedFitCheckSchema>;

/** At or below this answer to "continue", the card offers the switch. */
export const LOW_FIT_CONTINUE = 1;

export function isLowFit(input: Pick<FitCheckInput, 'continue'>): boolean {
  return input.continue <= LOW_FIT_CONTINUE;
}

/**
 * The check is due on an ACTIVE match once a booking of it is COMPLETED, until
 * the client answers or dismisses it.
 */
export function isFitCheckDue(
  match: { status: MatchStatus; bookings: readonly { status: BookingStatus }[] },
  check: { answeredAt: unknown; dismissedAt: unknown } | null | undefined,
): boolean {
  if (match.status !== 'ACTIVE') return false;
  if (!match.bookings.some((b) => b.status === 'COMPLETED')) return false;
  return !check || (check.answeredAt == null && check.dismissedAt == null);
}

export const FIT_CHECK_TEXTS = {
  title: 'Hur känns det så här långt?',
  intro: (name: string) =>
    `Ni har haft ert första samtal. Fyra korta frågor om hur det känns med ${name}.`,
  notClinical:
    'Det här är Samtalsmatchs egna frågor, inte en klinisk skattningsskala. Svaren hjälper dig och oss att se om matchningen passar.',
  share: 'Dela mina svar med terapeuten',
  shareHint: 'Om du inte delar dem ser bara du och Samtalsmatch svaren.',
  send: 'Skicka svaren',
  sending: 'Skickar…',
  dismiss: 'Inte nu',
  missing: 'Välj ett svar.',
  thanks: 'Tack för dina svar.',
  lowFit:
    'Det verkar inte passa helt. Det är vanligt och helt i sin ordning att byta terapeut. Du kan byta med ett klick.',
} as const;

export const SWITCH_TEXTS = {
  open: 'Byt terapeut',
  title: 'Byta terapeut?',
  body: (name: string) =>
    `${name} flyttas till Tidigare och rekommenderas inte igen. Terapeuten får inget besked om bytet. Du kan ångra dig efteråt.`,
  booked:
    'Du har bokade tider hos terapeuten. De avbokas inte av sig själva; avboka dem här om du vill, enligt avbokningspolicyn:',
  cancelHint: 'Öppna Visa bokning för att avboka.',
  confirm: 'Byt terapeut',
  confirming: 'Byter…',
  cancel: 'Avbryt',
  done: 'Klart. Här är dina nya rekommendationer.',
  previous: 'Tidigare',
  undo: 'Ångra bytet',
  undoing: 'Ångrar…',
  undone: 'Bytet är ångrat.',
} as const;

/** GET and PUT /users/me/match-alert (docs/rules/matching.md#match-alert). */
export const matchAlertSchema = z.object({ enabled: z.boolean() }).strict();
export type MatchAlert = z.infer<typeof matchAlertSchema>;

/**
 * The standing wish's words (docs/rules/matching.md#match-alert): the
 * dashboard's offer and the one discreet mail, which names nobody.
 */
export const MATCH_ALERT_TEXTS = {
  offer: 'Meddela mig när det finns terapeuter som passar',
  offerHint:
    'Vi mejlar dig när nya terapeuter som passar dina svar finns, högst en gång i veckan. Mejlet nämner inga namn.',
  on: 'Du får ett mejl när det finns nya terapeuter som passar dig.',
  turnOff: 'Sluta meddela mig',
  saving: 'Sparar…',
  failed: 'Vi kunde inte spara ditt val. Försök igen.',
  mailSubject: 'Nya terapeuter som passar dig',
  mailBody:
    'Det finns nya terapeuter som passar dina svar. Logga in för att se dina rekommendationer.',
  mailOff: 'Vill du inte få fler sådana mejl kan du stänga av det på samma sida.',
  mailLink: 'Till Mina matchningar',
} as const;
