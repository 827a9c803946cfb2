/**
 * Shared test factories: rows inserted straight through the db handle (fast,
 * no e-mail, no argon2 per user), and sessions built in the real session
 * store, so a test signs in as anyone without a test-only route in the app.
 *
 * Every factory takes a `FactoryContext` (a `TestServer` is one; so is
 * `{ database, config }` in a benchmark) and `overrides`; defaults are unique
 * per call. Typical use:
 *
 *   const server = await startTestServer();
 *   const provider = await createProvider(server, {
 *     answers: { language: ['sv', 'en'], problem_areas: ['angest'] },
 *     slots: [{ daysAhead: 3, hour: 10 }],
 *   });
 *   const client = await createClient(server, { answers: { language: { value: ['sv'], importance: 3 } } });
 *   const http = new TestClient(server.baseUrl);
 *   await signInAs(server, http, client);
 *
 * Nothing here imports vitest: benchmarks use it too.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import {
  addStockholmDays,
  claimedLicensedTitles,
  CONSENT_TEXTS,
  startOfStockholmDay,
  stockholmParts,
  stockholmDateTime,
  type BookingStatus,
  type CancellationPolicy,
  type MeetingFormat,
  type SessionFormat,
  type CancelledBy,
  type Education,
  type Importance,
  type MatchStatus,
  type OnboardingStep,
  type ProviderTitle,
  type SlotStatus,
} from '@samtalsmatch/contracts';
import {
  answers as answersTable,
  availabilitySlots,
  bookings,
  consents,
  licenceChecks,
  matches,
  providerProfiles,
  questions,
  sessions,
  users,
  type DbHandle,
  type Executor,
} from '@samtalsmatch/db';
import type { Config } from '../config';
import type { UserRow } from '../lib/auth-session';
import { createSsnCrypto } from '../lib/crypto';
import { hashPassword } from '../lib/passwords';
import { luhnCheckDigit } from '../lib/personnummer';
import { sessionCookieName } from '../lib/session';

/** What the factories need: a `TestServer` has both. */
export interface FactoryContext {
  database: DbHandle;
  config: Config;
}

/** The password every factory user with a password has (it passes docs/rules/accounts.md#passwords). */
export const FACTORY_PASSWORD = 'Ljus-Fjäril-47';

let passwordHash: Promise<string> | undefined;
/** One argon2 hash per process, shared by every factory user. */
function factoryPasswordHash(): Promise<string> {
  passwordHash ??= hashPassword(FACTORY_PASSWORD);
  return passwordHash;
}

function uniqueSuffix(): string {
  return randomBytes(5).toString('hex');
}

/** A fresh, valid (Luhn) fictitious personnummer, 12 digits: 19YYMMDD + serial + check. */
function randomPersonnummer(): string {
  const year = 1950 + Math.floor(Math.random() * 50);
  const month = 1 + Math.floor(Math.random() * 12);
  const day = 1 + Math.floor(Math.random() * 28);
  // Serial 000 is never issued (and the personnummer package refuses it).
  const serial = 1 + Math.floor(Math.random() * 999);
  const nine = `${String(year).slice(2)}${String(month).padStart(2, '0')}${String(day).padStart(2, '0')}${String(serial).padStart(3, '0')}`;
  return `${String(year).slice(0, 2)}${nine}${luhnCheckDigit(nine)}`;
}

// ---------------------------------------------------------------------------
// Answers

/** An answer by question key: the values, or values and (clients) importance. */
export type AnswerSpec = readonly string[] | { value: readonly string[]; importance?: Importance };
/** Answers by question key, e.g. `{ language: ['sv'], problem_areas: { value: ['angest'], importance: 3 } }`. */
export type AnswersByKey = Readonly<Record<string, AnswerSpec>>;

/** An AnswerSpec as its values and importance (null when not given). */
export function answerSpecParts(spec: AnswerSpec): {
  value: string[];
  importance: Importance | null;
} {
  if (isValueList(spec)) return { value: [...spec], importance: null };
  return { value: [...spec.value], importance: spec.importance ?? null };
}

function isValueList(spec: AnswerSpec): spec is readonly string[] {
  return Array.isArray(spec);
}

/** A POST /api/answers payload from answers by key (ids looked up in `ids`). */
export function answersPayload(ids: ReadonlyMap<string, string>, answers: AnswersByKey) {
  return Object.entries(answers).map(([key, spec]) => {
    const { value, importance } = answerSpecParts(spec);
    return { questionId: ids.get(key)!, value, ...(importance ? { importance } : {}) };
  });
}

