import { describe, expect, test } from 'vitest';
import { SEED_1 } from '../testing/reference.ts';
import { fruitExpressFigures } from './exact.ts';
import { LINE_PAYS, RULES, STRIPS } from './fruit-express.ts';
import { SLOT_INFO, spinSlot } from './index.ts';
import { linePay } from './lines.ts';
import { nodeFloatSource } from './node.ts';
import { cycle, screenFloats } from './testing.ts';

describe('fruit-express', () => {
  test.each([
    [['W', 'W', 'W'], 'W', 3],
    [['W', '7', '7'], '7', 3],
    [['C', 'W', 'C'], 'C', 3],
    [['W', 'W', 'B'], 'B', 3],
    [['7', 'B', '7'], '7', 1],
  ] as const)('%j pays %s × %i (the wild stands in; three wilds pay the most)', (symbols, symbol, count) => {
    const found = linePay(symbols, RULES);
    expect({ symbol: found.symbol, count: found.count }).toEqual({ symbol, count });
    expect(found.pay).toBe(count === 3 ? LINE_PAYS[symbol]![3]! * 20 : 0);
  });

  test('a known spin: SEED_1, client seed "slots-test", nonce 1 wins 3×', () => {
    const result = spinSlot('fruit-express', nodeFloatSource(SEED_1, 'slots-test', 1));
    expect(result).toMatchObject({ win: 300, capped: false, floatsUsed: 3 });
    expect(result.steps[0]!.stops).toEqual([8, 12, 14]);
  });

  test('RTP, hit frequency and volatility, exact over every stop combination of the engine', () => {
    // The engine itself, landed on each of the 28³ stop combinations.
    const figures = fruitExpressFigures(
      (stops) => spinSlot('fruit-express', cycle(screenFloats(STRIPS, stops))).win,
    );
    const rtp = Number(figures.rtp.num) / Number(figures.rtp.den);
    const sd = Math.sqrt(Number(figures.secondMoment.num) / Number(figures.secondMoment.den) - rtp ** 2);
    const hit = Number(figures.hitFrequency.num) / Number(figures.hitFrequency.den);
    console.log(
      `fruit-express: RTP ${(rtp * 100).toFixed(4)} % (${figures.rtp.num}/${figures.rtp.den}), hit ${(hit * 100).toFixed(4)} %, σ ${sd.toFixed(4)}, max ${figures.max / 100}×`,
    );
    expect(rtp).toBeGreaterThanOrEqual(0.96);
    expect(rtp).toBeLessThanOrEqual(0.965);
    expect(figures).toEqual(fruitExpressFigures());
    expect(SLOT_INFO['fruit-express']).toMatchObject({
      rtp: (Math.floor(rtp * 10_000) / 100).toFixed(2),
      hitFrequency: (hit * 100).toFixed(2),
      volatility: sd.toFixed(1),
    });
  });
});
