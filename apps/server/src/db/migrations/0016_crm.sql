CREATE TABLE "crm_customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"name" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"patient_account_id" uuid,
	"notes" text DEFAULT '' NOT NULL,
	"tag" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_customers_tag" CHECK ("crm_customers"."tag" in ('Prospect', 'Active', 'Inactive', 'VIP', 'AtRisk', 'NeedsFollowUp'))
);
--> statement-breakpoint
CREATE TABLE "crm_interactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"channel" text NOT NULL,
	"summary" text NOT NULL,
	"tag" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_interactions_channel" CHECK ("crm_interactions"."channel" in ('phone', 'email', 'inStore', 'other')),
	CONSTRAINT "crm_interactions_tag" CHECK ("crm_interactions"."tag" in ('Complaint', 'Praise', 'Query', 'Support', 'Info'))
);
--> statement-breakpoint
CREATE TABLE "crm_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"customer_id" uuid,
	"title" text NOT NULL,
	"due_date" date NOT NULL,
	"done" boolean DEFAULT false NOT NULL,
	"done_at" timestamp with time zone,
	"tag" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_tasks_tag" CHECK ("crm_tasks"."tag" in ('Urgent', 'HighPriority', 'MediumPriority', 'LowPriority'))
);
--> statement-breakpoint
ALTER TABLE "crm_customers" ADD CONSTRAINT "crm_customers_organization_id_pharmacy_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."pharmacy_organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_customers" ADD CONSTRAINT "crm_customers_patient_account_id_accounts_id_fk" FOREIGN KEY ("patient_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_customers" ADD CONSTRAINT "crm_customers_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_interactions" ADD CONSTRAINT "crm_interactions_organization_id_pharmacy_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."pharmacy_organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_interactions" ADD CONSTRAINT "crm_interactions_customer_id_crm_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."crm_customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_interactions" ADD CONSTRAINT "crm_interactions_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_tasks" ADD CONSTRAINT "crm_tasks_organization_id_pharmacy_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."pharmacy_organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_tasks" ADD CONSTRAINT "crm_tasks_customer_id_crm_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."crm_customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_tasks" ADD CONSTRAINT "crm_tasks_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crm_customers_org_idx" ON "crm_customers" USING btree ("organization_id","name");--> statement-breakpoint
CREATE INDEX "crm_interactions_customer_idx" ON "crm_interactions" USING btree ("customer_id","at");--> statement-breakpoint
CREATE INDEX "crm_tasks_org_idx" ON "crm_tasks" USING btree ("organization_id","done","due_date");