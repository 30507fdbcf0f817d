/**
 * Every route of spec §2 (plus /games/wheel and /games/miner, which the spec's game list implies
 * but its route list omits), with a sample URL for dynamic segments. Tests request each one in
 * every locale; pages set the same `game`/`fullWidth` flags on their layout.
 */
export interface RouteInfo {
  pattern: string;
  sample: string;
  /** Spec §2: game pages are flagged as such. */
  game?: boolean;
  /** Rendered by the no-access layout (spec §2). */
  noAccess?: boolean;
  /** Answers with a status other than 200 by design. */
  status?: number;
}

export const ORIGINAL_GAMES = [
  'coinflip',
  'crash',
  'dice',
  'hilo',
  'keno',
  'roulette',
  'cases',
  'rooms',
  'wheel',
  'miner',
] as const;
export type OriginalGame = (typeof ORIGINAL_GAMES)[number];

export const TOURNAMENT_STATUSES = ['active', 'upcoming', 'finished'] as const;

export const ROUTES: RouteInfo[] = [
  { pattern: '/', sample: '/' },
  { pattern: '/betting', sample: '/betting' },
  { pattern: '/bonuses', sample: '/bonuses' },
  { pattern: '/error', sample: '/error?errorCode=500' },
  { pattern: '/faq', sample: '/faq' },
  { pattern: '/fairness', sample: '/fairness' },
  { pattern: '/games/cases', sample: '/games/cases', game: true },
  { pattern: '/games/cases/[slug]', sample: '/games/cases/easy', game: true },
  { pattern: '/games/coinflip', sample: '/games/coinflip', game: true },
  { pattern: '/games/crash', sample: '/games/crash', game: true },
  { pattern: '/games/dice', sample: '/games/dice', game: true },
  { pattern: '/games/hilo', sample: '/games/hilo', game: true },
  { pattern: '/games/keno', sample: '/games/keno', game: true },
  { pattern: '/games/roulette', sample: '/games/roulette', game: true },
  { pattern: '/games/wheel', sample: '/games/wheel', game: true },
  { pattern: '/games/miner', sample: '/games/miner', game: true },
  { pattern: '/games/rooms', sample: '/games/rooms', game: true },
  { pattern: '/games/rooms/purple', sample: '/games/rooms/purple', game: true },
  { pattern: '/games/rooms/red', sample: '/games/rooms/red', game: true },
  { pattern: '/games/rooms/yellow', sample: '/games/rooms/yellow', game: true },
  { pattern: '/games/slots', sample: '/games/slots' },
  { pattern: '/games/slots/[slots]/play', sample: '/games/slots/starburst/play', game: true },
  { pattern: '/games/slots/[slots]/demo', sample: '/games/slots/starburst/demo', game: true },
  { pattern: '/games/live-casino', sample: '/games/live-casino' },
  {
    pattern: '/games/live-casino/[slots]/play',
    sample: '/games/live-casino/lightning-roulette/play',
    game: true,
  },
  {
    pattern: '/games/live-casino/[slots]/demo',
    sample: '/games/live-casino/lightning-roulette/demo',
    game: true,
  },
  { pattern: '/no-access', sample: '/no-access', noAccess: true },
  { pattern: '/password/reset', sample: '/password/reset' },
  { pattern: '/reset-password/[token]', sample: '/reset-password/abc123' },
  { pattern: '/policy/en/kyc', sample: '/policy/en/kyc' },
  { pattern: '/policy/en/user-agreement', sample: '/policy/en/user-agreement' },
  { pattern: '/policy/ru/confidential', sample: '/policy/ru/confidential' },
  { pattern: '/policy/ru/user-agreement', sample: '/policy/ru/user-agreement' },
  { pattern: '/profile', sample: '/profile' },
  { pattern: '/profile/access', sample: '/profile/access' },
  { pattern: '/profile/bonuses', sample: '/profile/bonuses' },
  { pattern: '/profile/history', sample: '/profile/history' },
  { pattern: '/profile/setting', sample: '/profile/setting' },
  { pattern: '/top', sample: '/top' },
  { pattern: '/tournament/[id]', sample: '/tournament/42' },
  { pattern: '/tournaments', sample: '/tournaments' },
  { pattern: '/tournaments/[status]', sample: '/tournaments/active' },
  { pattern: '/vip-club', sample: '/vip-club' },
];
