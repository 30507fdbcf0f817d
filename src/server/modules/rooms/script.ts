import { commitment, floats } from '../../../games/fair/node.ts';
import { generateServerSeed } from '../../../games/fair/seeds.ts';
import { settle as drawTicket, FLOAT_COUNT, roundInput } from '../../../games/rooms/engine.ts';
import type { Queryable } from '../../db/client.ts';
import type { RoundRow, StakeRow } from './repository.ts';
import type { RoomsDeps } from './state.ts';
import { seatOf } from './views.ts';

/** The draw of a round's stakes under `serverSeed` (docs/fairness.md §5): the ticket, the winner's stake, the prize. */
export function drawOf(serverSeed: string, round: RoundRow, stakes: readonly StakeRow[]) {
  return drawTicket(
    floats(roundInput(serverSeed, round.id), FLOAT_COUNT),
    stakes.map((stake) => BigInt(stake.amount)),
    round.commission_bps,
  );
}

/**
 * In the tests only, TEST_ROOMS_WINNER_SEAT (env.ts refuses it unless NODE_ENV=test): before the
 * draw reads the round's seed, it is replaced with one whose ticket lands on that seat, with its
 * commitment, so the revealed seed still verifies (the players saw the old commitment: a test
 * round is not a fair one). A seat the round does not have changes nothing.
 */
export async function scriptWinner(
  deps: RoomsDeps,
  tx: Queryable,
  round: RoundRow,
  stakes: readonly StakeRow[],
): Promise<void> {
  const seat = deps.config.env.TEST_ROOMS_WINNER_SEAT;
  if (seat === undefined || seat >= new Set(stakes.map((stake) => stake.user_id)).size) return;
  for (let tries = 0; tries < 100_000; tries += 1) {
    const seed = generateServerSeed();
    const drawn = drawOf(seed, round, stakes);
    if (!drawn.ok) return;
    const winner = seatOf(stakes, stakes[drawn.value.winner]!.user_id);
    if (winner !== seat) continue;
    await tx.query('update room_rounds set server_seed = $2, commitment = $3 where id = $1', [
      round.id,
      seed,
      commitment(seed),
    ]);
    return;
  }
}
