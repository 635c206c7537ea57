CREATE TABLE "pharmacy_verification_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"action" text NOT NULL,
	"reason" text NOT NULL,
	"actor_account_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pharmacy_verification_events" ADD CONSTRAINT "pharmacy_verification_events_organization_id_pharmacy_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."pharmacy_organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy_verification_events" ADD CONSTRAINT "pharmacy_verification_events_actor_account_id_accounts_id_fk" FOREIGN KEY ("actor_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pharmacy_verification_events_org_idx" ON "pharmacy_verification_events" USING btree ("organization_id","created_at");