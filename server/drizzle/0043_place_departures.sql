CREATE TABLE "ledger_place_departures" (
	"agency_id" integer NOT NULL,
	"transaction_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"posting_type" text NOT NULL,
	"location_id" integer,
	"owner_company_id" integer,
	"consignment_id" integer,
	"voyage_id" integer,
	"cargo_type_id" integer,
	"net_kg" bigint NOT NULL,
	"slip_type" text,
	"to_owner_id" integer,
	"to_consignment_id" integer,
	"trips" integer[] NOT NULL,
	CONSTRAINT "ledger_place_departures_pkey" PRIMARY KEY("transaction_id","account_id")
);
--> statement-breakpoint
ALTER TABLE "ledger_place_departures" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "ledger_place_departures" ADD CONSTRAINT "ledger_place_departures_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_place_departures" ADD CONSTRAINT "ledger_place_departures_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_place_departures" ADD CONSTRAINT "ledger_place_departures_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_place_departures_place_idx" ON "ledger_place_departures" USING btree ("agency_id","location_id","at");--> statement-breakpoint
CREATE POLICY "ledger_place_departures_tenant_isolation" ON "ledger_place_departures" AS PERMISSIVE FOR ALL TO "tonnage_app" USING (agency_id = nullif(current_setting('app.agency_id', true), '')::integer) WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::integer);--> statement-breakpoint
-- Backfill: the kept departures of every live posting already in the ledger (the rule and its select: src/ledger/place-departures.ts, placeDeparturesFromEntries).
insert into ledger_place_departures (agency_id, transaction_id, account_id, at, posting_type, location_id, owner_company_id, consignment_id, voyage_id, cargo_type_id, net_kg, slip_type, to_owner_id, to_consignment_id, trips)
select d.agency_id, d.transaction_id, d.account_id, d.at, d.posting_type, d.location_id, d.owner_company_id, d.consignment_id, d.voyage_id, d.cargo_type_id, d.net_kg,
           case when d.trucks > 0 then coalesce(slip.type, 'correction') end as slip_type,
           case when d.trucks = 0 then (case when d.counter_owner <> d.owner_company_id then d.counter_owner end)
                when d.first_owner <> d.owner_company_id then d.first_owner
                when destination.owner_id <> d.owner_company_id then destination.owner_id end as to_owner_id,
           case when d.trucks = 0 and d.counter_consignment <> d.consignment_id then d.counter_consignment end as to_consignment_id,
           d.trips
      from (select m.*, tk.trucks, tk.first_trip, tk.first_owner, counter.owner_company_id as counter_owner, counter.consignment_id as counter_consignment, coalesce(tk.trips, '{}') as trips
      from (
        select e.agency_id, e.transaction_id, min(a.id) as account_id, t.created_at as at, t.type as posting_type,
               a.location_id, a.owner_company_id, a.consignment_id, a.voyage_id, a.cargo_type_id, sum(e.quantity_kg) as net_kg
          from ledger_entries e
          join ledger_accounts a on a.id = e.account_id and a.kind = 'ON_HAND'
          join ledger_transactions t on t.id = e.transaction_id and t.reverses_id is null and not exists (select 1 from ledger_transactions rv where rv.reverses_id = t.id)
         where true
         group by e.agency_id, e.transaction_id, t.created_at, t.type, a.location_id, a.owner_company_id, a.consignment_id, a.voyage_id, a.cargo_type_id
        having sum(e.quantity_kg) < 0) m
      cross join lateral (
        select count(*)::integer as trucks, (array_agg(ta.trip_id order by te.id))[1] as first_trip, (array_agg(ta.owner_company_id order by te.id))[1] as first_owner,
               array_agg(ta.trip_id order by te.id) filter (where ta.trip_id is not null) as trips
          from ledger_entries te join ledger_accounts ta on ta.id = te.account_id and ta.kind = 'IN_TRANSIT' and ta.consignment_id = m.consignment_id
         where te.transaction_id = m.transaction_id and te.agency_id = m.agency_id and te.quantity_kg > 0) tk
      left join lateral (
        select ca.owner_company_id, ca.consignment_id
          from ledger_entries ce join ledger_accounts ca on ca.id = ce.account_id and ca.kind = 'ON_HAND'
         where ce.transaction_id = m.transaction_id and ce.agency_id = m.agency_id and ce.quantity_kg > 0
           and (ca.owner_company_id is distinct from m.owner_company_id or ca.consignment_id is distinct from m.consignment_id)
         order by ce.id limit 1) counter on tk.trucks = 0) d
      left join lateral (
        select x.type, x.to_location_id from (
          select 'port' as type, p.to_location_id from loading_slips s join port_loadings p on p.id = s.port_loading_id where s.trip_id = d.first_trip and s.agency_id = d.agency_id
          union all select 'warehouseOut', o.to_location_id from warehouse_outs o where o.trip_id = d.first_trip and o.agency_id = d.agency_id
          union all select 'consigneeOut', o.to_location_id from consignee_outs o where o.trip_id = d.first_trip and o.agency_id = d.agency_id
          union all select case when t.source_kind in ('warehouseTransfer', 'loan', 'loanReturn', 'sale', 'consigneeTransfer') then t.source_kind else 'correction' end, t.to_location_id
            from transfer_slips t where t.trip_id = d.first_trip and t.agency_id = d.agency_id) x
        limit 1) slip on d.trucks > 0
      left join lateral (select coalesce(l.consignee_id, l.customer_id) as owner_id from locations l where l.id = slip.to_location_id and l.agency_id = d.agency_id) destination on true;
