import { MSG, ROUTES } from '@samtalsmatch/contracts';
import { Accordion } from '@/components/ui/accordion';
import { WithPhoneLinks } from '@/components/ui/phone-links';
import { ButtonLink } from '@/components/ui/button';
import { StructuredData } from '@/features/landing/components/structured-data';
import { LANDING_TEXTS } from '@/features/landing/texts';
import { useDocumentTitle } from '@/lib/use-document-title';
import { APP_TEXTS } from '@/app/texts';

/** An icon of the landing page's sprite (public/illustrations/icons.svg): no JavaScript, one request. */
function SpriteIcon({ name, className = 'h-6 w-6' }: { name: string; className?: string }) {
  return (
    <svg aria-hidden="true" focusable="false" className={className}>
      <use href={`/illustrations/icons.svg#${name}`} />
    </svg>
  );
}

/**
 * The four trust points, of comparable length so the strip reads evenly; the
 * licence point links to how licences are checked ('Om Samtalsmatch' below).
 */
const T = APP_TEXTS.landing;

const TRUST = [
  {
    icon: 'licence',
    // Psykolog, psykoterapeut and (hälso- och sjukvårds)kurator are licensed titles; a therapist
    // claiming one is verified only after the admin found it in HOSP (docs/decisions/310).
    title: T.trust.licence.title,
    text: T.trust.licence.text,
    more: { href: '#legitimation', label: T.trust.licence.more },
  },
  { icon: 'bankid', ...T.trust.bankid },
  { icon: 'gdpr', ...T.trust.gdpr },
  { icon: 'reply', ...T.trust.reply },
] as const;

const STEPS = [
  { icon: 'questions', ...T.steps.questions },
  { icon: 'match', ...T.steps.match },
  { icon: 'calendar', ...T.steps.calendar },
] as const;

export function LandingPage() {
  useDocumentTitle(T.documentTitle, { full: true });
  return (
    <>
      <StructuredData />
      <section aria-labelledby="hero-title" className="bg-linear-to-b from-accent-50 to-brand-50">
        <div className="mx-auto grid max-w-6xl items-center gap-8 px-4 py-10 sm:py-16 md:grid-cols-2 md:gap-12 md:py-20">
          <div>
            <h1 id="hero-title" className="max-w-3xl type-display text-brand-800">
              {MSG.heroHeadline}
            </h1>
            <p className="mt-5 max-w-2xl text-lg text-stone-800">{T.intro}</p>
            <ButtonLink to={ROUTES.auth} size="lg" className="mt-8">
              {MSG.startMatching}
            </ButtonLink>
          </div>
          {/* Drawn for us (public/illustrations): the space is reserved by width and height. */}
          <img
            src="/illustrations/samtal.svg"
            alt=""
            width={480}
            height={360}
            className="mx-auto h-auto w-full max-w-md md:max-w-none"
          />
        </div>
      </section>

      <section aria-labelledby="trust-title" className="border-y border-stone-200 bg-white">
        <div className="mx-auto max-w-6xl px-4 py-10">
          <h2 id="trust-title" className="sr-only">
            {T.trustTitle}
          </h2>
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {TRUST.map((point) => (
              <li key={point.icon} className="flex gap-4">
                <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                  <SpriteIcon name={point.icon} />
                </span>
                <div>
                  <h3 className="font-semibold text-stone-900">{point.title}</h3>
                  <p className="mt-1 text-sm text-stone-700">{point.text}</p>
                  {'more' in point ? (
                    <a
                      href={point.more.href}
                      className="mt-1 inline-flex min-h-6 items-center text-sm text-brand-700 underline underline-offset-2 hover:text-brand-800"
                    >
                      {point.more.label}
                    </a>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="steps-title" className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="steps-title" className="type-title text-stone-900">
          {T.stepsTitle}
        </h2>
        <ol className="mt-8 grid gap-6 md:grid-cols-3">
          {STEPS.map((step, index) => (
            <li
              key={step.title}
              className="rounded-xl border border-stone-200 bg-white p-6 shadow-card"
            >
              <div className="flex items-center gap-3">
                <span
                  aria-hidden="true"
                  className="flex h-12 w-12 items-center justify-center rounded-full bg-accent-100 text-accent-700"
                >
                  <SpriteIcon name={step.icon} className="h-7 w-7" />
                </span>
                <span
                  aria-hidden="true"
                  className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white"
                >
                  {index + 1}
                </span>
              </div>
              <h3 className="mt-4 text-xl font-semibold text-stone-900">
                <span className="sr-only">{T.step(index + 1)}</span>
                {step.title}
              </h3>
              <p className="mt-2 text-stone-700">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="about-title" className="bg-white">
        <div className="mx-auto grid max-w-6xl items-start gap-10 px-4 py-16 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <div>
            <h2 id="about-title" className="type-title text-stone-900">
              {T.aboutTitle}
            </h2>
            <div className="mt-6 max-w-prose space-y-4 text-stone-700">
              {T.about.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
              <p>
                <WithPhoneLinks text={T.notEmergency} />
              </p>
            </div>
          </div>
          <section
            id="legitimation"
            aria-labelledby="licence-title"
            className="scroll-mt-24 rounded-xl border border-brand-100 bg-brand-50 p-6"
          >
            <h3 id="licence-title" className="type-subheading text-stone-900">
              {T.licenceTitle}
            </h3>
            {T.licence.map((paragraph) => (
              <p key={paragraph} className="mt-3 text-stone-800">
                {paragraph}
              </p>
            ))}
          </section>
        </div>
      </section>

      <section aria-labelledby="faq-title" className="mx-auto max-w-3xl px-4 py-16">
        <h2 id="faq-title" className="type-title text-stone-900">
          {T.faqTitle}
        </h2>
        <div className="mt-8">
          <Accordion entries={LANDING_TEXTS.faq} />
        </div>
        <div className="mt-10 text-center">
          {/* The hero's action again, for who has read this far: one primary per view is the hero's. */}
          <ButtonLink to={ROUTES.auth} size="lg" variant="secondary">
            {MSG.startMatching}
          </ButtonLink>
        </div>
      </section>
    </>
  );
}
