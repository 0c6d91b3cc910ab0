-- The partner tabs' trucks on the road (issue 15): the live trucks by trip in one index-only range, and the slips going to a
-- place with their trips (port loadings' slips; Warehouse Outs, Consignee Outs and transfer slips by destination), each
-- an index-only scan. loading_slips_port_loading_idx is a prefix of its replacement. Plain CREATE INDEX: a minute at
-- most on millions of accounts; the tables are written only by postings, which wait for it.
DROP INDEX "loading_slips_port_loading_idx";--> statement-breakpoint
CREATE INDEX "consignee_outs_destination_trip_idx" ON "consignee_outs" USING btree ("to_location_id","agency_id","trip_id");--> statement-breakpoint
CREATE INDEX "ledger_accounts_live_trip_idx" ON "ledger_accounts" USING btree ("agency_id","kind","trip_id","balance_kg") WHERE "ledger_accounts"."balance_kg" <> 0;--> statement-breakpoint
CREATE INDEX "loading_slips_port_loading_trip_idx" ON "loading_slips" USING btree ("port_loading_id","agency_id","trip_id");--> statement-breakpoint
CREATE INDEX "transfer_slips_destination_trip_idx" ON "transfer_slips" USING btree ("to_location_id","agency_id","trip_id");--> statement-breakpoint
CREATE INDEX "warehouse_outs_destination_trip_idx" ON "warehouse_outs" USING btree ("to_location_id","agency_id","trip_id");