import {
  AVAILABILITY_WEEK_CHOICES,
  MANAGE_CALENDAR_WEEKS,
  MAX_SLOTS_PER_REQUEST,
  MSG,
  applyWeekPattern,
  changesByWeek,
  clearableSlots,
  defaultWeekStarts,
  formatDayRange,
  formatStockholmDay,
  futureGridStarts,
  isPastSlot,
  manageWeekEnd,
  manageWeekStart,
  slotChanges,
  toDate,
  weekDays,
  type AvailabilitySlot,
  type AvailabilityWeeks,
  type OnboardingStep,
  type SlotChanges,
  ROUTES,
} from '@samtalsmatch/contracts';
import { useMemo, useState } from 'react';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { handleApiError } from '@/lib/error-message';
import { PHONE_QUERY, useMediaQuery } from '@/lib/use-media-query';
import { useCreateManySlots } from '../api/create-many-slots';
import { useDeleteManySlots } from '../api/delete-many-slots';
import { useAvailabilities } from '../api/get-availabilities';
import { ClearConfirmation } from './clear-confirmation';
import { DaySwitcher, dayTabId } from './day-switcher';
import { SaveConfirmation } from './save-confirmation';
import { SLOT_SWATCH, WeekGrid, type CellState } from './week-grid';

const DAY_PANEL_ID = 'availability-day-panel';

const WEEK_LABELS: Record<AvailabilityWeeks, string> = {
  1: '1 vecka',
  2: '2 veckor',
  6: '6 veckor',
};

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * The chosen hours as saved: the AVAILABLE slots. For a first visit, the
 * default hours of the first seven days, today's passed ones included: they
 * are not saved, but they are part of the week's pattern.
 */
function savedChoice(slots: readonly AvailabilitySlot[], now: Date): Set<number> {
  const chosen = new Set(
    slots.filter((s) => s.status === 'AVAILABLE').map((s) => toDate(s.startTime).getTime()),
  );
  if (slots.length === 0) for (const t of defaultWeekStarts(manageWeekStart(now, 0))) chosen.add(t);
  return chosen;
}

/**
 * /availability (docs/rules/availability.md#manage-calendar): the manage calendar starting today, seven whole
 * days at a time, about 2 months ahead; on a phone one day at a time with a
 * day switcher. The shown week's hours are applied to 1, 2 or 6 weeks on
 * 'Spara tider'; 'Rensa' removes the free hours of the same weeks after a
 * confirmation naming them. After the first save at QUESTIONS_COMPLETED, the
 * dialog 'Ditt konto granskas'.
 */
