import { useTranslation } from 'react-i18next';
import type { SlotOutcome } from '../../../games/slots/verify.ts';
import type { VerifyResult as Outcome } from '../../../games/verifier.ts';
import { formatters } from '../../../i18n/format.ts';
import type { Locale } from '../../../shared/locales.ts';
import './slot-result.css';

/** A replayed slot spin: the total, then every screen with its reel stops, symbols and wins. */
export function SlotResult({ outcome, locale }: { outcome: Outcome; locale: Locale }) {
  const { t } = useTranslation();
  const format = formatters(locale);
  const spin = outcome as unknown as SlotOutcome;
  const times = (value: number) => `×${format.number(value, { maximumFractionDigits: 2 })}`;
  return (
    <div className="fair-outcome">
      <p className="fair-big" data-testid="verify-slot-win">
        {times(spin.win)}
      </p>
      <p className="muted">{t('fairness.verify.slots.total')}</p>
      {spin.capped && <p className="fair-verdict">{t('fairness.verify.slots.capped')}</p>}
      <ol
        className="fair-slot-steps"
        data-testid="verify-slot-steps"
        aria-label={t('fairness.verify.slots.screens')}
      >
        {spin.steps.map((step, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: screens repeat; their order is their identity.
          <li key={i} data-kind={step.kind}>
            <p>
              <strong>{t(`fairness.verify.slots.kinds.${step.kind}`)}</strong>
              {' · '}
              {t('fairness.verify.slots.stops')}: <code>{step.stops.join(', ')}</code>
              {step.multiplier > 1 && (
                <> · {t('fairness.verify.slots.multiplier', { value: step.multiplier })}</>
              )}
              {step.freeSpinsAwarded > 0 && (
                <> · {t('fairness.verify.slots.awarded', { count: step.freeSpinsAwarded })}</>
              )}
            </p>
            <div
              className="fair-slot-grid"
              style={{ gridTemplateColumns: `repeat(${step.reels.length}, auto)` }}
            >
              {step.reels.map((reel, r) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a reel's place is its identity.
                <code key={r}>{reel.split(' ').join('\n')}</code>
              ))}
            </div>
            <p className="muted">
              {step.wins.length === 0
                ? t('fairness.verify.slots.noWin')
                : step.wins
                    .map((win) =>
                      win.kind === 'line'
                        ? t('fairness.verify.slots.lineWin', {
                            line: (win.line ?? 0) + 1,
                            count: win.count,
                            symbol: win.symbol,
                            win: times(win.win),
                          })
                        : win.kind === 'scatter'
                          ? t('fairness.verify.slots.scatterWin', { count: win.count, win: times(win.win) })
                          : t('fairness.verify.slots.anywhereWin', {
                              count: win.count,
                              symbol: win.symbol,
                              win: times(win.win),
                            }),
                    )
                    .join(' · ')}
            </p>
          </li>
        ))}
      </ol>
    </div>
  );
}
