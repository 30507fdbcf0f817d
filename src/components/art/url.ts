import type { ArtKey } from '../../shared/games.ts';

declare const __ART_VERSION__: string;

/**
 * The address of a game artwork file (src/pages/art/[art].svg.ts). The query carries a hash of the
 * artwork sources (astro.config.mjs), so the server can let browsers cache the file for a year: a
 * changed drawing gets a new address.
 */
export function artUrl(art: ArtKey): string {
  return `/art/${art}.svg?v=${__ART_VERSION__}`;
}

/** The size every artwork is drawn at (its viewBox), for width/height attributes. */
export const ART_SIZE = { width: 320, height: 200 } as const;

/** The address of a page's social-card PNG (src/pages/art/[image].png.ts), versioned like the art. */
export function ogImageUrl(image: string): string {
  return `/art/${image}.png?v=${__ART_VERSION__}`;
}
