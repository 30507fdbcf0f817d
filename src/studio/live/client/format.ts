/**
 * Formatting and timekeeping, pure (no DOM): money in minor units (the studio's currencies all use
 * hundredths; `XXX` is the demo's fun money, shown as a plain number), chip labels, the clock
 * offset to the table server, the countdown, reconnect delays, the verifier's command.
 */
import type { LiveGame } from '../protocol.ts';

export const FUN_CURRENCY = 'XXX';

/** Minor units as an exact decimal string: 1250n → "12.50", -5n → "-0.05". */
export function minorToDecimal(minor: bigint): string {
  const sign = minor < 0n ? '-' : '';
  const abs = minor < 0n ? -minor : minor;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

export interface Money {
  /** "$12.50", "12,50 ₽"; fun money: "12.50" (the view adds the FUN label). */
  format(minor: bigint | string): string;
  readonly fun: boolean;
}

/** Money of `currency` for the language tag `tag`; `XXX` is fun money. */
export function moneyFor(tag: string, currency: string): Money {
  const fun = currency === FUN_CURRENCY;
  let formatter: Intl.NumberFormat;
  try {
    formatter = fun
      ? new Intl.NumberFormat(tag, { minimumFractionDigits: 2, maximumFractionDigits: 2 })
      : new Intl.NumberFormat(tag, {
          style: 'currency',
          currency,
          minimumFractionDigits: 2,
          maximumFractionDigits: 2,
        });
  } catch {
    formatter = new Intl.NumberFormat(tag, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  }
  return {
    fun,
    format: (minor) => formatter.format(minorToDecimal(BigInt(minor)) as Intl.StringNumericLiteral),
  };
}

/** A chip's face: the value in major units, short: 0.5, 1, 25, 2.5K, 1M. */
export function chipLabel(minor: bigint | string): string {
  const cents = BigInt(minor);
  const short = (value: bigint, unit: bigint, suffix: string) => {
    const whole = value / unit;
    const tenth = ((value % unit) * 10n) / unit;
    return `${whole}${tenth > 0n ? `.${tenth}` : ''}${suffix}`;
  };
  if (cents >= 100_000_000n) return short(cents, 100_000_000n, 'M');
  if (cents >= 100_000n) return short(cents, 100_000n, 'K');
  const whole = cents / 100n;
  const rest = cents % 100n;
  if (rest === 0n) return whole.toString();
  return `${whole}.${rest % 10n === 0n ? (rest / 10n).toString() : rest.toString().padStart(2, '0')}`;
}

/**
 * The table server's clock as the client sees it. Each message carries `serverTime`, sent a
 * network delay before it arrives, so `serverTime − local` underestimates the offset by that delay:
 * the largest of the recent samples is the best estimate.
 */
export class ServerClock {
  readonly #samples: number[] = [];
  readonly #keep: number;

  constructor(keep = 16) {
    this.#keep = keep;
  }

  /** Records a message's `serverTime`, received at `local` (the client's epoch ms). */
  sample(serverTime: number, local: number): void {
    this.#samples.push(serverTime - local);
    if (this.#samples.length > this.#keep) this.#samples.shift();
  }

  /** Server time minus local time, in ms (0 before any sample). */
  get offset(): number {
    return this.#samples.length === 0 ? 0 : Math.max(...this.#samples);
  }

  /** The server's time at local time `local`. */
  now(local: number): number {
    return local + this.offset;
  }
}

/** Whole seconds left until `endsAt` (rounded up, never negative). */
export const secondsLeft = (endsAt: number, now: number): number =>
  Math.max(0, Math.ceil((endsAt - now) / 1000));

/** The part of a phase left, 1 at its start and 0 at its end. */
export function phaseLeft(endsAt: number, length: number, now: number): number {
  if (length <= 0) return 0;
  return Math.min(1, Math.max(0, (endsAt - now) / length));
}

/** The delay before reconnect attempt `attempt` (0 first): 0.5 s doubling to 10 s, ±20 % jitter. */
export function backoff(attempt: number, random = 0.5): number {
  const base = Math.min(10_000, 500 * 2 ** Math.max(0, attempt));
  return Math.round(base * (0.8 + 0.4 * random));
}

/** The exact command that recomputes a round with the project's verifier. */
export function verifyCommand(game: LiveGame, hash: string, salt: string, shoeHand?: number): string {
  const base = `npm run verify -- ${game} --hash ${hash} --salt ${salt}`;
  return game === 'live-baccarat' ? `${base} --shoe-hand ${shoeHand}` : base;
}

/** "12:05"-style time of a chat message in the viewer's language. */
export function clockTime(at: number, tag: string): string {
  return new Intl.DateTimeFormat(tag, { hour: '2-digit', minute: '2-digit' }).format(at);
}

/** A per-cent share with one decimal in the viewer's language: "48.6 %". */
export function share(value: number, tag: string): string {
  return new Intl.NumberFormat(tag, {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(value / 100);
}

/** A stable small hash of a text (the dealer's looks come from the table's id). */
export function hashOf(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}
