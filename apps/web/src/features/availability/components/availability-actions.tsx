import { AVAILABILITY_WEEK_CHOICES, type AvailabilityWeeks } from '@samtalsmatch/contracts';
import { Button } from '@/components/ui/button';
import { AVAILABILITY_TEXTS } from '../texts';

/** 'Använd veckans tider i' 1, 2 or 6 weeks, 'Spara tider', 'Välj standardtider' and 'Rensa'; disabled while a change is sent. */
export function AvailabilityActions({
  weeks,
  onWeeksChange,
  busy,
  onSave,
  onDefaults,
  onClear,
}: {
  weeks: AvailabilityWeeks;
  onWeeksChange: (weeks: AvailabilityWeeks) => void;
  busy: boolean;
  onSave: () => void;
  onDefaults: () => void;
  onClear: () => void;
}) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
      <div>
        <label htmlFor="availability-weeks" className="block font-medium text-stone-900">
          {AVAILABILITY_TEXTS.useWeekIn}
        </label>
        <select
          id="availability-weeks"
          value={weeks}
          onChange={(e) => onWeeksChange(Number(e.target.value) as AvailabilityWeeks)}
          className="mt-1 block w-full rounded-md border border-stone-500 bg-white px-3 py-2 text-stone-900 sm:w-40"
        >
          {AVAILABILITY_WEEK_CHOICES.map((w) => (
            <option key={w} value={w}>
              {AVAILABILITY_TEXTS.weeks[w]}
            </option>
          ))}
        </select>
      </div>
      <Button onClick={onSave} disabled={busy}>
        {busy ? AVAILABILITY_TEXTS.saving : AVAILABILITY_TEXTS.save}
      </Button>
      <Button variant="secondary" onClick={onDefaults} disabled={busy}>
        {AVAILABILITY_TEXTS.defaults}
      </Button>
      <Button variant="destructive" onClick={onClear} disabled={busy}>
        {AVAILABILITY_TEXTS.clear}
      </Button>
    </div>
  );
}
