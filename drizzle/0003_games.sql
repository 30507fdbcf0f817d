CREATE TABLE "bets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"game" text NOT NULL,
	"status" text NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"multiplier" text DEFAULT '0' NOT NULL,
	"seed_pair_id" bigint NOT NULL,
	"nonce" bigint NOT NULL,
	"client_seed" text NOT NULL,
	"params" jsonb NOT NULL,
	"outcome" jsonb NOT NULL,
	"transaction_id" bigint NOT NULL,
	"settle_transaction_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "bets_status_check" CHECK ("bets"."status" IN ('active','settled')),
	CONSTRAINT "bets_amounts_check" CHECK ("bets"."amount" > 0 AND "bets"."payout" >= 0)
);
--> statement-breakpoint
CREATE TABLE "seed_pairs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"status" text NOT NULL,
	"server_seed" text NOT NULL,
	"commitment" text NOT NULL,
	"client_seed" text,
	"nonce" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activated_at" timestamp with time zone,
	"revealed_at" timestamp with time zone,
	CONSTRAINT "seed_pairs_status_check" CHECK ("seed_pairs"."status" IN ('active','next','revealed'))
);
--> statement-breakpoint
ALTER TABLE "bets" ADD CONSTRAINT "bets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bets" ADD CONSTRAINT "bets_seed_pair_id_seed_pairs_id_fk" FOREIGN KEY ("seed_pair_id") REFERENCES "public"."seed_pairs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bets" ADD CONSTRAINT "bets_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bets" ADD CONSTRAINT "bets_settle_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("settle_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seed_pairs" ADD CONSTRAINT "seed_pairs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bets_user_idx" ON "bets" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "bets_user_game_idx" ON "bets" USING btree ("user_id","game","id");--> statement-breakpoint
CREATE UNIQUE INDEX "bets_transaction_key" ON "bets" USING btree ("transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bets_one_active" ON "bets" USING btree ("user_id","game") WHERE "bets"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "seed_pairs_one_active" ON "seed_pairs" USING btree ("user_id") WHERE "seed_pairs"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "seed_pairs_one_next" ON "seed_pairs" USING btree ("user_id") WHERE "seed_pairs"."status" = 'next';--> statement-breakpoint
CREATE INDEX "seed_pairs_revealed_idx" ON "seed_pairs" USING btree ("user_id","revealed_at");