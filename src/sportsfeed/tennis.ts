/**
 * Tennis in the in-house feed (docs/betting.md "The in-house feed"): every point is won by the
 * server with that player's own probability (from the two ratings), independently of all others.
 * The chance of winning the match and the distribution of its total games then follow exactly, by
 * recursion over the score (memoised): point → game (deuce in closed form) → set (tiebreak at 6-6,
 * first to 7 by two, serve changing after the first point and then every two) → match (best of
 * three, the serve alternating across sets as if the tiebreak were a game). Live prices come from
 * the same recursion started at the current sets, games, points and server.
 *
 * A match is played out point by point in advance from its own random stream: 20–45 s a point,
 * 90 s at each change of ends, 2 minutes between sets.
 */
import type { FeedMarket, SportEventStatus } from '../shared/sports/feed.ts';
import { type Drift, type EventContext, lastAtOrBefore, type MarketKey, type SportEvent } from './event.ts';
import { lineText, type Pmf, pricedMarket, totalMarket } from './pricing.ts';

/** Set results are indexed winner × 14 + games in the set (6…13). */
const SET_SLOTS = 14;
/** Match results are indexed winner × 40 + games (at most 39 in three sets). */
const MATCH_SLOTS = 40;

type Player = 0 | 1;
const other = (player: Player): Player => (player === 0 ? 1 : 0);

/** The chance the server wins a game from points (server's, receiver's), winning each point with p. */
export function gameWin(p: number, server: number, receiver: number): number {
  const q = 1 - p;
  if (server >= 4 && server - receiver >= 2) return 1;
  if (receiver >= 4 && receiver - server >= 2) return 0;
  if (server >= 3 && receiver >= 3) {
    const deuce = (p * p) / (p * p + q * q);
    if (server === receiver) return deuce;
    return server > receiver ? p + q * deuce : p * deuce;
  }
  return p * gameWin(p, server + 1, receiver) + q * gameWin(p, server, receiver + 1);
}

/** The state of a match in play. */
export interface TennisState {
  /** Sets won: home, away. */
  sets: readonly [number, number];
  /** Every set's games so far, the current set last. */
  games: readonly (readonly [number, number])[];
  /** Points in the current game or tiebreak: home, away. */
  points: readonly [number, number];
  tiebreak: boolean;
  /** Who serves the next point: 0 home, 1 away. */
  server: Player;
  /** In a tiebreak, who served its first point. */
  tiebreakFirst: Player;
}

/** The first state of a match, `server` serving the first game. */
export const tennisStart = (server: Player): TennisState => ({
  sets: [0, 0],
  games: [[0, 0]],
  points: [0, 0],
  tiebreak: false,
  server,
  tiebreakFirst: server,
});

/**
 * The exact model of a match between two players who win a point on their own serve with
 * `pHome` and `pAway`; every result is memoised.
 */
export class TennisModel {
  readonly pHome: number;
  readonly pAway: number;
  readonly #holdHome: number;
  readonly #holdAway: number;
  readonly #tiebreaks = new Map<number, number>();
  readonly #sets = new Map<number, Float64Array>();
  readonly #matches = new Map<number, Float64Array>();

  constructor(pHome: number, pAway: number) {
    this.pHome = pHome;
    this.pAway = pAway;
    this.#holdHome = gameWin(pHome, 0, 0);
    this.#holdAway = gameWin(pAway, 0, 0);
  }

  /** The chance home wins the current game from these points, `server` serving. */
  gameForHome(server: Player, home: number, away: number): number {
    return server === 0 ? gameWin(this.pHome, home, away) : 1 - gameWin(this.pAway, away, home);
  }

  /** Who serves point `index` (from 0) of a tiebreak that `first` opened. */
  static tiebreakServer(first: Player, index: number): Player {
    if (index === 0) return first;
    return Math.floor((index - 1) / 2) % 2 === 0 ? other(first) : first;
  }

