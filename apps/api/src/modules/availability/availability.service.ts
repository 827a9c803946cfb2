import {
  availabilityHorizonEnd,
  checkNewSlotStart,
  earliestBookableStart,
  errorCatalog,
  selectableWindows,
  startOfStockholmDay,
  type AvailabilitySlot,
  type AvailabilitySlotInput,
} from '@samtalsmatch/contracts';
import type pg from 'pg';
import type { Database, DbHandle } from '@samtalsmatch/db';
import type { UserRow } from '../../lib/auth-session';
import { AppError } from '../../lib/errors';
import {
  completeOnboarding,
  deleteAvailableSlots,
  insertSlots,
  lockOwnSlots,
  ownSlotsJson,
  providerStanding,
  slotsFingerprint,
  type SlotView,
} from './availability.repository';

function toDto(slot: SlotView): AvailabilitySlot {
  return {
    id: slot.id,
    startTime: slot.startTime.toISOString(),
    endTime: slot.endTime.toISOString(),
    status: slot.status,
  };
}

/** A provider's slots from one day on, as the provider sees them, and what they were read at. */
interface SlotsSnapshot {
  fingerprint: string;
  /** The provider's own view, ready to send. */
  body: Buffer;
  /** Parsed on first use (a client's view filters them), in start order. */
  parsed?: { slot: AvailabilitySlot; start: number }[];
  /** The last client view made from this snapshot, and what it depends on (see clientView). */
  client?: { key: string; body: Buffer };
}

/** At most this many providers' slots are kept per process (a few hundred kB each at most). */
export const SLOTS_CACHE_SIZE = 64;
const slotsCaches = new WeakMap<object, Map<string, SlotsSnapshot>>();

/**
 * The provider's slots from `from` on (decision 193): kept per process and
 * served again while their fingerprint (read from the database on every
 * call, `fingerprint`) is unchanged, so nothing stale is ever served, by any
 * process; only the JSON is not built again (that was nearly all of the
 * request's cost).
 */
