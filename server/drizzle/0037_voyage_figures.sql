CREATE TABLE "ledger_voyage_figures" (
	"agency_id" integer NOT NULL,
	"voyage_id" integer NOT NULL,
	"consignment_id" integer NOT NULL,
	"quantity_kg" bigint NOT NULL,
	"remaining_kg" bigint NOT NULL,
	"in_transit_kg" bigint NOT NULL,
	"loss_kg" bigint NOT NULL,
	CONSTRAINT "ledger_voyage_figures_pkey" PRIMARY KEY("agency_id","voyage_id","consignment_id")
);
--> statement-breakpoint
ALTER TABLE "ledger_voyage_figures" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "ledger_voyage_figures" ADD CONSTRAINT "ledger_voyage_figures_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "ledger_voyage_figures_tenant_isolation" ON "ledger_voyage_figures" AS PERMISSIVE FOR ALL TO "tonnage_app" USING (agency_id = nullif(current_setting('app.agency_id', true), '')::integer) WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::integer);--> statement-breakpoint
-- Backfill: the figures of every account already in the ledger (the rule and its select: src/ledger/voyage-figures.ts, voyageFiguresFromAccounts).
insert into ledger_voyage_figures (agency_id, voyage_id, consignment_id, quantity_kg, remaining_kg, in_transit_kg, loss_kg)
  select x.agency_id, x.voyage_id, x.consignment_id,
  coalesce(sum(-x.kg) filter (where x.kind = 'VESSEL'), 0)::bigint as quantity_kg,
  coalesce(sum(x.kg) filter (where x.kind = 'ON_BOARD'), 0)::bigint as remaining_kg,
  coalesce(sum(x.kg) filter (where x.kind = 'IN_TRANSIT'), 0)::bigint as in_transit_kg,
  coalesce(sum(x.kg) filter (where x.kind = 'TRANSIT_LOSS'), 0)::bigint as loss_kg
  from (select a.agency_id, a.voyage_id, a.consignment_id, a.trip_id, a.kind, a.balance_kg as kg from ledger_accounts a
  where a.kind in ('VESSEL', 'ON_BOARD', 'IN_TRANSIT', 'TRANSIT_LOSS')) x
  where x.kind in ('VESSEL', 'ON_BOARD', 'IN_TRANSIT', 'TRANSIT_LOSS') and x.voyage_id is not null and x.consignment_id is not null
  and not exists (select 1 from trips tr where tr.agency_id = x.agency_id and tr.id = x.trip_id and tr.kind <> 'loadingSlip')
  group by x.agency_id, x.voyage_id, x.consignment_id;
