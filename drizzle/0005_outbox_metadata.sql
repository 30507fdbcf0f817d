ALTER TABLE "outbox" ALTER COLUMN "body" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "kind" text;--> statement-breakpoint
-- Mails handed to SMTP (sent or refused) kept their codes and links here; keep only the metadata.
UPDATE "outbox" SET "subject" = NULL, "body" = NULL WHERE "sent_at" IS NOT NULL OR "error" IS NOT NULL;
