import { createHash, createHmac } from 'node:crypto';
import type { RoomRound } from '../../src/shared/api/rooms.ts';

/**
 * The rooms draw recomputed from docs/fairness.md §2 and §5 alone, without the engine the server
 * runs: HMAC-SHA256 keyed with the seed's text over `${roundId}:0:0`, its first four bytes as a
 * float, `floor(float × tickets)`, and the seat whose ticket range holds it.
 */
export function independentDraw(round: RoomRound): {
  ticket: bigint;
  seat: number;
  commission: bigint;
  prize: bigint;
} {
  if (!round.server_seed) throw new Error(`round ${round.id} is not revealed`);
  const block = createHmac('sha256', Buffer.from(round.server_seed, 'utf8'))
    .update(`${round.id}:0:0`, 'utf8')
    .digest();
  const float = block[0]! / 256 + block[1]! / 256 ** 2 + block[2]! / 256 ** 3 + block[3]! / 256 ** 4;
  const tickets = BigInt(round.tickets);
  const ticket = BigInt(Math.floor(float * Number(tickets)));
  const seat = round.players.find((p) =>
    p.tickets.some((range) => BigInt(range.from) <= ticket && ticket <= BigInt(range.to)),
  )?.seat;
  if (seat === undefined) throw new Error(`ticket ${ticket} has no holder in round ${round.id}`);
  const bps = BigInt(Math.round(Number(round.commission_percent) * 100));
  const commission = (tickets * bps) / 10_000n;
  return { ticket, seat, commission, prize: tickets - commission };
}

/** The commitment a round shows before its draw. */
export const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** A decimal amount ("12.34") in minor units. */
export const minor = (decimal: string) => BigInt(decimal.replace('.', ''));
