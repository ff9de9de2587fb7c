CREATE INDEX "event_deliveries_log_idx" ON "event_deliveries" USING btree ("endpoint_id","created_at","id");--> statement-breakpoint
CREATE INDEX "event_deliveries_log_state_idx" ON "event_deliveries" USING btree ("endpoint_id","state","created_at","id");--> statement-breakpoint
CREATE INDEX "event_outbox_type_idx" ON "event_outbox" USING btree ("type","created_at");