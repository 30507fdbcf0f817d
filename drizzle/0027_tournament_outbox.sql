CREATE TABLE "tournament_events" (
	"id" bigint PRIMARY KEY DEFAULT nextval('tournament_reach_seq') NOT NULL,
	"product" text NOT NULL,
	"game" text NOT NULL,
	"user_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"stake" bigint NOT NULL,
	"payout" bigint NOT NULL,
	"refunded" boolean NOT NULL,
	"old_stake" bigint,
	"old_payout" bigint,
	"old_refunded" boolean,
	"settled_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tournament_totals" (
	"tournament_id" bigint PRIMARY KEY NOT NULL,
	"participants" integer DEFAULT 0 NOT NULL,
	"turnover" bigint DEFAULT 0 NOT NULL,
	"buy_ins" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tournament_totals" ADD CONSTRAINT "tournament_totals_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- What every tournament has so far (the rows written by 0026's trigger).
INSERT INTO "tournament_totals" ("tournament_id", "participants", "turnover", "buy_ins")
SELECT t.id, count(p.user_id)::int, coalesce(sum(p.turnover), 0),
       coalesce(sum(p.buy_in * (t.rates ->> p.buy_in_currency)::bigint / 1000000), 0)
  FROM tournaments t LEFT JOIN tournament_players p ON p.tournament_id = t.id
 GROUP BY t.id;--> statement-breakpoint
-- A multiplier hunt's best for one player, read again from the wager record (a stake's payout
-- changed or refunded may have been the best).
CREATE OR REPLACE FUNCTION tournament_best(tid bigint, uid bigint, since timestamptz) RETURNS bigint
LANGUAGE sql STABLE AS $$
  SELECT coalesce(max(tournament_points('multiplier', (t.rates ->> w.currency)::bigint, coalesce(wg.weight, wa.weight),
                                        t.min_stake, w.stake, w.payout)), 0)
    FROM tournaments t
    JOIN wagers w ON w.user_id = uid AND NOT w.refunded
                 AND w.settled_at >= greatest(t.starts_at, since) AND w.settled_at < t.ends_at
    LEFT JOIN tournament_games wg ON wg.tournament_id = t.id AND wg.product = w.product AND wg.game = w.game
    LEFT JOIN tournament_games wa ON wa.tournament_id = t.id AND wa.product = w.product AND wa.game = '*'
   WHERE t.id = tid
     AND (cardinality(t.currencies) = 0 OR w.currency = ANY (t.currencies))
     AND coalesce(wg.weight, wa.weight) IS NOT NULL
$$;--> statement-breakpoint
-- The stake's side of scoring (docs/tournaments.md "Points"): a big win becomes a candidate of the
-- top, and while a tournament runs the stake writes one event to the outbox, nothing more. The
-- shared lock is what the end of a tournament waits on (`tournament_fold`'s callers take it
-- exclusively): every stake in flight has written its event before the standings freeze, and the
-- next ones find the tournament finished.
CREATE OR REPLACE FUNCTION tournament_score() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
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
  -- A new stake already refunded, or a change that moves nothing, scores nothing.
  IF TG_OP = 'INSERT' AND NEW.refunded THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.payout = OLD.payout AND NEW.stake = OLD.stake AND NEW.refunded = OLD.refunded THEN
    RETURN NULL;
  END IF;
  -- Most stakes find no tournament running: a look at one small table, no join and no lock.
  IF NOT EXISTS (SELECT 1 FROM tournaments
                  WHERE status IN ('upcoming', 'active') AND starts_at <= NEW.settled_at AND NEW.settled_at < ends_at) THEN
    RETURN NULL;
  END IF;
  PERFORM pg_advisory_xact_lock_shared(7240521);
  IF TG_OP = 'INSERT' THEN
    INSERT INTO tournament_events (product, game, user_id, currency, stake, payout, refunded, settled_at)
    VALUES (NEW.product, NEW.game, NEW.user_id, NEW.currency, NEW.stake, NEW.payout, false, NEW.settled_at);
  ELSE
    INSERT INTO tournament_events (product, game, user_id, currency, stake, payout, refunded,
                                   old_stake, old_payout, old_refunded, settled_at)
    VALUES (NEW.product, NEW.game, NEW.user_id, NEW.currency, NEW.stake, NEW.payout, NEW.refunded,
            OLD.stake, OLD.payout, OLD.refunded, NEW.settled_at);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Folds up to `batch` events of the outbox into the standings and deletes them, in the caller's
-- transaction, one fold at a time (an advisory lock): an event is counted exactly when its
-- deletion commits. Each event counts in every running tournament it falls in (its window, its
-- currencies, a game that counts; auto entry: the player's region; opt-in: a player who joined
-- before it settled), as the points of `tournament_points`: a wager or profit race adds the
-- difference an event makes, a multiplier hunt keeps the best (read again from the wager record
-- when a stake changed). A score is reached when its last change came (ties go to the earlier).
-- Answers how many events it took.
CREATE OR REPLACE FUNCTION tournament_fold(batch integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  taken integer;
BEGIN
  PERFORM pg_advisory_xact_lock(7240520);
  WITH ev AS (
    DELETE FROM tournament_events
     WHERE id IN (SELECT id FROM tournament_events ORDER BY id LIMIT batch)
    RETURNING *
  ),
  scored AS (
    SELECT t.id AS tid, t.kind, ev.id AS seq, ev.user_id, ev.settled_at, ev.old_stake IS NOT NULL AS changed,
           CASE WHEN ev.refunded THEN 0
                ELSE tournament_points(t.kind, r.rate, w.weight, t.min_stake, ev.stake, ev.payout) END AS value,
           CASE WHEN ev.old_stake IS NULL OR ev.old_refunded THEN 0
                ELSE tournament_points(t.kind, r.rate, w.weight, t.min_stake, ev.old_stake, ev.old_payout) END AS old_value,
           (CASE WHEN ev.refunded THEN 0 ELSE 1 END)
             - (CASE WHEN ev.old_stake IS NULL OR ev.old_refunded THEN 0 ELSE 1 END) AS moved,
           div(ev.stake::numeric * r.rate, 1000000)::bigint AS conv
      FROM ev
      JOIN tournaments t ON t.status IN ('upcoming', 'active') AND t.starts_at <= ev.settled_at AND ev.settled_at < t.ends_at
                        AND (cardinality(t.currencies) = 0 OR ev.currency = ANY (t.currencies))
      CROSS JOIN LATERAL (SELECT (t.rates ->> ev.currency)::bigint AS rate) r
      CROSS JOIN LATERAL (
        SELECT coalesce(
          (SELECT g.weight FROM tournament_games g
            WHERE g.tournament_id = t.id AND g.product = ev.product AND g.game = ev.game),
          (SELECT g.weight FROM tournament_games g
            WHERE g.tournament_id = t.id AND g.product = ev.product AND g.game = '*')) AS weight) w
     WHERE w.weight IS NOT NULL
       AND CASE WHEN t.entry = 'auto'
                THEN cardinality(t.regions) = 0
                     OR EXISTS (SELECT 1 FROM users u WHERE u.id = ev.user_id AND u.region = ANY (t.regions))
                ELSE EXISTS (SELECT 1 FROM tournament_players p
                              WHERE p.tournament_id = t.id AND p.user_id = ev.user_id AND p.joined_at <= ev.settled_at)
           END
  ),
  agg AS (
    SELECT s.tid, s.user_id, min(s.kind) AS kind, bool_or(s.changed) AS changed,
           sum(s.value - s.old_value)::bigint AS delta,
           max(s.value) FILTER (WHERE NOT s.changed) AS best,
           (array_agg(s.settled_at ORDER BY s.value DESC, s.seq) FILTER (WHERE NOT s.changed))[1] AS best_at,
           (array_agg(s.seq ORDER BY s.value DESC, s.seq) FILTER (WHERE NOT s.changed))[1] AS best_seq,
           (array_agg(s.settled_at ORDER BY s.seq DESC) FILTER (WHERE s.value <> s.old_value))[1] AS last_at,
           (array_agg(s.seq ORDER BY s.seq DESC) FILTER (WHERE s.value <> s.old_value))[1] AS last_seq,
           sum(s.conv * s.moved)::bigint AS turnover,
           sum(s.moved)::int AS bets,
           min(s.settled_at) AS first_at
      FROM scored s
     WHERE s.value <> s.old_value OR s.moved <> 0
     GROUP BY s.tid, s.user_id
  ),
  upd AS (
    UPDATE tournament_players p SET
      points = CASE
        WHEN a.kind = 'multiplier' AND a.changed THEN tournament_best(a.tid, a.user_id, least(p.joined_at, a.first_at))
        WHEN a.kind = 'multiplier' THEN greatest(p.points, a.best)
        ELSE p.points + a.delta END,
      turnover = p.turnover + a.turnover,
      bets = p.bets + a.bets,
      reached_at = CASE
        WHEN a.kind = 'multiplier' THEN CASE WHEN NOT a.changed AND a.best > p.points THEN a.best_at ELSE p.reached_at END
        WHEN a.last_seq IS NOT NULL THEN greatest(p.reached_at, a.last_at)
        ELSE p.reached_at END,
      reached_seq = CASE
        WHEN a.kind = 'multiplier' THEN CASE WHEN NOT a.changed AND a.best > p.points THEN a.best_seq ELSE p.reached_seq END
        WHEN a.last_seq IS NOT NULL THEN greatest(p.reached_seq, a.last_seq)
        ELSE p.reached_seq END,
      -- Auto entry: a stake that settled earlier but committed later moves the entry back.
      joined_at = least(p.joined_at, a.first_at)
      FROM agg a
     WHERE p.tournament_id = a.tid AND p.user_id = a.user_id
    RETURNING p.tournament_id
  ),
  ins AS (
    -- Auto entry: a player enters with their first stake that counts (opt-in players joined already).
    INSERT INTO tournament_players (tournament_id, user_id, points, turnover, bets, reached_at, reached_seq, joined_at)
    SELECT a.tid, a.user_id,
           CASE WHEN a.kind <> 'multiplier' THEN a.delta
                WHEN a.changed THEN tournament_best(a.tid, a.user_id, a.first_at)
                ELSE a.best END,
           a.turnover, a.bets,
           CASE WHEN a.kind = 'multiplier' THEN coalesce(a.best_at, a.first_at) ELSE coalesce(a.last_at, a.first_at) END,
           CASE WHEN a.kind = 'multiplier' THEN coalesce(a.best_seq, 0) ELSE coalesce(a.last_seq, 0) END,
           a.first_at
      FROM agg a JOIN tournaments t ON t.id = a.tid
     WHERE t.entry = 'auto'
       AND NOT EXISTS (SELECT 1 FROM tournament_players p WHERE p.tournament_id = a.tid AND p.user_id = a.user_id)
    RETURNING tournament_id
  ),
  tot AS (
    INSERT INTO tournament_totals AS x (tournament_id, participants, turnover)
    SELECT a.tid, (SELECT count(*) FROM ins WHERE ins.tournament_id = a.tid)::int, sum(a.turnover)::bigint
      FROM agg a GROUP BY a.tid
    ON CONFLICT (tournament_id) DO UPDATE SET
      participants = x.participants + excluded.participants,
      turnover = x.turnover + excluded.turnover
    RETURNING 1
  )
  SELECT count(*)::int INTO taken FROM ev;
  RETURN taken;
END
$$;
