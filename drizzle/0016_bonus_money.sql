ALTER TABLE "bonus_grants" DROP CONSTRAINT "bonus_grants_amounts_check";--> statement-breakpoint
ALTER TABLE "bonus_grants" ADD COLUMN "won" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "crash_bets" ADD COLUMN "bonus_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "crash_bets" ADD COLUMN "bonus_payout" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "crash_bets" ADD COLUMN "grant_id" bigint;--> statement-breakpoint
ALTER TABLE "bets" ADD COLUMN "bonus_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bets" ADD COLUMN "bonus_payout" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bets" ADD COLUMN "grant_id" bigint;--> statement-breakpoint
ALTER TABLE "bonus_grants" ADD CONSTRAINT "bonus_grants_amounts_check" CHECK ("bonus_grants"."spent" + "bonus_grants"."converted" + "bonus_grants"."forfeited" <= "bonus_grants"."amount" + "bonus_grants"."won");--> statement-breakpoint
ALTER TABLE "crash_bets" ADD CONSTRAINT "crash_bets_bonus_check" CHECK ("crash_bets"."bonus_amount" BETWEEN 0 AND "crash_bets"."amount" AND "crash_bets"."bonus_payout" BETWEEN 0 AND "crash_bets"."payout");--> statement-breakpoint
ALTER TABLE "bets" ADD CONSTRAINT "bets_bonus_check" CHECK ("bets"."bonus_amount" BETWEEN 0 AND "bets"."amount" AND "bets"."bonus_payout" BETWEEN 0 AND "bets"."payout");--> statement-breakpoint
-- Every settled stake of every game, one row each, for what counts settled play (docs/bonuses.md
-- "Settled stakes"): the VIP club's weekly and monthly bonuses and the cashback run. `cash_stake`
-- is the part of the stake paid with real money. A room stake counts once its round is drawn (one
-- row per player and round); a stake refunded before the draw never counts.
CREATE VIEW "settled_stakes" AS
SELECT b.user_id, b.currency, b.game, b.amount AS stake, b.amount - b.bonus_amount AS cash_stake,
       b.payout, b.settled_at
  FROM bets b WHERE b.status = 'settled'
UNION ALL
SELECT c.user_id, c.currency, 'crash', c.amount, c.amount - c.bonus_amount, c.payout, c.settled_at
  FROM crash_bets c WHERE c.status IN ('cashed', 'lost')
UNION ALL
SELECT s.user_id, r.currency, 'rooms', sum(s.amount), sum(s.amount),
       CASE WHEN r.winner_id = s.user_id THEN r.prize ELSE 0 END, r.settled_at
  FROM room_stakes s JOIN room_rounds r ON r.id = s.round_id
 WHERE r.status = 'settled' AND s.refund_transaction_id IS NULL
 GROUP BY s.user_id, r.id, r.currency, r.winner_id, r.prize, r.settled_at;
