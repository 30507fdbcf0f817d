/**
 * CS2 in the in-house feed (docs/betting.md "The in-house feed"): best of three maps. The ratings
 * give the chance of winning a map (Elo: 1 / (1 + 10^(−diff/400))); each round of a map is won
 * with one fixed chance r, the one that makes the map's chance come out of the round rules: first
 * to 13 rounds, and at 12-12 overtimes of six rounds (first to 4; at 3-3 another overtime). Live
 * prices come from the exact recursion over the rounds of the map in play, then the maps left.
 *
 * A match is played out round by round in advance from its own random stream: 100–130 s a round,
 * 5 minutes between maps.
 */
import type { FeedMarket, SportEventStatus } from '../shared/sports/feed.ts';
import { type Drift, type EventContext, lastAtOrBefore, type MarketKey, type SportEvent } from './event.ts';
import { pricedMarket } from './pricing.ts';

/** The chance of winning a map between teams rated `home` and `away`. */
export function mapChance(home: number, away: number): number {
  return 1 / (1 + 10 ** (-(home - away) / 400));
}

/** Who has won a map at this round score (0 home, 1 away), or undefined while it goes on. */
export function mapWinner(home: number, away: number): 0 | 1 | undefined {
  if (home <= 12 && away <= 12) return undefined;
  if (home === 13 && away <= 11) return 0;
  if (away === 13 && home <= 11) return 1;
  // Overtime: blocks of six rounds from 12-12, 15-15, …; first to 4 in the block.
  const base = 12 + 3 * Math.floor((Math.min(home, away) - 12) / 3);
  if (home - base === 4) return 0;
  if (away - base === 4) return 1;
  return undefined;
}

/** The map model for one round-win chance r, memoised. */
export class MapModel {
  readonly round: number;
  readonly #regulation = new Map<number, number>();
  readonly #overtime: number;
  readonly #block: { win: number; again: number }[] = [];

  constructor(round: number) {
    this.round = round;
    const start = this.#blockFrom(0, 0);
    this.#overtime = start.win / (1 - start.again);
  }

  /** From (x, y) inside an overtime block: the chance to win it outright, and to reach 3-3. */
  #blockFrom(x: number, y: number): { win: number; again: number } {
    if (x === 4) return { win: 1, again: 0 };
    if (y === 4) return { win: 0, again: 0 };
    if (x === 3 && y === 3) return { win: 0, again: 1 };
    const key = x * 5 + y;
    const known = this.#block[key];
    if (known) return known;
    const a = this.#blockFrom(x + 1, y);
    const b = this.#blockFrom(x, y + 1);
    const value = {
      win: this.round * a.win + (1 - this.round) * b.win,
      again: this.round * a.again + (1 - this.round) * b.again,
    };
    this.#block[key] = value;
    return value;
  }

  /** The chance home wins the map from this round score. */
  win(home: number, away: number): number {
    const winner = mapWinner(home, away);
    if (winner !== undefined) return winner === 0 ? 1 : 0;
    if (home >= 12 && away >= 12) {
      const base = 12 + 3 * Math.floor((Math.min(home, away) - 12) / 3);
      const block = this.#blockFrom(home - base, away - base);
      return block.win + block.again * this.#overtime;
    }
    const key = home * 100 + away;
    const known = this.#regulation.get(key);
    if (known !== undefined) return known;
    const value = this.round * this.win(home + 1, away) + (1 - this.round) * this.win(home, away + 1);
    this.#regulation.set(key, value);
    return value;
  }
}

/** The chance of winning a map from 0-0 when each round is won with `round` (a plain table, for the bisection). */
function mapFromStart(round: number): number {
  const model = new MapModel(round);
  const overtime = model.win(12, 12);
  // row[b] is the chance from (a, b), filled from a = 12 down to 0; above them, 13 rounds won.
  let below: number[] = new Array<number>(14).fill(1);
  for (let a = 12; a >= 0; a--) {
    const row = new Array<number>(14).fill(0);
    row[13] = 0;
    for (let b = 12; b >= 0; b--)
      row[b] = a === 12 && b === 12 ? overtime : round * below[b]! + (1 - round) * row[b + 1]!;
    below = row;
  }
  return below[0]!;
}

/** The map model whose chance from 0-0 is `map`: the round chance found by bisection. */
export function roundChance(map: number): MapModel {
  let low = 0.01;
  let high = 0.99;
  for (let i = 0; i < 45; i++) {
    const mid = (low + high) / 2;
    if (mapFromStart(mid) < map) low = mid;
    else high = mid;
  }
  return new MapModel((low + high) / 2);
}

