import type { AvailabilityWeeks } from '@samtalsmatch/contracts';

/** '1 ledig tid', '12 lediga tider'. */
const freeHours = (n: number) => (n === 1 ? '1 ledig tid' : `${n} lediga tider`);
/** '1 ny ledig tid', '38 nya lediga tider'. */
const newFreeHours = (n: number) => (n === 1 ? '1 ny ledig tid' : `${n} nya lediga tider`);

/** The therapist's availability calendar's Swedish texts (decision 431). */
export const AVAILABILITY_TEXTS = {
  loading: 'Laddar dina tider…',
  gridHelp:
    'Klicka på en timme, eller flytta med piltangenterna och tryck på mellanslag, för att välja eller ta bort den. Tider som har passerat, väntar eller är bokade kan inte ändras.',
  unsaved: 'Du har ändringar som inte är sparade.',
  toOverview: 'Till översikten',

  // The week and its days.
  fromToday: 'Från och med i dag',
  weekOf: (week: number, weeks: number) => `Vecka ${week} av ${weeks}`,
  previousWeek: 'Föregående vecka',
  nextWeek: 'Nästa vecka',
  chooseDay: 'Välj dag',
  time: 'Tid',
  /** A cell's state: read out (`label`) and written in the cell (`visible`). */
  cell: {
    empty: { label: 'ingen tid', visible: '' },
    chosen: { label: 'ledig', visible: 'Ledig' },
    PENDING: { label: 'väntar på bekräftelse', visible: 'Väntar' },
    BOOKED: { label: 'bokad', visible: 'Bokad' },
  },
  legend: 'Förklaring',
  legendFree: 'Ledig: klienter kan boka',
  legendPending: 'Väntar: förfrågan väntar på bekräftelse',
  legendBooked: 'Bokad',

  // The actions under the calendar.
  useWeekIn: 'Använd veckans tider i',
  weeks: { 1: '1 vecka', 2: '2 veckor', 6: '6 veckor' } satisfies Record<AvailabilityWeeks, string>,
  save: 'Spara tider',
  saving: 'Sparar…',
  defaults: 'Välj standardtider',
  clear: 'Rensa',
  byWeek: 'Vecka för vecka',
  freeHours,
  newFreeHours,

  // Before the week's hours are saved for more weeks.
  saveTitle: (weeks: string) => `Använda veckans tider i ${weeks}?`,
  saveDescription: (shownWeek: string, lastDay: string) =>
    `Tiderna ${shownWeek} kopieras till samma veckodagar och klockslag till och med ${lastDay}. En veckodag utan tider i veckan blir tom.`,
  saveIn: (weeks: string) => `Spara i ${weeks}`,
  saveSummary: (added: number, removed: number) =>
    added === 0 && removed === 0
      ? 'Inga tider ändras.'
      : `${newFreeHours(added)} skapas${removed > 0 ? ` och ${freeHours(removed)} tas bort` : ''}.`,
  /** One line per week: '9–15 december: 38 nya, 2 tas bort'. */
  saveWeekLine: (week: string, added: number, removed: number) => {
    const parts: string[] = [];
    if (added > 0) parts.push(`${added} ${added === 1 ? 'ny' : 'nya'}`);
    if (removed > 0) parts.push(`${removed} tas bort`);
    return `${week}: ${parts.length ? parts.join(', ') : 'inga ändringar'}`;
  },
  saveKeeps: 'Bokade tider och tider som väntar på bekräftelse ändras inte.',

  // Before 'Rensa' removes the free hours.
  clearTitle: (weeks: string) => `Rensa lediga tider i ${weeks}?`,
  clearDescription: (removed: number, firstDay: string, lastDay: string) =>
    `${freeHours(removed)} tas bort, från ${firstDay} till och med ${lastDay}. Klienter kan då inte boka dem.`,
  clearButton: (removed: number) => `Rensa ${removed === 1 ? '1 tid' : `${removed} tider`}`,
  clearing: 'Rensar…',
  /** '9–15 december: 12 lediga tider; 2 bokade eller väntande tider ligger kvar'. */
  clearWeekLine: (week: string, removed: number, taken: number) => {
    const free = removed === 0 ? 'inga lediga tider' : freeHours(removed);
    const kept =
      taken === 0
        ? ''
        : taken === 1
          ? '; 1 bokad eller väntande tid ligger kvar'
          : `; ${taken} bokade eller väntande tider ligger kvar`;
    return `${week}: ${free}${kept}`;
  },
  clearKeeps: 'Bokade tider och tider som väntar på bekräftelse tas aldrig bort.',
} as const;
