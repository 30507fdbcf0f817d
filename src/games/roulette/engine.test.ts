import { describe, expect, test } from 'vitest';
import { floats } from '../fair/node.ts';
import { sampleBets } from '../testing/sampling.ts';
import { chiSquare, chiSquareAt99, histogram } from '../testing/stats.ts';
import { VECTORS } from '../testing/vectors.ts';
import {
  betReturn,
  coveredPockets,
  INSIDE_LAYOUTS,
  outcome,
  PAYOUT_ODDS,
  POCKETS,
  pocketColor,
  pocketFromFloat,
  type RouletteBet,
  settle,
  validateBets,
} from './engine.ts';

/** Every legal bet on the table, one minor unit each. */
function everyLegalBet(): RouletteBet[] {
  const bets: RouletteBet[] = [];
  for (const [kind, layouts] of Object.entries(INSIDE_LAYOUTS)) {
    for (const numbers of layouts) bets.push({ kind: kind as 'split', numbers, amount: 1n });
  }
  for (const index of [1, 2, 3])
    bets.push({ kind: 'dozen', index, amount: 1n }, { kind: 'column', index, amount: 1n });
  for (const kind of ['red', 'black', 'odd', 'even', 'low', 'high'] as const) bets.push({ kind, amount: 1n });
  return bets;
}

