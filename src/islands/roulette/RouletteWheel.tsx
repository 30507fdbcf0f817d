import { type CSSProperties, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pocketColor } from '../../games/roulette/engine.ts';
import { landingRotation, POCKET_ANGLE, WHEEL_ORDER } from './wheel.ts';

/** How long the wheel spins (ms); the ball drops into its pocket over the last part. */
export const SPIN_MS = 3200;
const TURNS = 4;

const C = 100;
const OUTER = 92;
const RING = 66;

function polar(radius: number, degrees: number) {
  const rad = ((degrees - 90) * Math.PI) / 180;
  return { x: C + radius * Math.cos(rad), y: C + radius * Math.sin(rad) };
}

function pocketPath(index: number): string {
  const from = (index - 0.5) * POCKET_ANGLE;
  const to = (index + 0.5) * POCKET_ANGLE;
  const [a, b, c, d] = [polar(OUTER, from), polar(OUTER, to), polar(RING, to), polar(RING, from)];
  return `M${a.x} ${a.y}A${OUTER} ${OUTER} 0 0 1 ${b.x} ${b.y}L${c.x} ${c.y}A${RING} ${RING} 0 0 0 ${d.x} ${d.y}Z`;
}

const POCKETS = WHEEL_ORDER.map((pocket, index) => ({
  pocket,
  index,
  path: pocketPath(index),
  label: polar((OUTER + RING) / 2 + 4, index * POCKET_ANGLE),
  colour: pocketColor(pocket),
}));

export interface WheelControl {
  rotation: number;
  spinning: boolean;
  instant: boolean;
  /** Spins to `pocket`; resolves once it is shown (at once when `instant`). */
  spinTo: (pocket: number, instant: boolean) => Promise<void>;
}

/** The wheel's rotation state and the spin that lands a pocket under the ball. */
export function useWheel(): WheelControl {
  const [state, setState] = useState({ rotation: 0, spinning: false, instant: true });
  const rotation = useRef(0);
  const spinTo = useCallback((pocket: number, instant: boolean) => {
    const next = landingRotation(rotation.current, pocket, instant ? 0 : TURNS);
    rotation.current = next;
    setState({ rotation: next, spinning: !instant, instant });
    if (instant) return Promise.resolve();
    return new Promise<void>((resolve) => {
      setTimeout(() => {
        setState((s) => ({ ...s, spinning: false }));
        resolve();
      }, SPIN_MS);
    });
  }, []);
  return { ...state, spinTo };
}

/** A European wheel; the ball rests at the top, where the landing pocket stops. */
export function RouletteWheel({ wheel, pocket }: { wheel: WheelControl; pocket: number | null }) {
  const { t } = useTranslation();
  const style = {
    '--wheel-rotation': `${wheel.rotation}deg`,
    '--spin-ms': `${wheel.instant ? 0 : SPIN_MS}ms`,
  } as CSSProperties;
  return (
    <div
      className={`roulette-wheel${wheel.spinning ? ' is-spinning' : ''}`}
      style={style}
      role="img"
      aria-label={t('roulette.wheel')}
      data-testid="roulette-wheel"
    >
      <svg viewBox="0 0 200 200" aria-hidden="true">
        <circle cx={C} cy={C} r={OUTER + 7} className="wheel-rim" />
        <g className="wheel-rotor">
          {POCKETS.map((p) => (
            <g key={p.pocket} className={`wheel-pocket wheel-pocket--${p.colour}`}>
              <path d={p.path} className={pocket === p.pocket && !wheel.spinning ? 'is-landed' : ''} />
              <text
                x={p.label.x}
                y={p.label.y}
                transform={`rotate(${p.index * POCKET_ANGLE} ${p.label.x} ${p.label.y})`}
              >
                {p.pocket}
              </text>
            </g>
          ))}
          <circle cx={C} cy={C} r={RING} className="wheel-cone" />
          <circle cx={C} cy={C} r={RING - 18} className="wheel-hub" />
          {[0, 90, 180, 270].map((angle) => {
            const end = polar(RING - 20, angle);
            return <line key={angle} x1={C} y1={C} x2={end.x} y2={end.y} className="wheel-spoke" />;
          })}
        </g>
        <g className="wheel-ball-orbit">
          <circle cx={C} cy={C - RING - 8} r={4.6} className="wheel-ball" />
        </g>
        <path d={`M${C - 6} 1 L${C + 6} 1 L${C} 10 Z`} className="wheel-marker" />
      </svg>
    </div>
  );
}
