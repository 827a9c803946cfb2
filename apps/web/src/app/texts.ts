/**
 * The Swedish texts the app's own routes and layouts write (decision 431),
 * one key per layout or route. A feature's texts stay in its texts.ts; the
 * API's and the shared ones are in contracts.
 */
export const APP_TEXTS = {
  brand: 'Samtalsmatch',

  // Layouts.
  skipToContent: 'Hoppa till huvudinnehållet',
  openMenu: 'Öppna menyn',
  closeMenu: 'Stäng menyn',
  footer: {
    policies: 'Villkor och integritet',
    about: 'Samtalsmatch matchar privatpersoner med terapeuter.',
    contact: 'Kontakt',
    orgNumber: (number: string) => `Org.nr ${number}`,
  },

  // Public routes.
  landing: {
    documentTitle: 'Samtalsmatch – Hitta en terapeut som passar dig',
    intro:
      'Samtalsmatch hjälper dig att hitta rätt i samtalsterapin. Svara på några frågor, bli matchad med en verifierad terapeut och boka ett första samtal direkt på plattformen.',
    trustTitle: 'Därför kan du känna dig trygg',
    /** The four trust points, of comparable length so the strip reads evenly. */
    trust: {
      licence: {
        title: 'Legitimation kontrollerad',
        text: 'Vi kontrollerar legitimationen innan någon kan boka en tid.',
        more: 'Så kontrollerar vi legitimationen',
      },
      bankid: {
        title: 'BankID',
        text: 'Terapeuterna loggar in med BankID, och det kan du också göra.',
      },
      gdpr: {
        title: 'Enligt GDPR',
        text: 'Dina uppgifter hanteras enligt dataskyddsförordningen.',
      },
      reply: {
        title: 'Vi svarar inom 24 timmar',
        text: 'Har du en fråga om tjänsten får du svar från oss inom ett dygn.',
      },
    },
    stepsTitle: 'Så fungerar det',
    steps: {
      questions: {
        title: 'Svara på några frågor',
        text: 'Berätta vad du vill ha hjälp med och vad som är viktigt för dig hos en terapeut. Det tar ungefär 10–15 minuter.',
      },
      match: {
        title: 'Bli matchad',
        text: 'Vi matchar dig med verifierade terapeuter utifrån dina svar, deras arbetssätt och lediga tider.',
      },
      calendar: {
        title: 'Boka ett möte',
        text: 'Läs om dina matchningar, välj den terapeut som känns rätt och boka ett första samtal direkt på plattformen.',
      },
    },
    /** Read before a step's title. */
    step: (n: number) => `Steg ${n}: `,
    aboutTitle: 'Om Samtalsmatch',
    about: [
      'Att hitta en terapeut kan kännas svårt, särskilt när man redan mår dåligt. Samtalsmatch finns för att göra det första steget enklare. Utifrån dina svar och önskemål guidar vi dig och rekommenderar terapeuter och terapiformer som passar just dig.',
      'Alla terapeuter granskas av oss innan de kan ta emot bokningar. Du ser deras utbildning, arbetssätt och pris innan du bokar, och du bestämmer själv vem du vill träffa.',
    ],
    notEmergency:
      'Samtalsmatch är inte en akutverksamhet. Om du eller någon annan är i fara, ring 112.',
    licenceTitle: 'Så kontrollerar vi legitimationen',
    licence: [
      'Vi granskar varje terapeut innan någon kan boka. En psykolog, psykoterapeut eller hälso- och sjukvårdskurator kan matchas med dig först när vi har hittat legitimationen i Socialstyrelsens register.',
      'Kontrollen görs om minst en gång om året. På terapeutens profil ser du vilken titel vi har kontrollerat och när.',
    ],
    faqTitle: 'Vanliga frågor',
  },
  auth: {
    login: 'Logga in',
    loginOrRegister: 'Logga in eller skapa konto',
    bankIdCallback: 'Loggar in',
  },
  forgotPassword: {
    title: 'Glömt lösenord',
    intro:
      'Ange e-postadressen du registrerade dig med, så skickar vi en länk där du kan välja ett nytt lösenord.',
  },
  resetPassword: {
    title: 'Välj nytt lösenord',
    requestNewLink: 'Begär en ny länk',
    checking: 'Kontrollerar länken…',
    intro: 'Välj ett nytt lösenord för ditt konto. När det är sparat loggas du ut på alla enheter.',
  },
  verifyEmail: { title: 'Bekräfta e-postadress' },
  undoEmailChange: { title: 'Ångra bytet av e-postadress' },
  notFound: {
    title: 'Sidan hittades inte',
    text: 'Sidan du letar efter finns inte eller har flyttats.',
    home: 'Till startsidan',
  },

  // Signed-in routes.
  accountEmail: {
    title: 'Byt e-postadress',
    /** Followed by the address. */
    current: 'Din nuvarande adress är',
    text: 'Vi skickar en länk till den nya adressen. Adressen byts när du har öppnat länken, och vi meddelar din nuvarande adress.',
  },
  questions: { title: 'Frågeformulär' },
  availability: {
    title: 'Tillgänglighet',
    intro: 'Välj de timmar då klienter kan boka samtal med dig. Alla tider är svensk tid.',
  },
  // The client's and the therapist's routes.
  loadFailedHint: 'Kontrollera din anslutning och försök igen.',
  retry: 'Försök igen',
  clientDashboard: {
    title: 'Matchningar',
    /** The side column's heading on a wide screen (read by screen readers at every width). */
    nextStep: 'Nästa steg',
  },
  providerDashboard: { title: 'Översikt', links: 'Din profil' },
  providerProfile: {
    documentTitle: 'Profil',
    title: 'Din profil',
    intro: 'Berätta om dig och din mottagning. Klienterna ser din profil när de matchas med dig.',
  },
  provider: {
    title: 'Terapeut',
    loading: 'Laddar terapeutens profil…',
    loadFailed: 'Terapeutens profil kunde inte laddas.',
  },
  matchNotFound: {
    title: 'Matchningen hittades inte',
    text: 'Den här matchningen finns inte längre eller hör inte till ditt konto. Dina aktuella matchningar finns på översikten.',
    back: 'Till dina matchningar',
  },
  booking: {
    /** The toast on /dashboard after a request was sent. */
    sentToast: 'Din bokningsförfrågan har skickats',
    title: 'Boka tid',
    titleWith: (name: string) => `Boka tid hos ${name}`,
    loading: 'Laddar…',
    loadFailed: 'Sidan kunde inte laddas.',
    loadingTimes: 'Laddar lediga tider…',
    timesFailed: 'De lediga tiderna kunde inte laddas.',
    noTimesTitle: 'Inga lediga tider just nu',
    noTimes: (name: string) =>
      `${name} har inga lediga tider de närmaste två månaderna. Titta gärna in igen om några dagar.`,
    backToProfile: 'Tillbaka till profilen',
    intro: (count: number, name: string) =>
      `Välj ${count} tider som passar dig. ${name} bekräftar en av dem, och du får ett mejl när bokningen är klar.`,
    verifyFirstTitle: 'Bekräfta din e-postadress först',
    verifyFirst:
      'Du behöver bekräfta din e-postadress innan du kan välja tider och skicka en bokningsförfrågan. Länken finns i mejlet vi skickade när du registrerade dig. När adressen är bekräftad kan du välja tider här.',
  },
} as const;
