import { kgToTonnes, tonnesToKg, ZWarehouseInInput, ZWarehousePreInInput, ZWarehouseTransferInput, type TStockPosition } from '@tonnage/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { DataScope } from '../identity/data-scope';
import { agencyTimezone } from '../identity/agency-time-zone';
import { queryRows, type Db } from '../platform/db/client';
import { columnOf, locations } from '../modules/master-data/master-data.schema';
import { cargoControlFor } from '../modules/master-data/transport-rules';
import type { WeighingDeps } from '../modules/outbound-weighing/outbound-weighing.service';
import { createIn, createPreIn } from '../modules/receiving/receiving.service';
import { createWarehouseTransfer, transferPositions } from '../modules/warehouse-transfer/warehouse-transfer.service';
import { DemoDeck } from './demo-warehouse';

/*
 * The demo's warehouse transfers (issue 14), through the services as the agency admin, unrestricted, after the
 * warehouse season: this morning a truck took wheat from the Jeddah Grain Terminal to the KAP Silo Complex, where it
 * was weighed in (Pre In), emptied into the silo with the most room and weighed out (Warehouse In, a small transit
 * loss); an hour ago a second truck left the terminal for the Yanbu Open Yard and is still on the road.
 */

const UNRESTRICTED: DataScope = { shipmentManagerIds: null, consigneeIds: null, locationIds: null };
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const col = columnOf;

/** What was done, for the first run's log line and the tests. */
export interface DemoTransfers {
  warehouseTransfers: number;
  /** Of them, received at the destination (Warehouse In). */
  warehouseTransfersReceived: number;
}

