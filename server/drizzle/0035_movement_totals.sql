CREATE TABLE "ledger_movement_totals" (
	"agency_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"day" date NOT NULL,
	"direction" text NOT NULL,
	"posting_type" text NOT NULL,
	"origin" text NOT NULL,
	"trips" integer NOT NULL,
	"place_trips" integer NOT NULL,
	"kg" bigint NOT NULL,
	CONSTRAINT "ledger_movement_totals_pkey" PRIMARY KEY("account_id","day","direction","posting_type","origin"),
	CONSTRAINT "ledger_movement_totals_direction_check" CHECK ("ledger_movement_totals"."direction" in ('in', 'out')),
	CONSTRAINT "ledger_movement_totals_origin_check" CHECK ("ledger_movement_totals"."origin" in ('none', 'port', 'truck'))
);
--> statement-breakpoint
ALTER TABLE "ledger_movement_totals" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "ledger_movement_totals" ADD CONSTRAINT "ledger_movement_totals_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_movement_totals" ADD CONSTRAINT "ledger_movement_totals_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "ledger_movement_totals_tenant_isolation" ON "ledger_movement_totals" AS PERMISSIVE FOR ALL TO "tonnage_app" USING (agency_id = nullif(current_setting('app.agency_id', true), '')::integer) WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::integer);--> statement-breakpoint
-- Backfill: the counters of every posting already in the ledger (the rule and its select: src/ledger/movement-totals.ts, movementTotalsFromEntries).
insert into ledger_movement_totals (agency_id, account_id, day, direction, posting_type, origin, trips, place_trips, kg)
  with m as (
  select e.agency_id, e.account_id, e.transaction_id, a.kind,
  case when a.kind = 'ON_HAND' then a.location_id else a.voyage_id end as place_id,
  t.type as posting_type, case when t.reverses_id is null then 1 else -1 end as factor,
  coalesce(o.created_at, t.created_at) as business_at, sign(e.quantity_kg)::integer as entry_sign,
  sum(abs(e.quantity_kg)) as kg
  from ledger_entries e
  join ledger_accounts a on a.id = e.account_id and a.kind in ('ON_HAND', 'ON_BOARD')
  join ledger_transactions t on t.id = e.transaction_id
  left join ledger_transactions o on o.id = t.reverses_id
  where e.quantity_kg <> 0
  group by e.agency_id, e.account_id, e.transaction_id, a.kind, a.location_id, a.voyage_id, t.type, t.reverses_id, o.created_at, t.created_at, sign(e.quantity_kg)),
  trucks as (
  select x.transaction_id, x.entry_sign, count(distinct x.trip_id)::integer as trips, min(x.trip_id) as first_trip,
  bool_or(x.from_port) filter (where x.first) as first_from_port
  from (select te.transaction_id, -sign(te.quantity_kg)::integer as entry_sign, ta.trip_id,
  ta.trip_id = min(ta.trip_id) over (partition by te.transaction_id, sign(te.quantity_kg)) as first,
  exists (select 1 from ledger_entries pe join ledger_transactions pt on pt.id = pe.transaction_id and pt.type = 'portLoading'
  where pe.account_id = ta.id and pe.quantity_kg > 0) as from_port
  from ledger_entries te join ledger_accounts ta on ta.id = te.account_id and ta.kind = 'IN_TRANSIT'
  where te.quantity_kg <> 0 and te.transaction_id in (select transaction_id from m)) x
  group by x.transaction_id, x.entry_sign),
  counted as (
  select m.agency_id, m.account_id, (m.business_at at time zone ag.timezone)::date as day,
  case when m.entry_sign * m.factor > 0 then 'in' else 'out' end as direction, m.posting_type,
  case when tr.trips is null then 'none' when m.entry_sign * m.factor > 0 and tr.first_from_port then 'port' else 'truck' end as origin,
  m.factor * coalesce(tr.trips, 0) as trips,
  m.factor * case when m.account_id = min(m.account_id) over (partition by m.transaction_id, m.kind, m.place_id, m.entry_sign) then coalesce(tr.trips, 0) else 0 end as place_trips,
  m.factor * m.kg as kg
  from m
  join agencies ag on ag.id = m.agency_id
  left join trucks tr on tr.transaction_id = m.transaction_id and tr.entry_sign = m.entry_sign)
  select agency_id, account_id, day, direction, posting_type, origin, sum(trips)::integer as trips, sum(place_trips)::integer as place_trips, sum(kg)::bigint as kg
  from counted
  group by agency_id, account_id, day, direction, posting_type, origin;
