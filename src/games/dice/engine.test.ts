import { describe, expect, test } from 'vitest';
import { floats } from '../fair/node.ts';
import { ratio, toDecimal } from '../ratio.ts';
import { u32 } from '../testing/reference.ts';
import { sampleBets } from '../testing/sampling.ts';
import { chiSquare, chiSquareAt99, histogram } from '../testing/stats.ts';
import { VECTORS } from '../testing/vectors.ts';
import {
  type DiceBet,
  formatRoll,
  isWin,
  MAX_CHANCE,
  MIN_CHANCE,
  multiplier,
  outcome,
  ROLL_OUTCOMES,
  rollFromFloat,
  validateBet,
  winChance,
} from './engine.ts';

describe('dice', () => {
  test.each(VECTORS)('rolls the known answer for $clientSeed / $nonce', (vector) => {
    expect(rollFromFloat(floats(vector, 1)[0]!)).toBe(vector.roll);
  });

  test.each([
    [0, 0, '0.00'],
    [u32(1), 0, '0.00'],
    [u32(429_454), 1, '0.01'],
    [0.5, 5000, '50.00'],
    [1 - 2 ** -32, 10_000, '100.00'],
  ])('float %f rolls %i (%s)', (float, roll, text) => {
    expect(rollFromFloat(float)).toBe(roll);
    expect(formatRoll(roll)).toBe(text);
  });

  test.each<[DiceBet, string]>([
    [{ target: 5000, direction: 'under' }, '1.98'],
    [{ target: 5000, direction: 'over' }, '1.98'],
    [{ target: 9800, direction: 'under' }, '1.0102'],
    [{ target: 200, direction: 'over' }, '1.0102'],
    [{ target: 1, direction: 'under' }, '9900'],
    [{ target: 9999, direction: 'over' }, '9900'],
    [{ target: 3300, direction: 'under' }, '3'],
  ])('%o pays 99 / chance = %s×', (bet, shown) => {
    expect(validateBet(bet).ok).toBe(true);
    expect(toDecimal(multiplier(bet), 4)).toBe(shown);
  });

  test.each<[DiceBet, string]>([
    [{ target: 0, direction: 'under' }, 'ERR_CHANCE'],
    [{ target: 9801, direction: 'under' }, 'ERR_CHANCE'],
    [{ target: 199, direction: 'over' }, 'ERR_CHANCE'],
    [{ target: 10_000, direction: 'over' }, 'ERR_CHANCE'],
    [{ target: 50.5, direction: 'under' }, 'ERR_TARGET'],
    [{ target: -1, direction: 'over' }, 'ERR_TARGET'],
    [{ target: 5000, direction: 'sideways' as 'under' }, 'ERR_DIRECTION'],
  ])('%o is refused with %s', (bet, error) => {
    expect(validateBet(bet)).toMatchObject({ ok: false, error });
  });

  test('under wins strictly below the target, over strictly above', () => {
    expect(outcome([u32(0)], { target: 1, direction: 'under' })).toEqual({
      roll: 0,
      win: true,
      multiplier: ratio(9900n),
    });
    expect(outcome([0.5], { target: 5000, direction: 'under' }).win).toBe(false);
    expect(outcome([0.5], { target: 5000, direction: 'over' }).win).toBe(false);
    expect(outcome([1 - 2 ** -32], { target: 9999, direction: 'over' }).win).toBe(true);
  });

  test('every legal target in both directions has RTP 9900/10001 over the 10001 rolls', () => {
    // P(win) = wins / 10001 and the multiplier is 9900 / chance, so the RTP is 9900/10001 (98.990 %)
    // exactly when wins = chance. isWin is monotone in the roll, so the win count of every target is
    // pinned by its boundary; full enumeration of all rolls covers every 37th target and the edges.
    let bets = 0;
    for (const direction of ['under', 'over'] as const) {
      for (let target = 0; target <= 10_000; target += 1) {
        const bet = { target, direction };
        if (!validateBet(bet).ok) continue;
        const chance = winChance(bet);
        const [lastWin, firstLoss] = direction === 'under' ? [target - 1, target] : [target + 1, target];
        if (!isWin(bet, lastWin) || isWin(bet, firstLoss))
          throw new Error(`${direction} ${target}: boundary`);
        expect(multiplier(bet)).toEqual(ratio(9900n, BigInt(chance)));
        if (target % 37 === 0 || chance < 50 || chance > MAX_CHANCE - 50) {
          let wins = 0;
          for (let roll = 0; roll < ROLL_OUTCOMES; roll += 1) if (isWin(bet, roll)) wins += 1;
          if (wins !== chance) throw new Error(`${direction} ${target}: ${wins} wins, chance ${chance}`);
        }
        bets += 1;
      }
    }
    expect(bets).toBe(2 * (MAX_CHANCE - MIN_CHANCE + 1));
  });

  test('over all 2³² floats the RTP of every bet stays within 2×10⁻⁶ of 9900/10001', () => {
    // #floats rolling under T = #{u : floor(u × 10001 / 2³²) < T} = ceil(T × 2³² / 10001).
    const nominal = 9900 / 10_001;
    let worst = 0;
    for (let chance = MIN_CHANCE; chance <= MAX_CHANCE; chance += 1) {
      const t = BigInt(chance) * 2n ** 32n;
      const under = (t + 10_000n) / 10_001n;
      // "over 10000 − chance" wins on rolls 10001 − chance … 10000: the same number of floats up to one.
      const overStart = (BigInt(10_001 - chance) * 2n ** 32n + 10_000n) / 10_001n;
      for (const count of [under, 2n ** 32n - overStart]) {
        const rtp = (Number(count) * 9900) / chance / 2 ** 32;
        worst = Math.max(worst, Math.abs(rtp - nominal));
      }
    }
    // The largest gap is "over 99.99": 429 453 floats roll 100.00 instead of 2³²/10001 ≈ 429 453.78.
    expect(worst).toBeCloseTo(1.8076e-6, 9);
  });

  test('100 000 rolls are uniform over the 10001 outcomes (chi-square, 99 %)', () => {
    const result = chiSquareAt99(() => {
      const rolls = Array.from(sampleBets(`dice-chi-0`, 100_000, 1), ([float]) => rollFromFloat(float!));
      return chiSquare(histogram(rolls, ROLL_OUTCOMES), new Array(ROLL_OUTCOMES).fill(1 / ROLL_OUTCOMES));
    });
    expect(result).toMatchObject({ passed: true });
  });
});
