/**
 * Structured data (schema.org as JSON-LD, docs/seo.md): `Organization` and `WebSite` on home,
 * `FAQPage` on the FAQ, `BreadcrumbList` on game and policy pages. Pure builders; the page head
 * writes them with `jsonLdScript`.
 */
type JsonLd = Record<string, unknown>;

const CONTEXT = 'https://schema.org';

export function organization(input: { name: string; url: string; logo: string; email: string }): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'Organization',
    name: input.name,
    url: input.url,
    logo: input.logo,
    email: input.email,
  };
}

export function webSite(input: { name: string; url: string; description: string; language: string }): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'WebSite',
    name: input.name,
    url: input.url,
    description: input.description,
    inLanguage: input.language,
  };
}

export function faqPage(items: readonly { q: string; a: string }[], language: string): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'FAQPage',
    inLanguage: language,
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.q,
      acceptedAnswer: { '@type': 'Answer', text: item.a },
    })),
  };
}

/** A trail from home to the page itself, each step with its absolute URL. */
export function breadcrumbList(trail: readonly { name: string; url: string }[]): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((step, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: step.name,
      item: step.url,
    })),
  };
}

/**
 * The text of a `<script type="application/ld+json">`: `<` is escaped so no value can close the
 * script element (the JSON means the same).
 */
export function jsonLdScript(data: JsonLd | readonly JsonLd[]): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
