DROP INDEX "one_time_codes_hash_key";--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD COLUMN "ledger_id" uuid;--> statement-breakpoint
CREATE INDEX "one_time_codes_hash_idx" ON "one_time_codes" USING btree ("purpose","code_hash");