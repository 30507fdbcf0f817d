/**
 * The live table page the casino frames (GET /live/:session): a shell, the session's boot data as
 * inert JSON and the client's module script (src/studio/live/client/table.ts, served at
 * /static/live/table.ts). No inline script: the page's CSP is `script-src 'self'`. Everything
 * visible is built and translated by the client.
 */
import { LANGS } from '../bets.ts';
import type { LiveBoot } from './protocol.ts';
import { LIVE_CSS } from './styles.ts';

/** JSON safe inside a <script> element (no "</script>", no "<!--"). */
const inertJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The felt colour of each game. */
const FELT: Record<LiveBoot['game'], string> = {
  'live-roulette': '--felt:#0b5d3b;--felt-dark:#063823;--accent:#f5c542',
  'live-baccarat': '--felt:#0f3f6e;--felt-dark:#08233f;--accent:#f5c542',
};

export function livePage(boot: LiveBoot): string {
  const lang = (LANGS as readonly string[]).includes(boot.lang) ? boot.lang : 'en';
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1,viewport-fit=cover">
<meta name="robots" content="noindex">
<meta name="referrer" content="no-referrer">
<link rel="icon" href="data:,">
<title>${escapeHtml(boot.name)}</title>
<style>:root{${FELT[boot.game] ?? FELT['live-roulette']}}${LIVE_CSS}</style>
</head>
<body>
<div id="app" aria-busy="true"></div>
<script type="application/json" id="boot">${inertJson(boot)}</script>
<script type="module" src="/static/live/table.ts"></script>
</body>
</html>`;
}
