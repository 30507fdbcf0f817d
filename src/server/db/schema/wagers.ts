import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The wager record (docs/architecture.md "The wallet"): one row for every settled stake of every
 * product, written by the wallet in the transaction that settles it (src/server/modules/wallet/
 * stakes.ts, and the one-statement instant bet). Whatever counts play reads this table only: the
 * VIP club's periodic rewards, cashback, the affiliate report, and what comes (tournaments, the
 * back office). A stake handed back before it was played (a room left, a round voided) never lands
 * here.
 *
 * `ref` is the product's own id of the stake (`bet:<id>`, `crash:<id>`, `room:<round>:<player>`, an
 * aggregator's round or a sportsbook ticket later): the key is (product, ref), so nothing is
 * recorded twice. `bonus_stake` and `bonus_payout` are the bonus money's parts (the money source);
 * the rest is real money.
 */
export const wagers = pgTable(
  'wagers',
  {
    product: text('product').notNull(),
    ref: text('ref').notNull(),
    // No foreign key: every wager is written beside a bet, a stake or a ledger transaction that
    // already references the player, and players are never deleted; the check would cost each bet
    // a lookup and a lock on the player's row.
    userId: bigint('user_id', { mode: 'bigint' }).notNull(),
    game: text('game').notNull(),
    currency: text('currency').notNull(),
    stake: bigint('stake', { mode: 'bigint' }).notNull(),
    bonusStake: bigint('bonus_stake', { mode: 'bigint' }).notNull().default(sql`0`),
    payout: bigint('payout', { mode: 'bigint' }).notNull(),
    bonusPayout: bigint('bonus_payout', { mode: 'bigint' }).notNull().default(sql`0`),
    settledAt: timestamp('settled_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The stake was handed back after it had been settled (a sportsbook bet whose every leg was
     * cancelled or voided): it stays on record, but tournaments take its points back.
     */
    refunded: boolean('refunded').notNull().default(false),
  },
  (t) => [
    primaryKey({ name: 'wagers_pkey', columns: [t.product, t.ref] }),
    index('wagers_user_idx').on(t.userId, t.settledAt),
    // Reports scan periods of the whole table; a block range index costs next to nothing per insert.
    index('wagers_settled_brin').using('brin', t.settledAt),
    check(
      'wagers_amounts_check',
      sql`${t.stake} > 0 AND ${t.payout} >= 0 AND ${t.bonusStake} BETWEEN 0 AND ${t.stake} AND ${t.bonusPayout} BETWEEN 0 AND ${t.payout}`,
    ),
  ],
);
