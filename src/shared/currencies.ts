/** Currency codes (spec §1) and the game keys that carry bet limits (spec §9). */
export const CURRENCIES = ['RUB', 'USD', 'KZT', 'INR', 'EUR'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = 'RUB';

export const LIMITED_GAMES = [
  'crash',
  'miner',
  'coinflip',
  'keno',
  'hilo',
  'roulette',
  'dice',
  'wheelOfFortune',
  'cases',
] as const;
export type LimitedGame = (typeof LIMITED_GAMES)[number];

export const ROOMS = ['red', 'yellow', 'purple'] as const;
export type Room = (typeof ROOMS)[number];

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}

/** The public shape of one currency, as `GET /api/config/currencies` returns it. */
export interface PublicCurrency {
  code: Currency;
  icon: string;
  prefix: string;
  /** Fractional digits of the minor unit. */
  digits: number;
  /** Decimal strings in major units (exact); `min_payout` likewise. */
  limits: Record<LimitedGame, { min_bet: string; max_bet: string }>;
  rooms: Record<Room, { min_bet: string; max_bet: string }>;
  min_payout: string;
}
