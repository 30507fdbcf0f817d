ALTER TABLE "sessions" ADD COLUMN "device" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "device_sealed" text;--> statement-breakpoint
CREATE INDEX "sessions_device_idx" ON "sessions" USING btree ("device");