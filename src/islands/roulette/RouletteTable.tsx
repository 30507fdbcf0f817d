import type { TFunction } from 'i18next';
import { type KeyboardEvent, memo, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chipTier, type Layout } from './chips.ts';
import { type Orientation, type Rect, tableGeometry } from './geometry.ts';
import {
  INSIDE_SPOTS,
  type InsideSpot,
  isRed,
  OUTSIDE_SPOTS,
  type OutsideSpot,
  type Spot,
  spotAt,
  spotByKey,
  spotPockets,
  stepFrom,
  ZERO_B,
} from './spots.ts';

export interface SpinResult {
  pocket: number;
  /** Spots whose bets returned something on this spin. */
  winners: ReadonlySet<string>;
}

interface Props {
  orientation: Orientation;
  layout: Layout;
  chips: readonly bigint[];
  result: SpinResult | null;
  disabled: boolean;
  onPlace: (spot: string) => void;
  /** Short chip label ("5", "1.5K"). */
  chipLabel: (amount: bigint) => string;
  /** Accessible amount ("5.00 ₽"). */
  moneyLabel: (amount: bigint) => string;
}

/** Arrow keys → lattice steps (a along the streets, b across them), per orientation. */
const STEPS: Record<Orientation, Record<string, [number, number]>> = {
  wide: { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] },
  tall: { ArrowDown: [1, 0], ArrowUp: [-1, 0], ArrowRight: [0, 1], ArrowLeft: [0, -1] },
};

const NUMBERS = Array.from({ length: 37 }, (_, n) => n);

/**
 * The betting table: an SVG of the layout with a transparent hit zone for every bet the engine
 * accepts on top of it. The inside area is one tab stop; arrow keys walk its lattice (numbers,
 * the lines between them, their crossings and the outer rail) and Enter or Space places a chip.
 */
/**
 * The table, memoised: the island re-renders on every store change and wheel frame, and the table's
 * hundreds of SVG parts need rendering only when what it shows changes.
 */
