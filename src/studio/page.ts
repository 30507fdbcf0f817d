/**
 * The game page the casino frames: a shell, the session's boot data (as inert JSON) and the
 * client's module script. Everything visible is built and translated by the client.
 */
import { SLOT_INFO } from '../games/slots/index.ts';
import { THEMES } from './art.ts';
import { LANGS } from './bets.ts';
import type { BootData } from './boot.ts';
import type { Session } from './store.ts';
import { GAME_CSS } from './styles.ts';

/** JSON safe inside a <script> element. */
const inertJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export function gamePage(session: Session): string {
  const info = SLOT_INFO[session.game];
  const theme = THEMES[session.game];
  const boot: BootData = {
    session: session.id,
    game: session.game,
    name: info.name,
    mode: session.mode,
    lang: session.lang,
    reels: info.reels,
    rows: info.rows,
    lines: info.lines,
    category: info.category,
    rtp: info.rtp,
    hitFrequency: info.hitFrequency,
    volatility: info.volatility,
    maxWin: info.maxWin,
    symbols: info.symbols,
    lobbyUrl: session.lobbyUrl,
  };
  const lang = (LANGS as readonly string[]).includes(session.lang) ? session.lang : 'en';
  const vars = `--bg:url(/static/art/${session.game}-background.svg);--accent:${theme.accent};--glow:${theme.glow};--reels:${info.reels};--rows:${info.rows}`;
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1,viewport-fit=cover">
<meta name="robots" content="noindex">
<title>${info.name}</title>
<link rel="icon" href="/static/art/${session.game}.svg">
<style>:root{${vars}}${GAME_CSS}</style>
</head>
<body>
<div id="app" aria-busy="true"></div>
<script type="application/json" id="boot">${inertJson(boot)}</script>
<script type="module" src="/static/client/game.ts"></script>
</body>
</html>`;
}
