/**
 * The live tables' wire (docs/live-casino.md): what the studio's table server sends the game
 * client in the casino's frame, and what the client sends back. Types only, shared by the server
 * (src/studio/live/) and the browser (src/studio/live/client/). Money is minor units as decimal
 * strings; times are the server's epoch milliseconds (`serverTime` in each message lets the client
 * correct its own clock).
 *
 * Transport: the page `GET /live/:session`, its snapshot `GET /live/:session/state`, events over
 * the socket `GET /live/:session/ws` (a snapshot first, then events), and two actions by POST:
 * `/live/:session/bets` and `/live/:session/chat`.
 */

export type LiveGame = 'live-roulette' | 'live-baccarat';

/** A round's phases, in order; `void` ends a round the table could not finish (bets handed back). */
export type Phase = 'betting' | 'closed' | 'drawing' | 'result' | 'void';

/** Minor units as a decimal string ("1250" is 12.50). */
export type Minor = string;

/** A table limit of one bet kind in the session's currency. */
export interface KindLimit {
  min: Minor;
  max: Minor;
}

/**
 * Roulette bets as the client sends them: the originals' plain bets (inside bets name their
 * numbers, dozens and columns their index 1-3) with `amount`; the racetrack's neighbours bet and
 * the four French call bets with the value of one `chip` (src/games/live/roulette.ts).
 */
export type RouletteWireBet =
  | { kind: 'straight' | 'split' | 'street' | 'corner' | 'line'; numbers: number[]; amount: Minor }
  | { kind: 'dozen' | 'column'; index: 1 | 2 | 3; amount: Minor }
  | { kind: 'red' | 'black' | 'odd' | 'even' | 'low' | 'high'; amount: Minor }
  | { kind: 'neighbours'; number: number; neighbours: number; chip: Minor }
  | { kind: 'voisins' | 'tiers' | 'orphelins' | 'jeu-zero'; chip: Minor };

export type BaccaratBetKind = 'player' | 'banker' | 'tie' | 'playerPair' | 'bankerPair';
export interface BaccaratWireBet {
  kind: BaccaratBetKind;
  amount: Minor;
}

export type WireBet = RouletteWireBet | BaccaratWireBet;

/** A roulette round's result. */
export interface RouletteResult {
  pocket: number;
  color: 'green' | 'red' | 'black';
}

/** A baccarat hand: cards as rank + suit ("10H", "KS", "AD"), in the order each side got them. */
export interface BaccaratResult {
  player: string[];
  banker: string[];
  playerTotal: number;
  bankerTotal: number;
  winner: 'player' | 'banker' | 'tie';
  natural: boolean;
  playerPair: boolean;
  bankerPair: boolean;
  /** The first hand of a shoe: the burn card and the cards it burnt. */
  burnt: string[];
  /** The hand's number in its shoe (1 opens it); the verifier's `--shoe-hand`. */
  shoeHand: number;
  /** The shoe is finished after this hand: the next hand opens a new one. */
  lastOfShoe: boolean;
}

export type LiveResult = RouletteResult | BaccaratResult;

/** One round as every viewer sees it. */
export interface RoundView {
  /** The round's position in the table's hash chain (round i plays link h_i). */
  round: number;
  phase: Phase;
  /** When the phase ends (betting closes, the draw lands, the next round opens). */
  phaseEndsAt: number;
  /** From `drawing` on. */
  result: LiveResult | null;
  /** The round's chain link, revealed at `result` (or `void`). */
  hash: string | null;
}

/** The bets of one player at the table this round, as others see them. */
export interface SeatBets {
  /** The player's name as the casino gave it, or a masked one ("Player 4F2C") for a hidden player. */
  name: string;
  /** This viewer's own bets are marked. */
  me: boolean;
  total: Minor;
  bets: WireBet[];
  /** Set at `result`: what the bets paid back in total. */
  payout: Minor | null;
}

export interface ChatMessage {
  id: string;
  name: string;
  /** Plain text: the client shows it as text, never as markup. */
  text: string;
  at: number;
}

/** How the dealer's hair is drawn: the table names its dealer and chooses the look with the name. */
export type DealerHair = 'short' | 'long' | 'bun';

/** Table facts for the client's header, limits and fairness panel. */
export interface TableView {
  id: string;
  game: LiveGame;
  name: string;
  dealer: string;
  dealerHair: DealerHair;
  /** The session's currency (the limits are in it), or `XXX` fun money in demo. */
  currency: string;
  limits: Record<string, KindLimit>;
  /** The chip values offered, in minor units of the currency. */
  chips: Minor[];
  /** Phase lengths in ms: betting, closed ("no more bets"), drawing (the animation), result. */
  timing: { betting: number; closed: number; drawing: number; result: number };
  /** The terminating hash h_0 and the salt, published before the first round (fairness). */
  chain: { terminatingHash: string; salt: string };
}

