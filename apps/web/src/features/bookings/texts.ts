/**
 * The therapist's booking dialogs' own texts. The fixed texts of the tabs, cards,
 * columns, buttons and empty states are MSG in contracts; these are the
 * words around them.
 */
export const BOOKINGS_TEXTS = {
  tabsLabel: 'Bokningar',
  loading: 'Laddar bokningar…',
  /** A pending request's time left (docs/rules/bookings.md#a-request-is-answered-within-48-hours). */
  timeLeftToAnswer: (left: string) => `${left} att svara`,
  answerTimeOver: 'Svarstiden har gått ut',
  reviewTitle: 'Granska bokning',
  clientLabel: 'Klient',
  statusLabel: 'Status',
  suggestedTimesLegend: 'Föreslagna tider',
  suggestedTimesHint: 'Välj den tid du bekräftar.',
  confirmedTimeLabel: 'Bekräftad tid',
  yourMessageLabel: 'Ditt meddelande',
  messageLabel: 'Meddelande till klienten (valfritt)',
  messageHint: 'Högst 1000 tecken. Skickas till klienten med bekräftelsen.',
  confirm: 'Bekräfta',
  confirming: 'Bekräftar…',
  completing: 'Slutför…',
  cancelling: 'Avbokar…',
  sending: 'Skickar…',
  send: 'Skicka',
  cancelTitle: 'Avboka bokningen?',
  cancelText: (name: string) =>
    `Vill du avboka bokningen med ${name}? Klienten får ett e-postmeddelande om avbokningen. Det går inte att ångra.`,
  completeBeforeTimeNote: 'Du kan markera sessionen som slutförd när tiden har passerat.',
  cancelAfterTimeNote: 'Tiden har passerat, så bokningen kan inte längre avbokas.',
  detailsTitle: 'Bokningsdetaljer',
  sessionTimeLabel: 'Tid',
  suggestedLabel: 'Föreslagna tider',
  cancelledByLabel: 'Avbokad av',
  cancelledAtLabel: 'Avbokad',
  completedAtLabel: 'Slutförd',
  rebookBlocked:
    'Klienten har redan en aktuell bokning med dig. Du kan skicka en ny tid när den är avbokad eller slutförd.',
  rebookTitle: 'Skicka ny bokningstid',
  rebookText: (name: string) =>
    `Välj en ny tid för ${name}. Tiden bokas direkt och klienten får en bekräftelse via e-post.`,
  dateLabel: 'Datum',
  timeLabel: 'Tid',
  timePlaceholder: 'Välj tid',
  timeHint: 'Bokningar kan göras mellan 07:00 och 21:00 (svensk tid).',
  confirmedToast: 'Bokningen är bekräftad',
  cancelledToast: 'Bokningen är avbokad',
  completedToast: 'Bokningen är slutförd',
  rebookedToast: 'Den nya tiden har skickats till klienten',
  none: '–',
} as const;