describe('roulette', () => {
  test.each(VECTORS)('spins the known answer for $clientSeed / $nonce', (vector) => {
    expect(outcome(floats(vector, 1)).pocket).toBe(vector.pocket);
  });

  test.each([
    [0, 0],
    [1 / 37 - 2 ** -32, 0],
    [1 / 37 + 2 ** -32, 1],
    [0.5, 18],
    [1 - 2 ** -32, 36],
  ])('float %f lands in pocket %i', (float, pocket) => {
    expect(pocketFromFloat(float)).toBe(pocket);
  });

  test.each([
    ['straight', 37],
    ['split', 60],
    ['street', 14],
    ['corner', 23],
    ['line', 11],
  ] as const)('the table has %i legal %s bets', (kind, count) => {
    expect(INSIDE_LAYOUTS[kind]).toHaveLength(count);
  });

  test.each([
    [0, 'green'],
    [1, 'red'],
    [2, 'black'],
    [10, 'black'],
    [11, 'black'],
    [19, 'red'],
    [36, 'red'],
  ] as const)('pocket %i is %s', (pocket, color) => {
    expect(pocketColor(pocket)).toBe(color);
  });

  test.each<[RouletteBet, number[]]>([
    [{ kind: 'dozen', index: 2, amount: 1n }, [13, 24, 12]],
    [{ kind: 'column', index: 1, amount: 1n }, [1, 34, 12]],
    [{ kind: 'column', index: 3, amount: 1n }, [3, 36, 12]],
    [{ kind: 'red', amount: 1n }, [1, 36, 18]],
    [{ kind: 'low', amount: 1n }, [1, 18, 18]],
    [{ kind: 'high', amount: 1n }, [19, 36, 18]],
  ])('%o covers %o (first, last, count)', (bet, [first, last, count]) => {
    const pockets = coveredPockets(bet);
    expect([pockets[0], pockets.at(-1), pockets.length]).toEqual([first, last, count]);
  });

  test.each<[RouletteBet, number, bigint]>([
    [{ kind: 'straight', numbers: [17], amount: 100n }, 17, 3600n],
    [{ kind: 'straight', numbers: [0], amount: 100n }, 0, 3600n],
    [{ kind: 'split', numbers: [20, 17], amount: 100n }, 20, 1800n],
    [{ kind: 'split', numbers: [0, 2], amount: 100n }, 0, 1800n],
    [{ kind: 'street', numbers: [34, 35, 36], amount: 100n }, 35, 1200n],
    [{ kind: 'street', numbers: [0, 2, 3], amount: 100n }, 3, 1200n],
    [{ kind: 'corner', numbers: [1, 2, 4, 5], amount: 100n }, 5, 900n],
    [{ kind: 'corner', numbers: [0, 1, 2, 3], amount: 100n }, 0, 900n],
    [{ kind: 'line', numbers: [31, 32, 33, 34, 35, 36], amount: 100n }, 31, 600n],
    [{ kind: 'dozen', index: 3, amount: 100n }, 25, 300n],
    [{ kind: 'column', index: 2, amount: 100n }, 35, 300n],
    [{ kind: 'red', amount: 100n }, 3, 200n],
    [{ kind: 'black', amount: 100n }, 3, 0n],
    [{ kind: 'even', amount: 100n }, 0, 0n],
    [{ kind: 'odd', amount: 100n }, 0, 0n],
    [{ kind: 'low', amount: 100n }, 18, 200n],
    [{ kind: 'high', amount: 100n }, 18, 0n],
  ])('%o on pocket %i returns %i', (bet, pocket, expected) => {
    expect(validateBets([bet]).ok).toBe(true);
    expect(betReturn(bet, pocket)).toBe(expected);
  });

  test.each<[string, RouletteBet[], string, number | undefined]>([
    ['no bets', [], 'ERR_NO_BETS', undefined],
    ['a zero amount', [{ kind: 'red', amount: 0n }], 'ERR_AMOUNT', 0],
    ['a number amount', [{ kind: 'red', amount: 5 as unknown as bigint }], 'ERR_AMOUNT', 0],
    ['an unknown kind', [{ kind: 'basket', amount: 1n } as unknown as RouletteBet], 'ERR_BET_KIND', 0],
    ['a straight on 37', [{ kind: 'straight', numbers: [37], amount: 1n }], 'ERR_LAYOUT', 0],
    ['a split across rows', [{ kind: 'split', numbers: [3, 4], amount: 1n }], 'ERR_LAYOUT', 0],
    ['a split 0-4', [{ kind: 'split', numbers: [0, 4], amount: 1n }], 'ERR_LAYOUT', 0],
    ['a doubled split', [{ kind: 'split', numbers: [5, 5], amount: 1n }], 'ERR_LAYOUT', 0],
    ['a street not on a row', [{ kind: 'street', numbers: [2, 3, 4], amount: 1n }], 'ERR_LAYOUT', 0],
    ['a street 0-1-3', [{ kind: 'street', numbers: [0, 1, 3], amount: 1n }], 'ERR_LAYOUT', 0],
    ['a corner across the edge', [{ kind: 'corner', numbers: [3, 4, 6, 7], amount: 1n }], 'ERR_LAYOUT', 0],
    ['a line of one row', [{ kind: 'line', numbers: [1, 2, 3, 1, 2, 3], amount: 1n }], 'ERR_LAYOUT', 0],
    ['dozen 4', [{ kind: 'dozen', index: 4, amount: 1n }], 'ERR_LAYOUT', 0],
    [
      'a straight without numbers',
      [{ kind: 'straight', amount: 1n } as unknown as RouletteBet],
      'ERR_LAYOUT',
      0,
    ],
    [
      'a bad second bet',
      [
        { kind: 'red', amount: 1n },
        { kind: 'column', index: 0, amount: 1n },
      ],
      'ERR_LAYOUT',
      1,
    ],
  ])('refuses %s with %s', (_, bets, error, index) => {
    const result = validateBets(bets);
    expect(result).toMatchObject({ ok: false, error });
    expect(result.index).toBe(index);
  });

  test('refuses more bets than the limit', () => {
    const bets = Array.from({ length: 3 }, (): RouletteBet => ({ kind: 'red', amount: 1n }));
    expect(validateBets(bets, 2)).toMatchObject({ ok: false, error: 'ERR_TOO_MANY_BETS' });
  });

  test('every legal bet of every kind returns 36 units over the 37 pockets: RTP 36/37 exactly', () => {
    const bets = everyLegalBet();
    expect(bets).toHaveLength(37 + 60 + 14 + 23 + 11 + 6 + 6);
    expect(validateBets(bets, bets.length).ok).toBe(true);
    const kinds = new Set<string>();
    for (const bet of bets) {
      let returned = 0n;
      for (let pocket = 0; pocket < POCKETS; pocket += 1) returned += betReturn(bet, pocket);
      expect([bet, returned]).toEqual([bet, 36n]);
      kinds.add(bet.kind);
    }
    expect([...kinds].sort()).toEqual(Object.keys(PAYOUT_ODDS).sort());
  });

  test('settles a layout of several bets for a pocket', () => {
    const bets: RouletteBet[] = [
      { kind: 'straight', numbers: [7], amount: 50n },
      { kind: 'corner', numbers: [4, 5, 7, 8], amount: 100n },
      { kind: 'red', amount: 1_000n },
      { kind: 'column', index: 3, amount: 200n },
    ];
    expect(settle(bets, 7)).toEqual({
      pocket: 7,
      totalStake: 1_350n,
      totalReturn: 4_700n,
      returns: [1_800n, 900n, 2_000n, 0n],
    });
    expect(settle(bets, 0).totalReturn).toBe(0n);
  });

  test('100 000 spins are uniform over the 37 pockets (chi-square, 99 %)', () => {
    const result = chiSquareAt99(() => {
      const pockets = Array.from(sampleBets(`roulette-chi-0`, 100_000, 1), (f) => outcome(f).pocket);
      return chiSquare(histogram(pockets, POCKETS), new Array(POCKETS).fill(1 / POCKETS));
    });
    expect(result.result.df).toBe(36);
    expect(result).toMatchObject({ passed: true });
  });
});
