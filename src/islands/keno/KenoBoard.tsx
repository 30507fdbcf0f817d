import { type KeyboardEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DRAW_COUNT, MAX_PICKS, POOL_SIZE } from '../../games/keno/engine.ts';
import { formatMultiplier, useLanguageTag } from '../games/kit/index.ts';
import type { PayCell } from './paytable.ts';
import { cellState, countHits, type KenoRound, revealedNumbers } from './round.ts';

const COLUMNS = 8;
const NUMBERS = Array.from({ length: POOL_SIZE }, (_, i) => i + 1);
const SLOTS = Array.from({ length: DRAW_COUNT }, (_, i) => i);

/** The 8 × 5 board, the numbers drawn so far, and the paytable row for the picks. */
export function KenoBoard({
  picks,
  round,
  row,
  locked,
  onToggle,
  money,
}: {
  picks: readonly number[];
  round: KenoRound | null;
  row: readonly PayCell[];
  /** A bet is in play: the picks cannot change. */
  locked: boolean;
  onToggle: (number: number) => void;
  /** A decimal amount as money in the player's currency. */
  money: (decimal: string) => string;
}) {
  const { t } = useTranslation();
  const tag = useLanguageTag();
  const picked = new Set(picks);
  const revealed = revealedNumbers(round);
  const done = round !== null && round.shown === round.drawn.length;
  const hits = countHits(picked, revealed);
  return (
    <div className="keno-board" data-testid="keno-board" data-gk-watch>
      <NumberGrid picked={picked} revealed={revealed} locked={locked} onToggle={onToggle} />
      <DrawnStrip round={round} picked={picked} />
      <Paytable row={row} achieved={done ? hits : null} tag={tag} />
      <p
        className="keno-status"
        aria-live="polite"
        data-testid="keno-status"
        data-verdict={done ? round.verdict : undefined}
      >
        {done
          ? [
              t('keno.result', {
                hits,
                picks: picks.length,
                multiplier: formatMultiplier(row[hits]?.multiplier ?? '0', tag),
              }),
              round.verdict && t(`keno.outcome.${round.verdict}`, { amount: money(round.payout ?? '0') }),
            ]
              .filter(Boolean)
              .join(' · ')
          : picks.length === 0
            ? t('keno.hint')
            : t('keno.picked', { n: picks.length, max: MAX_PICKS })}
      </p>
    </div>
  );
}

/**
 * The numbers as toggle buttons. One tab stop for the whole board (roving tabindex): arrows move
 * across the 8 × 5 grid, Home/End jump within a row, Enter or Space toggles.
 */
function NumberGrid({
  picked,
  revealed,
  locked,
  onToggle,
}: {
  picked: ReadonlySet<number>;
  revealed: ReadonlySet<number>;
  locked: boolean;
  onToggle: (number: number) => void;
}) {
  const { t } = useTranslation();
  const [focused, setFocused] = useState(1);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const full = picked.size >= MAX_PICKS;

  const move = (to: number) => {
    const next = Math.min(POOL_SIZE, Math.max(1, to));
    setFocused(next);
    buttons.current[next - 1]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const column = (focused - 1) % COLUMNS;
    const steps: Record<string, number> = {
      ArrowRight: 1,
      ArrowLeft: -1,
      ArrowDown: COLUMNS,
      ArrowUp: -COLUMNS,
      Home: -column,
      End: COLUMNS - 1 - column,
    };
    const step = steps[event.key];
    if (step === undefined) return;
    event.preventDefault();
    move(focused + step);
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, not a form fieldset
    <div className="keno-grid" role="group" aria-label={t('keno.board')} onKeyDown={onKeyDown}>
      {NUMBERS.map((n) => {
        const state = cellState(n, picked, revealed);
        const unavailable = locked || (full && !picked.has(n));
        return (
          <button
            key={n}
            ref={(el) => {
              buttons.current[n - 1] = el;
            }}
            type="button"
            className="keno-cell"
            data-state={state}
            data-number={n}
            tabIndex={n === focused ? 0 : -1}
            aria-pressed={picked.has(n)}
            aria-disabled={unavailable || undefined}
            aria-label={
              state === 'hit'
                ? t('keno.numberHit', { n })
                : state === 'drawn'
                  ? t('keno.numberDrawn', { n })
                  : String(n)
            }
            onFocus={() => setFocused(n)}
            onClick={() => {
              if (!unavailable) onToggle(n);
            }}
          >
            {n}
          </button>
        );
      })}
    </div>
  );
}

/** The 10 drawn numbers in draw order, empty slots until revealed. */
function DrawnStrip({ round, picked }: { round: KenoRound | null; picked: ReadonlySet<number> }) {
  const { t } = useTranslation();
  const slots = SLOTS.map((slot) => ({
    slot,
    n: round && slot < round.shown ? round.drawn[slot] : undefined,
  }));
  return (
    <div className="keno-drawn">
      <span className="keno-caption" id="keno-drawn-label">
        {t('keno.drawn')}
      </span>
      <ol aria-labelledby="keno-drawn-label" data-testid="keno-drawn">
        {slots.map(({ slot, n }) => (
          <li
            key={slot}
            data-hit={n !== undefined && picked.has(n) ? 'true' : undefined}
            data-empty={n === undefined || undefined}
          >
            {n ?? ''}
          </li>
        ))}
      </ol>
    </div>
  );
}

/** Multiplier per number of hits for the current picks; the hits of the last draw highlighted. */
function Paytable({ row, achieved, tag }: { row: readonly PayCell[]; achieved: number | null; tag: string }) {
  const { t } = useTranslation();
  if (row.length === 0) return <p className="keno-paytable-empty muted">{t('keno.paytableEmpty')}</p>;
  return (
    <div className="keno-paytable-wrap">
      <table className="keno-paytable" data-testid="keno-paytable">
        <caption className="visually-hidden">{t('keno.paytable', { picks: row.length - 1 })}</caption>
        <tbody>
          <tr>
            <th scope="row">{t('keno.hits')}</th>
            {row.map((cell) => (
              <td key={cell.hits} data-achieved={cell.hits === achieved || undefined}>
                {cell.hits}
              </td>
            ))}
          </tr>
          <tr>
            <th scope="row">{t('keno.payout')}</th>
            {row.map((cell) => (
              <td
                key={cell.hits}
                data-achieved={cell.hits === achieved || undefined}
                data-zero={cell.multiplier === '0' || undefined}
              >
                {formatMultiplier(cell.multiplier, tag)}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </div>
  );
}
