import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { DEFAULT_CANCELLATION_POLICY } from '@samtalsmatch/contracts';
import {
  cancellationPolicyEnum,
  educationEnum,
  meetingFormatEnum,
  onboardingStepEnum,
  providerTitleEnum,
  userTypeEnum,
} from './enums';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};
export { timestamps };

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: userTypeEnum('type').notNull(),
    name: text('name').notNull(),
    // Nullable: a provider created by BankID has no address until the profile is saved.
    email: text('email'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    passwordHash: text('password_hash'),
    phoneNumber: text('phone_number'),
    street: text('street'),
    city: text('city'),
    zip: text('zip'),
    onboardingStep: onboardingStepEnum('onboarding_step').notNull(),
    // Personnummer: AES-GCM ciphertext, and a keyed hash (HMAC) to find it.
    ssnEncrypted: text('ssn_encrypted'),
    ssnHash: text('ssn_hash'),
    oidcIssuer: text('oidc_issuer'),
    oidcSubject: text('oidc_subject'),
    // Bumped to end every session of this user (password reset).
    sessionVersion: integer('session_version').notNull().default(0),
    // Since when the account has its current e-mail address: the export lists only
    // mails sent to the address from then on (an address can change hands).
    emailSetAt: timestamp('email_set_at', { withTimezone: true }).notNull().defaultNow(),
    // The last sign-in (password or BankID): the retention round counts inactivity from it.
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }).notNull().defaultNow(),
    // When the retention round mailed "verify your address or the account is removed".
    unverifiedReminderAt: timestamp('unverified_reminder_at', { withTimezone: true }),
    // When the retention round mailed "sign in or your answers are removed" (valid after the last sign-in).
    inactivityNoticeAt: timestamp('inactivity_notice_at', { withTimezone: true }),
    // Set when the account was erased: the row stays as a tombstone for others' history (decision 355).
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    // preferences.discreetMail (docs/rules/privacy.md#discreet-mails, decision 340): on unless a
    // client turned it off, with when it last changed and which version of the
    // dialog was read before turning it off. On the user row, so GET /users/me
    // and every mail read it with the user.
    discreetMail: boolean('discreet_mail').notNull().default(true),
    discreetMailChangedAt: timestamp('discreet_mail_changed_at', { withTimezone: true }),
    discreetMailDialogVersion: integer('discreet_mail_dialog_version'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_ssn_hash_unique').on(t.ssnHash),
    uniqueIndex('users_oidc_identity_unique').on(t.oidcIssuer, t.oidcSubject),
    index('users_type_idx').on(t.type),
    // The admin list's search (name or e-mail contains the term, any case: ILIKE
    // '%…%') at thousands of therapists: trigram indexes (pg_trgm) of therapists only.
    index('users_provider_name_trgm')
      .using('gin', t.name.op('gin_trgm_ops'))
      .where(sql`${t.type} = 'PROVIDER'`),
    index('users_provider_email_trgm')
      .using('gin', t.email.op('gin_trgm_ops'))
      .where(sql`${t.type} = 'PROVIDER'`),
    check('users_email_lower_case', sql`${t.email} = lower(${t.email})`),
    check('users_name_not_blank', sql`length(trim(${t.name})) > 0`),
    check('users_oidc_pair', sql`(${t.oidcIssuer} is null) = (${t.oidcSubject} is null)`),
    check('users_ssn_pair', sql`(${t.ssnEncrypted} is null) = (${t.ssnHash} is null)`),
    // An erased account holds nothing that identifies or signs in a person.
    check(
      'users_erased_holds_nothing',
      sql`${t.erasedAt} is null or (${t.email} is null and ${t.passwordHash} is null
        and ${t.phoneNumber} is null and ${t.street} is null and ${t.city} is null
        and ${t.zip} is null and ${t.ssnEncrypted} is null and ${t.oidcIssuer} is null)`,
    ),
    check(
      'users_discreet_mail_off_has_dialog',
      sql`${t.discreetMail} or ${t.discreetMailDialogVersion} is not null`,
    ),
  ],
);

export const providerProfiles = pgTable(
  'provider_profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: providerTitleEnum('title').array().notNull(),
    description: text('description').notNull(),
    education: educationEnum('education').array().notNull(),
    price: integer('price').notNull(),
    sessionDuration: integer('session_duration').notNull(),
    profileImageKey: text('profile_image_key').notNull(),
    personalAttributes: text('personal_attributes').notNull(),
    cancellationPolicy: cancellationPolicyEnum('cancellation_policy')
      .notNull()
      .default(DEFAULT_CANCELLATION_POLICY),
    // Null for profiles saved before the field existed; the form requires it.
    meetingFormat: meetingFormatEnum('meeting_format'),
    isVerified: boolean('is_verified').notNull().default(false),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** When an admin took the verification back (cleared on a new verification). */
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('provider_profiles_price_positive', sql`${t.price} > 0`),
    check('provider_profiles_duration_positive', sql`${t.sessionDuration} > 0`),
    check('provider_profiles_title_nonempty', sql`cardinality(${t.title}) > 0`),
    check('provider_profiles_education_nonempty', sql`cardinality(${t.education}) > 0`),
  ],
);

/**
 * What an admin found when checking a therapist's licensed title in
 * Socialstyrelsen's register (HOSP). Rows are only added: the newest check
 * of a title decides, the older ones are the history.
 */
export const licenceChecks = pgTable(
  'licence_checks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: providerTitleEnum('title').notNull(),
    registered: boolean('registered').notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
    // The admin who checked; kept as null if that account is removed.
    checkedBy: uuid('checked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('licence_checks_provider_idx').on(t.providerId, t.checkedAt),
    check(
      'licence_checks_licensed_title',
      sql`${t.title} in ('PSYKOLOG', 'PSYKOTERAPEUT', 'KURATOR')`,
    ),
  ],
);
