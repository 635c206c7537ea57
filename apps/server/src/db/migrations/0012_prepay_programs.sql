CREATE TABLE "prepay_program_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"program_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"visits" integer NOT NULL,
	"amount_cents" integer DEFAULT 0 NOT NULL,
	"charge_id" text,
	"redemption_id" uuid,
	"idempotency_key" text NOT NULL,
	"balance_after" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prepay_program_users" (
	"program_id" uuid NOT NULL,
	"email" text NOT NULL,
	"visit_limit" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "prepay_program_users_program_id_email_pk" PRIMARY KEY("program_id","email")
);
--> statement-breakpoint
CREATE TABLE "prepay_programs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_account_id" uuid NOT NULL,
	"organization_id" text,
	"brand_id" text NOT NULL,
	"code" text NOT NULL,
	"purchase_key" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"visit_count" integer DEFAULT 0 NOT NULL,
	"reward_amt_cents" integer DEFAULT 0 NOT NULL,
	"program_amt_cents" integer NOT NULL,
	"patient_amt_cents" integer DEFAULT 0 NOT NULL,
	"price_msg" text DEFAULT '' NOT NULL,
	"visit_type" text DEFAULT 'rx' NOT NULL,
	"per_account_limit" integer DEFAULT 0 NOT NULL,
	"reuse_interval_days" integer DEFAULT 0 NOT NULL,
	"low_balance_limit" integer DEFAULT 0 NOT NULL,
	"reason_restriction" text[] DEFAULT '{}' NOT NULL,
	"pharmacy_restriction" text[] DEFAULT '{}' NOT NULL,
	"checkout_message" text DEFAULT '' NOT NULL,
	"notifications" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prepay_programs_balance_nonnegative" CHECK ("prepay_programs"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "prepay_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"program_id" uuid NOT NULL,
	"token_id" uuid,
	"visit_ref" text NOT NULL,
	"account_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"email" text NOT NULL,
	"product_id" text NOT NULL,
	"state" text DEFAULT 'claimed' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "prepay_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"program_id" uuid NOT NULL,
	"code" text NOT NULL,
	"state" text DEFAULT 'unclaimed' NOT NULL,
	"use" text DEFAULT 'single' NOT NULL,
	"multiple_use_interval_days" integer DEFAULT 0 NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"delivery_channel" text,
	"delivery_to" text,
	"sent_at" timestamp with time zone,
	"claim_count" integer DEFAULT 0 NOT NULL,
	"first_claimed_at" timestamp with time zone,
	"denied_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rx_visits" ADD COLUMN "prepay_redemption_id" text;--> statement-breakpoint
ALTER TABLE "prepay_program_entries" ADD CONSTRAINT "prepay_program_entries_program_id_prepay_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."prepay_programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prepay_program_users" ADD CONSTRAINT "prepay_program_users_program_id_prepay_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."prepay_programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prepay_programs" ADD CONSTRAINT "prepay_programs_owner_account_id_accounts_id_fk" FOREIGN KEY ("owner_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prepay_redemptions" ADD CONSTRAINT "prepay_redemptions_program_id_prepay_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."prepay_programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prepay_redemptions" ADD CONSTRAINT "prepay_redemptions_token_id_prepay_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."prepay_tokens"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prepay_redemptions" ADD CONSTRAINT "prepay_redemptions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prepay_tokens" ADD CONSTRAINT "prepay_tokens_program_id_prepay_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."prepay_programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "prepay_program_entries_key" ON "prepay_program_entries" USING btree ("program_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "prepay_program_entries_program_idx" ON "prepay_program_entries" USING btree ("program_id","created_at");--> statement-breakpoint
CREATE INDEX "prepay_users_email_idx" ON "prepay_program_users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "prepay_programs_code_key" ON "prepay_programs" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "prepay_programs_purchase_key" ON "prepay_programs" USING btree ("owner_account_id","purchase_key");--> statement-breakpoint
CREATE INDEX "prepay_programs_owner_idx" ON "prepay_programs" USING btree ("owner_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "prepay_redemptions_visit_key" ON "prepay_redemptions" USING btree ("visit_ref");--> statement-breakpoint
CREATE INDEX "prepay_redemptions_program_idx" ON "prepay_redemptions" USING btree ("program_id","created_at");--> statement-breakpoint
CREATE INDEX "prepay_redemptions_person_idx" ON "prepay_redemptions" USING btree ("program_id","person_id");--> statement-breakpoint
CREATE UNIQUE INDEX "prepay_tokens_code_key" ON "prepay_tokens" USING btree ("code");--> statement-breakpoint
CREATE INDEX "prepay_tokens_program_idx" ON "prepay_tokens" USING btree ("program_id","created_at");