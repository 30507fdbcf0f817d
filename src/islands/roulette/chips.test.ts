import { describe, expect, test } from 'vitest';
import { validateBets } from '../../games/roulette/engine.ts';
import {
  bestReturn,
  chipTier,
  chipValues,
  doubleLayout,
  type Layout,
  layoutBets,
  layoutBody,
  layoutTotal,
  MAX_SPOTS,
  placeChip,
  scaleLayout,
} from './chips.ts';

const RUB = { min: 100n, max: 1_000_000n };

function place(layout: Layout, spot: string, chip: bigint, limits = RUB): Layout {
  const result = placeChip(layout, spot, chip, limits);
  if (!result.ok) throw new Error(result.message);
  return result.value;
}

describe('chip values', () => {
  test.each([
    ['RUB 1 to 10000', RUB, [100n, 500n, 1000n, 5000n, 10000n, 50000n]],
    ['USD 0.01 to 0.10', { min: 1n, max: 10n }, [1n, 5n, 10n]],
    ['INR 1 to 1', { min: 100n, max: 100n }, [100n]],
    ['KZT 5 to 5', { min: 500n, max: 500n }, [500n]],
  ])('%s offers its chips', (_, limits, chips) => {
    expect(chipValues(limits)).toEqual(chips);
  });
});

describe('stacking chips', () => {
  test('chips on one spot stack; new spots keep the order they were played in', () => {
    let layout: Layout = [];
    layout = place(layout, 'straight:17', 100n);
    layout = place(layout, 'red', 500n);
    layout = place(layout, 'straight:17', 1000n);
    expect(layout).toEqual([
      { spot: 'straight:17', amount: 1100n },
      { spot: 'red', amount: 500n },
    ]);
    expect(layoutTotal(layout)).toBe(1600n);
  });

  test('a chip that passes the table maximum is refused', () => {
    const limits = { min: 1n, max: 10n };
    const layout = place([], 'red', 10n, limits);
    const result = placeChip(layout, 'black', 1n, limits);
    expect(result.ok ? null : result.error).toBe('ERR_TABLE_MAX');
  });

  test(`a ${MAX_SPOTS + 1}st spot is refused, more chips on a played spot are not`, () => {
    let layout: Layout = [];
    for (let n = 0; n < MAX_SPOTS - 13; n++) layout = place(layout, `straight:${n}`, 100n);
    for (const key of ['dozen:1', 'dozen:2', 'dozen:3', 'column:1', 'column:2', 'column:3']) {
      layout = place(layout, key, 100n);
    }
    for (const key of ['low', 'even', 'red', 'black', 'odd', 'high', 'split:1-2']) {
      layout = place(layout, key, 100n);
    }
    expect(layout).toHaveLength(MAX_SPOTS);
    const refused = placeChip(layout, 'split:2-3', 100n, RUB);
    expect(refused.ok ? null : refused.error).toBe('ERR_TOO_MANY_SPOTS');
    expect(placeChip(layout, 'red', 100n, RUB).ok).toBe(true);
  });

  test('double all doubles every stack within the maximum', () => {
    const layout = place(place([], 'split:1-2', 100n), 'odd', 300n);
    const doubled = doubleLayout(layout, RUB);
    expect(doubled.ok && doubled.value).toEqual([
      { spot: 'split:1-2', amount: 200n },
      { spot: 'odd', amount: 600n },
    ]);
    const tight = doubleLayout(layout, { min: 100n, max: 700n });
    expect(tight.ok ? null : tight.error).toBe('ERR_TABLE_MAX');
  });
});

describe('scaling a layout for auto-bet', () => {
  const layout: Layout = [
    { spot: 'straight:7', amount: 100n },
    { spot: 'split:1-2', amount: 200n },
    { spot: 'red', amount: 700n },
  ];

  test.each([
    [2000n, [200n, 400n, 1400n]],
    [1000n, [100n, 200n, 700n]],
    [1500n, [150n, 300n, 1050n]],
    // 1001 × (1, 2, 7) / 10: cut-offs .1, .2, .7: the red stack takes the spare unit.
    [1001n, [100n, 200n, 701n]],
    // 1003 → 100.3, 200.6, 702.1: floors sum to 1002; the spare unit goes to the split (.6).
    [1003n, [100n, 201n, 702n]],
    // 5 → 0.5, 1, 3.5: the tie on .5 goes to the first in table order.
    [5n, [1n, 1n, 3n]],
  ])('to %s minor units keeps the proportions and sums exactly', (target, amounts) => {
    const scaled = scaleLayout(layout, target);
    expect(scaled.ok && scaled.value.map((s) => s.amount)).toEqual(amounts);
    expect(scaled.ok && layoutTotal(scaled.value)).toBe(target);
  });

  test('a stake too small to keep every bet is refused', () => {
    const scaled = scaleLayout(layout, 2n);
    expect(scaled.ok ? null : scaled.error).toBe('ERR_AMOUNT');
  });
});

describe('the bet body and returns', () => {
  const layout: Layout = [
    { spot: 'straight:17', amount: 100n },
    { spot: 'split:17-20', amount: 250n },
    { spot: 'red', amount: 1000n },
    { spot: 'dozen:2', amount: 300n },
  ];

  test('the body names each bet as docs/api-games.md says, amounts as decimal strings', () => {
    expect(layoutBody(layout)).toEqual({
      bets: [
        { kind: 'straight', numbers: [17], amount: '1.00' },
        { kind: 'split', numbers: [17, 20], amount: '2.50' },
        { kind: 'red', amount: '10.00' },
        { kind: 'dozen', index: 2, amount: '3.00' },
      ],
    });
    expect(validateBets(layoutBets(layout)).ok).toBe(true);
  });

  test('the best return is the best pocket’s total (17: black, so straight + split + dozen)', () => {
    // 20 is black too: the split alone (250 × 18) plus the dozen (300 × 3) is less than 17's.
    expect(bestReturn(layout)).toBe(100n * 36n + 250n * 18n + 300n * 3n);
    expect(bestReturn([])).toBe(0n);
  });

  test('a stack is drawn as the largest chip not above it', () => {
    const chips = [100n, 500n, 1000n];
    expect([50n, 100n, 499n, 500n, 2500n].map((a) => chipTier(a, chips))).toEqual([0, 0, 0, 1, 2]);
  });
});
