import { and, asc, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AdminProvidersQuery, Importance, LicensedTitle } from '@samtalsmatch/contracts';
import {
  answers,
  bookings,
  licenceChecks,
  matches,
  providerProfiles,
  questionOptions,
  questions,
  users,
  type Executor,
} from '@samtalsmatch/db';

/** `%`, `_` and `\\` taken literally in an ILIKE pattern. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * One page of the admin list (erased accounts left out): therapists whose
 * name or e-mail contains `q` (any case), verified or not when asked, in the
 * order of contracts' `ADMIN_QUEUE_GROUPS` (awaiting review, licence check
 * due, other unverified, verified), then by name and id (a total order, so
 * pages never overlap); and how many match in all. A check is due when the
 * newest check of a title the profile claims found it registered before
 * `dueBefore` (contracts' `licenceChecksDueBefore`: the 12-month rule);
 * only licensed titles have checks (the table's constraint). The search is
 * answered from the trigram indexes of therapists' names and addresses.
 */
export async function listProvidersPage(db: Executor, query: AdminProvidersQuery, dueBefore: Date) {
  const verified = sql`coalesce(${providerProfiles.isVerified}, false)`;
  const conditions = [eq(users.type, 'PROVIDER'), isNull(users.erasedAt)];
  if (query.q) {
    const pattern = likePattern(query.q);
    conditions.push(or(ilike(users.name, pattern), ilike(users.email, pattern))!);
  }
  if (query.verified !== undefined) conditions.push(sql`${verified} = ${query.verified}`);
  const where = and(...conditions);
  // The therapists with a check due, found once as a set (not a subquery per
  // listed therapist: at thousands of therapists that was most of the request):
  // a registered check older than `dueBefore` of a title the profile claims,
  // with no newer check of that title (the newest decides; equal times by id).
  const checkDue = sql`${users.id} in (
    select lc.provider_id from ${licenceChecks} lc
    join ${providerProfiles} claimed on claimed.user_id = lc.provider_id
      and lc.title = any(claimed.title)
    where lc.registered and lc.checked_at < ${dueBefore.toISOString()}::timestamptz
      and not exists (
        select 1 from ${licenceChecks} newer
        where newer.provider_id = lc.provider_id and newer.title = lc.title
          and (newer.checked_at, newer.id) > (lc.checked_at, lc.id)))`;
  const group = sql`case
    when not ${verified} and ${users.onboardingStep} = 'ONBOARDING_COMPLETED' then 0
    when ${checkDue} then 1
    when not ${verified} then 2
    else 3 end`;
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        onboardingStep: users.onboardingStep,
        createdAt: users.createdAt,
        isVerified: sql<boolean>`${verified}`,
        title: providerProfiles.title,
      })
      .from(users)
      .leftJoin(providerProfiles, eq(providerProfiles.userId, users.id))
      .where(where)
      .orderBy(group, sql`lower(${users.name})`, users.id)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(users)
      .leftJoin(providerProfiles, eq(providerProfiles.userId, users.id))
      .where(where),
  ]);
  return { rows, total: Number(count?.total ?? 0) };
}

/** A provider's user row and profile; undefined for an unknown id or another type. */
export async function findProvider(db: Executor, id: string) {
  const [row] = await db
    .select({ user: users, profile: providerProfiles })
    .from(users)
    .leftJoin(providerProfiles, eq(providerProfiles.userId, users.id))
    .where(and(eq(users.id, id), eq(users.type, 'PROVIDER')))
    .limit(1);
  return row;
}

/** The provider's profile row, locked until the transaction ends. */
export async function lockProviderProfile(db: Executor, providerId: string) {
  const [row] = await db
    .select()
    .from(providerProfiles)
    .where(eq(providerProfiles.userId, providerId))
    .for('update')
    .limit(1);
  return row;
}

/** Verifies (clearing a pause) or pauses (taking the verification back) at `now`. */
export async function setVerified(
  db: Executor,
  providerId: string,
  isVerified: boolean,
  now: Date,
) {
  const [row] = await db
    .update(providerProfiles)
    .set({ isVerified, verifiedAt: isVerified ? now : null, pausedAt: isVerified ? null : now })
    .where(eq(providerProfiles.userId, providerId))
    .returning({
      isVerified: providerProfiles.isVerified,
      verifiedAt: providerProfiles.verifiedAt,
    });
  return row!;
}

/** The answers of several users, each with its question and the question's options. */
export async function answersWithQuestions(db: Executor, userIds: string[]) {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ answer: answers, question: questions })
    .from(answers)
    .innerJoin(questions, eq(questions.id, answers.questionId))
    .where(inArray(answers.userId, userIds))
    .orderBy(asc(questions.order));
  const questionIds = [...new Set(rows.map((r) => r.question.id))];
  const options =
    questionIds.length === 0
      ? []
      : await db
          .select()
          .from(questionOptions)
          .where(inArray(questionOptions.questionId, questionIds))
          .orderBy(asc(questionOptions.order));
  return rows.map(({ answer, question }) => ({
    userId: answer.userId,
    questionId: answer.questionId,
    value: answer.value,
    // The column's check keeps it 1-3.
    importance: answer.importance as Importance | null,
    question: {
      id: question.id,
      order: question.order,
      key: question.key,
      type: question.type,
      clientText: question.clientText,
      providerText: question.providerText,
      clientDescription: question.clientDescription,
      providerDescription: question.providerDescription,
      description: question.description,
      hasImportanceScale: question.hasImportanceScale,
      options: options
        .filter((o) => o.questionId === question.id)
        .map((o) => ({ value: o.value, label: o.label, userType: o.userType })),
    },
  }));
}

/** The provider's matches with the client's name, newest first. */
export async function matchesOfProvider(db: Executor, providerId: string) {
  return db
    .select({
      id: matches.id,
      status: matches.status,
      score: matches.score,
      clientId: matches.clientId,
      clientName: users.name,
    })
    .from(matches)
    .innerJoin(users, eq(users.id, matches.clientId))
    .where(eq(matches.providerId, providerId))
    .orderBy(asc(matches.status), asc(users.name));
}

export async function bookingsOfMatches(db: Executor, matchIds: string[]) {
  if (matchIds.length === 0) return [];
  return db
    .select()
    .from(bookings)
    .where(inArray(bookings.matchId, matchIds))
    .orderBy(asc(bookings.createdAt));
}

const checker = alias(users, 'checker');

/** Licence checks of the given providers (all when `providerIds` is left out), newest first, with who checked. */
export async function licenceChecksOf(db: Executor, providerIds?: string[]) {
  if (providerIds?.length === 0) return [];
  return db
    .select({
      id: licenceChecks.id,
      providerId: licenceChecks.providerId,
      title: licenceChecks.title,
      registered: licenceChecks.registered,
      checkedAt: licenceChecks.checkedAt,
      checkedById: licenceChecks.checkedBy,
      checkedByName: checker.name,
    })
    .from(licenceChecks)
    .leftJoin(checker, eq(checker.id, licenceChecks.checkedBy))
    .where(providerIds ? inArray(licenceChecks.providerId, providerIds) : undefined)
    .orderBy(desc(licenceChecks.checkedAt), desc(licenceChecks.id));
}

export async function insertLicenceCheck(
  db: Executor,
  check: { providerId: string; title: LicensedTitle; registered: boolean; checkedBy: string },
) {
  const [row] = await db.insert(licenceChecks).values(check).returning();
  return row!;
}
