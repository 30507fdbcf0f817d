-- Codes made before the binding (at most SSO_CODE_TTL_SECONDS old) cannot be exchanged any more.
DELETE FROM "sso_codes";--> statement-breakpoint
ALTER TABLE "sso_codes" ADD COLUMN "purpose" text NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_codes" ADD COLUMN "state_hash" "bytea";
