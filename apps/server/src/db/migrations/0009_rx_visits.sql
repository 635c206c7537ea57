CREATE TABLE "rx_form_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"product_id" text NOT NULL,
	"step" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rx_id_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rx_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"visit_id" uuid NOT NULL,
	"owner" uuid NOT NULL,
	"from_role" text NOT NULL,
	"text" text NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sent" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rx_prescriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"visit_id" uuid NOT NULL,
	"prescriber_id" uuid NOT NULL,
	"medication" text NOT NULL,
	"strength" text NOT NULL,
	"quantity" integer NOT NULL,
	"refills" integer NOT NULL,
	"directions" text NOT NULL,
	"pharmacy" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rx_visit_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"visit_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"doc_type" text NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rx_visits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"product_id" text NOT NULL,
	"status" text NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"location" text NOT NULL,
	"evaluation" jsonb NOT NULL,
	"consents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"alarms" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"id_pending" boolean DEFAULT false NOT NULL,
	"attachments_pending" boolean DEFAULT false NOT NULL,
	"status_comment" text DEFAULT '' NOT NULL,
	"cost_cents" integer NOT NULL,
	"ledger_id" uuid,
	"paid_at" timestamp with time zone,
	"prescriber_id" uuid,
	"claimed_at" timestamp with time zone,
	"completed" boolean DEFAULT false NOT NULL,
	"refill_of" uuid,
	"pharmacy_seen_at" timestamp with time zone,
	"prescription_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rx_form_log" ADD CONSTRAINT "rx_form_log_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rx_id_documents" ADD CONSTRAINT "rx_id_documents_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rx_id_documents" ADD CONSTRAINT "rx_id_documents_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rx_id_documents" ADD CONSTRAINT "rx_id_documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rx_messages" ADD CONSTRAINT "rx_messages_visit_id_rx_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."rx_visits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rx_messages" ADD CONSTRAINT "rx_messages_owner_accounts_id_fk" FOREIGN KEY ("owner") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rx_prescriptions" ADD CONSTRAINT "rx_prescriptions_visit_id_rx_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."rx_visits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rx_prescriptions" ADD CONSTRAINT "rx_prescriptions_prescriber_id_accounts_id_fk" FOREIGN KEY ("prescriber_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rx_visit_files" ADD CONSTRAINT "rx_visit_files_visit_id_rx_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."rx_visits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rx_visit_files" ADD CONSTRAINT "rx_visit_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rx_visits" ADD CONSTRAINT "rx_visits_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rx_visits" ADD CONSTRAINT "rx_visits_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rx_visits" ADD CONSTRAINT "rx_visits_ledger_id_ledger_id_fk" FOREIGN KEY ("ledger_id") REFERENCES "public"."ledger"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rx_visits" ADD CONSTRAINT "rx_visits_prescriber_id_accounts_id_fk" FOREIGN KEY ("prescriber_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rx_form_log_product_idx" ON "rx_form_log" USING btree ("product_id","at");--> statement-breakpoint
CREATE INDEX "rx_id_documents_person_idx" ON "rx_id_documents" USING btree ("person_id","created_at");--> statement-breakpoint
CREATE INDEX "rx_messages_visit_idx" ON "rx_messages" USING btree ("visit_id","sent");--> statement-breakpoint
CREATE INDEX "rx_prescriptions_visit_idx" ON "rx_prescriptions" USING btree ("visit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rx_visit_files_visit_file" ON "rx_visit_files" USING btree ("visit_id","file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rx_visits_idempotency_key" ON "rx_visits" USING btree ("account_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "rx_visits_account_idx" ON "rx_visits" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "rx_visits_status_location_idx" ON "rx_visits" USING btree ("status","location");