/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** Site settings handed over by the Fastify server (or read from env under `astro dev`). */
    site: import('./server/config.ts').SiteSettings;
    requestId?: string;
    log?: { error: (obj: unknown, msg?: string) => void; warn: (obj: unknown, msg?: string) => void };
    /** Locale of this page (URL prefix, or the default for unprefixed paths). */
    locale: import('./shared/locales.ts').Locale;
    /** The request path without its locale prefix ("/faq"); used for alternates and the switcher. */
    path: string;
    /** The path as the visitor requested it, for the not-found message. */
    requestedPath: string;
  }
}
