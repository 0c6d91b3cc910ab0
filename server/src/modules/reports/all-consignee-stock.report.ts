import { COMPANY_TYPE_IDS, type allConsigneeStockReport } from '@tonnage/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Actor, ReportFilters, ReportSource } from '../../kit';
import { accountScope } from '../../ledger/ledger.scope';
import { ledgerAccounts } from '../../ledger/ledger.schema';
import { agencyToday, endOfDate } from './report-sql';

type Filters = ReportFilters<(typeof allConsigneeStockReport)['filters']>;

/**
 * All Consignee Stock (docs/decisions.md, "Reports"): the stock at a date is the sum of the ON_HAND entries whose
 * transaction's business time is before the end of that date in the agency's zone (the agency's today when none is
 * asked), reversals included; summed per place, silo (null: the open area), owner and cargo type, within the user's
 * scope (`accountScope`). "Hide empty" leaves out groups without stock at the date.
 */
function rows(actor: Actor, filters: Filters): SQL {
  const a = ledgerAccounts;
  const conditions: SQL[] = [sql`${a.agencyId} = ${actor.agencyId}::integer`, sql`${a.kind} = 'ON_HAND'`];
  const scoped = accountScope(a, 'ON_HAND', actor.scope);
  if (scoped) conditions.push(scoped);
  if (filters.locationId !== undefined) conditions.push(sql`${a.locationId} = ${filters.locationId}::integer`);
  if (filters.siloId !== undefined) conditions.push(sql`${a.siloId} = ${filters.siloId}::integer`);
  if (filters.ownerId !== undefined) conditions.push(sql`${a.ownerCompanyId} = ${filters.ownerId}::integer`);
  if (filters.cargoTypeId !== undefined) conditions.push(sql`${a.cargoTypeId} = ${filters.cargoTypeId}::integer`);
  const until = endOfDate(actor, filters.at ? sql`${filters.at}::date` : agencyToday(actor));
  return sql`select g.location_id as "locationId", g.silo_id as "siloId", g.owner_company_id as "ownerId", g.cargo_type_id as "cargoTypeId",
                    l.name as "location", s.name as "silo", o.name as "owner",
                    case o.company_type_id when ${COMPANY_TYPE_IDS.consignee}::integer then 'consignee' when ${COMPANY_TYPE_IDS.shipmentManager}::integer then 'shipmentManager'
                      when ${COMPANY_TYPE_IDS.customer}::integer then 'customer' else 'other' end as "ownerType",
                    ct.name as "cargoType", g.stock as "stock"
             from (select ${a.locationId} as location_id, ${a.siloId} as silo_id, ${a.ownerCompanyId} as owner_company_id, ${a.cargoTypeId} as cargo_type_id,
                          sum(e.quantity_kg) as stock
                   from ${a} join ledger_entries e on e.account_id = ${a.id}
                   join ledger_transactions x on x.id = e.transaction_id
                   where ${sql.join(conditions, sql` and `)} and x.created_at < ${until}
                   group by 1, 2, 3, 4
                   ${filters.hideEmpty ? sql`having sum(e.quantity_kg) <> 0` : sql``}) g
             left join locations l on l.id = g.location_id
             left join silos s on s.id = g.silo_id
             left join companies o on o.id = g.owner_company_id
             left join cargo_types ct on ct.id = g.cargo_type_id`;
}

export const allConsigneeStockSource: ReportSource<(typeof allConsigneeStockReport)['filters']> = {
  rows,
  tieBreak: ['locationId', 'siloId', 'ownerId', 'cargoTypeId'],
};
