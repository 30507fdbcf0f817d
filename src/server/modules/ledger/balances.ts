import type { Queryable } from '../../db/client.ts';

/** A player's spendable money in one currency, in minor units (the ledger's cached balances). */
export interface PlayerBalances {
  cash: bigint;
  bonus: bigint;
}

/**
 * The player's cash and bonus balances in `currency`: zero for accounts that do not exist yet.
 * The wallet module is the only reader of the ledger tables; everything else asks here.
 */
export async function playerBalances(
  db: Queryable,
  userId: string,
  currency: string,
): Promise<PlayerBalances> {
  const rows = await db.query<{ kind: string; balance: string }>(
    `select kind, balance::text from ledger_accounts where user_id = $1 and currency = $2 and kind in ('cash', 'bonus')`,
    [userId, currency],
    'player_balances',
  );
  const balances: PlayerBalances = { cash: 0n, bonus: 0n };
  for (const row of rows) {
    if (row.kind === 'cash') balances.cash = BigInt(row.balance);
    if (row.kind === 'bonus') balances.bonus = BigInt(row.balance);
  }
  return balances;
}

/** The player's cash balance in `currency`, in minor units. */
export async function cashBalance(db: Queryable, userId: string, currency: string): Promise<bigint> {
  const [row] = await db.query<{ balance: string }>(
    `select balance::text from ledger_accounts where user_id = $1 and kind = 'cash' and currency = $2`,
    [userId, currency],
    'cash_balance',
  );
  return BigInt(row?.balance ?? '0');
}
