/**
 * The /fairness verifier's form state and its query string (`?game=dice&server_seed=…`). Field
 * names are the CLI option names of src/games/verifier.ts with `_` for `-`, so a link, the form
 * and `npm run verify` speak the same language. Pure: no DOM, no network.
 */
import { tableOf } from '../../../games/cases/engine.ts';
import { MAX_FLIPS } from '../../../games/coinflip/engine.ts';
import {
  validateClientSeed,
  validateNonce,
  validateServerSeed,
  validateServerSeedText,
} from '../../../games/fair/seeds.ts';
import { MAX_SHOE_HAND } from '../../../games/live/verify.ts';
import { validateMineCount } from '../../../games/miner/engine.ts';
import type { Result } from '../../../games/result.ts';
import {
  type AnyVerifyRequest,
  GAMES,
  type Game,
  MAX_HILO_CARDS,
  parseVerifyRequest,
  VERIFIABLE_GAMES,
  VERIFY_OPTIONS,
  type VerifiableGame,
} from '../../../games/verifier.ts';
import { SEGMENT_COUNTS, RISKS as WHEEL_RISKS } from '../../../games/wheel/engine.ts';

export const FIELDS = [
  'server_seed',
  'client_seed',
  'nonce',
  'mines',
  'count',
  'risk',
  'segments',
  'case',
  'hash',
  'salt',
  'round_id',
  'tickets',
  'shoe_hand',
] as const;
export type Field = (typeof FIELDS)[number];

/** Free-text inputs of the byte stream: a space in them is part of the seed, so they are never trimmed. */
const VERBATIM: ReadonlySet<Field> = new Set(['client_seed', 'salt', 'round_id']);

/**
 * A typed or pasted value as the form keeps it: trimmed, except the free-text seeds. A server seed
 * is any text (docs/fairness.md §1), kept as it is unless trimming makes it this site's format
 * (a pasted seed with a stray space or line break).
 */
export function fieldValue(field: Field, raw: string): string {
  if (field === 'server_seed') return validateServerSeed(raw.trim()).ok ? raw.trim() : raw;
  return VERBATIM.has(field) ? raw : raw.trim();
}

/** Whether the form's server seed is valid text but not this site's format: the form warns, it does not refuse. */
export function foreignServerSeed(form: VerifyForm): boolean {
  if (!fieldsOf(form.game).includes('server_seed')) return false;
  const value = form.values.server_seed;
  return validateServerSeedText(value).ok && !validateServerSeed(value).ok;
}

/** Optional display-only inputs: they say whether the bet won, never what the outcome was. */
export interface VerifyExtras {
  /** Dice: the bet's target and direction. */
  target?: string;
  direction?: 'under' | 'over';
  /** Keno: the player's picks. */
  picks?: number[];
  /** The commitment shown before play, to compare with sha256(server seed). */
  commitment?: string;
  /** A settled bet of the logged-in player to load (`?bet=<id>`). */
  bet?: string;
}

export interface VerifyForm {
  /** An original, or a live table (`live-roulette`, `live-baccarat`). */
  game: VerifiableGame;
  values: Record<Field, string>;
}

/** Values a select starts with, so a game's options are never blank. */
export const DEFAULTS: Readonly<Record<Field, string>> = {
  server_seed: '',
  client_seed: '',
  nonce: '',
  mines: '3',
  count: '10',
  risk: 'low',
  segments: '10',
  case: 'easy',
  hash: '',
  salt: '',
  round_id: '',
  tickets: '',
  shoe_hand: '',
};

const fieldOf = (option: string) => option.replaceAll('-', '_') as Field;
const optionOf = (field: Field) => field.replaceAll('_', '-');

/** The fields `game` reads, in form order. */
export function fieldsOf(game: VerifiableGame): Field[] {
  return VERIFY_OPTIONS[game].map(fieldOf);
}

/** Whether `value` names an original (a bet's game). */
export function isGame(value: string | null | undefined): value is Game {
  return (GAMES as readonly string[]).includes(value ?? '');
}

/** Whether `value` names a game the page verifies: an original or a live table. */
export function isVerifiable(value: string | null | undefined): value is VerifiableGame {
  return (VERIFIABLE_GAMES as readonly string[]).includes(value ?? '');
}

/** A blank form for `game`. */
export function emptyForm(game: VerifiableGame = 'dice'): VerifyForm {
  return { game, values: { ...DEFAULTS } };
}

const MAX_PICKS = 10;

function parsePicks(text: string | null): number[] | undefined {
  if (!text) return undefined;
  const picks = text
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((n) => Number.isInteger(n) && n >= 1 && n <= 40);
  const unique = [...new Set(picks)].slice(0, MAX_PICKS);
  return unique.length > 0 ? unique : undefined;
}

/** The form and extras a query string describes; unknown games fall back to dice. */
export function formFromQuery(search: string | URLSearchParams): { form: VerifyForm; extras: VerifyExtras } {
  const query = typeof search === 'string' ? new URLSearchParams(search) : search;
  const game = query.get('game');
  const form = emptyForm(isVerifiable(game) ? game : 'dice');
  for (const field of FIELDS) {
    const value = query.get(field);
    if (value !== null) form.values[field] = fieldValue(field, value);
  }
  const extras: VerifyExtras = {};
  const target = query.get('target');
  if (target && /^\d{1,3}(\.\d{1,2})?$/.test(target)) extras.target = target;
  const direction = query.get('direction');
  if (direction === 'under' || direction === 'over') extras.direction = direction;
  const picks = parsePicks(query.get('picks'));
  if (picks) extras.picks = picks;
  const commitment = query.get('commitment');
  if (commitment && /^[0-9a-f]{64}$/i.test(commitment)) extras.commitment = commitment.toLowerCase();
  const bet = query.get('bet');
  if (bet && /^[\w-]{1,64}$/.test(bet)) extras.bet = bet;
  return { form, extras };
}

