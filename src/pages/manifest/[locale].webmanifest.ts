import type { APIRoute } from 'astro';
import { getT } from '../../i18n/index.ts';
import { DEFAULT_LOCALE, LANGUAGE_TAG, LOCALES, type Locale } from '../../shared/locales.ts';

// One web app manifest per locale (docs/pwa.md), built as files: its name and description in
// the language, and a start URL in it. Icons and screenshots live in public/icons/.
export const prerender = true;

export function getStaticPaths() {
  return LOCALES.map((locale) => ({ params: { locale } }));
}

/** The manifest of one locale (`/manifest/<locale>.webmanifest`, linked from src/components/Head.astro). */
export function webManifest(locale: Locale) {
  const t = getT(locale);
  const home = locale === DEFAULT_LOCALE ? '/' : `/${locale}/`;
  return {
    id: '/',
    name: t('meta.siteName'),
    short_name: t('meta.siteName'),
    description: t('pwa.manifest.description'),
    lang: LANGUAGE_TAG[locale],
    start_url: home,
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: '#0b0f1a',
    background_color: '#0b0f1a',
    categories: ['games', 'entertainment'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
    screenshots: [
      { src: '/icons/screenshot-wide.png', sizes: '1280x720', type: 'image/png', form_factor: 'wide' },
      { src: '/icons/screenshot-narrow.png', sizes: '390x844', type: 'image/png', form_factor: 'narrow' },
    ],
  };
}

export const GET: APIRoute = ({ params }) =>
  new Response(JSON.stringify(webManifest(params.locale as Locale)), {
    headers: { 'content-type': 'application/manifest+json' },
  });
