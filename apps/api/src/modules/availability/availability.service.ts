import {
  availabilityHorizonEnd,
  checkNewSlotStart,
  errorCatalog,
  selectableWindows,
  startOfStockholmDay,
  type AvailabilitySlot,
  type AvailabilitySlotInput,
  type SlotChangesInput,
  type SlotChangesResult,
} from '@samtalsmatch/contracts';
import type { Database } from '@samtalsmatch/db';
import type { UserRow } from '../../lib/auth-session';
import { AppError } from '../../lib/errors';
import { FingerprintCache } from '../../lib/fingerprint-cache';
import {
  completeOnboarding,
  deleteAvailableSlots,
  insertSlots,
  lockOwnSlots,
  ownSlotsJson,
  slotsFingerprint,
  isTherapistInStanding,
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

/** A provider's slots from one day on: the provider's own view, ready to send, and each slot's part of it. */
export interface SlotsSnapshot {
  body: Buffer;
  /** Each slot in start order, with its JSON text (a client's view joins those it shows). */
  slots: { json: string; start: number; available: boolean }[];
}

/**
 * The kept snapshots of one app (decision 370: building a provider's 8 weeks
 * of slots is most of the request). The slots' texts are counted at about
 * twice the body's bytes.
 */
export function slotsSnapshots(): FingerprintCache<SlotsSnapshot> {
  return new FingerprintCache<SlotsSnapshot>((s) => s.body.length * 3);
}

/** The provider's slots from `from` on, kept while their fingerprint is unchanged. */
function providerSlots(
  db: Database,
  snapshots: FingerprintCache<SlotsSnapshot>,
  providerId: string,
  from: Date,
): Promise<SlotsSnapshot> {
  return snapshots.get(
    `${providerId}|${from.toISOString()}`,
    () => slotsFingerprint(db, providerId, from),
    async () => {
      const { json, fingerprint } = await ownSlotsJson(db, providerId, from);
      const slots = (JSON.parse(json) as AvailabilitySlot[]).map((slot) => ({
        json: JSON.stringify(slot),
        start: Date.parse(slot.startTime),
        available: slot.status === 'AVAILABLE',
      }));
      return { value: { body: Buffer.from(json), slots }, fingerprint };
    },
  );
}

/**
 * GET /availabilities/{userId}:
 * - the provider themself: every slot from the start of today (Stockholm),
 *   in every status (the manage calendar);
 * - a client: only the AVAILABLE slots of a therapist in good standing
 *   (docs/rules/matching.md#a-therapist-a-client-may-see-or-book) that a booking
 *   request may pick (more than 24 h ahead, 07-21 Stockholm, within the
 *   horizon: contracts `selectableWindows`, held equal to
 *   `isSelectableSlotStart` by its test); anyone else (unknown, not a
 *   therapist, not in good standing) is 404 'Vårdgivare hittades inte';
 * - another provider or an admin: 403.
 * The answer is the JSON body, ready to send.
 */
export async function listSlotsJson(
  db: Database,
  snapshots: FingerprintCache<SlotsSnapshot>,
  viewer: UserRow,
  userId: string,
  now: Date = new Date(),
): Promise<Buffer> {
  const from = startOfStockholmDay(now);
  if (viewer.type === 'PROVIDER' && viewer.id === userId) {
    return (await providerSlots(db, snapshots, userId, from)).body;
  }
  if (viewer.type !== 'CLIENT') throw new AppError('FORBIDDEN');
  if (!(await isTherapistInStanding(db, userId))) throw new AppError('PROVIDER_NOT_FOUND');
  // Every window starts more than 24 h ahead, so after `from`: the snapshot holds them all.
  const { slots } = await providerSlots(db, snapshots, userId, from);
  // Both in start order: one walk through the slots and the windows.
  const windows = selectableWindows(now);
  const shown: string[] = [];
  let w = 0;
  for (const slot of slots) {
    while (w < windows.length && windows[w]!.end.getTime() <= slot.start) w += 1;
    if (w === windows.length) break;
    if (slot.available && slot.start >= windows[w]!.start.getTime()) shown.push(slot.json);
  }
  return Buffer.from(`[${shown.join(',')}]`);
}

/**
 * The new slots' starts, each checked (not begun, inside booking hours,
 * within a year): every refused start is named in `fieldErrors`, under
 * `field(i)`, and the first refusal's code is the answer's.
 */
function checkNewStarts(
  inputs: AvailabilitySlotInput[],
  field: (i: number) => string,
  now: Date,
): Date[] {
  const starts = inputs.map((s) => new Date(s.startTime));
  const horizon = availabilityHorizonEnd(now);
  const fieldErrors: Record<string, string[]> = {};
  let first: NonNullable<ReturnType<typeof checkNewSlotStart>> | undefined;
  for (const [i, start] of starts.entries()) {
    const failure = checkNewSlotStart(start, now, horizon);
    if (!failure) continue;
    first ??= failure;
    fieldErrors[field(i)] = [errorCatalog[failure].message];
  }
  if (first) throw new AppError(first, { fieldErrors });
  return starts;
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
  const starts = checkNewStarts(
    inputs,
    inputs.length === 1 ? () => 'startTime' : (i) => `slots.${i}.startTime`,
    now,
  );
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

/**
 * POST /availabilities/changes: a save's whole change in one transaction
 * (docs/rules/availability.md#a-save-is-all-or-nothing). Every new start is
 * checked first, all of them named when refused. Then the slots to remove
 * are locked (a booking request waits, or has taken them): one that is not
 * the provider's is 404, one requested or booked meanwhile is 409, and
 * nothing is stored; else they go and the new hours are inserted (a start
 * the provider already has is kept as it is), and the first saved hour
 * completes onboarding.
 */
export async function saveSlotChanges(
  db: Database,
  provider: UserRow,
  { add, removeIds }: SlotChangesInput,
  now: Date = new Date(),
): Promise<SlotChangesResult> {
  const starts = checkNewStarts(add, (i) => `add.${i}.startTime`, now);
  const ids = removeIds.map((id) => id.toLowerCase());
  return db.transaction(async (tx) => {
    let removed = 0;
    if (ids.length > 0) {
      const own = await lockOwnSlots(tx, provider.id, ids);
      if (own.length !== ids.length) throw new AppError('NOT_FOUND');
      if (own.some((s) => s.status !== 'AVAILABLE')) throw new AppError('SLOT_NOT_REMOVABLE');
      removed = await deleteAvailableSlots(tx, provider.id, ids);
    }
    let added: SlotView[] = [];
    if (starts.length > 0) {
      added = await insertSlots(tx, provider.id, starts);
      await completeOnboarding(tx, provider.id);
    }
    return { added: added.map(toDto), removed };
  });
}
