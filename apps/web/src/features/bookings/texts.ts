/**
 * The bookings feature's own texts (decision 431): the therapist's dashboard
 * and dialogs, the series, moving a session, the client's booking dialog and a confirmed
 * session's place on the dashboards. The fixed texts of the tabs,
 * cards, columns, buttons and empty states are MSG in contracts; these are
 * the words around them.
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
  // The client's 'Bokningsinformation' and a confirmed session's place.
  /** The way into a video session's room while it is open (docs/rules/video.md#the-rooms-hours). */
  toRoom: 'Till samtalet',
  dialogDescription: (name: string) => `Din bokning hos ${name}.`,
  noBooking: (name: string) => `Det finns ingen bokning hos ${name} än.`,
  clientCancelledToast: 'Din bokning är avbokad',
  messageFrom: (name: string) => `Meddelande från ${name}`,
  contactTitle: 'Kontaktuppgifter',
  email: 'E-post',
  phone: 'Telefon',
  policyBlocksCancel: (policy: string | null, name: string) =>
    `Enligt terapeutens avbokningspolicy${policy ? ` (${policy})` : ''} kan bokningen inte längre avbokas här. Kontakta ${name} direkt om du inte kan komma.`,
  cancelQuestion: (time: string) => `Vill du avboka tiden ${time}?`,
  cancelTold: (name: string) => `${name} får ett mejl om avbokningen.`,
  cancelYes: 'Ja, avboka',
  cancelNo: 'Nej, behåll tiden',
  pendingText: (name: string) =>
    `Din bokningsförfrågan är skickad. ${name} bekräftar en av dina föreslagna tider, och du får ett mejl så snart det är gjort.`,
  suggestedTimes: 'Tiderna du föreslog:',
  completedTitle: 'Bokningen är genomförd',
  messageFromInline: (name: string) => `Meddelande från ${name}:`,
  cancelledTitle: 'Bokningen är avbokad',
  cancelledTime: (time: string) => `Tiden ${time} avbokades`,
  cancelledRequest: 'Förfrågan avbokades',
  cancelledBy: { PROVIDER: ' av terapeuten', CLIENT: ' av dig', SYSTEM: ' av Samtalsmatch' },
  bookAgain: (name: string) =>
    `Vill du träffa ${name}? Gå till profilen och skicka en ny bokningsförfrågan.`,
  expiredTitle: 'Förfrågan har gått ut',
  expiredText: (name: string) =>
    `${name} hann inte svara innan dina föreslagna tider passerade. Gå till profilen och skicka en ny bokningsförfrågan om du vill.`,
  // A series (docs/rules/bookings.md#a-series-of-sessions).
  startSeries: 'Boka en serie',
  seriesLabel: 'Serie',
  seriesTitle: 'Boka en serie',
  seriesText: (name: string) =>
    `Boka återkommande samtal med ${name} på samma tid. Tiderna bokas direkt och klienten får en bekräftelse via e-post.`,
  seriesFirstTimeHint: 'Välj det första samtalets datum och tid.',
  intervalLegend: 'Hur ofta',
  countLabel: 'Antal tillfällen',
  countHint: 'Från 2 till 12 tillfällen, det första inräknat.',
  seriesSend: 'Boka serien',
  seriesPreviewTitle: 'Tiderna i serien',
  conflictsTitle: 'De här tiderna är redan bokade:',
  skipConflicts: 'Boka bara de lediga tiderna',
  seriesBookedToast: 'Serien är bokad',
  seriesBookedTitle: 'Serien är bokad',
  seriesBooked: (count: number) => (count === 1 ? '1 tid är bokad.' : `${count} tider är bokade.`),
  skippedTitle: 'De här tiderna var upptagna och bokades inte:',
  // The sessions ahead and moving one (docs/rules/bookings.md#moving-a-session).
  sessionsAheadTitle: 'Kommande tider',
  otherSessionsAheadTitle: 'Fler kommande tider',
  move: 'Flytta',
  moveThisSession: 'Flytta tiden',
  moving: 'Flyttar…',
  moveTitle: 'Flytta tiden',
  moveText: (name: string, time: string) =>
    `Välj en ny tid för samtalet med ${name} ${time}. Klienten får den nya tiden via e-post.`,
  movedToast: 'Tiden är flyttad',
  cancelRest: 'Avboka resten av serien',
  cancelRestTitle: 'Avboka resten av serien?',
  cancelRestText: (name: string, count: number) =>
    `Vill du avboka seriens ${count === 1 ? 'sista kommande tid' : `${count} kommande tider`} med ${name}? Klienten får ett e-postmeddelande om avbokningen. Det går inte att ångra.`,
  restCancelledToast: 'Resten av serien är avbokad',
  // The client moves a session to one of the therapist's free hours.
  clientMoveText: (time: string) =>
    `Välj en av terapeutens lediga tider i stället för ${time}. Terapeuten får ett mejl om ändringen.`,
  clientMoveChosen: (time: string) => `Ny tid: ${time}`,
  clientMoveNone: 'Välj en ny tid i kalendern.',
  clientMoveLoading: 'Hämtar lediga tider…',
  clientMoveNoTimes: 'Terapeuten har inga lediga tider att flytta till just nu.',
  /** The client's choice of three times and the request it sends. */
  client: {
    freeTimes: 'Lediga tider',
    freeTimesNote: 'Alla tider visas i svensk tid. Tider som börjar inom 24 timmar kan inte bokas.',
    freeTimesKeys: 'Flytta mellan tiderna med piltangenterna, välj med mellanslag eller Enter.',
    previousWeek: 'Föregående vecka',
    nextWeek: 'Nästa vecka',
    noTimesThisWeek: 'Inga lediga tider den här veckan.',
    nextWeekWithTimes: 'Visa nästa vecka med lediga tider',
    tooSoon: ', inom 24 timmar, kan inte väljas',
    full: ', du har redan valt 3 tider',
    chosenTitle: 'Dina valda tider',
    chosenCount: (chosen: number, count: number) => `${chosen} av ${count} tider valda.`,
    remove: 'Ta bort',
    removeTime: (time: string) => `Ta bort ${time}`,
    meetingFormat: 'Mötesform',
    meetingFormatHint: 'Terapeuten tar emot både via video och på mottagningen.',
    review: 'Granska och skicka',
    chooseTimesAndFormat: (count: number) =>
      `Välj ${count} tider och en mötesform för att kunna skicka din förfrågan.`,
    chooseTimes: (count: number) => `Välj ${count} tider för att kunna skicka din förfrågan.`,
    sendTitle: 'Skicka bokningsförfrågan',
    sendDescription: (name: string) =>
      `Du föreslår de här tre tiderna till ${name}. Terapeuten bekräftar en av dem och du får ett mejl när det är klart.`,
    sending: 'Skickar…',
    send: 'Skicka förfrågan',
    suggestedTimesLabel: 'Föreslagna tider',
    /** Followed by the format's label. */
    meetingFormatIs: 'Mötesform:',
  },
} as const;
