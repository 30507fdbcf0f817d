import { z } from 'zod';
import { HISTORY_TYPES } from '../history.ts';
import { content, route } from './declare.ts';
import { historyLine, historyResponse } from './history.ts';

/**
 * YYYY-MM-DD; not year 0000, which ISO 8601 allows (1 BC) and PostgreSQL's date input refuses:
 * the document says so next to `format: date` (which allows it).
 */
const date = z.iso
  .date({ error: 'invalid_date' })
  .refine((d) => !d.startsWith('0000-'), { error: 'invalid_date' })
  .meta({ not: { pattern: '^0000-' } });

/** The filters of both history routes, and the page of the JSON one. */
export const historyQuery = z.object({
  type: z.enum(HISTORY_TYPES, { error: 'invalid_type' }).optional(),
  from: date.optional(),
  to: date.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});

/** A line and a page of the history, as the browser reads them too (src/shared/api/history.ts). */
export { historyLine };
export const historyPage = historyResponse;

/** GET /profile/history.csv: `date,type,amount,currency,status,id`, CRLF lines, every cell quoted. */
export const historyCsv = z.string();

export const ROUTES = {
  'GET /profile/history': route({
    summary: 'The player’s money history: payments, bets and other movements, newest first, paged',
    auth: 'player',
    querystring: historyQuery,
    response: { 200: historyPage },
  }),
  'GET /profile/history.csv': route({
    summary: 'The same history as a CSV download (every matching line, up to 10,000)',
    auth: 'player',
    querystring: historyQuery,
    response: { 200: content('text/csv', historyCsv, 'date,type,amount,currency,status,id') },
  }),
};
