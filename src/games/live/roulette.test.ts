import { describe, expect, test } from 'vitest';
import { terminatingHash } from '../crash/chain.ts';
import { floats } from '../fair/node.ts';
import { ratio } from '../ratio.ts';
import { type BetKind, INSIDE_LAYOUTS, PAYOUT_ODDS, type RouletteBet } from '../roulette/engine.ts';
import { SEED_1, SEED_2 } from '../testing/reference.ts';
import type { TableLimits } from './limits.ts';
import { rouletteRound } from './node.ts';
import {
  CALL_BETS,
  type CallBetKind,
  chipsOf,
  expandBet,
  expandBets,
  type LiveRouletteBet,
  MAX_NEIGHBOURS,
  neighbours,
  returnToPlayer,
  rouletteStatistics,
  settleLive,
  spin,
  stakeOf,
  validateLimits,
  validateLiveBets,
  WHEEL_ORDER,
} from './roulette.ts';
import { roundInput } from './round.ts';

// Written out here, not taken from the engine: the table's colours and the bets' pockets.
const RED = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36];
const POCKETS = Array.from({ length: 37 }, (_, n) => n);

/** The pockets a plain bet wins on, from the layout's definitions. */
function wins(bet: RouletteBet, n: number): boolean {
  switch (bet.kind) {
    case 'dozen':
      return n >= 12 * bet.index - 11 && n <= 12 * bet.index;
    case 'column':
      return n > 0 && n % 3 === bet.index % 3;
    case 'red':
      return RED.includes(n);
    case 'black':
      return n > 0 && !RED.includes(n);
    case 'odd':
      return n % 2 === 1;
    case 'even':
      return n > 0 && n % 2 === 0;
    case 'low':
      return n >= 1 && n <= 18;
    case 'high':
      return n >= 19;
    default:
      return bet.numbers.includes(n);
  }
}

const COVERS: Readonly<Record<BetKind, number>> = {
  straight: 1,
  split: 2,
  street: 3,
  corner: 4,
  line: 6,
  dozen: 12,
  column: 12,
  red: 18,
  black: 18,
  odd: 18,
  even: 18,
  low: 18,
  high: 18,
};

/** Every legal plain bet of the table, 37 minor units each (36/k × 37 is whole for every k). */
function everyPlainBet(): RouletteBet[] {
  const bets: RouletteBet[] = [];
  for (const [kind, layouts] of Object.entries(INSIDE_LAYOUTS)) {
    for (const numbers of layouts) bets.push({ kind: kind as 'split', numbers, amount: 37n });
  }
  for (const index of [1, 2, 3]) {
    bets.push({ kind: 'dozen', index, amount: 37n }, { kind: 'column', index, amount: 37n });
  }
  for (const kind of ['red', 'black', 'odd', 'even', 'low', 'high'] as const)
    bets.push({ kind, amount: 37n });
  return bets;
}

const CALLS = Object.keys(CALL_BETS) as CallBetKind[];

/** Every racetrack bet: each pocket with 1 … 9 neighbours, and the four call bets. */
function everyRacetrackBet(chip: bigint): LiveRouletteBet[] {
  const bets: LiveRouletteBet[] = CALLS.map((kind) => ({ kind, chip }));
  for (const number of POCKETS) {
    for (let k = 1; k <= MAX_NEIGHBOURS; k += 1)
      bets.push({ kind: 'neighbours', number, neighbours: k, chip });
  }
  return bets;
}

/** The pockets a layout's plain bets cover, sorted. */
const covered = (bets: readonly RouletteBet[]) =>
  [...new Set(bets.flatMap((bet) => ('numbers' in bet ? bet.numbers : [])))].sort((a, b) => a - b);

/** The wheel arc from `from` to `to`, clockwise. */
function arc(from: number, to: number): number[] {
  const start = WHEEL_ORDER.indexOf(from);
  const length = (WHEEL_ORDER.indexOf(to) - start + 37) % 37;
  return Array.from({ length: length + 1 }, (_, i) => WHEEL_ORDER[(start + i) % 37]!);
}

