CREATE TABLE "slot_favourites" (
	"user_id" bigint NOT NULL,
	"slug" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "slot_favourites_user_id_slug_pk" PRIMARY KEY("user_id","slug")
);
--> statement-breakpoint
CREATE TABLE "slot_games" (
	"game_code" text PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"position" integer NOT NULL,
	"entry" jsonb NOT NULL,
	"refreshed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "slot_games_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "slot_recent" (
	"user_id" bigint NOT NULL,
	"slug" text NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	CONSTRAINT "slot_recent_user_id_slug_pk" PRIMARY KEY("user_id","slug")
);
--> statement-breakpoint
CREATE TABLE "slot_requests" (
	"request_uuid" text PRIMARY KEY NOT NULL,
	"answer" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "slot_sessions" (
	"token" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"game_code" text NOT NULL,
	"platform" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "slot_transactions" (
	"transaction_uuid" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"request_hash" text NOT NULL,
	"user_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"game_code" text NOT NULL,
	"round" text,
	"reference_uuid" text,
	"amount" bigint NOT NULL,
	"bonus_amount" bigint DEFAULT 0 NOT NULL,
	"grant_id" bigint,
	"state" text,
	"won" bigint DEFAULT 0 NOT NULL,
	"bonus_won" bigint DEFAULT 0 NOT NULL,
	"transaction_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "slot_transactions_kind_check" CHECK ("slot_transactions"."kind" IN ('bet', 'win', 'rollback', 'tombstone')),
	CONSTRAINT "slot_transactions_amounts_check" CHECK ("slot_transactions"."amount" >= 0 AND "slot_transactions"."bonus_amount" >= 0 AND "slot_transactions"."won" >= 0)
);
--> statement-breakpoint
ALTER TABLE "slot_favourites" ADD CONSTRAINT "slot_favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_recent" ADD CONSTRAINT "slot_recent_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_sessions" ADD CONSTRAINT "slot_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_transactions" ADD CONSTRAINT "slot_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "slot_sessions_expires_idx" ON "slot_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "slot_transactions_user_idx" ON "slot_transactions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "slot_transactions_reference_idx" ON "slot_transactions" USING btree ("reference_uuid");