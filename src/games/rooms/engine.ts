/**
 * Rooms, the multiplayer jackpot (docs/fairness.md §5). Each minor unit staked is one ticket, numbered
 * from 0 in join order; `winningTicket = floor(float_0 × totalTickets)` with `clientSeed = roundId`
 * and `nonce = 0`. The product is evaluated in JavaScript doubles, as docs/fairness.md §5 writes it and as
 * public verifiers compute it (like crash, docs/fairness.md §4). Above 2²¹ tickets the double product can round up
 * across an integer, so it differs from the exact (u × total) >> 32 now and then; the double result
 * is the definition. It never reaches `total`: a pot is capped at 2⁵³ − 1 minor units.
 */
import type { RollInput } from '../fair/seeds.ts';
import { fail, ok, type Result } from '../result.ts';

export const FLOAT_COUNT = 1;
/** Tickets a round can sell: 2⁵³ − 1, the largest count a double holds exactly. */
export const MAX_TICKETS = BigInt(Number.MAX_SAFE_INTEGER);
/** Default house commission: 5 % of the pot, in basis points. */
export const DEFAULT_COMMISSION_BPS = 500;

/** The byte-stream input of a round: the round id is the client seed, the nonce 0. */
export function roundInput(serverSeed: string, roundId: string): RollInput {
  return { serverSeed, clientSeed: roundId, nonce: 0 };
}

/** The winning ticket for the stream floats and the total number of tickets (≥ 1). */
export function winningTicket(floats: readonly number[], totalTickets: bigint): bigint {
  const float = floats[0];
  if (float === undefined) throw new RangeError('Rooms need 1 float');
  if (totalTickets < 1n || totalTickets > MAX_TICKETS)
    throw new RangeError(`Expected 1 to ${MAX_TICKETS} tickets, received ${totalTickets}`);
  return BigInt(Math.floor(float * Number(totalTickets)));
}

/** Index of the entry (stakes in join order) that holds `ticket`. */
export function ticketHolder(stakes: readonly bigint[], ticket: bigint): number {
  let end = 0n;
  for (const [index, stake] of stakes.entries()) {
    end += stake;
    if (ticket < end) return index;
  }
  throw new RangeError(`Ticket ${ticket} is beyond the ${end} tickets sold`);
}

export type RoomsError = 'ERR_NO_ENTRIES' | 'ERR_STAKE' | 'ERR_COMMISSION';

export interface RoomSettlement {
  readonly pot: bigint;
  readonly winningTicket: bigint;
  /** Index of the winning entry in `stakes`. */
  readonly winner: number;
  readonly commission: bigint;
  /** What the winner receives: pot − commission. */
  readonly prize: bigint;
}

/** Commission on a pot, rounded down: pot × bps / 10000. */
export function commission(pot: bigint, commissionBps = DEFAULT_COMMISSION_BPS): bigint {
  return (pot * BigInt(commissionBps)) / 10_000n;
}

/** Draws the winner of a round from its stakes (minor units, join order). */
export function settle(
  floats: readonly number[],
  stakes: readonly bigint[],
  commissionBps = DEFAULT_COMMISSION_BPS,
): Result<RoomSettlement, RoomsError> {
  if (stakes.length === 0) return fail('ERR_NO_ENTRIES', 'Expected at least one entry, received none');
  const bad = stakes.find((stake) => stake <= 0n);
  if (bad !== undefined) return fail('ERR_STAKE', `Expected positive stakes in minor units, received ${bad}`);
  if (!Number.isInteger(commissionBps) || commissionBps < 0 || commissionBps > 10_000) {
    return fail(
      'ERR_COMMISSION',
      `Expected a commission of 0 to 10000 basis points, received ${commissionBps}`,
    );
  }
  const pot = stakes.reduce((sum, stake) => sum + stake, 0n);
  if (pot > MAX_TICKETS)
    return fail('ERR_STAKE', `Expected a pot of at most ${MAX_TICKETS}, received ${pot}`);
  const ticket = winningTicket(floats, pot);
  const fee = commission(pot, commissionBps);
  return ok({
    pot,
    winningTicket: ticket,
    winner: ticketHolder(stakes, ticket),
    commission: fee,
    prize: pot - fee,
  });
}
