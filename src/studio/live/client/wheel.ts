/**
 * The roulette wheel: a still rim and ball track, the turning wheel head (pockets, numbers, the
 * turret) and the ball, each a layer moved only with CSS transforms, once per animation frame.
 * Where the wheel and the ball are is a pure function of the server's time (timeline.ts), so a
 * viewer who joins mid-spin sees the same landing as everyone else.
 */
import type { Phase } from '../protocol.ts';
import { s } from './dom.ts';
import { colorOf, WHEEL_ORDER } from './layout.ts';
import { type Ball, freeBall, landingBall, POCKET_ANGLE, restingBall, wheelAngle } from './timeline.ts';

const FILL = { red: '#c1121f', black: '#16181d', green: '#0a8f4a' } as const;

/** A wedge of the ring between radii r0 and r1 and angles a0, a1 (degrees clockwise from the top). */
function wedge(r0: number, r1: number, a0: number, a1: number): string {
  const p = (r: number, a: number) => {
    const rad = ((a - 90) * Math.PI) / 180;
    return `${(r * Math.cos(rad)).toFixed(2)} ${(r * Math.sin(rad)).toFixed(2)}`;
  };
  return `M${p(r1, a0)}A${r1} ${r1} 0 0 1 ${p(r1, a1)}L${p(r0, a1)}A${r0} ${r0} 0 0 0 ${p(r0, a0)}Z`;
}

export interface WheelState {
  phase: Phase;
  /** The drawing phase's start and end (server ms). */
  drawStart: number;
  drawEnd: number;
  /** The pocket of the round's result (from `drawing` on), else null. */
  pocket: number | null;
  /** The last round's pocket, where the ball rests while bets are taken. */
  lastPocket: number | null;
  reduced: boolean;
}

export class Wheel {
  readonly element: HTMLDivElement;
  readonly #head: HTMLDivElement;
  readonly #arm: HTMLDivElement;
  readonly #ball: HTMLDivElement;
  #size = 240;

  constructor(label: string) {
    this.element = document.createElement('div');
    this.element.className = 'wheel';
    this.element.setAttribute('role', 'img');
    this.element.setAttribute('aria-label', label);
    const rim = s(
      'svg',
      { viewBox: '-130 -130 260 260', class: 'wheel-rim', 'aria-hidden': 'true' },
      s('circle', { r: 129, fill: 'url(#wood)' }),
      s(
        'defs',
        {},
        s(
          'radialGradient',
          { id: 'wood' },
          s('stop', { offset: '80%', 'stop-color': '#6b3a1e' }),
          s('stop', { offset: '93%', 'stop-color': '#9a5a2c' }),
          s('stop', { offset: '100%', 'stop-color': '#3d1f0d' }),
        ),
        s(
          'radialGradient',
          { id: 'track' },
          s('stop', { offset: '80%', 'stop-color': '#2a1a10' }),
          s('stop', { offset: '100%', 'stop-color': '#4a2c18' }),
        ),
        s(
          'radialGradient',
          { id: 'cone' },
          s('stop', { offset: '0%', 'stop-color': '#d9a441' }),
          s('stop', { offset: '60%', 'stop-color': '#7a4a1c' }),
          s('stop', { offset: '100%', 'stop-color': '#4b2a10' }),
        ),
      ),
      s('circle', { r: 120, fill: 'url(#track)' }),
      // The diamonds on the ball track.
      ...Array.from({ length: 8 }, (_, i) =>
        s('path', {
          d: 'M0 -116 L3 -110 L0 -104 L-3 -110 Z',
          fill: '#e8d9a8',
          transform: `rotate(${i * 45 + 22.5})`,
        }),
      ),
    );
    const head = s('svg', { viewBox: '-130 -130 260 260', 'aria-hidden': 'true' });
    head.append(s('circle', { r: 104, fill: '#1b120b' }));
    WHEEL_ORDER.forEach((n, i) => {
      const a0 = (i - 0.5) * POCKET_ANGLE;
      const a1 = (i + 0.5) * POCKET_ANGLE;
      head.append(
        s('path', {
          d: wedge(84, 103, a0, a1),
          fill: FILL[colorOf(n)],
          stroke: '#d8c08a',
          'stroke-width': 0.6,
        }),
        s('path', { d: wedge(68, 84, a0, a1), fill: '#2b1d12', stroke: '#c9a75a', 'stroke-width': 0.8 }),
        s(
          'text',
          {
            x: 0,
            y: -90,
            transform: `rotate(${i * POCKET_ANGLE})`,
            'text-anchor': 'middle',
            'font-size': 10,
            'font-weight': 700,
            fill: '#fff',
          },
          String(n),
        ),
      );
    });
    head.append(
      s('circle', { r: 68, fill: 'url(#cone)' }),
      s('circle', { r: 50, fill: 'none', stroke: '#f3d27a', 'stroke-opacity': 0.35, 'stroke-width': 1 }),
      ...[0, 90, 180, 270].map((a) =>
        s('path', {
          d: 'M-3 -6 L-2 -44 Q0 -50 2 -44 L3 -6 Z',
          fill: '#e9d18f',
          transform: `rotate(${a})`,
        }),
      ),
      s('circle', { r: 11, fill: '#f2dc9b' }),
      s('circle', { r: 5, fill: '#b88a3a' }),
    );
    this.#head = document.createElement('div');
    this.#head.className = 'wheel-head';
    this.#head.append(head);
    this.#arm = document.createElement('div');
    this.#arm.className = 'ball-arm';
    this.#ball = document.createElement('div');
    this.#ball.className = 'ball';
    this.#arm.append(this.#ball);
    this.element.append(rim, this.#head, this.#arm);
    new ResizeObserver((entries) => {
      const width = entries[0]?.contentRect.width ?? 0;
      if (width > 0) this.#size = width;
    }).observe(this.element);
  }

  /** Radius in px of the ball track (radius 1) and of the pockets (radius 0). */
  #radius(r: number): number {
    const unit = this.#size / 260;
    return (76 + (112 - 76) * r) * unit;
  }

  /** Moves the wheel head and the ball for the server time `now`. */
  frame(now: number, state: WheelState): void {
    const still = state.reduced;
    const wheel = still ? 0 : wheelAngle(now);
    let ball: Ball;
    const pocketNow = state.pocket;
    if (state.phase === 'void') ball = { angle: 0, radius: 1, visible: false };
    else if ((state.phase === 'drawing' || state.phase === 'result') && pocketNow !== null) {
      ball = still ? restingBall(0, pocketNow) : landingBall(now, state.drawStart, state.drawEnd, pocketNow);
    } else if (state.phase === 'closed' || state.phase === 'drawing')
      ball = still ? { angle: 0, radius: 1, visible: false } : freeBall(now);
    else if (state.lastPocket !== null)
      ball = still ? restingBall(0, state.lastPocket) : restingBall(now, state.lastPocket);
    else ball = { angle: 0, radius: 1, visible: false };
    this.#head.style.transform = `rotate(${wheel.toFixed(2)}deg)`;
    this.#arm.style.transform = `rotate(${ball.angle.toFixed(2)}deg)`;
    this.#ball.style.transform = `translate(-50%, -50%) translateY(${(-this.#radius(ball.radius)).toFixed(1)}px)`;
    this.#ball.style.opacity = ball.visible ? '1' : '0';
  }
}
