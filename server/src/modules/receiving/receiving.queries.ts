import { kgToTonnes, type TWarehouseIn, type TWarehousePreIn } from '@tonnage/contracts';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client';
import { caseless } from '../../platform/db/list-order';
import { scopeCondition, type DataScope } from '../../identity/data-scope';
import { createdUsers, reversedUsers, toTrail, updatedUsers, userName } from '../../identity/record-trail';
import { columnOf, drivers, locations, trucks } from '../master-data/master-data.schema';
import { warehouseIns, warehousePreIns } from './receiving.schema';
import { asSlipKind, slipColumns, slipJoin as slipViewJoin, slipView } from './slip-sources';
import { slipCargoScope } from './receiving.scope';

/*
 * The reads of pre ins and warehouse ins: one joined select each, shared by the lists, the export and the detail.
 * The slip is joined by its kind and id through the slip view (slip-sources.ts), whatever its kind.
 */

const col = columnOf;
const iso = (value: Date | string): string => new Date(value).toISOString();
/** The live warehouse in standing on a pre in (left joined). */
export const liveIn = alias(warehouseIns, 'live_in');

/** The data scope of a pre in or warehouse in: its warehouse (spec 6, location access) and its slip's cargo (receiving.scope.ts). */
export function receivingScope(scope: DataScope): SQL | undefined {
  return and(scopeCondition(scope, { location: warehousePreIns.warehouseId }), slipCargoScope(scope, { kind: warehousePreIns.slipKind, id: warehousePreIns.slipId }));
}

const slipJoin = slipViewJoin(warehousePreIns.slipKind, warehousePreIns.slipId);

function preInColumns() {
  return {
    id: warehousePreIns.id,
    ticketNumber: warehousePreIns.ticketNumber,
    slipKind: warehousePreIns.slipKind,
    slipId: warehousePreIns.slipId,
    slipNumber: slipColumns.number,
    slipKg: slipColumns.quantityKg,
    truckId: warehousePreIns.truckId,
    truckPlate: sql<string>`${col(trucks, 'plateNumber')}`,
    driverId: warehousePreIns.driverId,
    driverName: sql<string>`${col(drivers, 'name')}`,
    warehouseId: warehousePreIns.warehouseId,
    warehouseName: sql<string>`${col(locations, 'name')}`,
    machineId: warehousePreIns.machineId,
    kg: warehousePreIns.kg,
    capturedAt: warehousePreIns.capturedAt,
    manual: warehousePreIns.manual,
    manualReason: warehousePreIns.manualReason,
    remarks: warehousePreIns.remarks,
    warehouseInId: liveIn.id,
    status: warehousePreIns.status,
    createdAt: warehousePreIns.createdAt,
    createdByName: userName(createdUsers),
    updatedAt: warehousePreIns.updatedAt,
    updatedByName: userName(updatedUsers),
    reversedAt: warehousePreIns.reversedAt,
    reversedByName: userName(reversedUsers),
    reverseReason: warehousePreIns.reverseReason,
  };
}

/** The joined select of pre ins (without WHERE). */
export function selectPreIns(tx: Db) {
  return tx
    .select(preInColumns())
    .from(warehousePreIns)
    .innerJoin(trucks, eq(col(trucks, 'id'), warehousePreIns.truckId))
    .innerJoin(drivers, eq(col(drivers, 'id'), warehousePreIns.driverId))
    .innerJoin(locations, eq(col(locations, 'id'), warehousePreIns.warehouseId))
    .leftJoin(slipView, slipJoin)
    .leftJoin(liveIn, and(eq(liveIn.preInId, warehousePreIns.id), eq(liveIn.status, 'Active')))
    .innerJoin(createdUsers, eq(createdUsers.id, warehousePreIns.createdBy))
    .leftJoin(updatedUsers, eq(updatedUsers.id, warehousePreIns.updatedBy))
    .leftJoin(reversedUsers, eq(reversedUsers.id, warehousePreIns.reversedBy));
}

type PreInRow = Awaited<ReturnType<ReturnType<typeof selectPreIns>['where']>>[number];

export function toPreIn(row: PreInRow): TWarehousePreIn {
  return {
    id: row.id,
    ticketNumber: String(row.ticketNumber),
    slipKind: asSlipKind(row.slipKind),
    slipId: row.slipId,
    slipNumber: row.slipNumber === null ? '' : String(row.slipNumber),
    slipQuantity: row.slipKg === null ? '0.000' : kgToTonnes(BigInt(row.slipKg)),
    truckId: row.truckId,
    truckPlate: String(row.truckPlate),
    driverId: row.driverId,
    driverName: String(row.driverName),
    warehouseId: row.warehouseId,
    warehouseName: String(row.warehouseName),
    machineId: row.machineId,
    kg: Number(row.kg),
    capturedAt: iso(row.capturedAt),
    manual: row.manual,
    manualReason: row.manualReason,
    remarks: row.remarks,
    warehouseInId: row.warehouseInId,
    ...toTrail({ ...row, createdAt: new Date(row.createdAt) }),
  };
}

