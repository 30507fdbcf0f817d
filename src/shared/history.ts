/** The kinds of line in a player's money history (docs/api-money.md, GET /profile/history). */
export const HISTORY_TYPES = ['deposit', 'withdrawal', 'bet', 'win', 'bonus', 'adjustment'] as const;
export type HistoryType = (typeof HISTORY_TYPES)[number];
