/** The therapist's profile pages' own Swedish texts (decision 431). */
export const PROFILES_TEXTS = {
  // The profile form (docs/rules/accounts.md#provider-profile).
  form: 'Profil',
  contactTitle: 'Kontaktuppgifter',
  name: 'Namn',
  nameHint: 'Namnet kommer från BankID och kan inte ändras.',
  phone: 'Telefonnummer',
  phoneHint: 'Till exempel 0701234567 eller +46701234567.',
  street: 'Gatuadress',
  zip: 'Postnummer',
  city: 'Ort',
  practiceTitle: 'Yrke och mottagning',
  title: 'Titel',
  education: 'Utbildning',
  meetingFormat: 'Mötesform',
  meetingFormatHint: 'Hur du träffar dina klienter.',
  description: 'Beskrivning',
  descriptionFull: 'Beskrivningen når upp till 200 ord.',
  price: 'Pris per session (SEK)',
  sessionDuration: 'Sessionslängd (minuter)',
  personalAttributes: 'Personliga egenskaper',
  personalAttributesHint: 'Beskriv dig själv med högst 3 ord, till exempel lugn, varm, nyfiken.',
  cancellationPolicy: 'Avbokningspolicy',
  cancellationPolicyHint: 'Hur långt innan en bekräftad tid klienten får avboka.',
  save: 'Spara profil',
  saving: 'Sparar…',

  // The profile picture.
  image: 'Profilbild',
  imageAlt: 'Din profilbild',
  noImage: 'Ingen bild vald',
  changeImage: 'Byt profilbild',
  chooseImage: 'Välj profilbild',
  imageHint: 'JPG, JPEG eller PNG, högst 5 MB.',
  uploading: 'Laddar upp bilden…',

  // The account's status pages.
  hello: (name: string) => `Hej ${name}! `,
  profileLinks: 'Din profil',
  meanwhile: 'Under tiden kan du uppdatera din profil och dina tider.',
  /** Followed by the contact address. */
  pausedQuestions: 'Har du frågor, eller vill du att vi granskar kontot igen? Skriv till',
} as const;
