CREATE TABLE "prepay_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"balance_cents" integer DEFAULT 0 NOT NULL,
	"low_balance_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prepay_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"prepay_account_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"kind" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"related_id" text,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pharmacist_grants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"account_id" uuid NOT NULL,
	"email" text NOT NULL,
	"states" text[] DEFAULT '{}'::text[] NOT NULL,
	"links" text[] DEFAULT '{}'::text[] NOT NULL,
	"claimed_only" boolean DEFAULT false NOT NULL,
	"invited_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pharmacy_links" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"screen_id" text NOT NULL,
	"med_list_id" text,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rx_status_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"visit_id" uuid NOT NULL,
	"status" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"by_role" text NOT NULL,
	"account_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pharmacy_organizations" ADD COLUMN "service_states" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "pharmacy_organizations" ADD COLUMN "notify_email" text;--> statement-breakpoint
ALTER TABLE "pharmacy_organizations" ADD COLUMN "notify_phone" text;--> statement-breakpoint
ALTER TABLE "rx_prescriptions" ADD COLUMN "superseded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rx_visits" ADD COLUMN "pharmacy_id" text;--> statement-breakpoint
ALTER TABLE "rx_visits" ADD COLUMN "link_id" text;--> statement-breakpoint
ALTER TABLE "rx_visits" ADD COLUMN "pharmacy_status" text;--> statement-breakpoint
ALTER TABLE "rx_visits" ADD COLUMN "pharmacy_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "rx_visits" ADD COLUMN "prescribed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rx_visits" ADD COLUMN "claim_fee_entry_id" uuid;--> statement-breakpoint
ALTER TABLE "rx_visits" ADD COLUMN "claim_fee_cents" integer;--> statement-breakpoint
ALTER TABLE "rx_visits" ADD COLUMN "erx_status" text;--> statement-breakpoint
ALTER TABLE "prepay_entries" ADD CONSTRAINT "prepay_entries_prepay_account_id_prepay_accounts_id_fk" FOREIGN KEY ("prepay_account_id") REFERENCES "public"."prepay_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacist_grants" ADD CONSTRAINT "pharmacist_grants_organization_id_pharmacy_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."pharmacy_organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacist_grants" ADD CONSTRAINT "pharmacist_grants_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacist_grants" ADD CONSTRAINT "pharmacist_grants_invited_by_accounts_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy_links" ADD CONSTRAINT "pharmacy_links_organization_id_pharmacy_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."pharmacy_organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rx_status_notes" ADD CONSTRAINT "rx_status_notes_visit_id_rx_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."rx_visits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rx_status_notes" ADD CONSTRAINT "rx_status_notes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "prepay_entries_key" ON "prepay_entries" USING btree ("prepay_account_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "pharmacist_grants_account_key" ON "pharmacist_grants" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "pharmacist_grants_org_idx" ON "pharmacist_grants" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "pharmacy_links_org_idx" ON "pharmacy_links" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "rx_status_notes_visit_idx" ON "rx_status_notes" USING btree ("visit_id","at");--> statement-breakpoint
CREATE INDEX "accounts_organization_idx" ON "accounts" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "rx_visits_pharmacy_idx" ON "rx_visits" USING btree ("pharmacy_id","pharmacy_status","prescribed_at");