/** Question ids by key (the questionnaire is seeded in every test database). */
export async function questionIdsByKey(db: Executor): Promise<Map<string, string>> {
  const rows = await db.select({ id: questions.id, key: questions.key }).from(questions);
  return new Map(rows.map((r) => [r.key, r.id]));
}

/** Replaces the user's answers with `answers` (by question key). */
export async function setAnswers(
  ctx: FactoryContext,
  userId: string,
  answers: AnswersByKey,
): Promise<void> {
  const db = ctx.database.db;
  const ids = await questionIdsByKey(db);
  const rows = Object.entries(answers).map(([key, spec]) => {
    const questionId = ids.get(key);
    if (!questionId) throw new Error(`factories: no question with key "${key}"`);
    return { userId, questionId, ...answerSpecParts(spec) };
  });
  await db.transaction(async (tx) => {
    await tx.delete(answersTable).where(eq(answersTable.userId, userId));
    if (rows.length) await tx.insert(answersTable).values(rows);
  });
}

/** Answers to every seeded question that a client could give (no preference where possible). */
export const CLIENT_ANSWERS_ALL: AnswersByKey = {
  age: ['25-34'],
  language: { value: ['sv'], importance: 2 },
  therapy_methods: ['any'],
  problem_areas: { value: ['angest'], importance: 2 },
  knowledge_areas: ['any'],
};

/** Answers to every seeded question that a provider could give. */
export const PROVIDER_ANSWERS_ALL: AnswersByKey = {
  age: ['18-24', '25-34', '35-49', '50-64', '65+'],
  language: ['sv', 'en'],
  therapy_methods: ['kbt', 'act'],
  problem_areas: ['angest', 'stress', 'somn'],
  knowledge_areas: ['none'],
};

// ---------------------------------------------------------------------------
// Users

export interface ClientOverrides {
  name?: string;
  email?: string;
  /** Default true. */
  emailVerified?: boolean;
  /** Default PROFILE_COMPLETED (a fresh registration); with `answers`, QUESTIONS_COMPLETED. */
  onboardingStep?: OnboardingStep;
  /** Default true: the password is FACTORY_PASSWORD (one hash per process). */
  withPassword?: boolean;
  answers?: AnswersByKey;
  /**
   * Default true with `answers`: the questionnaire consent is recorded, as
   * the questionnaire does before it saves. False: answers without one (an
   * account from before consents were recorded).
   */
  consent?: boolean;
}

/** A client as registration makes it (plus answers and a verified address, by default). */
export async function createClient(
  ctx: FactoryContext,
  overrides: ClientOverrides = {},
): Promise<UserRow> {
  const suffix = uniqueSuffix();
  const [user] = await ctx.database.db
    .insert(users)
    .values({
      type: 'CLIENT',
      name: overrides.name ?? `Klient ${suffix}`,
      email: (overrides.email ?? `klient.${suffix}@exempel.se`).toLowerCase(),
      emailVerifiedAt: overrides.emailVerified === false ? null : new Date(),
      passwordHash: overrides.withPassword === false ? null : await factoryPasswordHash(),
      onboardingStep:
        overrides.onboardingStep ??
        (overrides.answers ? 'QUESTIONS_COMPLETED' : 'PROFILE_COMPLETED'),
    })
    .returning();
  if (overrides.answers) await setAnswers(ctx, user!.id, overrides.answers);
  if (overrides.consent ?? overrides.answers !== undefined) {
    await ctx.database.db.insert(consents).values({
      userId: user!.id,
      kind: 'QUESTIONNAIRE',
      version: CONSENT_TEXTS.QUESTIONNAIRE.version,
    });
  }
  return user!;
}

/** A provider profile with every field filled (the description has 200+ words). */
export interface ProfileOverrides {
  title?: ProviderTitle[];
  description?: string;
  education?: Education[];
  price?: number;
  sessionDuration?: number;
  profileImageKey?: string;
  personalAttributes?: string;
  cancellationPolicy?: CancellationPolicy;
  meetingFormat?: MeetingFormat | null;
}

export const FACTORY_DESCRIPTION = Array.from(
  { length: 210 },
  (_, i) => ['Jag', 'arbetar', 'med', 'samtal', 'om', 'livet', 'och', 'hälsa'][i % 8],
).join(' ');

