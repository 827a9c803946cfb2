import type { OptionUserType, QuestionType } from '@samtalsmatch/contracts';

export interface SeedOption {
  value: string;
  label: string;
  userType: OptionUserType;
}

export interface SeedQuestion {
  key: string;
  type: QuestionType;
  clientText: string;
  providerText: string;
  clientDescription: string | null;
  providerDescription: string | null;
  description: string | null;
  hasImportanceScale: boolean;
  options: readonly SeedOption[];
}

/**
 * Option values with a meaning of their own (docs/rules/matching.md#questionnaire-steps): choosing
 * one clears the other selections and the importance, and no importance step
 * is asked for 'any' or 'other'. 'any' means "no preference" (matching skips
 * it); 'none' is a provider's "none of these"; 'other' is a client's
 * "something not listed".
 */
export const ANY = 'any';
export const OTHER = 'other';
export const NONE = 'none';

const both = (value: string, label: string): SeedOption => ({ value, label, userType: 'BOTH' });

/**
 * The questionnaire, in order (the `order` column is the index + 1). Clients
 * and providers answer the same questions: the client says what they need,
 * the provider what they offer, and matching compares the two (docs/rules/matching.md#score).
 *
 * Note on 'age' (SINGLE_CHOICE): a client belongs to one age group, while a
 * provider usually works with several, so the provider side answers it with
 * several values (see providerDescription). The seeded providers do.
 */
