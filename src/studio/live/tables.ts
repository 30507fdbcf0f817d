/**
 * The studio's live tables (docs/live-casino.md): each a game of src/games/live/ played in shared
 * rounds, its catalogue entry (`game_code`), its dealer, its round timing, its chips and limits
 * per currency. Amounts are minor units (hundredths of the currency).
 */
import type { BetKind } from '../../games/roulette/engine.ts';
import type { BaccaratBetKind, DealerHair, LiveGame } from './protocol.ts';

export interface TableTiming {
  /** The betting window. */
  betting: number;
  /** "No more bets": the bets still in flight to the casino are answered. */
  closed: number;
  /** The draw: the wheel spins, the cards are dealt. */
  drawing: number;
  /** The result and the payouts on screen, then the next round opens. */
  result: number;
}

export interface LiveTableDef {
  id: string;
  game: LiveGame;
  /** The catalogue's `game_code` (the Wallet API names it). */
  code: string;
  name: string;
  dealer: string;
  dealerHair: DealerHair;
  timing: TableTiming;
}

/** A round every 30 s, as at a real table. */
const ROULETTE_TIMING: TableTiming = { betting: 15_000, closed: 2_000, drawing: 9_000, result: 4_000 };
const BACCARAT_TIMING: TableTiming = { betting: 15_000, closed: 2_000, drawing: 8_000, result: 5_000 };

export const LIVE_TABLES: readonly LiveTableDef[] = [
  {
    id: 'roulette-1',
    game: 'live-roulette',
    code: 'orbita_live_roulette',
    name: 'Orbita Live Roulette',
    dealer: 'Anna',
    dealerHair: 'bun',
    timing: ROULETTE_TIMING,
  },
  {
    id: 'baccarat-1',
    game: 'live-baccarat',
    code: 'orbita_live_baccarat',
    name: 'Orbita Live Baccarat',
    dealer: 'Marco',
    dealerHair: 'short',
    timing: BACCARAT_TIMING,
  },
];

export const tableById = (id: string) => LIVE_TABLES.find((t) => t.id === id);
export const tableByCode = (code: string) => LIVE_TABLES.find((t) => t.code === code);

/** The smallest chip per currency (`XXX`: the demo's fun money), minor units. */
const BASE_CHIP: Readonly<Record<string, bigint>> = {
  RUB: 10_00n,
  USD: 20n,
  EUR: 20n,
  KZT: 100_00n,
  INR: 20_00n,
  XXX: 1_00n,
};

export const LIVE_CURRENCIES = Object.keys(BASE_CHIP);

/** The chips offered: 1, 5, 25, 100 and 500 base chips. */
export function chipsOf(currency: string): bigint[] {
  const base = BASE_CHIP[currency];
  return base ? [1n, 5n, 25n, 100n, 500n].map((k) => k * base) : [];
}

type Limit = { min: bigint; max: bigint };

/** Limits per bet kind, in base chips: inside bets from 1 chip, outside and sides from 5. */
const ROULETTE_LIMITS: Readonly<Record<BetKind, [number, number]>> = {
  straight: [1, 250],
  split: [1, 500],
  street: [1, 750],
  corner: [1, 1_000],
  line: [1, 1_500],
  dozen: [5, 3_000],
  column: [5, 3_000],
  red: [5, 5_000],
  black: [5, 5_000],
  odd: [5, 5_000],
  even: [5, 5_000],
  low: [5, 5_000],
  high: [5, 5_000],
};

const BACCARAT_LIMITS: Readonly<Record<BaccaratBetKind, [number, number]>> = {
  player: [5, 5_000],
  banker: [5, 5_000],
  tie: [1, 500],
  playerPair: [1, 500],
  bankerPair: [1, 500],
};

/** A table's limits per currency and kind, in the shape of src/games/live/limits.ts. */
export function limitsOf(game: LiveGame): Record<string, Record<string, Limit>> {
  const table = game === 'live-roulette' ? ROULETTE_LIMITS : BACCARAT_LIMITS;
  return Object.fromEntries(
    Object.entries(BASE_CHIP).map(([currency, base]) => [
      currency,
      Object.fromEntries(
        Object.entries(table).map(([kind, [min, max]]) => [
          kind,
          { min: BigInt(min) * base, max: BigInt(max) * base },
        ]),
      ),
    ]),
  );
}
