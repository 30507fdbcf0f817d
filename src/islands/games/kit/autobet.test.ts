import { describe, expect, test } from 'vitest';
import {
  type AutoBetConfig,
  afterAutoBet,
  parsePercent,
  stakeBeforeAnswers,
  startAutoBet,
} from './autobet.ts';

const limits = { min: 100n, max: 100_000n };
const config = (patch: Partial<AutoBetConfig> = {}): AutoBetConfig => ({
  count: 0,
  onWin: { mode: 'reset', percentBp: 0 },
  onLoss: { mode: 'reset', percentBp: 0 },
  stopProfit: null,
  stopLoss: null,
  ...patch,
});
const win = (amount: bigint) => ({ amount, payout: amount * 2n });
const loss = (amount: bigint) => ({ amount, payout: 0n });

describe('afterAutoBet', () => {
  test('a reset returns to the starting stake', () => {
    let state = startAutoBet(1_000n);
    state = afterAutoBet(
      config({ onLoss: { mode: 'increase', percentBp: 10_000 } }),
      state,
      loss(1_000n),
      limits,
    ).state;
    expect(state.next).toBe(2_000n);
    state = afterAutoBet(config(), state, win(2_000n), limits).state;
    expect(state.next).toBe(1_000n);
  });

  test('martingale: +100 % on a loss doubles the stake each time', () => {
    const c = config({ onLoss: { mode: 'increase', percentBp: 10_000 } });
    let state = startAutoBet(100n);
    const stakes: bigint[] = [];
    for (let i = 0; i < 4; i += 1) {
      stakes.push(state.next);
      state = afterAutoBet(c, state, loss(state.next), limits).state;
    }
    expect(stakes).toEqual([100n, 200n, 400n, 800n]);
    expect(state.net).toBe(-1_500n);
  });

  test('an increase rounds down to a minor unit and stays within the limits', () => {
    const c = config({ onWin: { mode: 'increase', percentBp: 3_333 } });
    expect(afterAutoBet(c, startAutoBet(1_000n), win(1_000n), limits).state.next).toBe(1_333n);
    expect(afterAutoBet(c, startAutoBet(90_000n), win(90_000n), limits).state.next).toBe(100_000n);
  });

  test('a payout equal to the stake counts as a loss', () => {
    const c = config({ onLoss: { mode: 'increase', percentBp: 5_000 } });
    expect(afterAutoBet(c, startAutoBet(1_000n), { amount: 1_000n, payout: 1_000n }, limits).state.next).toBe(
      1_500n,
    );
  });

  test.each([
    ['stops after the number of bets', config({ count: 2 }), [loss, loss], 'count'],
    ['runs on without a count', config(), [loss, loss, loss], null],
    ['stops once the profit reaches the limit', config({ stopProfit: 2_000n }), [win, win], 'profit'],
    ['stops once the loss reaches the limit', config({ stopLoss: 2_000n }), [loss, loss], 'loss'],
    ['keeps going under the loss limit', config({ stopLoss: 2_001n }), [loss, loss], null],
  ] as const)('%s', (_, c, results, expected) => {
    let state = startAutoBet(1_000n);
    let stop: string | null = null;
    for (const result of results) {
      const step = afterAutoBet(c, state, result(state.next), limits);
      state = step.state;
      stop = step.stop;
    }
    expect(stop).toBe(expected);
    expect(state.played).toBe(results.length);
  });
});

describe('parsePercent', () => {
  test.each([
    ['25', 2_500],
    ['12.5', 1_250],
    ['0,75', 75],
    ['0', 0],
    ['10000', 1_000_000],
  ])('reads %j', (text, bp) => {
    expect(parsePercent(text)).toBe(bp);
  });
  test.each(['', '-5', 'abc', '1.234', '10001'])('refuses %j', (text) => {
    expect(parsePercent(text)).toBeNull();
  });
});

describe('stakeBeforeAnswers (pipelining)', () => {
  const state = { base: 1_000n, next: 1_000n, played: 3, net: -500n };
  test('nothing in flight: the next stake', () => {
    expect(stakeBeforeAnswers(config({ stopProfit: 1n }), state, [], limits)).toBe(1_000n);
  });
  test('a stake that no answer can change goes out early', () => {
    expect(stakeBeforeAnswers(config(), state, [1_000n, 1_000n], limits)).toBe(1_000n);
    const both = { mode: 'increase', percentBp: 5_000 } as const;
    expect(stakeBeforeAnswers(config({ onWin: both, onLoss: both }), state, [1_000n], limits)).toBe(1_500n);
    // Clamped to the limits like any raise.
    expect(stakeBeforeAnswers(config({ onWin: both, onLoss: both }), state, [90_000n], limits)).toBe(
      100_000n,
    );
  });
  test('waits when an answer could change the stake or stop the series', () => {
    const raise = { mode: 'increase', percentBp: 10_000 } as const;
    // Martingale: the stake after a bet depends on its result.
    expect(stakeBeforeAnswers(config({ onLoss: raise }), state, [1_000n], limits)).toBeNull();
    expect(
      stakeBeforeAnswers(
        config({ onWin: { mode: 'increase', percentBp: 100 }, onLoss: { mode: 'increase', percentBp: 200 } }),
        state,
        [1_000n],
        limits,
      ),
    ).toBeNull();
    // The count: 3 played + 2 in flight = 5.
    expect(stakeBeforeAnswers(config({ count: 5 }), state, [1_000n, 1_000n], limits)).toBeNull();
    expect(stakeBeforeAnswers(config({ count: 6 }), state, [1_000n, 1_000n], limits)).toBe(1_000n);
    // A win could reach the stop-on-profit.
    expect(stakeBeforeAnswers(config({ stopProfit: 100_000n }), state, [1_000n], limits)).toBeNull();
    // Losing both in flight would make the loss 2,500: a stop at 2,500 waits, one at 2,501 does not.
    expect(stakeBeforeAnswers(config({ stopLoss: 2_500n }), state, [1_000n, 1_000n], limits)).toBeNull();
    expect(stakeBeforeAnswers(config({ stopLoss: 2_501n }), state, [1_000n, 1_000n], limits)).toBe(1_000n);
  });
});
