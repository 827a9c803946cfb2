import { sql, type SQL } from 'drizzle-orm';

/**
 * The one registry of a person's data (docs/rules/privacy.md#one-registry-of-a-persons-data,
 * decision 410). Every table that holds or points to a person's data has an
 * entry here, naming the columns that point to a person and the columns that
 * hold their data, and saying what each of the four rights and duties does
 * with it:
 * - `export`: the sections of GET /users/me/export that show it (the export's
 *   readers are typed by these names, so a new section needs a reader);
 * - `erasure`: `delete` (its rows are deleted by the erasure, driven from
 *   `rows`), `tombstone` (the row stays, emptied), `keep-id` (rows stay and
 *   point to the person by id only) or `mixed` (some rows go, some stay
 *   emptied; a named step of the erasure does it);
 * - `retention`: the steps of the retention round (or the hourly clean-up)
 *   that remove it; none means it is kept while the account lives;
 * - `consentWithdrawal`: what withdrawing the questionnaire consent does
 *   (`delete` is driven from `rows`).
 *
 * A test reads the migrated schema and fails for any table with a foreign
 * key to `users`, or any column named like a person's data, that is missing
 * here (personal-data.integration.test.ts); it also runs each `rows`
 * condition against that schema.
 */

/**
 * Column names that hold a person's data, as whole words of a snake_case
 * name (so `description` is not taken for `ip`): email, name, phone, ssn,
 * address, answer, message, ip, in singular or plural. The registry's test
 * requires every such column to be listed.
 */
export const PERSONAL_COLUMN_NAME =
  /(?:^|_)(?:e_?mail|name|phone|ssn|address|answer|message|ip)(?:e?s)?(?:_|$)/;

/** Whose data: the person the rows are erased, withdrawn or exported for. */
export interface DataSubject {
  id: string;
  /** Their current address (null once erased or for a BankID therapist without one). */
  email: string | null;
  /** Since when they hold that address: a mail to it from before is not theirs. */
  emailSetAt: Date | null;
}

/** Rows of the table that belong to the person (a condition on the table's own columns). */
export type RowsOf = (person: DataSubject) => SQL;

export type ErasureRule =
  | { action: 'delete'; rows: RowsOf; does: string }
  | { action: 'tombstone' | 'mixed'; step: string; does: string }
  | { action: 'keep-id'; does: string };

export interface RetentionRule {
  /** The steps that remove it (see RETENTION_STEPS); [] keeps it while the account lives. */
  steps: readonly RetentionStep[];
  /** For the inactive-answers step: the rows it deletes. */
  rows?: RowsOf;
  does: string;
}

export type ConsentWithdrawalRule =
  { action: 'delete'; rows: RowsOf; does: string } | { action: 'keep'; does: string };

export interface PersonalDataTable {
  /** What a row is, in a sentence. */
  about: string;
  /** Columns that point to a person (foreign keys to users, or ids kept without one): whose. */
  refersTo: Readonly<Record<string, string>>;
  /** Columns that hold a person's data: what. */
  holds: Readonly<Record<string, string>>;
  export: { sections: readonly string[]; shows: string };
  erasure: ErasureRule;
  retention: RetentionRule;
  consentWithdrawal: ConsentWithdrawalRule;
}

/**
 * The retention steps. The daily round (decision 356) runs the first ones;
 * the hourly clean-up the last two.
 */
export const RETENTION_STEPS = [
  'unverifiedErased',
  'inactiveAnswersRemoved',
  'sessionsRemoved',
  'tokensRemoved',
  'oldMailsRemoved',
  'videoEventsRemoved',
  'mailBodiesCleared',
  'rateLimitsPruned',
] as const;
export type RetentionStep = (typeof RETENTION_STEPS)[number];

const KEPT_WHILE_ACCOUNT_LIVES = 'Kept while the account lives.';
const NOT_TOUCHED_BY_CONSENT = 'Not touched: it is not made from the answers.';

