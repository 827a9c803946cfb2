import type {
  CancellationPolicy,
  Education,
  MeetingFormat,
  OnboardingStep,
  ProviderTitle,
} from '@samtalsmatch/contracts';

/**
 * Demo accounts, seeded once per database when demo data is on (never in
 * production by default). Every address is under samtalsmatch.example, a
 * domain that can never receive mail. Passwords are for local use only.
 */
const DEMO_DOMAIN = 'samtalsmatch.example';

/** The demo admin has no password: admins sign in with BankID only (docs/rules/admin.md#admin-sign-in). */
export const DEMO_PASSWORDS = {
  provider: 'Terapeut-demo-2025!',
  client: 'Klient-demo-2025!',
} as const;

/** Sentences joined into paragraphs; an empty string starts a new paragraph. */
function paragraphs(sentences: readonly string[]): string {
  const result: string[][] = [[]];
  for (const sentence of sentences) {
    if (sentence === '') result.push([]);
    else result[result.length - 1]!.push(sentence);
  }
  return result.map((p) => p.join(' ')).join('\n\n');
}

/** A demo answer: question key, values, and (clients only) importance 1-3. */
export interface DemoAnswer {
  key: string;
  value: string[];
  importance?: 1 | 2 | 3;
}

export interface DemoProvider {
  email: string;
  name: string;
  /** Test personnummer (12 digits, valid date and Luhn check digit); fictitious. */
  personnummer: string;
  isVerified: boolean;
  phoneNumber: string;
  street: string;
  zip: string;
  city: string;
  profile: {
    title: ProviderTitle[];
    description: string;
    education: Education[];
    price: number;
    sessionDuration: number;
    personalAttributes: string;
    cancellationPolicy: CancellationPolicy;
    meetingFormat: MeetingFormat;
    /** The portrait (seed/portraits/<name>.svg), rasterised by sharp and stored in `images`. */
    portrait: string;
  };
  answers: DemoAnswer[];
}

export interface DemoClient {
  email: string;
  name: string;
  onboardingStep: Extract<OnboardingStep, 'PROFILE_COMPLETED' | 'QUESTIONS_COMPLETED'>;
  answers: DemoAnswer[];
}

/**
 * The demo admin signs in with BankID only, with this test personnummer
 * (fictitious, valid date and Luhn check digit) on the local test provider.
 */
export const DEMO_ADMIN = {
  email: `admin@${DEMO_DOMAIN}`,
  name: 'Administratör Samtalsmatch',
  personnummer: '197705152390',
} as const;

