ALTER TABLE "verification_documents" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "verification_documents" ADD COLUMN "review" text;--> statement-breakpoint
-- Documents decided before this column existed take their case's last decision.
UPDATE "verification_documents" d SET "review" = CASE WHEN v."status" IN ('verified','success') THEN 'accepted' ELSE 'rejected' END FROM "verifications" v WHERE v."user_id" = d."user_id" AND v."decided_at" IS NOT NULL AND d."uploaded_at" <= v."decided_at";
