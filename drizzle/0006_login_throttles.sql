CREATE TABLE "login_throttles" (
	"key" text PRIMARY KEY NOT NULL,
	"scope" text NOT NULL,
	"account" text,
	"ip" text,
	"failures" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "login_throttles_expires_idx" ON "login_throttles" USING btree ("expires_at");--> statement-breakpoint
-- The old per-account and per-IP login lockouts (rate_limits keys fail:acct:… and fail:ip:…) are gone.
DELETE FROM "rate_limits" WHERE "key" LIKE 'fail:%';
