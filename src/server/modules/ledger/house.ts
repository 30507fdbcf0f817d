import type { Currency } from '../../../shared/currencies.ts';
import type { Queryable } from '../../db/client.ts';
import { InsufficientFunds, KeyUsed } from './ledger.ts';

/**
 * Money between a player and the house, for bets (the hot path, docs/games.md): a game opens its
 * ledger transaction inside its own database transaction (`openTransaction`), writes its bet, then
 * moves money between the player's cash account and the house with one statement. Same rules as
 * `post` (ledger.ts): unique idempotency key, postings that sum to zero, conditional balance
 * updates. Only the wallet's stakes (stakes.ts) call these.
 */

export interface HouseMove {
  transactionId: string;
  playerAccount: string;
  houseAccount: string;
  currency: Currency;
  userId: string;
  /** What the player pays in (0 for a cash-out of an earlier stake). */
  stake: bigint;
  /** What the player is paid (0 for a lost bet or an opening stake). */
  payout: bigint;
  /** The player's cash before the move must be at least this (the stake), else 422. */
  requireBalance: bigint;
  /**
   * The bonus money's side of the bet (docs/bonuses.md "Bonus money"): the part of the stake the
   * player's bonus account pays and the part of the payout it receives. `stake` and `payout` above
   * are then the cash parts only.
   */
  bonus?: { account: string; stake: bigint; payout: bigint } | undefined;
}

/**
 * Moves a bet's money between the player's cash and the house in one statement: the player's row
 * first (conditional on holding `requireBalance`), then the house row, each by the net amount;
 * the postings keep both legs (stake player → house, payout house → player). Every bet locks the
 * player's row before the house row, so bets cannot deadlock. Returns the player's cash and
 * bonus balances after the move.
 */
export async function moveWithHouse(
  tx: Queryable,
  move: HouseMove,
): Promise<{ cash: bigint; bonus: bigint }> {
  const bonus = move.bonus && (move.bonus.stake !== 0n || move.bonus.payout !== 0n) ? move.bonus : undefined;
  if (
    move.stake < 0n ||
    move.payout < 0n ||
    (bonus && (bonus.stake < 0n || bonus.payout < 0n)) ||
    (move.stake === 0n && move.payout === 0n && !bonus)
  )
    throw new Error(`bad house move: stake ${move.stake}, payout ${move.payout}`);
  const net = move.payout - move.stake;
  const accounts: string[] = [];
  const amounts: string[] = [];
  const leg = (from: string, to: string, amount: bigint) => {
    if (amount === 0n) return;
    accounts.push(from, to);
    amounts.push((-amount).toString(), amount.toString());
  };
  leg(move.playerAccount, move.houseAccount, move.stake);
  leg(move.houseAccount, move.playerAccount, move.payout);
  if (bonus) {
    leg(bonus.account, move.houseAccount, bonus.stake);
    leg(move.houseAccount, bonus.account, bonus.payout);
    return moveWithBonus(tx, move, bonus, accounts, amounts);
  }
  const [row] = await tx.query<{ cash: string; bonus: string }>(
    `with player as (
       update ledger_accounts set balance = balance + $3
        where id = $1 and balance >= $4 and balance + $3 >= 0 returning balance
     ), house as (
       update ledger_accounts set balance = balance - $3
        where id = $2 and $3::bigint <> 0 and exists (select 1 from player) returning id
     ), postings as (
       insert into ledger_postings (transaction_id, account_id, amount, currency)
       select $5, unnest($8::bigint[]), unnest($9::bigint[]), $6 where exists (select 1 from player)
     ), answer as (
       -- The balance this move answered with, so a retry of its key answers the same.
       update ledger_transactions set result = jsonb_build_object('balance', (select balance::text from player))
        where id = $5 and exists (select 1 from player)
     )
     select p.balance::text as cash,
            coalesce((select balance from ledger_accounts
                       where user_id = $7 and kind = 'bonus' and currency = $6), 0)::text as bonus
       from player p`,
    [
      move.playerAccount,
      move.houseAccount,
      net.toString(),
      move.requireBalance.toString(),
      move.transactionId,
      move.currency,
      move.userId,
      accounts,
      amounts,
    ],
    'ledger_move_with_house',
  );
  if (!row) throw new InsufficientFunds();
  return { cash: BigInt(row.cash), bonus: BigInt(row.bonus) };
}

/**
 * `moveWithHouse` when bonus money takes part: the player's cash row first (conditional on holding
 * the cash stake), then their bonus row (conditional on holding the bonus stake), then the house
 * row by both nets; one statement, the same order as every other bet.
 */