describe('live roulette: the spin', () => {
  test('the wheel holds every pocket once', () => {
    expect([...WHEEL_ORDER].sort((a, b) => a - b)).toEqual(POCKETS);
  });

  test('the pocket is floor(float_0 × 37) of the round stream', () => {
    expect(spin([0])).toEqual({ pocket: 0, color: 'green' });
    expect(spin([1 - 2 ** -32, 0.2])).toEqual({ pocket: 36, color: 'red' });
    expect(spin([2 / 37 + 2 ** -32])).toEqual({ pocket: 2, color: 'black' });
    expect(() => spin([])).toThrow(RangeError);
  });

  test('rounds h_1 … h_10 of a fixed chain spin the known answers (computed outside this code)', () => {
    // Chain head h_10 = SEED_1, salt SEED_2; the pockets of h_1 … h_10 from a Python script
    // written from docs/fairness.md §10 alone.
    const chain = [SEED_1];
    for (let i = 0; i < 9; i += 1) chain.unshift(terminatingHash(chain[0]!, 1));
    expect(chain.map((hash) => rouletteRound(hash, SEED_2).pocket)).toEqual([
      12, 23, 18, 23, 20, 31, 10, 22, 6, 31,
    ]);
  });

  test('a round is its hash and salt: the same inputs spin the same pocket, another salt another stream', () => {
    const first = rouletteRound(SEED_1, 'salt');
    expect(rouletteRound(SEED_1, 'salt')).toEqual(first);
    expect(floats(roundInput(SEED_1, 'salt'), 1)).toEqual(floats(roundInput(SEED_1, 'salt'), 1));
    expect(floats(roundInput(SEED_1, 'salt'), 1)).not.toEqual(floats(roundInput(SEED_1, 'salt2'), 1));
  });
});

describe('live roulette: plain bets', () => {
  const bets = everyPlainBet();

  test('covers all 157 legal plain bets', () => {
    expect(bets).toHaveLength(37 + 60 + 14 + 23 + 11 + 6 + 6);
  });

  test('every plain bet pays its odds on every pocket it covers and nothing elsewhere', () => {
    for (const bet of bets) {
      for (const pocket of POCKETS) {
        const expected = wins(bet, pocket) ? bet.amount * (36n / BigInt(COVERS[bet.kind])) : 0n;
        const settled = settleLive([bet], pocket);
        expect({ bet, pocket, returned: settled.totalReturn }).toEqual({ bet, pocket, returned: expected });
      }
    }
  });

  test('every plain bet kind returns exactly 36/37 (edge 1/37), summed over the 37 pockets', () => {
    for (const bet of bets) {
      const total = POCKETS.reduce((sum, pocket) => sum + settleLive([bet], pocket).totalReturn, 0n);
      expect(total).toBe(36n * bet.amount);
      expect(returnToPlayer(bet)).toEqual(ratio(36n, 37n));
    }
    expect(PAYOUT_ODDS.straight).toBe(35n);
  });
});

