// @ts-check

import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import node from '@astrojs/node';
import react from '@astrojs/react';
import AstroPWA from '@vite-pwa/astro';
import { defineConfig } from 'astro/config';
import { clientChunks, clientEntrySignatures } from './scripts/client-chunks.mjs';
import { precompress } from './scripts/precompress.mjs';

// The version of the game artwork files and the social-card images drawn from them and from the
// brand icon (src/components/art/url.ts): a hash of their sources.
const artDir = new URL('./src/components/art/', import.meta.url);
const artVersion = createHash('sha256')
  .update(
    [
      new URL('../GameArt.astro', artDir),
      new URL('./src/assets/icon.svg', import.meta.url),
      new URL('./src/seo/images.ts', import.meta.url),
      ...readdirSync(artDir)
        .sort()
        .map((name) => new URL(name, artDir)),
    ]
      .map((file) => readFileSync(file))
      .join('\0'),
  )
  .digest('hex')
  .slice(0, 12);

// The id of this build (docs/pwa.md "Updates"): the scripts and the service worker carry it, and
// builds/latest.json names it, so a page running an older build sees that a newer one is out.
const buildId = process.env.BUILD_ID || `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;

/** Writes dist/client/builds/latest.json, which the pages poll (never cached: src/server/http/site.ts). */
const latestBuild = {
  name: 'latest-build',
  hooks: {
    'astro:build:done': () => {
      const dir = new URL('./dist/client/builds/', import.meta.url);
      mkdirSync(dir, { recursive: true });
      writeFileSync(new URL('latest.json', dir), `${JSON.stringify({ id: buildId })}\n`);
    },
  },
};

// Locale codes as they appear in URLs (docs/product-rules.md §2). The prefix strategy and the root redirect are
// runtime settings (src/server/config.ts) applied by src/middleware.ts, so routing is 'manual'.
export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'middleware' }),
  integrations: [
    react(),
    latestBuild,
    // The service worker (src/sw.ts, docs/pwa.md): hashed assets precached; the manifests are our
    // own per-locale files (src/pages/manifest/), the registration our own idle-loaded script.
    AstroPWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        minify: true,
        globPatterns: ['_astro/**/*.{js,css,woff2}', 'favicon.svg', 'icons/icon-192.png'],
        maximumFileSizeToCacheInBytes: 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
    // Last, so it compresses what the others wrote (the service worker among them).
    precompress(),
  ],
  i18n: {
    locales: ['ru', 'en', 'kz', 'br', 'hi'],
    defaultLocale: 'ru',
    routing: 'manual',
  },
  security: {
    checkOrigin: true,
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ],
    },
  },
  build: { inlineStylesheets: 'never', assets: '_astro' },
  server: { port: 4321 },
  vite: {
    environments: {
      client: {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: clientChunks(),
            },
          },
        },
      },
    },
    plugins: [clientEntrySignatures()],
    define: { __ART_VERSION__: JSON.stringify(artVersion), __BUILD_ID__: JSON.stringify(buildId) },
    server: {
      proxy: {
        '/api': 'http://127.0.0.1:3001',
        '/ws': { target: 'ws://127.0.0.1:3001', ws: true },
        '/healthz': 'http://127.0.0.1:3001',
        '/readyz': 'http://127.0.0.1:3001',
      },
    },
  },
});
