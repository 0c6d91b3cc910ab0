import type { currentStockReport } from '@tonnage/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { accountScope } from '../../ledger/ledger.scope';
import { ledgerAccounts } from '../../ledger/ledger.schema';
import type { ReportFilters, ReportSource } from '../../kit';
import type { Actor } from '../../kit';

type Filters = ReportFilters<(typeof currentStockReport)['filters']>;

/**
 * Current Stocks (docs/decisions.md, "Reports"): the stock now, from the ledger's kept balances (ON_HAND accounts,
 * never the business tables), summed per place, silo (null: the open area), owner, cargo type, LC/PO and voyage
 * (attached voyages summed together), within the user's data scope (`accountScope`). On hand is the balance,
 * committed what pre-outs hold of it, usable the difference. "Hide empty" leaves out groups with neither (and reads
 * only live accounts: `ledger_accounts_live_kind_idx`).
 */
function rows(actor: Actor, filters: Filters): SQL {
  const a = ledgerAccounts;
  const conditions: SQL[] = [sql`${a.agencyId} = ${actor.agencyId}::integer`, sql`${a.kind} = 'ON_HAND'`];
  const scoped = accountScope(a, 'ON_HAND', actor.scope);
  if (scoped) conditions.push(scoped);
  const byId = (column: AnyPgColumn, value: number | undefined) => {
    if (value !== undefined) conditions.push(sql`${column} = ${value}::integer`);
  };
  byId(a.locationId, filters.locationId);
  byId(a.siloId, filters.siloId);
  byId(a.ownerCompanyId, filters.ownerId);
  byId(a.cargoTypeId, filters.cargoTypeId);
  byId(a.consignmentId, filters.consignmentId);
  byId(a.voyageId, filters.voyageId);
  if (filters.hideEmpty) conditions.push(sql`(${a.balanceKg} <> 0 or ${a.committedKg} <> 0)`);
  return sql`select g.location_id as "locationId", l.name as "location", g.silo_id, s.name as "silo", g.owner_company_id, o.name as "owner",
                    g.cargo_type_id, ct.name as "cargoType", g.consignment_id as "consignmentId", coalesce(c.lc_number, c.po_number) as "lcPo",
                    g.voyage_id, ve.name || ' / ' || v.voyage_number as "voyage",
                    g.on_hand as "onHand", g.committed as "committed", g.on_hand - g.committed as "usable"
             from (select ${a.locationId} as location_id, ${a.siloId} as silo_id, ${a.ownerCompanyId} as owner_company_id, ${a.cargoTypeId} as cargo_type_id,
                          ${a.consignmentId} as consignment_id, ${a.voyageId} as voyage_id, sum(${a.balanceKg}) as on_hand, sum(${a.committedKg}) as committed
                   from ${a} where ${sql.join(conditions, sql` and `)}
                   group by 1, 2, 3, 4, 5, 6) g
             left join locations l on l.id = g.location_id
             left join silos s on s.id = g.silo_id
             left join companies o on o.id = g.owner_company_id
             left join cargo_types ct on ct.id = g.cargo_type_id
             left join consignments c on c.id = g.consignment_id
             left join voyages v on v.id = g.voyage_id
             left join vessels ve on ve.id = v.vessel_id`;
}

export const currentStockSource: ReportSource<(typeof currentStockReport)['filters']> = {
  rows,
  tieBreak: ['locationId', 'silo_id', 'owner_company_id', 'cargo_type_id', 'consignmentId', 'voyage_id'],
};
