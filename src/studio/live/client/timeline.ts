/**
 * What the table shows at a given moment, pure (no DOM): the wheel's and the ball's angles (the
 * ball lands in the result's pocket exactly when the drawing phase ends, wherever the viewer
 * joined it), and when each baccarat card is dealt and turned. Times are the server's epoch ms.
 */
import { POCKETS, WHEEL_ORDER } from './layout.ts';

/** Degrees per pocket. */
export const POCKET_ANGLE = 360 / POCKETS;
/** The wheel turns clockwise, slowly and steadily, all the time. */
export const WHEEL_SPEED = 24 / 1000;
/** The ball runs counter-clockwise round the rim while it spins freely (degrees per ms). */
export const BALL_SPEED = 420 / 1000;

/** The angle of a pocket on the wheel, clockwise from the top (the zero at 0). */
export const pocketAngle = (pocket: number): number => WHEEL_ORDER.indexOf(pocket) * POCKET_ANGLE;

export const wheelAngle = (now: number): number => (now * WHEEL_SPEED) % 360;

const mod = (a: number, m: number) => ((a % m) + m) % m;

/** Where the ball is: its angle (clockwise from the top, degrees) and its radius (1 the rim, 0 the pockets). */
export interface Ball {
  angle: number;
  radius: number;
  visible: boolean;
}

/** The ball spinning freely round the rim (after "no more bets", before the result is known). */
export const freeBall = (now: number): Ball => ({
  angle: mod(-now * BALL_SPEED, 360),
  radius: 1,
  visible: true,
});

/** The ball resting in a pocket of the turning wheel. */
export const restingBall = (now: number, pocket: number): Ball => ({
  angle: mod(wheelAngle(now) + pocketAngle(pocket), 360),
  radius: 0,
  visible: true,
});

const easeOutCubic = (t: number) => 1 - (1 - t) ** 3;

/**
 * The ball during the drawing phase [start, end]: it leaves the free spin at `start` at the same
 * place and speed, slows down (its angle to the wheel eases out cubically), drops from the rim to
 * the pockets in the second half with a few bounces, and rests in `pocket` from `end` on.
 */
export function landingBall(now: number, start: number, end: number, pocket: number): Ball {
  const length = end - start;
  if (length <= 0 || now >= end) return restingBall(now, pocket);
  const p = Math.max(0, (now - start) / length);
  // Relative to the wheel the ball ends at the pocket and runs backwards to it: it starts K degrees
  // further on, K chosen so that it starts where the free spin was (mod 360) at about the free
  // spin's speed (the relative speed at the start is 3K/T).
  const target = pocketAngle(pocket);
  const startRelative = mod(freeBall(start).angle - wheelAngle(start) - target, 360);
  const laps = Math.max(1, Math.round(((BALL_SPEED + WHEEL_SPEED) * length) / 3 / 360));
  const K = laps * 360 + startRelative;
  const relative = target + K * (1 - easeOutCubic(p));
  const angle = mod(wheelAngle(now) + relative, 360);
  let radius = 1;
  if (p > 0.5) {
    const q = Math.min(1, (p - 0.5) / 0.3);
    const bounce = q < 1 ? 0.18 * Math.abs(Math.sin(q * Math.PI * 3)) * (1 - q) : 0;
    radius = Math.min(1, Math.max(0, 1 - q) + bounce);
  }
  return { angle, radius, visible: true };
}

/** Baccarat value of a card ("10H", "KS", "AD"): A = 1, 2-9 their pips, 10 J Q K = 0. */
export function cardValue(card: string): number {
  const rank = card.slice(0, -1);
  if (rank === 'A') return 1;
  const pips = Number(rank);
  return Number.isInteger(pips) && pips >= 2 && pips <= 9 ? pips : 0;
}

export const handTotal = (cards: readonly string[]): number =>
  cards.reduce((sum, card) => sum + cardValue(card), 0) % 10;

export interface DealStep {
  side: 'player' | 'banker';
  /** Which of the side's cards (0-2). */
  index: number;
  /** Ms from the start of the drawing phase when the card lands face down, and when it is turned. */
  dealAt: number;
  turnAt: number;
}

/**
 * The tableau on the table: P1 B1 P2 B2 dealt face down in the first fifth, turned one by one in
 * that order, then the player's third card (if it draws) dealt and turned, then the banker's; all
 * turned by 90 % of the phase, so the totals are read before the result is announced.
 */
export function dealSchedule(playerCards: number, bankerCards: number, length: number): DealStep[] {
  const order: { side: 'player' | 'banker'; index: number }[] = [
    { side: 'player', index: 0 },
    { side: 'banker', index: 0 },
    { side: 'player', index: 1 },
    { side: 'banker', index: 1 },
  ];
  if (playerCards > 2) order.push({ side: 'player', index: 2 });
  if (bankerCards > 2) order.push({ side: 'banker', index: 2 });
  const deal = length * 0.2;
  const turns = order.length;
  const span = length * 0.9 - deal;
  const slot = span / turns;
  return order.map((card, i) => {
    const turnAt = deal + slot * (i + 1) - slot * 0.15;
    const dealAt = i < 4 ? (deal / 4) * i : turnAt - slot * 0.55;
    return { ...card, dealAt: Math.round(dealAt), turnAt: Math.round(turnAt) };
  });
}