async function moveWithBonus(
  tx: Queryable,
  move: HouseMove,
  bonus: { account: string; stake: bigint; payout: bigint },
  accounts: string[],
  amounts: string[],
): Promise<{ cash: bigint; bonus: bigint }> {
  const cashNet = move.payout - move.stake;
  const bonusNet = bonus.payout - bonus.stake;
  const [row] = await tx.query<{ cash: string; bonus: string }>(
    `with player as (
       update ledger_accounts set balance = balance + $3
        where id = $1 and balance >= $4 and balance + $3 >= 0 returning balance
     ), bonus as (
       update ledger_accounts set balance = balance + $7
        where id = $6 and balance >= $8 and balance + $7 >= 0 and exists (select 1 from player) returning balance
     ), house as (
       update ledger_accounts set balance = balance - $3 - $7
        where id = $2 and exists (select 1 from bonus) returning id
     ), postings as (
       insert into ledger_postings (transaction_id, account_id, amount, currency)
       select $5, unnest($10::bigint[]), unnest($11::bigint[]), $9 where exists (select 1 from bonus)
     ), answer as (
       update ledger_transactions set result = jsonb_build_object('balance', (select balance::text from player))
        where id = $5 and exists (select 1 from bonus)
     )
     select p.balance::text as cash, b.balance::text as bonus from player p, bonus b`,
    [
      move.playerAccount,
      move.houseAccount,
      cashNet.toString(),
      move.requireBalance.toString(),
      move.transactionId,
      bonus.account,
      bonusNet.toString(),
      bonus.stake.toString(),
      move.currency,
      accounts,
      amounts,
    ],
    'ledger_move_with_bonus',
  );
  if (!row) throw new InsufficientFunds();
  return { cash: BigInt(row.cash), bonus: BigInt(row.bonus) };
}

/** One payout of `payMany`: from the house account to the player's, under its own ledger key. */
export interface HousePayout {
  idempotencyKey: string;
  kind: string;
  requestHash: string;
  metadata: Record<string, unknown>;
  playerAccount: string;
  houseAccount: string;
  userId: string;
  /** What goes to the player's cash. */
  payout: bigint;
  /** The bonus money's share of the payout, to the player's bonus account (docs/bonuses.md). */
  bonus?: { account: string; payout: bigint } | undefined;
}

/**
 * Many house payouts in one database transaction with a handful of statements, for a round that
 * settles many players at once (crash): each is its own ledger transaction under its own key
 * (unique: a key paid before throws, so the caller's transaction rolls back), with its two postings;
 * the accounts are locked in id order, then credited and debited in one statement. Answers each
 * transaction id by key, and each player's cash and bonus balances after.
 */
export async function payMany(
  tx: Queryable,
  currency: Currency,
  payouts: readonly HousePayout[],
): Promise<{ transactions: Map<string, string>; balances: Map<string, { cash: bigint; bonus: bigint }> }> {
  const transactions = new Map<string, string>();
  const balances = new Map<string, { cash: bigint; bonus: bigint }>();
  if (payouts.length === 0) return { transactions, balances };
  const created = await tx.query<{ id: string; key: string }>(
    `insert into ledger_transactions (idempotency_key, kind, request_hash, metadata)
     select * from unnest($1::text[], $2::text[], $3::text[], $4::jsonb[])
     on conflict (idempotency_key) do nothing returning id::text, idempotency_key as key`,
    [
      payouts.map((p) => p.idempotencyKey),
      payouts.map((p) => p.kind),
      payouts.map((p) => p.requestHash),
      payouts.map((p) => JSON.stringify(p.metadata)),
    ],
  );
  for (const row of created) transactions.set(row.key, row.id);
  if (transactions.size !== payouts.length)
    throw new KeyUsed(payouts.find((p) => !transactions.has(p.idempotencyKey))!.idempotencyKey);
  const deltas = new Map<string, bigint>();
  const postings: { tx: string; account: string; amount: bigint }[] = [];
  const credit = (tx: string, account: string, house: string, amount: bigint) => {
    if (amount === 0n) return;
    postings.push({ tx, account: house, amount: -amount }, { tx, account, amount });
    deltas.set(house, (deltas.get(house) ?? 0n) - amount);
    deltas.set(account, (deltas.get(account) ?? 0n) + amount);
  };
  for (const p of payouts) {
    const id = transactions.get(p.idempotencyKey)!;
    credit(id, p.playerAccount, p.houseAccount, p.payout);
    if (p.bonus) credit(id, p.bonus.account, p.houseAccount, p.bonus.payout);
  }
  await tx.query(
    `insert into ledger_postings (transaction_id, account_id, amount, currency)
     select t, a, m, $4 from unnest($1::bigint[], $2::bigint[], $3::bigint[]) as p(t, a, m)`,
    [
      postings.map((p) => p.tx),
      postings.map((p) => p.account),
      postings.map((p) => p.amount.toString()),
      currency,
    ],
  );
  const accounts = [...deltas.keys()].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
  await tx.query('select id from ledger_accounts where id = any($1::bigint[]) order by id for update', [
    accounts,
  ]);
  await tx.query(
    `update ledger_accounts a set balance = a.balance + d.delta
       from unnest($1::bigint[], $2::bigint[]) as d(id, delta) where a.id = d.id`,
    [accounts, accounts.map((id) => deltas.get(id)!.toString())],
  );
  const users = [...new Set(payouts.map((p) => p.userId))];
  const rows = await tx.query<{ user_id: string; kind: 'cash' | 'bonus'; balance: string }>(
    `select user_id::text, kind, balance::text from ledger_accounts
      where user_id = any($1::bigint[]) and kind in ('cash', 'bonus') and currency = $2`,
    [users, currency],
  );
  for (const user of users) balances.set(user, { cash: 0n, bonus: 0n });
  for (const row of rows) balances.get(row.user_id)![row.kind] = BigInt(row.balance);
  return { transactions, balances };
}
