import { floats } from '../../../games/fair/node.ts';
import type { Currency } from '../../../shared/currencies.ts';
import { POINT_MINOR, VIP_LEVELS } from '../../../shared/vip.ts';
import type { BetAnswer, BetGame } from '../../../shared/wire/bets.ts';
import { defineCounter } from '../../metrics.ts';
import type { UserRow } from '../auth/repository.ts';
import { edgeBpsOf } from '../bonus/rules.ts';
import { InsufficientFunds } from '../ledger/ledger.ts';
import { type Accounts, stakeAccounts } from '../wallet/stakes.ts';
import { afterCommit, type NewBet, replayBet } from './bet.ts';
import type { BetRow } from './bet-repository.ts';
import type { GamesDeps } from './deps.ts';
import { currencyOf } from './limits.ts';
import { forgetNonce, nonceTaken, predictNonce } from './seeds.ts';

/**
 * The fast path of the wallet's `stake` for an instant bet (decided at once, no `check`: dice,
 * keno, roulette, wheel, cases, miner auto): all of its steps in ONE statement, one database round
 * trip, in autocommit: `place_instant_bet` (drizzle/0015_bet_function.sql, which also records the
 * wager, drizzle/0020_wagers.sql). The outcome depends on the nonce, and HMAC stays out of SQL, so
 * the nonce is predicted: `predictNonce` (seeds.ts) remembers each player's active pair and next
 * nonce, the outcome is computed from it, and the function takes the nonce only if the pair is still
 * active at that nonce. The player's instant bets in this process run one after the other
 * (`inTurn`), so the prediction is right unless another instance, a rotation or a round game took a
 * nonce meanwhile; then the function refuses (CB001), the pair is read again and the bet computed
 * again (at most PREDICTION_TRIES times, then the transaction). The cases the bonus engine decides
 * (a first stake, a VIP level reached, a bonus's max bet, a stake its bonus money tops up, a
 * completed wagering: CB002) roll back and run the transaction (pipeline.ts, the wallet's `stake`).
 * A player's first bet in this process reads the pair first (one more round trip), and a bet of a
 * round game (the transaction) leaves the prediction right for the next instant bet. Why not fewer
 * or other round trips: the outcome needs the nonce and HMAC is not computed in SQL, so without a
 * prediction a bet needs one statement that locks the pair and reads the nonce and a second that
 * writes (two round trips, and the pair's row lock held across the server's computation in
 * between); with it, one. Every guarantee stays in the database: the unique key (a replay writes
 * nothing and answers the first answer, another request under it is a 409), the row lock on the
 * pair (consecutive nonces), the conditional balance update (no overdraft: CB003 is 422).
 * docs/performance.md "Bets" has the figures; tests/api/games-instant-paths.test.ts holds both
 * paths to the same rules.
 */

/**
 * How this process's instant bets went (src/server/metrics.ts counters): placed by the one
 * statement, predictions found stale (each costs one more round trip), and bets handed to the
 * transaction.
 */
export const instantBets = {
  oneStatement: defineCounter('instant_bets_one_statement_total', 'Instant bets placed by the one statement'),
  staleNonce: defineCounter(
    'instant_bets_stale_nonce_total',
    'Predicted nonces the one statement found stale (each costs one more round trip)',
  ),
  handedOver: defineCounter(
    'instant_bets_handed_over_total',
    'Instant bets handed to the multi-statement transaction (the bonus engine’s cases, stale predictions)',
  ),
};

/** Tries of the one statement with a fresh prediction before the transaction takes the nonce. */
const PREDICTION_TRIES = 3;

/** Raised by `place_instant_bet` (drizzle/0015_bet_function.sql). */
const STALE_NONCE = 'CB001';
const ENGINE_DECIDES = 'CB002';
const NO_FUNDS = 'CB003';

const PLACE_INSTANT_SQL = `select r_status, r_transaction::text, r_bet::text, r_client_seed, r_created,
  r_cash::text, r_bonus::text
  from place_instant_bet($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)`;

interface PlacedRow {
  r_status: 'placed' | 'replay';
  r_transaction: string | null;
  r_bet: string | null;
  r_client_seed: string | null;
  r_created: Date | null;
  r_cash: string | null;
  r_bonus: string | null;
}

