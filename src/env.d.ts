/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** Site settings handed over by the Fastify server (or read from env under `astro dev`). */
    site: import('./server/config.ts').SiteSettings;
    requestId?: string;
    /** Data pages render from the server (bonus campaigns); unset under `astro dev`. */
    content?: import('./server/http/site.ts').SiteContent;
    /** The trusted site origin of this request (links, canonical URLs); unset under `astro dev`. */
    origin?: string;
    /** The CSP `connect-src` sources for this origin (its /ws and api. host); unset under `astro dev`. */
    connectSrc?: string;
    log?: { error: (obj: unknown, msg?: string) => void; warn: (obj: unknown, msg?: string) => void };
    /** Locale of this page (URL prefix, or the default for unprefixed paths). */
    locale: import('./shared/locales.ts').Locale;
    /** The request path without its locale prefix ("/faq"); used for alternates and the switcher. */
    path: string;
    /** The path as the visitor requested it, for the not-found message. */
    requestedPath: string;
    /** The server's page cache (docs/performance.md "Pages"); unset under `astro dev`. */
    pageCache?: import('./server/page-cache.ts').PageCache;
    /** The operator's settings and search-engine data (docs/edge.md); unset under `astro dev`. */
    siteContent?: import('./shared/wire/site-content.ts').SiteContentReader;
    /** The cache key of this page's rendering, set by the server when it may be cached. */
    pageCacheKey?: string;
    /**
     * Content this page shows that can change while the server runs: a component that renders such
     * content adds its tag, and the server drops the cached page when that content changes.
     */
    cacheTags?: Set<string>;
    /**
     * The longest this page's rendering may be served from the cache, when shorter than the
     * server's `PAGE_CACHE_TTL_SECONDS`: pages of content that moves by the minute (the betting
     * lists) keep their copy briefly instead of waiting for an invalidation.
     */
    cacheMaxAgeMs?: number;
  }
}

/** An .astro component imported from TypeScript (the artwork files render one at build time). */
declare module '*.astro' {
  const Component: import('astro/runtime/server/index.js').AstroComponentFactory;
  export default Component;
}
