import type { OriginalGame } from './routes.ts';

/** Lobby tiles: the ten originals (spec §1) and the slots, live casino and betting entries. */
export type ArtKey = OriginalGame | 'slots' | 'liveCasino' | 'betting';

export interface LobbyTile {
  art: ArtKey;
  /** Catalog key under `games.` */
  key: string;
  path: string;
  /** House edge in percent, for the originals (FAIRNESS.md: 1 %, roulette 2.7 %, cases 2 %, rooms 5 %). */
  edge?: string;
}

export const ORIGINALS: LobbyTile[] = [
  { art: 'crash', key: 'crash', path: '/games/crash', edge: '1%' },
  { art: 'dice', key: 'dice', path: '/games/dice', edge: '1%' },
  { art: 'coinflip', key: 'coinflip', path: '/games/coinflip', edge: '1%' },
  { art: 'miner', key: 'miner', path: '/games/miner', edge: '1%' },
  { art: 'hilo', key: 'hilo', path: '/games/hilo', edge: '1%' },
  { art: 'keno', key: 'keno', path: '/games/keno', edge: '1%' },
  { art: 'roulette', key: 'roulette', path: '/games/roulette', edge: '2.7%' },
  { art: 'wheel', key: 'wheel', path: '/games/wheel', edge: '1%' },
  { art: 'cases', key: 'cases', path: '/games/cases', edge: '2%' },
  { art: 'rooms', key: 'rooms', path: '/games/rooms', edge: '5%' },
];

export const MORE: LobbyTile[] = [
  { art: 'slots', key: 'slots', path: '/games/slots' },
  { art: 'liveCasino', key: 'liveCasino', path: '/games/live-casino' },
  { art: 'betting', key: 'betting', path: '/betting' },
];
