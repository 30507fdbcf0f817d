/**
 * The outcome verifier behind `npm run verify` (docs/fairness.md §6), isomorphic: the CLI passes the
 * Node primitives, the /fairness page can pass the Web Crypto ones. Options arrive as strings
 * (command-line flags or form fields) and are checked here, so both report the same errors.
 */

import type { OriginalGame } from '../shared/games.ts';
import { outcome as openCase, tableOf } from './cases/engine.ts';
import type { CaseRow } from './cases/tables.ts';
import { flips, MAX_FLIPS } from './coinflip/engine.ts';
import { crashPointFromHmacHex, formatMultiplier } from './crash/engine.ts';
import { formatRoll, rollFromFloat } from './dice/engine.ts';
import type { RollInput } from './fair/seeds.ts';
import { validateClientSeed, validateNonce, validateServerSeedText } from './fair/seeds.ts';
import { cards } from './hilo/engine.ts';
import { draw, FLOAT_COUNT as KENO_FLOATS } from './keno/engine.ts';
import { validateRoundHash, validateSalt } from './live/round.ts';
import { baccaratView, MAX_SHOE_HAND, replayBaccarat, verifyLiveRoulette } from './live/verify.ts';
import { FLOAT_COUNT as MINER_FLOATS, placeMines, validateMineCount } from './miner/engine.ts';
import { toDecimal } from './ratio.ts';
import { fail, ok, type Result } from './result.ts';
import { MAX_TICKETS, roundInput, winningTicket } from './rooms/engine.ts';
import { pocketFromFloat } from './roulette/engine.ts';
import { isSlot, SLOT_FIRST_DRAW, SLOT_OPTIONS, type SlotSlug, verifySlot } from './slots/verify.ts';
import { type SegmentCount, outcome as spinWheel, validateParams, type WheelRisk } from './wheel/engine.ts';

export type Game = OriginalGame | SlotSlug;

/** Most cards one hilo verification deals. */
export const MAX_HILO_CARDS = 1_000;

/** Options each original takes (src/shared/games.ts), by their command-line names, in the order lists show them. */
export const GAME_OPTIONS: Readonly<Record<Game, readonly string[]>> = {
  dice: ['server-seed', 'client-seed', 'nonce'],
  roulette: ['server-seed', 'client-seed', 'nonce'],
  keno: ['server-seed', 'client-seed', 'nonce'],
  miner: ['server-seed', 'client-seed', 'nonce', 'mines'],
  hilo: ['server-seed', 'client-seed', 'nonce', 'count'],
  coinflip: ['server-seed', 'client-seed', 'nonce', 'count'],
  wheel: ['server-seed', 'client-seed', 'nonce', 'risk', 'segments'],
  cases: ['server-seed', 'client-seed', 'nonce', 'case'],
  crash: ['hash', 'salt'],
  rooms: ['server-seed', 'round-id', 'tickets'],
  ...SLOT_OPTIONS,
};

/** The games the verifier recomputes: every original, in the order of `GAME_OPTIONS`. */
export const GAMES = Object.keys(GAME_OPTIONS) as readonly Game[];

/**
 * The live tables (docs/fairness.md §10): a round is its chain link and the table's salt; a
 * baccarat hand also its number in its shoe. Kept out of `GAMES` (the originals, the games a bet
 * can be of); the CLI and the /fairness page verify them too, listed after the originals.
 */
export type LiveGame = 'live-roulette' | 'live-baccarat';

export const LIVE_GAME_OPTIONS: Readonly<Record<LiveGame, readonly string[]>> = {
  'live-roulette': ['hash', 'salt'],
  'live-baccarat': ['hash', 'salt', 'shoe-hand'],
};

/** Every game `parseVerifyRequest` takes. */
export type VerifiableGame = Game | LiveGame;

/** Options of every verifiable game: the originals' and the live tables'. */
export const VERIFY_OPTIONS: Readonly<Record<VerifiableGame, readonly string[]>> = {
  ...GAME_OPTIONS,
  ...LIVE_GAME_OPTIONS,
};

/** Every game the CLI and the /fairness page verify, originals first. */
export const VERIFIABLE_GAMES = Object.keys(VERIFY_OPTIONS) as readonly VerifiableGame[];