/** Roulette's history: the last numbers, newest first, and their statistics. */
export interface RouletteHistory {
  game: 'live-roulette';
  last: number[];
  /** Counts over `last`: hot (most frequent 5) and cold (least frequent 5) numbers. */
  hot: number[];
  cold: number[];
  /** Shares in per cent of `last`, one decimal. */
  shares: { red: number; black: number; green: number; odd: number; even: number; low: number; high: number };
}

/** A road cell: P, B or T, with pair marks; big road cells add their ties. */
export interface RoadCell {
  mark: 'P' | 'B' | 'T';
  playerPair: boolean;
  bankerPair: boolean;
  ties?: number;
}

/** Baccarat's history: the current shoe's bead plate and big road (columns, top cell first). */
export interface BaccaratHistory {
  game: 'live-baccarat';
  shoeHand: number;
  beadPlate: RoadCell[][];
  /** Big road: each column's cells with their row; a dragon tail turns right (row 5, later columns). */
  bigRoad: { column: number; row: number; cell: RoadCell }[];
  counts: { player: number; banker: number; tie: number };
}

export type TableHistory = RouletteHistory | BaccaratHistory;

/** What the viewer is: a player for real money, a guest with fun money. */
export interface Viewer {
  mode: 'real' | 'demo';
  name: string;
  balance: Minor;
  /** This viewer's bets in the current round (also among `seats`). */
  bets: WireBet[];
  /** The operator muted this player in the chat until then (epoch ms), else null. */
  mutedUntil: number | null;
}

/** The whole state, first on the socket and from `GET /live/:session/state`. */
export interface Snapshot {
  type: 'snapshot';
  serverTime: number;
  table: TableView;
  round: RoundView;
  viewer: Viewer;
  seats: SeatBets[];
  /** Players watching the table now. */
  watching: number;
  history: TableHistory;
  chat: ChatMessage[];
  /**
   * Optional: the table's last finished round (at `result` or `void`, its hash revealed), so that
   * a viewer who connects while the next round runs can still check the round just played (the
   * client's fairness panel and verifier command). Absent before the table's first round ends.
   */
  lastRound?: RoundView;
}

/** Events after the snapshot. */
export type LiveEvent =
  | Snapshot
  | { type: 'round'; serverTime: number; round: RoundView; history?: TableHistory }
  | { type: 'seats'; serverTime: number; round: number; seats: SeatBets[]; watching: number }
  | { type: 'chat'; serverTime: number; message: ChatMessage }
  | { type: 'balance'; serverTime: number; balance: Minor }
  /** This viewer's own bets of `round` were settled: paid `payout` in total. */
  | { type: 'settled'; serverTime: number; round: number; payout: Minor; balance: Minor }
  /** This viewer's bets of a void round were handed back. */
  | { type: 'refunded'; serverTime: number; round: number; amount: Minor; balance: Minor };

/** `POST /live/:session/bets`: bets added to the viewer's bets of `round` (which must be betting). */
export interface PlaceBets {
  round: number;
  bets: WireBet[];
}

export type BetErrorCode =
  | 'NO_MORE_BETS'
  | 'INVALID_BET'
  | 'LIMIT'
  | 'NOT_ENOUGH_MONEY'
  | 'SESSION_EXPIRED'
  | 'WALLET_UNAVAILABLE'
  | 'WALLET_REFUSED';

/** The answer: 200 with the viewer's bets of the round and the balance, or 4xx/5xx with a code. */
export type PlaceBetsAnswer =
  | { ok: true; round: number; bets: WireBet[]; balance: Minor }
  | { ok: false; code: BetErrorCode; error: string; detail?: string };

/** `POST /live/:session/chat`. */
export interface SendChat {
  text: string;
}

export type ChatErrorCode = 'TOO_LONG' | 'EMPTY' | 'RATE_LIMITED' | 'MUTED' | 'BLOCKED' | 'DEMO';

export type SendChatAnswer =
  | { ok: true; message: ChatMessage }
  | { ok: false; code: ChatErrorCode; error: string };

/** The boot data of the table page (as inert JSON, like the slots' page). */
export interface LiveBoot {
  session: string;
  table: string;
  game: LiveGame;
  name: string;
  mode: 'real' | 'demo';
  lang: string;
  lobbyUrl: string | null;
}

/**
 * A table as the casino's live lobby shows it (`POST /operator/generic/v2/live/tables`, our
 * extension of the Games API): its round and phase, who is there, its last results and its limits
 * per currency (the smallest bet's minimum and the largest bet's maximum, in the Wallet API's
 * units: currency units × 100000).
 */
export interface LobbyTable {
  game_code: string;
  table_id: string;
  game: LiveGame;
  dealer: string;
  round: number;
  phase: Phase;
  /** Epoch ms; with `server_time` the lobby counts down on the player's own clock. */
  phase_ends_at: number;
  server_time: number;
  /** Viewers at the table now (players and guests). */
  players: number;
  /** Newest first: roulette's pockets ("17"), baccarat's winners ("P", "B", "T"). */
  results: string[];
  limits: Record<string, { min: number; max: number }>;
}
