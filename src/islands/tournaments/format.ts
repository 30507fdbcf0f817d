import type {
  PrizeKind,
  TournamentBoard,
  TournamentGame,
  TournamentKind,
  TournamentPrize,
} from '../../shared/api/tournaments.ts';
import { ORIGINAL_GAMES } from '../../shared/games.ts';
import { formatMoneyText } from '../../shared/money.ts';
import { numberFormat } from '../../shared/number-format.ts';
import type { Product } from '../../shared/products.ts';
import type { Translate } from './time.ts';

/** A tournament's start or end as the pages write it: "29 Nov 2026, 18:00 MSK" in `timeZone`. */
export const momentFormat = (timeZone: string): Intl.DateTimeFormatOptions => ({
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone,
  timeZoneName: 'short',
});

/** A day as the pages write it: "29 Nov 2026" in `timeZone`. */
export const dayFormat = (timeZone: string): Intl.DateTimeFormatOptions => ({
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone,
});

/**
 * How the tournament pages and the top write what the API sends (src/shared/api/tournaments.ts):
 * points and money, the prize table, the games that count (times: time.ts). The same on the server
 * (the pages and the leaderboard's server copy) and in the islands. Pure, no I/O.
 */

export type { Translate } from './time.ts';

const AMOUNT = /^-?\d+(\.\d+)?$/;

/**
 * An amount of the API in `currency` as money. Converted points may carry more than the two
 * decimals money has: they are rounded for display, never shown as the raw text.
 */
export function moneyText(decimal: string, currency: string, tag: string): string {
  const text = decimal.trim();
  const rounded = AMOUNT.test(text) && /\.\d{3,}$/.test(text) ? Number(text).toFixed(2) : text;
  return formatMoneyText(rounded, currency, tag);
}

/** A multiplier as the pages show it: "×152.30" (the locale's digits). */
export function multiplierText(decimal: string, tag: string): string {
  const value = Number(decimal);
  if (!AMOUNT.test(decimal.trim()) || !Number.isFinite(value)) return `×${decimal}`;
  return `×${numberFormat(tag, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value)}`;
}

/** A standing's points: money in the tournament's currency (wager, profit races) or a multiplier. */
export function pointsText(kind: TournamentKind, points: string, currency: string, tag: string): string {
  return kind === 'multiplier' ? multiplierText(points, tag) : moneyText(points, currency, tag);
}

/** Places as the prize table and the standings write them: "1", "4–10". */
export function placesText(from: number, to: number): string {
  return from === to ? String(from) : `${from}–${to}`;
}

/** One line of the prize table: places that win the same prize, and what they share in total. */
export interface PrizeLine {
  from: number;
  to: number;
  kind: PrizeKind;
  /** What each place wins, in the tournament's currency. */
  amount: string;
  share_bps: number | null;
  wager: number | null;
  /** Every place of the line together. */
  total: string;
}

const toCents = (decimal: string): bigint | null => {
  const match = /^(\d+)(?:\.(\d{1,2})\d*)?$/.exec(decimal.trim());
  return match ? BigInt(match[1]!) * 100n + BigInt((match[2] ?? '').padEnd(2, '0')) : null;
};
const fromCents = (cents: bigint): string => `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;

/**
 * The prize table as the pages show it: in place order, neighbouring ranges that pay the same
 * (same kind, amount, share and wagering) joined into one line, each line with its total.
 */
export function prizeLines(prizes: readonly TournamentPrize[]): PrizeLine[] {
  const lines: PrizeLine[] = [];
  for (const prize of [...prizes].sort((a, b) => a.from - b.from)) {
    const last = lines.at(-1);
    if (
      last &&
      last.to + 1 === prize.from &&
      last.kind === prize.kind &&
      last.amount === prize.amount &&
      last.share_bps === prize.share_bps &&
      last.wager === prize.wager
    ) {
      last.to = prize.to;
      continue;
    }
    lines.push({
      from: prize.from,
      to: prize.to,
      kind: prize.kind,
      amount: prize.amount,
      share_bps: prize.share_bps,
      wager: prize.wager,
      total: prize.amount,
    });
  }
  for (const line of lines) {
    const each = toCents(line.amount);
    if (each !== null) line.total = fromCents(each * BigInt(line.to - line.from + 1));
  }
  return lines;
}

/** An id as a name when the catalogs have none: "star-quest" → "Star Quest". */
export function prettifyId(id: string): string {
  return id
    .split(/[-_.:]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

const ORIGINAL_KEYS: ReadonlySet<string> = new Set(ORIGINAL_GAMES);

/** The catalog key of a product's own name ("Slots", "Live casino"). */
export const PRODUCT_NAME: Readonly<Record<Product, string>> = {
  originals: 'tournaments.products.originals',
  slots: 'games.slots.name',
  live: 'games.liveCasino.name',
  sports: 'games.betting.name',
};

/**
 * A game's name: an original's from the registry and the catalogs, a live table's or a sport's
 * from the catalogs, any other game (a slot's code) its id made readable; every game of a product
 * (`*`) is "All slots" and the like.
 */
export function gameName(
  product: Product,
  game: string,
  t: Translate,
  exists: (key: string) => boolean,
): string {
  if (game === '*') return t(`tournaments.allOf.${product}`);
  if (product === 'originals' && ORIGINAL_KEYS.has(game)) return t(`games.${game}.name`);
  if (product === 'live' && exists(`games.${game}.name`)) return t(`games.${game}.name`);
  if (product === 'sports' && exists(`sports.names.${game}`)) return t(`sports.names.${game}`);
  const pretty = prettifyId(game);
  return pretty || t(PRODUCT_NAME[product]);
}

/** The games that count in the order the pages list them: every-game entries first, then as given. */
export function gamesInOrder(games: readonly TournamentGame[]): TournamentGame[] {
  return [...games].sort((a, b) => Number(b.game === '*') - Number(a.game === '*'));
}

/** The first `max` games that count and how many more there are ("+N"). */
export function gamesShown(
  games: readonly TournamentGame[],
  max: number,
): { shown: TournamentGame[]; more: number } {
  const ordered = gamesInOrder(games);
  return { shown: ordered.slice(0, max), more: Math.max(0, ordered.length - max) };
}

/** A game's weight (percent, 100: as staked) as the rules write it: "150 %". */
export function weightText(weight: number, tag: string): string {
  return numberFormat(tag, { style: 'percent', maximumFractionDigits: 0 }).format(weight / 100);
}

/** A share in basis points as a percentage: 250 → "2.5 %". */
export function shareText(bps: number, tag: string): string {
  return numberFormat(tag, { style: 'percent', maximumFractionDigits: 2 }).format(bps / 10_000);
}

/** The later of two boards: a push or a read never replaces a newer one with an older one. */
export function newerBoard(current: TournamentBoard, incoming: TournamentBoard): TournamentBoard {
  return incoming.version > current.version ? incoming : current;
}

/** How long to wait before reading the player's own place again: at most one read per `gapMs`. */
export function meReadDelay(lastReadAt: number | null, now: number, gapMs: number): number {
  return lastReadAt === null ? 0 : Math.max(0, lastReadAt + gapMs - now);
}
