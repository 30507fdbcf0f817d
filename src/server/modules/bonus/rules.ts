import { ORIGINALS } from '../../../shared/games.ts';
import type { Product } from '../../../shared/products.ts';

/**
 * The bonus engine's arithmetic (docs/bonuses.md), pure: minor units in, minor units out, always
 * rounded down, so the player is never credited a fraction the ledger cannot hold. The SQL of the
 * bet hook (`wagerStake`) computes `contribution` the same way; rules.test.ts holds the cases.
 */

/**
 * Contribution in percent per game (an original's key, an aggregator's `game_code`) or per product
 * of the aggregator's games and the book (`slots`, `live`, `sports`); `default` for the rest.
 */
export type Weights = Readonly<Record<string, number>>;

/** The products a campaign may weigh as a whole (the originals are weighed game by game). */
export const WEIGHED_PRODUCTS = ['slots', 'live', 'sports'] as const;

/**
 * Every game the house banks counts fully, but roulette and the live tables (10 %): at roulette,
 * bets covering red, black and zero together cost only its edge, and a live table's even-money
 * bets (baccarat's player and banker) cost little more, so wagering there risks next to nothing.
 * Slots count fully.
 */
export const DEFAULT_WEIGHTS: Weights = { default: 100, roulette: 10, live: 10 };

/** Player-versus-player pots (the registry's `pot`): the house has no edge over the player there. */
export function isPotGame(game: string): boolean {
  return ORIGINALS.some((g) => g.key === game && 'pot' in g && g.pot === true);
}

/**
 * A game's contribution in percent: the one the weights name for the game; else the one they name
 * for its product (slots, live, sports); else 0 for a pot game (a player could pass pots to a
 * second account of theirs) and `default` for the others. The SQL of the count
 * (bonus/wagering.ts, drizzle/0020_wagers.sql) resolves it in the same order.
 */
export function weightOf(weights: Weights, game: string, product: Product = 'originals'): number {
  const byProduct = product === 'originals' ? undefined : weights[product];
  return weights[game] ?? byProduct ?? (isPotGame(game) ? 0 : (weights.default ?? 100));
}

/** What a stake adds to the wagering: stake × weight %, rounded down. */
export function contribution(stake: bigint, weightPercent: number): bigint {
  return (stake * BigInt(Math.trunc(weightPercent))) / 100n;
}

/** The wagering a bonus asks: amount × multiplier. */
export function requirementOf(amount: bigint, multiplier: number): bigint {
  return amount * BigInt(multiplier);
}

export interface Wagering {
  wagered: bigint;
  requirement: bigint;
  /** 0: no limit. */
  maxBet: bigint;
}

export type WagerResult = { ok: true; wagered: bigint; completed: boolean } | { ok: false; error: 'max_bet' };

/** One stake against an active bonus: refused above the max bet, else the new wagered total. */
export function advance(bonus: Wagering, stake: bigint, weightPercent: number): WagerResult {
  if (bonus.maxBet > 0n && stake > bonus.maxBet) return { ok: false, error: 'max_bet' };
  const wagered = bonus.wagered + contribution(stake, weightPercent);
  return { ok: true, wagered, completed: wagered >= bonus.requirement };
}

/**
 * At completion, or when a stake the bonus paid for settles after it: what of `held` converts to
 * cash, as far as the cap (0 = none) leaves room after what `converted` already, and what is
 * forfeited.
 */
export function conversion(
  held: bigint,
  maxConversion: bigint,
  converted = 0n,
): { convert: bigint; forfeit: bigint } {
  if (maxConversion <= 0n) return { convert: held, forfeit: 0n };
  const room = maxConversion > converted ? maxConversion - converted : 0n;
  const convert = held > room ? room : held;
  return { convert, forfeit: held - convert };
}

/**
 * A payout split like the stake that won it: real money's part (rounded down) is cash, the rest
 * belongs to the bonus that paid `bonusStake` of `stake` (docs/bonuses.md "Bonus money").
 */
export function payoutShares(
  payout: bigint,
  stake: bigint,
  bonusStake: bigint,
): { cash: bigint; bonus: bigint } {
  if (bonusStake <= 0n || stake <= 0n) return { cash: payout, bonus: 0n };
  const cash = (payout * (stake - bonusStake)) / stake;
  return { cash, bonus: payout - cash };
}

/** A deposit match: percent of the deposit up to the cap (0 = no cap); 0 below the minimum deposit. */
export function depositMatch(deposit: bigint, terms: { percent: number; cap: bigint; min: bigint }): bigint {
  if (deposit < terms.min) return 0n;
  const matched = (deposit * BigInt(Math.trunc(terms.percent))) / 100n;
  return terms.cap > 0n && matched > terms.cap ? terms.cap : matched;
}

/** Cashback: percent of the net loss (stakes − payouts), 0 when the player won. */
export function cashback(stakes: bigint, payouts: bigint, percent: number): bigint {
  const loss = stakes - payouts;
  return loss > 0n ? (loss * BigInt(Math.trunc(percent))) / 100n : 0n;
}

/** A percentage with up to two decimals (0.05 %) as basis points (5). */
export function basisPoints(percent: number | string): bigint {
  const [whole = '0', fraction = ''] = String(percent).split('.');
  return BigInt(whole) * 100n + BigInt((fraction.slice(0, 2) || '0').padEnd(2, '0'));
}

/** A game's house edge in basis points (dice 1 % → 100), from the game registry; 0 for unknown games. */
export function edgeBpsOf(game: string): bigint {
  const entry = ORIGINALS.find((g) => g.key === game);
  return entry ? basisPoints(entry.edge) : 0n;
}

/**
 * The house edge in basis points of a game that states its return to player in per cent
 * (an aggregator's `rtp`, "96.21" → 379, rounded down); 0 when it states none or one of 100 % or more.
 */
export function edgeBpsOfRtp(rtp: string | null | undefined): bigint {
  if (!rtp || !/^\d{1,3}(\.\d{1,4})?$/.test(rtp)) return 0n;
  const [whole, fraction = ''] = rtp.split('.');
  // In ten-thousandths of a per cent, exact; the edge rounded down to a basis point.
  const rtpFine = BigInt(whole!) * 10_000n + BigInt(fraction.padEnd(4, '0'));
  return rtpFine < 1_000_000n ? (1_000_000n - rtpFine) / 100n : 0n;
}

/**
 * Rakeback owed on `edge` (the sum of stake × edge in basis points, minor units × 10⁻⁴) at
 * `percent` of the edge: edge × percent / 100 / 10 000, rounded down.
 */
export function rakebackOf(edge: bigint, percent: number): bigint {
  return edge > 0n ? (edge * BigInt(Math.trunc(percent))) / 1_000_000n : 0n;
}

/** A periodic VIP bonus: `percent` (two decimals) of the period's stakes, rounded down. */
export function shareOf(stakes: bigint, percent: number): bigint {
  return (stakes * basisPoints(percent)) / 10_000n;
}
