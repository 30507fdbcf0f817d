/**
 * Wheel geometry in degrees, clockwise from 12 o'clock (where the pointer stands). Segment i of N
 * spans [i, i + 1) × 360 / N before the wheel turns.
 */

/** The start, centre and end angle of segment `index` of `count`. */
export function segmentAngles(index: number, count: number): { start: number; center: number; end: number } {
  const width = 360 / count;
  return { start: index * width, center: (index + 0.5) * width, end: (index + 1) * width };
}

/** The point at `radius` and `angle` (clockwise from the top) around the origin. */
export function polar(radius: number, angle: number): { x: number; y: number } {
  const rad = (angle * Math.PI) / 180;
  return { x: round(radius * Math.sin(rad)), y: round(-radius * Math.cos(rad)) };
}

/** SVG path of segment `index` of `count`: a ring sector between `inner` and `outer` radius. */
export function segmentPath(index: number, count: number, outer: number, inner: number): string {
  const { start, end } = segmentAngles(index, count);
  const a = polar(outer, start);
  const b = polar(outer, end);
  const c = polar(inner, end);
  const d = polar(inner, start);
  // A single segment never exceeds 180°: the wheel has at least 10.
  return `M${a.x} ${a.y}A${outer} ${outer} 0 0 1 ${b.x} ${b.y}L${c.x} ${c.y}A${inner} ${inner} 0 0 0 ${d.x} ${d.y}Z`;
}

/**
 * The wheel's next rotation (degrees, growing clockwise) that stops segment `index` under the
 * pointer after at least `turns` full turns from `current`. `offset` in −0.5 … 0.5 moves the stop
 * off the segment's centre by that fraction of its width, so spins do not all look alike.
 */
export function landingRotation(
  current: number,
  index: number,
  count: number,
  { turns = 5, offset = 0 }: { turns?: number; offset?: number } = {},
): number {
  const { center } = segmentAngles(index, count);
  const target = -(center + offset * (360 / count));
  const base = current + turns * 360;
  return base + mod(target - base, 360);
}

/** Which segment stands under the pointer once the wheel has turned `rotation` degrees. */
export function segmentAtPointer(rotation: number, count: number): number {
  return Math.floor(mod(-rotation, 360) / (360 / count)) % count;
}

function mod(value: number, by: number): number {
  return ((value % by) + by) % by;
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
