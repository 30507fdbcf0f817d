import type { Currency } from '../../../shared/currencies.ts';
import { fromMinor } from '../../../shared/money.ts';
import type { Product } from '../../../shared/products.ts';
import type { Database, Queryable } from '../../db/client.ts';
import { payoutShares } from '../bonus/rules.ts';
import {
  type BonusShare,
  countSettled,
  type Funding,
  finishSettlement,
  fundStake,
  type SettledStake,
} from '../bonus/wagering.ts';
import { cashBalance, playerBalances } from '../ledger/balances.ts';
import { type HousePayout, moveWithHouse, payMany } from '../ledger/house.ts';
import { accountId, committedAccountId, houseShard, KeyUsed, openTransaction } from '../ledger/ledger.ts';
import { checkStake } from '../responsible/stakes.ts';

export { KeyUsed };

/**
 * The one money path (docs/architecture.md "The wallet"). Every stake of every product goes
 * through these calls, inside the product's own database transaction, each under the ledger key
 * of an outside id (a bet, a round, an aggregator's transaction, a ticket) and idempotent on it:
 *
 * - `stake`: the key → the product's checks → what pays it (real money first, then the active
 *   bonus) → the product's record → the money to the house; an instant bet settles in the same
 *   step (its payout, the counters and its wager).
 * - `settle`: stakes played out, one or many: the counters (VIP progress, rakeback's house edge,
 *   the active bonus's wagering), each payout under its own key, the wager records, then what the
 *   bonus engine completes.
 * - `rollback` (also a void): a stake handed back before it was played; it never counts.
 *
 * No product moves a stake's money, counts it or records it any other way; the one-statement
 * instant bet (drizzle/0015_bet_function.sql, games/instant-statement.ts) is the fast path of
 * `stake` with a settlement, held to the same rules by the same tests.
 */

/** The ledger transaction a call opens: its idempotency key and what identifies the request. */
export interface LedgerEntry {
  key: string;
  kind: string;
  requestHash: string;
  metadata: Record<string, unknown>;
}

async function open(tx: Queryable, entry: LedgerEntry): Promise<string> {
  const id = await openTransaction(tx, {
    idempotencyKey: entry.key,
    kind: entry.kind,
    requestHash: entry.requestHash,
    metadata: entry.metadata,
  });
  if (!id) throw new KeyUsed(entry.key);
  return id;
}

/** The player's cash account and their house shard in one currency. */
export interface Accounts {
  playerAccount: string;
  houseAccount: string;
}

/** The accounts of a stake, resolved (and created) outside the transaction, then cached. */
export async function stakeAccounts(
  database: Database,
  userId: string,
  currency: Currency,
): Promise<Accounts> {
  const [playerAccount, houseAccount] = await Promise.all([
    committedAccountId(database, { userId, kind: 'cash' }, currency),
    committedAccountId(database, houseShard(userId), currency),
  ]);
  return { playerAccount, houseAccount };
}

/** The accounts of a stake, inside a transaction (a winner the round already knows). */
export async function accountsWithin(tx: Queryable, userId: string, currency: Currency): Promise<Accounts> {
  return {
    playerAccount: await accountId(tx, { userId, kind: 'cash' }, currency),
    houseAccount: await accountId(tx, houseShard(userId), currency),
  };
}

/** A settled stake as the wager record keeps it (src/server/db/schema/wagers.ts). */
export interface Wager extends SettledStake {
  product: Product;
  /** The product's id of the stake, unique within the product. */
  ref: string;
  payout: bigint;
}

/** The player's balances after a money move. */
export interface Balances {
  cash: bigint;
  bonus: bigint;
}

/** A stake to take. */
export interface StakeOrder<R> {
  userId: string;
  currency: Currency;
  product: Product;
  game: string;
  amount: bigint;
  accounts: Accounts;
  entry: LedgerEntry;
  /**
   * After the key is taken, before any money moves: the product's checks and locks (throw to
   * refuse). Answers the payout when the stake is decided at once (an instant bet).
   */
  prepare?: (transactionId: string) => Promise<bigint | undefined>;
  /** The product's own record of the stake (a bet row), told what pays it. */
  record: (placed: { transactionId: string; funding: Funding; bonusPayout: bigint }) => Promise<R>;
  /** The wager's ref, for a stake decided at once. */
  refOf?: (record: R) => string;
}

export interface Staked<R> extends Balances {
  transactionId: string;
  funding: Funding;
  record: R;
}