export const preInSort = {
  capturedAt: sql`${warehousePreIns.capturedAt}`,
  ticketNumber: sql`${warehousePreIns.ticketNumber}`,
  truckPlate: caseless(col(trucks, 'plateNumber')),
  warehouseName: caseless(col(locations, 'name')),
  kg: sql`${warehousePreIns.kg}`,
  createdAt: sql`${warehousePreIns.createdAt}`,
};

function inColumns() {
  return {
    id: warehouseIns.id,
    preInId: warehouseIns.preInId,
    ticketNumber: warehousePreIns.ticketNumber,
    slipKind: warehousePreIns.slipKind,
    slipId: warehousePreIns.slipId,
    slipNumber: slipColumns.number,
    truckPlate: sql<string>`${col(trucks, 'plateNumber')}`,
    driverName: sql<string>`${col(drivers, 'name')}`,
    warehouseId: warehousePreIns.warehouseId,
    warehouseName: sql<string>`${col(locations, 'name')}`,
    machineId: warehouseIns.machineId,
    firstKg: warehousePreIns.kg,
    kg: warehouseIns.kg,
    capturedAt: warehouseIns.capturedAt,
    manual: warehouseIns.manual,
    manualReason: warehouseIns.manualReason,
    slipKg: warehouseIns.slipKg,
    receivedKg: warehouseIns.receivedKg,
    storage: warehouseIns.storage,
    remarks: warehouseIns.remarks,
    shares: sql<{ siloId: number | null; siloName: string | null; kg: number }[]>`(select coalesce(json_agg(json_build_object('siloId', s.silo_id, 'siloName', silo.name, 'kg', s.quantity_kg) order by s.id), '[]'::json)
      from warehouse_in_shares s left join silos silo on silo.id = s.silo_id where s.warehouse_in_id = ${warehouseIns.id})`,
    status: warehouseIns.status,
    createdAt: warehouseIns.createdAt,
    createdByName: userName(createdUsers),
    updatedAt: warehouseIns.updatedAt,
    updatedByName: userName(updatedUsers),
    reversedAt: warehouseIns.reversedAt,
    reversedByName: userName(reversedUsers),
    reverseReason: warehouseIns.reverseReason,
  };
}

/** The joined select of warehouse ins (without WHERE). */
export function selectIns(tx: Db) {
  return tx
    .select(inColumns())
    .from(warehouseIns)
    .innerJoin(warehousePreIns, eq(warehousePreIns.id, warehouseIns.preInId))
    .innerJoin(trucks, eq(col(trucks, 'id'), warehousePreIns.truckId))
    .innerJoin(drivers, eq(col(drivers, 'id'), warehousePreIns.driverId))
    .innerJoin(locations, eq(col(locations, 'id'), warehousePreIns.warehouseId))
    .leftJoin(slipView, slipJoin)
    .innerJoin(createdUsers, eq(createdUsers.id, warehouseIns.createdBy))
    .leftJoin(updatedUsers, eq(updatedUsers.id, warehouseIns.updatedBy))
    .leftJoin(reversedUsers, eq(reversedUsers.id, warehouseIns.reversedBy));
}

type InRow = Awaited<ReturnType<ReturnType<typeof selectIns>['where']>>[number];

export function toWarehouseIn(row: InRow): TWarehouseIn {
  return {
    id: row.id,
    preInId: row.preInId,
    ticketNumber: String(row.ticketNumber),
    slipKind: asSlipKind(row.slipKind),
    slipId: row.slipId,
    slipNumber: row.slipNumber === null ? '' : String(row.slipNumber),
    truckPlate: String(row.truckPlate),
    driverName: String(row.driverName),
    warehouseId: row.warehouseId,
    warehouseName: String(row.warehouseName),
    machineId: row.machineId,
    firstKg: Number(row.firstKg),
    kg: Number(row.kg),
    capturedAt: iso(row.capturedAt),
    manual: row.manual,
    manualReason: row.manualReason,
    slipQuantity: kgToTonnes(row.slipKg),
    receivedKg: Number(row.receivedKg),
    receivedQuantity: kgToTonnes(row.receivedKg),
    transitLoss: kgToTonnes(row.slipKg - row.receivedKg),
    storage: row.storage === 'silo' ? 'silo' : 'openArea',
    shares: row.shares.map((share) => ({ siloId: share.siloId === null ? null : Number(share.siloId), siloName: share.siloName, quantity: kgToTonnes(Number(share.kg)) })),
    remarks: row.remarks,
    ...toTrail({ ...row, createdAt: new Date(row.createdAt) }),
  };
}

export const inSort = {
  capturedAt: sql`${warehouseIns.capturedAt}`,
  ticketNumber: sql`${warehousePreIns.ticketNumber}`,
  truckPlate: caseless(col(trucks, 'plateNumber')),
  warehouseName: caseless(col(locations, 'name')),
  receivedKg: sql`${warehouseIns.receivedKg}`,
  createdAt: sql`${warehouseIns.createdAt}`,
};
