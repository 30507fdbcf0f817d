import { call } from '../../client/api.ts';
import { randomUuid } from '../../client/random-id.ts';

/**
 * The tournaments' calls from the browser (src/shared/api/tournaments-routes.ts), through the
 * page's typed client: the token, its refresh and the headers as every island has them.
 */
export const tournamentsApi = {
  detail: (id: string) => call('GET /tournaments/:id', { params: { id } }),
  board: (id: string) => call('GET /tournaments/:id/board', { params: { id } }),
  me: (id: string) => call('GET /tournaments/:id/me', { params: { id } }),
  /** Joining is idempotent on the server anyway; the key makes a retried request answer the first. */
  join: (id: string) =>
    call('POST /tournaments/:id/join', { params: { id }, headers: { 'idempotency-key': randomUuid() } }),
};
