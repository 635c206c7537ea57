CREATE TABLE "login_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"organization_id" text NOT NULL,
	"role" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	"platform" text,
	"ip_prefix" text
);
--> statement-breakpoint
CREATE TABLE "announcement_dismissals" (
	"announcement_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"dismissed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "announcement_dismissals_announcement_id_account_id_pk" PRIMARY KEY("announcement_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" text,
	"states" text[] DEFAULT '{}'::text[] NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"withdrawn_by" uuid
);
--> statement-breakpoint
CREATE TABLE "pharmacy_assessments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"pharmacist_id" uuid NOT NULL,
	"form" text NOT NULL,
	"state" text NOT NULL,
	"intake" jsonb NOT NULL,
	"account_id" uuid NOT NULL,
	"account_created" boolean NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'sent' NOT NULL,
	"continued_at" timestamp with time zone,
	"rx_visit_id" uuid,
	"language" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rx_external_codes" (
	"visit_id" uuid NOT NULL,
	"organization_id" text NOT NULL,
	"code" text NOT NULL,
	"code_key" text NOT NULL,
	"set_by" uuid NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rx_external_codes_visit_id_organization_id_pk" PRIMARY KEY("visit_id","organization_id")
);
--> statement-breakpoint
CREATE TABLE "rx_form_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"visit_id" uuid NOT NULL,
	"organization_id" text NOT NULL,
	"account_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"form_id" text NOT NULL,
	"version" text NOT NULL,
	"designee_name" text,
	"status" text DEFAULT 'requested' NOT NULL,
	"requested_by" uuid NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"signed_at" timestamp with time zone,
	"signed_by" uuid,
	"signed_name" text,
	"signed_lang" text,
	"withdrawn_at" timestamp with time zone,
	"withdrawn_by" uuid,
	CONSTRAINT "rx_form_requests_status" CHECK ("rx_form_requests"."status" in ('requested', 'signed', 'withdrawn')),
	CONSTRAINT "rx_form_requests_lang" CHECK ("rx_form_requests"."signed_lang" is null or "rx_form_requests"."signed_lang" in ('en', 'es'))
);
--> statement-breakpoint
ALTER TABLE "rx_visits" ADD COLUMN "assessment_id" uuid;--> statement-breakpoint
ALTER TABLE "rx_visits" ADD COLUMN "pharmacy_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rx_visits" ADD COLUMN "brand_id" text;--> statement-breakpoint
ALTER TABLE "login_events" ADD CONSTRAINT "login_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_dismissals" ADD CONSTRAINT "announcement_dismissals_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_dismissals" ADD CONSTRAINT "announcement_dismissals_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_withdrawn_by_accounts_id_fk" FOREIGN KEY ("withdrawn_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy_assessments" ADD CONSTRAINT "pharmacy_assessments_organization_id_pharmacy_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."pharmacy_organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy_assessments" ADD CONSTRAINT "pharmacy_assessments_pharmacist_id_accounts_id_fk" FOREIGN KEY ("pharmacist_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy_assessments" ADD CONSTRAINT "pharmacy_assessments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rx_external_codes" ADD CONSTRAINT "rx_external_codes_visit_id_rx_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."rx_visits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rx_external_codes" ADD CONSTRAINT "rx_external_codes_organization_id_pharmacy_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."pharmacy_organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rx_external_codes" ADD CONSTRAINT "rx_external_codes_set_by_accounts_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rx_form_requests" ADD CONSTRAINT "rx_form_requests_visit_id_rx_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."rx_visits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rx_form_requests" ADD CONSTRAINT "rx_form_requests_organization_id_pharmacy_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."pharmacy_organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rx_form_requests" ADD CONSTRAINT "rx_form_requests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rx_form_requests" ADD CONSTRAINT "rx_form_requests_requested_by_accounts_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rx_form_requests" ADD CONSTRAINT "rx_form_requests_signed_by_accounts_id_fk" FOREIGN KEY ("signed_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rx_form_requests" ADD CONSTRAINT "rx_form_requests_withdrawn_by_accounts_id_fk" FOREIGN KEY ("withdrawn_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_events_org_at_idx" ON "login_events" USING btree ("organization_id","at");--> statement-breakpoint
CREATE INDEX "login_events_account_at_idx" ON "login_events" USING btree ("account_id","at");--> statement-breakpoint
CREATE INDEX "announcement_dismissals_account_idx" ON "announcement_dismissals" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "announcements_company_idx" ON "announcements" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pharmacy_assessments_code_hash_key" ON "pharmacy_assessments" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "pharmacy_assessments_organization_idx" ON "pharmacy_assessments" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "pharmacy_assessments_account_idx" ON "pharmacy_assessments" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "rx_external_codes_key_idx" ON "rx_external_codes" USING btree ("organization_id","code_key");--> statement-breakpoint
CREATE INDEX "rx_form_requests_visit_idx" ON "rx_form_requests" USING btree ("visit_id","requested_at");--> statement-breakpoint
CREATE INDEX "rx_form_requests_account_idx" ON "rx_form_requests" USING btree ("account_id","signed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "rx_form_requests_open_idx" ON "rx_form_requests" USING btree ("visit_id","form_id") WHERE "rx_form_requests"."status" = 'requested';--> statement-breakpoint
ALTER TABLE "rx_visits" ADD CONSTRAINT "rx_visits_assessment_id_pharmacy_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."pharmacy_assessments"("id") ON DELETE no action ON UPDATE no action;