CREATE TABLE "bonus_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"target" text NOT NULL,
	"detail" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bonus_campaigns" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"terms" jsonb NOT NULL,
	"currencies" text[] DEFAULT '{}'::text[] NOT NULL,
	"regions" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"reg_and_dep" boolean DEFAULT false NOT NULL,
	"is_super" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bonus_campaigns_kind_check" CHECK ("bonus_campaigns"."kind" IN ('deposit_match','no_deposit','free_bets','cashback')),
	CONSTRAINT "bonus_campaigns_status_check" CHECK ("bonus_campaigns"."status" IN ('active','paused','ended'))
);
--> statement-breakpoint
CREATE TABLE "bonus_grants" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"campaign_id" bigint,
	"kind" text NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"source_key" text,
	"amount" bigint DEFAULT 0 NOT NULL,
	"requirement" bigint DEFAULT 0 NOT NULL,
	"wagered" bigint DEFAULT 0 NOT NULL,
	"max_bet" bigint DEFAULT 0 NOT NULL,
	"max_conversion" bigint DEFAULT 0 NOT NULL,
	"weights" jsonb NOT NULL,
	"spent" bigint DEFAULT 0 NOT NULL,
	"converted" bigint DEFAULT 0 NOT NULL,
	"forfeited" bigint DEFAULT 0 NOT NULL,
	"reclaimed" bigint DEFAULT 0 NOT NULL,
	"terms" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"activated_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bonus_grants_status_check" CHECK ("bonus_grants"."status" IN ('waiting_deposit','available','active','completed','forfeited')),
	CONSTRAINT "bonus_grants_amounts_check" CHECK ("bonus_grants"."spent" + "bonus_grants"."converted" + "bonus_grants"."forfeited" <= "bonus_grants"."amount")
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"campaign_id" bigint NOT NULL,
	"max_uses" integer NOT NULL,
	"max_uses_per_player" integer DEFAULT 1 NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"currency" text,
	"region" text,
	"new_players_only" boolean DEFAULT false NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_uses_check" CHECK ("promo_codes"."uses" <= "promo_codes"."max_uses")
);
--> statement-breakpoint
CREATE TABLE "promo_redemptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"grant_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "super_bonus_claims" (
	"device_id" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"grant_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vip_join_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"source" text NOT NULL,
	"contact" text,
	"status" text DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vip_join_requests_status_check" CHECK ("vip_join_requests"."status" IN ('new','contacted','accepted','declined'))
);
--> statement-breakpoint
CREATE TABLE "vip_progress" (
	"user_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"wagered" bigint DEFAULT 0 NOT NULL,
	"edge" bigint DEFAULT 0 NOT NULL,
	"edge_claimed" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bonus_grants" ADD CONSTRAINT "bonus_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_grants" ADD CONSTRAINT "bonus_grants_campaign_id_bonus_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."bonus_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_campaign_id_bonus_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."bonus_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_code_id_promo_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."promo_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_grant_id_bonus_grants_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."bonus_grants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "super_bonus_claims" ADD CONSTRAINT "super_bonus_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "super_bonus_claims" ADD CONSTRAINT "super_bonus_claims_grant_id_bonus_grants_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."bonus_grants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_join_requests" ADD CONSTRAINT "vip_join_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_progress" ADD CONSTRAINT "vip_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_campaigns_name_key" ON "bonus_campaigns" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_grants_one_active" ON "bonus_grants" USING btree ("user_id","currency") WHERE "bonus_grants"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_grants_source_key" ON "bonus_grants" USING btree ("user_id","source_key");--> statement-breakpoint
CREATE INDEX "bonus_grants_user_idx" ON "bonus_grants" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_code_key" ON "promo_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "promo_redemptions_code_user_idx" ON "promo_redemptions" USING btree ("code_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "super_bonus_claims_user_key" ON "super_bonus_claims" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vip_join_requests_open" ON "vip_join_requests" USING btree ("user_id") WHERE "vip_join_requests"."status" IN ('new','contacted');--> statement-breakpoint
CREATE UNIQUE INDEX "vip_progress_key" ON "vip_progress" USING btree ("user_id","currency");