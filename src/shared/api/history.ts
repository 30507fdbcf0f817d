import { z } from 'zod';
import { decimal, timestamp } from './common.ts';

/**
 * GET /profile/history as the browser reads it (docs/api-money.md). Types are the wire form
 * (`z.input`: timestamps as ISO strings).
 */

/** One line of the history: a signed amount; bets of the originals name the bet and its game. */
export const historyLine = z.object({
  id: z.string(),
  type: z.string(),
  amount: decimal,
  currency: z.string(),
  status: z.string(),
  created_at: timestamp,
  bet_id: z.string().nullable(),
  game: z.string().nullable(),
});
export type HistoryLine = z.input<typeof historyLine>;

/** One page of the history, newest first. */
export const historyResponse = z.object({
  data: z.array(historyLine),
  meta: z.object({ page: z.number().int(), per_page: z.number().int(), total: z.number().int() }),
});
export type HistoryResponse = z.input<typeof historyResponse>;
