import { useTranslation } from 'react-i18next';
import { formatMultiplier } from './format.ts';

export interface ResultChip {
  id: string;
  multiplier: string;
  win: boolean;
}

/** The last results of this game, newest first: green for a win, grey for a loss. */
export function ResultChips({ chips }: { chips: readonly ResultChip[] }) {
  const { t } = useTranslation();
  if (chips.length === 0) return null;
  return (
    <ol className="gk-chips" aria-label={t('gameKit.history')} data-testid="result-chips">
      {chips.map((chip) => (
        <li key={chip.id} className="gk-chip" data-win={String(chip.win)}>
          <span className="gk-sr">{t(chip.win ? 'gameKit.win' : 'gameKit.loss')}: </span>
          {formatMultiplier(chip.multiplier)}
        </li>
      ))}
    </ol>
  );
}
