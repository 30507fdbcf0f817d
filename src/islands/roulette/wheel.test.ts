import { describe, expect, test } from 'vitest';
import { landingRotation, POCKET_ANGLE, pocketAngle, WHEEL_ORDER } from './wheel.ts';

describe('the wheel', () => {
  test('holds each pocket 0-36 once', () => {
    expect([...WHEEL_ORDER].sort((a, b) => a - b)).toEqual(Array.from({ length: 37 }, (_, i) => i));
  });

  test.each([
    [0, 0],
    [32, POCKET_ANGLE],
    [26, 36 * POCKET_ANGLE],
  ])('pocket %i sits %d° clockwise of the zero', (pocket, angle) => {
    expect(pocketAngle(pocket)).toBeCloseTo(angle, 9);
  });

  test.each([
    [0, 17, 5],
    [1234.5, 0, 4],
    [-90, 26, 6],
  ])('from %d°, landing on %i after %i turns puts it under the marker', (current, pocket, turns) => {
    const rotation = landingRotation(current, pocket, turns);
    expect(rotation - current).toBeGreaterThanOrEqual(turns * 360);
    expect(rotation - current).toBeLessThan((turns + 1) * 360);
    const top = (((rotation + pocketAngle(pocket)) % 360) + 360) % 360;
    expect(Math.min(top, 360 - top)).toBeCloseTo(0, 6);
  });
});
