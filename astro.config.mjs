// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';

// Locale codes as they appear in URLs (spec §2). The prefix strategy and the root redirect are
// runtime settings (src/server/config.ts) applied by src/middleware.ts, so routing is 'manual'.
export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'middleware' }),
  integrations: [react()],
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
        "connect-src 'self' ws: wss:",
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
