CREATE TABLE "attribution_touches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"visitor" text NOT NULL,
	"partner" text,
	"campaign" text,
	"source" text,
	"medium" text,
	"click_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player_touches" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"first_partner" text,
	"first_campaign" text,
	"first_click" text,
	"first_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_partner" text,
	"last_campaign" text,
	"last_click" text,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_codes" (
	"code_hash" "bytea" PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"target_host" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "player_touches" ADD CONSTRAINT "player_touches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_codes" ADD CONSTRAINT "sso_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attribution_touches_created_idx" ON "attribution_touches" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "attribution_touches_visitor_idx" ON "attribution_touches" USING btree ("visitor");--> statement-breakpoint
CREATE INDEX "sso_codes_expires_idx" ON "sso_codes" USING btree ("expires_at");