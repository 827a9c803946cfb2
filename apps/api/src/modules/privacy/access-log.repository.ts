import { sql } from 'drizzle-orm';
import {
  ACCESS_KIND_LABELS,
  ERASED_NAME,
  stockholmDateKey,
  type AccessKind,
  type AccessLogEntry,
  type UserType,
} from '@samtalsmatch/contracts';
import type { Executor } from '@samtalsmatch/db';

/**
 * Who has read whose data (docs/rules/privacy.md#access-log, decision 358). A read of
 * another person's data writes here, in the transaction of the read (as the
 * audit log is written, decision 160), at most one row per reader, person
 * and Stockholm day: the unique key `access_log_reader_subject_day_unique`
 * and ON CONFLICT DO NOTHING keep the first read of the day, also under
 * concurrent reads.
 */

export interface AccessReader {
  id: string;
  type: UserType;
}

export interface AccessSubject {
  id: string;
  kind: AccessKind;
}

/**
 * Records that `reader` read each subject's data at `at` (in the caller's
 * transaction). Erased people (tombstones) and the reader themselves are
 * skipped: there is no one to show it to. Rows go in by subject id, so two
 * readers' transactions that write several rows never wait on each other
 * in opposite orders.
 */
export async function recordAccess(
  tx: Executor,
  reader: AccessReader,
  subjects: readonly AccessSubject[],
  at: Date,
): Promise<void> {
  const bySubject = new Map<string, AccessKind>();
  for (const s of subjects) if (!bySubject.has(s.id)) bySubject.set(s.id, s.kind);
  bySubject.delete(reader.id);
  if (bySubject.size === 0) return;
  const values = sql.join(
    [...bySubject.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([id, kind]) => sql`(${id}::uuid, ${kind}::access_kind)`),
    sql`, `,
  );
  await tx.execute(sql`
    insert into access_log (subject_id, reader_id, reader_role, kind, stockholm_day, read_at)
    select v.subject_id, ${reader.id}::uuid, ${reader.type}::user_type, v.kind,
           ${stockholmDateKey(at)}::date, ${at.toISOString()}::timestamptz
    from (values ${values}) as v(subject_id, kind)
    join users s on s.id = v.subject_id and s.erased_at is null
    order by v.subject_id
    on conflict (reader_id, subject_id, stockholm_day) do nothing
  `);
}

type AccessLogRow = {
  id: number | string;
  read_at: Date | string;
  reader_role: UserType;
  reader_name: string;
  reader_erased: boolean;
  kind: AccessKind;
};

/**
 * The reads of `subjectId`'s data by others, newest first: when, the
 * reader's role and name ("Borttagen terapeut" etc. once they erased their
 * account: the row keeps only their id), and what was read.
 */
export async function listAccessLog(
  db: Executor,
  subjectId: string,
  limit?: number,
): Promise<AccessLogEntry[]> {
  const { rows } = await db.execute<AccessLogRow>(sql`
    select l.id, l.read_at, l.reader_role, r.name as reader_name,
           r.erased_at is not null as reader_erased, l.kind
    from access_log l join users r on r.id = l.reader_id
    where l.subject_id = ${subjectId}::uuid
    order by l.read_at desc, l.id desc
    ${limit === undefined ? sql`` : sql`limit ${limit}`}
  `);
  return rows.map((r) => ({
    id: Number(r.id),
    readAt: new Date(r.read_at).toISOString(),
    reader: {
      role: r.reader_role,
      name: r.reader_erased ? ERASED_NAME[r.reader_role] : r.reader_name,
      erased: r.reader_erased,
    },
    kind: r.kind,
    what: ACCESS_KIND_LABELS[r.kind],
  }));
}
