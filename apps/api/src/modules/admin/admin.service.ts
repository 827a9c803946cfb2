import {
  AuditAction,
  idSchema,
  licenceCheckExpired,
  licenceChecksDueBefore,
  type LicenceCheck,
  type AdminHistoryEntry,
  type AdminProviderDetail,
  type AdminProvidersPage,
  type AdminProvidersQuery,
  isBookingAhead,
  type Booking,
} from '@samtalsmatch/contracts';
import type { Database } from '@samtalsmatch/db';
import type { Config } from '../../config';
import { createSsnCrypto, type SsnCrypto } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { formatPersonnummer } from '../../lib/personnummer';
import { imageUrlSigner } from '../storage/signed-url';
import {
  answersWithQuestions,
  bookingsOfMatches,
  findProvider,
  licenceChecksOf,
  listProvidersPage,
  matchesOfProvider,
} from './admin.repository';
import { recordAccess } from '../privacy/access-log.repository';
import { appendAudit, listAuditForTarget } from './audit.repository';

/*
 * What the admin pages read: the providers list, a provider's detail (its
 * read audited) and history. The admin's decisions (verify, pause, licence
 * checks) are in admin.verification.ts.
 */

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

export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

type LicenceCheckRow = Awaited<ReturnType<typeof licenceChecksOf>>[number];

export function toLicenceCheck(row: LicenceCheckRow): LicenceCheck {
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
 * answer only, and the read is written to the audit log and to the access
 * log of each person shown in the same transaction that reads it (no row,
 * no answer).
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
    // The therapist's and each shown client's access log (decision 358): the
    // detail shows the therapist's personnummer (or their details) and every
    // client's name and answers.
    await recordAccess(
      tx,
      { id: actor.id, type: 'ADMIN' },
      [
        { id: user.id, kind: ssn ? 'PERSONNUMMER' : 'PERSON_DETAIL' },
        ...matchRows.map((m) => ({ id: m.clientId, kind: 'CLIENT_ANSWERS' as const })),
      ],
      now(),
    );
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
      meetingFormat: b.meetingFormat,
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
