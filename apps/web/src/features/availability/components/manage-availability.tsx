import {
  MANAGE_CALENDAR_WEEKS,
  MSG,
  applyWeekPattern,
  changesByWeek,
  clearableSlots,
  formatDayRange,
  formatStockholmDay,
  manageWeekEnd,
  manageWeekStart,
  slotChanges,
  weekDays,
  type AvailabilitySlot,
  type AvailabilityWeeks,
  type OnboardingStep,
  type SlotChanges,
} from '@samtalsmatch/contracts';
import { useMemo, useState } from 'react';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-message';
import { PHONE_QUERY, useMediaQuery } from '@/lib/use-media-query';
import { useAvailabilities } from '../api/get-availabilities';
import { useSaveSlotChanges } from '../api/save-slot-changes';
import { useAvailabilityDraft } from '../hooks/use-availability-draft';
import { AvailabilityActions } from './availability-actions';
import { ClearConfirmation } from './clear-confirmation';
import { DaySwitcher, dayTabId } from './day-switcher';
import { ReviewDialog } from './review-dialog';
import { SaveConfirmation } from './save-confirmation';
import { SlotLegend } from './slot-legend';
import { WeekGrid } from './week-grid';
import { WeekNavigation } from './week-navigation';
import { AVAILABILITY_TEXTS } from '../texts';

const DAY_PANEL_ID = 'availability-day-panel';

/**
 * The manage calendar (docs/rules/availability.md#manage-calendar): starting
 * today, seven whole days at a time, about 2 months ahead; on a phone one day
 * at a time with a day switcher. The shown week's hours are applied to 1, 2
 * or 6 weeks on 'Spara tider'; 'Rensa' removes the free hours of the same
 * weeks after a confirmation naming them. Each is one request, stored all or
 * nothing; when it fails the page says that nothing was saved and keeps the
 * choice. After the first save at QUESTIONS_COMPLETED, the dialog 'Ditt konto
 * granskas'.
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
  const saveChanges = useSaveSlotChanges(userId);
  const [weekIndex, setWeekIndex] = useState(0);
  const [dayIndex, setDayIndex] = useState(0);
  const phone = useMediaQuery(PHONE_QUERY);
  const [weeks, setWeeks] = useState<AvailabilityWeeks>(1);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [reviewOpen, setReviewOpen] = useState(false);
  /** The changes a save for more than one week will send, while the confirmation is open. */
  const [pendingSave, setPendingSave] = useState<SlotChanges | null>(null);
  /** The saved free slots 'Rensa' will remove, while its confirmation is open. */
  const [pendingClear, setPendingClear] = useState<AvailabilitySlot[] | null>(null);

  const slots = useMemo(() => query.data ?? [], [query.data]);
  const draft = useAvailabilityDraft(slots, now);

  const weekStart = manageWeekStart(now, weekIndex);
  const days = weekDays(weekStart);
  const weekTitle = formatDayRange(weekStart, manageWeekEnd(weekStart), { withYear: true });

  if (query.isPending) return <Spinner label={AVAILABILITY_TEXTS.loading} className="py-12" />;
  if (query.isError) {
    return <Alert tone="error">{MSG.genericError}</Alert>;
  }

  /**
   * Sends one change; on success the saved slots are read again and `done`
   * runs. On failure nothing was stored: the page says so and the choice
   * (the draft) stays as it was, over the slots read again.
   */
  async function send(changes: SlotChanges, done: () => void) {
    setBusy(true);
    setFailure(null);
    try {
      await saveChanges.mutateAsync(changes);
      await query.refetch();
      done();
      onSaved?.();
    } catch (error) {
      setFailure(`${errorMessage(error)} ${MSG.availabilityNothingSaved}`);
      await query.refetch();
    } finally {
      setBusy(false);
    }
  }

  /** 'Spara tider': the week's pattern for the chosen weeks; more than one week is confirmed first. */
  function save() {
    const changes = slotChanges(
      applyWeekPattern(draft.chosen, weekStart, weeks, now, draft.locked),
      slots,
      now,
    );
    if (weeks > 1) setPendingSave(changes);
    else void saveWeek(changes);
  }

  function saveWeek(changes: SlotChanges) {
    setPendingSave(null);
    const firstSave = onboardingStep === 'QUESTIONS_COMPLETED' && changes.add.length > 0;
    if (changes.add.length + changes.removeIds.length === 0) {
      draft.discard();
      toast.success(MSG.availabilitySaved);
      return Promise.resolve();
    }
    return send(changes, () => {
      draft.discard();
      toast.success(MSG.availabilitySaved);
      if (firstSave) setReviewOpen(true);
    });
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

  /**
   * 'Rensa': the saved free hours of the chosen weeks are removed only after
   * the confirmation; with none saved there, only the grid's unsaved choice
   * is cleared (nothing stored goes).
   */
  function askClear() {
    const free = clearableSlots(slots, weekStart, weeks, now);
    if (free.length === 0) draft.clearChoice(weekStart, weeks);
    else setPendingClear(free);
  }

  async function clear(free: readonly AvailabilitySlot[]) {
    await send({ add: [], removeIds: free.map((s) => s.id) }, () => {
      draft.clearChoice(weekStart, weeks);
      toast.success(MSG.availabilityCleared);
    });
    setPendingClear(null);
  }

  return (
    <div className="space-y-4">
      <WeekNavigation weekIndex={weekIndex} title={weekTitle} onMove={setWeekIndex} />
      <SlotLegend />

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
              stateOf={draft.stateOf}
              onToggle={draft.toggle}
            />
          </div>
        </>
      ) : (
        <WeekGrid days={days} label={weekTitle} stateOf={draft.stateOf} onToggle={draft.toggle} />
      )}
      <p className="text-sm text-stone-700">{AVAILABILITY_TEXTS.gridHelp}</p>
      {draft.unsaved ? (
        <p role="status" className="text-sm font-medium text-stone-900">
          {AVAILABILITY_TEXTS.unsaved}
        </p>
      ) : null}
      {failure ? <Alert tone="error">{failure}</Alert> : null}

      <AvailabilityActions
        weeks={weeks}
        onWeeksChange={setWeeks}
        busy={busy}
        onSave={save}
        onDefaults={() => draft.chooseDefaults(weekStart)}
        onClear={askClear}
      />

      {pendingSave ? (
        <SaveConfirmation
          open
          onOpenChange={(open) => {
            if (!open) setPendingSave(null);
          }}
          weeksLabel={AVAILABILITY_TEXTS.weeks[weeks]}
          {...saveSummary(pendingSave)}
          onConfirm={() => void saveWeek(pendingSave)}
        />
      ) : null}

      {pendingClear ? (
        <ClearConfirmation
          weeksLabel={AVAILABILITY_TEXTS.weeks[weeks]}
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

      <ReviewDialog open={reviewOpen} onOpenChange={setReviewOpen} />
    </div>
  );
}
