import { sql, type SQL } from 'drizzle-orm';
import {
  AUDIT_ACTION_LABELS,
  DATA_EXPORT_FORMAT,
  ERASED_NAME,
  IMPORTANCE_LABELS,
  type AuditAction,
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
/** What a reader needs beside the person: the time of the export and the session limits. */
export interface ExportContext {
  now: Date;
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
}

interface ExportSection {
  roles: readonly UserType[];
  read: (db: Executor, user: UserRow, context: ExportContext) => Promise<unknown>;
}

/**
 * A time as ISO 8601 in UTC with milliseconds ('2026-11-27T13:00:00.000Z'),
 * as the rest of the API writes times: raw reads give Postgres's own text.
 */
const iso = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

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
  videoEvents: { roles: CLIENTS_AND_THERAPISTS, read: videoEventsSection },
  calendarFeed: { roles: CLIENTS_AND_THERAPISTS, read: calendarFeedSection },
  providerProfile: { roles: THERAPISTS, read: providerProfileSection },
  images: { roles: THERAPISTS, read: imagesSection },
  availability: { roles: THERAPISTS, read: availabilitySection },
  licenceChecks: { roles: THERAPISTS, read: licenceChecksSection },
  mails: { roles: EVERYONE, read: mailsSection },
  sessions: { roles: EVERYONE, read: sessionsSection },
  auditLog: { roles: EVERYONE, read: auditLogSection },
  matchingData: { roles: CLIENTS_AND_THERAPISTS, read: matchingDataSection },
};

