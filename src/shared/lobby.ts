import { type ArtKey, ORIGINALS as GAMES, type GameStatus, SECTIONS } from './games.ts';

export type { ArtKey };

/** A lobby tile: one original, or a section (slots, live casino, betting), from the game registry. */
export interface LobbyTile {
  art: ArtKey;
  /** Catalog key under `games.` */
  key: string;
  path: string;
  /** House edge for the originals, as shown: `1%` (docs/fairness.md §3). */
  edge?: string;
  /** From the registry: a `soon` tile carries the "soon" badge. */
  status: GameStatus;
}

export const ORIGINALS: LobbyTile[] = GAMES.map((game) => ({
  art: game.art,
  key: game.catalog,
  path: game.path,
  edge: `${game.edge}%`,
  status: game.status,
}));

export const MORE: LobbyTile[] = SECTIONS.map((section) => ({
  art: section.art,
  key: section.catalog,
  path: section.path,
  status: section.status,
}));