export type VerifyRequest =
  | { readonly game: 'dice' | 'roulette' | 'keno'; readonly roll: RollInput }
  | { readonly game: 'miner'; readonly roll: RollInput; readonly mines: number }
  | { readonly game: 'hilo' | 'coinflip'; readonly roll: RollInput; readonly count: number }
  | {
      readonly game: 'wheel';
      readonly roll: RollInput;
      readonly risk: WheelRisk;
      readonly segments: SegmentCount;
    }
  | { readonly game: 'cases'; readonly roll: RollInput; readonly table: readonly CaseRow[] }
  | { readonly game: 'crash'; readonly hash: string; readonly salt: string }
  | { readonly game: 'rooms'; readonly roll: RollInput; readonly tickets: bigint }
  | { readonly game: SlotSlug; readonly roll: RollInput };

/** A live round: its chain link and salt; a baccarat hand its number in its shoe too (1 opens it). */
export type LiveVerifyRequest =
  | { readonly game: 'live-roulette'; readonly hash: string; readonly salt: string }
  | {
      readonly game: 'live-baccarat';
      readonly hash: string;
      readonly salt: string;
      readonly shoeHand: number;
    };

/** Any request the verifier takes. */
export type AnyVerifyRequest = VerifyRequest | LiveVerifyRequest;

export type VerifyError = 'ERR_USAGE';

type Options = Readonly<Record<string, string | undefined>>;
type Parsed<T> = Result<T, VerifyError>;

const usage = (message: string) => fail('ERR_USAGE', message);

function required(options: Options, name: string): Parsed<string> {
  const value = options[name];
  return value === undefined ? usage(`Missing --${name}`) : ok(value);
}

function integerOption(options: Options, name: string, min: number, max: number): Parsed<number> {
  const text = required(options, name);
  if (!text.ok) return text;
  const value = /^\d{1,9}$/.test(text.value) ? Number(text.value) : Number.NaN;
  return value >= min && value <= max
    ? ok(value)
    : usage(`Expected --${name} to be a whole number from ${min} to ${max}, received "${text.value}"`);
}

function rollOption(options: Options): Parsed<RollInput> {
  const serverSeed = required(options, 'server-seed');
  if (!serverSeed.ok) return serverSeed;
  const clientSeed = required(options, 'client-seed');
  if (!clientSeed.ok) return clientSeed;
  const nonceText = required(options, 'nonce');
  if (!nonceText.ok) return nonceText;
  const seed = validateServerSeedText(serverSeed.value);
  if (!seed.ok) return usage(seed.message);
  const client = validateClientSeed(clientSeed.value);
  if (!client.ok) return usage(client.message);
  const nonce = validateNonce(nonceText.value);
  if (!nonce.ok) return usage(nonce.message);
  return ok({ serverSeed: seed.value.seed, clientSeed: client.value, nonce: nonce.value });
}

function crashRequest(options: Options): Parsed<VerifyRequest> {
  const hash = required(options, 'hash');
  if (!hash.ok) return hash;
  const salt = required(options, 'salt');
  if (!salt.ok) return salt;
  if (!/^[0-9a-f]{64}$/.test(hash.value)) {
    return usage(
      `Expected --hash to be a game hash of 64 lowercase hex characters, received "${hash.value}"`,
    );
  }
  if (salt.value === '') return usage('Expected a non-empty --salt');
  return ok({ game: 'crash', hash: hash.value, salt: salt.value });
}

function liveRequest(game: LiveGame, options: Options): Parsed<LiveVerifyRequest> {
  const hash = required(options, 'hash');
  if (!hash.ok) return hash;
  const salt = required(options, 'salt');
  if (!salt.ok) return salt;
  const link = validateRoundHash(hash.value);
  if (!link.ok) {
    return usage(
      `Expected --hash to be a round hash of 64 lowercase hex characters, received "${hash.value}"`,
    );
  }
  const saltValue = validateSalt(salt.value);
  if (!saltValue.ok) return usage('Expected a non-empty --salt');
  if (game === 'live-roulette') return ok({ game, hash: link.value, salt: saltValue.value });
  const shoeHand = integerOption(options, 'shoe-hand', 1, MAX_SHOE_HAND);
  if (!shoeHand.ok) return shoeHand;
  return ok({ game, hash: link.value, salt: saltValue.value, shoeHand: shoeHand.value });
}

