import { toDecimal } from '../../../games/ratio.ts';
import type { Currency } from '../../../shared/currencies.ts';
import type { Queryable } from '../../db/client.ts';
import { announce as announceToFeed } from '../games/feed.ts';
import { playerBalances } from '../ledger/balances.ts';
import { requestHashOf } from '../ledger/ledger.ts';
import { accountsWithin, KeyUsed, type Settlement, settle } from '../wallet/stakes.ts';
import {
  bumpVersion,
  ensureLiveRound,
  markSettled,
  roundById,
  type StakeRow,
  serverSeedOf,
  stakesOf,
} from './repository.ts';
import { drawOf, scriptWinner } from './script.ts';
import { announce, commissionBps, type RoomsDeps, roundViewById } from './state.ts';

/**
 * The draw of a round (docs/fairness.md §5): the winning ticket from the round's committed seed
 * with the round id as client seed and nonce 0, the pot less the commission to the ticket's holder
 * in one `room_win` ledger transaction, the seed revealed, and the room's next round opened, all
 * in one database transaction. A round is drawn at most once: the draw holds the round's row lock,
 * acts only on a round still counting down, and its ledger key (`room-win:<round>`) is unique.
 */

/** The ledger key of a round's prize: one per round, so no retry or second leader can pay twice. */
export const winKey = (roundId: string) => `room-win:${roundId}`;

/** What one draw did, for the events published after commit. */
export interface Drawn {
  roundId: string;
  winnerId: string;
  prize: bigint;
}

/**
 * Draws the round if its countdown is over and nobody drew it yet; null otherwise (another
 * instance or an earlier call did, or it is not due). Safe to call concurrently and repeatedly.
 */
export async function drawRound(deps: RoomsDeps, roundId: string): Promise<Drawn | null> {
  const done = await deps.database
    .transaction(async (tx) => draw(deps, tx, roundId))
    .catch((error: unknown) => {
      if (error instanceof NotDrawable) return null;
      throw error;
    });
  if (!done) return null;
  announce(deps, done.version, 'drawn', done.view, done.next);
  feedRound(deps, done.currency, done.winnerId, done.prize, done.stakes);
  deps.publishBalances(done.winnerId, done.currency, done.cash, done.bonus);
  for (const c of done.converted)
    if (c.userId !== done.winnerId) deps.publishBalances(c.userId, done.currency, c.cash, c.bonus);
  return { roundId, winnerId: done.winnerId, prize: done.prize };
}

/** Rolls back a draw that found its round drawn already or not due, so the room's version stays. */
class NotDrawable extends Error {}

async function draw(deps: RoomsDeps, tx: Queryable, roundId: string) {
  const seen = await roundById(tx, roundId);
  if (seen?.status !== 'countdown') throw new NotDrawable();
  const version = await bumpVersion(tx, seen.room);
  const round = await roundById(tx, roundId, { lock: true });
  if (round?.status !== 'countdown' || !round.due) throw new NotDrawable();
  const stakes = await stakesOf(tx, [roundId]);
  await scriptWinner(deps, tx, round, stakes);
  const drawn = drawOf(await serverSeedOf(tx, roundId), round, stakes);
  if (!drawn.ok) throw new Error(`round ${roundId} cannot be drawn: ${drawn.message}`);
  const winnerId = stakes[drawn.value.winner]!.user_id;
  // The round's stakes are settled now, and count now (docs/bonuses.md "Settled stakes"): one wager
  // per player (a stake taken back before the draw never counted), the winner's paid under the
  // round's own key. Real money only: a bonus never pays a room stake.
  const staked = new Map<string, bigint>();
  for (const stake of stakes)
    staked.set(stake.user_id, (staked.get(stake.user_id) ?? 0n) + BigInt(stake.amount));
  const settled = await settle(
    tx,
    await Promise.all(
      [...staked].map(async ([userId, amount]): Promise<Settlement> => {
        const wager = {
          userId,
          currency: round.currency,
          product: 'originals' as const,
          game: 'rooms',
          ref: `room:${roundId}:${userId}`,
          stake: amount,
          bonusStake: 0n,
          grantId: null,
          payout: userId === winnerId ? drawn.value.prize : 0n,
        };
        if (userId !== winnerId) return { wager };
        const entry = {
          key: winKey(roundId),
          kind: 'room_win',
          requestHash: requestHashOf({ game: 'rooms', round: roundId }),
          metadata: { game: 'rooms', room: round.room, round: roundId },
        };
        // The winner staked in this currency, so both accounts exist: resolved in this transaction.
        return { wager, pay: { entry, accounts: await accountsWithin(tx, userId, round.currency) } };
      }),
    ),
  ).catch((error: unknown) => {
    if (error instanceof KeyUsed) throw new NotDrawable();
    throw error;
  });
  await markSettled(tx, roundId, {
    winningTicket: drawn.value.winningTicket,
    winnerId,
    prize: drawn.value.prize,
    commission: drawn.value.commission,
    settleTransactionId: settled.paid.get(`room:${roundId}:${winnerId}`)!.transactionId,
  });
  // The players whose money moved: the winner, and those whose wagering a room stake completed.
  const converted = [...settled.balances].map(([userId, balances]) => ({ userId, ...balances }));
  const next = await ensureLiveRound(tx, round.room, round.currency, commissionBps(deps));
  return {
    version,
    currency: round.currency,
    view: await roundViewById(deps, tx, roundId),
    next: await roundViewById(deps, tx, next.id),
    winnerId,
    prize: drawn.value.prize,
    stakes,
    converted,
    ...(settled.balances.get(winnerId) ?? (await playerBalances(tx, winnerId, round.currency))),
  };
}

/** Each player's stakes in a drawn round to the site-wide feeds: one line a player, the winner's paid. */
function feedRound(deps: RoomsDeps, currency: Currency, winnerId: string, prize: bigint, stakes: StakeRow[]) {
  const players = new Map<string, { first: StakeRow; amount: bigint }>();
  for (const stake of stakes) {
    const seen = players.get(stake.user_id);
    if (seen) seen.amount += BigInt(stake.amount);
    else players.set(stake.user_id, { first: stake, amount: BigInt(stake.amount) });
  }
  for (const [userId, { first, amount }] of players) {
    const payout = userId === winnerId ? prize : 0n;
    announceToFeed(
      deps,
      { id: userId, name: first.name, is_statistics_hidden: first.is_statistics_hidden },
      {
        id: `room-${first.id}`,
        game: 'rooms',
        currency,
        amount: amount.toString(),
        multiplier: toDecimal({ num: payout, den: amount }, 4),
        payout: payout.toString(),
        created_at: new Date(),
      },
    );
  }
}
