CREATE SEQUENCE "public"."tournament_reach_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "top_wins" (
	"product" text NOT NULL,
	"ref" text NOT NULL,
	"user_id" bigint NOT NULL,
	"game" text NOT NULL,
	"currency" text NOT NULL,
	"stake" bigint NOT NULL,
	"payout" bigint NOT NULL,
	"win_points" bigint NOT NULL,
	"multiplier" bigint NOT NULL,
	"settled_at" timestamp with time zone NOT NULL,
	CONSTRAINT "top_wins_pkey" PRIMARY KEY("product","ref")
);
--> statement-breakpoint
CREATE TABLE "tournament_games" (
	"tournament_id" bigint NOT NULL,
	"product" text NOT NULL,
	"game" text NOT NULL,
	"weight" integer NOT NULL,
	CONSTRAINT "tournament_games_pkey" PRIMARY KEY("tournament_id","product","game")
);
--> statement-breakpoint
CREATE TABLE "tournament_payouts" (
	"tournament_id" bigint NOT NULL,
	"place" integer NOT NULL,
	"user_id" bigint NOT NULL,
	"points" bigint NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"wager" integer DEFAULT 0 NOT NULL,
	"grant_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "tournament_payouts_pkey" PRIMARY KEY("tournament_id","place")
);
--> statement-breakpoint
CREATE TABLE "tournament_players" (
	"tournament_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"points" bigint DEFAULT 0 NOT NULL,
	"turnover" bigint DEFAULT 0 NOT NULL,
	"bets" integer DEFAULT 0 NOT NULL,
	"reached_at" timestamp with time zone,
	"reached_seq" bigint DEFAULT 0 NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"buy_in" bigint DEFAULT 0 NOT NULL,
	"buy_in_currency" text,
	CONSTRAINT "tournament_players_pkey" PRIMARY KEY("tournament_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "tournaments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'upcoming' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"currency" text NOT NULL,
	"entry" text DEFAULT 'auto' NOT NULL,
	"buy_ins" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"min_stake" bigint DEFAULT 0 NOT NULL,
	"currencies" text[] DEFAULT '{}' NOT NULL,
	"regions" text[] DEFAULT '{}' NOT NULL,
	"min_vip_level" integer,
	"rates" jsonb NOT NULL,
	"base_pool" bigint DEFAULT 0 NOT NULL,
	"pool_buy_in_bps" integer DEFAULT 0 NOT NULL,
	"pool_turnover_bps" integer DEFAULT 0 NOT NULL,
	"prizes" jsonb NOT NULL,
	"final_pool" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "tournaments_kind_check" CHECK ("tournaments"."kind" in ('wager', 'multiplier', 'profit')),
	CONSTRAINT "tournaments_status_check" CHECK ("tournaments"."status" in ('upcoming', 'active', 'finished', 'cancelled')),
	CONSTRAINT "tournaments_entry_check" CHECK ("tournaments"."entry" in ('auto', 'opt_in')),
	CONSTRAINT "tournaments_window_check" CHECK ("tournaments"."ends_at" > "tournaments"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "wagers" ADD COLUMN "refunded" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tournament_games" ADD CONSTRAINT "tournament_games_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_payouts" ADD CONSTRAINT "tournament_payouts_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_players" ADD CONSTRAINT "tournament_players_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "top_wins_settled_idx" ON "top_wins" USING btree ("settled_at");--> statement-breakpoint
CREATE INDEX "top_wins_win_idx" ON "top_wins" USING btree ("win_points" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "top_wins_multiplier_idx" ON "top_wins" USING btree ("multiplier" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tournament_payouts_user_idx" ON "tournament_payouts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "tournament_payouts_unpaid_idx" ON "tournament_payouts" USING btree ("tournament_id") WHERE "tournament_payouts"."paid_at" is null;--> statement-breakpoint
CREATE INDEX "tournament_players_rank_idx" ON "tournament_players" USING btree ("tournament_id","points" DESC NULLS LAST,"reached_at","reached_seq");--> statement-breakpoint
CREATE INDEX "tournaments_status_idx" ON "tournaments" USING btree ("status","starts_at");--> statement-breakpoint
-- Crash's luckiest rounds (the top) by crash point.
CREATE INDEX "crash_rounds_point_idx" ON "crash_rounds" USING btree ("crash_point" DESC) WHERE "status" = 'crashed';--> statement-breakpoint
-- What one wager scores in one tournament (docs/tournaments.md "Points"): the stake converted at
-- the tournament's rate (millionths) for a wager race, the net win converted for a profit race, the
-- multiplier in ten-thousandths for a multiplier hunt (a stake under its minimum scores nothing);
-- each times the game's weight in percent. Integer division truncates, the same way every time, so
-- a difference of two scores is exact.
CREATE OR REPLACE FUNCTION tournament_points(
  kind text, rate bigint, weight integer, min_stake bigint, stake bigint, payout bigint
) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  -- In numeric, so that no rate can overflow a product; div() truncates toward zero like bigint's /.
  SELECT (CASE kind
    WHEN 'wager' THEN div(div(stake::numeric * rate, 1000000) * weight, 100)
    WHEN 'profit' THEN div(div((payout - stake)::numeric * rate, 1000000) * weight, 100)
    ELSE CASE WHEN div(stake::numeric * rate, 1000000) >= min_stake
              THEN div(div(payout::numeric * 10000, stake) * weight, 100) ELSE 0 END
  END)::bigint
$$;--> statement-breakpoint
-- Kept in the transaction of every settled stake (docs/tournaments.md): each running tournament the
-- stake counts in gets its points (auto entry: the player enters with their first stake; opt-in:
-- only a player who joined before it settled), and a big win becomes a candidate of the top. A
-- wager's payout changed later (a sportsbook result corrected) or its stake refunded moves the
-- points by the difference; a multiplier hunt's best is read again. The tournament's row is locked
-- for key share, so the transaction that finishes a tournament (which locks it for update) waits
-- for every stake in flight and the next ones find it finished: the standings it pays are final.
CREATE OR REPLACE FUNCTION tournament_score() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  t record;
  rate bigint;
  conv bigint;
  value bigint;
  old_value bigint;
  delta bigint;
  moved integer;
  seq bigint;
  win_points bigint;
  mult bigint;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM top_wins WHERE product = NEW.product AND ref = NEW.ref;
  END IF;
  IF NEW.payout > NEW.stake AND NOT NEW.refunded THEN
    -- One VIP point in each currency's minor units (src/shared/vip.ts POINT_MINOR).
    win_points := (NEW.payout - NEW.stake)
                  / CASE NEW.currency WHEN 'RUB' THEN 100 WHEN 'INR' THEN 100 WHEN 'KZT' THEN 500 ELSE 1 END;
    mult := NEW.payout * 10000 / NEW.stake;
    IF mult >= 50000 OR win_points >= 5000 THEN
      INSERT INTO top_wins (product, ref, user_id, game, currency, stake, payout, win_points, multiplier, settled_at)
      VALUES (NEW.product, NEW.ref, NEW.user_id, NEW.game, NEW.currency, NEW.stake, NEW.payout, win_points, mult,
              NEW.settled_at)
      ON CONFLICT DO NOTHING;
    END IF;
  END IF;

  -- Most stakes find no tournament running: a look at one small table, no join and no lock.
  IF NOT EXISTS (SELECT 1 FROM tournaments
                  WHERE status IN ('upcoming', 'active') AND starts_at <= NEW.settled_at AND NEW.settled_at < ends_at) THEN
    RETURN NULL;
  END IF;

  FOR t IN
    SELECT tr.id, tr.kind, tr.entry, tr.rates, tr.min_stake, tr.regions, tr.currencies, tr.starts_at, tr.ends_at,
           coalesce(g.weight, a.weight) AS weight
      FROM tournaments tr
      LEFT JOIN tournament_games g ON g.tournament_id = tr.id AND g.product = NEW.product AND g.game = NEW.game
      LEFT JOIN tournament_games a ON a.tournament_id = tr.id AND a.product = NEW.product AND a.game = '*'
     WHERE tr.status IN ('upcoming', 'active') AND tr.starts_at <= NEW.settled_at AND NEW.settled_at < tr.ends_at
       AND (cardinality(tr.currencies) = 0 OR NEW.currency = ANY (tr.currencies))
       AND coalesce(g.weight, a.weight) IS NOT NULL
       FOR KEY SHARE OF tr
  LOOP
    rate := (t.rates ->> NEW.currency)::bigint;
    conv := div(NEW.stake::numeric * rate, 1000000)::bigint;
    value := tournament_points(t.kind, rate, t.weight, t.min_stake, NEW.stake, NEW.payout);
    IF TG_OP = 'INSERT' THEN
      CONTINUE WHEN NEW.refunded;
      seq := nextval('tournament_reach_seq');
      IF t.entry = 'auto' THEN
        CONTINUE WHEN cardinality(t.regions) > 0 AND NOT EXISTS (
          SELECT 1 FROM users u WHERE u.id = NEW.user_id AND u.region = ANY (t.regions));
        -- One statement per kind, so each keeps one plan (a kind read inside it made PL/pgSQL plan
        -- it again for every stake).
        IF t.kind = 'multiplier' THEN
          INSERT INTO tournament_players AS p
                 (tournament_id, user_id, points, turnover, bets, reached_at, reached_seq, joined_at)
          VALUES (t.id, NEW.user_id, value, conv, 1, NEW.settled_at, seq, NEW.settled_at)
          ON CONFLICT (tournament_id, user_id) DO UPDATE SET
            points = greatest(p.points, excluded.points),
            turnover = p.turnover + excluded.turnover,
            bets = p.bets + 1,
            reached_at = CASE WHEN excluded.points > p.points THEN excluded.reached_at ELSE p.reached_at END,
            reached_seq = CASE WHEN excluded.points > p.points THEN excluded.reached_seq ELSE p.reached_seq END;
        ELSE
          INSERT INTO tournament_players AS p
                 (tournament_id, user_id, points, turnover, bets, reached_at, reached_seq, joined_at)
          VALUES (t.id, NEW.user_id, value, conv, 1, NEW.settled_at, seq, NEW.settled_at)
          ON CONFLICT (tournament_id, user_id) DO UPDATE SET
            points = p.points + excluded.points,
            turnover = p.turnover + excluded.turnover,
            bets = p.bets + 1,
            reached_at = CASE WHEN excluded.points <> 0 THEN excluded.reached_at ELSE p.reached_at END,
            reached_seq = CASE WHEN excluded.points <> 0 THEN excluded.reached_seq ELSE p.reached_seq END;
        END IF;
      ELSE
        UPDATE tournament_players p SET
          points = CASE WHEN t.kind = 'multiplier' THEN greatest(p.points, value) ELSE p.points + value END,
          turnover = p.turnover + conv,
          bets = p.bets + 1,
          reached_at = CASE WHEN (t.kind = 'multiplier' AND value > p.points) OR (t.kind <> 'multiplier' AND value <> 0)
                            THEN NEW.settled_at ELSE p.reached_at END,
          reached_seq = CASE WHEN (t.kind = 'multiplier' AND value > p.points) OR (t.kind <> 'multiplier' AND value <> 0)
                             THEN seq ELSE p.reached_seq END
         WHERE p.tournament_id = t.id AND p.user_id = NEW.user_id AND p.joined_at <= NEW.settled_at;
      END IF;
    ELSIF t.kind = 'multiplier' THEN
      -- The best may be the stake that changed: read it again from the wager record.
      UPDATE tournament_players p SET
        points = coalesce((
          SELECT max(tournament_points('multiplier', (t.rates ->> w.currency)::bigint, coalesce(wg.weight, wa.weight),
                                       t.min_stake, w.stake, w.payout))
            FROM wagers w
            LEFT JOIN tournament_games wg ON wg.tournament_id = t.id AND wg.product = w.product AND wg.game = w.game
            LEFT JOIN tournament_games wa ON wa.tournament_id = t.id AND wa.product = w.product AND wa.game = '*'
           WHERE w.user_id = NEW.user_id AND NOT w.refunded
             AND w.settled_at >= greatest(t.starts_at, p.joined_at) AND w.settled_at < t.ends_at
             AND (cardinality(t.currencies) = 0 OR w.currency = ANY (t.currencies))
             AND coalesce(wg.weight, wa.weight) IS NOT NULL), 0),
        turnover = p.turnover + (CASE WHEN NEW.refunded THEN 0 ELSE conv END)
                              - (CASE WHEN OLD.refunded THEN 0 ELSE conv END),
        bets = p.bets + (CASE WHEN NEW.refunded THEN 0 ELSE 1 END) - (CASE WHEN OLD.refunded THEN 0 ELSE 1 END)
       WHERE p.tournament_id = t.id AND p.user_id = NEW.user_id AND p.joined_at <= NEW.settled_at;
    ELSE
      old_value := tournament_points(t.kind, rate, t.weight, t.min_stake, OLD.stake, OLD.payout);
      delta := (CASE WHEN NEW.refunded THEN 0 ELSE value END) - (CASE WHEN OLD.refunded THEN 0 ELSE old_value END);
      moved := (CASE WHEN NEW.refunded THEN 0 ELSE 1 END) - (CASE WHEN OLD.refunded THEN 0 ELSE 1 END);
      CONTINUE WHEN delta = 0 AND moved = 0;
      UPDATE tournament_players p SET
        points = p.points + delta,
        turnover = p.turnover + moved * conv,
        bets = p.bets + moved,
        reached_at = CASE WHEN delta <> 0 THEN NEW.settled_at ELSE p.reached_at END,
        reached_seq = CASE WHEN delta <> 0 THEN nextval('tournament_reach_seq') ELSE p.reached_seq END
       WHERE p.tournament_id = t.id AND p.user_id = NEW.user_id AND p.joined_at <= NEW.settled_at;
    END IF;
  END LOOP;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER wagers_tournament_score AFTER INSERT OR UPDATE OF payout, refunded ON wagers
  FOR EACH ROW EXECUTE FUNCTION tournament_score();
