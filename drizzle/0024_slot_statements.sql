-- The Wallet API's bet and win in one statement each (src/server/modules/slots/statements.ts): the
-- fast path of the wallet's `stake` and `settle` (src/server/modules/wallet/stakes.ts) for the
-- common case, real money with no active bonus. Every case it does not decide (a refusal, a repeat,
-- a used id, a bonus, a first stake, a VIP level reached) raises CB002 and changes nothing; the
-- transaction of wallet.ts then decides it, so the answers are the same on both paths.

-- The money of a bet or a win with the house (ledger/house.ts, moveWithHouse): the player's cash row
-- (conditional on holding `p_require`), then the house shard's, both legs, the balance answered;
-- null when the player does not hold it; CB002 when an account is still to be created.
CREATE OR REPLACE FUNCTION slot_house_move(
	p_tx bigint,
	p_user bigint,
	p_currency text,
	p_house_kind text,
	p_net bigint,
	p_require bigint
) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
	v_player bigint;
	v_house bigint;
	v_cash bigint;
BEGIN
	SELECT id INTO v_player FROM ledger_accounts
	 WHERE coalesce(user_id, 0) = p_user AND kind = 'cash' AND currency = p_currency;
	SELECT id INTO v_house FROM ledger_accounts
	 WHERE coalesce(user_id, 0) = 0 AND kind = p_house_kind AND currency = p_currency;
	IF v_player IS NULL OR v_house IS NULL THEN
		RAISE EXCEPTION 'an account to create' USING ERRCODE = 'CB002';
	END IF;
	UPDATE ledger_accounts SET balance = balance + p_net
	 WHERE id = v_player AND balance >= p_require AND balance + p_net >= 0
	RETURNING balance INTO v_cash;
	IF NOT FOUND THEN
		RETURN NULL;
	END IF;
	UPDATE ledger_accounts SET balance = balance - p_net WHERE id = v_house;
	INSERT INTO ledger_postings (transaction_id, account_id, amount, currency)
	VALUES (p_tx, v_player, p_net, p_currency), (p_tx, v_house, -p_net, p_currency);
	UPDATE ledger_transactions SET result = jsonb_build_object('balance', v_cash::text) WHERE id = p_tx;
	RETURN v_cash;
END;
$$;
--> statement-breakpoint
-- A call's answer: the head the server built and the balance (cash and bonus) in protocol units,
-- kept for the request's repeats (a twin that came first: 23505, the transaction's case).
CREATE OR REPLACE FUNCTION slot_answer(
	p_request_uuid text,
	p_answer_head text,
	p_user bigint,
	p_currency text,
	p_cash bigint,
	p_per_minor bigint,
	OUT r_answer text,
	OUT r_bonus bigint
)
LANGUAGE plpgsql AS $$
BEGIN
	SELECT coalesce((SELECT balance FROM ledger_accounts
	                  WHERE user_id = p_user AND kind = 'bonus' AND currency = p_currency), 0)
	  INTO r_bonus;
	r_answer := p_answer_head || ',"balance":' || ((p_cash + r_bonus) * p_per_minor)::text || '}';
	INSERT INTO slot_requests (request_uuid, answer) VALUES (p_request_uuid, r_answer);
END;
$$;
--> statement-breakpoint
-- A bet: the session's checks, the transaction id taken, the stake to the house, the request's answer.
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
--> statement-breakpoint
-- A win of an open real-money bet: the stake counted (VIP progress, house edge), the payout from
-- the house, the wager recorded, the bet settled, the request's answer.
CREATE OR REPLACE FUNCTION slot_win(
	p_request_uuid text,
	p_answer_head text,
	p_uuid text,
	p_request_hash text,
	p_user bigint,
	p_game text,
	p_currency text,
	p_round text,
	p_reference text,
	p_amount bigint,
	p_house_kind text,
	p_edge_bps bigint,
	p_level_marks bigint[],
	p_metadata jsonb,
	p_per_minor bigint
) RETURNS TABLE (r_answer text, r_cash bigint, r_bonus bigint)
LANGUAGE plpgsql AS $$
DECLARE
	v_tx bigint;
	v_stake bigint;
	v_wagered bigint;
