import { parseDecimal } from '../games/ratio.ts';
import { smallestWin, smallestWinningStake } from '../games/stakes.ts';
import { RISKS, SEGMENT_COUNTS, wheelTable } from '../games/wheel/engine.ts';
import {
  CURRENCIES,
  type Currency,
  LIMITED_GAMES,
  type LimitedGame,
  ROOMS,
  type Room,
} from '../shared/currencies.ts';
import { fromMinor, toMinor } from '../shared/money.ts';

/** Bet band in minor units. */
export interface Band {
  min: bigint;
  max: bigint;
}

export interface CurrencyConfig {
  code: Currency;
  icon: string;
  prefix: string;
  digits: number;
  limits: Record<LimitedGame, Band>;
  rooms: Record<Room, Band>;
  minPayout: bigint;
}

type PartialBand = { min?: string; max?: string };

type SpecCurrency = {
  games: Partial<Record<LimitedGame, PartialBand>>;
  rooms?: Partial<Record<Room, string>>;
  minPayout: string;
};

/** The crash, miner and coinflip bands of RUB, which INR shares ("as RUB"). */
const RUB_CORE_GAMES = {
  crash: { min: '1', max: '50000' },
  miner: { min: '1', max: '1000' },
  coinflip: { min: '1', max: '10000' },
} satisfies SpecCurrency['games'];

/** USD and EUR: the same cells, in cents. */
const CENT_CURRENCY: SpecCurrency = {
  games: {
    crash: { min: '0.01', max: '500' },
    miner: { min: '0.01', max: '10' },
    coinflip: { min: '0.01', max: '100' },
    roulette: { max: '0.1' },
  },
  minPayout: '1',
};

/**
 * The limits the product states (docs/product-rules.md §9), in major units. Nothing else is written
 * here; every other cell comes from `fillDefaults` below, whose rules are in docs/configuration.md.
 */
export const SPEC_TABLE: Record<Currency, SpecCurrency> = {
  RUB: {
    games: {
      ...RUB_CORE_GAMES,
      keno: { min: '1', max: '10000' },
      hilo: { min: '1', max: '10000' },
      roulette: { min: '1', max: '10000' },
      dice: { min: '1', max: '10000' },
      wheelOfFortune: { max: '1' },
    },
    rooms: { red: '1', yellow: '10', purple: '50' },
    minPayout: '100',
  },
  USD: CENT_CURRENCY,
  EUR: CENT_CURRENCY,
  KZT: {
    games: {
      crash: { min: '5', max: '250000' },
      miner: { min: '5', max: '5000' },
      coinflip: { min: '5', max: '50000' },
      wheelOfFortune: { max: '5' },
      roulette: { max: '5' },
    },
    minPayout: '500',
  },
  INR: { games: { ...RUB_CORE_GAMES, roulette: { max: '1' } }, minPayout: '100' },
};

const PRESENTATION: Record<Currency, { icon: string; prefix: string }> = {
  RUB: { icon: '/currency/rub.svg', prefix: '₽' },
  USD: { icon: '/currency/usd.svg', prefix: '$' },
  KZT: { icon: '/currency/kzt.svg', prefix: '₸' },
  INR: { icon: '/currency/inr.svg', prefix: '₹' },
  EUR: { icon: '/currency/eur.svg', prefix: '€' },
};

/**
 * The smallest stake (minor units) at which every wheel table's wins pay more than the stake
 * (docs/fairness.md §8): 5, for the low tables' 1.2×. A fixed wheel stake is never below it.
 */
export const WHEEL_SMALLEST_STAKE: bigint = wheelSmallestStake();

function wheelSmallestStake(): bigint {
  let stake = 1n;
  for (const risk of RISKS) {
    for (const segments of SEGMENT_COUNTS) {
      const win = smallestWin(wheelTable(risk, segments).map(parseDecimal));
      if (win && smallestWinningStake(win) > stake) stake = smallestWinningStake(win);
    }
  }
  return stake;
}

/**
 * Fills the cells the product leaves out (see docs/configuration.md, "Bet limits"):
 * 1. A game without a given min or max takes it from the same currency's coinflip band: RUB lists
 *    coinflip, keno, hilo, roulette and dice as one band, so coinflip stands for that group.
 * 2. wheelOfFortune: both stated maxima (RUB 1, KZT 5) equal the currency's coinflip minimum, so
 *    the missing max is the coinflip minimum too (a fixed-stake game), and so is the min; but never
 *    below `WHEEL_SMALLEST_STAKE`, so a win pays more than the stake (USD and EUR 0.05, not 0.01).
 * 3. Rooms: the RUB minima (red 1, yellow 10, purple 50) scale by the currency's coinflip minimum
 *    relative to RUB's (USD/EUR 0.01, KZT 5, INR 1); every room's max is the coinflip max.
 */
export function fillDefaults(): Record<Currency, CurrencyConfig> {
  const rubUnit = toMinor(SPEC_TABLE.RUB.games.coinflip?.min ?? '1');
  const result = {} as Record<Currency, CurrencyConfig>;
  for (const code of CURRENCIES) {
    const spec = SPEC_TABLE[code];
    const coinflip = spec.games.coinflip;
    if (!coinflip?.min || !coinflip.max) throw new Error(`Currency ${code}: coinflip band is required`);
    const unit = toMinor(coinflip.min);
    const limits = {} as Record<LimitedGame, Band>;
    for (const game of LIMITED_GAMES) {
      const given = spec.games[game] ?? {};
      if (game === 'wheelOfFortune') {
        const fixed = toMinor(given.max ?? coinflip.min);
        const stake = fixed > WHEEL_SMALLEST_STAKE ? fixed : WHEEL_SMALLEST_STAKE;
        limits[game] = { min: stake, max: stake };
        continue;
      }
      limits[game] = { min: toMinor(given.min ?? coinflip.min), max: toMinor(given.max ?? coinflip.max) };
    }
    const rooms = {} as Record<Room, Band>;
    for (const room of ROOMS) {
      const rubMin = toMinor(SPEC_TABLE.RUB.rooms?.[room] ?? '1');
      const given = spec.rooms?.[room];
      rooms[room] = { min: given ? toMinor(given) : (rubMin * unit) / rubUnit, max: toMinor(coinflip.max) };
    }
    result[code] = {
      code,
      ...PRESENTATION[code],
      digits: 2,
      limits,
      rooms,
      minPayout: toMinor(spec.minPayout),
    };
  }
  return result;
}

/** The public, JSON-safe view of a currency (decimal strings in major units). */
export function publicCurrency(config: CurrencyConfig, maxProfit: bigint) {
  const band = (b: Band) => ({
    min_bet: fromMinor(b.min, config.digits),
    max_bet: fromMinor(b.max, config.digits),
  });
  return {
    code: config.code,
    icon: config.icon,
    prefix: config.prefix,
    digits: config.digits,
    limits: Object.fromEntries(LIMITED_GAMES.map((g) => [g, band(config.limits[g])])) as Record<
      LimitedGame,
      ReturnType<typeof band>
    >,
    rooms: Object.fromEntries(ROOMS.map((r) => [r, band(config.rooms[r])])) as Record<
      Room,
      ReturnType<typeof band>
    >,
    min_payout: fromMinor(config.minPayout, config.digits),
    max_profit: fromMinor(maxProfit, config.digits),
  };
}
