import type { AccordionEntry } from '@/components/ui/accordion';

/** The landing feature's Swedish texts (decision 431). */
export const LANDING_TEXTS = {
  /** The organisation's description in the JSON-LD. */
  organizationDescription:
    'Samtalsmatch matchar privatpersoner med verifierade terapeuter för samtalsterapi och gör det enkelt att boka ett första samtal.',
  /** The twelve FAQ entries, in this order. Also the source of the FAQPage JSON-LD. */
  faq: [
    {
      question: 'Vad kostar det att gå hos en terapeut?',
      answer:
        'Varje terapeut sätter sitt eget pris per samtal. Du ser priset på terapeutens profil innan du skickar en bokningsförfrågan, så att du vet vad ett samtal kostar innan du bestämmer dig. Det kostar ingenting att svara på frågorna och få dina matchningar.',
    },
    {
      question: 'Är terapeuterna legitimerade?',
      answer:
        'Vi granskar varje terapeut innan profilen visas för klienter. Psykologer, psykoterapeuter och hälso- och sjukvårdskuratorer har legitimation utfärdad av Socialstyrelsen. Du kan själv kontrollera en legitimation i Socialstyrelsens register över legitimerad hälso- och sjukvårdspersonal.',
    },
    {
      question: 'Hur lång tid tar matchningen?',
      answer:
        'Det tar ungefär 10–15 minuter att svara på frågorna. Dina matchningar visas direkt när du har sparat dina svar.',
    },
    {
      question: 'Hur går det till?',
      answer:
        'Det går till i tre steg. Först svarar du på några frågor om vad du söker hjälp med och vad som är viktigt för dig. Sedan matchas du med verifierade terapeuter som passar dina svar. Till sist föreslår du tre tider och skickar en bokningsförfrågan för ett första samtal, direkt på plattformen.',
    },
    {
      question: 'Hur fungerar matchningen?',
      answer:
        'Matchningen utgår från dina svar och hur viktiga de är för dig, från vilka terapiformer och områden terapeuterna arbetar med och från om terapeuten har lediga tider. Ju bättre en terapeut stämmer överens med dina svar, desto högre upp i listan hamnar hen.',
    },
    {
      question: 'Kan jag byta terapeut?',
      answer:
        'Ja. Det är viktigt att du känner dig trygg med din terapeut. Om det inte känns rätt kan du välja en annan av dina matchningar eller uppdatera dina svar och få nya förslag, utan extra kostnad.',
    },
    {
      question: 'Gäller högkostnadsskyddet?',
      answer:
        'Nej. Terapeuterna på Samtalsmatch arbetar privat och ingår inte i den offentligt finansierade vården. Därför omfattas samtalen inte av högkostnadsskyddet och du betalar hela kostnaden själv.',
    },
    {
      question: 'Hur betalar jag?',
      answer:
        'Det är terapeuten som bestämmer hur du betalar, till exempel med kort, Swish eller faktura. Du får veta vad som gäller när terapeuten bekräftar din bokning.',
    },
    {
      question: 'Hur hanteras mina personuppgifter?',
      answer:
        'Vi behandlar dina personuppgifter enligt dataskyddsförordningen (GDPR). Vi samlar bara in de uppgifter som behövs för att matcha dig och hantera dina bokningar, och dina personuppgifter delas inte med terapeuter när matchningen görs. Läs mer i vår integritetspolicy.',
    },
    {
      question: 'Är det jag berättar konfidentiellt?',
      answer:
        'Ja. Det du berättar i samtalen stannar mellan dig och terapeuten. Legitimerad hälso- och sjukvårdspersonal har lagstadgad tystnadsplikt, och alla terapeuter på Samtalsmatch förbinder sig att behandla det du berättar konfidentiellt.',
    },
    {
      question: 'Träffas vi via video eller på plats?',
      answer:
        'Båda delarna förekommer. Många terapeuter erbjuder samtal via video, och många tar också emot på sin mottagning. På terapeutens profil ser du var mottagningen ligger.',
    },
    {
      question: 'Kan jag få hjälp i en akut situation?',
      answer:
        'Nej, Samtalsmatch är inte till för akuta lägen. Om du eller någon annan är i fara, ring 112. Har du tankar på att ta ditt liv kan du ringa Mind Självmordslinjen på 90101. Vid frågor om vård kan du ringa 1177 dygnet runt.',
    },
  ] satisfies readonly AccordionEntry[],
} as const;
