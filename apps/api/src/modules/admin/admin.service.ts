import {
  AuditAction,
  LICENCE_PROFESSIONS,
  createLicenceCheckSchema,
  idSchema,
  licenceCheckExpired,
  licenceChecksDueBefore,
  licenceVerificationBlock,
  type LicenceCheck,
  type AdminHistoryEntry,
  type AdminProviderDetail,
  type AdminProvidersPage,
  type AdminProvidersQuery,
  type AdminVerifyResponse,
  isBookingAhead,
  type Booking,
} from '@samtalsmatch/contracts';
import type { Database } from '@samtalsmatch/db';
import type { Config } from '../../config';
import { createSsnCrypto, type SsnCrypto } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { notifyMailQueued } from '../../lib/mailer';
import { formatPersonnummer } from '../../lib/personnummer';
import { mailContext } from '../mail/context';
import { enqueueMail } from '../mail/outbox';
import {
  licenceNotRegisteredMail,
  providerPausedMail,
  providerVerifiedMail,
} from '../mail/templates';
import { parse } from '../../middleware/validate';
import { cancelOpenBookingsOf } from '../bookings/bookings.system-cancel';
import { imageUrlSigner } from '../storage/signed-url';
import {
  answersWithQuestions,
  bookingsOfMatches,
  findProvider,
  insertLicenceCheck,
  licenceChecksOf,
  listProvidersPage,
  lockProviderProfile,
  matchesOfProvider,
  setVerified,
} from './admin.repository';
import { appendAudit, listAuditForTarget } from './audit.repository';

export interface AdminDeps {
  db: Database;
  config: Config;
  /** The clock (tests move it). */
  now?: () => Date;
}

/** Who asks, and the request id the audit rows carry. */
export interface AdminActor {
  id: string;
  requestId: string | undefined;
}

/** A provider id from the path: anything that is not a UUID is simply not found. */
export function providerIdFrom(raw: unknown): string {
  const parsed = idSchema.safeParse(raw);
  if (!parsed.success) throw new AppError('PROVIDER_NOT_FOUND');
  return parsed.data;
}

/** GET /admin/providers: one page, the review queue first, searched and filtered in SQL. */
export async function listAdminProviders(
  { db, now = () => new Date() }: AdminDeps,
  query: AdminProvidersQuery,
): Promise<AdminProvidersPage> {
  const at = now();
  const { rows, total } = await listProvidersPage(db, query, licenceChecksDueBefore(at));
  const checks = await licenceChecksOf(
    db,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      isVerified: r.isVerified,
      onboardingStep: r.onboardingStep,
      createdAt: r.createdAt.toISOString(),
      licenceCheckExpired: licenceCheckExpired(
        r.title ?? [],
        checks.filter((c) => c.providerId === r.id),
        at,
      ),
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

type LicenceCheckRow = Awaited<ReturnType<typeof licenceChecksOf>>[number];

function toLicenceCheck(row: LicenceCheckRow): LicenceCheck {
  return {
    id: row.id,
    // The table's check constraint holds only licensed titles.
    title: row.title as LicenceCheck['title'],
    registered: row.registered,
    checkedAt: row.checkedAt.toISOString(),
    checkedBy: row.checkedById ? { id: row.checkedById, name: row.checkedByName ?? '' } : null,
  };
}

/**
 * GET /admin/providers/:id. The personnummer is decrypted here, for this
 * answer only, and the read is written to the audit log in the same
 * transaction that reads it (no row, no answer).
 */
export async function getAdminProviderDetail(
  { db, config, now = () => new Date() }: AdminDeps,
  actor: AdminActor,
  rawId: unknown,
  crypto: SsnCrypto = createSsnCrypto(config.ssnKeys),
): Promise<AdminProviderDetail> {
  const id = providerIdFrom(rawId);
  return db.transaction(async (tx) => {
    const found = await findProvider(tx, id);
    if (!found) throw new AppError('PROVIDER_NOT_FOUND');
    const { user, profile } = found;

    const ssn = user.ssnEncrypted ? formatPersonnummer(crypto.decrypt(user.ssnEncrypted)) : null;
    await appendAudit(tx, {
      actorId: actor.id,
      targetUserId: user.id,
      action: ssn ? 'SSN_READ' : 'PROVIDER_VIEWED',
      requestId: actor.requestId,
    });

    const matchRows = await matchesOfProvider(tx, user.id);
    const bookingRows = await bookingsOfMatches(
      tx,
      matchRows.map((m) => m.id),
    );
    const checkRows = await licenceChecksOf(tx, [user.id]);
    const answerRows = await answersWithQuestions(tx, [
      user.id,
      ...new Set(matchRows.map((m) => m.clientId)),
    ]);
    const answersOf = (userId: string) =>
      answerRows.filter((a) => a.userId === userId).map(({ userId: _u, ...answer }) => answer);
    const toBooking = (b: (typeof bookingRows)[number]): Booking => ({
      id: b.id,
      matchId: b.matchId,
      status: b.status,
      confirmedTime: iso(b.confirmedTime),
      suggestedTimes: b.suggestedTimes.map((t) => t.toISOString()),
      messageFromProvider: b.messageFromProvider,
      cancelledBy: b.cancelledBy,
      cancelledAt: iso(b.cancelledAt),
      completedAt: iso(b.completedAt),
      createdAt: b.createdAt.toISOString(),
    });

    const at = now();
    return {
      id: user.id,
      name: user.name,
      email: user.email,
      phoneNumber: user.phoneNumber,
      ssn,
      bookingsAhead: bookingRows.filter((b) => isBookingAhead(b, at)).length,
      isVerified: profile?.isVerified ?? false,
      onboardingStep: user.onboardingStep,
      createdAt: user.createdAt.toISOString(),
      address: { street: user.street, city: user.city, zip: user.zip },
      profile: profile
        ? {
            title: profile.title,
            description: profile.description,
            education: profile.education,
            price: profile.price,
            sessionDuration: profile.sessionDuration,
            profileImageUrl: profile.profileImageKey,
            profileImageSignedUrl: imageUrlSigner(config)(profile.profileImageKey),
            personalAttributes: profile.personalAttributes,
            cancellationPolicy: profile.cancellationPolicy,
            meetingFormat: profile.meetingFormat,
            isVerified: profile.isVerified,
          }
        : null,
      answers: answersOf(user.id),
      matches: matchRows.map((m) => ({
        id: m.id,
        status: m.status,
        score: m.score,
        client: { id: m.clientId, name: m.clientName, answer: answersOf(m.clientId) },
        bookings: bookingRows.filter((b) => b.matchId === m.id).map(toBooking),
      })),
      licenceChecks: checkRows.map(toLicenceCheck),
    };
  });
}

/** GET /admin/providers/:id/history: the audit rows about this provider, newest first. */
export async function getAdminProviderHistory(
  { db }: AdminDeps,
  rawId: unknown,
): Promise<AdminHistoryEntry[]> {
  const id = providerIdFrom(rawId);
  if (!(await findProvider(db, id))) throw new AppError('PROVIDER_NOT_FOUND');
  const rows = await listAuditForTarget(db, id);
  return rows
    .filter((r): r is typeof r & { action: AuditAction } =>
      (AuditAction as readonly string[]).includes(r.action),
    )
    .map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      action: r.action,
      actor: r.actorId ? { id: r.actorId, name: r.actorName ?? '' } : null,
    }));
}

