import type { SlotGame } from './api/slots.ts';
import { numberFormat } from './number-format.ts';

/**
 * How the slots pages show a catalogue entry (the lobby's cards on the server and in the island,
 * the game page): its RTP as a percentage in the page's language, its category's catalog key, and
 * the lobby's filters and sorts. Pure, shared by pages and islands.
 */

/** The categories the catalogs name (`slotLobby.category.*`); another shows as the aggregator wrote it. */
export const KNOWN_CATEGORIES = ['video', 'cascade', 'classic', 'live', 'megaways', 'jackpot'] as const;

export function categoryKey(category: string): string | null {
  return (KNOWN_CATEGORIES as readonly string[]).includes(category) ? `slotLobby.category.${category}` : null;
}

/** "96.21" → "96.21%" / "96,21 %" per the language tag; null (not stated, or not a number) → null. */
export function formatRtp(rtp: string | null, tag: string): string | null {
  if (rtp === null) return null;
  const value = Number(rtp);
  if (!Number.isFinite(value)) return null;
  return numberFormat(tag, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    value / 100,
  );
}

/**
 * The lobby's orders. The catalogue comes in the aggregator's order, most played first
 * (`popular`); it carries no release date, so `new` is the latest listed first.
 */
export const SLOT_SORTS = ['popular', 'name', 'rtp', 'new'] as const;
export type SlotSort = (typeof SLOT_SORTS)[number];

export interface SlotFilter {
  provider: string | null;
  category: string | null;
  /** Typed text: each of its words found in the name or the provider, any case, any accents. */
  search: string;
  sort: SlotSort;
  /** Only the player's favourites. */
  favourites: boolean;
}

export const NO_FILTER: SlotFilter = {
  provider: null,
  category: null,
  search: '',
  sort: 'popular',
  favourites: false,
};

const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();

/** The distinct values of one field, in the order they first appear. */
function distinct(games: readonly SlotGame[], field: 'provider' | 'category'): string[] {
  return [...new Set(games.map((game) => game[field]))];
}
export const providersOf = (games: readonly SlotGame[]) => distinct(games, 'provider');
export const categoriesOf = (games: readonly SlotGame[]) => distinct(games, 'category');

/** The games the lobby shows for `filter`, in its order (names compared in the page's language). */
export function visibleGames(
  games: readonly SlotGame[],
  filter: SlotFilter,
  favourites: ReadonlySet<string>,
  tag: string,
): SlotGame[] {
  const words = folded(filter.search).split(/\s+/).filter(Boolean);
  const shown = games.filter(
    (game) =>
      (filter.provider === null || game.provider === filter.provider) &&
      (filter.category === null || game.category === filter.category) &&
      (!filter.favourites || favourites.has(game.slug)) &&
      words.every((word) => folded(`${game.name} ${game.provider}`).includes(word)),
  );
  if (filter.sort === 'new') return shown.reverse();
  if (filter.sort === 'name') {
    const collator = new Intl.Collator(tag, { sensitivity: 'base' });
    return shown.sort((a, b) => collator.compare(a.name, b.name));
  }
  if (filter.sort === 'rtp') {
    const rtp = (game: SlotGame) => (game.rtp === null ? -1 : Number(game.rtp) || -1);
    return shown.sort((a, b) => rtp(b) - rtp(a));
  }
  return shown;
}

/** The games named by `slugs` (favourites, recently played), in that order, skipping unknown ones. */
export function gamesBySlug(games: readonly SlotGame[], slugs: readonly string[]): SlotGame[] {
  const bySlug = new Map(games.map((game) => [game.slug, game]));
  return slugs.flatMap((slug) => {
    const game = bySlug.get(slug);
    return game ? [game] : [];
  });
}

/** The layout a launch asks for: the phone one on narrow or touch screens. */
export function platformFor(narrowOrTouch: boolean): 'desktop' | 'mobile' {
  return narrowOrTouch ? 'mobile' : 'desktop';
}
