/**
 * Wheel of fortune (docs/fairness.md §3): `segment = floor(float_0 × segments)`; the multiplier is that
 * segment's entry in the risk's table. Every table averages 0.99.
 */
import { parseDecimal, type Ratio } from '../ratio.ts';
import { fail, ok, type Result } from '../result.ts';

export const FLOAT_COUNT = 1;
export const RISKS = ['low', 'medium', 'high'] as const;
export type WheelRisk = (typeof RISKS)[number];
export const SEGMENT_COUNTS = [10, 20, 30, 40, 50] as const;
export type SegmentCount = (typeof SEGMENT_COUNTS)[number];

const LOW = ['1.5', '1.2', '1.2', '1.2', '0', '1.2', '1.2', '1.2', '1.2', '0'];

// Verbatim from docs/fairness.md §3 "Wheel tables".
const MEDIUM: Readonly<Record<SegmentCount, string>> = {
  10: '0,1.9,0,1.5,0,2,0,1.5,0,3',
  20: '1.5,0,2,0,2,0,2,0,1.5,0, 3,0,1.8,0,2,0,2,0,2,0',
  30: '1.5,0,1.5,0,2,0,1.5,0,2,0, 2,0,1.5,0,3,0,1.5,0,2,0, 2,0,1.7,0,4,0,1.5,0,2,0',
  40: '2,0,3,0,2,0,1.5,0,3,0, 1.5,0,1.5,0,2,0,1.5,0,3,0, 1.5,0,2,0,2,0,1.6,0,2,0, 1.5,0,3,0,1.5,0,2,0,1.5,0',
  50: '2,0,1.5,0,2,0,1.5,0,3,0, 1.5,0,1.5,0,2,0,1.5,0,3,0, 1.5,0,2,0,1.5,0,2,0,2,0, 1.5,0,3,0,1.5,0,2,0,1.5,0, 1.5,0,5,0,1.5,0,2,0,1.5,0',
};

/** The multipliers of every segment, as decimal strings, index 0 … N−1. */
export function wheelTable(risk: WheelRisk, segments: SegmentCount): readonly string[] {
  switch (risk) {
    case 'low':
      return Array.from({ length: segments }, (_, i) => LOW[i % LOW.length]!);
    case 'medium':
      return MEDIUM[segments].split(',').map((value) => value.trim());
    case 'high': {
      // 0.99 × N in tenths is a whole number because N is a multiple of 10.
      const tenths = (99 * segments) / 10;
      const top = `${Math.floor(tenths / 10)}.${tenths % 10}`;
      return Array.from({ length: segments }, (_, i) => (i === segments - 1 ? top : '0'));
    }
  }
}

export type WheelError = 'ERR_RISK' | 'ERR_SEGMENTS';

/** Checks risk and segment count. */
export function validateParams(
  risk: string,
  segments: number,
): Result<{ risk: WheelRisk; segments: SegmentCount }, WheelError> {
  if (!(RISKS as readonly string[]).includes(risk)) {
    return fail('ERR_RISK', `Expected risk ${RISKS.join(', ')}, received "${risk}"`);
  }
  if (!(SEGMENT_COUNTS as readonly number[]).includes(segments)) {
    return fail('ERR_SEGMENTS', `Expected segments ${SEGMENT_COUNTS.join(', ')}, received ${segments}`);
  }
  return ok({ risk: risk as WheelRisk, segments: segments as SegmentCount });
}

/** The segment for a float: floor(float × segments). */
export function segmentFromFloat(float: number, segments: SegmentCount): number {
  return Math.floor(float * segments);
}

/** The spin for the stream floats (only `float_0` is used). */
export function outcome(
  floats: readonly number[],
  params: { risk: WheelRisk; segments: SegmentCount },
): { segment: number; multiplier: Ratio } {
  const float = floats[0];
  if (float === undefined) throw new RangeError('Wheel needs 1 float');
  const segment = segmentFromFloat(float, params.segments);
  return { segment, multiplier: parseDecimal(wheelTable(params.risk, params.segments)[segment]!) };
}
