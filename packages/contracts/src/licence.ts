import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from './common';
import { LICENSED_TITLES } from './rules/licence';

const RESULT_REQUIRED = 'Ange om titeln finns i registret.';

/** Titles an admin can check in the register: only the licensed ones. */
export const licensedTitleSchema = z.enum(LICENSED_TITLES, {
  error: 'Välj en legitimerad titel: psykolog, psykoterapeut eller hälso- och sjukvårdskurator.',
});

/** POST /admin/providers/{id}/licence-checks: what the admin found in HOSP. */
export const createLicenceCheckSchema = z
  .object({
    title: licensedTitleSchema,
    registered: z.boolean({ error: RESULT_REQUIRED }),
  })
  .strict();
export type CreateLicenceCheckInput = z.infer<typeof createLicenceCheckSchema>;

/** One check as the admin sees it (newest first in the detail's `licenceChecks`). */
export const licenceCheckSchema = z.object({
  id: idSchema,
  title: licensedTitleSchema,
  registered: z.boolean(),
  checkedAt: isoDateTimeSchema,
  /** The admin who checked; null once that account is gone. */
  checkedBy: z.object({ id: idSchema, name: z.string() }).nullable(),
});
export type LicenceCheck = z.infer<typeof licenceCheckSchema>;

/** The licence a client sees: title and day of the check, nothing else. */
export const publicLicenceSchema = z
  .object({ title: licensedTitleSchema, checkedAt: isoDateTimeSchema })
  .strict();

/** Swedish texts of the admin's licence check. */
export const LICENCE_TEXTS = {
  section: 'Legitimation',
  intro:
    'Kontrollera varje legitimerad titel som terapeuten anger i Socialstyrelsens register över legitimerad hälso- och sjukvårdspersonal (HOSP). En kontroll gäller i 12 månader.',
  record: 'Registrera kontroll',
  dialogTitle: 'Registrera kontroll av legitimation',
  titleLabel: 'Titel',
  resultLabel: 'Resultat i registret',
  registered: 'Finns i registret',
  notRegistered: 'Finns inte i registret',
  resultRequired: RESULT_REQUIRED,
  notRegisteredHint:
    'Terapeuten får ett mejl om att titeln måste tas bort från profilen innan kontot kan verifieras.',
  save: 'Spara kontrollen',
  cancel: 'Avbryt',
  saved: 'Kontrollen är sparad',
  noLicensedTitles: 'Terapeuten anger ingen legitimerad titel. Ingen kontroll behövs.',
  noChecks: 'Ingen kontroll registrerad än.',
  checkedBy: 'Kontrollerad av',
  expiredFlag: 'Ny kontroll behövs',
  standing: {
    CURRENT: 'Kontrollerad',
    EXPIRED: 'Äldre än 12 månader',
    NOT_REGISTERED: 'Finns inte i registret',
    MISSING: 'Ej kontrollerad',
  },
} as const;
