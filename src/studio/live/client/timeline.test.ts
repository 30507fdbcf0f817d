/** The wheel's landing and the baccarat deal, as functions of the server's time. */
import { describe, expect, test } from 'vitest';
import { CARDS, cardValue as engineValue } from '../../../games/live/baccarat.ts';
import { WHEEL_ORDER } from './layout.ts';
import {
  BALL_SPEED,
  cardValue,
  dealSchedule,
  freeBall,
  handTotal,
  landingBall,
  POCKET_ANGLE,
  pocketAngle,
  restingBall,
  WHEEL_SPEED,
  wheelAngle,
} from './timeline.ts';

/** The angle between a and b, folded to [0, 180]. */
const gap = (a: number, b: number) => {
  const d = (((a - b) % 360) + 360) % 360;
  return Math.min(d, 360 - d);
};

describe('the roulette wheel', () => {
  test('pockets sit in wheel order, the zero at the top', () => {
    expect(pocketAngle(0)).toBe(0);
    expect(pocketAngle(32)).toBeCloseTo(POCKET_ANGLE);
    expect(pocketAngle(26)).toBeCloseTo(36 * POCKET_ANGLE);
  });

  test('the ball lands in the result’s pocket exactly when the drawing phase ends, wherever it started', () => {
    for (const start of [0, 1_234_567, 1_795_935_595_520, 1_795_935_600_001]) {
      for (const length of [3_000, 8_000, 12_345]) {
        const end = start + length;
        for (const pocket of WHEEL_ORDER) {
          const ball = landingBall(end, start, end, pocket);
          expect(ball.radius).toBe(0);
          expect(gap(ball.angle - wheelAngle(end), pocketAngle(pocket))).toBeLessThan(1e-6);
          // A moment before, it is still moving relative to the wheel; after, it turns with it.
          const after = landingBall(end + 5_000, start, end, pocket);
          expect(gap(after.angle - wheelAngle(end + 5_000), pocketAngle(pocket))).toBeLessThan(1e-6);
        }
      }
    }
  });

  test('it leaves the free spin where the free spin was, at about its speed', () => {
    for (const start of [0, 987_654_321, 1_795_935_595_520]) {
      for (const pocket of [0, 17, 26, 32]) {
        const end = start + 8_000;
        const first = landingBall(start, start, end, pocket);
        expect(gap(first.angle, freeBall(start).angle)).toBeLessThan(1e-6);
        expect(first.radius).toBe(1);
        // Degrees per ms over the first 20 ms, against the free ball's.
        const moved = gap(landingBall(start + 20, start, end, pocket).angle, first.angle) / 20;
        expect(moved).toBeGreaterThan(BALL_SPEED * 0.6);
        expect(moved).toBeLessThan(BALL_SPEED * 1.6);
      }
    }
  });

  test('it drops from the rim to the pockets in the second half and rests there', () => {
    const radii = Array.from({ length: 101 }, (_, i) => landingBall(i * 80, 0, 8_000, 5).radius);
    expect(radii.slice(0, 50).every((r) => r === 1)).toBe(true);
    expect(radii.slice(81).every((r) => r === 0)).toBe(true);
    expect(Math.max(...radii)).toBeLessThanOrEqual(1);
    const resting = restingBall(1000, 5);
    expect(resting).toMatchObject({ radius: 0, visible: true });
    expect(gap(resting.angle, wheelAngle(1000) + pocketAngle(5))).toBeLessThan(1e-9);
    expect(wheelAngle(1000)).toBeCloseTo(1000 * WHEEL_SPEED);
  });
});

describe('the baccarat deal', () => {
  test('card values and totals are the engine’s', () => {
    for (const [index, card] of CARDS.entries()) expect(cardValue(card), card).toBe(engineValue(index));
    expect(handTotal(['9H', '8S'])).toBe(7);
    expect(handTotal(['KD', '10C', 'AS'])).toBe(1);
  });

  test('tableau order: P1 B1 P2 B2 face down, turned in that order, then the thirds; all by 90 %', () => {
    for (const [p, b] of [
      [2, 2],
      [3, 2],
      [2, 3],
      [3, 3],
    ] as const) {
      const length = 10_000;
      const steps = dealSchedule(p, b, length);
      const order = steps.map((step) => `${step.side[0]}${step.index + 1}`);
      const expected = ['p1', 'b1', 'p2', 'b2'];
      if (p === 3) expected.push('p3');
      if (b === 3) expected.push('b3');
      expect(order).toEqual(expected);
      for (const [i, step] of steps.entries()) {
        expect(step.dealAt).toBeLessThan(step.turnAt);
        if (i > 0) expect(step.turnAt).toBeGreaterThan(steps[i - 1]!.turnAt);
        expect(step.turnAt).toBeLessThanOrEqual(length * 0.9);
      }
      // The first four are all on the table before the first is turned.
      expect(Math.max(...steps.slice(0, 4).map((s) => s.dealAt))).toBeLessThan(steps[0]!.turnAt);
    }
  });
});
