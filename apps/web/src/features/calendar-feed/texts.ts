/**
 * The calendar feed's own texts (decision 431): the section on the
 * therapist's profile and the client's Integritet page
 * (docs/rules/bookings.md#a-private-calendar-feed).
 */
export const CALENDAR_FEED_TEXTS = {
  title: 'Dina samtal i din kalender',
  intro:
    'Prenumerera på en privat länk så visas dina bokade samtal i kalendern du redan använder. Händelserna heter "Samtal (Samtalsmatch)" och visar inga namn.',
  loading: 'Laddar kalenderlänken…',
  loadFailed: 'Det gick inte att läsa in kalenderlänken. Försök igen.',
  retry: 'Försök igen',
  off: 'Kalenderlänken är avstängd.',
  turnOn: 'Skapa kalenderlänk',
  onSince: (date: string) => `Kalenderlänken är på sedan ${date}.`,
  urlLabel: 'Din privata kalenderlänk',
  urlShownOnce:
    'Länken visas bara nu. Behandla den som ett lösenord: den som har den kan se dina tider.',
  urlHidden:
    'Av säkerhetsskäl visas länken bara när den skapas. Skapa en ny länk om du behöver den igen; den gamla slutar då att fungera.',
  copy: 'Kopiera länken',
  copied: 'Länken är kopierad.',
  copyFailed: 'Det gick inte att kopiera. Markera länken och kopiera den själv.',
  rotate: 'Skapa en ny länk',
  rotateHint: 'Den gamla länken slutar fungera direkt.',
  turnOff: 'Stäng av kalenderlänken',
  turnedOff: 'Kalenderlänken är avstängd.',
  howToTitle: 'Så lägger du till den',
  howTo: [
    {
      name: 'Google Kalender',
      text: 'Öppna Google Kalender på datorn, välj "Andra kalendrar", "+" och "Från webbadress", klistra in länken och välj "Lägg till kalender".',
    },
    {
      name: 'Apple Kalender',
      text: 'På iPhone: Inställningar, Kalender, Konton, Lägg till konto, Annat, "Lägg till prenumererad kalender" och klistra in länken. På Mac: Arkiv, "Ny kalenderprenumeration".',
    },
    {
      name: 'Outlook',
      text: 'I Outlook på webben: Kalender, "Lägg till kalender", "Prenumerera från webben", klistra in länken och välj "Importera".',
    },
  ],
  refreshNote: 'Kalenderappen hämtar ändringar själv, oftast inom några timmar.',
} as const;
