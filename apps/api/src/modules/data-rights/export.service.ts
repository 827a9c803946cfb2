import { sql, type SQL } from 'drizzle-orm';
import {
  DATA_EXPORT_FORMAT,
  IMPORTANCE_LABELS,
  type DataExport,
  type Importance,
  type UserType,
} from '@samtalsmatch/contracts';
import type { Database, Executor, ExportSectionName } from '@samtalsmatch/db';
import type { UserRow } from '../../lib/auth-session';
import { listAccessLog } from '../privacy/access-log.repository';

/**
 * GET /users/me/export (docs/rules/privacy.md#data-export; GDPR art. 15 and 20): everything
 * the service holds about the caller, as one JSON document, read in one
 * snapshot. Each section is one entry of SECTIONS: its key, the roles whose
 * file holds it, and a reader. Never another person's personnummer,
 * answers or contact details: a therapist's file holds each client's name
 * only (as the dashboard shows it), a client's file the therapist's name.
 */
interface ExportSection {
  roles: readonly UserType[];
  read: (db: Executor, user: UserRow) => Promise<unknown>;
}

const EVERYONE: readonly UserType[] = ['CLIENT', 'PROVIDER', 'ADMIN'];
const CLIENTS_AND_THERAPISTS: readonly UserType[] = ['CLIENT', 'PROVIDER'];
const THERAPISTS: readonly UserType[] = ['PROVIDER'];
const CLIENTS: readonly UserType[] = ['CLIENT'];

/**
 * One reader per section the registry of personal data names
 * (packages/db/src/personal-data.ts; docs/rules/privacy.md#data-export):
 * a section named there fails to compile until it has a reader here. The
 * file holds them in this order.
 */
const SECTIONS: Record<ExportSectionName, ExportSection> = {
  account: { roles: EVERYONE, read: async (_db, user) => accountSection(user) },
  preferences: { roles: EVERYONE, read: async (_db, user) => preferencesSection(user) },
  consents: { roles: EVERYONE, read: consentsSection },
  accessLog: { roles: EVERYONE, read: accessLogSection },
  answers: { roles: CLIENTS_AND_THERAPISTS, read: answersSection },
  answerDraft: { roles: CLIENTS_AND_THERAPISTS, read: answerDraftSection },
  matches: { roles: CLIENTS_AND_THERAPISTS, read: matchesSection },
  fitChecks: { roles: CLIENTS, read: fitChecksSection },
  matchAlert: { roles: CLIENTS, read: matchAlertSection },
  bookings: { roles: CLIENTS_AND_THERAPISTS, read: bookingsSection },
  providerProfile: { roles: THERAPISTS, read: providerProfileSection },
  images: { roles: THERAPISTS, read: imagesSection },
  availability: { roles: THERAPISTS, read: availabilitySection },
  licenceChecks: { roles: THERAPISTS, read: licenceChecksSection },
  mails: { roles: EVERYONE, read: mailsSection },
};

