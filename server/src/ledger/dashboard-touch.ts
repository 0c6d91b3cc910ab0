import { AsyncLocalStorage } from 'node:async_hooks';
import { LOCATION_KIND_IDS, type LedgerAccountKind, type StatsType } from '@tonnage/contracts';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../platform/db/client';
import type { AccountKey } from './ledger.service';

/*
 * Which dashboard tabs a database transaction's postings touch (spec 4, Realtime: `{statsUpdated, type}` events).
 * The ledger's `post`, `reverse` and `embeddedPost` note the accounts they move in the collector of the running
 * command (an AsyncLocalStorage store the kit's `runCommand` opens per attempt of its transaction, so a retried or
 * rolled-back attempt leaves nothing behind); after the commit the kit resolves the notes to tab types (one read)
 * and emits one event per type. The mapping (docs/architecture.md, "Dashboard events"):
 * - VESSEL, ON_BOARD -> vessel
 * - a place's account (ON_HAND, HANDLING_LOSS, HANDLING_EXCESS, DELIVERED) -> its place's tab: a warehouse ->
 *   warehouse, a consignee's delivery location -> consignee, a customer's -> customer (an ownership change in place
 *   touches only that tab)
 * - a trip's account (IN_TRANSIT, TRANSIT_LOSS) -> stats (cargo went out of or into a place), and the tabs of both
 *   ends of the trip: its destination place, and its origin (a place; a port loading slip's trip leaves the vessel)
 */

/** The accounts moved in one transaction attempt, by what names their place. */
export class DashboardTouches {
  readonly types = new Set<StatsType>();
  readonly locationIds = new Set<number>();
  readonly tripIds = new Set<number>();

  note(account: Pick<AccountKey, 'kind' | 'locationId' | 'tripId'>): void {
    const kind: LedgerAccountKind = account.kind;
    if (kind === 'VESSEL' || kind === 'ON_BOARD') this.types.add('vessel');
    if (account.locationId != null) this.locationIds.add(account.locationId);
    if (kind === 'IN_TRANSIT' || kind === 'TRANSIT_LOSS') {
      this.types.add('stats');
      if (account.tripId != null) this.tripIds.add(account.tripId);
    }
  }

  get empty(): boolean {
    return this.types.size === 0 && this.locationIds.size === 0 && this.tripIds.size === 0;
  }
}

const store = new AsyncLocalStorage<DashboardTouches>();

/** Runs `work` with a fresh collector; answers its result and the collector (read it only once the work committed). */
export async function collectingTouches<T>(work: () => Promise<T>): Promise<{ result: T; touches: DashboardTouches }> {
  const touches = new DashboardTouches();
  const result = await store.run(touches, work);
  return { result, touches };
}

/** Notes the accounts of a posting in the running command's collector (nothing outside a command: seeds, fixtures). */
export function noteTouched(accounts: Iterable<Pick<AccountKey, 'kind' | 'locationId' | 'tripId'>>): void {
  const touches = store.getStore();
  if (!touches) return;
  for (const account of accounts) touches.note(account);
}

const ids = (values: Iterable<number>) => sql.join([...values].map((v) => sql`${v}::integer`), sql`, `);

/** The tab of a place: its kind and, for a delivery location, its owner's kind. */
function tabOfPlace(locationKindId: number, ownerType: string | null): StatsType | undefined {
  if (locationKindId === LOCATION_KIND_IDS.warehouse) return 'warehouse';
  if (ownerType === 'consignee') return 'consignee';
  if (ownerType === 'customer') return 'customer';
  return undefined;
}

/**
 * The tab types of the noted accounts, in a fixed order: one read of the places' kinds and the trips' ends (every
 * slip kind that starts a trip: port loading slips, Warehouse Outs, Consignee Outs, transfer slips), run in the
 * agency's transaction `tx` (after the command's commit).
 */
export async function touchedTypes(tx: Db, touches: DashboardTouches): Promise<StatsType[]> {
  const types = new Set(touches.types);
  if (touches.locationIds.size > 0 || touches.tripIds.size > 0) {
    const none = sql`null::integer`;
    const trips = touches.tripIds.size > 0 ? ids(touches.tripIds) : none;
    const places = touches.locationIds.size > 0 ? ids(touches.locationIds) : none;
    // A port loading slip's trip leaves the vessel (`from_vessel`) for its port loading's destination.
    const rows = await queryRows<{ from_vessel: boolean; location_kind_id: number | null; owner_type: string | null }>(
      tx,
      sql`with ends(from_vessel, location_id) as (
            select false, l.id from locations l where l.id in (${places})
            union all select true, pl.to_location_id from loading_slips s join port_loadings pl on pl.id = s.port_loading_id where s.trip_id in (${trips})
            union all select false, o.to_location_id from warehouse_outs o where o.trip_id in (${trips})
            union all select false, p.warehouse_id from warehouse_outs o join warehouse_pre_outs p on p.id = o.pre_out_id where o.trip_id in (${trips})
            union all select false, c.to_location_id from consignee_outs c where c.trip_id in (${trips})
            union all select false, c.location_id from consignee_outs c where c.trip_id in (${trips})
            union all select false, t.to_location_id from transfer_slips t where t.trip_id in (${trips})
            union all select false, t.from_location_id from transfer_slips t where t.trip_id in (${trips}))
          select distinct e.from_vessel, l.location_kind_id, l.owner_type from ends e left join locations l on l.id = e.location_id`,
    );
    for (const row of rows) {
      if (row.from_vessel) types.add('vessel');
      const tab = row.location_kind_id === null ? undefined : tabOfPlace(Number(row.location_kind_id), row.owner_type);
      if (tab) types.add(tab);
    }
  }
  return TAB_ORDER.filter((type) => types.has(type));
}

const TAB_ORDER: readonly StatsType[] = ['vessel', 'warehouse', 'consignee', 'customer', 'stats'];
