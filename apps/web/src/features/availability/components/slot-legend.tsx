import { SLOT_SWATCH } from './week-grid';

/** What the calendar's colours mean, in words too. */
export function SlotLegend() {
  return (
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
  );
}
