CREATE TABLE "sport_bet_legs" (
	"bet_id" bigint NOT NULL,
	"idx" smallint NOT NULL,
	"event_id" text NOT NULL,
	"market_id" integer NOT NULL,
	"specifiers" text NOT NULL,
	"outcome_id" text NOT NULL,
	"odds" integer NOT NULL,
	"version" integer NOT NULL,
	"result" jsonb,
	"placed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sport_bet_legs_pkey" PRIMARY KEY("bet_id","idx")
);
--> statement-breakpoint
CREATE TABLE "sport_bets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"kind" text NOT NULL,
	"system" text,
	"stake" bigint NOT NULL,
	"unit_stake" bigint NOT NULL,
	"bonus_stake" bigint DEFAULT 0 NOT NULL,
	"grant_id" bigint,
	"odds_policy" text NOT NULL,
	"live" boolean DEFAULT false NOT NULL,
	"status" text NOT NULL,
	"potential" bigint NOT NULL,
	"paid" bigint DEFAULT 0 NOT NULL,
	"owed" bigint DEFAULT 0 NOT NULL,
	"moves" integer DEFAULT 0 NOT NULL,
	"counted" boolean DEFAULT false NOT NULL,
	"refusal" text,
	"client_key" text NOT NULL,
	"placed_at" timestamp with time zone NOT NULL,
	"accept_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sport_bets_amounts_check" CHECK ("sport_bets"."stake" > 0 AND "sport_bets"."paid" >= 0 AND "sport_bets"."owed" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sport_events" (
	"id" text PRIMARY KEY NOT NULL,
	"sport" text NOT NULL,
	"country" text NOT NULL,
	"category_id" text NOT NULL,
	"tournament_id" text NOT NULL,
	"tournament_name" text NOT NULL,
	"home_id" text NOT NULL,
	"home_name" text NOT NULL,
	"away_id" text NOT NULL,
	"away_name" text NOT NULL,
	"scheduled_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'not_started' NOT NULL,
	"state" jsonb NOT NULL,
	"betstop" text,
	"producer" text DEFAULT 'feed' NOT NULL,
	"seq" integer DEFAULT 0 NOT NULL,
	"live_odds" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sport_exposure" (
	"event_id" text NOT NULL,
	"market_id" integer NOT NULL,
	"specifiers" text NOT NULL,
	"outcome_id" text NOT NULL,
	"currency" text NOT NULL,
	"liability" bigint DEFAULT 0 NOT NULL,
	"stakes" bigint DEFAULT 0 NOT NULL,
	"bets" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sport_exposure_pkey" PRIMARY KEY("event_id","market_id","specifiers","outcome_id","currency")
);
--> statement-breakpoint
CREATE TABLE "sport_markets" (
	"event_id" text NOT NULL,
	"market_id" integer NOT NULL,
	"specifiers" text DEFAULT '' NOT NULL,
	"status" smallint NOT NULL,
	"outcomes" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"suspended_at" timestamp with time zone,
	"settlement" jsonb,
	"cancels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sport_markets_pkey" PRIMARY KEY("event_id","market_id","specifiers")
);
--> statement-breakpoint
ALTER TABLE "sport_bet_legs" ADD CONSTRAINT "sport_bet_legs_bet_id_sport_bets_id_fk" FOREIGN KEY ("bet_id") REFERENCES "public"."sport_bets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sport_bets" ADD CONSTRAINT "sport_bets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sport_markets" ADD CONSTRAINT "sport_markets_event_id_sport_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."sport_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sport_bet_legs_market_idx" ON "sport_bet_legs" USING btree ("event_id","market_id","specifiers");--> statement-breakpoint
CREATE UNIQUE INDEX "sport_bets_client_key" ON "sport_bets" USING btree ("user_id","client_key");--> statement-breakpoint
CREATE INDEX "sport_bets_user_idx" ON "sport_bets" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "sport_bets_pending_idx" ON "sport_bets" USING btree ("accept_at") WHERE "sport_bets"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "sport_events_status_idx" ON "sport_events" USING btree ("status","scheduled_at");--> statement-breakpoint
CREATE INDEX "sport_events_tournament_idx" ON "sport_events" USING btree ("tournament_id","scheduled_at");--> statement-breakpoint
CREATE INDEX "sport_exposure_liability_idx" ON "sport_exposure" USING btree ("currency","liability");