export const PERSONAL_DATA = {
  users: {
    about: 'The account.',
    refersTo: { id: 'the person' },
    holds: {
      name: 'name',
      email: 'e-mail address',
      email_verified_at: 'when the address was confirmed',
      email_set_at: 'since when the account has the address',
      password_hash: 'argon2 hash of the password',
      phone_number: 'phone number',
      street: 'address',
      city: 'address',
      zip: 'address',
      ssn_encrypted: 'personnummer (AES-GCM)',
      ssn_hash: 'keyed hash of the personnummer',
      oidc_issuer: 'BankID link',
      oidc_subject: 'BankID link',
      last_sign_in_at: 'the last sign-in',
      discreet_mail: 'the discreet-mail setting, when and after which dialog',
    },
    export: {
      sections: ['account', 'preferences'],
      shows:
        'Every field except the password hash, session version and BankID subject; that a personnummer is held, never the number (decision 357).',
    },
    erasure: {
      action: 'tombstone',
      step: 'tombstone',
      does: 'The row stays for others’ history as "Borttagen klient/terapeut": every identifying column emptied (the check users_erased_holds_nothing holds it), session version bumped (decision 355).',
    },
    retention: {
      steps: ['unverifiedErased'],
      does: 'A client whose address is unverified after 30 days is erased, a week after a reminder.',
    },
    consentWithdrawal: { action: 'keep', does: 'The account stays; so does the onboarding step.' },
  },
  provider_profiles: {
    about: 'A therapist’s profile.',
    refersTo: { user_id: 'the therapist' },
    holds: {
      description: 'free text about themselves',
      personal_attributes: 'free text about themselves',
      profile_image_key: 'their image',
      price: 'price',
    },
    export: { sections: ['providerProfile'], shows: 'Every field.' },
    erasure: { action: 'delete', rows: (p) => sql`user_id = ${p.id}`, does: 'Deleted.' },
    retention: { steps: [], does: 'Kept while the account lives: therapists are never emptied.' },
    consentWithdrawal: { action: 'keep', does: 'The consent is a client’s.' },
  },
  licence_checks: {
    about: 'An admin’s check of a therapist’s licensed title (HOSP).',
    refersTo: { provider_id: 'the therapist', checked_by: 'the admin who checked' },
    holds: { registered: 'whether the title was found' },
    export: { sections: ['licenceChecks'], shows: 'Title, result and when; not which admin.' },
    erasure: {
      action: 'delete',
      rows: (p) => sql`provider_id = ${p.id}`,
      does: 'The therapist’s checks are deleted; an admin is never erased here, so checked_by stays.',
    },
    retention: { steps: [], does: KEPT_WHILE_ACCOUNT_LIVES },
    consentWithdrawal: { action: 'keep', does: NOT_TOUCHED_BY_CONSENT },
  },
  answers: {
    about: 'A saved answer to a question (health data for a client).',
    refersTo: { user_id: 'the person who answered' },
    holds: { value: 'the answer', importance: 'how much it matters' },
    export: {
      sections: ['answers'],
      shows: 'Each question as asked, the answer’s labels and values.',
    },
    erasure: { action: 'delete', rows: (p) => sql`user_id = ${p.id}`, does: 'Deleted.' },
    retention: {
      steps: ['inactiveAnswersRemoved'],
      rows: (p) => sql`user_id = ${p.id}`,
      does: 'A client’s answers are deleted after 24 months without a sign-in, a month after a notice.',
    },
    consentWithdrawal: {
      action: 'delete',
      rows: (p) => sql`user_id = ${p.id}`,
      does: 'Deleted.',
    },
  },
  answer_drafts: {
    about: 'An answer of a questionnaire begun and not saved.',
    refersTo: { user_id: 'the person who answered' },
    holds: { value: 'the answer', importance: 'how much it matters' },
    export: { sections: ['answerDraft'], shows: 'As the answers.' },
    erasure: { action: 'delete', rows: (p) => sql`user_id = ${p.id}`, does: 'Deleted.' },
    retention: {
      steps: ['inactiveAnswersRemoved'],
      rows: (p) => sql`user_id = ${p.id}`,
      does: 'As the answers.',
    },
    consentWithdrawal: {
      action: 'delete',
      rows: (p) => sql`user_id = ${p.id}`,
      does: 'Deleted.',
    },
  },
  matching_vectors: {
    about: 'The answers as bitmasks for the matching (derived from answers by trigger).',
    refersTo: { user_id: 'the person who answered' },
    holds: { masks: 'the answers, as bits', candidate: 'whether a therapist can be matched' },
    export: {
      sections: ['matchingData'],
      shows:
        'Per question, the options it matches on; for a therapist whether they can be matched.',
    },
    erasure: { action: 'delete', rows: (p) => sql`user_id = ${p.id}`, does: 'Deleted.' },
    retention: {
      steps: ['inactiveAnswersRemoved'],
      does: 'Follows the answers: their delete trigger empties or removes the row.',
    },
    consentWithdrawal: {
      action: 'keep',
      does: 'Follows the answers: their delete trigger empties or removes the row.',
    },
  },
  matches: {
    about:
      'A recommendation (PENDING) or a request sent (ACTIVE) between a client and a therapist.',
    refersTo: { client_id: 'the client', provider_id: 'the therapist' },
    holds: {
      score: 'how well the answers fit',
      overlaps: 'which answers overlapped',
      ended_at: 'when the client switched away from the therapist (status ENDED)',
    },
    export: {
      sections: ['matches'],
      shows:
        'A client’s matches with the therapist’s name; a therapist’s ACTIVE ones with the client’s name only.',
    },
    erasure: {
      action: 'mixed',
      step: 'matches',
      does: 'Matches without bookings are deleted; those with bookings stay for the other party’s history, without overlaps.',
    },
    retention: {
      steps: ['inactiveAnswersRemoved'],
      rows: (p) => sql`client_id = ${p.id} and status = 'PENDING'`,
      does: 'A client’s recommendations go with the answers; requests stay.',
    },
    consentWithdrawal: {
      action: 'delete',
      rows: (p) => sql`client_id = ${p.id} and status = 'PENDING'`,
      does: 'The recommendations (PENDING) are deleted; requests and bookings (ACTIVE) stay.',
    },
  },
  fit_checks: {
    about:
      'A client’s fit check of a match after the first session: four answers 0-4 and whether the therapist may read them, or a dismissal.',
    refersTo: { match_id: 'the match: its client and therapist' },
    holds: {
      heard: 'an answer',
      goals: 'an answer',
      approach: 'an answer',
      continue_with: 'an answer',
      share_with_therapist: 'whether the therapist may read them',
      answered_at: 'when',
      dismissed_at: 'when the client said "Inte nu"',
    },
    export: {
      sections: ['fitChecks'],
      shows: 'A client’s own fit checks, with the therapist’s name.',
    },
    erasure: {
      action: 'delete',
      rows: (p) =>
        sql`match_id in (select id from matches where client_id = ${p.id} or provider_id = ${p.id})`,
      does: 'Deleted, whoever of the two is erased: nobody else needs them.',
    },
    retention: { steps: [], does: KEPT_WHILE_ACCOUNT_LIVES },
    consentWithdrawal: {
      action: 'keep',
      does: 'Kept: they are answers about the sessions, not the questionnaire.',
    },
  },
  match_alerts: {
    about: 'A client’s standing wish to be told when therapists who fit arrive.',
    refersTo: { user_id: 'the client' },
    holds: {
      enabled_at: 'when the wish was made',
      checked_at: 'when the background round last looked',
      mailed_at: 'when the last mail went',
      gained_at: 'when a list read last added a therapist to the recommendations',
    },
    export: {
      sections: ['matchAlert'],
      shows: 'Whether the wish is on, since when, the last mail.',
    },
    erasure: { action: 'delete', rows: (p) => sql`user_id = ${p.id}`, does: 'Deleted.' },
    retention: {
      steps: ['inactiveAnswersRemoved'],
      rows: (p) => sql`user_id = ${p.id}`,
      does: 'Goes with the answers it is made from.',
    },
    consentWithdrawal: {
      action: 'delete',
      rows: (p) => sql`user_id = ${p.id}`,
      does: 'Turned off: the wish is a matching on the answers.',
    },
  },
  bookings: {
    about: 'A booking request or session; points to both people through its match.',
    refersTo: { match_id: 'the match: its client and therapist' },
    holds: {
      suggested_times: 'the times the client suggested',
      confirmed_time: 'the session’s time',
      message_from_provider: 'the therapist’s message',
      meeting_format: 'whether the session is by video or at the practice',
    },
    export: {
      sections: ['bookings'],
      shows: 'Every booking of either side, with the times and the series it belongs to.',
    },
    erasure: {
      action: 'mixed',
      step: 'bookings',
      does: 'Bookings ahead are cancelled by SYSTEM (the other party is mailed); all stay for the other party’s history; an erased therapist’s messages are emptied.',
    },
    retention: { steps: [], does: 'Kept: the other party’s history.' },
    consentWithdrawal: { action: 'keep', does: 'A booking is not made from the answers.' },
  },
  video_events: {
    about:
      'Someone entered, was let in to, or left a booking’s video room (docs/rules/video.md#what-the-server-keeps).',
    refersTo: { user_id: 'the person who joined', booking_id: 'the booking: its two people' },
    holds: { kind: 'joined, let in or left', at: 'when' },
    export: {
      sections: ['videoEvents'],
      shows: 'The person’s own entries: which booking, what, when.',
    },
    erasure: { action: 'delete', rows: (p) => sql`user_id = ${p.id}`, does: 'Deleted.' },
    retention: {
      steps: ['videoEventsRemoved'],
      does: 'Deleted 90 days after the entry (RETENTION.videoEventDays): support looks back no further.',
    },
    consentWithdrawal: { action: 'keep', does: NOT_TOUCHED_BY_CONSENT },
  },
  booking_series: {
    about:
      'A weekly or biweekly series of sessions (decision 460); its sessions are bookings that point to it.',
    refersTo: { match_id: 'the match: its client and therapist' },
    holds: { interval: 'how often they meet', ends_before: 'how far ahead the series may go' },
    export: {
      sections: [],
      shows: 'Not shown apart: each session is a booking in the bookings section.',
    },
    erasure: {
      action: 'keep-id',
      does: 'Stays with its sessions for the other party’s history; its sessions ahead are cancelled with the bookings.',
    },
    retention: { steps: [], does: 'Kept: the other party’s history.' },
    consentWithdrawal: { action: 'keep', does: 'A series is not made from the answers.' },
  },
  calendar_feeds: {
    about:
      'A person’s private calendar feed (decision 462): a row while it is on, holding only a hash of the URL’s secret.',
    refersTo: { user_id: 'the person whose sessions it lists' },
    holds: {
      secret_hash: 'SHA-256 of the feed URL’s secret (the URL itself is never kept)',
      created_at: 'when the feed was turned on or its link last replaced',
    },
    export: {
      sections: ['calendarFeed'],
      shows: 'Whether a feed is on and since when; never the secret or its hash.',
    },
    erasure: {
      action: 'delete',
      rows: (p) => sql`user_id = ${p.id}`,
      does: 'Deleted: the feed answers 404.',
    },
    retention: {
      steps: [],
      does: 'Kept while the account lives and the feed is on; a password reset or an undone e-mail change turns it off.',
    },
    consentWithdrawal: { action: 'keep', does: NOT_TOUCHED_BY_CONSENT },
  },
  availability_slots: {
    about: 'A therapist’s bookable hour.',
    refersTo: { provider_id: 'the therapist' },
    holds: { start_time: 'when the therapist works' },
    export: { sections: ['availability'], shows: 'Every slot, with status.' },
    erasure: {
      action: 'delete',
      rows: (p) => sql`provider_id = ${p.id} and status = 'AVAILABLE'`,
      does: 'Free slots are deleted; booked ones stay with their booking (keep the id).',
    },
    retention: { steps: [], does: KEPT_WHILE_ACCOUNT_LIVES },
    consentWithdrawal: { action: 'keep', does: NOT_TOUCHED_BY_CONSENT },
  },
  images: {
    about: 'A stored profile image.',
    refersTo: { owner_id: 'the therapist' },
    holds: { data: 'the picture' },
    export: { sections: ['images'], shows: 'Metadata; the image itself is on the profile.' },
    erasure: { action: 'delete', rows: (p) => sql`owner_id = ${p.id}`, does: 'Deleted.' },
    retention: { steps: [], does: KEPT_WHILE_ACCOUNT_LIVES },
    consentWithdrawal: { action: 'keep', does: NOT_TOUCHED_BY_CONSENT },
  },
  one_time_tokens: {
    about: 'A one-time link (verification, reset, e-mail change), stored hashed.',
    refersTo: { user_id: 'the person' },
    holds: { data: 'for an e-mail change: the new and old address' },
    export: { sections: [], shows: 'Not shown: hashed secrets that only check a link.' },
    erasure: { action: 'delete', rows: (p) => sql`user_id = ${p.id}`, does: 'Deleted.' },
    retention: { steps: ['tokensRemoved'], does: 'Deleted 7 days after use or expiry.' },
    consentWithdrawal: { action: 'keep', does: NOT_TOUCHED_BY_CONSENT },
  },
  session: {
    about: 'A signed-in session (connect-pg-simple); the user id is inside `sess`.',
    refersTo: { sess: 'the signed-in person (sess.userId)' },
    holds: { sess: 'the session’s data' },
    export: {
      sections: ['sessions'],
      shows: 'The active sessions: when each began and was last seen; never the id.',
    },
    erasure: {
      action: 'delete',
      rows: (p) => sql`sess->>'userId' = ${p.id}`,
      does: 'Every session ends.',
    },
    retention: { steps: ['sessionsRemoved'], does: 'Deleted when ended.' },
    consentWithdrawal: { action: 'keep', does: NOT_TOUCHED_BY_CONSENT },
  },
  consents: {
    about: 'A consent given, with the version of the text.',
    refersTo: { user_id: 'the person' },
    holds: { version: 'which text', given_at: 'when' },
    export: { sections: ['consents'], shows: 'Kind, version, when.' },
    erasure: { action: 'delete', rows: (p) => sql`user_id = ${p.id}`, does: 'Deleted.' },
    retention: { steps: [], does: KEPT_WHILE_ACCOUNT_LIVES },
    consentWithdrawal: {
      action: 'delete',
      rows: (p) => sql`user_id = ${p.id} and kind = 'QUESTIONNAIRE'`,
      does: 'The questionnaire consent is deleted.',
    },
  },
  access_log: {
    about: 'Who read whose data (decision 358).',
    refersTo: { subject_id: 'the person read', reader_id: 'the reader' },
    holds: {
      read_at: 'the first read of the day',
      last_read_at: 'the last read of the day',
      read_count: 'how many reads that day',
      kind: 'what was read',
    },
    export: {
      sections: ['accessLog'],
      shows: 'Reads of the person’s data: when, by whom (role and name), what.',
    },
    erasure: {
      action: 'delete',
      rows: (p) => sql`subject_id = ${p.id}`,
      does: 'Reads of the person’s data are deleted; rows where they were the reader stay by id (the other person’s history).',
    },
    retention: { steps: [], does: KEPT_WHILE_ACCOUNT_LIVES },
    consentWithdrawal: { action: 'keep', does: NOT_TOUCHED_BY_CONSENT },
  },
  mail_outbox: {
    about: 'A mail queued or sent, with whose it is (decision 411).',
    refersTo: {
      user_id: 'whose mail it is, whichever address it went to',
      to_address: 'the recipient, by address',
    },
    holds: {
      to_address: 'e-mail address',
      subject: 'subject',
      text: 'body',
      html: 'body',
      attachments: 'calendar invites',
    },
    export: {
      sections: ['mails'],
      shows:
        'Every mail of the person, to any address: when, to which address, subject, status; never the bodies.',
    },
    erasure: {
      action: 'delete',
      rows: (p) =>
        p.email === null || p.emailSetAt === null
          ? sql`user_id = ${p.id}`
          : sql`(user_id = ${p.id} or (user_id is null and to_address = ${p.email}
              and created_at >= ${p.emailSetAt.toISOString()}::timestamptz))`,
      does: 'Every mail of the person is deleted, whichever address it went to, queued ones too, and a mail no account owned to their address since they hold it; none is queued for them afterwards.',
    },
    retention: {
      steps: ['mailBodiesCleared', 'oldMailsRemoved'],
      does: 'Bodies emptied after MAIL_BODY_RETENTION_HOURS; mails sent or given up on leave after 30 days.',
    },
    consentWithdrawal: { action: 'keep', does: NOT_TOUCHED_BY_CONSENT },
  },
  audit_log: {
    about:
      'Append-only record of sensitive reads and changes (decision 160); ids only, no foreign key.',
    refersTo: { actor_id: 'who acted', target_user_id: 'whom it was about' },
    holds: { metadata: 'what was done (no personal data beyond ids)' },
    export: {
      sections: ['auditLog'],
      shows:
        'The rows about the person: when, what, who acted (themselves, the service, or a role and name), details.',
    },
    erasure: {
      action: 'keep-id',
      does: 'Kept (a legal duty; ids only) and one row added: the erasure.',
    },
    retention: { steps: [], does: 'No end date yet (docs/privacy.md, residual risks).' },
    consentWithdrawal: { action: 'keep', does: NOT_TOUCHED_BY_CONSENT },
  },
  rate_limits: {
    about: 'Fixed-window counters; keys hold a hash of the address or account, never the value.',
    refersTo: { key: 'a hashed address, e-mail or account id' },
    holds: {},
    export: { sections: [], shows: 'Not shown: a counter under a hash, gone within the hour.' },
    erasure: { action: 'keep-id', does: 'Kept until the window ends: only a hash.' },
    retention: { steps: ['rateLimitsPruned'], does: 'Ended windows are deleted hourly.' },
    consentWithdrawal: { action: 'keep', does: NOT_TOUCHED_BY_CONSENT },
  },
} as const satisfies Record<string, PersonalDataTable>;