/** The whole file for `user`, read in one repeatable-read snapshot. */
export async function buildDataExport(db: Database, user: UserRow, now: Date): Promise<DataExport> {
  return db.transaction(
    async (tx) => {
      const file: Record<string, unknown> = {
        format: DATA_EXPORT_FORMAT,
        exportedAt: now.toISOString(),
      };
      for (const [key, section] of Object.entries(SECTIONS)) {
        if (section.roles.includes(user.type)) file[key] = await section.read(tx, user);
      }
      return file as DataExport;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * The account row, field by field (never the hash, tokens or session
 * version). The personnummer is not written into the file, only that one is
 * held (decision 357): the file is one click away from a session, and a
 * stolen session must not yield a personnummer.
 */
function accountSection(user: UserRow) {
  return {
    id: user.id,
    type: user.type,
    name: user.name,
    email: user.email,
    emailVerifiedAt: user.emailVerifiedAt,
    phoneNumber: user.phoneNumber,
    address: { street: user.street, zip: user.zip, city: user.city },
    onboardingStep: user.onboardingStep,
    hasPassword: user.passwordHash !== null,
    bankIdLinked: user.oidcSubject !== null,
    personnummer:
      user.ssnEncrypted !== null
        ? 'Sparas krypterat och visas inte i filen. Kontakta oss om du vill få det bekräftat.'
        : null,
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
    lastSignInAt: user.lastSignInAt,
  };
}

/** The person's settings (docs/rules/privacy.md#discreet-mails), with when and after which dialog they changed. */
function preferencesSection(user: UserRow) {
  return {
    discreetMail: user.discreetMail,
    discreetMailChangedAt: user.discreetMailChangedAt,
    discreetMailDialogVersion: user.discreetMailDialogVersion,
  };
}

/** The consents given: kind, the version of the text, when. */
async function consentsSection(db: Executor, user: UserRow) {
  const { rows } = await db.execute(sql`
    select kind, version, given_at as "givenAt" from consents
    where user_id = ${user.id} order by kind
  `);
  return rows;
}

/**
 * Who has read the person's data, newest first, every entry (GET
 * /users/me/access-log gives the newest): when, the reader's role and name,
 * what (decision 358).
 */
async function accessLogSection(db: Executor, user: UserRow) {
  return listAccessLog(db, user.id);
}

type AnswerRow = {
  question_key: string;
  question_text: string;
  value: string[];
  labels: (string | null)[];
  importance: number | null;
  updated_at: Date;
};

/** The caller's answers with the question as they were asked it and each option's label. */
async function answersSection(db: Executor, user: UserRow) {
  return answerRows(db, user, sql`answers`);
}

/**
 * The questionnaire begun and not yet saved (PUT /answers/draft), in the
 * same shape as the answers: each question answered so far.
 */
async function answerDraftSection(db: Executor, user: UserRow) {
  return answerRows(db, user, sql`answer_drafts`);
}

async function answerRows(db: Executor, user: UserRow, table: SQL) {
  const textColumn = user.type === 'PROVIDER' ? sql`q.provider_text` : sql`q.client_text`;
  const { rows } = await db.execute<AnswerRow>(sql`
    select q.key as question_key, ${textColumn} as question_text, a.value,
      array(select o.label from unnest(a.value) with ordinality as v(value, i)
            left join question_options o on o.question_id = q.id and o.value = v.value
            order by v.i) as labels,
      a.importance, a.updated_at
    from ${table} a join questions q on q.id = a.question_id
    where a.user_id = ${user.id}
    order by q."order"
  `);
  return rows.map((r) => ({
    question: r.question_text,
    questionKey: r.question_key,
    answer: r.value.map((value, i) => r.labels[i] ?? value),
    values: r.value,
    importance: r.importance,
    importanceLabel: r.importance ? IMPORTANCE_LABELS[r.importance as Importance] : null,
    savedAt: r.updated_at,
  }));
}

/**
 * A client's matches (recommendations and requests) with the therapist's
 * name; a therapist's ACTIVE matches (the requests they received) with the
 * client's name only: no score, no overlaps (those are the client's answers).
 * A therapist who is not verified (or paused) sees no client's data anywhere
 * (docs/rules/privacy.md#discreet-mails), so their file has no client names either (null).
 */
/** The client's fit checks (docs/rules/matching.md#fit-check), with the therapist's name. */
async function fitChecksSection(db: Executor, user: UserRow) {
  const { rows } = await db.execute(sql`
    select p.name as therapist, f.heard, f.goals, f.approach, f.continue_with as "continue",
      f.share_with_therapist as "shareWithTherapist", f.answered_at as "answeredAt",
      f.dismissed_at as "dismissedAt"
    from fit_checks f join matches m on m.id = f.match_id join users p on p.id = m.provider_id
    where m.client_id = ${user.id} order by f.created_at
  `);
  return rows;
}

/** The client's standing wish for new matches (docs/rules/matching.md#match-alert). */
async function matchAlertSection(db: Executor, user: UserRow) {
  const { rows } = await db.execute<{ enabledAt: Date; mailedAt: Date | null }>(sql`
    select enabled_at as "enabledAt", mailed_at as "mailedAt" from match_alerts where user_id = ${user.id}
  `);
  const row = rows[0];
  return row ? { enabled: true, ...row } : { enabled: false };
}

async function matchesSection(db: Executor, user: UserRow) {
  if (user.type === 'PROVIDER') {
    const { rows } = await db.execute(sql`
      select m.id, m.status,
        case when coalesce(pp.is_verified, false) then c.name end as "clientName",
        m.created_at as "createdAt"
      from matches m join users c on c.id = m.client_id
      left join provider_profiles pp on pp.user_id = m.provider_id
      where m.provider_id = ${user.id} and m.status <> 'PENDING'
      order by m.created_at, m.id
    `);
    return rows;
  }
  const { rows } = await db.execute(sql`
    select m.id, m.status, p.name as "therapistName", m.score, m.overlaps as "whyMatched",
      m.created_at as "createdAt", m.updated_at as "updatedAt"
    from matches m join users p on p.id = m.provider_id
    where m.client_id = ${user.id}
    order by m.created_at, m.id
  `);
  return rows;
}

/** The bookings of the caller's matches (a therapist's: of the requests they received). */
async function bookingsSection(db: Executor, user: UserRow) {
  const side = user.type === 'PROVIDER' ? sql`m.provider_id` : sql`m.client_id`;
  const { rows } = await db.execute(sql`
    select b.id, b.match_id as "matchId", b.status, b.suggested_times as "suggestedTimes",
      b.confirmed_time as "confirmedTime", b.message_from_provider as "messageFromProvider",
      b.cancelled_by as "cancelledBy", b.cancelled_at as "cancelledAt",
      b.completed_at as "completedAt", b.expires_at as "expiresAt", b.created_at as "createdAt"
    from bookings b join matches m on m.id = b.match_id
    where ${side} = ${user.id}
    order by b.created_at, b.id
  `);
  return rows;
}

async function providerProfileSection(db: Executor, user: UserRow) {
  const { rows } = await db.execute(sql`
    select title, description, education, price, session_duration as "sessionDuration",
      profile_image_key as "profileImageKey", personal_attributes as "personalAttributes",
      cancellation_policy as "cancellationPolicy", is_verified as "isVerified",
      verified_at as "verifiedAt", created_at as "createdAt", updated_at as "updatedAt"
    from provider_profiles where user_id = ${user.id}
  `);
  return rows[0] ?? null;
}

/** The stored images' metadata (the image itself is on the profile page). */
async function imagesSection(db: Executor, user: UserRow) {
  const { rows } = await db.execute(sql`
    select key, content_type as "contentType", byte_size as "byteSize", width, height,
      created_at as "createdAt"
    from images where owner_id = ${user.id} order by created_at, key
  `);
  return rows;
}

async function availabilitySection(db: Executor, user: UserRow) {
  const { rows } = await db.execute(sql`
    select start_time as "startTime", end_time as "endTime", status
    from availability_slots where provider_id = ${user.id} order by start_time
  `);
  return rows;
}

/** What admins found when they checked the therapist's licensed titles (HOSP): title, result, when. */
async function licenceChecksSection(db: Executor, user: UserRow) {
  const { rows } = await db.execute(sql`
    select title, registered, checked_at as "checkedAt"
    from licence_checks where provider_id = ${user.id} order by checked_at, id
  `);
  return rows;
}

/**
 * The mails sent to the account's address since the account has it: when,
 * subject, status; never the bodies. An address can change hands (an
 * e-mail change frees it), so older mails to it are someone else's.
 */
async function mailsSection(db: Executor, user: UserRow) {
  if (!user.email) return [];
  const { rows } = await db.execute(sql`
    select created_at as "createdAt", sent_at as "sentAt", subject, status
    from mail_outbox
    where to_address = ${user.email} and created_at >= ${user.emailSetAt.toISOString()}::timestamptz
    order by created_at, id
  `);
  return rows;
}