/** Takes a stake (and settles it when `prepare` decided it); throws `KeyUsed` for a used key. */
export async function stake<R>(tx: Queryable, order: StakeOrder<R>): Promise<Staked<R>> {
  const { userId, currency, amount } = order;
  const transactionId = await open(tx, order.entry);
  const payout = await order.prepare?.(transactionId);
  const funding = await fundStake(tx, userId, currency, amount, order.game);
  // The player's own loss and wager limits, before any money moves (docs/responsible-gambling.md).
  await checkStake(tx, userId, amount);
  const shares = payoutShares(payout ?? 0n, amount, funding.bonus);
  const record = await order.record({ transactionId, funding, bonusPayout: shares.bonus });
  let wager: Wager | null = null;
  if (payout !== undefined) {
    if (!order.refOf) throw new Error('a stake decided at once names its wager');
    wager = {
      userId,
      currency,
      product: order.product,
      game: order.game,
      ref: order.refOf(record),
      stake: amount,
      bonusStake: funding.bonus,
      grantId: funding.grantId,
      payout,
    };
  }
  const settling = wager ? await countSettled(tx, [wager]) : null;
  let balances = await moveWithHouse(tx, {
    transactionId,
    ...order.accounts,
    currency,
    userId,
    stake: amount - funding.bonus,
    payout: shares.cash,
    requireBalance: amount - funding.bonus,
    bonus: await bonusLegs(tx, userId, currency, funding.bonus, shares.bonus),
  });
  if (wager && settling) {
    await recordWagers(tx, [{ wager, bonusPayout: shares.bonus }]);
    if ((await finishSettlement(tx, settling, bonusShareOf(wager, shares.bonus))).size)
      balances = await playerBalances(tx, userId, currency);
  }
  return { transactionId, funding, record, ...balances };
}

/** A stake played out: its wager, and how its payout is paid when it has one. */
export interface Settlement {
  wager: Wager;
  /** The payout's own ledger transaction (required when the wager pays). */
  pay?: { entry: LedgerEntry; accounts: Accounts };
}

export interface Settled {
  /** Per wager ref: its payout's ledger transaction and the bonus money's share of the payout. */
  paid: Map<string, { transactionId: string; bonusPayout: bigint }>;
  /** The players whose money moved (paid, or a bonus completed), with their balances after. */
  balances: Map<string, Balances>;
}

/**
 * Settles stakes in the caller's transaction (which holds the product's lock on them): counts
 * them, pays each payout from the house under its own key (one statement for one payout, a few per
 * currency for many), records the wagers, then completes what the bonus engine must. Throws
 * `KeyUsed` when a payout's key was used (nothing pays twice).
 */
export async function settle(tx: Queryable, settlements: readonly Settlement[]): Promise<Settled> {
  const settled: Settled = { paid: new Map(), balances: new Map() };
  if (settlements.length === 0) return settled;
  const settling = await countSettled(
    tx,
    settlements.map((s) => s.wager),
  );
  const shares: BonusShare[] = [];
  const paying = settlements.flatMap((s) => {
    if (s.wager.payout === 0n) return [];
    if (!s.pay) throw new Error(`wager ${s.wager.ref} pays ${s.wager.payout} without an entry`);
    const split = payoutShares(s.wager.payout, s.wager.stake, s.wager.bonusStake);
    shares.push(...bonusShareOf(s.wager, split.bonus));
    return [{ wager: s.wager, pay: s.pay, split }];
  });
  if (paying.length === 1) {
    const [{ wager, pay, split }] = paying as [(typeof paying)[number]];
    const transactionId = await open(tx, pay.entry);
    const balances = await moveWithHouse(tx, {
      transactionId,
      ...pay.accounts,
      currency: wager.currency,
      userId: wager.userId,
      stake: 0n,
      payout: split.cash,
      requireBalance: 0n,
      bonus: await bonusLegs(tx, wager.userId, wager.currency, 0n, split.bonus),
    });
    settled.paid.set(wager.ref, { transactionId, bonusPayout: split.bonus });
    settled.balances.set(wager.userId, balances);
  } else if (paying.length > 1) {
    for (const currency of new Set(paying.map((p) => p.wager.currency))) {
      const mine = paying.filter((p) => p.wager.currency === currency);
      const payouts: HousePayout[] = await Promise.all(
        mine.map(async ({ wager, pay, split }) => {
          const bonus = await bonusLegs(tx, wager.userId, currency, 0n, split.bonus);
          return {
            idempotencyKey: pay.entry.key,
            kind: pay.entry.kind,
            requestHash: pay.entry.requestHash,
            metadata: pay.entry.metadata,
            ...pay.accounts,
            userId: wager.userId,
            payout: split.cash,
            bonus: bonus && { account: bonus.account, payout: bonus.payout },
          };
        }),
      );
      const { transactions, balances } = await payMany(tx, currency, payouts);
      for (const { wager, pay, split } of mine) {
        settled.paid.set(wager.ref, {
          transactionId: transactions.get(pay.entry.key)!,
          bonusPayout: split.bonus,
        });
      }
      for (const [userId, balance] of balances) settled.balances.set(userId, balance);
    }
  }
  await recordWagers(
    tx,
    settlements.map((s) => ({
      wager: s.wager,
      bonusPayout: settled.paid.get(s.wager.ref)?.bonusPayout ?? 0n,
    })),
  );
  for (const userId of await finishSettlement(tx, settling, shares)) {
    const currency = settlements.find((s) => s.wager.userId === userId)!.wager.currency;
    settled.balances.set(userId, await playerBalances(tx, userId, currency));
  }
  return settled;
}

