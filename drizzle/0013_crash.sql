CREATE TABLE "crash_bets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"round_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"auto_cash_out" bigint,
	"status" text DEFAULT 'open' NOT NULL,
	"cash_out" bigint,
	"payout" bigint DEFAULT 0 NOT NULL,
	"player_account_id" bigint NOT NULL,
	"house_account_id" bigint NOT NULL,
	"transaction_id" bigint NOT NULL,
	"settle_transaction_id" bigint,
	"cash_out_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "crash_bets_status_check" CHECK ("crash_bets"."status" IN ('open','cashed','lost')),
	CONSTRAINT "crash_bets_amounts_check" CHECK ("crash_bets"."amount" > 0 AND "crash_bets"."payout" >= 0),
	CONSTRAINT "crash_bets_auto_check" CHECK ("crash_bets"."auto_cash_out" IS NULL OR "crash_bets"."auto_cash_out" >= 101)
);
--> statement-breakpoint
CREATE TABLE "crash_chain" (
	"id" integer PRIMARY KEY NOT NULL,
	"length" bigint NOT NULL,
	"checkpoint_every" integer NOT NULL,
	"salt" text NOT NULL,
	"terminating_hash" text NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crash_chain_one_row" CHECK ("crash_chain"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "crash_checkpoints" (
	"position" bigint PRIMARY KEY NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crash_rounds" (
	"id" bigint PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"hash" text NOT NULL,
	"crash_point" bigint NOT NULL,
	"betting_ends_at" timestamp with time zone,
	"started_ms" bigint,
	"crashed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crash_rounds_status_check" CHECK ("crash_rounds"."status" IN ('queued','betting','flight','crashed'))
);
--> statement-breakpoint
ALTER TABLE "crash_bets" ADD CONSTRAINT "crash_bets_round_id_crash_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."crash_rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crash_bets" ADD CONSTRAINT "crash_bets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crash_bets" ADD CONSTRAINT "crash_bets_player_account_id_ledger_accounts_id_fk" FOREIGN KEY ("player_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crash_bets" ADD CONSTRAINT "crash_bets_house_account_id_ledger_accounts_id_fk" FOREIGN KEY ("house_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crash_bets" ADD CONSTRAINT "crash_bets_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crash_bets" ADD CONSTRAINT "crash_bets_settle_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("settle_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "crash_bets_one_per_round" ON "crash_bets" USING btree ("round_id","user_id");--> statement-breakpoint
CREATE INDEX "crash_bets_user_idx" ON "crash_bets" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "crash_bets_transaction_key" ON "crash_bets" USING btree ("transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "crash_bets_settle_transaction_key" ON "crash_bets" USING btree ("settle_transaction_id") WHERE "crash_bets"."settle_transaction_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "crash_rounds_live_idx" ON "crash_rounds" USING btree ("status") WHERE "crash_rounds"."status" <> 'crashed';