CREATE TABLE "inbox_attachments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"email_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"file_id" uuid,
	"owner_account_id" uuid,
	"name" text NOT NULL,
	"content_type" text,
	"size" integer NOT NULL,
	"refusal" text
);
--> statement-breakpoint
CREATE TABLE "inbox_emails" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"thread_id" uuid NOT NULL,
	"direction" text NOT NULL,
	"message_id" text NOT NULL,
	"in_reply_to" text,
	"references" text[] DEFAULT '{}'::text[] NOT NULL,
	"from_address" text NOT NULL,
	"from_name" text,
	"reply_address" text NOT NULL,
	"to_addresses" text[] DEFAULT '{}'::text[] NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"sent_by_account_id" uuid,
	"size" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbox_threads" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"subject" text NOT NULL,
	"counterpart" text NOT NULL,
	"counterpart_name" text,
	"message_count" integer DEFAULT 0 NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"last_direction" text NOT NULL,
	"last_snippet" text DEFAULT '' NOT NULL,
	"has_attachments" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "inbox_attachments" ADD CONSTRAINT "inbox_attachments_email_id_inbox_emails_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."inbox_emails"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_attachments" ADD CONSTRAINT "inbox_attachments_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_attachments" ADD CONSTRAINT "inbox_attachments_owner_account_id_accounts_id_fk" FOREIGN KEY ("owner_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_emails" ADD CONSTRAINT "inbox_emails_organization_id_pharmacy_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."pharmacy_organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_emails" ADD CONSTRAINT "inbox_emails_thread_id_inbox_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."inbox_threads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_emails" ADD CONSTRAINT "inbox_emails_sent_by_account_id_accounts_id_fk" FOREIGN KEY ("sent_by_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_threads" ADD CONSTRAINT "inbox_threads_organization_id_pharmacy_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."pharmacy_organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbox_attachments_email_idx" ON "inbox_attachments" USING btree ("email_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "inbox_emails_org_message_id_key" ON "inbox_emails" USING btree ("organization_id","message_id");--> statement-breakpoint
CREATE INDEX "inbox_emails_thread_idx" ON "inbox_emails" USING btree ("thread_id","at");--> statement-breakpoint
CREATE INDEX "inbox_threads_org_last_idx" ON "inbox_threads" USING btree ("organization_id","last_at" DESC NULLS LAST,"id");