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
 * Who has read whose data (docs/rules/privacy.md#access-log; decisions 358
 * and 412). A read of another person's data writes here, in the transaction
 * of the read (as the audit log is written, decision 160). Every read
 * counts: one row per reader, person, kind and Stockholm day holds the
 * first read, the last and how many; the unique key
 * `access_log_reader_subject_kind_day_unique` and ON CONFLICT DO UPDATE
 * add each read to it, also under concurrent reads.
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
  const rows = new Map<string, AccessSubject>();
  for (const s of subjects) if (s.id !== reader.id) rows.set(`${s.id} ${s.kind}`, s);
  if (rows.size === 0) return;
  const values = sql.join(
    [...rows.keys()]
      .sort()
      .map((key) => rows.get(key)!)
      .map(({ id, kind }) => sql`(${id}::uuid, ${kind}::access_kind)`),
    sql`, `,
  );
  const time = sql`${at.toISOString()}::timestamptz`;
  await tx.execute(sql`
    insert into access_log
      (subject_id, reader_id, reader_role, kind, stockholm_day, read_at, last_read_at, read_count)
    select v.subject_id, ${reader.id}::uuid, ${reader.type}::user_type, v.kind,
           ${stockholmDateKey(at)}::date, ${time}, ${time}, 1
    from (values ${values}) as v(subject_id, kind)
    join users s on s.id = v.subject_id and s.erased_at is null
    order by v.subject_id, v.kind
    on conflict (reader_id, subject_id, kind, stockholm_day) do update set
      read_count = access_log.read_count + 1,
      read_at = least(access_log.read_at, excluded.read_at),
      last_read_at = greatest(access_log.last_read_at, excluded.last_read_at)
  `);
}

type AccessLogRow = {
  id: number | string;
  read_at: Date | string;
  last_read_at: Date | string;
  read_count: number;
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
    select l.id, l.read_at, l.last_read_at, l.read_count, l.reader_role, r.name as reader_name,
           r.erased_at is not null as reader_erased, l.kind
    from access_log l join users r on r.id = l.reader_id
    where l.subject_id = ${subjectId}::uuid
    order by l.last_read_at desc, l.id desc
    ${limit === undefined ? sql`` : sql`limit ${limit}`}
  `);
  return rows.map((r) => ({
    id: Number(r.id),
    readAt: new Date(r.read_at).toISOString(),
    lastReadAt: new Date(r.last_read_at).toISOString(),
    count: Number(r.read_count),
    reader: {
      role: r.reader_role,
      name: r.reader_erased ? ERASED_NAME[r.reader_role] : r.reader_name,
      erased: r.reader_erased,
    },
    kind: r.kind,
    what: ACCESS_KIND_LABELS[r.kind],
  }));
}
