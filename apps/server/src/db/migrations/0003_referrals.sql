ALTER TABLE "accounts" ADD COLUMN "referred_by" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "owner_account_id" uuid;