CREATE TABLE "ledger_place_trips" (
	"agency_id" integer NOT NULL,
	"transaction_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"direction" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"location_id" integer,
	"silo_id" integer,
	"owner_company_id" integer,
	"consignment_id" integer,
	"cargo_type_id" integer,
	"voyage_id" integer,
	"attached_voyage_id" integer,
	CONSTRAINT "ledger_place_trips_pkey" PRIMARY KEY("transaction_id","account_id","direction")
);
--> statement-breakpoint
ALTER TABLE "ledger_place_trips" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "ledger_place_trips" ADD CONSTRAINT "ledger_place_trips_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_place_trips" ADD CONSTRAINT "ledger_place_trips_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_place_trips" ADD CONSTRAINT "ledger_place_trips_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_place_trips_place_idx" ON "ledger_place_trips" USING btree ("agency_id","location_id","direction","at","transaction_id");--> statement-breakpoint
CREATE POLICY "ledger_place_trips_tenant_isolation" ON "ledger_place_trips" AS PERMISSIVE FOR ALL TO "tonnage_app" USING (agency_id = nullif(current_setting('app.agency_id', true), '')::integer) WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::integer);--> statement-breakpoint
-- Backfill: the kept truck postings of every live posting already in the ledger (the rule and its select: src/ledger/place-trips.ts, placeTripsFromEntries).
insert into ledger_place_trips (agency_id, transaction_id, account_id, direction, at, location_id, silo_id, owner_company_id, consignment_id, cargo_type_id, voyage_id, attached_voyage_id)
select distinct e.agency_id, e.transaction_id, e.account_id, case when e.quantity_kg > 0 then 'in' else 'out' end as direction, t.created_at,
           a.location_id, a.silo_id, a.owner_company_id, a.consignment_id, a.cargo_type_id, a.voyage_id, a.attached_voyage_id
      from ledger_entries e
      join ledger_accounts a on a.id = e.account_id and a.kind = 'ON_HAND'
      join ledger_transactions t on t.id = e.transaction_id and t.reverses_id is null and not exists (select 1 from ledger_transactions rv where rv.reverses_id = t.id)
     where e.quantity_kg <> 0
       and exists (select 1 from ledger_entries te join ledger_accounts ta on ta.id = te.account_id and ta.kind = 'IN_TRANSIT'
                    where te.transaction_id = e.transaction_id and sign(te.quantity_kg) = -sign(e.quantity_kg));
