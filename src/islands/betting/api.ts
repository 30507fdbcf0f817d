import { call } from '../../client/api.ts';
import type { CallInput } from '../../shared/api/contract.ts';

/**
 * The sportsbook's calls from the browser (src/shared/api/sports-routes.ts, docs/betting.md),
 * through the page's typed client: the token, its refresh and the headers as every island has them.
 */

type EventsQuery = NonNullable<CallInput<'GET /sports/events'>['query']>;
type BetsQuery = NonNullable<CallInput<'GET /sports/bets'>['query']>;
type SlipBody = CallInput<'POST /sports/slip'>['body'];
type PlaceBody = CallInput<'POST /sports/bets'>['body'];

export const sportsApi = {
  tree: () => call('GET /sports/tree'),
  events: (query: EventsQuery) => call('GET /sports/events', { query }),
  event: (id: string) => call('GET /sports/events/:id', { params: { id } }),
  /** The slip as it stands now: prices, the highest stake, the live delay (a player only). */
  quote: (body: SlipBody, signal?: AbortSignal) =>
    call('POST /sports/slip', { body }, signal ? { signal } : {}),
  /** Places a bet under `key`: a retry with the same key answers the first result, never a second bet. */
  place: (body: PlaceBody, key: string) =>
    call('POST /sports/bets', { body, headers: { 'idempotency-key': key } }),
  bet: (id: string) => call('GET /sports/bets/:id', { params: { id } }),
  bets: (query: BetsQuery) => call('GET /sports/bets', { query }),
  offer: (id: string) => call('POST /sports/bets/:id/cashout/offer', { params: { id } }),
  cashout: (id: string, offer: string) =>
    call('POST /sports/bets/:id/cashout', { params: { id }, body: { offer } }),
};
