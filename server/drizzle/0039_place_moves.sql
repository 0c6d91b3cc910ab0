CREATE TABLE "ledger_place_moves" (
	"agency_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"day" date NOT NULL,
	"posting_type" text NOT NULL,
	"source" text NOT NULL,
	"location_id" integer,
	"owner_company_id" integer,
	"consignment_id" integer,
	"voyage_id" integer,
	"cargo_type_id" integer,
	"moves" integer NOT NULL,
	"trips" integer NOT NULL,
	"kg" bigint NOT NULL,
	"quantity_kg" bigint NOT NULL,
	CONSTRAINT "ledger_place_moves_pkey" PRIMARY KEY("account_id","day","posting_type","source")
);
--> statement-breakpoint
ALTER TABLE "ledger_place_moves" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "ledger_place_moves" ADD CONSTRAINT "ledger_place_moves_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_place_moves" ADD CONSTRAINT "ledger_place_moves_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_place_moves_place_idx" ON "ledger_place_moves" USING btree ("agency_id","location_id","day");--> statement-breakpoint
CREATE POLICY "ledger_place_moves_tenant_isolation" ON "ledger_place_moves" AS PERMISSIVE FOR ALL TO "tonnage_app" USING (agency_id = nullif(current_setting('app.agency_id', true), '')::integer) WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::integer);--> statement-breakpoint
-- Backfill: the kept arrivals of every live posting already in the ledger (the rule and its select: src/ledger/place-moves.ts, placeMovesFromEntries).
insert into ledger_place_moves (agency_id, account_id, day, posting_type, source, location_id, owner_company_id, consignment_id, voyage_id, cargo_type_id, moves, trips, kg, quantity_kg) select s.agency_id, s.account_id, (s.created_at at time zone g.timezone)::date as day, s.posting_type, s.source,
           s.location_id, s.owner_company_id, s.consignment_id, s.voyage_id, s.cargo_type_id, count(*)::integer as moves,
           sum(coalesce(cardinality(s.trip_ids), 0))::integer as trips, sum(s.net_kg)::bigint as kg, sum(coalesce(s.truck_kg, s.net_kg))::bigint as quantity_kg
      from (select m.*, tr.kg as truck_kg, tr.trip_ids, case when tr.first_trip is null then '' else coalesce((select case when x.type in ('port', 'warehouseOut', 'consigneeOut', 'warehouseTransfer', 'loan', 'loanReturn', 'sale', 'consigneeTransfer') then x.type else 'correction' end
      from (select 'port' as type from loading_slips s where s.trip_id = tr.first_trip and s.agency_id = m.agency_id
            union all select 'warehouseOut' from warehouse_outs o where o.trip_id = tr.first_trip and o.agency_id = m.agency_id
            union all select 'consigneeOut' from consignee_outs o where o.trip_id = tr.first_trip and o.agency_id = m.agency_id
            union all select t.source_kind from transfer_slips t where t.trip_id = tr.first_trip and t.agency_id = m.agency_id
            limit 1) x), 'correction') end as source
      from (
        select e.agency_id, e.transaction_id, t.type as posting_type, t.created_at, min(a.id) as account_id,
               a.location_id, a.owner_company_id, a.consignment_id, a.voyage_id, a.cargo_type_id, sum(e.quantity_kg) as net_kg
          from ledger_entries e
          join ledger_accounts a on a.id = e.account_id and a.kind = 'ON_HAND'
          join ledger_transactions t on t.id = e.transaction_id and t.reverses_id is null and not exists (select 1 from ledger_transactions rv where rv.reverses_id = t.id)
         where true
         group by e.agency_id, e.transaction_id, t.type, t.created_at, a.location_id, a.owner_company_id, a.consignment_id, a.voyage_id, a.cargo_type_id
        having sum(e.quantity_kg) > 0) m
      cross join lateral (
        select sum(-te.quantity_kg) as kg, min(ta.trip_id) as first_trip, array_agg(distinct ta.trip_id) filter (where ta.trip_id is not null) as trip_ids
          from ledger_entries te join ledger_accounts ta on ta.id = te.account_id and ta.kind = 'IN_TRANSIT' and ta.consignment_id = m.consignment_id
         where te.transaction_id = m.transaction_id and te.quantity_kg < 0) tr) s join agencies g on g.id = s.agency_id
     group by s.agency_id, s.account_id, (s.created_at at time zone g.timezone)::date, s.posting_type, s.source,
              s.location_id, s.owner_company_id, s.consignment_id, s.voyage_id, s.cargo_type_id;
