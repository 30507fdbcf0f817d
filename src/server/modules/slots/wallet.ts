import type {
  BetRequest,
  RollbackRequest,
  WalletAnswer,
  WinRequest,
} from '../../../shared/api/aggregator-routes.ts';
import { type Currency, isCurrency } from '../../../shared/currencies.ts';
import type { Clock } from '../../clock.ts';
import type { Database, Queryable } from '../../db/client.ts';
import { DomainError } from '../../domain-error.ts';
import { playerBalances } from '../ledger/balances.ts';
import { InsufficientFunds, requestHashOf } from '../ledger/ledger.ts';
import { AccountExcluded } from '../responsible/exclusions.ts';
import { PlayLimitReached } from '../responsible/stakes.ts';
import {
  type Accounts,
  payMore,
  rollback,
  settle,
  stake,
  stakeAccounts,
  type Wager,
} from '../wallet/stakes.ts';
import { betStatement, type FastAnswer, winStatement } from './statements.ts';
import { type BetRow, betForUpdate, claimTransaction, setLedger } from './store.ts';
import { minorOf, Refusal, unitsOf } from './units.ts';

/**
 * The Wallet API's money (docs/slots.md "Money"): bets, wins and rollbacks of the aggregator's
 * transactions, each through the wallet's one money path (stakes.ts: `stake`, `settle`/`payMore`,
 * `rollback`) in the transaction the request's record commits in (routes.ts). Each call is two
 * steps: its checks and the accounts, read before the transaction (`prepare`), then the money
 * (`run`). A refusal throws `Refusal`: the transaction rolls back, nothing is written.
 */

/**
 * What identifies a bet or a win request (a used transaction_uuid with another is a duplicate);
 * a win also names its bet.
 */
function requestHashOfCall(kind: 'bet' | 'win', req: BetRequest & { reference_transaction_uuid?: string }) {
  return requestHashOf({
    kind,
    user: req.user,
    game: req.game_code,
    round: req.round,
    currency: req.currency,
    amount: req.amount,
    ...(kind === 'win' ? { reference: req.reference_transaction_uuid } : {}),
  });
}

const betHash = (req: BetRequest) => requestHashOfCall('bet', req);
const winHash = (req: WinRequest) => requestHashOfCall('win', req);

/** The Wallet API's `user`: our user id. */
const USER_ID = /^\d{1,18}$/;

/** A player as the Wallet API knows them: the opaque id on the wire is the user id. */
export interface SlotPlayer {
  id: string;
  currency: Currency;
  region: string;
}

/** What a call does in its transaction, and whose balance to publish after commit. */
export interface Prepared {
  player: SlotPlayer;
  run: (tx: Queryable) => Promise<{ answer: WalletAnswer; balances: { cash: bigint; bonus: bigint } | null }>;
}

export interface WalletDeps {
  database: Database;
  clock: Clock;
  /** A game's house edge in basis points (catalogue.ts, from its stated RTP). */
  edgeBps: (gameCode: string) => Promise<bigint>;
  /** The product a game's stakes count under (catalogue.ts: `live` for the live tables). */
  productOf: (gameCode: string) => Promise<'slots' | 'live'>;
}

/** The player of a Wallet API `user`; a missing (deleted) account is RS_ERROR_USER_DISABLED. */
export async function playerOf(db: Queryable, user: string): Promise<SlotPlayer> {
  if (!USER_ID.test(user)) throw new Refusal('RS_ERROR_USER_DISABLED');
  const [row] = await db.query<{ id: string; currency: string | null; region: string }>(
    'select id::text, currency, region from users where id = $1',
    [user],
    'slots_player',
  );
  if (!row || !isCurrency(row.currency)) throw new Refusal('RS_ERROR_USER_DISABLED');
  return { id: row.id, currency: row.currency, region: row.region };
}