function roomsRequest(options: Options): Parsed<VerifyRequest> {
  const serverSeed = required(options, 'server-seed');
  if (!serverSeed.ok) return serverSeed;
  const roundId = required(options, 'round-id');
  if (!roundId.ok) return roundId;
  const tickets = required(options, 'tickets');
  if (!tickets.ok) return tickets;
  const seed = validateServerSeedText(serverSeed.value);
  if (!seed.ok) return usage(seed.message);
  const round = validateClientSeed(roundId.value);
  if (!round.ok)
    return usage(`Expected --round-id of 1-64 printable characters, received "${roundId.value}"`);
  if (
    !/^\d{1,30}$/.test(tickets.value) ||
    BigInt(tickets.value) < 1n ||
    BigInt(tickets.value) > MAX_TICKETS
  ) {
    return usage(
      `Expected --tickets to be a whole number from 1 to ${MAX_TICKETS}, received "${tickets.value}"`,
    );
  }
  return ok({
    game: 'rooms',
    roll: roundInput(seed.value.seed, round.value),
    tickets: BigInt(tickets.value),
  });
}

/** Parses the seed options, then the game's own ones. */
function seededRequest(
  options: Options,
  build: (roll: RollInput) => Parsed<VerifyRequest>,
): Parsed<VerifyRequest> {
  const roll = rollOption(options);
  return roll.ok ? build(roll.value) : roll;
}

const REQUEST_PARSERS: Readonly<Record<Game, (options: Options) => Parsed<VerifyRequest>>> = {
  dice: (options) => seededRequest(options, (roll) => ok({ game: 'dice', roll })),
  roulette: (options) => seededRequest(options, (roll) => ok({ game: 'roulette', roll })),
  keno: (options) => seededRequest(options, (roll) => ok({ game: 'keno', roll })),
  miner: (options) =>
    seededRequest(options, (roll) => {
      const mines = integerOption(options, 'mines', 1, 24);
      if (!mines.ok) return mines;
      const valid = validateMineCount(mines.value);
      return valid.ok ? ok({ game: 'miner', roll, mines: valid.value }) : usage(valid.message);
    }),
  hilo: (options) =>
    seededRequest(options, (roll) => {
      const count = integerOption(options, 'count', 1, MAX_HILO_CARDS);
      return count.ok ? ok({ game: 'hilo', roll, count: count.value }) : count;
    }),
  coinflip: (options) =>
    seededRequest(options, (roll) => {
      const count = integerOption(options, 'count', 1, MAX_FLIPS);
      return count.ok ? ok({ game: 'coinflip', roll, count: count.value }) : count;
    }),
  wheel: (options) =>
    seededRequest(options, (roll) => {
      const risk = required(options, 'risk');
      if (!risk.ok) return risk;
      const segments = required(options, 'segments');
      if (!segments.ok) return segments;
      if (!/^\d{1,3}$/.test(segments.value)) {
        return usage(`Expected --segments 10, 20, 30, 40 or 50, received "${segments.value}"`);
      }
      const params = validateParams(risk.value, Number(segments.value));
      return params.ok ? ok({ game: 'wheel', roll, ...params.value }) : usage(params.message);
    }),
  cases: (options) =>
    seededRequest(options, (roll) => {
      const slug = required(options, 'case');
      if (!slug.ok) return slug;
      const found = tableOf(slug.value);
      return found.ok ? ok({ game: 'cases', roll, table: found.value.table }) : usage(found.message);
    }),
  crash: crashRequest,
  rooms: roomsRequest,
  'star-quest': (options) => seededRequest(options, (roll) => ok({ game: 'star-quest', roll })),
  'sugar-storm': (options) => seededRequest(options, (roll) => ok({ game: 'sugar-storm', roll })),
  'fruit-express': (options) => seededRequest(options, (roll) => ok({ game: 'fruit-express', roll })),
};

const isLive = (game: string): game is LiveGame => Object.hasOwn(LIVE_GAME_OPTIONS, game);

/**
 * Checks a game name and its options (command-line names, string values) into a request. An
 * original's name (the /fairness page's games) gives an original's request.
 */
export function parseVerifyRequest(game: Game, options: Options): Parsed<VerifyRequest>;
export function parseVerifyRequest(game: string, options: Options): Parsed<AnyVerifyRequest>;
export function parseVerifyRequest(game: string, options: Options): Parsed<AnyVerifyRequest> {
  if (!(VERIFIABLE_GAMES as readonly string[]).includes(game)) {
    return usage(`Expected a game (${VERIFIABLE_GAMES.join(', ')}), received "${game}"`);
  }
  const known = VERIFY_OPTIONS[game as VerifiableGame];
  const extra = Object.keys(options).find((name) => options[name] !== undefined && !known.includes(name));
  if (extra)
    return usage(`${game} takes ${known.map((name) => `--${name}`).join(', ')}; --${extra} does not apply`);
  return isLive(game) ? liveRequest(game, options) : REQUEST_PARSERS[game as Game](options);
}

