ALTER TABLE "room_rounds" ADD COLUMN "number" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Rounds so far numbered in each room and currency in the order they opened.
UPDATE "room_rounds" r SET "number" = n.number
  FROM (SELECT id, row_number() OVER (PARTITION BY room, currency ORDER BY id) AS number FROM "room_rounds") n
 WHERE r.id = n.id;--> statement-breakpoint
CREATE UNIQUE INDEX "room_rounds_number_key" ON "room_rounds" USING btree ("room","currency","number");
