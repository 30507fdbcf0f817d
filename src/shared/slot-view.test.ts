import { describe, expect, test } from 'vitest';
import type { SlotGame } from './api/slots.ts';
import { categoryKey, formatRtp, gamesBySlug, NO_FILTER, visibleGames } from './slot-view.ts';

const game = (
  slug: string,
  name: string,
  provider: string,
  category: string,
  rtp: string | null,
): SlotGame => ({
  slug,
  game_code: slug,
  name,
  provider,
  category,
  rtp,
  thumb: '/art/slots.svg',
  demo: true,
  platforms: ['desktop'],
});
const GAMES = [
  game('star-quest', 'Star Quest', 'Orbita Studio', 'video', '96.21'),
  game('sugar-storm', 'Sugar Storm', 'Orbita Studio', 'cascade', '96.54'),
  game('eclair', 'Éclair Spins', 'Nebula', 'video', null),
];
const slugs = (games: SlotGame[]) => games.map((g) => g.slug);
const none = new Set<string>();

describe('the slots view', () => {
  test('RTP as a percentage in the page language; none or garbage shows nothing', () => {
    expect(formatRtp('96.21', 'en-US')).toBe('96.21%');
    expect(formatRtp('96.5', 'pt-BR')).toBe('96,50%');
    expect(formatRtp('96.21', 'ru')).toBe('96,21\u00a0%');
    expect(formatRtp(null, 'en-US')).toBeNull();
    expect(formatRtp('n/a', 'en-US')).toBeNull();
  });

  test('filters by studio, category, favourites and every searched word, any case and accents', () => {
    expect(slugs(visibleGames(GAMES, { ...NO_FILTER, provider: 'Nebula' }, none, 'en'))).toEqual(['eclair']);
    expect(slugs(visibleGames(GAMES, { ...NO_FILTER, category: 'video' }, none, 'en'))).toEqual([
      'star-quest',
      'eclair',
    ]);
    expect(slugs(visibleGames(GAMES, { ...NO_FILTER, search: ' orbita  SUG ' }, none, 'en'))).toEqual([
      'sugar-storm',
    ]);
    expect(slugs(visibleGames(GAMES, { ...NO_FILTER, search: 'eclair' }, none, 'en'))).toEqual(['eclair']);
    expect(
      slugs(visibleGames(GAMES, { ...NO_FILTER, favourites: true }, new Set(['sugar-storm']), 'en')),
    ).toEqual(['sugar-storm']);
  });

  test('sorts: the catalogue order, by name, highest RTP first (none last), the latest listed first', () => {
    expect(slugs(visibleGames(GAMES, NO_FILTER, none, 'en'))).toEqual([
      'star-quest',
      'sugar-storm',
      'eclair',
    ]);
    expect(slugs(visibleGames(GAMES, { ...NO_FILTER, sort: 'name' }, none, 'en'))).toEqual([
      'eclair',
      'star-quest',
      'sugar-storm',
    ]);
    expect(slugs(visibleGames(GAMES, { ...NO_FILTER, sort: 'rtp' }, none, 'en'))).toEqual([
      'sugar-storm',
      'star-quest',
      'eclair',
    ]);
    expect(slugs(visibleGames(GAMES, { ...NO_FILTER, sort: 'new' }, none, 'en'))).toEqual([
      'eclair',
      'sugar-storm',
      'star-quest',
    ]);
    // The input is left as it was.
    expect(slugs(GAMES)).toEqual(['star-quest', 'sugar-storm', 'eclair']);
  });

  test('favourites and recent games by slug, unknown ones skipped; category keys', () => {
    expect(slugs(gamesBySlug(GAMES, ['eclair', 'gone', 'star-quest']))).toEqual(['eclair', 'star-quest']);
    expect(categoryKey('cascade')).toBe('slotLobby.category.cascade');
    expect(categoryKey('crash-games')).toBeNull();
  });
});
