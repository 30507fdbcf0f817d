CREATE TABLE "wagers" (
	"product" text NOT NULL,
	"ref" text NOT NULL,
	"user_id" bigint NOT NULL,
	"game" text NOT NULL,
	"currency" text NOT NULL,
	"stake" bigint NOT NULL,
	"bonus_stake" bigint DEFAULT 0 NOT NULL,
	"payout" bigint NOT NULL,
	"bonus_payout" bigint DEFAULT 0 NOT NULL,
	"settled_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wagers_pkey" PRIMARY KEY("product","ref"),
	CONSTRAINT "wagers_amounts_check" CHECK ("wagers"."stake" > 0 AND "wagers"."payout" >= 0 AND "wagers"."bonus_stake" BETWEEN 0 AND "wagers"."stake" AND "wagers"."bonus_payout" BETWEEN 0 AND "wagers"."payout")
);
--> statement-breakpoint
ALTER TABLE "wagers" ADD CONSTRAINT "wagers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wagers_user_idx" ON "wagers" USING btree ("user_id","settled_at");--> statement-breakpoint
CREATE INDEX "wagers_settled_brin" ON "wagers" USING brin ("settled_at");--> statement-breakpoint
-- Every settled stake so far, recorded once (the views of what settled are replaced by the table).
INSERT INTO "wagers" (product, ref, user_id, game, currency, stake, bonus_stake, payout, bonus_payout, settled_at)
SELECT 'originals', 'bet:' || b.id, b.user_id, b.game, b.currency, b.amount, b.bonus_amount, b.payout, b.bonus_payout, b.settled_at
  FROM bets b WHERE b.status = 'settled'
UNION ALL
SELECT 'originals', 'crash:' || c.id, c.user_id, 'crash', c.currency, c.amount, c.bonus_amount, c.payout, c.bonus_payout, c.settled_at
  FROM crash_bets c WHERE c.status IN ('cashed', 'lost')
UNION ALL
SELECT 'originals', 'room:' || r.id || ':' || s.user_id, s.user_id, 'rooms', r.currency, sum(s.amount), 0,
       CASE WHEN r.winner_id = s.user_id THEN r.prize ELSE 0 END, 0, r.settled_at
  FROM room_stakes s JOIN room_rounds r ON r.id = s.round_id
 WHERE r.status = 'settled' AND s.refund_transaction_id IS NULL
 GROUP BY s.user_id, r.id, r.currency, r.winner_id, r.prize, r.settled_at;--> statement-breakpoint
DROP VIEW "settled_stakes";--> statement-breakpoint
-- The instant bet in one statement (drizzle/0015_bet_function.sql) records its wager as well.
CREATE OR REPLACE FUNCTION place_instant_bet(
	p_key text,
	p_request_hash text,
	p_metadata jsonb,
	p_user bigint,
	p_game text,
	p_currency text,
	p_stake bigint,
	p_payout bigint,
	p_multiplier text,
	p_pair bigint,
	p_nonce bigint,
	p_params jsonb,
	p_outcome jsonb,
	p_player_account bigint,
	p_house_account bigint,
	p_edge_bps bigint,
	p_level_marks bigint[],
	p_accounts bigint[],
	p_amounts bigint[]
) RETURNS TABLE (r_status text, r_transaction bigint, r_bet bigint, r_client_seed text, r_created timestamptz, r_cash bigint, r_bonus bigint)
LANGUAGE plpgsql AS $$
DECLARE
	v_tx bigint;
	v_client_seed text;
	v_wagered bigint;
	v_grant bigint;
	v_grant_wagered bigint;
	v_requirement bigint;
	v_max_bet bigint;
	v_net bigint := p_payout - p_stake;