/**
 * A slot at a Stockholm wall-clock hour `daysAhead` calendar days from today
 * (Stockholm), or at an exact instant.
 */
export type SlotSpec = { daysAhead: number; hour: number } | { start: Date };

/** The instant of `hour`:00 Stockholm time, `daysAhead` Stockholm days after `now`'s day. */
export function stockholmHour(daysAhead: number, hour: number, now: Date = new Date()): Date {
  const day = addStockholmDays(startOfStockholmDay(now), daysAhead);
  const p = stockholmParts(day);
  return stockholmDateTime(p.year, p.month, p.day, hour);
}

function slotStart(spec: SlotSpec): Date {
  return 'start' in spec ? spec.start : stockholmHour(spec.daysAhead, spec.hour);
}

export interface ProviderOverrides {
  name?: string;
  /** null: no address (as a BankID sign-in creates it). */
  email?: string | null;
  emailVerified?: boolean;
  phoneNumber?: string | null;
  street?: string | null;
  city?: string | null;
  zip?: string | null;
  /** 12 digits; default a random valid one. Stored encrypted with its lookup hash. */
  ssn?: string;
  /** Default true (admin-verified). */
  verified?: boolean;
  /** Default ONBOARDING_COMPLETED; USER_CREATED gives no profile unless `profile` is passed. */
  onboardingStep?: OnboardingStep;
  /** The profile's fields; null: no profile row. */
  profile?: ProfileOverrides | null;
  /** A registered check of each licensed title, made now (default: when verified). */
  licenceChecked?: boolean;
  /** Default: none. PROVIDER_ANSWERS_ALL is a complete set. */
  answers?: AnswersByKey;
  /** AVAILABLE one-hour slots. */
  slots?: readonly SlotSpec[];
  /** Default false: BankID only. */
  withPassword?: boolean;
}

/** A provider as BankID sign-in plus the profile, answers and availability make it. */
export async function createProvider(
  ctx: FactoryContext,
  overrides: ProviderOverrides = {},
): Promise<UserRow & { ssn: string }> {
  const suffix = uniqueSuffix();
  const crypto = createSsnCrypto(ctx.config.ssnKeys);
  const ssn = overrides.ssn ?? randomPersonnummer();
  const step = overrides.onboardingStep ?? 'ONBOARDING_COMPLETED';
  const email =
    overrides.email === undefined
      ? `terapeut.${suffix}@exempel.se`
      : overrides.email?.toLowerCase();
  const db = ctx.database.db;
  const [user] = await db
    .insert(users)
    .values({
      type: 'PROVIDER',
      name: overrides.name ?? `Terapeut ${suffix}`,
      email: email ?? null,
      emailVerifiedAt: email && overrides.emailVerified !== false ? new Date() : null,
      passwordHash: overrides.withPassword ? await factoryPasswordHash() : null,
      phoneNumber: overrides.phoneNumber === undefined ? '0701740650' : overrides.phoneNumber,
      street: overrides.street === undefined ? 'Storgatan 1' : overrides.street,
      city: overrides.city === undefined ? 'Stockholm' : overrides.city,
      zip: overrides.zip === undefined ? '111 22' : overrides.zip,
      onboardingStep: step,
      ssnEncrypted: crypto.encrypt(ssn),
      ssnHash: crypto.hash(ssn),
      oidcIssuer: 'http://factory.test/oidc',
      oidcSubject: `factory-${suffix}`,
    })
    .returning();
  const withProfile =
    overrides.profile !== null && (overrides.profile !== undefined || step !== 'USER_CREATED');
  if (withProfile) {
    const p = overrides.profile ?? {};
    const verified = overrides.verified ?? true;
    await db.insert(providerProfiles).values({
      userId: user!.id,
      title: p.title ?? ['PSYKOLOG'],
      description: p.description ?? FACTORY_DESCRIPTION,
      education: p.education ?? ['MASTER'],
      price: p.price ?? 900,
      sessionDuration: p.sessionDuration ?? 50,
      profileImageKey: p.profileImageKey ?? 'seed/anna.png',
      personalAttributes: p.personalAttributes ?? 'Lugn, nyfiken, varm',
      cancellationPolicy: p.cancellationPolicy ?? 'TWENTY_FOUR_HOURS',
      meetingFormat: p.meetingFormat ?? null,
      isVerified: verified,
      verifiedAt: verified ? new Date() : null,
    });
    // A verified therapist was checked: a registered check of each licensed title, made now.
    const checked = overrides.licenceChecked ?? verified;
    const licensed = checked ? claimedLicensedTitles(p.title ?? ['PSYKOLOG']) : [];
    if (licensed.length > 0) {
      await db
        .insert(licenceChecks)
        .values(licensed.map((title) => ({ providerId: user!.id, title, registered: true })));
    }
  }
  if (overrides.answers) await setAnswers(ctx, user!.id, overrides.answers);
  if (overrides.slots?.length) await addSlots(ctx, user!.id, overrides.slots);
  return { ...user!, ssn };
}

