CREATE TABLE "provider_licence_reminders" (
	"account_id" uuid NOT NULL,
	"state" text NOT NULL,
	"expires_on" date NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_licence_reminders_account_id_state_expires_on_pk" PRIMARY KEY("account_id","state","expires_on")
);
--> statement-breakpoint
ALTER TABLE "provider_licenses" ADD COLUMN "number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_licenses" ADD COLUMN "expires_on" date;--> statement-breakpoint
ALTER TABLE "provider_profiles" ADD COLUMN "dea" text;--> statement-breakpoint
ALTER TABLE "provider_licence_reminders" ADD CONSTRAINT "provider_licence_reminders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;