  /** The chance home wins a tiebreak from points (home, away), `first` having served its first point. */
  tiebreak(first: Player, home: number, away: number): number {
    if (home >= 7 && home - away >= 2) return 1;
    if (away >= 7 && away - home >= 2) return 0;
    if (home >= 6 && home === away) {
      // From 6-6 on, each pair of points has one serve each: win both or lose both to decide.
      const both = this.pHome * (1 - this.pAway);
      const neither = (1 - this.pHome) * this.pAway;
      return both / (both + neither);
    }
    const key = first * 10_000 + home * 100 + away;
    const known = this.#tiebreaks.get(key);
    if (known !== undefined) return known;
    const server = TennisModel.tiebreakServer(first, home + away);
    const point = server === 0 ? this.pHome : 1 - this.pAway;
    const value =
      point * this.tiebreak(first, home + 1, away) + (1 - point) * this.tiebreak(first, home, away + 1);
    this.#tiebreaks.set(key, value);
    return value;
  }

  /**
   * The set's result from games (home, away), `server` serving the next game: the chance of each
   * (winner, games in the set) at index winner × 14 + games.
   */
  set(server: Player, home: number, away: number): Float64Array {
    const key = server * 100 + home * 10 + away;
    const known = this.#sets.get(key);
    if (known) return known;
    const out = new Float64Array(2 * SET_SLOTS);
    if (home === 6 && away === 6) {
      const win = this.tiebreak(server, 0, 0);
      out[13] = win;
      out[SET_SLOTS + 13] = 1 - win;
    } else if ((home >= 6 && home - away >= 2) || home === 7) {
      out[home + away] = 1;
    } else if ((away >= 6 && away - home >= 2) || away === 7) {
      out[SET_SLOTS + home + away] = 1;
    } else {
      const win = server === 0 ? this.#holdHome : 1 - this.#holdAway;
      const next = other(server);
      addScaled(out, this.set(next, home + 1, away), win, 0);
      addScaled(out, this.set(next, home, away + 1), 1 - win, 0);
    }
    this.#sets.set(key, out);
    return out;
  }

  /**
   * The rest of a best-of-three match from sets (home, away), `first` serving the next set's first
   * game: the chance of each (winner, games still to play) at index winner × 40 + games.
   */
  match(first: Player, home: number, away: number): Float64Array {
    const key = first * 100 + home * 10 + away;
    const known = this.#matches.get(key);
    if (known) return known;
    const out = new Float64Array(2 * MATCH_SLOTS);
    if (home === 2) out[0] = 1;
    else if (away === 2) out[MATCH_SLOTS] = 1;
    else this.#continue(out, this.set(first, 0, 0), first, home, away, 0, 1);
    this.#matches.set(key, out);
    return out;
  }

  /** Adds to `out`, weighted, each way a set can end followed by the rest of the match. */
  #continue(
    out: Float64Array,
    set: Float64Array,
    setFirst: Player,
    home: number,
    away: number,
    gamesBefore: number,
    weight: number,
  ): void {
    for (let winner = 0; winner < 2; winner++) {
      for (let games = 6; games < SET_SLOTS; games++) {
        const p = set[winner * SET_SLOTS + games]!;
        if (p === 0) continue;
        // The serve alternates game by game across sets (a tiebreak counting as one game).
        const nextFirst = games % 2 === 0 ? setFirst : other(setFirst);
        const rest = this.match(nextFirst, home + (winner === 0 ? 1 : 0), away + (winner === 1 ? 1 : 0));
        addScaled(out, rest, weight * p, gamesBefore + games);
      }
    }
  }

  /** The chance of each (winner, total games of the whole match) from a state in play. */
  outlook(state: TennisState): Float64Array {
    const out = new Float64Array(2 * MATCH_SLOTS);
    const current = state.games.at(-1)!;
    const done = state.games.slice(0, -1).reduce((sum, [h, a]) => sum + h + a, 0);
    const [g1, g2] = current;
    const set = new Float64Array(2 * SET_SLOTS);
    let setFirst: Player;
    if (state.tiebreak) {
      const win = this.tiebreak(state.tiebreakFirst, state.points[0], state.points[1]);
      set[13] = win;
      set[SET_SLOTS + 13] = 1 - win;
      setFirst = state.tiebreakFirst;
    } else {
      const win = this.gameForHome(state.server, state.points[0], state.points[1]);
      const next = other(state.server);
      addScaled(set, this.set(next, g1 + 1, g2), win, 0);
      addScaled(set, this.set(next, g1, g2 + 1), 1 - win, 0);
      setFirst = (g1 + g2) % 2 === 0 ? state.server : next;
    }
    this.#continue(out, set, setFirst, state.sets[0], state.sets[1], done, 1);
    return out;
  }
}