/**
 * Adds AVAILABLE one-hour slots to a provider; returns their rows. (A PENDING
 * or BOOKED slot belongs to a booking: createBooking holds those.)
 */
async function addSlots(ctx: FactoryContext, providerId: string, slots: readonly SlotSpec[]) {
  const rows = slots.map((s) => {
    const start = slotStart(s);
    return { providerId, startTime: start, endTime: new Date(start.getTime() + 3_600_000) };
  });
  return ctx.database.db.insert(availabilitySlots).values(rows).returning();
}

/** Sets a provider's verification flag (as the admin toggle does). */
export async function setVerified(
  ctx: FactoryContext,
  providerId: string,
  verified: boolean,
): Promise<void> {
  await ctx.database.db
    .update(providerProfiles)
    .set({ isVerified: verified, verifiedAt: verified ? new Date() : null })
    .where(eq(providerProfiles.userId, providerId));
}

// ---------------------------------------------------------------------------
// Matches and bookings

export interface MatchOverrides {
  status?: MatchStatus;
  score?: number;
  overlaps?: Record<string, string[]>;
}

export async function createMatch(
  ctx: FactoryContext,
  parties: { clientId: string; providerId: string },
  overrides: MatchOverrides = {},
) {
  const [row] = await ctx.database.db
    .insert(matches)
    .values({
      clientId: parties.clientId,
      providerId: parties.providerId,
      status: overrides.status ?? 'PENDING',
      score: overrides.score ?? 0.75,
      overlaps: overrides.overlaps ?? {},
    })
    .returning();
  return row!;
}

export interface BookingOverrides {
  /** Default PENDING_PROVIDER_CONFIRMATION. */
  status?: BookingStatus;
  /** Default three hours 3 days ahead (10, 11, 12 Stockholm). */
  suggestedTimes?: Date[];
  /** Default the first suggested time when CONFIRMED or COMPLETED. */
  confirmedTime?: Date | null;
  messageFromProvider?: string | null;
  cancelledBy?: CancelledBy;
  /** Default IN_PERSON. */
  meetingFormat?: SessionFormat;
  /**
   * Default true: the provider's slots at the booking's times are held as the
   * booking flow holds them (PENDING for each suggested time of a pending
   * booking, BOOKED for a confirmed one), created if missing. Cancelled and
   * completed bookings hold none.
   */
  holdSlots?: boolean;
  /** When the request was sent (default: now). */
  createdAt?: Date;
  /**
   * A request's deadline. Default: its last suggested time, as requests
   * stored before the 48-hour rule have (decision 170); a request sent
   * through the API gets `requestDeadline`.
   */
  expiresAt?: Date;
}