export type PersonalDataTableName = keyof typeof PERSONAL_DATA;
type Entries = typeof PERSONAL_DATA;

/** The export's sections named in the registry: the export has a reader for each. */
export type ExportSectionName = Entries[PersonalDataTableName]['export']['sections'][number];

/** The erasure's named steps (tombstone and mixed rules): the erasure has one function each. */
export type ErasureStepName = {
  [K in PersonalDataTableName]: Entries[K]['erasure'] extends { step: infer S } ? S : never;
}[PersonalDataTableName];

interface RowsStatement {
  table: PersonalDataTableName;
  rows: RowsOf;
}

function deletes(pick: (entry: PersonalDataTable) => RowsOf | undefined): RowsStatement[] {
  const found: RowsStatement[] = [];
  for (const [table, entry] of Object.entries(PERSONAL_DATA) as [
    PersonalDataTableName,
    PersonalDataTable,
  ][]) {
    const rows = pick(entry);
    if (rows) found.push({ table, rows });
  }
  return found;
}

/** The tables whose rows the erasure deletes, in registry order. */
export const ERASURE_DELETES: readonly RowsStatement[] = deletes((e) =>
  e.erasure.action === 'delete' ? e.erasure.rows : undefined,
);

/** The tables whose rows a withdrawn questionnaire consent deletes, in registry order. */
export const CONSENT_WITHDRAWAL_DELETES: readonly RowsStatement[] = deletes((e) =>
  e.consentWithdrawal.action === 'delete' ? e.consentWithdrawal.rows : undefined,
);

/** The rows the retention round's inactive-answers step deletes, in registry order. */
export const INACTIVE_ANSWERS_DELETES: readonly RowsStatement[] = deletes((e) =>
  e.retention.steps.includes('inactiveAnswersRemoved') ? e.retention.rows : undefined,
);

/** `delete from <table> where <rows of person>`. */
export function deleteRowsOf(statement: RowsStatement, person: DataSubject): SQL {
  return sql`delete from ${sql.identifier(statement.table)} where ${statement.rows(person)}`;
}
