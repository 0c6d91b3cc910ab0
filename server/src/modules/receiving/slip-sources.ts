import { kgToTonnes, SLIP_KINDS, type SlipKind, type TInTransitSlip } from '@tonnage/contracts';
import { eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../platform/db/client';
import type { DataScope } from '../../identity/data-scope';
import { loadingSlips } from '../port-loading/port-loading.schema';
import { warehouseOuts } from '../warehouse-dispatch/warehouse-dispatch.schema';
import { consigneeOuts } from '../consignee-dispatch/consignee-dispatch.schema';
import { transferSlips } from '../warehouse-transfer/transfer-slip.schema';
import { slipCargoScope } from './receiving.scope';

/*
 * The slips a truck may carry to a warehouse, a consignee location or a customer location (contracts' SLIP_KINDS):
 * a port loading slip (`loading_slips`), a warehouse loading slip (a `warehouse_outs` row) or a consignee loading
 * slip (a `consignee_outs` row, to a customer location). Each kind is one
 * entry of SLIP_SOURCES: how to lock and read it for a receipt, how to mark it received, and its arm of the slip
 * view, the one SQL relation (`slip`) that the lists, the details and the pickers join by `(slip_kind, slip_id)`.
 * A new kind of slip is one more entry here; nothing else in receiving names a kind.
 */

/** Where a slip goes, whatever its kind: a warehouse, a consignee's location or a customer's location. */
export type SlipDestination = 'warehouse' | 'consignee' | 'customer';

/** What receiving needs of a slip in transit, whatever its kind: the load it carries and where it goes. */
export interface InTransitSlip {
  kind: SlipKind;
  id: number;
  status: string;
  received: boolean;
  tripId: number;
  quantityKg: bigint;
  truckId: number;
  driverId: number;
  toLocationId: number;
  destination: SlipDestination;
  /** The IN_TRANSIT account's key (as the slip's posting wrote it) and the attached voyage of the position it lands in. */
  voyageId: number;
  attachedVoyageId: number;
  consignmentId: number;
  ownerCompanyId: number;
  cargoTypeId: number;
}

/** Who received a slip (its typed back-pointer), or null to open it again. */
export type ReceivedBy = { table: string; id: number; at: Date } | null;

export interface SlipSource {
  /** Reads the slip, locked FOR UPDATE (its received pair is written in this transaction), or null. */
  lock: (tx: Db, agencyId: number, id: number) => Promise<InTransitSlip | null>;
  markReceived: (tx: Db, id: number, by: ReceivedBy) => Promise<void>;
  /**
   * The slip's arm of the slip view, with the columns (in this order) slip_kind, slip_id, agency_id, slip_number,
   * quantity_kg, truck_id, driver_id, to_location_id, destination, status, received_table, slipped_at.
   */
  view: SQL;
}

type LockedRow = {
  id: number;
  status: string;
  received_table: string | null;
  trip_id: number;
  quantity_kg: string;
  truck_id: number;
  driver_id: number;
  to_location_id: number;
  destination: string;
  voyage_id: number;
  attached_voyage_id: number;
  consignment_id: number;
  owner_company_id: number;
  cargo_type_id: number;
};

const destinationOf = (value: string): SlipDestination => (value === 'consignee' || value === 'customer' ? value : 'warehouse');

function toSlip(kind: SlipKind, row: LockedRow): InTransitSlip {
  return {
    kind,
    id: Number(row.id),
    status: row.status,
    received: row.received_table !== null,
    tripId: Number(row.trip_id),
    quantityKg: BigInt(row.quantity_kg),
    truckId: Number(row.truck_id),
    driverId: Number(row.driver_id),
    toLocationId: Number(row.to_location_id),
    destination: destinationOf(row.destination),
    voyageId: Number(row.voyage_id),
    attachedVoyageId: Number(row.attached_voyage_id),
    consignmentId: Number(row.consignment_id),
    ownerCompanyId: Number(row.owner_company_id),
    cargoTypeId: Number(row.cargo_type_id),
  };
}

/** A port loading's transportation type as a slip destination. */
const PORT_DESTINATION = sql.raw(`(case p.transportation_type when 'directDelivery' then 'consignee' when 'customerDelivery' then 'customer' else 'warehouse' end)`);

export const SLIP_SOURCES: Record<SlipKind, SlipSource> = {
  loadingSlip: {
    lock: async (tx, agencyId, id) => {
      const [row] = await queryRows<LockedRow>(
        tx,
        sql`select s.id, s.status, s.received_table, s.trip_id, s.quantity_kg::text as quantity_kg, s.truck_id, s.driver_id, p.to_location_id, ${PORT_DESTINATION} as destination,
                   p.voyage_id, p.voyage_id as attached_voyage_id, p.consignment_id, p.owner_company_id, c.cargo_type_id
            from loading_slips s join port_loadings p on p.id = s.port_loading_id join consignments c on c.id = p.consignment_id
            where s.agency_id = ${agencyId} and s.id = ${id} for update of s`,
      );
      return row ? toSlip('loadingSlip', row) : null;
    },
    markReceived: async (tx, id, by) => {
      await tx
        .update(loadingSlips)
        .set(by === null ? { receivedTable: null, receivedId: null, receivedAt: null } : { receivedTable: by.table, receivedId: by.id, receivedAt: by.at })
        .where(eq(loadingSlips.id, id));
    },
    view: sql`select 'loadingSlip'::text as slip_kind, s.id as slip_id, s.agency_id, s.slip_number, s.quantity_kg, s.truck_id, s.driver_id, p.to_location_id,
                     ${PORT_DESTINATION}::text as destination, s.status, s.received_table, s.loaded_at as slipped_at
              from loading_slips s join port_loadings p on p.id = s.port_loading_id`,
  },
  // A Warehouse Out is its warehouse loading slip: the load is the Pre Out's position (owner, consignment, cargo
  // type, voyage, attached voyage), on the IN_TRANSIT account of the out's trip, as warehouse-dispatch posted it.
  warehouseLoadingSlip: {
    lock: async (tx, agencyId, id) => {
      const [row] = await queryRows<LockedRow>(
        tx,
        sql`select o.id, o.status, o.received_table, o.trip_id, o.quantity_kg::text as quantity_kg, po.truck_id, po.driver_id, o.to_location_id, o.destination_type as destination,
                   po.voyage_id, po.attached_voyage_id, po.consignment_id, po.owner_company_id, po.cargo_type_id
            from warehouse_outs o join warehouse_pre_outs po on po.id = o.pre_out_id
            where o.agency_id = ${agencyId} and o.id = ${id} for update of o`,
      );
      return row ? toSlip('warehouseLoadingSlip', row) : null;
    },
    markReceived: async (tx, id, by) => {
      await tx
        .update(warehouseOuts)
        .set(by === null ? { receivedTable: null, receivedId: null, receivedAt: null } : { receivedTable: by.table, receivedId: by.id, receivedAt: by.at })
        .where(eq(warehouseOuts.id, id));
    },
    view: sql`select 'warehouseLoadingSlip'::text as slip_kind, o.id as slip_id, o.agency_id, o.slip_number, o.quantity_kg, po.truck_id, po.driver_id, o.to_location_id,
                     o.destination_type::text as destination, o.status, o.received_table, o.out_at as slipped_at
              from warehouse_outs o join warehouse_pre_outs po on po.id = o.pre_out_id`,
  },
  // A Consignee Out is its consignee loading slip: the load of its consignee location's open-area position, on the
  // IN_TRANSIT account of its trip; a Customer In receives it.
  consigneeLoadingSlip: {
    lock: async (tx, agencyId, id) => {
      const [row] = await queryRows<LockedRow>(
        tx,
        sql`select o.id, o.status, o.received_table, o.trip_id, o.quantity_kg::text as quantity_kg, o.truck_id, o.driver_id, o.to_location_id, 'customer' as destination,
                   o.voyage_id, o.attached_voyage_id, o.consignment_id, o.owner_company_id, o.cargo_type_id
            from consignee_outs o where o.agency_id = ${agencyId} and o.id = ${id} for update of o`,
      );
      return row ? toSlip('consigneeLoadingSlip', row) : null;
    },
    markReceived: async (tx, id, by) => {
      await tx
        .update(consigneeOuts)
        .set(by === null ? { receivedTable: null, receivedId: null, receivedAt: null } : { receivedTable: by.table, receivedId: by.id, receivedAt: by.at })
        .where(eq(consigneeOuts.id, id));
    },
    view: sql`select 'consigneeLoadingSlip'::text as slip_kind, o.id as slip_id, o.agency_id, o.slip_number, o.quantity_kg, o.truck_id, o.driver_id, o.to_location_id,
                     'customer'::text as destination, o.status, o.received_table, o.out_at as slipped_at
              from consignee_outs o`,
  },
  // A transfer slip (a Warehouse Transfer's truck, docs/domain.md "Warehouse Transfer and the transfer slip"): the
  // load of its position on the IN_TRANSIT account of its trip and its arrival owner, to its destination.
  transferSlip: {
    lock: async (tx, agencyId, id) => {
      const [row] = await queryRows<LockedRow>(
        tx,
        sql`select t.id, t.status, t.received_table, t.trip_id, t.quantity_kg::text as quantity_kg, t.truck_id, t.driver_id, t.to_location_id, t.destination,
                   t.voyage_id, t.attached_voyage_id, t.consignment_id, t.to_owner_company_id as owner_company_id, t.cargo_type_id
            from transfer_slips t where t.agency_id = ${agencyId} and t.id = ${id} for update of t`,
      );
      return row ? toSlip('transferSlip', row) : null;
    },
    markReceived: async (tx, id, by) => {
      await tx
        .update(transferSlips)
        .set(by === null ? { receivedTable: null, receivedId: null, receivedAt: null } : { receivedTable: by.table, receivedId: by.id, receivedAt: by.at })
        .where(eq(transferSlips.id, id));
    },
    view: sql`select 'transferSlip'::text as slip_kind, t.id as slip_id, t.agency_id, t.slip_number, t.quantity_kg, t.truck_id, t.driver_id, t.to_location_id,
                     t.destination::text as destination, t.status, t.received_table, t.slipped_at
              from transfer_slips t`,
  },
};

/** The slip view: every kind's arm, as the relation `slip` (join it on `slipJoin`). */
export const slipView: SQL = sql`(${sql.join(
  SLIP_KINDS.map((kind) => sql`(${SLIP_SOURCES[kind].view})`),
  sql` union all `,
)}) as slip`;

/** The join of a receipt's `(slip_kind, slip_id)` to the slip view. */
export const slipJoin = (kind: SQL | { getSQL(): SQL }, id: SQL | { getSQL(): SQL }): SQL => sql`slip.slip_kind = ${kind} and slip.slip_id = ${id}`;

/** Columns of the slip view, for selects over a join of it. */
export const slipColumns = {
  kind: sql<string>`slip.slip_kind`,
  number: sql<number | null>`slip.slip_number`,
  quantityKg: sql<string | null>`slip.quantity_kg::text`,
};

/** A slip kind read back from SQL. */
export function asSlipKind(value: string): SlipKind {
  const kind = SLIP_KINDS.find((k) => k === value);
  if (kind === undefined) throw new Error(`unknown slip kind ${value}`);
  return kind;
}

/**
 * The slips in transit (live, not received) to a destination of one kind in the user's locations, newest first,
 * optionally at one location, matching a slip number or a plate, and passing `extra` (e.g. no live pre in).
 */
export async function slipsInTransit(
  tx: Db,
  params: { agencyId: number; scope: DataScope; destination: SlipDestination; locationId?: number | undefined; search?: string | undefined; extra?: SQL },
): Promise<TInTransitSlip[]> {
  const { scope } = params;
  if (scope.locationIds !== null && scope.locationIds.length === 0) return [];
  const conditions: SQL[] = [sql`slip.agency_id = ${params.agencyId}`, sql`slip.status = 'Active'`, sql`slip.received_table is null`, sql`slip.destination = ${params.destination}`];
  if (params.locationId !== undefined) conditions.push(sql`slip.to_location_id = ${params.locationId}`);
  if (scope.locationIds !== null) conditions.push(sql`slip.to_location_id in (${sql.join(scope.locationIds.map((id) => sql`${id}::integer`), sql`, `)})`);
  if (params.search !== undefined) conditions.push(sql`(slip.slip_number::text = ${params.search} or lower(tr.plate_number) like ${`%${params.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`})`);
  if (params.extra !== undefined) conditions.push(params.extra);
  const cargo = slipCargoScope(scope, { kind: sql`slip.slip_kind`, id: sql`slip.slip_id` });
  if (cargo !== undefined) conditions.push(cargo);
  const rows = await queryRows<{ slip_kind: string; slip_id: number; slip_number: number; quantity_kg: string; truck_id: number; plate: string; driver_id: number; driver: string; to_location_id: number; location: string }>(
    tx,
    sql`select slip.slip_kind, slip.slip_id, slip.slip_number, slip.quantity_kg::text as quantity_kg, slip.truck_id, tr.plate_number as plate, slip.driver_id, d.name as driver,
               slip.to_location_id, l.name as location
        from ${slipView} join trucks tr on tr.id = slip.truck_id join drivers d on d.id = slip.driver_id join locations l on l.id = slip.to_location_id
        where ${sql.join(conditions, sql` and `)}
        order by slip.slipped_at desc, slip.slip_kind, slip.slip_id desc limit 200`,
  );
  return rows.map((row) => ({
    slipKind: asSlipKind(row.slip_kind),
    slipId: Number(row.slip_id),
    slipNumber: String(row.slip_number),
    quantity: kgToTonnes(BigInt(row.quantity_kg)),
    truckId: Number(row.truck_id),
    truckPlate: row.plate,
    driverId: Number(row.driver_id),
    driverName: row.driver,
    toLocationId: Number(row.to_location_id),
    toLocationName: row.location,
  }));
}