/** A booking of a match; the match becomes ACTIVE (as a booking request makes it). */
export async function createBooking(
  ctx: FactoryContext,
  matchId: string,
  overrides: BookingOverrides = {},
) {
  const status = overrides.status ?? 'PENDING_PROVIDER_CONFIRMATION';
  const suggestedTimes = overrides.suggestedTimes ?? [
    stockholmHour(3, 10),
    stockholmHour(3, 11),
    stockholmHour(3, 12),
  ];
  const confirmedTime =
    overrides.confirmedTime !== undefined
      ? overrides.confirmedTime
      : status === 'CONFIRMED' || status === 'COMPLETED'
        ? suggestedTimes[0]!
        : null;
  return ctx.database.db.transaction(async (tx) => {
    const [match] = await tx
      .update(matches)
      .set({ status: 'ACTIVE' })
      .where(eq(matches.id, matchId))
      .returning();
    if (!match) throw new Error(`factories: no match ${matchId}`);
    const now = new Date();
    const [booking] = await tx
      .insert(bookings)
      .values({
        matchId,
        status,
        meetingFormat: overrides.meetingFormat ?? 'IN_PERSON',
        suggestedTimes,
        confirmedTime,
        expiresAt:
          status === 'PENDING_PROVIDER_CONFIRMATION'
            ? (overrides.expiresAt ?? new Date(Math.max(...suggestedTimes.map((t) => t.getTime()))))
            : null,
        ...(overrides.createdAt ? { createdAt: overrides.createdAt } : {}),
        messageFromProvider: overrides.messageFromProvider ?? null,
        cancelledBy: status === 'CANCELLED' ? (overrides.cancelledBy ?? 'CLIENT') : null,
        cancelledAt: status === 'CANCELLED' ? now : null,
        completedAt: status === 'COMPLETED' ? now : null,
      })
      .returning();
    const hold =
      overrides.holdSlots !== false &&
      (status === 'PENDING_PROVIDER_CONFIRMATION' || status === 'CONFIRMED');
    if (hold) {
      const slotStatus: SlotStatus = status === 'CONFIRMED' ? 'BOOKED' : 'PENDING';
      const times = status === 'CONFIRMED' ? [confirmedTime!] : suggestedTimes;
      for (const start of times) {
        await tx
          .insert(availabilitySlots)
          .values({
            providerId: match.providerId,
            startTime: start,
            endTime: new Date(start.getTime() + 3_600_000),
            status: slotStatus,
            bookingId: booking!.id,
          })
          .onConflictDoUpdate({
            target: [availabilitySlots.providerId, availabilitySlots.startTime],
            set: { status: slotStatus, bookingId: booking!.id },
          });
      }
    }
    return booking!;
  });
}

/** The slots of a provider at the given instants (to assert on their status). */
export async function slotsAt(ctx: FactoryContext, providerId: string, starts: Date[]) {
  return ctx.database.db
    .select()
    .from(availabilitySlots)
    .where(
      and(
        eq(availabilitySlots.providerId, providerId),
        inArray(availabilitySlots.startTime, starts),
      ),
    );
}

// ---------------------------------------------------------------------------
// Sessions

/**
 * A signed-in session for `user`, written into the real session store (the
 * `session` table connect-pg-simple reads) exactly as `signIn` leaves it, and
 * the cookie a browser would send for it. The app has no test-only sign-in.
 */
export async function createSessionCookie(
  ctx: FactoryContext,
  user: Pick<UserRow, 'id' | 'sessionVersion'>,
  options: { bankIdAuthAt?: number } = {},
): Promise<{ name: string; value: string; header: string; sid: string }> {
  const sid = randomUUID().replace(/-/g, '') + uniqueSuffix();
  const now = Date.now();
  const maxAge = ctx.config.sessionAbsoluteMs;
  const expires = new Date(now + maxAge);
  const sess = {
    cookie: {
      originalMaxAge: maxAge,
      expires: expires.toISOString(),
      httpOnly: true,
      path: '/',
      sameSite: 'lax',
      secure: ctx.config.secureCookies,
    },
    userId: user.id,
    createdAt: now,
    lastSeenAt: now,
    sessionVersion: user.sessionVersion,
    // A BankID sign-in at that time (as signIn stores it for the 'bankid' method).
    ...(options.bankIdAuthAt !== undefined ? { bankIdAuthAt: options.bankIdAuthAt } : {}),
  };
  await ctx.database.db.insert(sessions).values({ sid, sess, expire: expires });
  // express-session's signed cookie: "s:" + sid + "." + base64(HMAC-SHA256(secret, sid)) without padding.
  const signature = createHmac('sha256', ctx.config.sessionSecret)
    .update(sid)
    .digest('base64')
    .replace(/={1,2}$/, '');
  const name = sessionCookieName(ctx.config);
  const value = encodeURIComponent(`s:${sid}.${signature}`);
  return { name, value, header: `${name}=${value}`, sid };
}

/** Something that keeps cookies and a CSRF token, like harness.ts's TestClient. */
export interface CookieJarClient {
  setCookie(name: string, value: string): void;
  forgetCsrf(): void;
}

/** Signs `http` (a TestClient) in as `user` through the session store. */
export async function signInAs(
  ctx: FactoryContext,
  http: CookieJarClient,
  user: Pick<UserRow, 'id' | 'sessionVersion'>,
  options: { bankIdAuthAt?: number } = {},
): Promise<void> {
  const cookie = await createSessionCookie(ctx, user, options);
  http.setCookie(cookie.name, cookie.value);
  // A new session has a new CSRF token.
  http.forgetCsrf();
}
