CREATE INDEX "visits_provider_state_idx" ON "visits" USING btree ("provider_id","state");--> statement-breakpoint
CREATE INDEX "notes_account_created_idx" ON "notes" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "rx_visits_pharmacy_location_idx" ON "rx_visits" USING btree ("pharmacy_id","location","pharmacy_status","pharmacy_seen_at");