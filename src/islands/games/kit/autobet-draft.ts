import { readAmountInput } from './amount.ts';
import { type AutoBetConfig, parsePercent } from './autobet.ts';
import { localizeDecimal } from './format.ts';

/** The auto-bet form as typed; parsed when the series starts (`parseDraft`). */
export interface AutoBetDraft {
  count: string;
  onWin: 'reset' | 'increase';
  onWinPercent: string;
  onLoss: 'reset' | 'increase';
  onLossPercent: string;
  stopProfit: string;
  stopLoss: string;
}

export const EMPTY_DRAFT: AutoBetDraft = {
  count: '10',
  onWin: 'reset',
  onWinPercent: '0',
  onLoss: 'reset',
  onLossPercent: '0',
  stopProfit: '',
  stopLoss: '',
};

export type DraftErrors = Partial<Record<keyof AutoBetDraft, string>>;

/**
 * The auto-bet form → its configuration (autobet.ts), or the messages of what is wrong. Numbers are
 * read in the locale of `tag` ("12,5" in pt-BR).
 */
export function parseDraft(
  draft: AutoBetDraft,
  t: (key: string, options?: Record<string, unknown>) => string,
  tag = 'en-US',
): { config: AutoBetConfig | null; errors: DraftErrors } {
  const errors: DraftErrors = {};
  const count = draft.count.trim() === '' ? 0 : Number(draft.count);
  if (!Number.isInteger(count) || count < 0) errors.count = t('gameKit.invalidCount');
  const percent = (mode: 'reset' | 'increase', text: string, field: 'onWinPercent' | 'onLossPercent') => {
    if (mode === 'reset') return 0;
    const bp = parsePercent(text, tag);
    if (bp === null) errors[field] = t('gameKit.invalidPercent');
    return bp ?? 0;
  };
  const onWin = percent(draft.onWin, draft.onWinPercent, 'onWinPercent');
  const onLoss = percent(draft.onLoss, draft.onLossPercent, 'onLossPercent');
  const limit = (text: string, field: 'stopProfit' | 'stopLoss') => {
    if (text.trim() === '') return null;
    const reading = readAmountInput(text, tag);
    if (reading.minor === null) {
      errors[field] = t(`gameKit.amountError.${reading.problem}`, { example: localizeDecimal('10.50', tag) });
    }
    return reading.minor;
  };
  const stopProfit = limit(draft.stopProfit, 'stopProfit');
  const stopLoss = limit(draft.stopLoss, 'stopLoss');
  if (Object.keys(errors).length > 0) return { config: null, errors };
  return {
    config: {
      count,
      onWin: { mode: draft.onWin, percentBp: onWin },
      onLoss: { mode: draft.onLoss, percentBp: onLoss },
      stopProfit,
      stopLoss,
    },
    errors,
  };
}
