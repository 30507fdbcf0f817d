ALTER TABLE "users" ALTER COLUMN "features" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "features" DROP NOT NULL;--> statement-breakpoint
-- Nothing could set a feature before this migration: every empty list meant "the default set".
UPDATE "users" SET "features" = NULL WHERE "features" = '{}'::text[];