/** Stakes (minor units) at which a VIP level is reached, per currency: crossing one is the engine's. */
const levelMarks = new Map<Currency, string[]>();
function levelMarksOf(currency: Currency): string[] {
  let marks = levelMarks.get(currency);
  if (!marks) {
    marks = VIP_LEVELS.map((level) => (BigInt(level.points) * POINT_MINOR[currency]).toString());
    levelMarks.set(currency, marks);
  }
  return marks;
}

/** Each player's instant bets in this process, one after the other (their nonce is predicted). */
const turns = new Map<string, Promise<unknown>>();

export function inTurn<T>(userId: string, work: () => Promise<T>): Promise<T> {
  const previous = turns.get(userId);
  const run = previous ? previous.then(work, work) : work();
  const settled = run.then(
    () => {},
    () => {},
  );
  turns.set(userId, settled);
  void settled.then(() => {
    if (turns.get(userId) === settled) turns.delete(userId);
  });
  return run;
}

/** The postings of a house move: stake player → house, payout house → player (zero legs left out). */
function houseLegs(accounts: Accounts, stake: bigint, payout: bigint) {
  const ids: string[] = [];
  const amounts: string[] = [];
  if (stake > 0n) {
    ids.push(accounts.playerAccount, accounts.houseAccount);
    amounts.push((-stake).toString(), stake.toString());
  }
  if (payout > 0n) {
    ids.push(accounts.houseAccount, accounts.playerAccount);
    amounts.push((-payout).toString(), payout.toString());
  }
  return { ids, amounts };
}

function sqlState(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** An instant bet in one statement (see the module's comment); null: the transaction takes it. */
export async function placeInstant<G extends BetGame>(
  deps: GamesDeps,
  user: UserRow,
  bet: NewBet<G>,
  key: string,
  requestHash: string,
): Promise<BetAnswer<G> | null> {
  const { database } = deps;
  const currency = currencyOf(user);
  const accounts = await stakeAccounts(database, user.id, currency);
  for (let attempt = 0; attempt < PREDICTION_TRIES; attempt += 1) {
    const taken = await predictNonce(database, user.id);
    const settlement = bet.settle(bet.floatCount > 0 ? floats(taken, bet.floatCount) : []);
    const legs = houseLegs(accounts, bet.stake, settlement.payout);
    let placed: PlacedRow | undefined;
    try {
      [placed] = await database.query<PlacedRow>(
        PLACE_INSTANT_SQL,
        [
          key,
          requestHash,
          JSON.stringify({ game: bet.game }),
          user.id,
          bet.game,
          currency,
          bet.stake.toString(),
          settlement.payout.toString(),
          settlement.multiplier,
          taken.pairId,
          taken.nonce.toString(),
          JSON.stringify(bet.params),
          JSON.stringify(settlement.outcome),
          accounts.playerAccount,
          accounts.houseAccount,
          edgeBpsOf(bet.game).toString(),
          levelMarksOf(currency),
          legs.ids,
          legs.amounts,
        ],
        'games_place_instant',
      );
    } catch (error) {
      const state = sqlState(error);
      if (state === STALE_NONCE) {
        instantBets.staleNonce.inc();
        forgetNonce(database, user.id);
        continue;
      }
      if (state === ENGINE_DECIDES) break;
      if (state === NO_FUNDS) throw new InsufficientFunds();
      throw error;
    }
    if (!placed) throw new Error('place_instant_bet returned nothing');
    if (placed.r_status === 'replay')
      return replayBet(deps, user, key, requestHash, 'transaction_id') as Promise<BetAnswer<G>>;
    instantBets.oneStatement.inc();
    nonceTaken(database, user.id, taken);
    const row = {
      id: placed.r_bet!,
      game: bet.game,
      status: 'settled',
      currency,
      amount: bet.stake.toString(),
      payout: settlement.payout.toString(),
      multiplier: settlement.multiplier,
      params: bet.params,
      outcome: settlement.outcome,
      nonce: taken.nonce.toString(),
      client_seed: placed.r_client_seed!,
      commitment: taken.commitment,
      server_seed: null,
      seed_pair_id: taken.pairId,
      created_at: placed.r_created!,
      settled_at: placed.r_created!,
    } as BetRow<G>;
    return afterCommit(deps, user, { row, cash: BigInt(placed.r_cash!), bonus: BigInt(placed.r_bonus!) });
  }
  instantBets.handedOver.inc();
  return null;
}
