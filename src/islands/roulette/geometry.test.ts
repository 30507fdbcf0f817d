import { describe, expect, test } from 'vitest';
import { type Rect, tableGeometry } from './geometry.ts';
import { INSIDE_SPOTS, type InsideSpot, OUTSIDE_SPOTS, spotByKey } from './spots.ts';

const overlaps = (p: Rect, q: Rect) =>
  p.x < q.x + q.width && q.x < p.x + p.width && p.y < q.y + q.height && q.y < p.y + p.height;
const contains = (r: Rect, x: number, y: number) =>
  x >= r.x && x <= r.x + r.width && y >= r.y && y <= r.y + r.height;

describe.each(['wide', 'tall'] as const)('the %s table', (orientation) => {
  const geometry = tableGeometry(orientation);

  test('no two inside hit zones overlap, so a click names one bet', () => {
    const clashes: string[] = [];
    for (const [i, p] of INSIDE_SPOTS.entries()) {
      for (const q of INSIDE_SPOTS.slice(i + 1)) {
        if (overlaps(geometry.hitZone(p), geometry.hitZone(q))) clashes.push(`${p.key} × ${q.key}`);
      }
    }
    expect(clashes).toEqual([]);
  });

  test('every hit zone and outside box lies on the table', () => {
    const rects = [...INSIDE_SPOTS.map(geometry.hitZone), ...OUTSIDE_SPOTS.map(geometry.outsideCell)];
    for (const r of rects) {
      expect(r.width).toBeGreaterThan(0);
      expect(r.height).toBeGreaterThan(0);
      expect(r.x + r.width).toBeLessThanOrEqual(geometry.width);
      expect(r.y + r.height).toBeLessThanOrEqual(geometry.height);
    }
  });

  test.each([
    ['straight:17', 'the middle of 17'],
    ['split:17-20', 'the line between 17 and 20'],
    ['corner:17-18-20-21', 'the crossing of 17, 18, 20, 21'],
    ['street:16-17-18', 'the outer end of 16-17-18'],
  ])('%s is hit at %s', (key) => {
    const spot = spotByKey(key) as InsideSpot;
    const { x, y } = geometry.anchor(spot);
    const hit = INSIDE_SPOTS.filter((s) => contains(geometry.hitZone(s), x, y)).map((s) => s.key);
    expect(hit).toEqual([key]);
  });
});