// Phone numbers are from the series the Swedish telecom regulator (PTS)
// reserves for fiction (070-174 06 05 to 070-174 06 99): they reach no one.
export const DEMO_PROVIDERS: readonly DemoProvider[] = [
  {
    email: `anna.lindqvist@${DEMO_DOMAIN}`,
    name: 'Anna Lindqvist',
    personnummer: '198403154829',
    isVerified: true,
    phoneNumber: '0701740605',
    street: 'Götgatan 48',
    zip: '118 26',
    city: 'Stockholm',
    profile: {
      title: ['PSYKOLOG'],
      education: ['MASTER', 'COURSES'],
      price: 950,
      sessionDuration: 50,
      personalAttributes: 'Lyhörd, strukturerad, varm',
      cancellationPolicy: 'TWENTY_FOUR_HOURS',
      meetingFormat: 'BOTH',
      portrait: 'anna',
      description: paragraphs([
        'Jag är legitimerad psykolog med mottagning på Södermalm i Stockholm och har arbetat med samtalsbehandling i drygt tolv år, först inom primärvården och studenthälsan och sedan flera år i egen praktik.',
        'Mitt huvudsakliga arbetssätt är KBT, kognitiv beteendeterapi, som jag ofta kombinerar med inslag från ACT och medkänslofokuserad terapi.',
        'Det betyder att vi tillsammans tittar på hur tankar, känslor, kroppsliga reaktioner och beteenden hänger ihop, och att vi prövar nya sätt att hantera det som är svårt i vardagen.',
        '',
        'Jag möter ofta människor som lever med ångest och oro, panikattacker, stress och utmattning, sömnproblem eller en känsla av att inte räcka till.',
        'Många av mina klienter är unga vuxna som studerar eller är i början av arbetslivet, men jag träffar gärna personer i alla åldrar upp till femtio år.',
        'I början av kontakten gör vi en gemensam kartläggning av vad du vill förändra och vad som är viktigt för dig.',
        'Utifrån den formulerar vi konkreta mål, och jag ger dig verktyg och övningar som du kan använda mellan sessionerna.',
        '',
        'Jag är noga med att du ska känna dig trygg och förstådd, och att tempot i behandlingen passar just dig.',
        'Samtalen kan hållas på svenska eller engelska, i mottagningen eller via video.',
        'En första session är ett bra tillfälle att se om vi passar ihop och hur en fortsatt behandling skulle kunna se ut.',
        'Du är varmt välkommen att boka en tid.',
      ]),
    },
    answers: [
      { key: 'age', value: ['18-24', '25-34', '35-49'] },
      { key: 'language', value: ['sv', 'en'] },
      { key: 'therapy_methods', value: ['kbt', 'act', 'cft', 'mindfulness'] },
      {
        key: 'problem_areas',
        value: ['angest', 'panik', 'stress', 'somn', 'sjalvkansla', 'nedstamdhet'],
      },
      { key: 'knowledge_areas', value: ['studenter', 'npf'] },
    ],
  },
  {
    email: `erik.johansson@${DEMO_DOMAIN}`,
    name: 'Erik Johansson',
    personnummer: '198109223910',
    isVerified: true,
    phoneNumber: '0701740612',
    street: 'Vasagatan 15',
    zip: '411 24',
    city: 'Göteborg',
    profile: {
      title: ['PSYKOLOG', 'PSYKOTERAPEUT'],
      education: ['MASTER', 'COURSES'],
      price: 1100,
      sessionDuration: 50,
      personalAttributes: 'Nyfiken, eftertänksam, trygg',
      cancellationPolicy: 'FORTY_EIGHT_HOURS',
      meetingFormat: 'IN_PERSON',
      portrait: 'erik',
      description: paragraphs([
        'Jag är legitimerad psykolog och legitimerad psykoterapeut med inriktning mot psykodynamisk terapi, och jag har min mottagning i centrala Göteborg.',
        'Under mina snart femton år som terapeut har jag arbetat inom vuxenpsykiatrin, på en kriscentral och de senaste åren i egen praktik.',
        'I den psykodynamiska terapin utgår vi från att det vi kämpar med i dag ofta har rötter i tidigare erfarenheter och relationer.',
        '',
        'Genom att i lugn och ro utforska mönster som återkommer i ditt liv kan du få en djupare förståelse för dig själv, och med förståelsen kommer ofta större frihet att välja annorlunda.',
        'Jag arbetar också med EMDR för den som bär på traumatiska minnen, och med existentiella frågor kring mening, förlust och stora livsförändringar.',
        'Vanliga skäl till att man söker sig till mig är nedstämdhet, sorg och kris, relationssvårigheter, låg självkänsla eller en känsla av att livet har stannat upp.',
        'Jag tar emot vuxna i alla åldrar och har särskild erfarenhet av att möta personer som arbetar inom vård, polis och räddningstjänst.',
        '',
        'I terapin är det du som bestämmer vad vi pratar om, och jag finns med som en engagerad och uppmärksam samtalspartner.',
        'Vissa klienter träffar mig under en kortare period, andra under en längre tid, och vi utvärderar tillsammans hur arbetet går.',
        'Samtalen sker på svenska, engelska eller tyska.',
        'Välkommen att boka ett första samtal så att vi kan lära känna varandra.',
      ]),
    },
    answers: [
      { key: 'age', value: ['25-34', '35-49', '50-64', '65+'] },
      { key: 'language', value: ['sv', 'en', 'de'] },
      { key: 'therapy_methods', value: ['psykodynamisk', 'emdr', 'existentiell'] },
      {
        key: 'problem_areas',
        value: ['nedstamdhet', 'sorg', 'trauma', 'relationer', 'sjalvkansla', 'existentiellt'],
      },
      { key: 'knowledge_areas', value: ['blaljus', 'anhorig'] },
    ],
  },
  {
    email: `sara.nilsson@${DEMO_DOMAIN}`,
    name: 'Sara Nilsson',
    personnummer: '198806075241',
    isVerified: true,
    phoneNumber: '0701740637',
    street: 'Södra Förstadsgatan 31',
    zip: '211 43',
    city: 'Malmö',
    profile: {
      title: ['SOCIONOM', 'SEXOLOG'],
      education: ['BACHELOR', 'COURSES'],
      price: 850,
      sessionDuration: 60,
      personalAttributes: 'Öppen, rak, empatisk',
      cancellationPolicy: 'TWELVE_HOURS',
      meetingFormat: 'BOTH',
      portrait: 'sara',
      description: paragraphs([
        'Jag är socionom och klinisk sexolog och har en mottagning i Malmö där jag träffar både enskilda personer och par.',
        'Efter många år som kurator inom sexuell och reproduktiv hälsa startade jag min egen verksamhet, där jag i dag arbetar med relationer, sexualitet, identitet och samlevnad.',
        'Jag har vidareutbildning i parterapi, systemisk terapi och KBT, och jag anpassar arbetssättet efter det du eller ni behöver.',
        '',
        'Hos mig kan du prata om sådant som kan kännas svårt eller skamfyllt att ta upp någon annanstans, till exempel minskad lust, smärta vid samlag, otrohet, konflikter som upprepar sig eller funderingar kring könsidentitet och sexuell läggning.',
        'Jag har lång erfarenhet av att möta personer som identifierar sig som HBTQI+, och jag arbetar normkritiskt och utan att döma.',
        'För par handlar arbetet ofta om att hitta tillbaka till varandra, att kommunicera tydligare och att förstå vad som händer när ni fastnar i samma gräl.',
        '',
        'Jag tar också emot föräldrar som vill prata om hur livet med små barn påverkar relationen.',
        'Samtalen sker på svenska, engelska eller spanska, på plats i Malmö eller via video.',
        'Min erfarenhet är att det ofta räcker med ett mindre antal samtal för att komma en bra bit på vägen, men vi bestämmer alltid upplägget tillsammans.',
        'Du är varmt välkommen att höra av dig, oavsett om du kommer ensam eller tillsammans med din partner.',
      ]),
    },
    answers: [
      { key: 'age', value: ['18-24', '25-34', '35-49', '50-64'] },
      { key: 'language', value: ['sv', 'en', 'es'] },
      { key: 'therapy_methods', value: ['parterapi', 'systemisk', 'kbt'] },
      {
        key: 'problem_areas',
        value: ['relationer', 'sexualitet', 'identitet', 'foraldraskap', 'sjalvkansla'],
      },
      { key: 'knowledge_areas', value: ['hbtqi', 'perinatal'] },
    ],
  },
  {
    // Completed onboarding but not yet verified by an admin: never matched,
    // sees 'Ditt konto granskas' on the dashboard.
    email: `okand.terapeut@${DEMO_DOMAIN}`,
    name: 'Okänd Terapeut',
    personnummer: '198601301776',
    isVerified: false,
    phoneNumber: '0701740648',
    street: 'Kungsgatan 7',
    zip: '753 21',
    city: 'Uppsala',
    profile: {
      title: ['KURATOR'],
      education: ['BACHELOR'],
      price: 800,
      sessionDuration: 45,
      personalAttributes: 'Lugn, lösningsinriktad, pålitlig',
      cancellationPolicy: 'TWENTY_FOUR_HOURS',
      meetingFormat: 'BOTH',
      portrait: 'okand',
      description: paragraphs([
        'Jag är socionom och hälso- och sjukvårdskurator och har nyligen öppnat en egen mottagning i Uppsala, efter tio år som kurator inom elevhälsan och på en vårdcentral.',
        'I mitt arbete utgår jag från lösningsfokuserad terapi och motiverande samtal, vilket betyder att vi lägger mer tid på det du vill uppnå än på att gräva i problemen.',
        'Vi tittar tillsammans på vad som redan fungerar i ditt liv, vilka resurser du har och vilka små steg som kan ta dig i den riktning du önskar.',
        '',
        'Jag möter ofta personer som har det tufft i arbetslivet eller i studierna, som känner sig stressade och splittrade, som har hamnat i en livskris eller som vill förändra en vana, till exempel sitt förhållande till alkohol.',
        'Jag har också erfarenhet av att stötta anhöriga till personer med beroende eller psykisk ohälsa, en grupp som ofta glömms bort men som bär ett stort ansvar.',
        'Samtalen hos mig är konkreta och framåtblickande, och du får gärna komma med egna förslag på vad vi ska fokusera på.',
        '',
        'Jag tar emot vuxna från arton år och samtalen sker på svenska eller finska, antingen på mottagningen nära centralstationen eller via video.',
        'Många upplever att redan några få samtal gör skillnad, men vi anpassar antalet efter dina behov.',
        'Varmt välkommen att boka ett första samtal.',
      ]),
    },
    answers: [
      { key: 'age', value: ['18-24', '25-34', '35-49', '50-64', '65+'] },
      { key: 'language', value: ['sv', 'fi'] },
      { key: 'therapy_methods', value: ['losningsfokuserad', 'mi'] },
      { key: 'problem_areas', value: ['stress', 'arbetsliv', 'beroende', 'existentiellt'] },
      { key: 'knowledge_areas', value: ['anhorig', 'studenter'] },
    ],
  },
];

