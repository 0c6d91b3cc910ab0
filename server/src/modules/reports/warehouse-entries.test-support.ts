import { LOCATION_KIND_IDS } from '@tonnage/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { ReportWorld } from './report.test-support';

/*
 * The warehouse reports' independent reading of the ledger: every ON_HAND entry at a warehouse with what its
 * transaction did, told from the transaction's other accounts (not from its posting type, as the reports do): a truck
 * (IN_TRANSIT) unloaded into the warehouse is a receipt, loaded from it a dispatch; a HANDLING_LOSS or HANDLING_EXCESS
 * posting is that; anything else an in-place change. A reversal counts as its original with the opposite quantity.
 */

export type EntryClass = 'received' | 'dispatched' | 'handlingLoss' | 'excess' | 'inPlace';

export interface WarehouseEntry {
  transactionId: number;
  locationId: number;
  voyageId: number | null;
  ownerId: number;
  cargoTypeId: number;
  /** Local business date (YYYY-MM-DD) and month (YYYY-MM) in the agency's zone. */
  date: string;
  month: string;
  kg: bigint;
  class: EntryClass;
  /** The transaction's TRANSIT_LOSS entries (a receipt's loss on the way). */
  transitLossKg: bigint;
  /** What a figure adds: the quantity, signed as the figure reads it (a dispatch or a loss positive). */
  figure: bigint;
}

interface Raw {
  transaction_id: number;
  location_id: number;
  voyage_id: number | null;
  owner_company_id: number;
  cargo_type_id: number;
  day: string;
  kg: string;
  reversal: boolean;
  transit_in: string | null;
  handling_loss: boolean;
  handling_excess: boolean;
  transit_loss: string;
}

/** The ON_HAND entries at the agency's warehouses (`where` on the account `a`), classified. */
export async function warehouseEntries(w: ReportWorld, agency: number, where: SQL = sql`true`): Promise<WarehouseEntry[]> {
  const raw = await w.rows<Raw>(
    sql`select e.transaction_id, a.location_id, a.voyage_id, a.owner_company_id, a.cargo_type_id,
               to_char(x.created_at at time zone ag.timezone, 'YYYY-MM-DD') as day, e.quantity_kg::text as kg, x.reverses_id is not null as reversal,
               (select sum(o.quantity_kg)::text from ledger_entries o join ledger_accounts oa on oa.id = o.account_id where o.transaction_id = e.transaction_id and oa.kind = 'IN_TRANSIT') as transit_in,
               exists (select 1 from ledger_entries o join ledger_accounts oa on oa.id = o.account_id where o.transaction_id = e.transaction_id and oa.kind = 'HANDLING_LOSS') as handling_loss,
               exists (select 1 from ledger_entries o join ledger_accounts oa on oa.id = o.account_id where o.transaction_id = e.transaction_id and oa.kind = 'HANDLING_EXCESS') as handling_excess,
               (select coalesce(sum(o.quantity_kg), 0)::text from ledger_entries o join ledger_accounts oa on oa.id = o.account_id where o.transaction_id = e.transaction_id and oa.kind = 'TRANSIT_LOSS') as transit_loss
        from ledger_entries e join ledger_accounts a on a.id = e.account_id join ledger_transactions x on x.id = e.transaction_id
        join agencies ag on ag.id = x.agency_id join locations l on l.id = a.location_id
        where a.kind = 'ON_HAND' and l.location_kind_id = ${LOCATION_KIND_IDS.warehouse}::integer and e.quantity_kg <> 0 and ${where}
        order by x.created_at, e.id`,
    agency,
  );
  return raw.map((r) => {
    const kg = BigInt(r.kg);
    const sign = r.reversal ? -1n : 1n;
    let entryClass: EntryClass = 'inPlace';
    if (r.transit_in !== null) entryClass = kg * sign > 0n ? 'received' : 'dispatched';
    else if (r.handling_loss) entryClass = 'handlingLoss';
    else if (r.handling_excess) entryClass = 'excess';
    const figure = entryClass === 'dispatched' || entryClass === 'handlingLoss' ? -kg : kg;
    return {
      transactionId: Number(r.transaction_id),
      locationId: Number(r.location_id),
      voyageId: r.voyage_id === null ? null : Number(r.voyage_id),
      ownerId: Number(r.owner_company_id),
      cargoTypeId: Number(r.cargo_type_id),
      date: r.day,
      month: r.day.slice(0, 7),
      kg,
      class: entryClass,
      transitLossKg: BigInt(r.transit_loss),
      figure,
    };
  });
}

/** The months from `first` to `last` (YYYY-MM), both included. */
export function monthsBetween(first: string, last: string): string[] {
  const months: string[] = [];
  let [year, month] = first.split('-').map(Number) as [number, number];
  for (;;) {
    const text = `${year}-${String(month).padStart(2, '0')}`;
    if (text > last) return months;
    months.push(text);
    month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
  }
}
