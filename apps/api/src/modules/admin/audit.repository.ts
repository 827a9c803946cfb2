import { desc, eq } from 'drizzle-orm';
import type { AuditAction } from '@samtalsmatch/contracts';
import { auditLog, users, type Executor } from '@samtalsmatch/db';

export interface AuditEntryInput {
  /** null: the service itself (the retention round). */
  actorId: string | null;
  targetUserId: string;
  action: AuditAction;
  requestId: string | undefined;
  /** Never personal data: no personnummer, no names. */
  details?: Record<string, unknown>;
}

/** Appends one row; the table refuses UPDATE, DELETE and TRUNCATE (migration 0002). */
export async function appendAudit(db: Executor, entry: AuditEntryInput): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    targetUserId: entry.targetUserId,
    action: entry.action,
    requestId: entry.requestId ?? null,
    metadata: entry.details ?? {},
  });
}

/** The history of one user, newest first, with the actor's current name. */
export async function listAuditForTarget(db: Executor, targetUserId: string, limit = 200) {
  return db
    .select({
      id: auditLog.id,
      at: auditLog.createdAt,
      action: auditLog.action,
      actorId: auditLog.actorId,
      actorName: users.name,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(eq(auditLog.targetUserId, targetUserId))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
}
