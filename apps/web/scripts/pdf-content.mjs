// The text of the two policy documents (Swedish). make-pdfs.mjs turns them into PDFs.
// Block types: title, subtitle, h (heading), p (paragraph), li (list item).

const CONTACT =
  'Samtalsmatchs företagsnamn, organisationsnummer och kontaktadress står längst ned på varje sida i tjänsten. Vi svarar inom 24 timmar.';

export const privacyPolicy = {
  title: 'Integritetspolicy – Samtalsmatch',
  subject: 'Hur Samtalsmatch behandlar personuppgifter',
  footer: 'Samtalsmatch – Integritetspolicy',
  blocks: [
    { type: 'title', text: 'Integritetspolicy' },
    { type: 'subtitle', text: 'Samtalsmatch – version 1.0, gäller från 2025' },
    {
      type: 'p',
      text: 'Samtalsmatch matchar privatpersoner som söker samtalsterapi med verifierade terapeuter och gör det möjligt att boka samtal. För att kunna göra det behöver vi behandla personuppgifter om dig, och en del av dem kan vara känsliga. Här beskriver vi vilka uppgifter vi behandlar, varför vi gör det, hur länge vi sparar dem och vilka rättigheter du har.',
    },
    { type: 'h', text: '1. Personuppgiftsansvarig' },
    {
      type: 'p',
      text: `Bolaget som driver Samtalsmatch är personuppgiftsansvarigt för behandlingen av dina personuppgifter i tjänsten. ${CONTACT}`,
    },
    {
      type: 'p',
      text: 'Terapeuterna är självständiga yrkesutövare. När du har träffat en terapeut är terapeuten själv ansvarig för de uppgifter som hen dokumenterar om dig, till exempel i en patientjournal.',
    },
    { type: 'h', text: '2. Vilka uppgifter vi behandlar' },
    {
      type: 'li',
      text: 'Kontouppgifter: namn, e-postadress och lösenord. Lösenordet sparas aldrig i klartext, bara som ett kryptografiskt hashvärde.',
    },
    {
      type: 'li',
      text: 'Svar på frågeformuläret: till exempel vad du söker hjälp med, önskemål om terapiform och språk och hur viktiga olika saker är för dig. Svaren kan avslöja uppgifter om din hälsa.',
    },
    {
      type: 'li',
      text: 'Matchningar och bokningar: vilka terapeuter du har matchats med, de tider du föreslår, bokningens status och meddelanden från terapeuten.',
    },
    {
      type: 'li',
      text: 'För terapeuter dessutom: personnummer från inloggningen med BankID (sparas krypterat), telefonnummer, mottagningens adress, titel, utbildning, pris, profilbild, profiltext, avbokningspolicy och tillgängliga tider.',
    },
    {
      type: 'li',
      text: 'Tekniska uppgifter: en sessionscookie som håller dig inloggad, IP-adress och tidpunkter i säkerhetsloggar samt räknare som skyddar mot upprepade inloggningsförsök.',
    },
    {
      type: 'li',
      text: 'Analysuppgifter om hur tjänsten används, men bara om du har godkänt analyscookies.',
    },
    { type: 'h', text: '3. Varför vi behandlar uppgifterna och med vilket stöd' },
    {
      type: 'li',
      text: 'För att tillhandahålla tjänsten enligt användarvillkoren: konto, inloggning, matchning, bokning och e-post om dina bokningar (avtal, artikel 6.1 b i dataskyddsförordningen).',
    },
    {
      type: 'li',
      text: 'För att matcha dig utifrån uppgifter om din hälsa: ditt uttryckliga samtycke, som du lämnar innan du svarar på frågeformuläret (artikel 9.2 a). Du kan när som helst återkalla samtycket, men då kan vi inte längre matcha dig.',
    },
    {
      type: 'li',
      text: 'För att skydda tjänsten och dina uppgifter mot intrång och missbruk, och för att granska att terapeuter är verifierade: vårt berättigade intresse (artikel 6.1 f).',
    },
    {
      type: 'li',
      text: 'För analys av hur tjänsten används: ditt samtycke till analyscookies (artikel 6.1 a).',
    },
    { type: 'h', text: '4. Vem som får ta del av uppgifterna' },
    {
      type: 'p',
      text: 'Dina personuppgifter delas inte med terapeuter när matchningen görs. När du skickar en bokningsförfrågan får den terapeut du valt ta del av ditt namn, dina kontaktuppgifter, dina föreslagna tider och de svar som behövs för att förbereda samtalet.',
    },
    {
      type: 'p',
      text: 'Vi anlitar tre slags leverantörer som personuppgiftsbiträden. De får bara behandla uppgifterna enligt våra instruktioner, enligt ett personuppgiftsbiträdesavtal, och behandlar dem inom EU/EES. Vi säljer aldrig personuppgifter och lämnar bara ut dem till myndigheter när lagen kräver det.',
    },
    {
      type: 'li',
      text: 'Driftleverantören (hosting), som kör våra servrar och databasen där alla uppgifter i tjänsten lagras.',
    },
    {
      type: 'li',
      text: 'E-postleverantören, som levererar våra mejl till dig. Den ser din e-postadress och mejlets innehåll. Våra mejl nämner aldrig någon annan person, något yrke eller något problemområde.',
    },
    {
      type: 'li',
      text: 'BankID-förmedlaren (en e-legitimationstjänst, till exempel Idura/Criipto eller Signicat), som förmedlar inloggningen med BankID och då ser ditt personnummer och namn, men inga andra uppgifter från tjänsten.',
    },
    { type: 'h', text: '5. Hur länge vi sparar uppgifterna' },
    {
      type: 'li',
      text: 'Ditt konto (namn, e-postadress, lösenord, personnummer och kontaktuppgifter) sparas tills du själv raderar det. Ett konto vars e-postadress aldrig bekräftas tas bort 30 dagar efter registreringen; vi påminner dig via e-post en vecka innan.',
    },
    {
      type: 'li',
      text: 'Dina svar på frågeformuläret och dina rekommendationer sparas tills du återkallar samtycket eller raderar kontot, eller tills du inte har loggat in på 24 månader. Då tas svaren bort; vi påminner dig via e-post en månad innan.',
    },
    {
      type: 'li',
      text: 'Bokningar sparas så länge någon av parterna har kvar sitt konto, eftersom de ingår i båda parternas historik. Raderar du ditt konto ser den andra parten bara Borttagen klient eller Borttagen terapeut, utan svar, kontaktuppgifter eller meddelanden.',
    },
    {
      type: 'li',
      text: 'Inloggningar avslutas efter 30 minuters inaktivitet och senast efter 12 timmar. Länkar för att bekräfta e-postadress gäller i 24 timmar och länkar för att återställa lösenord i en timme; använda och utgångna länkar tas bort efter 7 dagar.',
    },
    {
      type: 'li',
      text: 'Texten i våra mejl tas bort efter 24 timmar. Mottagare, ämnesrad och tidpunkt sparas så länge kontot finns.',
    },
    {
      type: 'li',
      text: 'Loggen över vem som har läst personnummer och andra personers uppgifter sparas för att vi ska kunna visa att uppgifterna har hanterats rätt. Den innehåller bara id-nummer, inga namn eller kontaktuppgifter, och finns kvar även när ett konto har raderats.',
    },
    { type: 'h', text: '6. Så skyddar vi uppgifterna' },
    {
      type: 'p',
      text: 'All trafik till tjänsten är krypterad. Lösenord lagras som hashvärden och personnummer krypterat. Bara den som behöver uppgifterna i sitt arbete får tillgång till dem, och administratörers åtkomst till personnummer loggas. Inloggningar avslutas automatiskt efter en tids inaktivitet.',
    },
    { type: 'h', text: '7. Dina rättigheter' },
    {
      type: 'p',
      text: 'Du har rätt att få veta vilka uppgifter vi har om dig och att få en kopia av dem, att få felaktiga uppgifter rättade, att få uppgifter raderade, att begränsa behandlingen, att invända mot behandling som grundar sig på vårt berättigade intresse, att få ut uppgifter du själv lämnat i ett maskinläsbart format och att när som helst återkalla ett samtycke.',
    },
    {
      type: 'p',
      text: 'Under Integritet i menyn kan du själv ladda ned alla uppgifter vi har om dig som en fil och radera ditt konto. Raderingen sker direkt: pågående bokningar avbokas och terapeuten eller klienten får ett mejl om det.',
    },
    {
      type: 'p',
      text: 'Kontakta oss om du vill använda någon av dina rättigheter. Om du är missnöjd med hur vi behandlar dina uppgifter kan du lämna klagomål till Integritetsskyddsmyndigheten (IMY), www.imy.se.',
    },
    { type: 'h', text: '8. Cookies' },
    {
      type: 'p',
      text: 'Hur vi använder cookies och hur du ändrar ditt val beskrivs i dokumentet Användarvillkor & Cookies, som du hittar längst ned på varje sida.',
    },
    { type: 'h', text: '9. Kontakt och ändringar' },
    {
      type: 'p',
      text: `${CONTACT} Om vi ändrar integritetspolicyn på ett sätt som påverkar dig meddelar vi det i tjänsten eller via e-post innan ändringen börjar gälla.`,
    },
  ],
};

