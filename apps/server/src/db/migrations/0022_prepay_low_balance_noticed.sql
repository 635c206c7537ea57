ALTER TABLE "prepay_programs" ADD COLUMN "low_balance_noticed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Programs already at or under their limit that have had a visit taken were told under the
-- old rule (or crossed before it): they are not told again until they go over it and back.
UPDATE "prepay_programs" SET "low_balance_noticed" = true
WHERE "low_balance_limit" > 0 AND "balance" <= "low_balance_limit"
  AND EXISTS (SELECT 1 FROM "prepay_program_entries" e WHERE e."program_id" = "prepay_programs"."id" AND e."kind" = 'visit');
