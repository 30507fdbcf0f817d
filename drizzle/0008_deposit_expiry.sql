ALTER TABLE "payments" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_checkouts" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payments_unpaid_expiry_idx" ON "payments" USING btree ("expires_at") WHERE "payments"."status" IN ('created','pending');--> statement-breakpoint
-- Unpaid deposits made before expiry existed get the default deadline (30 minutes after creation).
UPDATE "payments" SET "expires_at" = "created_at" + interval '30 minutes' WHERE "direction" = 'deposit' AND "status" IN ('created','pending');
--> statement-breakpoint
UPDATE "sandbox_checkouts" SET "expires_at" = "created_at" + interval '30 minutes' WHERE "status" IN ('open','requires_action');
