CREATE TABLE "slot_art" (
	"game_code" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"content_type" text NOT NULL,
	"body" "bytea" NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL
);
