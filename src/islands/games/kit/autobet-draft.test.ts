import { describe, expect, test } from 'vitest';
import { EMPTY_DRAFT, parseDraft } from './autobet-draft.ts';

const t = (key: string) => key;

describe('the auto-bet form', () => {
  test('the default form runs 10 bets that reset on a win and a loss, without stops', () => {
    expect(parseDraft(EMPTY_DRAFT, t)).toEqual({
      config: {
        count: 10,
        onWin: { mode: 'reset', percentBp: 0 },
        onLoss: { mode: 'reset', percentBp: 0 },
        stopProfit: null,
        stopLoss: null,
      },
      errors: {},
    });
  });

  test('increases, stops and an empty count (until stopped)', () => {
    const draft = {
      ...EMPTY_DRAFT,
      count: '',
      onLoss: 'increase' as const,
      onLossPercent: '25,5',
      onWinPercent: 'ignored while reset',
      stopProfit: '100',
      stopLoss: '50.5',
    };
    expect(parseDraft(draft, t).config).toEqual({
      count: 0,
      onWin: { mode: 'reset', percentBp: 0 },
      onLoss: { mode: 'increase', percentBp: 2550 },
      stopProfit: 10_000n,
      stopLoss: 5050n,
    });
  });

  test('each wrong field gets its message and no configuration', () => {
    const draft = {
      ...EMPTY_DRAFT,
      count: '1.5',
      onWin: 'increase' as const,
      onWinPercent: 'x',
      stopLoss: 'lots',
    };
    expect(parseDraft(draft, t)).toEqual({
      config: null,
      errors: {
        count: 'gameKit.invalidCount',
        onWinPercent: 'gameKit.invalidPercent',
        stopLoss: 'gameKit.amountError.not_a_number',
      },
    });
  });

  test("reads the locale's decimal comma and names a limit with too many decimals", () => {
    const draft = { ...EMPTY_DRAFT, onWin: 'increase' as const, onWinPercent: '12,5', stopProfit: '1.500,5' };
    expect(parseDraft(draft, t, 'pt-BR').config).toMatchObject({
      onWin: { mode: 'increase', percentBp: 1250 },
      stopProfit: 150_050n,
    });
    expect(parseDraft({ ...EMPTY_DRAFT, stopLoss: '2,555' }, t, 'pt-BR').errors).toEqual({
      stopLoss: 'gameKit.amountError.too_many_decimals',
    });
  });
});
