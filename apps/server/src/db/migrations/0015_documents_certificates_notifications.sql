CREATE TABLE "covid_certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"verification_id" text NOT NULL,
	"visit_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"test_type" text NOT NULL,
	"result" text NOT NULL,
	"tested_on" text NOT NULL,
	"provider_id" uuid NOT NULL,
	"provider_name" text NOT NULL,
	"provider_credential" jsonb NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"source" text NOT NULL,
	"fdate" date NOT NULL,
	"ftype" text NOT NULL,
	"fdesc" text DEFAULT '' NOT NULL,
	"author" text DEFAULT '' NOT NULL,
	"filer" text DEFAULT '' NOT NULL,
	"filer_account_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "push_devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"token" text NOT NULL,
	"session_id" uuid,
	"p256dh" text,
	"auth" text,
	"failures" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "covid_certificates" ADD CONSTRAINT "covid_certificates_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "covid_certificates" ADD CONSTRAINT "covid_certificates_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "covid_certificates" ADD CONSTRAINT "covid_certificates_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "covid_certificates" ADD CONSTRAINT "covid_certificates_provider_id_accounts_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_filer_account_id_accounts_id_fk" FOREIGN KEY ("filer_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_devices" ADD CONSTRAINT "push_devices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "covid_certificates_verification_id_key" ON "covid_certificates" USING btree ("verification_id");--> statement-breakpoint
CREATE UNIQUE INDEX "covid_certificates_visit_id_key" ON "covid_certificates" USING btree ("visit_id");--> statement-breakpoint
CREATE INDEX "covid_certificates_account_idx" ON "covid_certificates" USING btree ("account_id","issued_at");--> statement-breakpoint
CREATE INDEX "documents_account_fdate_idx" ON "documents" USING btree ("account_id","fdate");--> statement-breakpoint
CREATE UNIQUE INDEX "push_devices_channel_token_key" ON "push_devices" USING btree ("channel","token");--> statement-breakpoint
CREATE INDEX "push_devices_account_idx" ON "push_devices" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "push_devices_session_idx" ON "push_devices" USING btree ("session_id");