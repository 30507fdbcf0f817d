CREATE TABLE "player_limits" (
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"amount" bigint NOT NULL,
	"set_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"pending_amount" bigint,
	"pending_removal" boolean DEFAULT false NOT NULL,
	"pending_since" timestamp with time zone,
	CONSTRAINT "player_limits_pkey" PRIMARY KEY("user_id","kind","period"),
	CONSTRAINT "player_limits_kind_check" CHECK ("player_limits"."kind" in ('deposit', 'loss', 'wager')),
	CONSTRAINT "player_limits_period_check" CHECK ("player_limits"."period" in ('day', 'week', 'month')),
	CONSTRAINT "player_limits_amount_check" CHECK ("player_limits"."amount" > 0 and ("player_limits"."pending_amount" is null or "player_limits"."pending_amount" > "player_limits"."amount")),
	CONSTRAINT "player_limits_pending_check" CHECK (("player_limits"."pending_amount" is null and not "player_limits"."pending_removal") = ("player_limits"."pending_since" is null) and not ("player_limits"."pending_amount" is not null and "player_limits"."pending_removal"))
);
--> statement-breakpoint
ALTER TABLE "player_limits" ADD CONSTRAINT "player_limits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;