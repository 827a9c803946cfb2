/**
 * The admin pages' Swedish texts (decision 431). The licence check's own
 * texts are LICENCE_TEXTS in contracts, beside its schema.
 */
export const ADMIN_TEXTS = {
  listTitle: 'Vårdgivare',
  listDescription:
    'Terapeuter som har slutfört registreringen och väntar på granskning visas först.',
  filterLabel: 'Visa',
  filterAll: 'Alla',
  filterUnverified: 'Ej verifierade',
  filterVerified: 'Verifierade',
  columnName: 'Namn',
  columnEmail: 'E-post',
  columnStatus: 'Status',
  columnOnboarding: 'Registrering',
  empty: 'Inga vårdgivare att visa.',
  emptyFiltered: 'Inga vårdgivare matchar filtret.',
  searchLabel: 'Sök på namn eller e-post',
  searchButton: 'Sök',
  previousPage: 'Föregående',
  nextPage: 'Nästa',
  pagination: 'Sidor',
  loading: 'Laddar vårdgivare…',
  loadingDetail: 'Laddar uppgifter…',
  noEmail: 'Ingen e-post ännu',
  verify: 'Verifiera',
  unverify: 'Ta bort verifiering',
  verifyConfirmTitle: 'Verifiera terapeuten?',
  verifyConfirmText:
    'Terapeuten kan då ta emot bokningar och visas i klienternas matchningar. Ett mejl skickas om att kontot är aktivt.',
  unverifyConfirmTitle: 'Ta bort verifieringen?',
  unverifyConfirmText:
    'Kontot pausas direkt: terapeuten försvinner ur klienternas föreslagna matchningar, kan inte ta emot bokningar och kan inte se klienters uppgifter. Terapeuten får ett mejl om att kontot är pausat.',
  unverifiedNote:
    'Ej verifierad: terapeuten visas inte för klienter, kan inte ta emot bokningar och kan inte se klienters uppgifter.',
  cancel: 'Avbryt',
  /** The unverify dialog: how many bookings still ahead will be cancelled. */
  unverifyCancelsBookings: (count: number) =>
    count === 0
      ? 'Terapeuten har inga kommande bokningar som avbokas.'
      : count === 1
        ? '1 kommande bokning (förfrågan eller bekräftad tid) avbokas, och klienten får ett mejl.'
        : `${count} kommande bokningar (förfrågningar eller bekräftade tider) avbokas, och varje klient får ett mejl.`,
  verifiedToast: 'Terapeuten är verifierad',
  unverifiedToast: 'Verifieringen är borttagen',
  missingProfile: 'Terapeuten har inte fyllt i sin profil än och kan inte verifieras.',
  sectionPersonal: 'Personuppgifter',
  sectionProfile: 'Profil',
  sectionAnswers: 'Svar på frågeformuläret',
  sectionMatches: 'Matchningar',
  sectionHistory: 'Historik',
  ssn: 'Personnummer',
  email: 'E-post',
  phone: 'Telefon',
  address: 'Adress',
  onboarding: 'Registrering',
  noProfile: 'Ingen profil ifylld än.',
  noAnswers: 'Inga svar än.',
  noMatches: 'Inga matchningar än.',
  noBookings: 'Inga bokningar.',
  bookingsLabel: 'Bokningar',
  clientAnswers: 'Klientens svar',
  noHistory: 'Ingen historik än.',
  unknownActor: 'Okänd (borttaget konto)',
  missing: 'Saknas',
  profileImageAlt: (name: string) => `Profilbild: ${name}`,
  profileImageMissing: 'Profilbilden kan inte visas här ännu.',
  title: 'Titel',
  education: 'Utbildning',
  price: 'Pris',
  sessionDuration: 'Sessionslängd',
  minutes: (minutes: number) => `${minutes} minuter`,
  meetingFormat: 'Mötesform',
  cancellationPolicy: 'Avbokningspolicy',
  personalAttributes: 'Personliga egenskaper',
  description: 'Beskrivning',
} as const;