export async function seedDemoTransfers(tx: Db, params: { agencyId: number; userId: number; now: Date }): Promise<DemoTransfers> {
  const { agencyId, userId, now } = params;
  const done: DemoTransfers = { warehouseTransfers: 0, warehouseTransfersReceived: 0 };
  const actorAt = (at: Date) => ({ agencyId, userId, scope: UNRESTRICTED, now: at, lang: 'en' as const });
  const placeId = async (name: string) => {
    const [row] = await tx.select({ id: col(locations, 'id') }).from(locations).where(and(eq(col(locations, 'agencyId'), agencyId), eq(col(locations, 'name'), name)));
    return row ? Number(row.id) : null;
  };
  const idOf = async (table: 'trucks' | 'drivers' | 'weight_machines', column: 'plate_number' | 'name' | 'weight_machine_id', value: string) => {
    const [row] = await queryRows<{ id: number }>(tx, sql`select id from ${sql.identifier(table)} where agency_id = ${agencyId} and ${sql.identifier(column)} = ${value} limit 1`);
    return row ? Number(row.id) : null;
  };
  const terminal = await placeId('Jeddah Grain Terminal');
  const kap = await placeId('KAP Silo Complex');
  const yanbu = await placeId('Yanbu Open Yard');
  const kapBridge = await idOf('weight_machines', 'weight_machine_id', 'WB-KAP-01');
  const firstTruck = await idOf('trucks', 'plate_number', 'JED 7310');
  const firstDriver = await idOf('drivers', 'name', 'Imran Khan');
  const secondTruck = await idOf('trucks', 'plate_number', 'JED 4821');
  const secondDriver = await idOf('drivers', 'name', 'Mohammed Al-Sulami');
  if (terminal === null || kap === null || yanbu === null || kapBridge === null || firstTruck === null || firstDriver === null || secondTruck === null || secondDriver === null) return done;
  const timeZone = await agencyTimezone(tx, agencyId);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

  /** The terminal's largest usable position of a cargo both the terminal lets out and the destination lets in today. */
  const pick = async (destination: number, minKg: bigint): Promise<TStockPosition | undefined> => {
    const positions = (await transferPositions(tx, { agencyId, scope: UNRESTRICTED, warehouseId: terminal })).filter((p) => tonnesToKg(p.usable) >= minKg);
    positions.sort((a, b) => Number(tonnesToKg(b.usable) - tonnesToKg(a.usable)));
    for (const position of positions) {
      const out = await cargoControlFor(tx, { agencyId, cargoTypeId: position.cargoTypeId, locationId: terminal, date: today });
      const into = await cargoControlFor(tx, { agencyId, cargoTypeId: position.cargoTypeId, locationId: destination, date: today });
      if (!out.blockOut && !into.blockIn) return position;
    }
    return undefined;
  };
  const send = (position: TStockPosition, at: Date, to: number, truckId: number, driverId: number, wbtNumber: string, quantity: string, remarks: string) => {
    const { warehouseId, siloId, ownerCompanyId, consignmentId, cargoTypeId, voyageId, attachedVoyageId } = position;
    return createWarehouseTransfer(tx, {
      ...actorAt(at),
      input: ZWarehouseTransferInput.parse({ fromWarehouseId: warehouseId, siloId, ownerCompanyId, consignmentId, cargoTypeId, voyageId, attachedVoyageId, toWarehouseId: to, truckId, driverId, wbtNumber, quantity, remarks }),
    });
  };

  // ---- this morning: 32 MT to the KAP Silo Complex, weighed in and received there
  const first = await pick(kap, 32_000n);
  if (first) {
    const leftAt = new Date(now.getTime() - 5 * HOUR);
    const transfer = await send(first, leftAt, kap, firstTruck, firstDriver, 'JGT-TR-0412', '32.000', 'Moved to KAP silos to free the terminal for the next vessel.');
    done.warehouseTransfers += 1;
    const lossKg = 45;
    const receivedKg = 32_000n - BigInt(lossKg);
    const [rooms] = await queryRows<{ id: number }>(
      tx,
      sql`select s.id from silos s where s.agency_id = ${agencyId} and s.warehouse_id = ${kap} and s.is_active
          and round(s.capacity * 1000)::bigint - coalesce((select sum(a.balance_kg) from ledger_accounts a where a.agency_id = ${agencyId} and a.kind = 'ON_HAND' and a.silo_id = s.id), 0) >= ${receivedKg}
          order by round(s.capacity * 1000)::bigint - coalesce((select sum(a.balance_kg) from ledger_accounts a where a.agency_id = ${agencyId} and a.kind = 'ON_HAND' and a.silo_id = s.id), 0) desc, s.id limit 1`,
    );
    const [tare] = await queryRows<{ tare: string }>(tx, sql`select tare_weight::text as tare from trucks where id = ${firstTruck}`);
    const tareKg = Number(tonnesToKg(tare?.tare ?? '15'));
    if (rooms) {
      const deck = new DemoDeck();
      const deps: WeighingDeps = { weighbridges: deck };
      const arrival = new Date(leftAt.getTime() + 90 * MINUTE + 15 * MINUTE);
      deck.place(kapBridge, tareKg + Number(receivedKg), arrival);
      const preIn = await createPreIn(tx, deps, {
        ...actorAt(arrival),
        can: () => true,
        input: ZWarehousePreInInput.parse({ slipKind: 'transferSlip', slipId: transfer.id, truckId: firstTruck, driverId: firstDriver, warehouseId: kap, machineId: kapBridge }),
      });
      const emptied = new Date(arrival.getTime() + 35 * MINUTE);
      deck.place(kapBridge, tareKg, emptied);
      await createIn(tx, deps, {
        ...actorAt(emptied),
        can: () => true,
        input: ZWarehouseInInput.parse({ preInId: preIn.id, machineId: kapBridge, storage: 'silo', silos: [{ siloId: Number(rooms.id), quantity: kgToTonnes(receivedKg) }] }),
      });
      done.warehouseTransfersReceived += 1;
    }
  }

  // ---- an hour ago: 28 MT to the Yanbu Open Yard, still on the road
  const second = await pick(yanbu, 28_000n);
  if (second) {
    await send(second, new Date(now.getTime() - HOUR), yanbu, secondTruck, secondDriver, 'JGT-TR-0413', '28.000', 'Feed stock for the Yanbu poultry farms.');
    done.warehouseTransfers += 1;
  }
  return done;
}
