import type { LeaveAnswer, RoomRound, StakeAnswer } from '../../../shared/api/rooms.ts';
import type { Currency } from '../../../shared/currencies.ts';
import type { Room } from '../../../shared/games.ts';
import { fromMinor } from '../../../shared/money.ts';
import { fail, invalid } from '../../domain-error.ts';
import type { UserRow } from '../auth/repository.ts';
import { currencyOf } from '../games/limits.ts';
import { existingTransaction, requestHashOf } from '../ledger/ledger.ts';
import { answeredBalance, KeyUsed, rollback, stake, stakeAccounts } from '../wallet/stakes.ts';
import {
  addToRound,
  bumpVersion,
  ensureLiveRound,
  insertStake,
  liveRound,
  refundedBy,
  refundStakes,
  roundOfTransaction,
  stakeOfPlayer,
} from './repository.ts';
import { announce, commissionBps, type RoomsDeps, roundAndSeat, roundViewById } from './state.ts';

/**
 * Joining a room, adding to one's stake and leaving an un-started round (docs/api-games.md
 * "Rooms"). Each is one database transaction on any instance: the ledger transaction under the
 * player's idempotency key, the room's channel row (which queues the room's changes), the round,
 * the stake and the money moved with the house by the wallet (`moveWithHouse`); after commit the
 * change goes to `rooms:<room>` and the balance to the player's channel. A refused call rolls all
 * of it back, so it changes nothing.
 */

/** A transaction's answer, or null when it was rolled back as a replay (other errors go on). */
function replayed(error: unknown): null {
  if (error instanceof KeyUsed) return null;
  throw error;
}

/** A key that names a money move of another kind (a bet, another player's): 409. */
const keyConflict = () => fail('conflict', 'idempotency_key', 'idempotency_conflict');

/** What a join or an addition asks for; `round_id` names the round the player sees. */
export interface StakeInput {
  amount: bigint;
  round_id?: string | undefined;
}

/** The room's stake band in the player's currency (docs/configuration.md, rule 3). */
function checkBand(deps: RoomsDeps, room: Room, currency: Currency, stake: bigint, total = stake): void {
  const band = deps.config.currencies[currency].rooms[room];
  if (stake < band.min) throw invalid('amount', 'bet_below_min', fromMinor(band.min));
  if (total > band.max) throw invalid('amount', 'bet_above_max', fromMinor(band.max));
}

/**
 * Joins the room's live round (`join`) or adds to the player's stake in it (`add`). The second
 * player starts the countdown; a round whose countdown is over takes no more stakes.
 */
export async function placeStake(
  deps: RoomsDeps,
  user: UserRow,
  room: Room,
  mode: 'join' | 'add',
  input: StakeInput,
  key: string,
): Promise<StakeAnswer> {
  const currency = currencyOf(user);
  checkBand(deps, room, currency, input.amount);
  const request = { game: 'rooms', room, action: mode, amount: input.amount, round: input.round_id ?? null };
  const requestHash = requestHashOf(request);
  const accounts = await stakeAccounts(deps.database, user.id, currency);
  const done = await deps.database
    .transaction(async (tx) => {
      let version = 0;
      let round: Awaited<ReturnType<typeof ensureLiveRound>> | undefined;
      let mine = 0n;
      const staked = await stake(tx, {
        userId: user.id,
        currency,
        product: 'originals',
        game: 'rooms',
        amount: input.amount,
        accounts,
        entry: { key, kind: 'room_stake', requestHash, metadata: { game: 'rooms', room, action: mode } },
        prepare: async () => {
          version = await bumpVersion(tx, room);
          round = await ensureLiveRound(tx, room, currency, commissionBps(deps), { lock: true });
          if (input.round_id !== undefined && input.round_id !== round.id)
            throw invalid('room', 'round_closed');
          if (round.status === 'countdown' && round.due) throw invalid('room', 'round_closed');
          mine = await stakeOfPlayer(tx, round.id, user.id);
          if (mode === 'join' && mine > 0n) throw invalid('room', 'already_joined');
          if (mode === 'add' && mine === 0n) throw invalid('room', 'not_joined');
          checkBand(deps, room, currency, input.amount, mine + input.amount);
          // A room stake counts when its round is drawn (draw.ts).
          return undefined;
        },
        // A pot game's stake is real money only (the wallet never lets a bonus pay it).
        record: async ({ transactionId }) => {
          await insertStake(tx, {
            roundId: round!.id,
            userId: user.id,
            amount: input.amount,
            firstTicket: BigInt(round!.pot),
            transactionId,
          });
          await addToRound(tx, round!.id, {
            amount: input.amount,
            newPlayer: mine === 0n,
            countdownMs: deps.config.env.ROOMS_COUNTDOWN_MS,
          });
          return round!.id;
        },
      });
      return {
        version,
        cash: staked.cash,
        bonus: staked.bonus,
        ...(await roundAndSeat(deps, tx, staked.record, user.id)),
      };
    })
    .catch(replayed);
  if (!done) return replayStake(deps, user, key, requestHash);
  announce(deps, done.version, mode === 'join' ? 'joined' : 'added', done.round);
  deps.publishBalances(user.id, currency, done.cash, done.bonus);
  return { round: done.round, seat: done.seat, stake: done.stake, balance: fromMinor(done.cash) };
}

