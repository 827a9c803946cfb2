/**
 * The words of the client's booking dialog and of a confirmed session's
 * place on the dashboards (decision 431). The fixed labels (statuses,
 * "Videosamtal", "På mottagningen") are in contracts.
 */
export const BOOKINGS_TEXTS = {
  /** The way into a video session's room while it is open (docs/rules/video.md#the-rooms-hours). */
  toRoom: 'Till samtalet',
  dialogDescription: (name: string) => `Din bokning hos ${name}.`,
  noBooking: (name: string) => `Det finns ingen bokning hos ${name} än.`,
  cancelledToast: 'Din bokning är avbokad',
  messageFrom: (name: string) => `Meddelande från ${name}`,
  contactTitle: 'Kontaktuppgifter',
  email: 'E-post',
  phone: 'Telefon',
  policyBlocksCancel: (policy: string | null, name: string) =>
    `Enligt terapeutens avbokningspolicy${policy ? ` (${policy})` : ''} kan bokningen inte längre avbokas här. Kontakta ${name} direkt om du inte kan komma.`,
  cancelQuestion: (time: string) => `Vill du avboka tiden ${time}?`,
  cancelTold: (name: string) => `${name} får ett mejl om avbokningen.`,
  cancelling: 'Avbokar…',
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
} as const;
