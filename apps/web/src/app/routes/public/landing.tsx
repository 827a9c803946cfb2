import { MSG } from '@samtalsmatch/contracts';
import { Accordion } from '@/components/ui/accordion';
import { WithPhoneLinks } from '@/components/ui/phone-links';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { StructuredData } from '@/features/landing/components/structured-data';
import { FAQ } from '@/features/landing/faq';
import { useDocumentTitle } from '@/lib/use-document-title';

const STEPS = [
  {
    title: 'Svara på några frågor',
    text: 'Berätta vad du vill ha hjälp med och vad som är viktigt för dig hos en terapeut. Det tar ungefär 10–15 minuter.',
  },
  {
    title: 'Bli matchad',
    text: 'Vi matchar dig med verifierade terapeuter utifrån dina svar, deras arbetssätt och lediga tider.',
  },
  {
    title: 'Boka ett möte',
    text: 'Läs om dina matchningar, välj den terapeut som känns rätt och boka ett första samtal direkt på plattformen.',
  },
] as const;

export function LandingPage() {
  useDocumentTitle('Samtalsmatch – Hitta en terapeut som passar dig', { full: true });
  return (
    <>
      <StructuredData />
      <section aria-labelledby="hero-title" className="bg-brand-50">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:py-24">
          <h1
            id="hero-title"
            className="max-w-3xl text-4xl font-bold tracking-tight text-brand-800 sm:text-5xl"
          >
            {MSG.heroHeadline}
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-stone-800">
            Samtalsmatch hjälper dig att hitta rätt i samtalsterapin. Svara på några frågor, bli
            matchad med en verifierad terapeut och boka ett första samtal direkt på plattformen.
          </p>
          <ButtonLink to={paths.auth} size="lg" className="mt-8">
            {MSG.startMatching}
          </ButtonLink>
        </div>
      </section>

      <section aria-labelledby="steps-title" className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="steps-title" className="text-3xl font-bold text-stone-900">
          Så fungerar det
        </h2>
        <ol className="mt-8 grid gap-6 md:grid-cols-3">
          {STEPS.map((step, index) => (
            <li
              key={step.title}
              className="rounded-lg border border-stone-200 bg-white p-6 shadow-sm"
            >
              <span
                aria-hidden="true"
                className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-700 text-lg font-bold text-white"
              >
                {index + 1}
              </span>
              <h3 className="mt-4 text-xl font-semibold text-stone-900">
                <span className="sr-only">Steg {index + 1}: </span>
                {step.title}
              </h3>
              <p className="mt-2 text-stone-700">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="about-title" className="bg-white">
        <div className="mx-auto grid max-w-6xl gap-8 px-4 py-16 md:grid-cols-2">
          <h2 id="about-title" className="text-3xl font-bold text-stone-900">
            Om Samtalsmatch
          </h2>
          <div className="space-y-4 text-stone-700">
            <p>
              Att hitta en terapeut kan kännas svårt, särskilt när man redan mår dåligt.
              Samtalsmatch finns för att göra det första steget enklare. Utifrån dina svar och
              önskemål guidar vi dig och rekommenderar terapeuter och terapiformer som passar just
              dig.
            </p>
            <p>
              Alla terapeuter granskas av oss innan de kan ta emot bokningar. Du ser deras
              utbildning, arbetssätt och pris innan du bokar, och du bestämmer själv vem du vill
              träffa.
            </p>
            <p>
              <WithPhoneLinks text="Samtalsmatch är inte en akutverksamhet. Om du eller någon annan är i fara, ring 112." />
            </p>
          </div>
        </div>
      </section>

      <section aria-labelledby="faq-title" className="mx-auto max-w-3xl px-4 py-16">
        <h2 id="faq-title" className="text-3xl font-bold text-stone-900">
          Vanliga frågor
        </h2>
        <div className="mt-8">
          <Accordion entries={FAQ} />
        </div>
        <div className="mt-10 text-center">
          <ButtonLink to={paths.auth} size="lg">
            {MSG.startMatching}
          </ButtonLink>
        </div>
      </section>
    </>
  );
}
