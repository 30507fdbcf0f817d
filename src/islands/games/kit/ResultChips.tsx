import { useTranslation } from 'react-i18next';
import type { Verdict } from './bet-result.ts';
import { formatMultiplier } from './format.ts';
import { verifyBetHref } from './verify-link.ts';

export interface ResultChip {
  id: string;
  multiplier: string;
  verdict: Verdict;
}

/**
 * The last results of this game, newest first: green for a win, outlined for the stake returned,
 * grey for a loss. The row keeps its height while empty, so the first result does not push the
 * board down.
 */
export function ResultChips({ chips, tag }: { chips: readonly ResultChip[]; tag: string }) {
  const { t } = useTranslation();
  return (
    <ol
      className="gk-chips"
      aria-label={t('gameKit.history')}
      aria-hidden={chips.length === 0 || undefined}
      data-testid="result-chips"
    >
      {chips.map((chip) => (
        <li
          key={chip.id}
          className="gk-chip"
          data-win={String(chip.verdict === 'win')}
          data-verdict={chip.verdict}
        >
          <a href={verifyBetHref(chip.id)} title={t('fairness.historyVerify')}>
            <span className="gk-sr">{t(`gameKit.verdict.${chip.verdict}`)}: </span>
            {formatMultiplier(chip.multiplier, tag)}
          </a>
        </li>
      ))}
    </ol>
  );
}