/** The whole file for `user`, read in one repeatable-read snapshot. */
export async function buildDataExport(
  db: Database,
  user: UserRow,
  context: ExportContext,
): Promise<DataExport> {
  const { now } = context;
  return db.transaction(
    async (tx) => {
      const file: Record<string, unknown> = {
        format: DATA_EXPORT_FORMAT,
        exportedAt: now.toISOString(),
      };
      for (const [key, section] of Object.entries(SECTIONS)) {
        if (section.roles.includes(user.type)) file[key] = await section.read(tx, user, context);
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
    emailVerifiedAt: user.emailVerifiedAt?.toISOString() ?? null,
    phoneNumber: user.phoneNumber,
    address: { street: user.street, zip: user.zip, city: user.city },
    onboardingStep: user.onboardingStep,
    hasPassword: user.passwordHash !== null,
    bankIdLinked: user.oidcSubject !== null,
    personnummer:
      user.ssnEncrypted !== null
        ? 'Sparas krypterat och visas inte i filen. Kontakta oss om du vill få det bekräftat.'
        : null,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
    lastSignInAt: user.lastSignInAt.toISOString(),
  };
}

/** The person's settings (docs/rules/privacy.md#discreet-mails), with when and after which dialog they changed. */
function preferencesSection(user: UserRow) {
  return {
    discreetMail: user.discreetMail,
    discreetMailChangedAt: user.discreetMailChangedAt?.toISOString() ?? null,
    discreetMailDialogVersion: user.discreetMailDialogVersion,
  };
}

/** The consents given: kind, the version of the text, when. */
async function consentsSection(db: Executor, user: UserRow) {
  const { rows } = await db.execute(sql`
    select kind, version, ${iso(sql`given_at`)} as "givenAt" from consents
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
  saved_at: string;
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
      a.importance, ${iso(sql`a.updated_at`)} as saved_at
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
    savedAt: r.saved_at,
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

/**
 * Whether the person's calendar feed is on, and since when: never the
 * secret, which is not kept, nor its hash (decision 462).
 */
async function calendarFeedSection(db: Executor, user: UserRow) {
  const { rows } = await db.execute<{ createdAt: string }>(sql`
    select ${iso(sql`created_at`)} as "createdAt" from calendar_feeds where user_id = ${user.id}
  `);
  const row = rows[0];
  return row ? { enabled: true, createdAt: row.createdAt } : { enabled: false, createdAt: null };
}

async function matchesSection(db: Executor, user: UserRow) {
  if (user.type === 'PROVIDER') {
    const { rows } = await db.execute(sql`
      select m.id, m.status,
        case when coalesce(pp.is_verified, false) then c.name end as "clientName",
        ${iso(sql`m.created_at`)} as "createdAt"
      from matches m join users c on c.id = m.client_id
      left join provider_profiles pp on pp.user_id = m.provider_id
      where m.provider_id = ${user.id} and m.status <> 'PENDING'
      order by m.created_at, m.id
    `);
    return rows;
  }
  const { rows } = await db.execute(sql`
    select m.id, m.status, p.name as "therapistName", m.score, m.rank, m.overlaps as "whyMatched",
      ${iso(sql`m.created_at`)} as "createdAt", ${iso(sql`m.updated_at`)} as "updatedAt"
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
    select b.id, b.match_id as "matchId", b.status,
      array(select ${iso(sql`t`)} from unnest(b.suggested_times) as t order by t) as "suggestedTimes",
      ${iso(sql`b.confirmed_time`)} as "confirmedTime",
      b.message_from_provider as "messageFromProvider", b.meeting_format as "meetingFormat",
      b.series_id as "seriesId",
      b.cancelled_by as "cancelledBy", ${iso(sql`b.cancelled_at`)} as "cancelledAt",
      ${iso(sql`b.completed_at`)} as "completedAt", ${iso(sql`b.expires_at`)} as "expiresAt",
      ${iso(sql`b.created_at`)} as "createdAt"
    from bookings b join matches m on m.id = b.match_id
    where ${side} = ${user.id}
    order by b.created_at, b.id
  `);
  return rows;
}

async function providerProfileSection(db: Executor, user: UserRow) {
  const { rows } = await db.execute(sql`
    select title::text[] as title, description, education::text[] as education, price,
      session_duration as "sessionDuration", profile_image_key as "profileImageKey",
      personal_attributes as "personalAttributes", cancellation_policy as "cancellationPolicy",
      meeting_format as "meetingFormat", is_verified as "isVerified",
      ${iso(sql`verified_at`)} as "verifiedAt", ${iso(sql`created_at`)} as "createdAt",
      ${iso(sql`updated_at`)} as "updatedAt"
    from provider_profiles where user_id = ${user.id}
  `);
  return rows[0] ?? null;
}

/** The stored images' metadata (the image itself is on the profile page). */
async function imagesSection(db: Executor, user: UserRow) {
  const { rows } = await db.execute(sql`
    select key, content_type as "contentType", byte_size as "byteSize", width, height,
      ${iso(sql`created_at`)} as "createdAt"
    from images where owner_id = ${user.id} order by created_at, key
  `);
  return rows;
}

async function availabilitySection(db: Executor, user: UserRow) {
  const { rows } = await db.execute(sql`
    select ${iso(sql`start_time`)} as "startTime", ${iso(sql`end_time`)} as "endTime", status
    from availability_slots where provider_id = ${user.id} order by start_time
  `);
  return rows;
}

/** What admins found when they checked the therapist's licensed titles (HOSP): title, result, when. */
async function licenceChecksSection(db: Executor, user: UserRow) {
  const { rows } = await db.execute(sql`
    select title, registered, ${iso(sql`checked_at`)} as "checkedAt"
    from licence_checks where provider_id = ${user.id} order by checked_at, id
  `);
  return rows;
}

/**
 * The person's mails (decision 411): every mail queued for them, whichever
 * address it went to (an old one before an e-mail change too), and a mail
 * to their current address that no account owned when it was queued, since
 * they hold it. When, to which address, subject, status; never the bodies.
 */
async function mailsSection(db: Executor, user: UserRow) {
  const theirAddress = user.email
    ? sql`or (user_id is null and to_address = ${user.email}
          and created_at >= ${user.emailSetAt.toISOString()}::timestamptz)`
    : sql``;
  const { rows } = await db.execute(sql`
    select ${iso(sql`created_at`)} as "createdAt", ${iso(sql`sent_at`)} as "sentAt",
      to_address as "to", subject, status
    from mail_outbox
    where user_id = ${user.id} ${theirAddress}
    order by created_at, id
  `);
  return rows;
}

/**
 * The person's active sessions: when each began and was last seen, never
 * its id (which signs in). Active: not expired, not past the idle or the
 * absolute limit, and of the account's current session version.
 */
async function sessionsSection(db: Executor, user: UserRow, context: ExportContext) {
  const now = context.now.getTime();
  const { rows } = await db.execute<{ created_at: string; last_seen_at: string }>(sql`
    select (sess->>'createdAt')::bigint as created_at, (sess->>'lastSeenAt')::bigint as last_seen_at
    from session
    where sess->>'userId' = ${user.id}
      and (sess->>'sessionVersion')::int = ${user.sessionVersion}
      and expire > to_timestamp(${now / 1000})
      and (sess->>'createdAt')::bigint > ${now - context.sessionAbsoluteMs}
      and (sess->>'lastSeenAt')::bigint > ${now - context.sessionIdleMs}
    order by 1, 2
  `);
  return rows.map((r) => ({
    createdAt: new Date(Number(r.created_at)).toISOString(),
    lastSeenAt: new Date(Number(r.last_seen_at)).toISOString(),
  }));
}

type AuditRow = {
  at: string;
  action: string;
  actor_id: string | null;
  actor_role: UserType | null;
  actor_name: string | null;
  actor_erased: boolean | null;
  metadata: Record<string, unknown>;
};

/**
 * The audit rows about the person (decision 160): when, what, who acted
 * (the person themselves, the service, or another person by role and
 * name, "Borttagen administratör" etc. once erased) and the row's details,
 * which never hold personal data.
 */
async function auditLogSection(db: Executor, user: UserRow) {
  const { rows } = await db.execute<AuditRow>(sql`
    select ${iso(sql`a.created_at`)} as at, a.action, a.actor_id, u.type as actor_role,
      u.name as actor_name, u.erased_at is not null as actor_erased, a.metadata
    from audit_log a left join users u on u.id = a.actor_id
    where a.target_user_id = ${user.id}
    order by a.created_at, a.id
  `);
  return rows.map((r) => ({
    at: r.at,
    action: r.action,
    what: AUDIT_ACTION_LABELS[r.action as AuditAction] ?? r.action,
    actor:
      r.actor_id === null
        ? { kind: 'SERVICE' as const }
        : r.actor_id === user.id
          ? { kind: 'SELF' as const }
          : {
              kind: 'PERSON' as const,
              role: r.actor_role,
              name: r.actor_erased && r.actor_role ? ERASED_NAME[r.actor_role] : r.actor_name,
            },
    details: r.metadata,
  }));
}

type VectorQuestionRow = {
  question_key: string;
  any: boolean;
  options: string[];
};

/**
 * What the matching made of the person's answers (decision 140): per
 * question, the options it matches on (`any`: every option), and for a
 * therapist whether they can be matched now. The scores and ranks of a
 * client's matches are in `matches`.
 */
async function matchingDataSection(db: Executor, user: UserRow) {
  const { rows: vector } = await db.execute<{ candidate: boolean; updated_at: string }>(sql`
    select candidate, ${iso(sql`updated_at`)} as updated_at
    from matching_vectors where user_id = ${user.id}
  `);
  if (vector.length === 0) return null;
  const { rows } = await db.execute<VectorQuestionRow>(sql`
    select q.key as question_key, v.masks[q."order"] = -1 as any,
      array(select o.value from question_options o
            where o.question_id = q.id and o."order" between 1 and 63
              and v.masks[q."order"] <> -1
              and (v.masks[q."order"] & (1::bigint << (o."order" - 1))) <> 0
            order by o."order") as options
    from matching_vectors v join questions q on v.masks[q."order"] is not null
    where v.user_id = ${user.id} and v.masks[q."order"] <> 0
    order by q."order"
  `);
  return {
    updatedAt: vector[0]!.updated_at,
    ...(user.type === 'PROVIDER' ? { matchable: vector[0]!.candidate } : {}),
    perQuestion: rows.map((r) => ({
      questionKey: r.question_key,
      matchesOn: r.any ? 'any' : r.options,
    })),
  };
}

/** The person's own entries and exits of video rooms (docs/rules/video.md#what-the-server-keeps). */
async function videoEventsSection(db: Executor, user: UserRow) {
  const { rows } = await db.execute(sql`
    select booking_id as "bookingId", kind, ${iso(sql`at`)} as at from video_events
    where user_id = ${user.id} order by at, id
  `);
  return rows;
}
