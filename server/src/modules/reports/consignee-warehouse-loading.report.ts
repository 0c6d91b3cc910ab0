import type { consigneeWarehouseLoadingReport } from '@tonnage/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Actor, ReportFilters, ReportSource } from '../../kit';
import { accountScope } from '../../ledger/ledger.scope';
import { ledgerAccounts } from '../../ledger/ledger.schema';

type Filters = ReportFilters<(typeof consigneeWarehouseLoadingReport)['filters']>;

/** The warehouse positions of the statement (an alias renders as its name: `ledger_accounts p` names both). */
const place = alias(ledgerAccounts, 'p');

/**
 * Consignee Warehouse Loading report (docs/decisions.md, "Reports"): trucks in and out of warehouses per owner of the
 * cargo and warehouse, read from the ledger alone, as the ledger's `tripsIn` / `tripsOut` count them: a trip in is a
 * transaction that takes a truck's load off its IN_TRANSIT account and adds it to the owner's ON_HAND at a warehouse,
 * a trip out one that takes the owner's ON_HAND at a warehouse onto a truck's IN_TRANSIT; reversed transactions and
 * reversals count for nothing (an edit, reversed and posted again, counts once). Trips = distinct trucks' trips;
 * quantity in / out = what the warehouse's ON_HAND entries received / gave (each entry once). The period is of the
 * transactions' business time (dates in the agency's zone, both inclusive); the scope is the ON_HAND accounts' rule
 * (`accountScope`). Lines with no trip are left out.
 */
function rows(actor: Actor, filters: Filters): SQL {
  const agency = sql`${actor.agencyId}::integer`;
  const conditions: SQL[] = [
    sql`p.agency_id = ${agency}`,
    sql`p.kind = 'ON_HAND'`,
    sql`p.location_id in (select id from locations where agency_id = ${agency} and location_kind_id = 1)`,
    sql`x.reverses_id is null`,
    sql`not exists (select 1 from ledger_transactions reversal where reversal.reverses_id = x.id)`,
  ];
  const scoped = accountScope(place, 'ON_HAND', actor.scope);
  if (scoped) conditions.push(scoped);
  const zone = sql`(select timezone from agencies where id = ${agency})`;
  if (filters.fromDate) conditions.push(sql`x.created_at >= ((${filters.fromDate}::date)::timestamp at time zone ${zone})`);
  if (filters.toDate) conditions.push(sql`x.created_at < ((${filters.toDate}::date + 1)::timestamp at time zone ${zone})`);
  if (filters.ownerId !== undefined) conditions.push(sql`p.owner_company_id = ${filters.ownerId}::integer`);
  if (filters.warehouseId !== undefined) conditions.push(sql`p.location_id = ${filters.warehouseId}::integer`);
  if (filters.cargoTypeId !== undefined) conditions.push(sql`p.cargo_type_id = ${filters.cargoTypeId}::integer`);
  return sql`
    with moves as (
      select p.owner_company_id as owner_id, p.location_id as warehouse_id, pe.quantity_kg as kg, truck.trip_id,
             row_number() over (partition by pe.id order by truck.trip_id) as nth
      from ledger_entries pe
      join ${ledgerAccounts} ${place} on p.id = pe.account_id
      join ledger_transactions x on x.id = pe.transaction_id
      join ledger_entries te on te.transaction_id = pe.transaction_id and sign(te.quantity_kg) = -sign(pe.quantity_kg)
      join ledger_accounts truck on truck.id = te.account_id and truck.kind = 'IN_TRANSIT'
      where ${sql.join(conditions, sql` and `)}),
    g as (
      select owner_id, warehouse_id,
             count(distinct trip_id) filter (where kg > 0)::integer as trips_in, coalesce(sum(kg) filter (where kg > 0 and nth = 1), 0) as kg_in,
             count(distinct trip_id) filter (where kg < 0)::integer as trips_out, coalesce(-sum(kg) filter (where kg < 0 and nth = 1), 0) as kg_out
      from moves group by 1, 2)
    select g.owner_id as "ownerId", g.warehouse_id as "warehouseId", o.name as "owner", w.name as "warehouse",
           g.trips_in as "tripsIn", g.kg_in as "quantityIn", g.trips_out as "tripsOut", g.kg_out as "quantityOut"
    from g join companies o on o.id = g.owner_id join locations w on w.id = g.warehouse_id`;
}

export const consigneeWarehouseLoadingSource: ReportSource<(typeof consigneeWarehouseLoadingReport)['filters']> = {
  rows,
  tieBreak: ['ownerId', 'warehouseId'],
};