/** out[i + shift] += weight × add[i], within each winner's half (the halves are the same size). */
function addScaled(out: Float64Array, add: Float64Array, weight: number, shift: number): void {
  const half = out.length / 2;
  const addHalf = add.length / 2;
  for (let winner = 0; winner < 2; winner++) {
    for (let i = 0; i < addHalf; i++) {
      const p = add[winner * addHalf + i]!;
      if (p !== 0) out[winner * half + i + shift]! += weight * p;
    }
  }
}

/** The chance home wins, and the total games' distribution, from an outlook. */
export function outlookSummary(outlook: Float64Array): { home: number; games: Pmf } {
  const games = new Array<number>(MATCH_SLOTS).fill(0);
  let home = 0;
  for (let i = 0; i < MATCH_SLOTS; i++) {
    home += outlook[i]!;
    games[i] = outlook[i]! + outlook[MATCH_SLOTS + i]!;
  }
  return { home, games: { offset: 0, pmf: games } };
}

/** Each player's chance of winning a point on serve: 0.63 between equals, ±0.015 per 100 points. */
export function servePoints(homeRating: number, awayRating: number): { home: number; away: number } {
  const edge = 0.00015 * (homeRating - awayRating);
  const clamp = (p: number) => Math.min(0.8, Math.max(0.45, p));
  return { home: clamp(0.63 + edge), away: clamp(0.63 - edge) };
}

/** The pre-match outlook: the coin toss decides who serves first, each with chance ½. */
function preMatch(model: TennisModel): Float64Array {
  const a = model.outlook(tennisStart(0));
  const b = model.outlook(tennisStart(1));
  return a.map((p, i) => (p + b[i]!) / 2);
}

function tennisMarkets(outlook: Float64Array, totals: readonly number[], marginBps: number): FeedMarket[] {
  const { home, games } = outlookSummary(outlook);
  return [
    pricedMarket(
      186,
      '',
      [
        { id: '4', p: home },
        { id: '5', p: 1 - home },
      ],
      marginBps,
    ),
    ...totals.map((line) => totalMarket(189, games, line, marginBps)),
  ];
}

const GAME_POINTS = ['0', '15', '30', '40'];

/** A game's points as the scoreboard shows them: 0, 15, 30, 40, A (a tiebreak's as numbers). */
export function gamePoints(state: TennisState): { home: string; away: string } {
  const [home, away] = state.points;
  if (state.tiebreak) return { home: String(home), away: String(away) };
  if (home >= 3 && away >= 3) {
    if (home === away) return { home: '40', away: '40' };
    return home > away ? { home: 'A', away: '40' } : { home: '40', away: 'A' };
  }
  return { home: GAME_POINTS[home]!, away: GAME_POINTS[away]! };
}

