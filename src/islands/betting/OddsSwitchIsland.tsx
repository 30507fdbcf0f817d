import { useStore } from '@nanostores/react';
import type { Locale } from '../../shared/locales.ts';
import { ODDS_FORMATS } from '../../shared/sports/odds-format.ts';
import { BettingRoot } from './BettingRoot.tsx';
import { $oddsFormat } from './prefs.ts';
import { useBettingT } from './use-view.ts';

/**
 * The odds format switch (decimal 1.85, fractional 17/20, American −118): remembered in this
 * browser and applied to every price of every betting island at once (`$oddsFormat`).
 */
function OddsSwitch() {
  const { t } = useBettingT();
  const format = useStore($oddsFormat);
  return (
    <fieldset className="bt-odds-switch" data-testid="bt-odds-switch">
      <legend className="visually-hidden">{t('betting.oddsFormat.label')}</legend>
      {ODDS_FORMATS.map((f) => (
        <button
          key={f}
          type="button"
          aria-pressed={format === f}
          data-format={f}
          onClick={() => $oddsFormat.set(f)}
        >
          {t(`betting.oddsFormat.${f}`)}
        </button>
      ))}
    </fieldset>
  );
}

export default function OddsSwitchIsland({ locale }: { locale: Locale }) {
  return (
    <BettingRoot locale={locale} quiet>
      <OddsSwitch />
    </BettingRoot>
  );
}