describe('live roulette: the racetrack', () => {
  test.each([
    [0, 2, [3, 26, 0, 32, 15]],
    [26, 1, [3, 26, 0]],
    [32, 1, [0, 32, 15]],
    [5, 3, [8, 23, 10, 5, 24, 16, 33]],
    [17, 0, [17]],
  ])('neighbours(%i, %i) = %o', (n, k, expected) => {
    expect(neighbours(n, k)).toEqual(expected);
  });

  test('18 neighbours each side cover the wheel; bad input throws', () => {
    expect(neighbours(7, 18).sort((a, b) => a - b)).toEqual(POCKETS);
    expect(() => neighbours(37, 1)).toThrow(RangeError);
    expect(() => neighbours(1, 19)).toThrow(RangeError);
    expect(() => neighbours(1, 1.5)).toThrow(RangeError);
  });

  test('a neighbours bet is one chip straight up on each of its 2k + 1 numbers', () => {
    const bet: LiveRouletteBet = { kind: 'neighbours', number: 0, neighbours: 2, chip: 5n };
    expect(expandBet(bet)).toEqual(
      [3, 26, 0, 32, 15].map((n) => ({ kind: 'straight', numbers: [n], amount: 5n })),
    );
    expect([chipsOf(bet), stakeOf(bet)]).toEqual([5n, 25n]);
    expect(settleLive([bet], 26).totalReturn).toBe(5n * 36n);
    expect(settleLive([bet], 19).totalReturn).toBe(0n);
  });

  test.each([
    ['voisins', 9n],
    ['tiers', 6n],
    ['orphelins', 5n],
    ['jeu-zero', 4n],
  ] as const)('%s places %i chips', (kind, chips) => {
    expect(chipsOf({ kind, chip: 1n })).toBe(chips);
    expect(stakeOf({ kind, chip: 10n })).toBe(chips * 10n);
    const plain = expandBet({ kind, chip: 10n });
    expect(plain.reduce((sum, bet) => sum + bet.amount, 0n)).toBe(chips * 10n);
    expect(validateLiveBets(plain).ok).toBe(true);
  });

  test('the call bets cover their sectors of the wheel', () => {
    const of = (kind: CallBetKind) => covered(expandBet({ kind, chip: 1n }));
    const sorted = (numbers: number[]) => numbers.sort((a, b) => a - b);
    expect(of('voisins')).toEqual(sorted(arc(22, 25)));
    expect(of('tiers')).toEqual(sorted(arc(27, 33)));
    expect(of('orphelins')).toEqual(sorted([...arc(17, 6), ...arc(1, 9)]));
    expect(of('jeu-zero')).toEqual(sorted(arc(12, 15)));
    expect(sorted([...of('voisins'), ...of('tiers'), ...of('orphelins')])).toEqual(POCKETS);
  });

  test('voisins du zéro places 0/2/3 ×2, 4/7, 12/15, 18/21, 19/22, 25/26/28/29 ×2, 32/35', () => {
    expect(expandBet({ kind: 'voisins', chip: 3n })).toEqual([
      { kind: 'street', numbers: [0, 2, 3], amount: 6n },
      { kind: 'split', numbers: [4, 7], amount: 3n },
      { kind: 'split', numbers: [12, 15], amount: 3n },
      { kind: 'split', numbers: [18, 21], amount: 3n },
      { kind: 'split', numbers: [19, 22], amount: 3n },
      { kind: 'corner', numbers: [25, 26, 28, 29], amount: 6n },
      { kind: 'split', numbers: [32, 35], amount: 3n },
    ]);
    // 0 hits the double street (2 chips × 12), 26 the double corner (2 × 9), 4 a split (18).
    expect(settleLive([{ kind: 'voisins', chip: 3n }], 0).totalReturn).toBe(72n);
    expect(settleLive([{ kind: 'voisins', chip: 3n }], 26).totalReturn).toBe(54n);
    expect(settleLive([{ kind: 'voisins', chip: 3n }], 4).totalReturn).toBe(54n);
    expect(settleLive([{ kind: 'voisins', chip: 3n }], 1).totalReturn).toBe(0n);
  });

  test('orphelins pays 17 twice over on 17 (two splits hold it)', () => {
    expect(settleLive([{ kind: 'orphelins', chip: 1n }], 17).totalReturn).toBe(36n);
    expect(settleLive([{ kind: 'orphelins', chip: 1n }], 1).totalReturn).toBe(36n);
    expect(settleLive([{ kind: 'jeu-zero', chip: 1n }], 26).totalReturn).toBe(36n);
  });

  test('every racetrack bet returns exactly 36/37, on every pocket as its plain bets do', () => {
    for (const bet of everyRacetrackBet(2n)) {
      expect(returnToPlayer(bet)).toEqual(ratio(36n, 37n));
      for (const pocket of POCKETS) {
        const plain = expandBet(bet).reduce((sum, part) => sum + settleLive([part], pocket).totalReturn, 0n);
        expect(settleLive([bet], pocket).totalReturn).toBe(plain);
      }
    }
  });

  test('a layout settles each bet and sums stakes and returns', () => {
    const layout: LiveRouletteBet[] = [
      { kind: 'red', amount: 100n },
      { kind: 'tiers', chip: 10n },
      { kind: 'straight', numbers: [5], amount: 1n },
    ];
    expect(settleLive(layout, 5)).toEqual({
      pocket: 5,
      totalStake: 161n,
      totalReturn: 200n + 180n + 36n,
      returns: [200n, 180n, 36n],
    });
    expect(expandBets(layout)).toHaveLength(1 + 6 + 1);
  });
});