/**
 * A further payout of a stake already settled (an aggregator's second win of one bet, a free-spin
 * feature paid apart): paid from the house under its own key, split between cash and bonus money
 * as the stake was, and added to the stake's wager record. Nothing counts again: the stake was
 * counted when it first settled. `wager.payout` is this payout. Throws `KeyUsed` for a used key.
 */
export async function payMore(
  tx: Queryable,
  more: { wager: Wager; entry: LedgerEntry; accounts: Accounts },
): Promise<Balances & { transactionId: string; bonusPayout: bigint }> {
  const { wager } = more;
  if (wager.payout <= 0n) throw new Error(`a further payout of ${wager.ref} must pay`);
  const split = payoutShares(wager.payout, wager.stake, wager.bonusStake);
  const transactionId = await open(tx, more.entry);
  let balances = await moveWithHouse(tx, {
    transactionId,
    ...more.accounts,
    currency: wager.currency,
    userId: wager.userId,
    stake: 0n,
    payout: split.cash,
    requireBalance: 0n,
    bonus: await bonusLegs(tx, wager.userId, wager.currency, 0n, split.bonus),
  });
  const updated = await tx.query(
    `update wagers set payout = payout + $3, bonus_payout = bonus_payout + $4
      where product = $1 and ref = $2 returning ref`,
    [wager.product, wager.ref, wager.payout.toString(), split.bonus.toString()],
  );
  if (updated.length === 0) throw new Error(`wager ${wager.product}:${wager.ref} is not settled`);
  // The share's ref names this payout (a late conversion's key is per share).
  const shares = bonusShareOf({ ...wager, ref: more.entry.key }, split.bonus);
  if ((await finishSettlement(tx, { completed: [] }, shares)).size)
    balances = await playerBalances(tx, wager.userId, wager.currency);
  return { transactionId, bonusPayout: split.bonus, ...balances };
}

/**
 * A stake handed back before it was played: a rollback the other side asks for (an aggregator's
 * `rollback`, a ticket cancelled), a void the product decides (a round it cannot finish), a room
 * left before its draw.
 */
export interface RollbackOrder {
  userId: string;
  currency: Currency;
  accounts: Accounts;
  entry: LedgerEntry;
  /**
   * After the key is taken: the product marks its stakes refunded (throw to refuse) and answers
   * what comes back, with the bonus money's part and its grant when a bonus paid some of it.
   */
  prepare: (
    transactionId: string,
  ) => Promise<{ amount: bigint; bonus?: { amount: bigint; grantId: string } }>;
}

/**
 * Hands a stake back under its own key: the cash part to the cash account, the bonus part to the
 * bonus account (the grant takes it back as its own; a grant that has ended since takes it out
 * again at once, docs/bonuses.md). Nothing counts: a refunded stake was never played. Throws
 * `KeyUsed` for a used key.
 */
export async function rollback(
  tx: Queryable,
  order: RollbackOrder,
): Promise<Balances & { transactionId: string; amount: bigint }> {
  const { userId, currency } = order;
  const transactionId = await open(tx, order.entry);
  const back = await order.prepare(transactionId);
  const bonusPart = back.bonus?.amount ?? 0n;
  let balances = await moveWithHouse(tx, {
    transactionId,
    ...order.accounts,
    currency,
    userId,
    stake: 0n,
    payout: back.amount - bonusPart,
    requireBalance: 0n,
    bonus: await bonusLegs(tx, userId, currency, 0n, bonusPart),
  });
  if (back.bonus && bonusPart > 0n) {
    const share = { grantId: back.bonus.grantId, userId, currency, amount: bonusPart, ref: order.entry.key };
    if ((await finishSettlement(tx, { completed: [] }, [share])).size)
      balances = await playerBalances(tx, userId, currency);
  }
  return { transactionId, amount: back.amount, ...balances };
}

/** A payout taken back: what came back from each account, and what the player no longer held. */
export interface TakenBack extends Balances {
  transactionId: string | null;
  taken: bigint;
  /** The part the player's accounts no longer held (spent or withdrawn since): the house's loss. */
  short: bigint;
}

