/**
 * Every user-facing Swedish text that more than one
 * place needs. The product's fixed texts are copied letter for letter (docs/rules/).
 */
export const MSG = {
  // BankID start (GET /auth/bankid/initiate)
  bankIdMethodInvalid: 'Ogiltig inloggningsmetod för BankID.',
  bankIdRoleInvalid: 'Ogiltig roll.',
  // Login, register, forgot and reset password (docs/rules/accounts.md#registration-and-login)
  invalidEmail: 'Ogiltig e-postadress',
  emailTooLong: 'E-postadressen får vara högst 254 tecken.',
  passwordRequired: 'Lösenord är obligatoriskt',
  nameRequired: 'Namn är obligatoriskt',
  nameTooLong: 'Namnet får vara högst 100 tecken.',
  nameNoLinks: 'Namnet får inte innehålla länkar, webbadresser eller e-postadresser.',
  nameInvisibleCharacters: 'Namnet får inte innehålla osynliga tecken.',
  controlCharacters: 'Texten innehåller otillåtna tecken.',
  answerTooLong: 'Ett svar får vara högst 2 000 tecken.',
  invisibleOnly: 'Texten får inte bestå av enbart osynliga tecken.',
  nameFromBankId: 'Namnet kommer från BankID och kan inte ändras här.',
  // A transaction that lost a race with another one (deadlock, serialization failure).
  changedMeanwhile: 'Något ändrades samtidigt. Ladda om sidan och försök igen.',
  passwordMin: 'Lösenord måste vara minst 8 tecken',
  passwordMax: 'Lösenordet får vara högst 128 tecken.',
  passwordComplexity:
    'Lösenordet måste innehålla minst en stor bokstav, en liten bokstav och en siffra eller specialtecken.',
  passwordsMismatch: 'Lösenorden matchar inte',
  resetPasswordMin: 'Lösenordet måste vara minst 8 tecken.',
  resetPasswordsMismatch: 'Lösenorden matchar inte.',
  // Changing the e-mail address needs proof of the owner (docs/rules/accounts.md#e-mail-change).
  currentPasswordRequired: 'Ange ditt nuvarande lösenord för att byta e-postadress.',
  currentPasswordWrong: 'Lösenordet stämmer inte. Försök igen med ditt nuvarande lösenord.',
  bankIdReauthRequired:
    'Av säkerhetsskäl behöver du logga in med BankID igen innan du byter e-postadress.',
  emailChangeUndone:
    'Din tidigare e-postadress är återställd och kontot har loggats ut på alla enheter. Loggar du in med lösenord behöver du välja ett nytt.',
  undoEmailChangeNoToken: 'Ingen länk för att ångra bytet hittades.',
  passwordTooWeak:
    'Lösenordet är för lätt att gissa. Välj ett längre lösenord, gärna några ord som inte hör ihop, och undvik ditt namn, din e-postadress och ordet Samtalsmatch.',

  // Provider profile form (docs/rules/accounts.md#provider-profile)
  phoneRequired: 'Telefonnummer är obligatoriskt',
  phoneFormat: 'Telefonnummer måste vara i formatet +46701234567 eller 0701234567',
  streetRequired: 'Gatuadress är obligatorisk',
  cityRequired: 'Ort är obligatorisk',
  zipRequired: 'Postnummer är obligatoriskt',
  titleRequired: 'Välj minst en titel',
  descriptionMinWords: 'Beskrivning måste vara minst 200 ord lång',
  descriptionTooLong: 'Beskrivningen får vara högst 5000 tecken.',
  educationRequired: 'Välj minst en utbildning',
  pricePositive: 'Pris måste vara ett positivt tal',
  sessionDurationPositive: 'Sessionslängd måste vara ett positivt tal',
  priceTooHigh: 'Priset får vara högst 100 000 SEK.',
  sessionDurationTooLong: 'Sessionslängden får vara högst 480 minuter.',
  fieldTooLong: 'Texten är för lång.',
  profileImageRequired: 'Profilbild är obligatorisk',
  profileImageType: 'Profilbilden måste vara en jpg-, jpeg- eller png-fil.',
  profileImageTooLarge: 'Profilbilden får vara högst 5 MB.',
  profileImageTooManyPixels: 'Profilbilden får vara högst 40 megapixlar.',
  profileImageMissingFile: 'Välj en bild att ladda upp.',
  imageLinkInvalid: 'Länken till bilden har gått ut eller är ogiltig.',
  personalAttributesRequired: 'Personliga egenskaper är obligatoriska',
  cancellationPolicyInvalid: 'Välj en giltig avbokningspolicy',
  meetingFormatRequired: 'Välj mötesform',
  formHasErrors: 'Formuläret innehåller fel. Rätta de markerade fälten och försök igen.',

  // Booking time (provider rebook) and booking request (client); docs/rules/bookings.md
  bookingTimePast: 'Kan inte boka tid som redan har passerat',
  bookingTooSoon: 'Måste boka minst 24 timmar i förväg',
  bookingOutsideHours: 'Bokningar endast mellan 7:00-21:00',
  bookingTooFar: 'Du kan boka högst två månader framåt.',
  seriesTooFar: 'En serie kan sträcka sig högst sex månader framåt.',
  seriesCount: 'En serie har 2 till 12 tillfällen.',
  moveSameTime: 'Bokningen ligger redan på den tiden. Välj en annan tid.',
  seriesNeedsSession: 'En serie kan bokas först efter ett bekräftat eller genomfört samtal.',
  seriesPendingRequest: 'Svara på den väntande bokningsförfrågan innan du bokar en serie.',
  seriesNothingAhead: 'Serien har inga kommande tider att avboka.',
  moveNotBookable: 'Välj en av terapeutens lediga tider.',
  bookingNotOnTheHour: 'Bokningar börjar alltid på hel timme.',
  suggestedTimesCount: 'Välj exakt 3 tider.',
  suggestedTimesDistinct: 'Välj tre olika tider.',
  confirmTimeRequired: 'Välj en av de föreslagna tiderna.',
  providerCancelPast: 'Bokningen kan inte avbokas efter att tiden har passerat.',
  confirmTimeNotSuggested: 'Tiden måste vara en av de föreslagna tiderna.',
  messageTooLong: 'Meddelandet får vara högst 1000 tecken.',
  dateTimeInvalid: 'Ogiltig tidpunkt.',
  slotOneHour: 'En tid måste vara exakt en timme lång och börja på hel timme.',
  slotsRequired: 'Välj minst en tid.',
  idInvalid: 'Ogiltigt id.',
  answersRequired: 'Svara på minst en fråga.',
  answerRequired: 'Välj minst ett svar.',
  duplicateChoice: 'Samma val får bara väljas en gång.',
  duplicateAnswer: 'Varje fråga får bara besvaras en gång.',
  answerUnknownQuestion: 'Frågan finns inte. Ladda om sidan och försök igen.',
  answerUnknownOption: 'Välj bland svarsalternativen.',
  answerSingleChoice: 'Välj ett svar.',
  answerExclusive: 'Det här valet kan inte kombineras med andra val.',
  answerImportanceNotAllowed: 'Den här frågan har ingen viktighetsgrad.',
  answerImportanceClientsOnly: 'Bara klienter anger hur viktigt något är.',
  answerTextOnly: 'Skriv ditt svar som en text.',
  answersIncomplete: 'Svara på alla frågor.',
  tooManyAnswers: 'För många svar.',
  duplicateSlot: 'Samma tid får bara finnas en gång.',
  slotInPast: 'Du kan inte lägga till en tid som redan har passerat.',
  slotTooFar: 'Tider kan läggas in högst ett år framåt.',
  slotNotRemovable: 'Förfrågade eller bokade tider kan inte tas bort. Inga tider togs bort.',

  // Toasts and specific messages (docs/rules/accounts.md#errors)
  tooManyRequests:
    'För många försök, försök igen om en stund eller kontakta support om problemet kvarstår',
  genericError: 'Något gick fel, försök igen senare eller kontakta support om problemet kvarstår',
  // A page whose code could not be loaded (offline, or the app was updated meanwhile).
  pageLoadFailed: 'Sidan kunde inte laddas. Ladda om sidan och försök igen.',
  forgotPasswordNeutral:
    'Om ett konto existerar för den angivna e-posten har en återställningslänk skickats.',
  resetFailed: 'Länken kan ha gått ut eller så är den ogiltig.',
  verifyFailed: 'Något gick fel. Försök igen senare.',
  verifyEmailFailed: 'Något gick fel. Försök igen senare.',
  verifyNoToken: 'Ingen verifieringslänk hittades.',
  verifyEmailNoToken: 'Ingen verifieringslänk hittades.',
  userLoadFailed: 'Kunde inte ladda användardata.',
  answersSaveFailed: 'Det uppstod ett fel när vi försökte spara dina svar.',
  // The questionnaire keeps its place on the server; a failed save loses nothing on the screen.
  answerDraftSaveFailed:
    'Vi kunde inte spara var du är i frågeformuläret. Dina svar finns kvar här, och vi försöker igen när du går vidare.',
  emailTaken: 'E-postadressen är redan registrerad.',
  providerNotFound: 'Vårdgivare hittades inte',
  unsupportedQuestionType: 'Unsupported question type',
  authFailedHeading: 'Ett fel uppstod',
  authFailed: 'Failed to complete authentication',
  backToLogin: 'Tillbaka till inloggningssidan.',

  // Other interface texts
  goBack: 'Gå tillbaka',
  login: 'Logga in',
  logout: 'Logga ut',
  menu: 'Meny',
  myAccount: 'Mitt konto',
  heroHeadline: 'Hitta en terapeut som passar dig',
  startMatching: 'Börja matchningen',
  clientChoice: 'Matcha mig med en terapeut',
  providerChoice: 'Jag är terapeut',
  responsePromise: 'Vi svarar inom 24 timmar',
  privacyPolicy: 'Integritetspolicy',
  termsAndCookies: 'Användarvillkor & Cookies',
  changeCookieSettings: 'Ändra cookie inställningar',
  availabilitySaved: 'Dina tider har sparats',
  availabilityCleared: 'Dina tider har rensats',
  /** A save or clear that failed: nothing of it was stored, and the choices on the page stay. */
  availabilityNothingSaved:
    'Inget av ändringarna sparades. Dina val finns kvar, så du kan försöka igen.',
  noMatches: 'Inga matchningar än',
  updateAnswers: 'Uppdatera dina svar',
  editProfile: 'Redigera profil',
  availability: 'Tillgänglighet',
  bookingInProgress: 'Bokning pågår',
  bookingInfoTitle: 'Bokningsinformation',
  close: 'Stäng',
  /** The secondary button of a dialog that asks before an action. */
  cancel: 'Avbryt',
  goToProfile: 'Gå till profil',
  rebookAfterCancel: 'Du kan skicka en ny tid via fliken Historik efter att du har avbokat.',
  currentBookingsTab: 'Aktuella bokningar',
  historyTab: 'Historik',
  bookingRequestsTitle: 'Bokningsförfrågningar',
  bookingRequestsDescription: 'Granska och bekräfta bokningsförfrågningar från klienter.',
  historyTitle: 'Historik',
  historyDescription: 'Tidigare bokningar som är avbokade eller slutförda.',
  columnClient: 'Klient',
  columnStatus: 'Status',
  columnAction: 'Åtgärd',
  columnCancelledBy: 'Avbokad av',
  columnDate: 'Datum',
  review: 'Granska',
  cancelBooking: 'Avboka',
  completeBooking: 'Slutför',
  sendNewTime: 'Skicka ny bokningstid',
  noCurrentBookings: 'Inga aktuella bokningar.',
  noHistory: 'Ingen historik tillgänglig.',
  accountUnderReview: 'Ditt konto granskas',
  accountPaused: 'Ditt konto är pausat',
  providerErasedForClient:
    'Terapeuten har avslutat sitt konto. Du kan välja en annan terapeut bland dina matchningar.',
  providerPausedForClient:
    'Terapeuten kan inte ta emot bokningar just nu. Du kan välja en annan terapeut bland dina matchningar.',
  accountPausedText:
    'En administratör har pausat ditt konto. Så länge kontot är pausat visas du inte för klienter, kan inte ta emot bokningar och kan inte se klienters uppgifter. Bokningar som ännu inte hade ägt rum har avbokats, och klienterna har fått besked.',
  // The holding page and provider verification: thanks, 1-2 working days, an e-mail follows.
  accountUnderReviewThanks: 'Tack för att du har registrerat dig som terapeut hos Samtalsmatch!',
  accountUnderReviewText:
    'Vi granskar nu din profil. Det tar vanligtvis 1–2 arbetsdagar. Du får ett e-postmeddelande så snart ditt konto är verifierat och aktivt.',
  profileSaved: 'Din profil har sparats',
  verified: 'Verifierad',
  notVerified: 'Ej verifierad',
  locationUnspecified: 'Plats ej specificerat',
  priceUnspecified: 'Pris ej specificerat',
  adminSearchTooLong: 'Sökningen får vara högst 200 tecken.',
  adminFilterInvalid: 'Ogiltigt filter.',
  adminPageInvalid: 'Ogiltigt sidnummer.',
  adminPageSizeInvalid: 'Ogiltig sidstorlek.',
} as const;

export type MessageKey = keyof typeof MSG;

/** 'Från {price} SEK / session', or 'Pris ej specificerat' without a price. */
export function formatPrice(price: number | null | undefined): string {
  if (price === null || price === undefined || !Number.isFinite(price)) return MSG.priceUnspecified;
  return `Från ${price} SEK / session`;
}

/** The city, or 'Plats ej specificerat' when it is missing or blank. */
export function formatCity(city: string | null | undefined): string {
  const trimmed = city?.trim();
  return trimmed ? trimmed : MSG.locationUnspecified;
}

/** Live counter under the description field: '12 ord kvar' (never negative). */
export function wordsRemainingText(remaining: number): string {
  return `${Math.max(0, remaining)} ord kvar`;
}