BEGIN
	-- 1. The idempotency key (unique): a key used before writes nothing and is replayed.
	INSERT INTO ledger_transactions (idempotency_key, kind, request_hash, metadata)
	VALUES (p_key, 'game_bet', p_request_hash, p_metadata)
	ON CONFLICT (idempotency_key) DO NOTHING
	RETURNING id INTO v_tx;
	IF v_tx IS NULL THEN
		RETURN QUERY SELECT 'replay'::text, NULL::bigint, NULL::bigint, NULL::text, NULL::timestamptz, NULL::bigint, NULL::bigint;
		RETURN;
	END IF;

	-- 2. The nonce: the row lock queues the player's bets; only the predicted nonce of the pair
	-- that is still active is taken, so nonces stay consecutive and the outcome is the nonce's.
	UPDATE seed_pairs SET nonce = nonce + 1
	 WHERE id = p_pair AND user_id = p_user AND status = 'active' AND nonce = p_nonce
	RETURNING client_seed INTO v_client_seed;
	IF NOT FOUND THEN
		RAISE EXCEPTION 'predicted nonce % of pair % is stale', p_nonce, p_pair USING ERRCODE = 'CB001';
	END IF;

	-- 3. The bet, decided.
	INSERT INTO bets (user_id, game, status, currency, amount, payout, multiplier, seed_pair_id, nonce,
	                  client_seed, params, outcome, transaction_id, settled_at)
	VALUES (p_user, p_game, 'settled', p_currency, p_stake, p_payout, p_multiplier, p_pair, p_nonce,
	        v_client_seed, p_params, p_outcome, v_tx, now())
	RETURNING id, created_at INTO r_bet, r_created;
	-- The wager record (src/server/db/schema/wagers.ts): the bet settled at once.
	INSERT INTO wagers (product, ref, user_id, game, currency, stake, payout, settled_at)
	VALUES ('originals', 'bet:' || r_bet, p_user, p_game, p_currency, p_stake, p_payout, r_created);

	-- 4. The bonus hook (src/server/modules/bonus/engine.ts, countSettled): VIP progress, then the
	-- active bonus's wagering at the game's weight (nothing above its max bet).
	UPDATE vip_progress SET wagered = wagered + p_stake, edge = edge + p_stake * p_edge_bps
	 WHERE user_id = p_user AND currency = p_currency
	RETURNING wagered INTO v_wagered;
	IF NOT FOUND THEN
		RAISE EXCEPTION 'first stake in %', p_currency USING ERRCODE = 'CB002';
	END IF;
	IF EXISTS (SELECT 1 FROM unnest(p_level_marks) m WHERE m > v_wagered - p_stake AND m <= v_wagered) THEN
		RAISE EXCEPTION 'a VIP level is reached' USING ERRCODE = 'CB002';
	END IF;
	UPDATE bonus_grants g
	   SET wagered = CASE WHEN g.max_bet > 0 AND p_stake > g.max_bet THEN g.wagered
	                 ELSE g.wagered + p_stake * coalesce((g.weights->>p_game)::int, (g.weights->>'default')::int, 100) / 100 END
	 WHERE g.user_id = p_user AND g.currency = p_currency AND g.status = 'active' AND g.expires_at > now()
	RETURNING g.id, g.wagered, g.requirement, g.max_bet INTO v_grant, v_grant_wagered, v_requirement, v_max_bet;
	IF v_grant IS NOT NULL AND ((v_max_bet > 0 AND p_stake > v_max_bet) OR v_grant_wagered >= v_requirement) THEN
		RAISE EXCEPTION 'the bonus engine decides this stake' USING ERRCODE = 'CB002';
	END IF;

	-- 5. The money with the house (src/server/modules/wallet/house.ts, moveWithHouse): the player's
	-- row first, conditional on holding the stake, then the house shard's row, then both legs.
	UPDATE ledger_accounts SET balance = balance + v_net
	 WHERE id = p_player_account AND balance >= p_stake AND balance + v_net >= 0
	RETURNING balance INTO r_cash;
	IF NOT FOUND THEN
		IF v_grant IS NOT NULL THEN
			RAISE EXCEPTION 'the bonus money may fund this stake' USING ERRCODE = 'CB002';
		END IF;
		RAISE EXCEPTION 'insufficient funds' USING ERRCODE = 'CB003';
	END IF;
	IF v_net <> 0 THEN
		UPDATE ledger_accounts SET balance = balance - v_net WHERE id = p_house_account;
	END IF;
	INSERT INTO ledger_postings (transaction_id, account_id, amount, currency)
	SELECT v_tx, a, m, p_currency FROM unnest(p_accounts, p_amounts) AS p(a, m);
	-- The balance this bet answered with, so a retry of its key answers the same.
	UPDATE ledger_transactions SET result = jsonb_build_object('balance', r_cash::text) WHERE id = v_tx;

	SELECT coalesce((SELECT balance FROM ledger_accounts
	                  WHERE user_id = p_user AND kind = 'bonus' AND currency = p_currency), 0)
	  INTO r_bonus;
	r_status := 'placed';
	r_transaction := v_tx;
	r_client_seed := v_client_seed;
	RETURN NEXT;
END;
$$;