export const RouletteTable = memo(function RouletteTable({
  orientation,
  layout,
  chips,
  result,
  disabled,
  onPlace,
  chipLabel,
  moneyLabel,
}: Props) {
  const { t } = useTranslation();
  const geometry = useMemo(() => tableGeometry(orientation), [orientation]);
  const [focus, setFocus] = useState({ a: 1, b: 1 });
  const [hover, setHover] = useState<string | null>(null);
  const moved = useRef(false);
  const zones = useRef(new Map<string, SVGRectElement>());
  const focusedKey = spotAt(focus.a, focus.b)?.key ?? 'straight:1';

  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    zones.current.get(focusedKey)?.focus();
  }, [focusedKey]);

  const covered = useMemo(() => {
    const spot = hover ? spotByKey(hover) : undefined;
    return new Set(spot ? spotPockets(spot) : []);
  }, [hover]);

  const stacks = useMemo(() => new Map(layout.map((stack) => [stack.spot, stack.amount])), [layout]);

  const label = (spot: Spot): string => {
    const base = spotLabel(spot, t);
    const amount = stacks.get(spot.key);
    return amount ? t('roulette.table.stacked', { bet: base, amount: moneyLabel(amount) }) : base;
  };

  const place = (spot: Spot) => {
    if (!disabled) onPlace(spot.key);
  };

  const onInsideKey = (event: KeyboardEvent<SVGRectElement>, spot: InsideSpot) => {
    const step = STEPS[orientation][event.key];
    if (step) {
      event.preventDefault();
      const from = spot.numbers[0] === 0 && spot.kind === 'straight' ? { a: -1, b: focus.b } : spot;
      const next = stepFrom(from.a, from.b, step[0], step[1]);
      moved.current = true;
      setFocus(next);
      setHover(spotAt(next.a, next.b)?.key ?? null);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      event.stopPropagation();
      place(spot);
    }
  };

  const onOutsideKey = (event: KeyboardEvent<SVGRectElement>, spot: OutsideSpot) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      event.stopPropagation();
      place(spot);
    }
  };

  const tall = orientation === 'tall';
  const textAt = (r: Rect, rotate = false) => {
    const x = r.x + r.width / 2;
    const y = r.y + r.height / 2;
    return { x, y, transform: rotate ? `rotate(-90 ${x} ${y})` : undefined };
  };

  return (
    <fieldset
      className={`roulette-table roulette-table--${orientation}`}
      aria-describedby="roulette-table-hint"
      aria-disabled={disabled || undefined}
      data-testid="roulette-table"
    >
      <legend className="rt-sr">{t('roulette.table.label')}</legend>
      <p id="roulette-table-hint" className="rt-sr">
        {t('roulette.table.hint')}
      </p>
      <svg viewBox={`0 0 ${geometry.width} ${geometry.height}`} role="presentation">
        {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: the drawn cells are decoration; the zones below name every bet. */}
        <g className="cells" aria-hidden="true">
          {NUMBERS.map((n) => {
            const r = geometry.numberCell(n);
            const colour = n === 0 ? 'green' : isRed(n) ? 'red' : 'black';
            const classes = [
              'cell',
              `cell--${colour}`,
              covered.has(n) ? 'is-covered' : '',
              result?.pocket === n ? 'is-pocket' : '',
            ];
            return (
              <g key={n} className={classes.join(' ')} data-number={n}>
                <rect {...r} rx={n === 0 ? 10 : 2} />
                <text {...textAt(r)} className="cell-number">
                  {n}
                </text>
              </g>
            );
          })}
          {OUTSIDE_SPOTS.map((spot) => {
            const r = geometry.outsideCell(spot);
            const isHover = hover === spot.key;
            return (
              <g key={spot.key} className={`cell cell--outside${isHover ? ' is-covered' : ''}`}>
                <rect {...r} rx={2} />
                {spot.kind === 'red' || spot.kind === 'black' ? (
                  <Diamond r={r} kind={spot.kind} />
                ) : (
                  <text {...textAt(r, tall && spot.kind !== 'column')} className="cell-label">
                    {outsideText(spot, t)}
                  </text>
                )}
              </g>
            );
          })}
        </g>
        <g className="zones">
          {INSIDE_SPOTS.map((spot) => {
            const r = geometry.hitZone(spot);
            return (
              // biome-ignore lint/a11y/useSemanticElements: an SVG hit zone cannot be a <button>; it takes focus, Enter and Space itself.
              <rect
                key={spot.key}
                ref={(el) => {
                  if (el) zones.current.set(spot.key, el);
                  else zones.current.delete(spot.key);
                }}
                {...r}
                className={`zone zone--${spot.kind}`}
                role="button"
                tabIndex={spot.key === focusedKey ? 0 : -1}
                aria-label={label(spot)}
                data-spot={spot.key}
                onClick={() => place(spot)}
                onKeyDown={(event) => onInsideKey(event, spot)}
                onFocus={() => {
                  if (spot.key !== focusedKey) setFocus({ a: spot.a, b: spot.a === -1 ? ZERO_B : spot.b });
                  setHover(spot.key);
                }}
                onBlur={() => setHover(null)}
                onPointerEnter={() => setHover(spot.key)}
                onPointerLeave={() => setHover((h) => (h === spot.key ? null : h))}
              />
            );
          })}
          {OUTSIDE_SPOTS.map((spot) => (
            // biome-ignore lint/a11y/useSemanticElements: an SVG hit zone cannot be a <button>; it takes focus, Enter and Space itself.
            <rect
              key={spot.key}
              {...geometry.outsideCell(spot)}
              className="zone zone--outside"
              role="button"
              tabIndex={0}
              aria-label={label(spot)}
              data-spot={spot.key}
              onClick={() => place(spot)}
              onKeyDown={(event) => onOutsideKey(event, spot)}
              onFocus={() => setHover(spot.key)}
              onBlur={() => setHover(null)}
              onPointerEnter={() => setHover(spot.key)}
              onPointerLeave={() => setHover((h) => (h === spot.key ? null : h))}
            />
          ))}
        </g>
        {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: chip stacks are decoration; each zone's name says what is on it. */}
        <g className="stacks" aria-hidden="true">
          {layout.map((stack) => {
            const spot = spotByKey(stack.spot);
            if (!spot) return null;
            const { x, y } = geometry.anchor(spot);
            const state = result ? (result.winners.has(stack.spot) ? 'is-won' : 'is-lost') : '';
            return (
              <g
                key={stack.spot}
                className={`stack tier-${chipTier(stack.amount, chips)} ${state}`}
                data-stack={stack.spot}
              >
                <circle cx={x} cy={y} r={geometry.chipRadius} className="stack-chip" />
                <circle cx={x} cy={y} r={geometry.chipRadius - 4} className="stack-ring" />
                <text x={x} y={y} className="stack-label">
                  {chipLabel(stack.amount)}
                </text>
              </g>
            );
          })}
        </g>
      </svg>
    </fieldset>
  );
});

function Diamond({ r, kind }: { r: Rect; kind: 'red' | 'black' }) {
  const cx = r.x + r.width / 2;
  const cy = r.y + r.height / 2;
  const w = Math.min(r.width, r.height * 1.6) * 0.32;
  const h = Math.min(r.height, r.width * 1.6) * 0.3;
  return (
    <polygon
      points={`${cx - w},${cy} ${cx},${cy - h} ${cx + w},${cy} ${cx},${cy + h}`}
      className={`diamond diamond--${kind}`}
    />
  );
}

type T = TFunction;

/** The text printed on an outside box. */
function outsideText(spot: OutsideSpot, t: T): string {
  if (spot.kind === 'column') return t('roulette.table.twoToOne');
  if (spot.kind === 'dozen') return t(`roulette.table.dozen${spot.index}`);
  return t(`roulette.bets.${spot.kind}`);
}

/** The accessible name of a spot ("Split 17, 20"). */
export function spotLabel(spot: Spot, t: T): string {
  if (!('numbers' in spot)) {
    if (spot.kind === 'column') return t('roulette.bets.column', { index: spot.index });
    if (spot.kind === 'dozen') return t('roulette.bets.dozen', { index: spot.index });
    return t(`roulette.bets.${spot.kind}`);
  }
  const numbers = spot.numbers.join(', ');
  if (spot.kind === 'corner' && spot.numbers[0] === 0) return t('roulette.bets.firstFour');
  if (spot.kind === 'street' && spot.numbers[0] === 0) return t('roulette.bets.trio', { numbers });
  return t(`roulette.bets.${spot.kind}`, { numbers });
}
