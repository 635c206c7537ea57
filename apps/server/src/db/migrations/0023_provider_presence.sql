ALTER TABLE "visits" ADD COLUMN "stranded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "provider_duty" ADD COLUMN "last_seen_at" timestamp with time zone;