export const QUESTIONNAIRE: readonly SeedQuestion[] = [
  {
    key: 'age',
    type: 'SINGLE_CHOICE',
    clientText: 'Vilken åldersgrupp tillhör du?',
    providerText: 'Vilka åldersgrupper arbetar du med?',
    clientDescription:
      'Välj den åldersgrupp du tillhör, så att vi kan föreslå terapeuter som tar emot personer i din ålder.',
    providerDescription: 'Välj alla åldersgrupper som du tar emot.',
    description: 'Tjänsten vänder sig till vuxna från 18 år.',
    hasImportanceScale: false,
    options: [
      both('18-24', '18–24 år'),
      both('25-34', '25–34 år'),
      both('35-49', '35–49 år'),
      both('50-64', '50–64 år'),
      both('65+', '65 år eller äldre'),
    ],
  },
  {
    key: 'language',
    type: 'MULTISELECT',
    clientText: 'På vilket språk vill du ha dina samtal?',
    providerText: 'På vilka språk kan du erbjuda samtal?',
    clientDescription: 'Välj ett eller flera språk som du känner dig bekväm med att prata på.',
    providerDescription: 'Välj de språk som du kan hålla terapisamtal på.',
    description: null,
    hasImportanceScale: true,
    options: [
      both('sv', 'Svenska'),
      both('en', 'Engelska'),
      both('ar', 'Arabiska'),
      both('fa', 'Persiska (farsi/dari)'),
      both('fi', 'Finska'),
      both('es', 'Spanska'),
      both('pl', 'Polska'),
      both('de', 'Tyska'),
      both('fr', 'Franska'),
      both('bks', 'Bosniska, kroatiska eller serbiska'),
      both('so', 'Somaliska'),
      both('tr', 'Turkiska'),
      both('ku', 'Kurdiska'),
      both('ru', 'Ryska'),
      both('uk', 'Ukrainska'),
    ],
  },
  {
    key: 'therapy_methods',
    type: 'MULTISELECT',
    clientText: 'Vilken eller vilka terapiformer är du intresserad av?',
    providerText: 'Vilka terapiformer arbetar du med?',
    clientDescription:
      'Det gör inget om du inte vet. Välj "Vet inte / ingen preferens" så hjälper vi dig att hitta rätt.',
    providerDescription: 'Välj de metoder som du har utbildning i och använder i ditt arbete.',
    description: null,
    hasImportanceScale: true,
    options: [
      both('kbt', 'KBT (kognitiv beteendeterapi)'),
      both('psykodynamisk', 'Psykodynamisk terapi'),
      both('act', 'ACT (acceptance and commitment therapy)'),
      both('dbt', 'DBT (dialektisk beteendeterapi)'),
      both('emdr', 'EMDR'),
      both('schematerapi', 'Schematerapi'),
      both('systemisk', 'Systemisk terapi och familjeterapi'),
      both('parterapi', 'Parterapi'),
      both('mindfulness', 'Mindfulnessbaserad terapi'),
      both('cft', 'CFT (medkänslofokuserad terapi)'),
      both('ipt', 'IPT (interpersonell terapi)'),
      both('mi', 'MI (motiverande samtal)'),
      both('losningsfokuserad', 'Lösningsfokuserad terapi'),
      both('existentiell', 'Existentiell terapi'),
      { value: ANY, label: 'Vet inte / ingen preferens', userType: 'CLIENT' },
    ],
  },
  {
    key: 'problem_areas',
    type: 'MULTISELECT',
    clientText: 'Vad skulle du vilja ha hjälp med?',
    providerText: 'Vilka problemområden arbetar du med?',
    clientDescription: 'Välj det eller de områden som bäst beskriver din situation just nu.',
    providerDescription: 'Välj de områden där du har erfarenhet av att hjälpa klienter.',
    description:
      'Tjänsten är inte avsedd för akuta lägen. Vid akut fara för liv eller hälsa, ring 112.',
    hasImportanceScale: true,
    options: [
      both('angest', 'Ångest och oro'),
      both('nedstamdhet', 'Nedstämdhet och depression'),
      both('stress', 'Stress och utmattning'),
      both('relationer', 'Relationer och samliv'),
      both('sjalvkansla', 'Självkänsla och självbild'),
      both('sorg', 'Sorg och kris'),
      both('trauma', 'Trauma och PTSD'),
      both('somn', 'Sömnproblem'),
      both('panik', 'Panikångest och fobier'),
      both('tvang', 'Tvångssyndrom (OCD)'),
      both('atstorning', 'Ätstörningar'),
      both('beroende', 'Beroende och missbruk'),
      both('npf', 'ADHD, autism och andra NPF'),
      both('ilska', 'Ilska och impulsivitet'),
      both('sexualitet', 'Sexualitet och sexuell hälsa'),
      both('foraldraskap', 'Föräldraskap'),
      both('arbetsliv', 'Arbetsliv och karriär'),
      both('existentiellt', 'Existentiella frågor och livskriser'),
      both('identitet', 'Identitet, könsidentitet och sexuell läggning'),
      both('ensamhet', 'Ensamhet'),
      { value: OTHER, label: 'Något annat', userType: 'CLIENT' },
    ],
  },
  {
    key: 'knowledge_areas',
    type: 'MULTISELECT',
    clientText: 'Vill du att din terapeut har särskild kunskap inom något av de här områdena?',
    providerText: 'Inom vilka områden har du särskild kunskap eller erfarenhet?',
    clientDescription: 'Till exempel av din livssituation, din bakgrund eller ditt yrke.',
    providerDescription:
      'Välj de områden där du har fördjupad kunskap, utbildning eller egen erfarenhet.',
    description: null,
    hasImportanceScale: true,
    options: [
      both('hbtqi', 'HBTQI+'),
      both('npf', 'Neuropsykiatriska funktionsnedsättningar (NPF)'),
      both('migration', 'Migration, kultur och flerspråkighet'),
      both('kronisk_sjukdom', 'Kronisk sjukdom och långvarig smärta'),
      both('perinatal', 'Graviditet, förlossning och småbarnsår'),
      both('funktionsnedsattning', 'Funktionsnedsättning'),
      both('religion', 'Religion och andlighet'),
      both('ledarskap', 'Chefskap och ledarskap'),
      both('studenter', 'Studentliv och studiestress'),
      both('prestation', 'Idrott och prestation'),
      both('blaljus', 'Vård-, blåljus- och försvarsyrken'),
      both('anhorig', 'Anhörig till någon med beroende eller psykisk ohälsa'),
      { value: ANY, label: 'Inget särskilt / ingen preferens', userType: 'CLIENT' },
      { value: NONE, label: 'Inget av ovanstående', userType: 'PROVIDER' },
    ],
  },
];
