import { describe, expect, test } from 'vitest';
import { floats } from '../fair/node.ts';
import { add, parseDecimal, ratio, toDecimal, ZERO } from '../ratio.ts';
import { sampleBets } from '../testing/sampling.ts';
import { chiSquare, chiSquareAt99, histogram } from '../testing/stats.ts';
import { VECTORS } from '../testing/vectors.ts';
import { outcome, RISKS, SEGMENT_COUNTS, segmentFromFloat, validateParams, wheelTable } from './engine.ts';

describe('wheel', () => {
  test.each(VECTORS)('lands on the known segments for $clientSeed / $nonce', (vector) => {
    const f = floats(vector, 1);
    expect(outcome(f, { risk: 'medium', segments: 30 }).segment).toBe(vector.segment30);
    expect(outcome(f, { risk: 'high', segments: 50 }).segment).toBe(vector.segment50);
  });

  test.each([
    [0, 10, 0],
    [0.1 - 2 ** -32, 10, 0],
    [0.1, 10, 1],
    [1 - 2 ** -32, 50, 49],
  ] as const)('float %f on %i segments is segment %i', (float, segments, segment) => {
    expect(segmentFromFloat(float, segments)).toBe(segment);
  });

  test.each([
    ['low', 20, 10, '1.5'],
    ['low', 20, 19, '0'],
    ['medium', 10, 9, '3'],
    ['medium', 30, 24, '4'],
    ['medium', 40, 26, '1.6'],
    ['medium', 50, 42, '5'],
    ['high', 10, 9, '9.9'],
    ['high', 30, 29, '29.7'],
    ['high', 50, 49, '49.5'],
    ['high', 50, 48, '0'],
  ] as const)('%s / %i: segment %i pays %s×', (risk, segments, segment, shown) => {
    expect(toDecimal(outcome([(segment + 0.5) / segments], { risk, segments }).multiplier)).toBe(shown);
  });

  test('every risk × segment count has N entries averaging exactly 0.99', () => {
    const lines: string[] = [];
    for (const risk of RISKS) {
      for (const segments of SEGMENT_COUNTS) {
        const table = wheelTable(risk, segments);
        expect(table).toHaveLength(segments);
        const mean = table.map(parseDecimal).reduce(add, ZERO);
        expect([risk, segments, mean]).toEqual([risk, segments, ratio(99n * BigInt(segments), 100n)]);
        lines.push(`${risk}/${segments}`);
      }
    }
    expect(lines).toHaveLength(15);
  });

  test.each([
    ['low', 10, true],
    ['extreme', 10, false],
    ['high', 25, false],
    ['medium', 60, false],
  ] as const)('%s with %i segments is valid: %s', (risk, segments, valid) => {
    expect(validateParams(risk, segments).ok).toBe(valid);
  });

  test.each(SEGMENT_COUNTS)(
    'segments of a %i-segment wheel come up equally often (chi-square, 99 %)',
    (count) => {
      const result = chiSquareAt99(() => {
        const segments = Array.from(sampleBets(`wheel-chi-0`, 50_000, 1), (f) =>
          segmentFromFloat(f[0]!, count),
        );
        return chiSquare(histogram(segments, count), new Array(count).fill(1 / count));
      });
      expect(result).toMatchObject({ passed: true });
    },
  );
});
