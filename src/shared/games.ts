/**
 * The game registry: every game and game section the site lists, in lobby order. The routes
 * (`routes.ts`), the lobby (`lobby.ts`), the currency table's limit keys (`currencies.ts`), the
 * server's bet API (`src/server/modules/games`), the game kit (`src/islands/games/kit`), the
 * verifier (`src/games/verifier.ts`) and the artwork (`src/components/GameArt.astro`) read it.
 * Pure data, shared by server and browser. Adding a game: docs/architecture.md, "Adding a game".
 */

/** How a game is played: one request (`instant`), a round across requests (`series`), or rounds shared by every player (`multiplayer`). */
export type GameKind = 'instant' | 'series' | 'multiplayer';

/** `playable`: the game has its island and bet API; `soon`: its page shows the frame and "coming soon". */
export type GameStatus = 'playable' | 'soon';

/** A page below an entry's path, with a sample URL the route tests request. */
export interface SubPage {
  readonly pattern: string;
  readonly sample: string;
}

/** One of the provably fair originals (docs/product-rules.md §1, docs/fairness.md §3-5). */
export interface OriginalEntry {
  readonly key: string;
  readonly kind: GameKind;
  /**
   * The key of the game's bet band in the currency table (docs/configuration.md, "Bet limits");
   * null for rooms, which have one band per room (`ROOMS`, the table's `rooms`).
   */
  readonly limit: string | null;
  /** Its page; `pages` are further pages below it. */
  readonly path: string;
  readonly pages?: readonly SubPage[];
  /** The artwork (`src/components/art/<Art>Art.astro`, chosen in `GameArt.astro`). */
  readonly art: string;
  /** Catalog key under `games.` (`name`, `tagline`). */
  readonly catalog: string;
  /** House edge in percent, as a decimal string (docs/fairness.md §3). */
  readonly edge: string;
  /**
   * Players stake against each other for a pot the house only takes a commission of (rooms): such
   * stakes do not wager a bonus unless a campaign names the game (docs/bonuses.md "Wagering").
   */
  readonly pot?: true;
  /**
   * The API path that plays one whole bet in one request ("/games/dice/bet"): an instant auto-bet
   * series may send it over the tab's socket (`isRelayedPath`, src/shared/wire/realtime.ts).
   */
  readonly instantBet?: string;
  /**
   * How the game turns the HMAC stream's floats into its outcome, as the fairness page states it,
   * and the formula's place in that page's table (docs/fairness.md §3).
   */
  readonly fairness?: { readonly rank: number; readonly formula: string };
  readonly status: GameStatus;
  /** Not offered on the game-mirror host: its pages redirect to /error there (docs/product-rules.md §5). */
  readonly offMirror?: true;
}

/**
 * A lobby section that is not one game: `provider` sections list third-party games (a catalogue
 * entry is a provider game with a slug, played at `<path>/<slug>/play` or `/demo`), `sportsbook`
 * is betting.
 */
export interface SectionEntry {
  readonly key: string;
  readonly kind: 'provider' | 'sportsbook';
  readonly path: string;
  readonly pages?: readonly SubPage[];
  readonly art: string;
  readonly catalog: string;
  /** `soon`: its page says "coming soon" (the lobby tile carries the badge). */
  readonly status: GameStatus;
}

/** The rooms of the rooms game, cheapest first; each has its own bet band. */
export const ROOMS = ['red', 'yellow', 'purple'] as const;
export type Room = (typeof ROOMS)[number];

const providerPages = (path: string, sample: string): SubPage[] =>
  (['play', 'demo'] as const).map((mode) => ({
    pattern: `${path}/[slots]/${mode}`,
    sample: `${path}/${sample}/${mode}`,
  }));