/** Stream floats, HMAC and sha256, sync (Node) or async (Web Crypto). */
export interface FairPrimitives {
  floats(input: RollInput, count: number): number[] | Promise<number[]>;
  hmacSha256Hex(key: string, message: string): string | Promise<string>;
  /** Only live baccarat past a shoe's first hand walks down the chain with it. */
  sha256Hex?(text: string): string | Promise<string>;
}

/**
 * Inputs that parse but contradict the chain: a live baccarat hand number beyond the end of its
 * shoe (`ERR_SHOE`). The CLI reports it like a usage error.
 */
export class VerifyFailure extends Error {
  readonly code: 'ERR_SHOE';
  constructor(code: 'ERR_SHOE', message: string) {
    super(message);
    this.name = 'VerifyFailure';
    this.code = code;
  }
}

/** A slot's screens (src/games/slots/verify.ts): plain JSON objects. */
export type VerifyJson =
  | number
  | string
  | boolean
  | readonly VerifyJson[]
  | { readonly [key: string]: VerifyJson };

/** The verified outcome; bigints are whole numbers that may exceed 2⁵³. */
export type VerifyResult = Readonly<
  Record<string, number | bigint | string | boolean | readonly (number | string)[] | readonly VerifyJson[]>
>;

/** Floats a request reads from the stream. */
export function floatsNeeded(request: Exclude<VerifyRequest, { game: 'crash' }>): number {
  switch (request.game) {
    case 'keno':
      return KENO_FLOATS;
    case 'miner':
      return MINER_FLOATS;
    case 'hilo':
    case 'coinflip':
      return request.count;
    default:
      if (isSlot(request.game)) return SLOT_FIRST_DRAW;
      return 1;
  }
}

/** Recomputes the outcome of a request with the engines; throws `VerifyFailure` on inconsistent inputs. */
export async function verify(request: AnyVerifyRequest, fair: FairPrimitives): Promise<VerifyResult> {
  if (request.game === 'live-roulette') {
    const { pocket, color } = await verifyLiveRoulette(request.hash, request.salt, fair);
    return { pocket, color };
  }
  if (request.game === 'live-baccarat') {
    const round = await replayBaccarat(request.hash, request.salt, request.shoeHand, fair);
    if (!round.ok) throw new VerifyFailure(round.error, round.message);
    return baccaratView(round.value);
  }
  if (request.game === 'crash') {
    const hundredths = crashPointFromHmacHex(await fair.hmacSha256Hex(request.hash, request.salt));
    return { crashPoint: Number(formatMultiplier(hundredths)) };
  }
  if (request.game === 'star-quest' || request.game === 'sugar-storm' || request.game === 'fruit-express') {
    return verifySlot(request.game, request.roll, fair);
  }
  const f = await fair.floats(request.roll, floatsNeeded(request));
  switch (request.game) {
    case 'dice':
      return { roll: Number(formatRoll(rollFromFloat(f[0]!))) };
    case 'roulette':
      return { pocket: pocketFromFloat(f[0]!) };
    case 'keno':
      return { drawn: draw(f) };
    case 'miner':
      return { mines: placeMines(f, request.mines) };
    case 'hilo':
      return { cards: cards(f) };
    case 'coinflip':
      return { flips: flips(f) };
    case 'wheel': {
      const spin = spinWheel(f, request);
      return { segment: spin.segment, multiplier: Number(toDecimal(spin.multiplier, 4)) };
    }
    case 'cases':
      return { multiplier: Number(toDecimal(openCase(f, request.table).multiplier, 4)) };
    case 'rooms':
      return { winningTicket: winningTicket(f, request.tickets) };
  }
}

/** One line of JSON; bigints are written as exact JSON numbers. */
export function formatResult(result: VerifyResult): string {
  const fields = Object.entries(result).map(
    ([key, value]) =>
      `${JSON.stringify(key)}:${typeof value === 'bigint' ? value.toString() : JSON.stringify(value)}`,
  );
  return `{${fields.join(',')}}`;
}
