ALTER TABLE "announcements" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "translation_title" text;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "translation_body" text;