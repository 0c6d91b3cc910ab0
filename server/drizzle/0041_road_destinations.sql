ALTER TABLE "ledger_accounts" ADD COLUMN "destination_location_id" integer;--> statement-breakpoint
-- Backfill: every truck's destination from its slip (the rule and its select: src/ledger/road.ts, rebuildRoadStatements), before the index is built.
update ledger_accounts a set destination_location_id = d.to_location_id
  from (select s.agency_id, s.trip_id, p.to_location_id from loading_slips s join port_loadings p on p.id = s.port_loading_id
        union all select o.agency_id, o.trip_id, o.to_location_id from warehouse_outs o
        union all select o.agency_id, o.trip_id, o.to_location_id from consignee_outs o
        union all select t.agency_id, t.trip_id, t.to_location_id from transfer_slips t) d
 where a.kind = 'IN_TRANSIT' and a.trip_id = d.trip_id and a.agency_id = d.agency_id;--> statement-breakpoint
CREATE INDEX "ledger_accounts_road_idx" ON "ledger_accounts" USING btree ("agency_id","destination_location_id","owner_company_id","trip_id","balance_kg") WHERE "ledger_accounts"."kind" = 'IN_TRANSIT' and "ledger_accounts"."balance_kg" <> 0;
