import { and, eq, sql } from 'drizzle-orm';
import { isFitCheckDue, isLowFit, type FitCheckInput, type Match } from '@samtalsmatch/contracts';
import { fitChecks, matches, type Database, type Executor } from '@samtalsmatch/db';
import type { Config } from '../../config';
import { AppError } from '../../lib/errors';
import { lockBookingsOfMatch, lockMatch } from '../bookings/bookings.repository';
import { clientMatches } from './matches.service';
import { recomputeMatches } from './matching.service';

/*
 * The course of a match after the first session: the fit check
 * (docs/rules/matching.md#fit-check) and the switch of therapist
 * (docs/rules/matching.md#switching-therapist). Each change locks the match
 * (then its bookings, the order of every booking transition) in one
 * transaction; someone else's match is 404.
 */

async function lockClientsMatch(tx: Executor, matchId: string, clientId: string) {
  const match = await lockMatch(tx, matchId);
  if (!match || match.clientId !== clientId) throw new AppError('NOT_FOUND');
  return match;
}

async function fitCheckRow(tx: Executor, matchId: string) {
  const [row] = await tx
    .select()
    .from(fitChecks)
    .where(eq(fitChecks.matchId, matchId))
    .for('update');
  return row;
}

/** POST /matches/{id}/fit-check: 201 with the answers and whether the switch is offered. */
export async function answerFitCheck(
  db: Database,
  clientId: string,
  matchId: string,
  input: FitCheckInput,
  now: Date,
) {
  await db.transaction(async (tx) => {
    const match = await lockClientsMatch(tx, matchId, clientId);
    const bookingRows = await lockBookingsOfMatch(tx, matchId);
    const existing = await fitCheckRow(tx, matchId);
    if (existing?.answeredAt) throw new AppError('FIT_CHECK_ANSWERED');
    // A dismissed check may still be answered; otherwise it must be due.
    if (!existing && !isFitCheckDue({ status: match.status, bookings: bookingRows }, null)) {
      throw new AppError('FIT_CHECK_NOT_DUE');
    }
    const values = {
      heard: input.heard,
      goals: input.goals,
      approach: input.approach,
      continueWith: input.continue,
      shareWithTherapist: input.shareWithTherapist,
      answeredAt: now,
    };
    await tx
      .insert(fitChecks)
      .values({ matchId, ...values })
      .onConflictDoUpdate({ target: fitChecks.matchId, set: values });
  });
  return { ...input, answeredAt: now.toISOString(), offerSwitch: isLowFit(input) };
}

/** POST /matches/{id}/fit-check/dismiss ("Inte nu"): 204; 409 when not due. */
export async function dismissFitCheck(db: Database, clientId: string, matchId: string, now: Date) {
  await db.transaction(async (tx) => {
    const match = await lockClientsMatch(tx, matchId, clientId);
    const bookingRows = await lockBookingsOfMatch(tx, matchId);
    const existing = await fitCheckRow(tx, matchId);
    if (!isFitCheckDue({ status: match.status, bookings: bookingRows }, existing)) {
      throw new AppError(existing?.answeredAt ? 'FIT_CHECK_ANSWERED' : 'FIT_CHECK_NOT_DUE');
    }
    await tx
      .insert(fitChecks)
      .values({ matchId, dismissedAt: now })
      .onConflictDoUpdate({ target: fitChecks.matchId, set: { dismissedAt: now } });
  });
}

/**
 * The client's recommendations (PENDING) as GET /matches shows them: what a
 * switch and its undo answer.
 */
async function recommendations(db: Database, config: Config, clientId: string, now: Date) {
  const all = await clientMatches(db, config, clientId, now.getTime());
  return all.filter((m) => m.status === 'PENDING');
}

/**
 * POST /matches/{id}/switch: an ACTIVE match becomes ENDED (its bookings
 * untouched: the client cancels them within the policy, as always), the
 * therapist is no longer recommended, the list is computed again; 200 with
 * the new recommendations.
 */
export async function switchTherapist(
  db: Database,
  config: Config,
  clientId: string,
  matchId: string,
  now: Date,
): Promise<Match[]> {
  await db.transaction(async (tx) => {
    const match = await lockClientsMatch(tx, matchId, clientId);
    if (match.status !== 'ACTIVE') throw new AppError('MATCH_NOT_ACTIVE');
    await tx
      .update(matches)
      .set({ status: 'ENDED', endedAt: now, updatedAt: sql`now()` })
      .where(and(eq(matches.id, matchId), eq(matches.status, 'ACTIVE')));
  });
  await recomputeMatches(db, clientId, now);
  return recommendations(db, config, clientId, now);
}

/** DELETE /matches/{id}/switch: the match comes back as it was (ACTIVE, its history intact). */
export async function undoSwitch(
  db: Database,
  config: Config,
  clientId: string,
  matchId: string,
  now: Date,
): Promise<Match> {
  await db.transaction(async (tx) => {
    const match = await lockClientsMatch(tx, matchId, clientId);
    if (match.status !== 'ENDED') throw new AppError('MATCH_NOT_ENDED');
    await tx
      .update(matches)
      .set({ status: 'ACTIVE', endedAt: null, updatedAt: sql`now()` })
      .where(and(eq(matches.id, matchId), eq(matches.status, 'ENDED')));
  });
  await recomputeMatches(db, clientId, now);
  const [match] = await clientMatches(db, config, clientId, now.getTime(), matchId);
  return match!;
}
