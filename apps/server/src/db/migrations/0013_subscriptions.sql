CREATE TABLE "subscription_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"cycle" integer NOT NULL,
	"ledger_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "subscription_charges_kind" CHECK ("subscription_charges"."kind" in ('purchase', 'renewal', 'refund'))
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"company" text NOT NULL,
	"kind" text NOT NULL,
	"plan" text,
	"period" text,
	"service_id" text,
	"months" integer NOT NULL,
	"billed_cents" integer NOT NULL,
	"status" text NOT NULL,
	"renew_at" timestamp with time zone,
	"cycle" integer DEFAULT 0 NOT NULL,
	"failed_renewals" integer DEFAULT 0 NOT NULL,
	"retry_at" timestamp with time zone,
	"payment_profile_id" text,
	"purchase_key" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"ended_at" timestamp with time zone,
	"refunded" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_kind" CHECK ("subscriptions"."kind" in ('visits', 'rx')),
	CONSTRAINT "subscriptions_status" CHECK ("subscriptions"."status" in ('active', 'cancelled', 'inactive'))
);
--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD CONSTRAINT "subscription_charges_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_charges_once" ON "subscription_charges" USING btree ("subscription_id","kind","cycle");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_purchase_key" ON "subscriptions" USING btree ("account_id","purchase_key");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_one_plan" ON "subscriptions" USING btree ("account_id") WHERE "subscriptions"."kind" = 'visits' and "subscriptions"."status" <> 'inactive';--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_one_service" ON "subscriptions" USING btree ("account_id","service_id") WHERE "subscriptions"."kind" = 'rx' and "subscriptions"."status" <> 'inactive';--> statement-breakpoint
CREATE INDEX "subscriptions_due" ON "subscriptions" USING btree ("renew_at");--> statement-breakpoint
CREATE INDEX "subscriptions_company" ON "subscriptions" USING btree ("company");