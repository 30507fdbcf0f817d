import { useTranslation } from 'react-i18next';
import type { BetMode } from './use-game-shell.ts';

/** Manual or auto-bet; locked while a series runs. */
export function ModeSwitch(props: { mode: BetMode; onMode: (mode: BetMode) => void; disabled: boolean }) {
  const { t } = useTranslation();
  return (
    <fieldset className="gk-seg gk-modes">
      <legend className="gk-sr">{t('gameKit.mode')}</legend>
      {(['manual', 'auto'] as const).map((value) => (
        <button
          key={value}
          type="button"
          aria-pressed={props.mode === value}
          disabled={props.disabled}
          onClick={() => props.onMode(value)}
          data-testid={`mode-${value}`}
        >
          {t(value === 'manual' ? 'gameKit.manual' : 'gameKit.auto')}
        </button>
      ))}
    </fieldset>
  );
}
