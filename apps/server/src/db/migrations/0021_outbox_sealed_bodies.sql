ALTER TABLE "outbox" ADD COLUMN "body_sealed" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "body_key_id" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "body_purged_at" timestamp with time zone;--> statement-breakpoint
-- Rows from before sealing hold their text in clear; SQL cannot seal it (the key is the server's), so it is purged with the columns. A message still waiting for a re-send then stays failed.
UPDATE "outbox" SET "body_purged_at" = now();--> statement-breakpoint
ALTER TABLE "outbox" DROP COLUMN "body";--> statement-breakpoint
ALTER TABLE "outbox" DROP COLUMN "attachments";