/**
 * A best of three from maps (home, away) and the chance `current` that home wins the map in play
 * (the next one between maps), the maps after it at `next`: home's chance of the match and the
 * chance a third map is played.
 */
export function bestOfThree(home: number, away: number, current: number, next: number) {
  const after = (h: number, a: number): { win: number; three: number } => {
    if (h === 2) return { win: 1, three: h + a === 3 ? 1 : 0 };
    if (a === 2) return { win: 0, three: h + a === 3 ? 1 : 0 };
    const w = after(h + 1, a);
    const l = after(h, a + 1);
    return { win: next * w.win + (1 - next) * l.win, three: next * w.three + (1 - next) * l.three };
  };
  const won = after(home + 1, away);
  const lost = after(home, away + 1);
  return {
    win: current * won.win + (1 - current) * lost.win,
    three: current * won.three + (1 - current) * lost.three,
  };
}

function esportsMarkets(chances: { win: number; three: number }, marginBps: number): FeedMarket[] {
  return [
    pricedMarket(
      186,
      '',
      [
        { id: '4', p: chances.win },
        { id: '5', p: 1 - chances.win },
      ],
      marginBps,
    ),
    pricedMarket(
      328,
      'total=2.5',
      [
        { id: '12', p: chances.three },
        { id: '13', p: 1 - chances.three },
      ],
      marginBps,
    ),
  ];
}

interface EsportsState {
  maps: readonly [number, number];
  /** Every map's rounds so far, the one in play last. */
  rounds: readonly (readonly [number, number])[];
  /** Between maps: the last map is over, the next not started. */
  between: boolean;
}

/** A CS2 best of three, played out round by round from its random stream. */
export function esportsEvent(ctx: EventContext): SportEvent {
  const map = mapChance(ctx.homeRating, ctx.awayRating);
  const model = roundChance(map);
  const rng = ctx.rng('match');
  const real = (ms: number) => Math.ceil(ms / ctx.speed);
  const times: number[] = [];
  const states: EsportsState[] = [];
  const changes: number[] = [];
  let state: EsportsState = { maps: [0, 0], rounds: [[0, 0]], between: false };
  let clock = 0;
  while (state.maps[0] < 2 && state.maps[1] < 2) {
    clock += rng.between(100_000, 130_000);
    const [h, a] = state.rounds.at(-1)!;
    const home = rng.next() < model.round;
    const rounds: [number, number] = home ? [h + 1, a] : [h, a + 1];
    const winner = mapWinner(rounds[0], rounds[1]);
    const maps: [number, number] = [state.maps[0], state.maps[1]];
    if (winner !== undefined) maps[winner]++;
    state = { maps, rounds: [...state.rounds.slice(0, -1), rounds], between: winner !== undefined };
    times.push(real(clock));
    states.push(state);
    if (winner !== undefined && maps[0] < 2 && maps[1] < 2) {
      changes.push(real(clock));
      clock += 300_000;
      state = { maps, rounds: [...state.rounds, [0, 0]], between: false };
      times.push(real(clock));
      states.push(state);
      changes.push(real(clock));
    }
  }
  const initial: EsportsState = { maps: [0, 0], rounds: [[0, 0]], between: false };
  const stateAt = (offset: number) => {
    const index = lastAtOrBefore(times, offset);
    return index < 0 ? initial : states[index]!;
  };
  const statusOf = (s: EsportsState, status: 'live' | 'ended'): SportEventStatus => ({
    status,
    home_score: s.maps[0],
    away_score: s.maps[1],
    period_scores: s.rounds.map(([home, away]) => ({ home, away })),
    ...(status === 'live' ? { period: s.between ? 'pause' : `map_${s.rounds.length}` } : {}),
  });
  const markets: MarketKey[] = [
    { id: 186, specifiers: '' },
    { id: 328, specifiers: 'total=2.5' },
  ];
  return {
    markets,
    preMarkets(drift: Drift) {
      const shifted = mapChance(ctx.homeRating + 40 * drift.a, ctx.awayRating);
      return esportsMarkets(bestOfThree(0, 0, shifted, shifted), ctx.marginBps);
    },
    durationMs: times.at(-1)!,
    dangers: [],
    changes,
    statusAt: (offset) => statusOf(stateAt(offset), 'live'),
    marketsAt(offset) {
      const s = stateAt(offset);
      const [h, a] = s.rounds.at(-1)!;
      const current = s.between ? map : model.win(h, a);
      // Between maps the map just won is already counted; the next one starts at `map`.
      return esportsMarkets(bestOfThree(s.maps[0], s.maps[1], current, map), ctx.marginBps);
    },
    final: statusOf(states.at(-1)!, 'ended'),
  };
}
