CREATE TABLE "ledger_trip_dispatches" (
	"agency_id" integer NOT NULL,
	"transaction_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"trip_id" integer,
	"voyage_id" integer,
	"consignment_id" integer,
	"owner_company_id" integer,
	"dispatched_at" timestamp with time zone NOT NULL,
	"origin_kind" text NOT NULL,
	"origin_location_id" integer,
	"origin_binding_voyage_id" integer,
	"kg" bigint NOT NULL,
	CONSTRAINT "ledger_trip_dispatches_pkey" PRIMARY KEY("transaction_id","account_id")
);
--> statement-breakpoint
ALTER TABLE "ledger_trip_dispatches" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "ledger_trip_receipts" (
	"agency_id" integer NOT NULL,
	"transaction_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"place_account_id" integer NOT NULL,
	"location_id" integer,
	"first_place" boolean NOT NULL,
	"kg" bigint NOT NULL,
	CONSTRAINT "ledger_trip_receipts_pkey" PRIMARY KEY("transaction_id","account_id","place_account_id")
);
--> statement-breakpoint
ALTER TABLE "ledger_trip_receipts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "ledger_trip_dispatches" ADD CONSTRAINT "ledger_trip_dispatches_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_trip_dispatches" ADD CONSTRAINT "ledger_trip_dispatches_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_trip_dispatches" ADD CONSTRAINT "ledger_trip_dispatches_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_trip_receipts" ADD CONSTRAINT "ledger_trip_receipts_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_trip_receipts" ADD CONSTRAINT "ledger_trip_receipts_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_trip_receipts" ADD CONSTRAINT "ledger_trip_receipts_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_trip_dispatches_period_idx" ON "ledger_trip_dispatches" USING btree ("agency_id","dispatched_at","account_id","trip_id","kg","origin_kind","origin_location_id");--> statement-breakpoint
CREATE INDEX "ledger_trip_receipts_account_idx" ON "ledger_trip_receipts" USING btree ("agency_id","account_id","first_place","location_id","kg");--> statement-breakpoint
CREATE POLICY "ledger_trip_dispatches_tenant_isolation" ON "ledger_trip_dispatches" AS PERMISSIVE FOR ALL TO "tonnage_app" USING (agency_id = nullif(current_setting('app.agency_id', true), '')::integer) WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "ledger_trip_receipts_tenant_isolation" ON "ledger_trip_receipts" AS PERMISSIVE FOR ALL TO "tonnage_app" USING (agency_id = nullif(current_setting('app.agency_id', true), '')::integer) WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::integer);--> statement-breakpoint
-- Backfill: the kept trip rows of every live posting already in the ledger (the rule and its selects: src/ledger/trip-stats.ts, tripDispatchesFromEntries and tripReceiptsFromEntries).
insert into ledger_trip_dispatches (agency_id, transaction_id, account_id, trip_id, voyage_id, consignment_id, owner_company_id, dispatched_at, origin_kind, origin_location_id, origin_binding_voyage_id, kg) select e.agency_id, e.transaction_id, e.account_id, a.trip_id, a.voyage_id, a.consignment_id, a.owner_company_id, t.created_at,
           o.kind, o.location_id, o.binding_voyage_id, sum(e.quantity_kg)::bigint
      from ledger_entries e
      join ledger_accounts a on a.id = e.account_id and a.kind = 'IN_TRANSIT'
      join ledger_transactions t on t.id = e.transaction_id and t.reverses_id is null and not exists (select 1 from ledger_transactions rv where rv.reverses_id = t.id)
      cross join lateral (
        select place.kind, place.location_id, coalesce(place.attached_voyage_id, place.voyage_id) as binding_voyage_id
          from ledger_entries pe join ledger_accounts place on place.id = pe.account_id
         where pe.transaction_id = t.id and pe.quantity_kg < 0 and place.kind in ('ON_BOARD', 'ON_HAND')
         order by place.id limit 1) o
      where e.quantity_kg > 0
      group by e.agency_id, e.transaction_id, e.account_id, a.trip_id, a.voyage_id, a.consignment_id, a.owner_company_id, t.created_at, o.kind, o.location_id, o.binding_voyage_id;
--> statement-breakpoint
insert into ledger_trip_receipts (agency_id, transaction_id, account_id, place_account_id, location_id, first_place, kg) with truck as (
        select e.agency_id, e.transaction_id, e.account_id, -sum(e.quantity_kg) as out_kg, count(*) as entries,
               a.trip_id, a.voyage_id, a.consignment_id, a.owner_company_id, a.cargo_type_id
          from ledger_entries e
          join ledger_accounts a on a.id = e.account_id and a.kind = 'IN_TRANSIT'
          join ledger_transactions t on t.id = e.transaction_id and t.reverses_id is null and not exists (select 1 from ledger_transactions rv where rv.reverses_id = t.id)
         where e.quantity_kg < 0
         group by e.agency_id, e.transaction_id, e.account_id, a.trip_id, a.voyage_id, a.consignment_id, a.owner_company_id, a.cargo_type_id),
      place as (
        select pe.transaction_id, place.location_id, min(place.id) as place_account_id
          from ledger_entries pe join ledger_accounts place on place.id = pe.account_id and place.kind = 'ON_HAND'
         where pe.quantity_kg > 0 and pe.transaction_id in (select transaction_id from truck)
         group by pe.transaction_id, place.location_id)
    select tr.agency_id, tr.transaction_id, tr.account_id, p.place_account_id, p.location_id,
           p.place_account_id = min(p.place_account_id) over (partition by tr.transaction_id, tr.account_id) as first_place,
           (tr.out_kg - tr.entries * coalesce((
             select sum(le.quantity_kg) from ledger_entries le join ledger_accounts loss on loss.id = le.account_id
              where le.transaction_id = tr.transaction_id and loss.kind = 'TRANSIT_LOSS' and loss.trip_id = tr.trip_id
                and loss.voyage_id = tr.voyage_id and loss.consignment_id = tr.consignment_id
                and loss.owner_company_id = tr.owner_company_id and loss.cargo_type_id = tr.cargo_type_id), 0))::bigint
      from truck tr join place p on p.transaction_id = tr.transaction_id;
