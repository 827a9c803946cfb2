import { SLOT_SWATCH } from './week-grid';
import { AVAILABILITY_TEXTS } from '../texts';

/** What the calendar's colours mean, in words too. */
export function SlotLegend() {
  return (
    <ul
      className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-800"
      aria-label={AVAILABILITY_TEXTS.legend}
    >
      <li className="flex items-center gap-2">
        <span aria-hidden="true" className={`h-4 w-4 rounded-sm border ${SLOT_SWATCH.chosen}`} />
        {AVAILABILITY_TEXTS.legendFree}
      </li>
      <li className="flex items-center gap-2">
        <span aria-hidden="true" className={`h-4 w-4 rounded-sm border ${SLOT_SWATCH.PENDING}`} />
        {AVAILABILITY_TEXTS.legendPending}
      </li>
      <li className="flex items-center gap-2">
        <span aria-hidden="true" className={`h-4 w-4 rounded-sm border ${SLOT_SWATCH.BOOKED}`} />
        {AVAILABILITY_TEXTS.legendBooked}
      </li>
    </ul>
  );
}