/**
 * Takes back part of a settled stake's payout under its own key (a sportsbook settlement rolled
 * back, a resettlement that pays less): the bonus share (as `payoutShares` split the payout) from
 * the bonus account and the rest from cash, each only as far as the account holds it, so no
 * balance goes below zero; what is missing is `short`, which the product records as owed. The
 * wager record's payout goes down by the whole amount. Nothing counts again. Throws `KeyUsed` for
 * a used key (when anything is taken; the product's lock on its stake keeps one call per key).
 */
export async function takeBack(
  tx: Queryable,
  order: { wager: Wager; entry: LedgerEntry; accounts: Accounts },
): Promise<TakenBack> {
  const { wager } = order;
  const amount = wager.payout;
  if (amount <= 0n) throw new Error(`nothing to take back from ${wager.ref}`);
  const bonusAccount = await accountId(tx, { userId: wager.userId, kind: 'bonus' }, wager.currency);
  // The cash row, then the bonus row: the order every money move locks them in.
  const held = await tx.query<{ id: string; balance: string }>(
    'select id, balance::text from ledger_accounts where id = any($1::bigint[]) order by id = $2 desc for update',
    [[order.accounts.playerAccount, bonusAccount], order.accounts.playerAccount],
  );
  const balanceOf = (id: string) => BigInt(held.find((r) => String(r.id) === String(id))?.balance ?? '0');
  const split = payoutShares(amount, wager.stake, wager.bonusStake);
  const bonusTake = min(split.bonus, balanceOf(bonusAccount));
  const cashTake = min(amount - bonusTake, balanceOf(order.accounts.playerAccount));
  const taken = cashTake + bonusTake;
  let balances: Balances = { cash: balanceOf(order.accounts.playerAccount), bonus: balanceOf(bonusAccount) };
  // Nothing held: no ledger transaction (the product's own record says what is owed).
  const transactionId = taken > 0n ? await open(tx, order.entry) : null;
  if (transactionId)
    balances = await moveWithHouse(tx, {
      transactionId,
      ...order.accounts,
      currency: wager.currency,
      userId: wager.userId,
      stake: cashTake,
      payout: 0n,
      requireBalance: cashTake,
      bonus: bonusTake > 0n ? { account: bonusAccount, stake: bonusTake, payout: 0n } : undefined,
    });
  await tx.query(
    `update wagers set payout = greatest(payout - $3, 0), bonus_payout = greatest(bonus_payout - $4, 0)
      where product = $1 and ref = $2`,
    [wager.product, wager.ref, amount.toString(), split.bonus.toString()],
  );
  return { transactionId, taken, short: amount - taken, ...balances };
}

const min = (a: bigint, b: bigint) => (a < b ? a : b);

/** The wager records of settled stakes (their bonus payouts as they were paid). */
async function recordWagers(
  tx: Queryable,
  rows: readonly { wager: Wager; bonusPayout: bigint }[],
): Promise<void> {
  await tx.query(
    `insert into wagers (product, ref, user_id, game, currency, stake, bonus_stake, payout, bonus_payout)
     select * from unnest($1::text[], $2::text[], $3::bigint[], $4::text[], $5::text[], $6::bigint[],
                          $7::bigint[], $8::bigint[], $9::bigint[])`,
    [
      rows.map((r) => r.wager.product),
      rows.map((r) => r.wager.ref),
      rows.map((r) => r.wager.userId),
      rows.map((r) => r.wager.game),
      rows.map((r) => r.wager.currency),
      rows.map((r) => r.wager.stake.toString()),
      rows.map((r) => r.wager.bonusStake.toString()),
      rows.map((r) => r.wager.payout.toString()),
      rows.map((r) => r.bonusPayout.toString()),
    ],
    'wallet_record_wagers',
  );
}

/** The bonus share of a settled stake's payout, for `finishSettlement` (none for real money). */
function bonusShareOf(wager: Wager, amount: bigint): BonusShare[] {
  if (!wager.grantId) return [];
  return [{ grantId: wager.grantId, userId: wager.userId, currency: wager.currency, amount, ref: wager.ref }];
}

/** The bonus account's side of a money move, when bonus money takes part. */
async function bonusLegs(tx: Queryable, userId: string, currency: Currency, stake: bigint, payout: bigint) {
  if (stake === 0n && payout === 0n) return undefined;
  return { account: await accountId(tx, { userId, kind: 'bonus' }, currency), stake, payout };
}

/** The balance a money move answered with (stored on its ledger transaction), else the one now. */
export async function answeredBalance(
  db: Queryable,
  userId: string,
  currency: string,
  result: unknown,
): Promise<string> {
  const stored = (result as { balance?: unknown } | null)?.balance;
  if (typeof stored === 'string' && /^\d+$/.test(stored)) return fromMinor(BigInt(stored));
  return fromMinor(await cashBalance(db, userId, currency));
}
