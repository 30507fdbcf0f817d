import { describe, expect, test } from 'vitest';
import { landingRotation, polar, segmentAngles, segmentAtPointer, segmentPath } from './geometry.ts';

describe('segmentAngles', () => {
  test.each([
    [0, 10, 0, 18, 36],
    [9, 10, 324, 342, 360],
    [1, 50, 7.2, 10.8, 14.4],
    [29, 30, 348, 354, 360],
  ])('segment %i of %i spans %f° to %f°', (index, count, start, center, end) => {
    const angles = segmentAngles(index, count);
    expect(angles.start).toBeCloseTo(start);
    expect(angles.center).toBeCloseTo(center);
    expect(angles.end).toBeCloseTo(end);
  });
});

describe('polar', () => {
  test.each([
    [0, 0, -100],
    [90, 100, 0],
    [180, 0, 100],
    [270, -100, 0],
  ])('puts %i° at (%i, %i) on a radius of 100', (angle, x, y) => {
    const point = polar(100, angle);
    expect(point.x).toBeCloseTo(x);
    expect(point.y).toBeCloseTo(y);
  });
});

describe('segmentPath', () => {
  test('draws the first quarter of a 4-way split from the top clockwise', () => {
    expect(segmentPath(0, 4, 100, 50)).toBe('M0 -100A100 100 0 0 1 100 0L50 0A50 50 0 0 0 0 -50Z');
  });
});

describe('landingRotation', () => {
  const cases = [10, 20, 30, 40, 50].flatMap((count) =>
    [0, 1, count - 1].flatMap((index) =>
      [0, 123.4, -725, 3610].map((current) => [count, index, current] as const),
    ),
  );

  test.each(cases)(
    'with %i segments stops segment %i under the pointer from %f°',
    (count, index, current) => {
      const next = landingRotation(current, index, count);
      expect(segmentAtPointer(next, count)).toBe(index);
      expect(next).toBeGreaterThanOrEqual(current + 5 * 360);
      expect(next).toBeLessThan(current + 6 * 360);
    },
  );

  test('centres the segment under the pointer without an offset', () => {
    // Segment 2 of 10 is centred at 90°: the wheel turns back by 90° plus whole turns.
    expect(landingRotation(0, 2, 10, { turns: 1 })).toBeCloseTo(630);
  });

  test.each([-0.49, 0.49])('stays inside the segment with an offset of %f', (offset) => {
    for (const index of [0, 7, 19]) {
      expect(segmentAtPointer(landingRotation(17, index, 20, { offset }), 20)).toBe(index);
    }
  });
});
