import { kgToTonnes, type OutboundSecondWeightSortField, type OutboundWeightSortField, type TOutboundFirstWeight, type TOutboundSecondWeight } from '@tonnage/contracts';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client';
import { caseless } from '../../platform/db/list-order';
import { scopeCondition, type DataScope } from '../../identity/data-scope';
import { createdUsers, reversedUsers, toTrail, updatedUsers, userName } from '../../identity/record-trail';
import { columnOf, drivers, locations, trucks, weightMachines } from '../master-data/master-data.schema';
import { outboundFirstWeights, outboundSecondWeights } from './outbound-weighing.schema';

/*
 * The reads of outbound weighings: one joined select each, shared by the lists, the export, the detail, the open
 * first weights picker and the ticket, so every screen shows the same names.
 */

const col = columnOf;
const iso = (value: Date | string): string => new Date(value).toISOString();
const secondMachines = alias(weightMachines, 'second_machine');
/** The live second weight standing on a first weight (left joined). */
export const liveSecond = alias(outboundSecondWeights, 'live_second');

/** The data scope of a weighing: the warehouse it was taken at (spec 6, location access). */
export function weighingScope(scope: DataScope): SQL | undefined {
  return scopeCondition(scope, { location: outboundFirstWeights.warehouseId });
}

/** The weighbridge's name as lists show it: its description, else its device serial. */
const machineName = (machine: typeof weightMachines) => sql<string>`coalesce(nullif(${col(machine, 'name')}, ''), ${col(machine, 'weightMachineId')})`;

function firstWeightColumns() {
  return {
    id: outboundFirstWeights.id,
    ticketNumber: outboundFirstWeights.ticketNumber,
    truckId: outboundFirstWeights.truckId,
    truckPlate: sql<string>`${col(trucks, 'plateNumber')}`,
    driverId: outboundFirstWeights.driverId,
    driverName: sql<string>`${col(drivers, 'name')}`,
    warehouseId: outboundFirstWeights.warehouseId,
    warehouseName: sql<string>`${col(locations, 'name')}`,
    machineId: outboundFirstWeights.machineId,
    weighbridge: machineName(weightMachines),
    kg: outboundFirstWeights.kg,
    capturedAt: outboundFirstWeights.capturedAt,
    manual: outboundFirstWeights.manual,
    manualReason: outboundFirstWeights.manualReason,
    remarks: outboundFirstWeights.remarks,
    secondWeightId: liveSecond.id,
    status: outboundFirstWeights.status,
    createdAt: outboundFirstWeights.createdAt,
    createdByName: userName(createdUsers),
    updatedAt: outboundFirstWeights.updatedAt,
    updatedByName: userName(updatedUsers),
    reversedAt: outboundFirstWeights.reversedAt,
    reversedByName: userName(reversedUsers),
    reverseReason: outboundFirstWeights.reverseReason,
  };
}

/** The joined select of first weights (without WHERE), with the live second weight standing on each, if any. */
export function selectFirstWeights(tx: Db) {
  return tx
    .select(firstWeightColumns())
    .from(outboundFirstWeights)
    .innerJoin(trucks, eq(col(trucks, 'id'), outboundFirstWeights.truckId))
    .innerJoin(drivers, eq(col(drivers, 'id'), outboundFirstWeights.driverId))
    .innerJoin(locations, eq(col(locations, 'id'), outboundFirstWeights.warehouseId))
    .innerJoin(weightMachines, eq(col(weightMachines, 'id'), outboundFirstWeights.machineId))
    .leftJoin(liveSecond, and(eq(liveSecond.firstWeightId, outboundFirstWeights.id), eq(liveSecond.status, 'Active')))
    .innerJoin(createdUsers, eq(createdUsers.id, outboundFirstWeights.createdBy))
    .leftJoin(updatedUsers, eq(updatedUsers.id, outboundFirstWeights.updatedBy))
    .leftJoin(reversedUsers, eq(reversedUsers.id, outboundFirstWeights.reversedBy));
}

type FirstWeightRow = Awaited<ReturnType<ReturnType<typeof selectFirstWeights>['where']>>[number];

export function toFirstWeight(row: FirstWeightRow): TOutboundFirstWeight {
  return {
    id: row.id,
    ticketNumber: String(row.ticketNumber),
    truckId: row.truckId,
    truckPlate: String(row.truckPlate),
    driverId: row.driverId,
    driverName: String(row.driverName),
    warehouseId: row.warehouseId,
    warehouseName: String(row.warehouseName),
    machineId: row.machineId,
    weighbridge: String(row.weighbridge),
    kg: Number(row.kg),
    quantity: kgToTonnes(Number(row.kg)),
    capturedAt: iso(row.capturedAt),
    manual: row.manual,
    manualReason: row.manualReason,
    remarks: row.remarks,
    closed: row.secondWeightId !== null,
    secondWeightId: row.secondWeightId,
    ...toTrail({ ...row, createdAt: new Date(row.createdAt) }),
  };
}

