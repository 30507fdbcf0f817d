CREATE TABLE "player_stakes" (
	"user_id" bigint NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"staked" bigint NOT NULL,
	CONSTRAINT "player_stakes_pkey" PRIMARY KEY("user_id","hour")
);--> statement-breakpoint
-- The one-statement paths (0020's instant bet, 0024's slot bet) hand a player with a loss or a
-- wager limit over to the transaction (docs/responsible-gambling.md "Enforcement"); otherwise
-- unchanged.
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
	-- 0. A player with a loss or a wager limit bets through the transaction, which checks and counts
	-- the stake (src/server/modules/responsible/stakes.ts): this statement would go around it.
	IF EXISTS (SELECT 1 FROM player_limits WHERE user_id = p_user AND kind IN ('loss', 'wager')) THEN
		RAISE EXCEPTION 'the transaction checks this player''s limits' USING ERRCODE = 'CB002';
	END IF;
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
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION slot_bet(
	p_request_uuid text,
	p_answer_head text,
	p_uuid text,
	p_request_hash text,
	p_user bigint,
	p_token text,
	p_game text,
	p_currency text,
	p_round text,
	p_amount bigint,
	p_now timestamptz,
	p_house_kind text,
	p_metadata jsonb,
	p_per_minor bigint
) RETURNS TABLE (r_answer text, r_cash bigint, r_bonus bigint)
LANGUAGE plpgsql AS $$
DECLARE
	v_tx bigint;
BEGIN
	-- 1. The player and the session: theirs, this game, not expired, in the player's currency.
	PERFORM 1 FROM users u JOIN slot_sessions s ON s.user_id = u.id
	  WHERE u.id = p_user AND u.currency = p_currency AND s.token = p_token AND s.game_code = p_game
	    AND s.currency = p_currency AND s.expires_at > p_now;
	IF NOT FOUND OR p_amount <= 0 THEN
		RAISE EXCEPTION 'the transaction decides this bet' USING ERRCODE = 'CB002';
	END IF;
	-- A player with a loss or a wager limit: the transaction checks and counts the stake.
	IF EXISTS (SELECT 1 FROM player_limits WHERE user_id = p_user AND kind IN ('loss', 'wager')) THEN
		RAISE EXCEPTION 'the transaction checks this player''s limits' USING ERRCODE = 'CB002';
	END IF;
	-- 2. What pays it (bonus/wagering.ts, fundStake): the same lock first; an active bonus is the engine's.
	PERFORM 1 FROM vip_progress WHERE user_id = p_user AND currency = p_currency FOR UPDATE;
	IF EXISTS (SELECT 1 FROM bonus_grants WHERE user_id = p_user AND currency = p_currency AND status = 'active') THEN
		RAISE EXCEPTION 'the bonus engine decides this bet' USING ERRCODE = 'CB002';
	END IF;
	-- 3. The ledger key, then the aggregator's transaction id (a used one is the transaction's case).
	INSERT INTO ledger_transactions (idempotency_key, kind, request_hash, metadata)
	VALUES ('slots:bet:' || p_uuid, 'slot_bet', p_request_hash, p_metadata)
	ON CONFLICT (idempotency_key) DO NOTHING
	RETURNING id INTO v_tx;
	IF v_tx IS NULL THEN
		RAISE EXCEPTION 'a used key' USING ERRCODE = 'CB002';
	END IF;
	INSERT INTO slot_transactions (transaction_uuid, kind, request_hash, user_id, currency, game_code, round,
	                               amount, state, transaction_id)
	VALUES (p_uuid, 'bet', p_request_hash, p_user, p_currency, p_game, p_round, p_amount, 'open', v_tx)
	ON CONFLICT (transaction_uuid) DO NOTHING;
	IF NOT FOUND THEN
		RAISE EXCEPTION 'a used transaction id' USING ERRCODE = 'CB002';
	END IF;
	-- 4. The stake to the house (not held: the transaction answers RS_ERROR_NOT_ENOUGH_MONEY), the answer.
	r_cash := slot_house_move(v_tx, p_user, p_currency, p_house_kind, -p_amount, p_amount);
	IF r_cash IS NULL THEN
		RAISE EXCEPTION 'not enough money' USING ERRCODE = 'CB002';
	END IF;
	SELECT a.r_answer, a.r_bonus INTO r_answer, r_bonus
	  FROM slot_answer(p_request_uuid, p_answer_head, p_user, p_currency, r_cash, p_per_minor) a;
	RETURN NEXT;
END;
$$;