/** The ten originals, in lobby order. */
export const ORIGINALS = [
  {
    key: 'crash',
    kind: 'multiplayer',
    limit: 'crash',
    path: '/games/crash',
    art: 'crash',
    catalog: 'crash',
    edge: '1',
    offMirror: true,
    status: 'playable',
  },
  {
    key: 'dice',
    kind: 'instant',
    limit: 'dice',
    path: '/games/dice',
    art: 'dice',
    catalog: 'dice',
    edge: '1',
    instantBet: '/games/dice/bet',
    fairness: { rank: 1, formula: 'roll = floor(float₀ × 10001) / 100' },
    status: 'playable',
  },
  {
    key: 'coinflip',
    kind: 'series',
    limit: 'coinflip',
    path: '/games/coinflip',
    art: 'coinflip',
    catalog: 'coinflip',
    edge: '1',
    offMirror: true,
    fairness: { rank: 6, formula: 'flipᵢ = floor(floatᵢ × 2)' },
    status: 'playable',
  },
  {
    key: 'miner',
    kind: 'series',
    limit: 'miner',
    path: '/games/miner',
    art: 'miner',
    catalog: 'miner',
    edge: '1',
    instantBet: '/games/miner/auto',
    fairness: { rank: 4, formula: 'pool = [0…24]; pickᵢ = pool.splice(floor(floatᵢ × pool.length), 1)' },
    status: 'playable',
  },
  {
    key: 'hilo',
    kind: 'series',
    limit: 'hilo',
    path: '/games/hilo',
    art: 'hilo',
    catalog: 'hilo',
    edge: '1',
    fairness: { rank: 5, formula: 'cardᵢ = DECK[floor(floatᵢ × 52)]' },
    status: 'playable',
  },
  {
    key: 'keno',
    kind: 'instant',
    limit: 'keno',
    path: '/games/keno',
    art: 'keno',
    catalog: 'keno',
    edge: '1',
    instantBet: '/games/keno/bet',
    fairness: {
      rank: 3,
      formula: 'pool = [1…40]; drawnᵢ = pool.splice(floor(floatᵢ × pool.length), 1), i = 0…9',
    },
    status: 'playable',
  },
  {
    key: 'roulette',
    kind: 'instant',
    limit: 'roulette',
    path: '/games/roulette',
    art: 'roulette',
    catalog: 'roulette',
    edge: '2.7',
    instantBet: '/games/roulette/bet',
    fairness: { rank: 2, formula: 'pocket = floor(float₀ × 37)' },
    status: 'playable',
  },
  {
    key: 'wheel',
    kind: 'instant',
    limit: 'wheelOfFortune',
    path: '/games/wheel',
    art: 'wheel',
    catalog: 'wheel',
    edge: '1',
    instantBet: '/games/wheel/bet',
    fairness: { rank: 7, formula: 'segment = floor(float₀ × segments)' },
    status: 'playable',
  },
  {
    key: 'cases',
    kind: 'instant',
    limit: 'cases',
    path: '/games/cases',
    pages: [{ pattern: '/games/cases/[slug]', sample: '/games/cases/easy' }],
    art: 'cases',
    catalog: 'cases',
    edge: '2',
    offMirror: true,
    instantBet: '/games/cases/open',
    fairness: { rank: 8, formula: 'prize = first row with float₀ ≥ min' },
    status: 'playable',
  },
  {
    key: 'rooms',
    kind: 'multiplayer',
    limit: null,
    path: '/games/rooms',
    pages: ROOMS.map((room) => ({ pattern: `/games/rooms/${room}`, sample: `/games/rooms/${room}` })),
    art: 'rooms',
    catalog: 'rooms',
    edge: '5',
    pot: true,
    status: 'playable',
  },
] as const satisfies readonly OriginalEntry[];

/** The lobby's other sections (slots, live casino, betting). */
export const SECTIONS = [
  {
    key: 'slots',
    kind: 'provider',
    path: '/games/slots',
    pages: providerPages('/games/slots', 'star-quest'),
    art: 'slots',
    catalog: 'slots',
    status: 'playable',
  },
  {
    key: 'liveCasino',
    kind: 'provider',
    path: '/games/live-casino',
    pages: providerPages('/games/live-casino', 'live-roulette'),
    art: 'liveCasino',
    catalog: 'liveCasino',
    status: 'playable',
  },
  {
    key: 'betting',
    kind: 'sportsbook',
    path: '/betting',
    art: 'betting',
    catalog: 'betting',
    status: 'playable',
  },
] as const satisfies readonly SectionEntry[];

type Original = (typeof ORIGINALS)[number];
export type OriginalGame = Original['key'];
/**
 * The playable games whose bets are the `bets` table's (one player, their seed pair): the bet API,
 * the bet wire types and the kit are keyed by these. A multiplayer game (rooms) has rounds of its
 * own, its own API and island.
 */
export type PlayableGame = Extract<Original, { status: 'playable'; kind: 'instant' | 'series' }>['key'];
/** A key of the currency table's per-game bands. */
export type LimitKey = NonNullable<Original['limit']>;
export type ArtKey = Original['art'] | (typeof SECTIONS)[number]['art'];

export const ORIGINAL_GAMES: readonly OriginalGame[] = ORIGINALS.map((game) => game.key);

/** The playable single-player games, in lobby order (non-empty, so zod can make an enum of it). */
export const PLAYABLE_GAMES = ORIGINALS.flatMap((game) =>
  game.status === 'playable' && game.kind !== 'multiplayer' ? [game.key] : [],
) as [PlayableGame, ...PlayableGame[]];

/** The per-game bet band keys of the currency table, in lobby order. */
export const LIMIT_KEYS: readonly LimitKey[] = ORIGINALS.flatMap((game) =>
  game.limit === null ? [] : [game.limit],
);

/** The registry entry of an original. */
export function originalGame<K extends OriginalGame>(key: K): Extract<Original, { key: K }> {
  const entry = ORIGINALS.find((game) => game.key === key);
  if (!entry) throw new Error(`unknown game ${key}`);
  return entry as Extract<Original, { key: K }>;
}

/** Whether `path` (without its locale prefix) is a page of a game the game-mirror host does not offer. */
export function offMirror(path: string): boolean {
  return ORIGINALS.some(
    (game) => 'offMirror' in game && (path === game.path || path.startsWith(`${game.path}/`)),
  );
}

/** The currency-table key of a game's bet band (the wheel's is `wheelOfFortune`). */
/** The API paths that play one whole bet in one request (`instantBet`). */
export const INSTANT_BET_PATHS: readonly string[] = ORIGINALS.flatMap((game) =>
  'instantBet' in game ? [game.instantBet] : [],
);

/** The provably fair formulas of the originals, in the fairness page's order. */
export const FAIRNESS_FORMULAS: readonly { game: OriginalGame; formula: string }[] = ORIGINALS.flatMap(
  (game) =>
    'fairness' in game ? [{ game: game.key, rank: game.fairness.rank, formula: game.fairness.formula }] : [],
)
  .sort((a, b) => a.rank - b.rank)
  .map(({ game, formula }) => ({ game, formula }));

export function limitKeyOf(game: PlayableGame): LimitKey {
  return originalGame(game).limit;
}
