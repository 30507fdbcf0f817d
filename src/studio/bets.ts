/**
 * Bet levels per currency, in minor units (all five currencies and the demo's fun units use
 * hundredths), and the game codes of the Games API.
 */
import { SLOT_SLUGS, type SlotSlug } from '../games/slots/types.ts';

export const REAL_CURRENCIES = ['RUB', 'USD', 'KZT', 'INR', 'EUR'] as const;
export const DEMO_CURRENCY = 'XXX';
/** The fun balance a demo session starts with: 1000.00. */
export const DEMO_START_BALANCE = 100_000n;

const CENTS = [10n, 20n, 50n, 100n, 200n, 500n, 1000n, 2000n, 5000n, 10_000n];
const scaled = (factor: bigint) => CENTS.map((level) => level * factor);

/** USD/EUR/XXX 0.10–100, RUB/INR 10–10 000, KZT 50–50 000. */
export const BET_LEVELS: Readonly<Record<string, readonly bigint[]>> = {
  USD: CENTS,
  EUR: CENTS,
  XXX: CENTS,
  RUB: scaled(100n),
  INR: scaled(100n),
  KZT: scaled(500n),
};

/** The level a session starts on: the fourth (1.00, 100, 500). */
export const DEFAULT_BET_INDEX = 3;

export const gameCodeOf = (slug: SlotSlug): string => `orbita_${slug.replaceAll('-', '_')}`;

export function slugOf(gameCode: string): SlotSlug | undefined {
  return SLOT_SLUGS.find((slug) => gameCodeOf(slug) === gameCode);
}

export const LANGS = ['ru', 'en', 'kk', 'pt-BR', 'hi'] as const;
export type Lang = (typeof LANGS)[number];

/** A Games API `lang` as one of the five the client speaks (the casino's codes kz and br too). */
export function langOf(lang: string | undefined): Lang {
  const aliases: Record<string, Lang> = { kz: 'kk', br: 'pt-BR', pt: 'pt-BR', 'pt-br': 'pt-BR' };
  const value = lang ?? 'en';
  if ((LANGS as readonly string[]).includes(value)) return value as Lang;
  return (
    aliases[value.toLowerCase()] ??
    aliases[value.toLowerCase().split('-')[0] ?? ''] ??
    LANGS.find((l) => l === value.toLowerCase().split('-')[0]) ??
    'en'
  );
}