export const firstWeightSort: Record<OutboundWeightSortField, SQL | typeof outboundFirstWeights.id> = {
  capturedAt: sql`${outboundFirstWeights.capturedAt}`,
  ticketNumber: sql`${outboundFirstWeights.ticketNumber}`,
  truckPlate: caseless(col(trucks, 'plateNumber')),
  warehouseName: caseless(col(locations, 'name')),
  kg: sql`${outboundFirstWeights.kg}`,
  createdAt: sql`${outboundFirstWeights.createdAt}`,
};

function secondWeightColumns() {
  return {
    id: outboundSecondWeights.id,
    ticketNumber: outboundFirstWeights.ticketNumber,
    firstWeightId: outboundSecondWeights.firstWeightId,
    truckId: outboundFirstWeights.truckId,
    truckPlate: sql<string>`${col(trucks, 'plateNumber')}`,
    driverId: outboundFirstWeights.driverId,
    driverName: sql<string>`${col(drivers, 'name')}`,
    warehouseId: outboundFirstWeights.warehouseId,
    warehouseName: sql<string>`${col(locations, 'name')}`,
    machineId: outboundSecondWeights.machineId,
    weighbridge: machineName(secondMachines),
    firstKg: outboundFirstWeights.kg,
    firstAt: outboundFirstWeights.capturedAt,
    firstManual: outboundFirstWeights.manual,
    kg: outboundSecondWeights.kg,
    capturedAt: outboundSecondWeights.capturedAt,
    manual: outboundSecondWeights.manual,
    manualReason: outboundSecondWeights.manualReason,
    netKg: outboundSecondWeights.netKg,
    remarks: outboundSecondWeights.remarks,
    status: outboundSecondWeights.status,
    createdAt: outboundSecondWeights.createdAt,
    createdByName: userName(createdUsers),
    updatedAt: outboundSecondWeights.updatedAt,
    updatedByName: userName(updatedUsers),
    reversedAt: outboundSecondWeights.reversedAt,
    reversedByName: userName(reversedUsers),
    reverseReason: outboundSecondWeights.reverseReason,
  };
}

/** The joined select of second weights with their first weights (without WHERE). */
export function selectSecondWeights(tx: Db) {
  return tx
    .select(secondWeightColumns())
    .from(outboundSecondWeights)
    .innerJoin(outboundFirstWeights, eq(outboundFirstWeights.id, outboundSecondWeights.firstWeightId))
    .innerJoin(trucks, eq(col(trucks, 'id'), outboundFirstWeights.truckId))
    .innerJoin(drivers, eq(col(drivers, 'id'), outboundFirstWeights.driverId))
    .innerJoin(locations, eq(col(locations, 'id'), outboundFirstWeights.warehouseId))
    .innerJoin(secondMachines, eq(col(secondMachines, 'id'), outboundSecondWeights.machineId))
    .innerJoin(createdUsers, eq(createdUsers.id, outboundSecondWeights.createdBy))
    .leftJoin(updatedUsers, eq(updatedUsers.id, outboundSecondWeights.updatedBy))
    .leftJoin(reversedUsers, eq(reversedUsers.id, outboundSecondWeights.reversedBy));
}

type SecondWeightRow = Awaited<ReturnType<ReturnType<typeof selectSecondWeights>['where']>>[number];

export function toSecondWeight(row: SecondWeightRow): TOutboundSecondWeight {
  return {
    id: row.id,
    ticketNumber: String(row.ticketNumber),
    firstWeightId: row.firstWeightId,
    truckId: row.truckId,
    truckPlate: String(row.truckPlate),
    driverId: row.driverId,
    driverName: String(row.driverName),
    warehouseId: row.warehouseId,
    warehouseName: String(row.warehouseName),
    machineId: row.machineId,
    weighbridge: String(row.weighbridge),
    firstKg: Number(row.firstKg),
    firstAt: iso(row.firstAt),
    firstManual: row.firstManual,
    kg: Number(row.kg),
    capturedAt: iso(row.capturedAt),
    manual: row.manual,
    manualReason: row.manualReason,
    netKg: Number(row.netKg),
    netQuantity: kgToTonnes(Number(row.netKg)),
    remarks: row.remarks,
    ...toTrail({ ...row, createdAt: new Date(row.createdAt) }),
  };
}

export const secondWeightSort: Record<OutboundSecondWeightSortField, SQL> = {
  capturedAt: sql`${outboundSecondWeights.capturedAt}`,
  ticketNumber: sql`${outboundFirstWeights.ticketNumber}`,
  truckPlate: caseless(col(trucks, 'plateNumber')),
  warehouseName: caseless(col(locations, 'name')),
  kg: sql`${outboundSecondWeights.kg}`,
  netKg: sql`${outboundSecondWeights.netKg}`,
  createdAt: sql`${outboundSecondWeights.createdAt}`,
};