export function ManageAvailability({
  userId,
  onboardingStep,
  onSaved,
  now: givenNow,
}: {
  userId: string;
  onboardingStep: OnboardingStep;
  /** Called after a save or clear (the caller refetches the user: its step may have moved). */
  onSaved?: () => void;
  now?: Date;
}) {
  const [now] = useState(() => givenNow ?? new Date());
  const query = useAvailabilities(userId);
  const create = useCreateManySlots(userId);
  const remove = useDeleteManySlots(userId);
  const [weekIndex, setWeekIndex] = useState(0);
  const [dayIndex, setDayIndex] = useState(0);
  const phone = useMediaQuery(PHONE_QUERY);
  const [weeks, setWeeks] = useState<AvailabilityWeeks>(1);
  const [draft, setDraft] = useState<Set<number> | null>(null);
  const [busy, setBusy] = useState(false);
  const [reviewOpen, setReviewOpen] = useState(false);
  /** The changes a save for more than one week will send, while the confirmation is open. */
  const [pendingSave, setPendingSave] = useState<SlotChanges | null>(null);
  /** The saved free slots 'Rensa' will remove, while its confirmation is open. */
  const [pendingClear, setPendingClear] = useState<AvailabilitySlot[] | null>(null);

  const slots = useMemo(() => query.data ?? [], [query.data]);
  const byStart = useMemo(() => {
    const map = new Map<number, AvailabilitySlot>();
    for (const s of slots) map.set(toDate(s.startTime).getTime(), s);
    return map;
  }, [slots]);
  const locked = useMemo(
    () =>
      new Set(
        slots.filter((s) => s.status !== 'AVAILABLE').map((s) => toDate(s.startTime).getTime()),
      ),
    [slots],
  );
  const chosen = useMemo(() => draft ?? savedChoice(slots, now), [draft, slots, now]);

  const weekStart = manageWeekStart(now, weekIndex);
  const days = weekDays(weekStart);
  const weekTitle = formatDayRange(weekStart, manageWeekEnd(weekStart), { withYear: true });
  const weekNote =
    weekIndex === 0 ? 'Från och med i dag' : `Vecka ${weekIndex + 1} av ${MANAGE_CALENDAR_WEEKS}`;
  const unsaved = useMemo(() => {
    const c = slotChanges(chosen, slots, now);
    return c.add.length + c.removeIds.length > 0;
  }, [chosen, slots, now]);

  if (query.isPending) return <Spinner label="Laddar dina tider…" className="py-12" />;
  if (query.isError) {
    return <Alert tone="error">{MSG.genericError}</Alert>;
  }

  function stateOf(start: Date): CellState {
    const t = start.getTime();
    const slot = byStart.get(t);
    const past = isPastSlot(t, now);
    if (slot && slot.status !== 'AVAILABLE') return { kind: slot.status, past };
    return { kind: chosen.has(t) ? 'chosen' : 'empty', past };
  }

  function toggle(start: Date) {
    const next = new Set(chosen);
    const t = start.getTime();
    if (next.has(t)) next.delete(t);
    else next.add(t);
    setDraft(next);
  }

  function chooseDefaults() {
    const next = new Set(chosen);
    for (const t of futureGridStarts(weekStart, 1, now)) if (!locked.has(t)) next.delete(t);
    for (const t of defaultWeekStarts(weekStart)) if (!locked.has(t)) next.add(t);
    setDraft(next);
  }

  /** 'Spara tider': the week's pattern for the chosen weeks; more than one week is confirmed first. */
  function save() {
    const changes = slotChanges(
      applyWeekPattern(chosen, weekStart, weeks, now, locked),
      slots,
      now,
    );
    if (weeks > 1) setPendingSave(changes);
    else void send(changes);
  }

  async function send({ add, removeIds }: SlotChanges) {
    setPendingSave(null);
    const firstSave = onboardingStep === 'QUESTIONS_COMPLETED' && add.length > 0;
    setBusy(true);
    try {
      for (const part of chunks(add, MAX_SLOTS_PER_REQUEST))
        await create.mutateAsync({ slots: part });
      for (const ids of chunks(removeIds, MAX_SLOTS_PER_REQUEST)) await remove.mutateAsync({ ids });
      await query.refetch();
      setDraft(null);
      toast.success(MSG.availabilitySaved);
      if (firstSave) setReviewOpen(true);
      onSaved?.();
    } catch (error) {
      handleApiError(error);
    } finally {
      setBusy(false);
    }
  }

  /** The weeks a save names: those the pattern covers, and any other week it changes. */
  function saveSummary(changes: SlotChanges) {
    const all = changesByWeek(changes, slots, manageWeekStart(now, 0), MANAGE_CALENDAR_WEEKS);
    const period = all.slice(weekIndex, weekIndex + weeks);
    const byWeek = all.filter(
      (w, i) => (i >= weekIndex && i < weekIndex + weeks) || w.added + w.removed > 0,
    );
    return { shown: period[0]!, period, byWeek };
  }

  /** Takes the chosen weeks' future hours out of the grid's choice (booked and requested stay). */
  function clearChoice() {
    const next = new Set(chosen);
    for (const t of futureGridStarts(weekStart, weeks, now)) if (!locked.has(t)) next.delete(t);
    setDraft(next);
  }

  /**
   * 'Rensa': the saved free hours of the chosen weeks are removed only after
   * the confirmation; with none saved there, only the grid's unsaved choice
   * is cleared (nothing stored goes).
   */
  function askClear() {
    const free = clearableSlots(slots, weekStart, weeks, now);
    if (free.length === 0) clearChoice();
    else setPendingClear(free);
  }

  async function clear(free: readonly AvailabilitySlot[]) {
    setBusy(true);
    try {
      const ids = free.map((s) => s.id);
      for (const part of chunks(ids, MAX_SLOTS_PER_REQUEST))
        await remove.mutateAsync({ ids: part });
      await query.refetch();
      clearChoice();
      toast.success(MSG.availabilityCleared);
      onSaved?.();
    } catch (error) {
      handleApiError(error);
      await query.refetch();
    } finally {
      setBusy(false);
      setPendingClear(null);
    }
  }

  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between gap-2">
        <Button
          variant="secondary"
          className="px-3"
          onClick={() => setWeekIndex((i) => i - 1)}
          disabled={weekIndex === 0}
        >
          <ChevronLeftIcon size={16} />
          <span className="sr-only sm:not-sr-only">Föregående vecka</span>
        </Button>
        <h2 className="text-center text-lg font-semibold text-stone-900" aria-live="polite">
          {weekTitle}
          <span className="block text-sm font-normal text-stone-700">{weekNote}</span>
        </h2>
        <Button
          variant="secondary"
          className="px-3"
          onClick={() => setWeekIndex((i) => i + 1)}
          disabled={weekIndex >= MANAGE_CALENDAR_WEEKS - 1}
        >
          <span className="sr-only sm:not-sr-only">Nästa vecka</span>
          <ChevronRightIcon size={16} />
        </Button>
      </div>

      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-800" aria-label="Förklaring">
        <li className="flex items-center gap-2">
          <span aria-hidden="true" className={`h-4 w-4 rounded-sm border ${SLOT_SWATCH.chosen}`} />
          Ledig: klienter kan boka
        </li>
        <li className="flex items-center gap-2">
          <span aria-hidden="true" className={`h-4 w-4 rounded-sm border ${SLOT_SWATCH.PENDING}`} />
          Väntar: förfrågan väntar på bekräftelse
        </li>
        <li className="flex items-center gap-2">
          <span aria-hidden="true" className={`h-4 w-4 rounded-sm border ${SLOT_SWATCH.BOOKED}`} />
          Bokad
        </li>
      </ul>

      {phone ? (
        <>
          <DaySwitcher
            days={days}
            selected={dayIndex}
            onSelect={setDayIndex}
            panelId={DAY_PANEL_ID}
          />
          <div role="tabpanel" id={DAY_PANEL_ID} aria-labelledby={dayTabId(dayIndex)}>
            <WeekGrid
              days={[days[dayIndex]!]}
              label={formatStockholmDay(days[dayIndex]!)}
              stateOf={stateOf}
              onToggle={toggle}
            />
          </div>
        </>
      ) : (
        <WeekGrid days={days} label={weekTitle} stateOf={stateOf} onToggle={toggle} />
      )}
      <p className="text-sm text-stone-700">
        Klicka på en timme, eller flytta med piltangenterna och tryck på mellanslag, för att välja
        eller ta bort den. Tider som har passerat, väntar eller är bokade kan inte ändras.
      </p>
      {unsaved ? (
        <p role="status" className="text-sm font-medium text-stone-900">
          Du har ändringar som inte är sparade.
        </p>
      ) : null}

      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        <div>
          <label htmlFor="availability-weeks" className="block font-medium text-stone-900">
            Använd veckans tider i
          </label>
          <select
            id="availability-weeks"
            value={weeks}
            onChange={(e) => setWeeks(Number(e.target.value) as AvailabilityWeeks)}
            className="mt-1 block w-full rounded-md border border-stone-500 bg-white px-3 py-2 text-stone-900 sm:w-40"
          >
            {AVAILABILITY_WEEK_CHOICES.map((w) => (
              <option key={w} value={w}>
                {WEEK_LABELS[w]}
              </option>
            ))}
          </select>
        </div>
        <Button onClick={save} disabled={busy}>
          {busy ? 'Sparar…' : 'Spara tider'}
        </Button>
        <Button variant="secondary" onClick={chooseDefaults} disabled={busy}>
          Välj standardtider
        </Button>
        <Button variant="destructive" onClick={askClear} disabled={busy}>
          Rensa
        </Button>
      </div>

      {pendingSave ? (
        <SaveConfirmation
          open
          onOpenChange={(open) => {
            if (!open) setPendingSave(null);
          }}
          weeksLabel={WEEK_LABELS[weeks]}
          {...saveSummary(pendingSave)}
          onConfirm={() => void send(pendingSave)}
        />
      ) : null}

      {pendingClear ? (
        <ClearConfirmation
          weeksLabel={WEEK_LABELS[weeks]}
          period={changesByWeek(
            { add: [], removeIds: pendingClear.map((s) => s.id) },
            slots,
            weekStart,
            weeks,
          )}
          busy={busy}
          onCancel={() => setPendingClear(null)}
          onConfirm={() => void clear(pendingClear)}
        />
      ) : null}

      <Dialog
        open={reviewOpen}
        onOpenChange={setReviewOpen}
        title={MSG.accountUnderReview}
        description={
          <>
            {MSG.accountUnderReviewThanks} {MSG.accountUnderReviewText}
          </>
        }
        footer={
          <ButtonLink to={ROUTES.dashboard} variant="secondary">
            Till översikten
          </ButtonLink>
        }
      />
    </div>
  );
}