/** The player and the session of `token` (null: none, or not theirs) in one read. */
async function playerWithSession(
  db: Queryable,
  user: string,
  token: string,
): Promise<{
  player: SlotPlayer;
  session: { game_code: string; currency: string; expires_at: Date } | null;
}> {
  if (!USER_ID.test(user)) throw new Refusal('RS_ERROR_USER_DISABLED');
  const [row] = await db.query<{
    id: string;
    currency: string | null;
    region: string;
    game_code: string | null;
    session_currency: string | null;
    expires_at: Date | string | null;
  }>(
    `select u.id::text, u.currency, u.region, s.game_code, s.currency as session_currency, s.expires_at
       from users u left join slot_sessions s on s.token = $2 and s.user_id = u.id
      where u.id = $1`,
    [user, token],
    'slots_player_session',
  );
  if (!row || !isCurrency(row.currency)) throw new Refusal('RS_ERROR_USER_DISABLED');
  const player = { id: row.id, currency: row.currency, region: row.region };
  if (row.game_code === null || row.session_currency === null || row.expires_at === null)
    return { player, session: null };
  return {
    player,
    session: {
      game_code: row.game_code,
      currency: row.session_currency,
      expires_at: new Date(row.expires_at),
    },
  };
}

const total = (b: { cash: bigint; bonus: bigint }) => unitsOf(b.cash + b.bonus);

/** The answer of a call that moved (or checked) the player's money. */
function moneyAnswer(
  req: { user: string; request_uuid: string },
  p: SlotPlayer,
  b: { cash: bigint; bonus: bigint },
) {
  return {
    answer: {
      user: req.user,
      status: 'RS_OK' as const,
      request_uuid: req.request_uuid,
      currency: p.currency,
      balance: total(b),
    },
    balances: b,
  };
}

/** A repeat of a transaction already done (same id, same body): RS_OK and the balance now. */
async function already(tx: Queryable, req: { user: string; request_uuid: string }, p: SlotPlayer) {
  const answer = moneyAnswer(req, p, await playerBalances(tx, p.id, p.currency));
  return { ...answer, balances: null };
}

/** Refusals the wallet throws, as statuses (anything else is RS_ERROR_UNKNOWN upstream). */
function refusalOf(error: unknown, p: SlotPlayer): never {
  if (error instanceof InsufficientFunds)
    throw new Refusal('RS_ERROR_NOT_ENOUGH_MONEY', { userId: p.id, currency: p.currency });
  // The player's own loss or wager limit, or an exclusion (a time-out, a self-exclusion): no new
  // bets (the protocol's "locked" status).
  if (error instanceof PlayLimitReached || error instanceof AccountExcluded)
    throw new Refusal('RS_ERROR_USER_DISABLED');
  // The active bonus's max bet (docs/bonuses.md): the protocol has no limit status; docs/slots.md.
  if (error instanceof DomainError) throw new Refusal('RS_ERROR_UNKNOWN');
  throw error;
}

export class SlotWallet {
  readonly #deps: WalletDeps;

  constructor(deps: WalletDeps) {
    this.#deps = deps;
  }