/**
 * PATCH /admin/providers/:id/verify: toggles, in one transaction that locks
 * the profile row and writes the audit row. Verifying queues the welcome
 * mail. Unverifying pauses the account at once: every booking of theirs
 * still ahead is cancelled by SYSTEM (each client mailed), the therapist is
 * mailed that the account is paused, and from the commit on their client
 * data answers 403 and their recommendations are hidden from every client
 * (the reads check the verified flag).
 */
export async function toggleProviderVerification(
  { db, config, now = () => new Date() }: AdminDeps,
  actor: AdminActor,
  rawId: unknown,
): Promise<AdminVerifyResponse> {
  const id = providerIdFrom(rawId);
  const ctx = mailContext(config);
  const result = await db.transaction(async (tx) => {
    const found = await findProvider(tx, id);
    if (!found) throw new AppError('PROVIDER_NOT_FOUND');
    const locked = await lockProviderProfile(tx, id);
    if (!locked) throw new AppError('PROVIDER_PROFILE_MISSING');
    const next = !locked.isVerified;
    const at = now();
    if (next) {
      const block = licenceVerificationBlock(locked.title, await licenceChecksOf(tx, [id]), at);
      if (block) throw new AppError('LICENCE_NOT_CHECKED', { message: block });
    }
    const row = await setVerified(tx, id, next, at);
    await appendAudit(tx, {
      actorId: actor.id,
      targetUserId: id,
      action: next ? 'PROVIDER_VERIFIED' : 'PROVIDER_UNVERIFIED',
      requestId: actor.requestId,
      details: { isVerified: next },
    });
    if (next && found.user.email) {
      await enqueueMail(tx, providerVerifiedMail(ctx, found.user.email, found.user.name));
    }
    if (!next) {
      await cancelOpenBookingsOf(tx, { config, now: at }, id, 'PROVIDER_PAUSED');
      if (found.user.email) {
        await enqueueMail(tx, providerPausedMail(ctx, found.user.email, found.user.name));
      }
    }
    return { id, isVerified: row.isVerified, verifiedAt: iso(row.verifiedAt) };
  });
  notifyMailQueued();
  return result;
}

/**
 * POST /admin/providers/:id/licence-checks: records what the admin found in
 * Socialstyrelsen's register for one licensed title the therapist claims,
 * with an audit row, in one transaction that locks the profile (so a
 * concurrent profile save or verification sees it). A title found not
 * registered mails the therapist what to do.
 */
export async function recordLicenceCheck(
  { db, config }: AdminDeps,
  actor: AdminActor,
  rawId: unknown,
  body: unknown,
): Promise<LicenceCheck> {
  const id = providerIdFrom(rawId);
  const input = parse(createLicenceCheckSchema, body);
  const ctx = mailContext(config);
  const result = await db.transaction(async (tx) => {
    const found = await findProvider(tx, id);
    if (!found) throw new AppError('PROVIDER_NOT_FOUND');
    const locked = await lockProviderProfile(tx, id);
    if (!locked) throw new AppError('PROVIDER_PROFILE_MISSING');
    if (!locked.title.includes(input.title)) throw new AppError('LICENCE_TITLE_NOT_CLAIMED');
    const row = await insertLicenceCheck(tx, { providerId: id, ...input, checkedBy: actor.id });
    await appendAudit(tx, {
      actorId: actor.id,
      targetUserId: id,
      action: 'LICENCE_CHECKED',
      requestId: actor.requestId,
      details: { title: input.title, registered: input.registered },
    });
    if (!input.registered && found.user.email) {
      await enqueueMail(
        tx,
        licenceNotRegisteredMail(
          ctx,
          found.user.email,
          found.user.name,
          LICENCE_PROFESSIONS[input.title],
        ),
      );
    }
    const [withChecker] = (await licenceChecksOf(tx, [id])).filter((c) => c.id === row.id);
    return toLicenceCheck(withChecker!);
  });
  notifyMailQueued();
  return result;
}
