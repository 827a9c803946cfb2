import { usePublicConfig } from '@/lib/public-config';
import { LANDING_TEXTS } from '../texts';

/**
 * JSON-LD for the organisation and the FAQ. The organisation's
 * name and contact address come from the public configuration.
 */
export function StructuredData() {
  const { data: config } = usePublicConfig();
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const organization = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: 'Samtalsmatch',
    ...(config ? { legalName: config.companyName, email: config.contactEmail } : {}),
    url: `${origin}/`,
    logo: `${origin}/favicon.svg`,
    description: LANDING_TEXTS.organizationDescription,
  };
  const faqPage = {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: LANDING_TEXTS.faq.map((entry) => ({
      '@type': 'Question',
      name: entry.question,
      acceptedAnswer: { '@type': 'Answer', text: entry.answer },
    })),
  };
  return (
    <>
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{ __html: toJsonLd(organization) }}
      />
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: toJsonLd(faqPage) }} />
    </>
  );
}

/** JSON safe inside a script element (no '</script>' can close it early). */
export function toJsonLd(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
