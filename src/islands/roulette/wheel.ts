/** Geometry of the European wheel the result is shown on (display only; the server picks the pocket). */

/** Pockets clockwise from the zero on a European single-zero wheel. */
export const WHEEL_ORDER: readonly number[] = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22,
  18, 29, 7, 28, 12, 35, 3, 26,
];

export const POCKET_ANGLE = 360 / WHEEL_ORDER.length;

/** Clockwise angle (degrees) of a pocket's centre from the zero's. */
export function pocketAngle(pocket: number): number {
  const index = WHEEL_ORDER.indexOf(pocket);
  if (index === -1) throw new RangeError(`Expected a pocket 0-36, received ${pocket}`);
  return index * POCKET_ANGLE;
}

/**
 * The wheel rotation (degrees, clockwise, growing) that brings `pocket` under the marker at the
 * top after at least `turns` full turns from `current`.
 */
export function landingRotation(current: number, pocket: number, turns: number): number {
  const rest = (((-pocketAngle(pocket) - current) % 360) + 360) % 360;
  return current + turns * 360 + rest;
}
