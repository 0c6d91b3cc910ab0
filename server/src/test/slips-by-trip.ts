import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../platform/db/client';

/** What a trip's slip says, as the dashboard's trips lists show it. */
export interface SlipOfTrip {
  /** 'port', 'warehouseOut', 'consigneeOut', or a transfer slip's source kind. */
  type: string;
  slipNumber: string;
  truck: string;
  /** Where the truck loaded: a loading slip's port, any other slip's place. */
  from: string;
  /** A loading slip's vessel / voyage (the warehouse tab's origin of a port truck), else null. */
  vesselVoyage: string | null;
  destination: string;
}

/**
 * Every trip's slip, read from the four slip tables themselves (loading slips with their port loadings, Warehouse Outs
 * with their Pre Outs, Consignee Outs, transfer slips), as the table owner: the tests' independent reading of what the
 * trips lists take from the kept trip cards.
 */
export async function slipsByTrip(db: Db): Promise<Map<number, SlipOfTrip>> {
  const rows = await queryRows<{ trip_id: number; type: string; slip_number: string; truck: string; from_name: string; vessel_voyage: string | null; destination: string }>(
    db,
    sql`select s.trip_id, 'port' as type, s.slip_number::text as slip_number, tr.plate_number as truck, pt.name as from_name,
               ve.name || ' / ' || v.voyage_number as vessel_voyage, dl.name as destination
          from loading_slips s join port_loadings p on p.id = s.port_loading_id join trucks tr on tr.id = s.truck_id join ports pt on pt.id = p.port_id
          join voyages v on v.id = p.voyage_id join vessels ve on ve.id = v.vessel_id join locations dl on dl.id = p.to_location_id
        union all
        select o.trip_id, 'warehouseOut', o.slip_number::text, tr.plate_number, fl.name, null, dl.name
          from warehouse_outs o join warehouse_pre_outs po on po.id = o.pre_out_id join trucks tr on tr.id = po.truck_id
          join locations fl on fl.id = po.warehouse_id join locations dl on dl.id = o.to_location_id
        union all
        select o.trip_id, 'consigneeOut', o.slip_number::text, tr.plate_number, fl.name, null, dl.name
          from consignee_outs o join trucks tr on tr.id = o.truck_id join locations fl on fl.id = o.location_id join locations dl on dl.id = o.to_location_id
        union all
        select o.trip_id, o.source_kind, o.slip_number::text, tr.plate_number, fl.name, null, dl.name
          from transfer_slips o join trucks tr on tr.id = o.truck_id join locations fl on fl.id = o.from_location_id join locations dl on dl.id = o.to_location_id`,
  );
  return new Map(
    rows.map((r) => [
      Number(r.trip_id),
      { type: r.type, slipNumber: r.slip_number, truck: r.truck, from: r.from_name, vesselVoyage: r.vessel_voyage, destination: r.destination },
    ]),
  );
}
