import { useTranslation } from 'react-i18next';
import { toNumber } from '../../games/ratio.ts';
import { formatters } from '../../i18n/format.ts';
import type { Locale } from '../../shared/locales.ts';
import type { BetOutcome } from '../../shared/wire/bets.ts';
import { formatMultiplier } from '../games/kit/index.ts';
import { segmentPath } from './geometry.ts';
import type { LegendRow } from './legend.ts';

/** Where a spin stopped: the segment index and its multiplier (a wheel bet's `outcome`). */
export type WheelStop = BetOutcome<'wheel'>;

const OUTER = 98;
const INNER = 70;

/** The wheel (SVG, coloured by multiplier), its pointer and hub, and the legend of chances. */
export function WheelBoard({
  table,
  tones,
  legend,
  rotation,
  spinMs,
  stop,
  spinning,
  locale,
}: {
  table: readonly string[];
  tones: readonly number[];
  legend: readonly LegendRow[];
  /** Degrees the disc has turned, clockwise. */
  rotation: number;
  /** Length of the transition to `rotation`; 0 jumps there. */
  spinMs: number;
  /** Shown once the wheel has stopped; null while spinning or before the first spin. */
  stop: WheelStop | null;
  spinning: boolean;
  locale: Locale;
}) {
  const { t } = useTranslation();
  const percent = formatters(locale);
  const stopTone = stop ? tones[stop.segment] : undefined;
  return (
    <div className="wheel-board" data-testid="wheel-board">
      <div className="wheel-stage" data-gk-watch>
        <div
          className="wheel-disc"
          style={{
            transform: `rotate(${rotation}deg)`,
            transition: spinMs > 0 ? `transform ${spinMs}ms cubic-bezier(0.15, 0.75, 0.2, 1)` : 'none',
          }}
        >
          <svg
            viewBox="-100 -100 200 200"
            role="img"
            aria-label={t('wheel.board', { segments: table.length })}
          >
            <circle r="100" className="wheel-rim" />
            {table.map((multiplier, i) => (
              <path
                // biome-ignore lint/suspicious/noArrayIndexKey: segments are positional
                key={i}
                d={segmentPath(i, table.length, OUTER, INNER)}
                className="wheel-segment"
                data-tone={tones[i]}
                data-stop={stop?.segment === i || undefined}
                data-multiplier={multiplier}
              />
            ))}
          </svg>
        </div>
        <svg className="wheel-pointer" viewBox="0 0 24 28" aria-hidden="true">
          <path d="M2 2h20L12 26Z" />
        </svg>
        <div className="wheel-hub" data-tone={stopTone} aria-live="polite">
          <span className="visually-hidden">{stop ? t('wheel.result') : ''}</span>
          <strong data-testid="wheel-result">
            {stop ? formatMultiplier(stop.multiplier, percent.tag) : spinning ? '' : '—'}
          </strong>
        </div>
      </div>
      <ul className="wheel-legend" aria-label={t('wheel.legend')} data-testid="wheel-legend">
        {legend.map((row) => (
          <li
            key={row.multiplier}
            data-tone={row.tone}
            data-active={stop !== null && row.tone === stopTone ? 'true' : undefined}
          >
            <span className="wheel-swatch" aria-hidden="true" />
            <strong>{formatMultiplier(row.multiplier, percent.tag)}</strong>
            <span className="muted">
              {t('wheel.chance', {
                chance: percent.number(toNumber(row.chance), { style: 'percent', maximumFractionDigits: 2 }),
              })}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