describe('live roulette: validation and limits', () => {
  test.each<[string, LiveRouletteBet[], string, number | undefined]>([
    ['no bets', [], 'ERR_NO_BETS', undefined],
    ['an illegal split', [{ kind: 'split', numbers: [1, 5], amount: 1n }], 'ERR_LAYOUT', 0],
    [
      'a zero amount',
      [
        { kind: 'red', amount: 1n },
        { kind: 'black', amount: 0n },
      ],
      'ERR_AMOUNT',
      1,
    ],
    ['a zero chip', [{ kind: 'voisins', chip: 0n }], 'ERR_AMOUNT', 0],
    ['a number chip', [{ kind: 'tiers', chip: 5 as unknown as bigint }], 'ERR_AMOUNT', 0],
    ['no neighbours', [{ kind: 'neighbours', number: 3, neighbours: 0, chip: 1n }], 'ERR_NEIGHBOURS', 0],
    ['10 neighbours', [{ kind: 'neighbours', number: 3, neighbours: 10, chip: 1n }], 'ERR_NEIGHBOURS', 0],
    ['pocket 37', [{ kind: 'neighbours', number: 37, neighbours: 2, chip: 1n }], 'ERR_NEIGHBOURS', 0],
    ['an unknown kind', [{ kind: 'snake', chip: 1n } as unknown as LiveRouletteBet], 'ERR_BET_KIND', 0],
  ])('refuses %s', (_, bets, error, index) => {
    const result = validateLiveBets(bets);
    expect(result).toMatchObject({ ok: false, error });
    expect(result.index).toBe(index);
    if (!result.ok && index !== undefined) expect(result.message).toMatch(new RegExp(`^Bet ${index}: `));
  });

  test('accepts every legal plain and racetrack bet, and caps the count', () => {
    expect(validateLiveBets([...everyPlainBet(), ...everyRacetrackBet(1n)], 1000).ok).toBe(true);
    expect(validateLiveBets(everyPlainBet(), 100)).toMatchObject({ ok: false, error: 'ERR_TOO_MANY_BETS' });
  });

  const LIMITS: TableLimits<BetKind> = {
    EUR: {
      straight: { min: 10n, max: 500n },
      split: { min: 10n, max: 1_000n },
      street: { min: 10n, max: 1_500n },
      corner: { min: 10n, max: 2_000n },
      red: { min: 100n, max: 50_000n },
    },
  };

  test('spots are checked after expansion, with every chip on the same spot added up', () => {
    const voisins: LiveRouletteBet = { kind: 'voisins', chip: 500n };
    expect(validateLimits([voisins], 'EUR', LIMITS).ok).toBe(true);
    // 0/2/3 holds 2 × 500 from voisins plus 600 placed straight on the street: 1 600 > 1 500.
    const over = validateLimits(
      [voisins, { kind: 'street', numbers: [3, 2, 0], amount: 600n }],
      'EUR',
      LIMITS,
    );
    expect(over).toMatchObject({ ok: false, error: 'ERR_ABOVE_MAX', kind: 'street', key: 'street 0/2/3' });
    if (!over.ok) expect(over.message).toContain('received 1600');
  });

  test('too small a spot, a kind the currency does not offer and an unknown currency are refused', () => {
    expect(validateLimits([{ kind: 'tiers', chip: 5n }], 'EUR', LIMITS)).toMatchObject({
      ok: false,
      error: 'ERR_BELOW_MIN',
      key: 'split 5/8',
    });
    expect(validateLimits([{ kind: 'dozen', index: 2, amount: 100n }], 'EUR', LIMITS)).toMatchObject({
      ok: false,
      error: 'ERR_KIND_CLOSED',
      key: 'dozen 2',
    });
    expect(validateLimits([{ kind: 'red', amount: 100n }], 'USD', LIMITS)).toMatchObject({
      ok: false,
      error: 'ERR_CURRENCY',
    });
    expect(validateLimits([{ kind: 'red', amount: 100n }], 'toString', LIMITS)).toMatchObject({
      ok: false,
      error: 'ERR_CURRENCY',
    });
  });
});