/** The query string (without "?") of a form and its extras, only the fields its game reads. */
export function queryOf(form: VerifyForm, extras: VerifyExtras = {}): string {
  const query = new URLSearchParams({ game: form.game });
  for (const field of fieldsOf(form.game)) {
    if (form.values[field] !== '') query.set(field, form.values[field]);
  }
  if (form.game === 'dice' && extras.target) query.set('target', extras.target);
  if (form.game === 'dice' && extras.direction) query.set('direction', extras.direction);
  if (form.game === 'keno' && extras.picks?.length) query.set('picks', extras.picks.join(','));
  if (extras.commitment) query.set('commitment', extras.commitment);
  return query.toString();
}

/** Whether every field the game reads holds something (the verifier then runs by itself). */
export function isComplete(form: VerifyForm): boolean {
  return fieldsOf(form.game).every((field) => form.values[field] !== '');
}

/** The verifier's request for a form (the same checks and messages as `npm run verify`). */
export function requestOf(form: VerifyForm): Result<AnyVerifyRequest, 'ERR_USAGE'> {
  const options: Record<string, string> = {};
  for (const field of fieldsOf(form.game)) options[optionOf(field)] = form.values[field];
  return parseVerifyRequest(form.game, options);
}

/** What the verifier needs of a bet view (docs/api-games.md `Bet`). */
export interface BetSeeds {
  game: string;
  nonce: number | string;
  client_seed: string;
  commitment: string;
  server_seed: string | null;
  params?: Record<string, unknown> | null;
  outcome?: Record<string, unknown> | null;
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
const listLength = (value: unknown): number | undefined =>
  Array.isArray(value) && value.length > 0 ? value.length : undefined;

/** The form and extras that recompute a settled bet (its server seed may still be hidden). */
export function formFromBet(bet: BetSeeds): { form: VerifyForm; extras: VerifyExtras } {
  const form = emptyForm(isGame(bet.game) ? bet.game : 'dice');
  const params = bet.params ?? {};
  const outcome = bet.outcome ?? {};
  form.values.server_seed = bet.server_seed ?? '';
  form.values.client_seed = bet.client_seed;
  form.values.nonce = String(bet.nonce);
  const extras: VerifyExtras = { commitment: bet.commitment };
  switch (form.game) {
    case 'dice': {
      const target = text(params.target);
      if (target) extras.target = target;
      if (params.direction === 'under' || params.direction === 'over') extras.direction = params.direction;
      break;
    }
    case 'keno': {
      const picks = Array.isArray(params.picks) ? parsePicks(params.picks.join(',')) : undefined;
      if (picks) extras.picks = picks;
      break;
    }
    case 'miner':
      form.values.mines = text(params.mines) ?? form.values.mines;
      break;
    case 'hilo':
      form.values.count = String(listLength(outcome.cards) ?? form.values.count);
      break;
    case 'coinflip':
      form.values.count = String(listLength(outcome.flips) ?? listLength(params.calls) ?? 1);
      break;
    case 'wheel':
      form.values.risk = text(params.risk) ?? form.values.risk;
      form.values.segments = text(params.segments) ?? form.values.segments;
      break;
    case 'cases':
      form.values.case = text(params.slug) ?? form.values.case;
      break;
    default:
      break;
  }
  return { form, extras };
}

const VALID: Readonly<Record<Field, (value: string) => boolean>> = {
  server_seed: (value) => validateServerSeedText(value).ok,
  client_seed: (value) => validateClientSeed(value).ok,
  round_id: (value) => validateClientSeed(value).ok,
  nonce: (value) => validateNonce(value).ok,
  mines: (value) => /^\d{1,2}$/.test(value) && validateMineCount(Number(value)).ok,
  count: () => true,
  risk: (value) => (WHEEL_RISKS as readonly string[]).includes(value),
  segments: (value) => (SEGMENT_COUNTS as readonly number[]).includes(Number(value)) && /^\d+$/.test(value),
  case: (value) => tableOf(value).ok,
  hash: (value) => /^[0-9a-f]{64}$/.test(value),
  salt: (value) => value !== '',
  tickets: (value) => /^\d{1,30}$/.test(value) && BigInt(value) >= 1n,
  shoe_hand: (value) => /^\d{1,9}$/.test(value) && Number(value) >= 1 && Number(value) <= MAX_SHOE_HAND,
};

/** The fields of the form's game that the verifier would refuse, in form order. */
export function invalidFields(form: VerifyForm): Field[] {
  const maxCount = form.game === 'coinflip' ? MAX_FLIPS : MAX_HILO_CARDS;
  return fieldsOf(form.game).filter((field) => {
    const value = form.values[field];
    if (field === 'count') return !/^\d{1,4}$/.test(value) || Number(value) < 1 || Number(value) > maxCount;
    return !VALID[field](value);
  });
}