/** What a retried key first did: its ledger transaction, the round as it stands now, the first balance. */
interface Replay {
  transactionId: string;
  roundId: string;
  round: RoomRound;
  balance: string;
}

/**
 * The replay of a key used before, by the column of `room_stakes` that names its transaction (a
 * stake's, or a refund's); a key that names another money move is a 409.
 */
async function replay(
  deps: RoomsDeps,
  user: UserRow,
  key: string,
  requestHash: string,
  column: 'transaction_id' | 'refund_transaction_id',
): Promise<Replay> {
  const transaction = await existingTransaction(deps.database, key, requestHash);
  const found = await roundOfTransaction(deps.database, transaction.id, column);
  if (!found || found.user_id !== user.id) throw keyConflict();
  return {
    transactionId: transaction.id,
    roundId: found.round_id,
    round: await roundViewById(deps, deps.database, found.round_id),
    balance: await answeredBalance(deps.database, user.id, currencyOf(user), transaction.result),
  };
}

/** A retried join or addition: the round it staked into and the player's seat and stake now. */
async function replayStake(
  deps: RoomsDeps,
  user: UserRow,
  key: string,
  requestHash: string,
): Promise<StakeAnswer> {
  const { roundId, balance } = await replay(deps, user, key, requestHash, 'transaction_id');
  return { ...(await roundAndSeat(deps, deps.database, roundId, user.id)), balance };
}

/**
 * Leaves the live round before it starts (the player is alone in it): the stakes come back in one
 * ledger transaction and the round stays open for the next players.
 */
export async function leaveRound(
  deps: RoomsDeps,
  user: UserRow,
  room: Room,
  roundId: string,
  key: string,
): Promise<LeaveAnswer> {
  const currency = currencyOf(user);
  const requestHash = requestHashOf({ game: 'rooms', room, action: 'leave', round: roundId });
  const accounts = await stakeAccounts(deps.database, user.id, currency);
  const done = await deps.database
    .transaction(async (tx) => {
      let version = 0;
      const back = await rollback(tx, {
        userId: user.id,
        currency,
        accounts,
        entry: {
          key,
          kind: 'room_refund',
          requestHash,
          metadata: { game: 'rooms', room, action: 'leave', round: roundId },
        },
        prepare: async (transactionId) => {
          version = await bumpVersion(tx, room);
          const round = await liveRound(tx, room, currency, { lock: true });
          if (!round || round.id !== roundId) throw invalid('room', 'round_closed');
          if (round.status !== 'open') throw invalid('room', 'round_started');
          if ((await stakeOfPlayer(tx, round.id, user.id)) === 0n) throw invalid('room', 'not_joined');
          return { amount: await refundStakes(tx, round.id, user.id, transactionId) };
        },
      });
      return {
        version,
        view: await roundViewById(deps, tx, roundId),
        refunded: back.amount,
        cash: back.cash,
        bonus: back.bonus,
      };
    })
    .catch(replayed);
  if (!done) return replayLeave(deps, user, key, requestHash);
  announce(deps, done.version, 'left', done.view);
  deps.publishBalances(user.id, currency, done.cash, done.bonus);
  return { round: done.view, refunded: fromMinor(done.refunded), balance: fromMinor(done.cash) };
}

/** A retried leave: the round it left and what it refunded. */
async function replayLeave(
  deps: RoomsDeps,
  user: UserRow,
  key: string,
  requestHash: string,
): Promise<LeaveAnswer> {
  const { transactionId, round, balance } = await replay(
    deps,
    user,
    key,
    requestHash,
    'refund_transaction_id',
  );
  return { round, refunded: fromMinor(await refundedBy(deps.database, transactionId)), balance };
}
