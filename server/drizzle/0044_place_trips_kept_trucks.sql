-- The kept truck postings now keep what the partner tabs' trips lists show of each posting: the place's kilograms and the trucks (src/ledger/place-trips.ts).
-- The rows are made again from the entries (the rule and its select: placeTripsFromEntries), as 0042 made them, with the two new columns.
DELETE FROM "ledger_place_trips";--> statement-breakpoint
ALTER TABLE "ledger_place_trips" ADD COLUMN "quantity_kg" bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_place_trips" ADD COLUMN "trip_ids" integer[] NOT NULL;--> statement-breakpoint
insert into ledger_place_trips (agency_id, transaction_id, account_id, direction, at, location_id, silo_id, owner_company_id, consignment_id, cargo_type_id, voyage_id, attached_voyage_id, quantity_kg, trip_ids)
select p.agency_id, p.transaction_id, p.account_id, p.direction, p.at, p.location_id, p.silo_id, p.owner_company_id, p.consignment_id, p.cargo_type_id,
           p.voyage_id, p.attached_voyage_id, p.quantity_kg, coalesce(tk.trip_ids, '{}') as trip_ids
      from (
        select e.agency_id, e.transaction_id, e.account_id, case when e.quantity_kg > 0 then 'in' else 'out' end as direction, t.created_at as at,
               a.location_id, a.silo_id, a.owner_company_id, a.consignment_id, a.cargo_type_id, a.voyage_id, a.attached_voyage_id, sum(abs(e.quantity_kg))::bigint as quantity_kg
          from ledger_entries e
          join ledger_accounts a on a.id = e.account_id and a.kind = 'ON_HAND'
          join ledger_transactions t on t.id = e.transaction_id and t.reverses_id is null and not exists (select 1 from ledger_transactions rv where rv.reverses_id = t.id)
         where e.quantity_kg <> 0
         group by e.agency_id, e.transaction_id, e.account_id, 4, t.created_at, a.location_id, a.silo_id, a.owner_company_id, a.consignment_id, a.cargo_type_id, a.voyage_id, a.attached_voyage_id) p
      cross join lateral (
        select count(*) as trucks, array_agg(distinct ta.trip_id order by ta.trip_id) filter (where ta.trip_id is not null) as trip_ids
          from ledger_entries te join ledger_accounts ta on ta.id = te.account_id and ta.kind = 'IN_TRANSIT'
         where te.transaction_id = p.transaction_id and case when p.direction = 'in' then te.quantity_kg < 0 else te.quantity_kg > 0 end) tk
     where tk.trucks > 0;
