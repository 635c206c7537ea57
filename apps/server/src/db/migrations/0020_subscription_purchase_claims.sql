CREATE TABLE "subscription_purchase_claims" (
	"account_id" uuid NOT NULL,
	"slot" text NOT NULL,
	"purchase_key" text NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "subscription_purchase_claims_account_id_slot_pk" PRIMARY KEY("account_id","slot")
);
--> statement-breakpoint
ALTER TABLE "subscription_purchase_claims" ADD CONSTRAINT "subscription_purchase_claims_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;