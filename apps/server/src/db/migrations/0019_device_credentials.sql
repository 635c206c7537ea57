ALTER TABLE "one_time_codes" ADD COLUMN "last_used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "password_proven_at" timestamp with time zone;