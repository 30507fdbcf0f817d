import { useTranslation } from 'react-i18next';
import { type CoinSide, MAX_FLIPS } from './series.ts';

/** The row of up to 20 flips of the series: right calls green, the wrong one red, the rest empty. */
export function FlipRow({ calls, flips }: { calls: readonly CoinSide[]; flips: readonly CoinSide[] }) {
  const { t } = useTranslation();
  return (
    <ol className="cf-row" aria-label={t('coinflip.results')} data-testid="coinflip-flips">
      {Array.from({ length: MAX_FLIPS }, (_, i) => {
        const flip = flips[i];
        const n = i + 1;
        if (!flip) {
          return (
            <li key={n} className="cf-slot" data-state="empty" aria-label={t('coinflip.slotEmpty', { n })}>
              <span aria-hidden="true">{n}</span>
            </li>
          );
        }
        const right = calls[i] === flip;
        const side = t(`coinflip.${flip}`);
        return (
          <li
            key={n}
            className="cf-slot"
            data-state={right ? 'right' : 'wrong'}
            data-side={flip}
            aria-label={t(right ? 'coinflip.slotRight' : 'coinflip.slotWrong', { n, side })}
          >
            <SideGlyph side={flip} />
          </li>
        );
      })}
    </ol>
  );
}

/** A small sun (heads) or moon (tails), matching the coin's faces. */
export function SideGlyph({ side }: { side: CoinSide }) {
  return side === 'heads' ? (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="5" fill="currentColor" />
      <g stroke="currentColor" strokeWidth="2" strokeLinecap="round">
        <path d="M12 2.5v2.5M12 19v2.5M2.5 12H5M19 12h2.5M5.3 5.3l1.8 1.8M16.9 16.9l1.8 1.8M5.3 18.7l1.8-1.8M16.9 7.1l1.8-1.8" />
      </g>
    </svg>
  ) : (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M15 3.5A9 9 0 1 0 20.5 16 7 7 0 0 1 15 3.5Z" fill="currentColor" />
    </svg>
  );
}
