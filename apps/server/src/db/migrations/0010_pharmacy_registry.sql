CREATE TABLE "pharmacy_organizations" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"ncpdp_id" text NOT NULL,
	"npi" text DEFAULT '' NOT NULL,
	"address1" text NOT NULL,
	"address2" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip" text NOT NULL,
	"phone" text NOT NULL,
	"fax" text NOT NULL,
	"accepts_erx" boolean DEFAULT true NOT NULL,
	"verified_at" timestamp with time zone,
	"mismatches" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pharmacy_registry" (
	"ncpdp_id" text PRIMARY KEY NOT NULL,
	"npi" text NOT NULL,
	"name" text NOT NULL,
	"address1" text NOT NULL,
	"address2" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"fax" text DEFAULT '' NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "pharmacy_registry_state_idx" ON "pharmacy_registry" USING btree ("state");