  /** A bet in one statement (statements.ts), or null: the transaction (`bet`) decides it. */
  async fastBet(req: BetRequest): Promise<FastAnswer | null> {
    const amount = minorOf(req.amount);
    if (req.is_free || amount === null || amount === 0n || !USER_ID.test(req.user)) return null;
    const now = new Date(this.#deps.clock.now());
    return betStatement(this.#deps.database, req, { amount, requestHash: betHash(req), now });
  }

  /** A win in one statement (statements.ts), or null: the transaction (`win`) decides it. */
  async fastWin(req: WinRequest): Promise<FastAnswer | null> {
    const amount = minorOf(req.amount);
    if (req.is_free || amount === null || !USER_ID.test(req.user)) return null;
    // The one statement records slot wagers; a live table's win takes the transaction.
    if ((await this.#deps.productOf(req.game_code)) !== 'slots') return null;
    const edgeBps = await this.#deps.edgeBps(req.game_code);
    return winStatement(this.#deps.database, req, { amount, requestHash: winHash(req), edgeBps });
  }

  async info(req: { user: string; request_uuid: string }): Promise<Prepared> {
    const player = await playerOf(this.#deps.database, req.user);
    return {
      player,
      run: async () => ({
        answer: {
          user: req.user,
          status: 'RS_OK',
          request_uuid: req.request_uuid,
          country: player.region,
          currency: player.currency,
        },
        balances: null,
      }),
    };
  }

  /** The balance of a game session's player; its token must be theirs (an expired one will do). */
  async balance(req: {
    user: string;
    token: string;
    request_uuid: string;
    game_code: string;
  }): Promise<Prepared> {
    const { player, session } = await playerWithSession(this.#deps.database, req.user, req.token);
    if (!session) throw new Refusal('RS_ERROR_INVALID_TOKEN');
    if (session.game_code !== req.game_code) throw new Refusal('RS_ERROR_INVALID_GAME');
    return { player, run: async (tx) => ({ ...(await already(tx, req, player)) }) };
  }

  async #accounts(p: SlotPlayer): Promise<Accounts> {
    return stakeAccounts(this.#deps.database, p.id, p.currency);
  }

  async bet(req: BetRequest): Promise<Prepared> {
    const { player, session } = await playerWithSession(this.#deps.database, req.user, req.token);
    if (!session) throw new Refusal('RS_ERROR_INVALID_TOKEN');
    if (session.game_code !== req.game_code) throw new Refusal('RS_ERROR_INVALID_GAME');
    if (session.expires_at.getTime() <= this.#deps.clock.now()) throw new Refusal('RS_ERROR_TOKEN_EXPIRED');
    if (req.currency !== player.currency || session.currency !== player.currency)
      throw new Refusal('RS_ERROR_WRONG_CURRENCY');
    const amount = minorOf(req.amount);
    // Free rounds are not offered (the catalogue's freebet_support is not used); a stake is > 0.
    if (req.is_free || amount === null || amount === 0n) throw new Refusal('RS_ERROR_UNKNOWN');
    const accounts = await this.#accounts(player);
    const product = await this.#deps.productOf(req.game_code);
    const requestHash = betHash(req);
    return {
      player,
      run: async (tx) => {
        const claimed = await claimTransaction(tx, {
          uuid: req.transaction_uuid,
          kind: 'bet',
          requestHash,
          userId: player.id,
          currency: player.currency,
          gameCode: req.game_code,
          round: req.round,
          reference: null,
          amount,
        });
        if (claimed !== 'new') {
          if (claimed === 'same') return already(tx, req, player);
          throw new Refusal('RS_ERROR_DUPLICATE_TRANSACTION');
        }
        const staked = await stake(tx, {
          userId: player.id,
          currency: player.currency,
          product,
          game: req.game_code,
          amount,
          accounts,
          entry: {
            key: `slots:bet:${req.transaction_uuid}`,
            kind: 'slot_bet',
            requestHash,
            metadata: { game: req.game_code, round: req.round, transaction: req.transaction_uuid },
          },
          record: async ({ transactionId, funding }) =>
            setLedger(tx, req.transaction_uuid, transactionId, funding),
        }).catch((error: unknown) => refusalOf(error, player));
        return moneyAnswer(req, player, staked);
      },
    };
  }

  async win(req: WinRequest): Promise<Prepared> {
    const player = await playerOf(this.#deps.database, req.user);
    if (req.currency !== player.currency) throw new Refusal('RS_ERROR_WRONG_CURRENCY');
    const amount = minorOf(req.amount);
    if (req.is_free || amount === null) throw new Refusal('RS_ERROR_UNKNOWN');
    const accounts = await this.#accounts(player);
    const edgeBps = await this.#deps.edgeBps(req.game_code);
    const product = await this.#deps.productOf(req.game_code);
    const requestHash = winHash(req);
    return {
      player,
      run: async (tx) => {
        const claimed = await claimTransaction(tx, {
          uuid: req.transaction_uuid,
          kind: 'win',
          requestHash,
          userId: player.id,
          currency: player.currency,
          gameCode: req.game_code,
          round: req.round,
          reference: req.reference_transaction_uuid,
          amount,
        });
        if (claimed === 'same') return already(tx, req, player);
        if (claimed === 'other') throw new Refusal('RS_ERROR_DUPLICATE_TRANSACTION');
        const bet = await betForUpdate(tx, req.reference_transaction_uuid);
        if (bet?.kind !== 'bet' || bet.user_id !== player.id || bet.state === 'rolled_back')
          throw new Refusal('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
        if (bet.game_code !== req.game_code) throw new Refusal('RS_ERROR_INVALID_GAME');
        const wager = wagerOf(bet, player, amount, edgeBps, product);
        const entry = {
          key: `slots:win:${req.transaction_uuid}`,
          kind: 'slot_win',
          requestHash,
          metadata: { game: req.game_code, round: req.round, transaction: req.transaction_uuid },
        };
        let paid: { transactionId: string | null; bonusPayout: bigint };
        let balances: { cash: bigint; bonus: bigint } | undefined;
        if (bet.state === 'open') {
          const settled = await settle(tx, [{ wager, ...(amount > 0n ? { pay: { entry, accounts } } : {}) }]);
          const one = settled.paid.get(wager.ref);
          paid = { transactionId: one?.transactionId ?? null, bonusPayout: one?.bonusPayout ?? 0n };
          balances = settled.balances.get(player.id);
        } else if (amount > 0n) {
          const more = await payMore(tx, { wager, entry, accounts });
          paid = more;
          balances = more;
        } else {
          paid = { transactionId: null, bonusPayout: 0n };
        }
        await tx.query(
          `update slot_transactions set state = 'settled', won = won + $2, bonus_won = bonus_won + $3
            where transaction_uuid = $1`,
          [bet.transaction_uuid, amount.toString(), paid.bonusPayout.toString()],
        );
        if (paid.transactionId) await setLedger(tx, req.transaction_uuid, paid.transactionId, null);
        return moneyAnswer(req, player, balances ?? (await playerBalances(tx, player.id, player.currency)));
      },
    };
  }

  /**
   * Hands a bet back. A bet never seen is recorded as a tombstone (RS_OK), so that it is refused
   * if it comes late; a bet already handed back is RS_OK again; a bet already won is refused.
   */
  async rollback(req: RollbackRequest): Promise<Prepared> {
    const player = await playerOf(this.#deps.database, req.user);
    const accounts = await this.#accounts(player);
    const requestHash = requestHashOf({
      kind: 'rollback',
      user: req.user,
      game: req.game_code,
      round: req.round,
      reference: req.reference_transaction_uuid,
    });
    const claim = (tx: Queryable, uuid: string, kind: 'rollback' | 'tombstone', reference: string | null) =>
      claimTransaction(tx, {
        uuid,
        kind,
        requestHash: kind === 'tombstone' ? 'tombstone' : requestHash,
        userId: player.id,
        currency: player.currency,
        gameCode: req.game_code,
        round: req.round,
        reference,
        amount: 0n,
      });
    return {
      player,
      run: async (tx) => {
        const claimed = await claim(tx, req.transaction_uuid, 'rollback', req.reference_transaction_uuid);
        if (claimed === 'same') return already(tx, req, player);
        if (claimed === 'other') throw new Refusal('RS_ERROR_DUPLICATE_TRANSACTION');
        // The bet's id taken first: a bet that comes later finds it used.
        if ((await claim(tx, req.reference_transaction_uuid, 'tombstone', null)) === 'new')
          return already(tx, req, player);
        const bet = await betForUpdate(tx, req.reference_transaction_uuid);
        if (bet?.kind === 'tombstone' && bet.user_id === player.id) return already(tx, req, player);
        if (bet?.kind !== 'bet' || bet.user_id !== player.id)
          throw new Refusal('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
        if (bet.state === 'rolled_back') return already(tx, req, player);
        if (bet.state !== 'open') throw new Refusal('RS_ERROR_UNKNOWN');
        const amount = BigInt(bet.amount);
        const bonus = BigInt(bet.bonus_amount);
        const back = await rollback(tx, {
          userId: player.id,
          currency: player.currency,
          accounts,
          entry: {
            key: `slots:rollback:${req.transaction_uuid}`,
            kind: 'slot_rollback',
            requestHash,
            metadata: { game: req.game_code, round: req.round, transaction: req.transaction_uuid },
          },
          prepare: async () => ({
            amount,
            ...(bonus > 0n && bet.grant_id ? { bonus: { amount: bonus, grantId: bet.grant_id } } : {}),
          }),
        });
        await tx.query(
          `update slot_transactions set state = 'rolled_back', bonus_won = bonus_amount where transaction_uuid = $1`,
          [bet.transaction_uuid],
        );
        await tx.query(
          'update slot_transactions set amount = $2, transaction_id = $3 where transaction_uuid = $1',
          [req.transaction_uuid, amount.toString(), back.transactionId],
        );
        return moneyAnswer(req, player, back);
      },
    };
  }
}

/** A bet's wager as the wallet settles it: ref = the bet's transaction_uuid, game = game_code. */
function wagerOf(
  bet: BetRow,
  p: SlotPlayer,
  payout: bigint,
  edgeBps: bigint,
  product: 'slots' | 'live',
): Wager {
  return {
    userId: p.id,
    currency: p.currency,
    product,
    game: bet.game_code,
    edgeBps,
    ref: bet.transaction_uuid,
    stake: BigInt(bet.amount),
    bonusStake: BigInt(bet.bonus_amount),
    grantId: bet.grant_id,
    payout,
  };
}