export const DEMO_CLIENTS: readonly DemoClient[] = [
  {
    email: `klient.ett@${DEMO_DOMAIN}`,
    name: 'Klara Ekström',
    onboardingStep: 'QUESTIONS_COMPLETED',
    answers: [
      { key: 'age', value: ['25-34'] },
      { key: 'language', value: ['sv'], importance: 3 },
      { key: 'therapy_methods', value: ['kbt'], importance: 1 },
      { key: 'problem_areas', value: ['angest', 'stress'], importance: 3 },
      { key: 'knowledge_areas', value: ['any'] },
    ],
  },
  {
    // Registered and verified, questionnaire not yet answered.
    email: `klient.tva@${DEMO_DOMAIN}`,
    name: 'Tomas Wallin',
    onboardingStep: 'PROFILE_COMPLETED',
    answers: [],
  },
];

/**
 * The demo providers' BankID test identities, for the local test provider's
 * login page (apps/api/src/modules/bankid/test-identities.ts). The seed stores
 * no ssn (the API encrypts and links them); these numbers are fictitious.
 */
export const DEMO_PROVIDER_IDENTITIES: readonly {
  email: string;
  name: string;
  personnummer: string;
}[] = DEMO_PROVIDERS.map(({ email, name, personnummer }) => ({ email, name, personnummer }));
