/**
 * Known answers computed outside this code base (a 40-line Python script using hmac, hashlib and
 * Fraction, straight from docs/fairness.md §1-3) for fixed seeds. Every engine test checks its mapping
 * against them, so a wrong byte order, a swapped key and message, or a swap instead of a splice
 * fails somewhere.
 */
import { SEED_1, SEED_2 } from './reference.ts';

export interface Vector {
  readonly serverSeed: string;
  readonly clientSeed: string;
  readonly nonce: number;
  /** float_0 … float_9 as 32-bit integers (float = u / 2³²). */
  readonly u: readonly number[];
  /** float_8 … float_11: crosses the block 0 / block 1 boundary. */
  readonly u8to11: readonly number[];
  readonly roll: number;
  readonly pocket: number;
  readonly drawn: readonly number[];
  readonly mines3: readonly number[];
  /** The one safe tile with 24 mines. */
  readonly safeWith24: number;
  readonly cards: readonly string[];
  readonly flips: readonly string[];
  readonly segment30: number;
  readonly segment50: number;
}

/**
 * Four lines a vector: `server seed | client seed | nonce`; float_0 … float_11 as 32-bit integers
 * (float = u / 2³²), six a line; then `roll pocket segment30 segment50 safeWith24 | drawn | mines3 |
 * cards | flips` (h for heads, t for tails).
 */
const TABLE = `
SEED_1 | lucky-client | 0
3640481565 2243661021 454991884 904827434 3901101194 33737165
3781633779 1232823135 1604250227 2120262018 282649729 4064613839
8477 31 25 42 17 | 34 21 5 9 37 1 35 13 16 22 | 2 12 21 | KD 8C 3H 4S KC 2D | hhtththt

SEED_1 | lucky-client | 1
3133818816 240469989 1327172457 445688845 1183026563 1423195722
2699062135 700664807 58408706 586961090 2443824557 3030823643
7297 26 21 36 21 | 30 3 13 5 12 16 27 8 1 9 | 1 8 18 | JH 2S 6D 3H 5S 6H | htttttht

SEED_2 | Счастье ☘ | 7
2482523668 4143141673 3435654392 1237482001 3325438168 2260420243
324695514 2161302082 880105869 8877675 539326291 2485998694
5780 21 17 28 15 | 24 39 32 11 30 20 3 19 8 1 | 14 19 24 | 9S AS QH 5S QD 8C | hhhthhth

SEED_2 | a | 123456789
2724685979 2346144640 1188284751 3794354902 2109140048 3982111016
1906953196 3982798976 1584669880 2311327152 2603820423 2711053826
6344 23 19 31 10 | 26 22 11 36 19 38 17 37 13 21 | 6 13 15 | 10D 9D 5S KH 8H AD | hhththth
`;

const SEEDS: Readonly<Record<string, string>> = { SEED_1, SEED_2 };
const numbers = (text: string) => text.trim().split(/\s+/).map(Number);

function parseVector(block: string): Vector {
  const [head = '', first = '', second = '', results = ''] = block.split('\n');
  const [seed = '', clientSeed = '', nonce = ''] = head.split(' | ');
  const [scalars = '', drawn = '', mines3 = '', cards = '', flips = ''] = results.split(' | ');
  const floats = numbers(`${first} ${second}`);
  const [roll = 0, pocket = 0, segment30 = 0, segment50 = 0, safeWith24 = 0] = numbers(scalars);
  const serverSeed = SEEDS[seed];
  if (!serverSeed) throw new Error(`unknown seed ${seed}`);
  return {
    serverSeed,
    clientSeed,
    nonce: Number(nonce),
    u: floats.slice(0, 10),
    u8to11: floats.slice(8, 12),
    roll,
    pocket,
    drawn: numbers(drawn),
    mines3: numbers(mines3),
    safeWith24,
    cards: cards.split(' '),
    flips: [...flips].map((side) => (side === 'h' ? 'heads' : 'tails')),
    segment30,
    segment50,
  };
}

export const VECTORS: readonly Vector[] = TABLE.trim().split('\n\n').map(parseVector);

/** Commitment of SEED_1: sha256 of its 64 hex characters. */
export const SEED_1_COMMITMENT = 'c08da871479a54bf7939c8c796bdd978d8b11acce9eeb3b24be257a5514d09c2';

/** Crash: game hash (sha256 of "crash-1" / "crash-2"), salt, first 8 hex of the HMAC, crash point in hundredths. */
export const CRASH_VECTORS = [
  {
    hash: '9436ba6d36ba26793126b70aaa27eb663843804343d8ed91939b4267e254e306',
    salt: '0000000000000000000fa3b65e43e4240d71762a5bf397d5304b2596d116859c',
    hmacPrefix: '11947cbd',
    crashPoint: 1441,
  },
  {
    hash: 'fb8bf16e744070b87ae5f7c6c325c8c4d2f15302f76ecff8cb974e1bc7a93d1a',
    salt: 'orbita-salt',
    hmacPrefix: '65862c0b',
    crashPoint: 249,
  },
] as const;

/** Rooms with SEED_1: round id, tickets, winning ticket. */
export const ROOM_VECTORS = [
  { roundId: 'round-42', tickets: 1000n, winningTicket: 775n },
  { roundId: '7f3e2a10-4b1c-4d7e-9a2b-0c1d2e3f4a5b', tickets: 123456789012n, winningTicket: 80788791469n },
] as const;
