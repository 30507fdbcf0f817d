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
  /** What the line is (a key under `history.labels`) and what it names (a VIP level, a campaign). */
  label: z.string().nullable(),
  detail: z.string().nullable(),
  /** The balance the amount moved: bonus money is not withdrawable. */
  balance: z.enum(['cash', 'bonus']),
  /** The /fairness query that recomputes the bet or round (null until it can be verified). */
  verify: z.string().nullable(),
});
export type HistoryLine = z.input<typeof historyLine>;

/** One page of the history, newest first. */
export const historyResponse = z.object({
  data: z.array(historyLine),
  meta: z.object({ page: z.number().int(), per_page: z.number().int(), total: z.number().int() }),
});
export type HistoryResponse = z.input<typeof historyResponse>;
