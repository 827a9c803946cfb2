/**
 * The client's match list's and therapist page's own Swedish texts (decision
 * 431). The empty-list reasons, the fit check and the switch, which the rules
 * quote, are in contracts.
 */
export const MATCHING_TEXTS = {
  // The match list.
  loading: 'Laddar matchningar…',
  loadFailed: 'Matchningarna kunde inte laddas.',
  loadFailedHint: 'Kontrollera din anslutning och försök igen.',
  retry: 'Försök igen',
  noMatchesText:
    'När det finns terapeuter som passar dina svar visas de här. Du kan när som helst ändra dina svar.',
  active: 'Pågående processer',
  recommended: 'Rekommenderade terapeuter',
  /** Ongoing processes but nobody more to recommend. */
  noMoreRecommendations: 'Just nu finns inga fler terapeuter att rekommendera utifrån dina svar.',
  showProfile: 'Visa profil',
  showBooking: 'Visa bokning',
  /** A card whose request went unanswered (docs/rules/bookings.md#a-request-is-answered-within-48-hours). */
  expiredCard: {
    sentence: (name: string) =>
      `${name} svarade inte på din förfrågan i tid, så den har gått ut. Tiderna du föreslog är inte längre reserverade.`,
    chooseAnother: 'Välj en annan terapeut',
    askAgain: 'Skicka en ny förfrågan',
    askAgainLabel: (name: string) => `Skicka en ny förfrågan till ${name}`,
  },
  titles: 'Titlar',
  meetingFormat: 'Mötesform',
  languages: 'Språk',
  imageAlt: (name: string) => `Profilbild av ${name}`,

  // The therapist's page.
  bestMatch: 'Din bästa matchning',
  bestMatchText:
    'Utifrån dina svar är det här den terapeut som passar dig bäst just nu. Läs om terapeuten och skicka en bokningsförfrågan med tre tider som passar dig.',
  whyMatch: 'Varför den här matchningen?',
  whyMatchNothing:
    'Terapeuten matchar dina svar, men det finns inget mer att säga om skillnaderna.',
  about: 'Om terapeuten',
  readMore: 'Läs mer',
  readLess: 'Visa mindre',
  book: 'Boka',
  bookTime: 'Boka en tid',
  minutes: (minutes: number) => `${minutes} minuter`,
  facts: 'Bra att veta',
  price: 'Pris',
  sessionDuration: 'Sessionslängd',
  education: 'Utbildning',
  personalAttributes: 'Personliga egenskaper',
  cancellationPolicy: 'Avbokningspolicy',
  address: 'Mottagningens adress',
  openMap: 'Öppna adressen i en karta',
  newTab: ' (öppnas i en ny flik)',
  mapTitle: (address: string) => `Karta: ${address}`,
  mapNotice:
    'Kartan laddas från en extern karttjänst först när du ber om det, så att ingen utanför Samtalsmatch får veta vilken terapeut du tittar på.',
  showMap: 'Visa karta',
} as const;
