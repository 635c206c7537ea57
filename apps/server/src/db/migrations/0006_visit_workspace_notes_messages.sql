CREATE TABLE "meet_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"visit_id" uuid NOT NULL,
	"link_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"session_hash" text,
	"session_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"visit_id" uuid,
	"provider_id" uuid,
	"provider_name" text NOT NULL,
	"author" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"provider_credential" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prescriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"visit_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"medication" text NOT NULL,
	"strength" text NOT NULL,
	"quantity" integer NOT NULL,
	"refills" integer NOT NULL,
	"directions" text NOT NULL,
	"pharmacy" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_profiles" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"suffix" text DEFAULT '' NOT NULL,
	"npi" text NOT NULL,
	"credential" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visit_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"visit_id" uuid NOT NULL,
	"owner" uuid NOT NULL,
	"client_id" text,
	"type" text DEFAULT 'chat' NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"phone" text,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sent" timestamp with time zone DEFAULT now() NOT NULL,
	"received" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "meet_links" ADD CONSTRAINT "meet_links_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_provider_id_accounts_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_provider_id_accounts_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD CONSTRAINT "provider_profiles_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_messages" ADD CONSTRAINT "visit_messages_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_messages" ADD CONSTRAINT "visit_messages_owner_accounts_id_fk" FOREIGN KEY ("owner") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "meet_links_link_hash" ON "meet_links" USING btree ("link_hash");--> statement-breakpoint
CREATE INDEX "meet_links_session_idx" ON "meet_links" USING btree ("session_hash");--> statement-breakpoint
CREATE INDEX "notes_person_created_idx" ON "notes" USING btree ("person_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "notes_visit_unique" ON "notes" USING btree ("visit_id");--> statement-breakpoint
CREATE INDEX "prescriptions_visit_idx" ON "prescriptions" USING btree ("visit_id");--> statement-breakpoint
CREATE INDEX "visit_messages_visit_idx" ON "visit_messages" USING btree ("visit_id","sent");--> statement-breakpoint
CREATE UNIQUE INDEX "visit_messages_client_id" ON "visit_messages" USING btree ("visit_id","owner","client_id");