BEGIN
	PERFORM 1 FROM users WHERE id = p_user AND currency = p_currency;
	IF NOT FOUND OR p_amount < 0 THEN
		RAISE EXCEPTION 'the transaction decides this win' USING ERRCODE = 'CB002';
	END IF;
	-- 1. The win's id, then its bet, locked: open, this player's and game's, real money only.
	INSERT INTO slot_transactions (transaction_uuid, kind, request_hash, user_id, currency, game_code, round,
	                               reference_uuid, amount)
	VALUES (p_uuid, 'win', p_request_hash, p_user, p_currency, p_game, p_round, p_reference, p_amount)
	ON CONFLICT (transaction_uuid) DO NOTHING;
	IF NOT FOUND THEN
		RAISE EXCEPTION 'a used transaction id' USING ERRCODE = 'CB002';
	END IF;
	SELECT amount INTO v_stake FROM slot_transactions
	 WHERE transaction_uuid = p_reference AND kind = 'bet' AND user_id = p_user AND game_code = p_game
	   AND state = 'open' AND bonus_amount = 0 AND grant_id IS NULL
	   FOR UPDATE;
	IF NOT FOUND THEN
		RAISE EXCEPTION 'the transaction decides this win' USING ERRCODE = 'CB002';
	END IF;
	-- 2. The count (bonus/wagering.ts, countSettled): VIP progress and the house edge; a first stake,
	-- a level reached or an active bonus is the engine's.
	UPDATE vip_progress SET wagered = wagered + v_stake, edge = edge + v_stake * p_edge_bps
	 WHERE user_id = p_user AND currency = p_currency
	RETURNING wagered INTO v_wagered;
	IF NOT FOUND
	   OR EXISTS (SELECT 1 FROM unnest(p_level_marks) m WHERE m > v_wagered - v_stake AND m <= v_wagered)
	   OR EXISTS (SELECT 1 FROM bonus_grants WHERE user_id = p_user AND currency = p_currency AND status = 'active') THEN
		RAISE EXCEPTION 'the bonus engine decides this win' USING ERRCODE = 'CB002';
	END IF;
	-- 3. The payout from the house under its own key (none for a loss).
	IF p_amount > 0 THEN
		INSERT INTO ledger_transactions (idempotency_key, kind, request_hash, metadata)
		VALUES ('slots:win:' || p_uuid, 'slot_win', p_request_hash, p_metadata)
		ON CONFLICT (idempotency_key) DO NOTHING
		RETURNING id INTO v_tx;
		IF v_tx IS NULL THEN
			RAISE EXCEPTION 'a used key' USING ERRCODE = 'CB002';
		END IF;
		r_cash := slot_house_move(v_tx, p_user, p_currency, p_house_kind, p_amount, 0);
		UPDATE slot_transactions SET transaction_id = v_tx WHERE transaction_uuid = p_uuid;
	ELSE
		SELECT coalesce((SELECT balance FROM ledger_accounts
		                  WHERE user_id = p_user AND kind = 'cash' AND currency = p_currency), 0)
		  INTO r_cash;
	END IF;
	-- 4. The wager record and the bet settled, then the answer.
	INSERT INTO wagers (product, ref, user_id, game, currency, stake, payout)
	VALUES ('slots', p_reference, p_user, p_game, p_currency, v_stake, p_amount);
	UPDATE slot_transactions SET state = 'settled', won = won + p_amount WHERE transaction_uuid = p_reference;
	SELECT a.r_answer, a.r_bonus INTO r_answer, r_bonus
	  FROM slot_answer(p_request_uuid, p_answer_head, p_user, p_currency, r_cash, p_per_minor) a;
	RETURN NEXT;
END;
$$;