/** The state after the next point, won by `winner`; `ended` says whether the match is over. */
export function playPoint(
  state: TennisState,
  winner: Player,
): { state: TennisState; gameOver: boolean; setOver: boolean; ended: boolean } {
  const points: [number, number] = [state.points[0], state.points[1]];
  points[winner]++;
  const [home, away] = points;
  const need = state.tiebreak ? 7 : 4;
  const lead = Math.abs(home - away);
  if (Math.max(home, away) < need || lead < 2) {
    const server = state.tiebreak
      ? TennisModel.tiebreakServer(state.tiebreakFirst, home + away)
      : state.server;
    return { state: { ...state, points, server }, gameOver: false, setOver: false, ended: false };
  }
  // The game (or tiebreak) is over.
  const current = state.games.at(-1)!;
  const games: [number, number] = [current[0], current[1]];
  games[winner]++;
  const setWon =
    state.tiebreak ||
    (games[winner] >= 6 && games[winner] - games[other(winner)] >= 2) ||
    games[winner] === 7;
  // After a tiebreak the receiver of its first point serves next; otherwise the serve alternates.
  const nextServer = state.tiebreak ? other(state.tiebreakFirst) : other(state.server);
  if (!setWon) {
    const tiebreak = games[0] === 6 && games[1] === 6;
    return {
      state: {
        ...state,
        games: [...state.games.slice(0, -1), games],
        points: [0, 0],
        tiebreak,
        server: nextServer,
        tiebreakFirst: nextServer,
      },
      gameOver: true,
      setOver: false,
      ended: false,
    };
  }
  const sets: [number, number] = [state.sets[0], state.sets[1]];
  sets[winner]++;
  const ended = sets[winner] === 2;
  return {
    state: {
      sets,
      games: ended ? [...state.games.slice(0, -1), games] : [...state.games.slice(0, -1), games, [0, 0]],
      points: [0, 0],
      tiebreak: false,
      server: nextServer,
      tiebreakFirst: nextServer,
    },
    gameOver: true,
    setOver: true,
    ended,
  };
}

/** A tennis match, played out point by point from its random stream. */
export function tennisEvent(ctx: EventContext): SportEvent {
  const serve = servePoints(ctx.homeRating, ctx.awayRating);
  const model = new TennisModel(serve.home, serve.away);
  const pre = outlookSummary(preMatch(model));
  // The x.5 line nearest the median of total games, and one either side.
  let main = 20.5;
  let gap = Number.POSITIVE_INFINITY;
  for (let line = 12.5; line < 39; line++) {
    const over = pre.games.pmf.reduce((sum, p, games) => sum + (games > line ? p : 0), 0);
    if (Math.abs(over - 0.5) < gap) {
      gap = Math.abs(over - 0.5);
      main = line;
    }
  }
  const totals = [main - 1, main, main + 1];

  const rng = ctx.rng('match');
  const initial = tennisStart(rng.next() < 0.5 ? 0 : 1);
  let state = initial;
  const times: number[] = [];
  const states: TennisState[] = [];
  let clock = 0;
  for (let guard = 0; guard < 2000; guard++) {
    clock += rng.between(20_000, 45_000);
    const p = state.server === 0 ? serve.home : serve.away;
    const winner: Player = rng.next() < p ? state.server : other(state.server);
    const step = playPoint(state, winner);
    state = step.state;
    times.push(Math.ceil(clock / ctx.speed));
    states.push(state);
    if (step.ended) break;
    if (step.setOver) clock += 120_000;
    else if (step.gameOver) {
      const [h, a] = state.games.at(-1)!;
      if ((h + a) % 2 === 1) clock += 90_000;
    }
  }
  const stateAt = (offset: number): TennisState => {
    const index = lastAtOrBefore(times, offset);
    return index < 0 ? initial : states[index]!;
  };
  const last = states.at(-1)!;
  const statusOf = (s: TennisState, status: 'live' | 'ended'): SportEventStatus => ({
    status,
    home_score: s.sets[0],
    away_score: s.sets[1],
    period_scores: s.games.map(([home, away]) => ({ home, away })),
    ...(status === 'live'
      ? {
          period: `set_${s.games.length}`,
          game_points: gamePoints(s),
          server: s.server === 0 ? 'home' : 'away',
        }
      : {}),
  });
  const markets: MarketKey[] = [
    { id: 186, specifiers: '' },
    ...totals.map((line) => ({ id: 189, specifiers: `total=${lineText(line)}` })),
  ];
  return {
    markets,
    preMarkets(drift: Drift) {
      const shifted = new TennisModel(
        serve.home + 0.008 * drift.a + 0.004 * drift.b,
        serve.away - 0.008 * drift.a + 0.004 * drift.b,
      );
      return tennisMarkets(preMatch(shifted), totals, ctx.marginBps);
    },
    durationMs: times.at(-1)!,
    dangers: [],
    changes: [],
    statusAt: (offset) => statusOf(stateAt(offset), 'live'),
    marketsAt: (offset) => tennisMarkets(model.outlook(stateAt(offset)), totals, ctx.marginBps),
    final: statusOf(last, 'ended'),
  };
}
