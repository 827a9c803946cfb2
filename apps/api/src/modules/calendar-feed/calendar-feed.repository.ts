import { eq, sql } from 'drizzle-orm';
import { calendarFeeds, type Executor } from '@samtalsmatch/db';
import type { SessionFormat, UserType } from '@samtalsmatch/contracts';

/** The feed row of a person: created, or its hash replaced (a new link). */
export async function storeFeed(db: Executor, userId: string, secretHash: string): Promise<void> {
  await db
    .insert(calendarFeeds)
    .values({ userId, secretHash })
    .onConflictDoUpdate({
      target: calendarFeeds.userId,
      set: { secretHash, createdAt: sql`now()` },
    });
}

/** Turns a person's feed off; true when there was one. */
export async function deleteFeed(db: Executor, userId: string): Promise<boolean> {
  const rows = await db
    .delete(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId))
    .returning({ userId: calendarFeeds.userId });
  return rows.length > 0;
}

export async function findFeed(
  db: Executor,
  userId: string,
): Promise<{ createdAt: Date } | undefined> {
  const [row] = await db
    .select({ createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId));
  return row;
}

/** Whose feed a secret's hash opens: a live client or therapist, or none. */
export async function findFeedOwner(
  db: Executor,
  secretHash: string,
): Promise<{ id: string; type: UserType } | undefined> {
  const { rows } = await db.execute<{ id: string; type: UserType }>(sql`
    select u.id, u.type from calendar_feeds f join users u on u.id = f.user_id
    where f.secret_hash = ${secretHash} and u.erased_at is null and u.type in ('CLIENT', 'PROVIDER')
  `);
  return rows[0];
}

/** A session of the feed: what its event is made of, and nothing that names anyone. */
export interface FeedSessionRow {
  id: string;
  status: 'CONFIRMED' | 'COMPLETED' | 'CANCELLED';
  confirmedTime: Date;
  icsSequence: number;
  meetingFormat: SessionFormat;
  updatedAt: Date;
  clientDiscreetMail: boolean;
  street: string | null;
  zip: string | null;
  city: string | null;
}

/**
 * The person's sessions (either side of the match) whose time lies in
 * [from, to): confirmed, completed and cancelled ones that had a time.
 */
export async function feedSessions(
  db: Executor,
  userId: string,
  from: Date,
  to: Date,
): Promise<FeedSessionRow[]> {
  const { rows } = await db.execute<
    Omit<FeedSessionRow, 'confirmedTime' | 'updatedAt'> & {
      confirmedTime: string | Date;
      updatedAt: string | Date;
    }
  >(sql`
    select b.id, b.status, b.confirmed_time as "confirmedTime", b.ics_sequence as "icsSequence",
      b.meeting_format as "meetingFormat", b.updated_at as "updatedAt",
      c.discreet_mail as "clientDiscreetMail", p.street, p.zip, p.city
    from bookings b
    join matches m on m.id = b.match_id
    join users c on c.id = m.client_id
    join users p on p.id = m.provider_id
    where (m.client_id = ${userId} or m.provider_id = ${userId})
      and b.status in ('CONFIRMED', 'COMPLETED', 'CANCELLED')
      and b.confirmed_time >= ${from.toISOString()}::timestamptz
      and b.confirmed_time < ${to.toISOString()}::timestamptz
    order by b.confirmed_time, b.id
  `);
  return rows.map((r) => ({
    ...r,
    icsSequence: Number(r.icsSequence),
    confirmedTime: new Date(r.confirmedTime),
    updatedAt: new Date(r.updatedAt),
  }));
}
