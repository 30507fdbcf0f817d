import type { AstroGlobal } from 'astro';
import { localizePath } from '../i18n/routing.ts';
import type { SlotGame } from '../shared/api/slots.ts';
import { providerGameParams } from './provider-game.ts';
import { keptCatalogue, nameFromSlug } from './slot-catalogue.ts';
import { slotCsp } from './slot-csp.ts';

/**
 * An aggregator game's page, read in the page's own frontmatter (only a page may set the status and
 * the headers): /games/slots/{slug}/play (real money, a player) and /demo (fun money, anybody), and
 * the live casino's /games/live-casino/{slug}/… (`kind` live; docs/slots.md, docs/live-casino.md).
 * A slug the kept catalogue does not list is not found (404); without a catalogue from the server
 * the island finds out from the API.
 */
export async function aggregatorGame(Astro: AstroGlobal, kind: 'slots' | 'live') {
  const { locale, site } = Astro.locals;
  const params = providerGameParams(Astro.params);
  // Before the await: the frame's origins go into the CSP header (astro.config.mjs turns CSP on).
  if (!Astro.csp) throw new Error('CSP is off: a game page cannot allow its frame');
  slotCsp(Astro.csp, site.frameOrigins);
  const catalogue: SlotGame[] | null = params.valid ? await keptCatalogue(Astro.locals, kind) : null;
  const game = catalogue?.find((entry) => entry.slug === params.slug) ?? null;
  const valid = params.valid && (catalogue === null || game !== null);
  if (!valid) Astro.response.status = 404;
  return {
    kind,
    valid,
    slug: params.slug,
    mode: params.mode === 'demo' ? ('demo' as const) : ('play' as const),
    name: game?.name ?? nameFromSlug(params.slug),
    game,
    lobby: localizePath(kind === 'live' ? '/games/live-casino' : '/games/slots', locale, site.strategy),
  };
}