export const termsAndCookies = {
  title: 'Användarvillkor & Cookies – Samtalsmatch',
  subject: 'Villkor för klienter och information om cookies',
  footer: 'Samtalsmatch – Användarvillkor & Cookies',
  blocks: [
    { type: 'title', text: 'Användarvillkor & Cookies' },
    {
      type: 'subtitle',
      text: 'Samtalsmatch – villkor för klienter, version 1.0, gäller från 2025',
    },
    {
      type: 'p',
      text: 'Dessa villkor gäller när du som privatperson använder Samtalsmatch för att hitta och boka samtal med en terapeut. Genom att skapa ett konto godkänner du villkoren.',
    },
    { type: 'h', text: '1. Om tjänsten' },
    {
      type: 'p',
      text: 'Samtalsmatch hjälper dig att hitta en terapeut. Utifrån dina svar och önskemål rekommenderar vi terapeuter och terapiformer, och du kan skicka en bokningsförfrågan direkt på plattformen. Samtalsmatch är inte en vårdgivare. Terapeuterna är självständiga yrkesutövare och ansvarar själva för de samtal och den behandling de ger.',
    },
    {
      type: 'p',
      text: 'Vi granskar varje terapeut innan profilen visas för klienter. En matchning är en rekommendation, inte en garanti för att en viss terapeut eller terapiform passar dig.',
    },
    { type: 'h', text: '2. Inte för akuta lägen' },
    {
      type: 'p',
      text: 'Tjänsten är inte avsedd för akuta situationer. Om du eller någon annan är i fara, ring 112. Har du tankar på att ta ditt liv kan du ringa Mind Självmordslinjen på 90101. Vid frågor om vård kan du ringa 1177 dygnet runt.',
    },
    { type: 'h', text: '3. Ditt konto' },
    {
      type: 'li',
      text: 'Du måste ha fyllt 18 år för att skapa ett konto som klient.',
    },
    {
      type: 'li',
      text: 'Du ska lämna korrekta uppgifter och bekräfta din e-postadress innan du skickar en bokningsförfrågan.',
    },
    {
      type: 'li',
      text: 'Ditt lösenord är personligt. Dela det inte med någon, och byt det direkt om du misstänker att någon annan känner till det.',
    },
    {
      type: 'li',
      text: 'Vi får stänga av ett konto som används i strid med villkoren eller på ett sätt som kan skada andra.',
    },
    { type: 'h', text: '4. Bokning, pris och betalning' },
    {
      type: 'p',
      text: 'En bokningsförfrågan innehåller tre tider som du föreslår. Bokningen gäller först när terapeuten har bekräftat en av tiderna. Priset sätts av varje terapeut och visas på terapeutens profil. Det är terapeuten som bestämmer hur du betalar, till exempel med kort, Swish eller faktura. Eftersom terapeuterna arbetar privat omfattas samtalen inte av högkostnadsskyddet.',
    },
    { type: 'h', text: '5. Avbokning' },
    {
      type: 'p',
      text: 'Varje terapeut har en avbokningspolicy som visas på profilen: avbokning senast 12, 24 eller 48 timmar innan samtalet, eller ingen avbokning. Den policy som gällde när bokningen bekräftades gäller för bokningen. Terapeuten kan också behöva avboka och meddelar dig i så fall via e-post.',
    },
    { type: 'h', text: '6. Ansvar' },
    {
      type: 'p',
      text: 'Vi arbetar för att tjänsten ska vara tillgänglig och fungera som den ska, men kan inte lova att den alltid är fri från avbrott eller fel. Vi ansvarar inte för innehållet i samtal eller behandling hos en terapeut. Ingenting i villkoren begränsar de rättigheter du har enligt tvingande konsumentlagstiftning.',
    },
    { type: 'h', text: '7. Ändringar, tillämplig lag och tvister' },
    {
      type: 'p',
      text: 'Vi kan ändra villkoren. Väsentliga ändringar meddelar vi i tjänsten eller via e-post minst 30 dagar innan de börjar gälla. Svensk lag gäller för villkoren. Om vi inte kommer överens kan du som konsument vända dig till Allmänna reklamationsnämnden (ARN), www.arn.se, eller till allmän domstol.',
    },
    { type: 'h', text: '8. Cookies och lagring i webbläsaren' },
    {
      type: 'p',
      text: 'En cookie är en liten textfil som webbplatsen sparar i din webbläsare. Vi använder följande:',
    },
    {
      type: 'li',
      text: 'Nödvändiga cookies: en sessionscookie som håller dig inloggad och skyddar mot förfalskade anrop. Den raderas när du loggar ut eller när sessionen löper ut. Utan den fungerar inte inloggningen, och den kräver därför inget samtycke.',
    },
    {
      type: 'li',
      text: 'Ditt cookieval: vi sparar om du har godkänt eller avböjt analyscookies i webbläsarens lokala lagring (local storage), så att vi inte behöver fråga vid varje besök.',
    },
    {
      type: 'li',
      text: 'Analyscookies: används bara om du godkänner dem, för att förstå hur tjänsten används och göra den bättre. Avböjer du laddas inget analysverktyg.',
    },
    {
      type: 'p',
      text: 'Du kan när som helst ändra ditt val med knappen Ändra cookie inställningar längst ned på varje sida. Du kan också radera cookies i din webbläsares inställningar. Läs mer om hur vi behandlar personuppgifter i vår integritetspolicy.',
    },
    { type: 'h', text: '9. Kontakt' },
    { type: 'p', text: CONTACT },
  ],
};
