import type { RoomRound } from '../../shared/api/rooms.ts';
import { emptyForm, queryOf } from '../games/fairness/verify-query.ts';

/** The /fairness query that recomputes a drawn round's winning ticket (without the `?`). */
export function verifyQuery(round: RoomRound): string | null {
  if (!round.server_seed) return null;
  const form = emptyForm('rooms');
  form.values.server_seed = round.server_seed;
  form.values.round_id = round.id;
  form.values.tickets = round.tickets;
  return queryOf(form, { commitment: round.commitment });
}
