CREATE TABLE "room_channels" (
	"room" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "room_rounds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"room" text NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"server_seed" text NOT NULL,
	"commitment" text NOT NULL,
	"commission_bps" integer NOT NULL,
	"pot" bigint DEFAULT 0 NOT NULL,
	"players" integer DEFAULT 0 NOT NULL,
	"countdown_ends_at" timestamp with time zone,
	"winning_ticket" bigint,
	"winner_id" bigint,
	"prize" bigint,
	"commission" bigint,
	"settle_transaction_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	CONSTRAINT "room_rounds_status_check" CHECK ("room_rounds"."status" IN ('open','countdown','settled')),
	CONSTRAINT "room_rounds_room_check" CHECK ("room_rounds"."room" IN ('red','yellow','purple')),
	CONSTRAINT "room_rounds_pot_check" CHECK ("room_rounds"."pot" >= 0 AND "room_rounds"."players" >= 0)
);
--> statement-breakpoint
CREATE TABLE "room_stakes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"round_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"first_ticket" bigint NOT NULL,
	"transaction_id" bigint NOT NULL,
	"refund_transaction_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "room_stakes_amount_check" CHECK ("room_stakes"."amount" > 0 AND "room_stakes"."first_ticket" >= 0)
);
--> statement-breakpoint
ALTER TABLE "room_rounds" ADD CONSTRAINT "room_rounds_winner_id_users_id_fk" FOREIGN KEY ("winner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_rounds" ADD CONSTRAINT "room_rounds_settle_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("settle_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_stakes" ADD CONSTRAINT "room_stakes_round_id_room_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."room_rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_stakes" ADD CONSTRAINT "room_stakes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_stakes" ADD CONSTRAINT "room_stakes_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_stakes" ADD CONSTRAINT "room_stakes_refund_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("refund_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "room_rounds_one_live" ON "room_rounds" USING btree ("room","currency") WHERE "room_rounds"."status" <> 'settled';--> statement-breakpoint
CREATE UNIQUE INDEX "room_rounds_settle_transaction_key" ON "room_rounds" USING btree ("settle_transaction_id") WHERE "room_rounds"."settle_transaction_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "room_rounds_recent_idx" ON "room_rounds" USING btree ("room","currency","id");--> statement-breakpoint
CREATE INDEX "room_rounds_due_idx" ON "room_rounds" USING btree ("countdown_ends_at") WHERE "room_rounds"."status" = 'countdown';--> statement-breakpoint
CREATE INDEX "room_stakes_round_idx" ON "room_stakes" USING btree ("round_id","id");--> statement-breakpoint
CREATE INDEX "room_stakes_user_idx" ON "room_stakes" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "room_stakes_transaction_key" ON "room_stakes" USING btree ("transaction_id");