describe('live roulette: statistics', () => {
  test('counts, hot and cold with their tie-breaks, and the shares of the last N spins', () => {
    // Oldest first; the last 10 hold 7 ×3, 0 ×2, 32 ×2 (32 seen last), then 1, 2, 3 once each.
    const history = [17, 7, 0, 7, 32, 1, 2, 3, 0, 7, 32];
    const stats = rouletteStatistics(history, 10);
    expect(stats.spins).toBe(10);
    expect(stats.counts[7]).toBe(3);
    expect(stats.counts[25]).toBe(0);
    expect(stats.hot).toEqual([7, 32, 0, 3, 2]);
    // Never seen first, lowest number first among them.
    expect(stats.cold).toEqual([4, 5, 6, 8, 9]);
    expect(stats.green).toEqual({ count: 2, share: ratio(1n, 5n) });
    expect(stats.red).toEqual({ count: 7, share: ratio(7n, 10n) }); // 7 ×3, 32 ×2, 1 and 3
    expect(stats.black).toEqual({ count: 1, share: ratio(1n, 10n) });
    expect(stats.odd.count + stats.even.count + stats.green.count).toBe(10);
    expect(stats.dozens.map((d) => d.count)).toEqual([6, 0, 2]);
    expect(stats.low.count + stats.high.count).toBe(8);
  });

  test('only the last N spins count; a short or empty history is fine', () => {
    const history = [
      ...Array.from({ length: 150 }, () => 5),
      ...Array.from({ length: 100 }, (_, i) => i % 37),
    ];
    const stats = rouletteStatistics(history);
    expect(stats.spins).toBe(100);
    expect(stats.counts[5]).toBe(3);
    expect(stats.counts.reduce((a, b) => a + b, 0)).toBe(100);
    expect(rouletteStatistics(history, 300).counts[5]).toBe(150 + 3);
    const empty = rouletteStatistics([]);
    expect(empty.spins).toBe(0);
    expect(empty.red.share).toEqual(ratio(0n));
    expect(empty.hot).toEqual([0, 1, 2, 3, 4]);
  });

  test('cold prefers the pocket not seen for longest among equal counts', () => {
    const history = POCKETS.filter((n) => n !== 20);
    expect(rouletteStatistics(history).cold).toEqual([20, 0, 1, 2, 3]);
    expect(rouletteStatistics(history).hot).toEqual([36, 35, 34, 33, 32]);
  });

  test('a history entry that is not a pocket is a programming error', () => {
    expect(() => rouletteStatistics([1, 37])).toThrow(RangeError);
    expect(() => rouletteStatistics([1], 0)).toThrow(RangeError);
  });
});