async function providerSlots(
  pool: pg.Pool,
  providerId: string,
  from: Date,
  fingerprint: () => Promise<string>,
): Promise<SlotsSnapshot> {
  let cache = slotsCaches.get(pool);
  if (!cache) slotsCaches.set(pool, (cache = new Map()));
  const key = `${providerId}|${from.toISOString()}`;
  const hit = cache.get(key);
  if (hit && (await fingerprint()) === hit.fingerprint) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const read = await ownSlotsJson(pool, providerId, from);
  const fresh: SlotsSnapshot = { fingerprint: read.fingerprint, body: Buffer.from(read.json) };
  cache.delete(key);
  cache.set(key, fresh);
  while (cache.size > SLOTS_CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return fresh;
}

/**
 * A client's view of a snapshot: its AVAILABLE slots inside contracts
 * `selectableWindows(now)` (the same `[start, end)` test the SQL multirange
 * made). The windows depend on `now` only through its Stockholm day (which
 * days, their opening hours, the horizon) and the earliest bookable instant;
 * over one snapshot (in start order) that instant matters only through how
 * many slots start before it. So the view is made again only when the day or
 * that count changes, or the snapshot does (decision 220).
 */
function clientView(snapshot: SlotsSnapshot, now: Date, from: Date): Buffer {
  const parsed = (snapshot.parsed ??= (
    JSON.parse(snapshot.body.toString()) as AvailabilitySlot[]
  ).map((slot) => ({ slot, start: Date.parse(slot.startTime) })));
  const earliest = earliestBookableStart(now).getTime();
  let before = 0;
  for (let hi = parsed.length; before < hi;) {
    const mid = (before + hi) >>> 1;
    if (parsed[mid]!.start < earliest) before = mid + 1;
    else hi = mid;
  }
  const key = `${from.getTime()}|${before}`;
  if (snapshot.client?.key === key) return snapshot.client.body;
  const windows = selectableWindows(now).map((w) => [w.start.getTime(), w.end.getTime()]);
  const body = Buffer.from(
    JSON.stringify(
      parsed
        .filter(
          ({ slot, start }) =>
            slot.status === 'AVAILABLE' && windows.some(([a, b]) => start >= a! && start < b!),
        )
        .map(({ slot }) => slot),
    ),
  );
  snapshot.client = { key, body };
  return body;
}

/**
 * GET /availabilities/{userId}:
 * - the provider themself: every slot from the start of today (Stockholm),
 *   in every status (the manage calendar);
 * - a client: only a VERIFIED provider's AVAILABLE slots that a booking
 *   request may pick (more than 24 h ahead, 07-21 Stockholm, within the
 *   horizon: contracts `selectableWindows`, held equal to
 *   `isSelectableSlotStart` by its test); an unknown user, a non-provider or
 *   an unverified provider is 404 'Vårdgivare hittades inte';
 * - another provider or an admin: 403.
 * The answer is the JSON body, ready to send.
 */
export async function listSlotsJson(
  { pool }: DbHandle,
  viewer: UserRow,
  userId: string,
  now: Date = new Date(),
): Promise<Buffer> {
  const from = startOfStockholmDay(now);
  if (viewer.type === 'PROVIDER' && viewer.id === userId) {
    return (await providerSlots(pool, userId, from, () => slotsFingerprint(pool, userId, from)))
      .body;
  }
  if (viewer.type !== 'CLIENT') throw new AppError('FORBIDDEN');
  // The provider's standing and the fingerprint of their slots in one statement.
  const standing = await providerStanding(pool, userId, from);
  if (standing?.type !== 'PROVIDER' || !standing.verified) {
    throw new AppError('PROVIDER_NOT_FOUND');
  }
  // Every window starts more than 24 h ahead, so after `from`: the snapshot holds them all.
  const snapshot = await providerSlots(pool, userId, from, async () => standing.fingerprint);
  return clientView(snapshot, now, from);
}

/**
 * Adds one-hour slots (the payload already passed the contracts schema:
 * on the hour, one hour long, no start twice). Each start must not have
 * begun and be within a year; then one insert that skips starts the
 * provider already has, and the first saved slot moves
 * QUESTIONS_COMPLETED to ONBOARDING_COMPLETED, in the same transaction.
 */
export async function addSlots(
  db: Database,
  provider: UserRow,
  inputs: AvailabilitySlotInput[],
  now: Date = new Date(),
): Promise<AvailabilitySlot[]> {
  const starts = inputs.map((s) => new Date(s.startTime));
  const horizon = availabilityHorizonEnd(now);
  for (const [i, start] of starts.entries()) {
    const failure = checkNewSlotStart(start, now, horizon);
    if (failure) {
      const field = inputs.length === 1 ? 'startTime' : `slots.${i}.startTime`;
      throw new AppError(failure, { fieldErrors: { [field]: [errorCatalog[failure].message] } });
    }
  }
  const slots = await db.transaction(async (tx) => {
    const saved = await insertSlots(tx, provider.id, starts);
    await completeOnboarding(tx, provider.id);
    return saved;
  });
  return slots.map(toDto);
}

/**
 * Removes the provider's own slots, all or nothing: in one transaction the
 * rows are locked (a booking request cannot take them meanwhile); if any is
 * PENDING or BOOKED the answer is 409 and nothing is removed. Ids that are
 * not among the provider's slots (already removed, or someone else's) are
 * not touched; `strict` (DELETE /{id}) makes that a 404.
 */
export async function removeSlots(
  db: Database,
  provider: UserRow,
  ids: string[],
  { strict = false }: { strict?: boolean } = {},
): Promise<number> {
  const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
  return db.transaction(async (tx) => {
    const own = await lockOwnSlots(tx, provider.id, unique);
    if (strict && own.length !== unique.length) throw new AppError('NOT_FOUND');
    if (own.some((s) => s.status !== 'AVAILABLE')) throw new AppError('SLOT_NOT_REMOVABLE');
    if (own.length === 0) return 0;
    return deleteAvailableSlots(
      tx,
      provider.id,
      own.map((s) => s.id),
    );
  });
}
