import {
  LOCATION_KIND_IDS,
  deliveryLocationResource,
  STORAGE_TYPE_IDS,
  type StorageType,
  type TAgencyLocation,
  type TLocationDetail,
  type TLocationList,
  type TLocationOption,
  type TLocationWeightMachine,
  type TLocationWeightMachineList,
  type TSiloLocationList,
  type TStorageTypeFilter,
  type ZLocationListQuery,
  type ZSiloLocationQuery,
  type ZWeightMachineLocationQuery,
} from '@tonnage/contracts';
import { and, asc, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { DataScope } from '../../identity/data-scope';
import type { Db } from '../../platform/db/client';
import { escapeLike } from '../../platform/db/query-helpers';
import { notFound } from '../../platform/errors';
import { columnOf, companies, locations, silos, weightMachines, type ResourceTable } from '../master-data/master-data.schema';
import { scopeConditions } from '../master-data/master-data.scope';

/** Columns of the registry's tables by field name. */
const column = columnOf;

/**
 * The location pickers (spec 3 and 7): warehouses and delivery locations with their silos and weight machines.
 * Every function reads inside the caller's agency transaction (`inAgency`), shows active rows only, and narrows to
 * the user's locations (spec 6, location access: `scope.locationIds`; null sees every location).
 */

export type LocationListQuery = z.output<typeof ZLocationListQuery>;
export type SiloLocationQuery = z.output<typeof ZSiloLocationQuery>;
export type WeightMachineLocationQuery = z.output<typeof ZWeightMachineLocationQuery>;

const LOCATION_NOT_FOUND = 'Location not found';

/** Typed reads of the columns this module uses: integers and text as the driver gives them, numeric as numbers. */
const int = (table: ResourceTable, name: string) => sql<number>`${column(table, name)}`;
const nullableInt = (table: ResourceTable, name: string) => sql<number | null>`${column(table, name)}`;
const text = (table: ResourceTable, name: string) => sql<string>`${column(table, name)}`;
const nullableText = (table: ResourceTable, name: string) => sql<string | null>`${column(table, name)}`;
const decimal = (table: ResourceTable, name: string) => sql<number>`${column(table, name)}`.mapWith(Number);

const location = {
  id: column(locations, 'id'),
  name: column(locations, 'name'),
  kind: column(locations, 'locationKindId'),
  storageType: column(locations, 'storageType'),
  consigneeId: column(locations, 'consigneeId'),
  customerId: column(locations, 'customerId'),
  isActive: column(locations, 'isActive'),
};
const silo = { id: column(silos, 'id'), name: column(silos, 'name'), warehouseId: column(silos, 'warehouseId'), isActive: column(silos, 'isActive') };
const machine = {
  id: column(weightMachines, 'id'),
  serial: column(weightMachines, 'weightMachineId'),
  locationId: column(weightMachines, 'locationId'),
  isActive: column(weightMachines, 'isActive'),
};

/**
 * The storage type id of spec 9 (1 silo, 2 open area, 3 both) of a stored `storage_type` value. Writes validate
 * the value; should an unknown one ever be stored, "both" keeps the location in every picker rather than hiding it.
 */
export function storageTypeIdOf(value: string): number {
  return value in STORAGE_TYPE_IDS ? STORAGE_TYPE_IDS[value as StorageType] : STORAGE_TYPE_IDS.both;
}

/**
 * The locations a user may pick at all: active, among their assigned locations when they have any, and a
 * consignee's site only when that consignee is in their scope (the delivery locations' declared scope; warehouses
 * and customers' sites have no consignee).
 */
export function visibleLocations(scope: DataScope): SQL {
  return and(eq(location.isActive, true), ...scopeConditions(deliveryLocationResource, locations, scope)) ?? sql`true`;
}

/** Picker filter 1 = has silos (silo or both), 2 = without silo, i.e. has open area (open area or both), 3 = any. */
function storageCondition(filter: TStorageTypeFilter | undefined): SQL | undefined {
  switch (filter) {
    case 1:
      return inArray(location.storageType, ['silo', 'both']);
    case 2:
      return inArray(location.storageType, ['openArea', 'both']);
    case 'storageLocations':
      return eq(location.kind, LOCATION_KIND_IDS.warehouse);
    case 3:
    case undefined:
      return undefined;
  }
}

/** The WHERE clause of the location picker: scope, kind, storage, owner, ids and search. */
function locationListConditions(scope: DataScope, query: LocationListQuery): SQL[] {
  const conditions: SQL[] = [visibleLocations(scope)];
  if (query.kind !== 'all') conditions.push(eq(location.kind, LOCATION_KIND_IDS[query.kind]));
  const storage = storageCondition(query.storageType);
  if (storage) conditions.push(storage);
  if (query.consigneeId !== undefined) conditions.push(eq(location.consigneeId, query.consigneeId));
  if (query.customerId !== undefined) conditions.push(eq(location.customerId, query.customerId));
  // Spec 6: the warehouse pickers hide consignee- and customer-owned locations unless all are allowed. Asking for
  // delivery locations, or for one owner's, is asking for owned ones.
  const ownedWanted = query.includeOwned || query.kind === 'deliveryLocation' || query.consigneeId !== undefined || query.customerId !== undefined;
  if (!ownedWanted) conditions.push(and(isNull(location.consigneeId), isNull(location.customerId)) ?? sql`true`);
  if (query.ids) conditions.push(inArray(location.id, query.ids));
  if (query.search) conditions.push(ilike(location.name, `%${escapeLike(query.search)}%`));
  return conditions;
}

const byName = (name: AnyPgColumn, id: AnyPgColumn) => [asc(sql`lower(${name})`), asc(id)];

const optionColumns = {
  id: int(locations, 'id'),
  name: text(locations, 'name'),
  locationKindId: int(locations, 'locationKindId'),
  storageType: text(locations, 'storageType'),
  consigneeId: nullableInt(locations, 'consigneeId'),
  customerId: nullableInt(locations, 'customerId'),
};

type OptionRow = { id: number; name: string; locationKindId: number; storageType: string; consigneeId: number | null; customerId: number | null };

function toOption(row: OptionRow): TLocationOption {
  return {
    id: row.id,
    name: row.name,
    locationKindId: row.locationKindId,
    storageTypeId: storageTypeIdOf(row.storageType),
    consigneeId: row.consigneeId,
    customerId: row.customerId,
    locationId: row.id,
    locationName: row.name,
  };
}

/** The active weight machines of some locations, by location id, in one query. */
async function machinesByLocation(tx: Db, locationIds: readonly number[]): Promise<Map<number, TLocationWeightMachine[]>> {
  const grouped = new Map<number, TLocationWeightMachine[]>();
  if (locationIds.length === 0) return grouped;
  const rows = await tx
    .select({ id: int(weightMachines, 'id'), weightMachineId: text(weightMachines, 'weightMachineId'), name: nullableText(weightMachines, 'name'), locationId: int(weightMachines, 'locationId') })
    .from(weightMachines)
    .where(and(eq(machine.isActive, true), inArray(machine.locationId, [...locationIds])))
    .orderBy(...byName(machine.serial, machine.id));
  for (const { locationId, ...row } of rows) grouped.set(locationId, [...(grouped.get(locationId) ?? []), row]);
  return grouped;
}

/**
 * The location picker: matching locations ordered by name, at most `limit`, with the number of matches. With
 * `storageType=storageLocations`, warehouses each with their active weight machines (the weight display).
 */
export async function listLocations(tx: Db, params: { scope: DataScope; query: LocationListQuery }): Promise<TLocationList> {
  const where = and(...locationListConditions(params.scope, params.query));
  const rows = await tx
    // The window count is taken before LIMIT: the number of matches comes with the page in one query.
    .select({ ...optionColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(locations)
    .where(where)
    .orderBy(...byName(location.name, location.id))
    .limit(params.query.limit);
  const options = rows.map(toOption);
  if (params.query.storageType === 'storageLocations') {
    const machines = await machinesByLocation(tx, options.map((o) => o.id));
    for (const option of options) option.WeightMachine = machines.get(option.id) ?? [];
  }
  return { rows: options, count: rows[0]?.total ?? 0 };
}

/** One location the user may see, with its active silos and weight machines; 404 otherwise (also when inactive). */
export async function getLocation(tx: Db, params: { scope: DataScope; id: number }): Promise<TLocationDetail> {
  const [row] = await tx
    .select({
      ...optionColumns,
      code: nullableText(locations, 'code'),
      address: nullableText(locations, 'address'),
      city: nullableText(locations, 'city'),
      latitude: decimal(locations, 'latitude'),
      longitude: decimal(locations, 'longitude'),
    })
    .from(locations)
    .where(and(eq(location.id, params.id), visibleLocations(params.scope)))
    .limit(1);
  if (!row) throw notFound(LOCATION_NOT_FOUND);
  const siloRows = await tx
    .select({ id: int(silos, 'id'), name: text(silos, 'name'), capacity: decimal(silos, 'capacity') })
    .from(silos)
    .where(and(eq(silo.warehouseId, row.id), eq(silo.isActive, true)))
    .orderBy(...byName(silo.name, silo.id));
  const machines = await machinesByLocation(tx, [row.id]);
  const { code, address, city, latitude, longitude } = row;
  return { ...toOption(row), code, address, city, latitude, longitude, Silo: siloRows, WeightMachine: machines.get(row.id) ?? [] };
}

/** The silo picker: active silos at the locations the user may see (or at one of them), ordered by location and name. */
export async function listSiloLocations(tx: Db, params: { scope: DataScope; query: SiloLocationQuery }): Promise<TSiloLocationList> {
  const conditions = [eq(silo.isActive, true), visibleLocations(params.scope)];
  if (params.query.locationId !== undefined) conditions.push(eq(silo.warehouseId, params.query.locationId));
  const rows = await tx
    .select({
      id: int(silos, 'id'),
      name: text(silos, 'name'),
      locationId: int(locations, 'id'),
      locationName: text(locations, 'name'),
      consigneeId: nullableInt(locations, 'consigneeId'),
      capacity: decimal(silos, 'capacity'),
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(silos)
    .innerJoin(locations, eq(location.id, silo.warehouseId))
    .where(and(...conditions))
    .orderBy(asc(sql`lower(${location.name})`), asc(location.id), ...byName(silo.name, silo.id))
    .limit(params.query.limit);
  return { rows: rows.map(({ total: _total, ...row }) => row), count: rows[0]?.total ?? 0 };
}

/** The active weight machines of one location the user may see (the weight display dialog); 404 for any other. */
export async function listLocationWeightMachines(tx: Db, params: { scope: DataScope; query: WeightMachineLocationQuery }): Promise<TLocationWeightMachineList> {
  const [visible] = await tx
    .select({ id: location.id })
    .from(locations)
    .where(and(eq(location.id, params.query.locationId), visibleLocations(params.scope)))
    .limit(1);
  if (!visible) throw notFound(LOCATION_NOT_FOUND);
  const rows = await tx
    .select({
      id: int(weightMachines, 'id'),
      weightMachineId: text(weightMachines, 'weightMachineId'),
      name: nullableText(weightMachines, 'name'),
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(weightMachines)
    .where(and(eq(machine.locationId, params.query.locationId), eq(machine.isActive, true)))
    .orderBy(...byName(machine.serial, machine.id))
    .limit(params.query.limit);
  return { rows: rows.map(({ total: _total, ...row }) => row), count: rows[0]?.total ?? 0 };
}

/**
 * The locations of agency data (spec 3): every active warehouse and delivery location the user may see, ordered by
 * name, each with its active silos and the shipment manager of its consignee. Two queries, whatever the count.
 */
export async function listAgencyLocations(tx: Db, params: { scope: DataScope }): Promise<TAgencyLocation[]> {
  const consigneeId = column(companies, 'id');
  const rows = await tx
    .select({
      ...optionColumns,
      shipmentManagerId: sql<number | null>`${column(companies, 'shipmentManagerId')}`,
      latitude: decimal(locations, 'latitude'),
      longitude: decimal(locations, 'longitude'),
    })
    .from(locations)
    .leftJoin(companies, eq(consigneeId, location.consigneeId))
    .where(visibleLocations(params.scope))
    .orderBy(...byName(location.name, location.id));
  const siloRows =
    rows.length === 0
      ? []
      : await tx
          .select({ id: int(silos, 'id'), name: text(silos, 'name'), capacity: decimal(silos, 'capacity'), warehouseId: int(silos, 'warehouseId') })
          .from(silos)
          .where(and(eq(silo.isActive, true), inArray(silo.warehouseId, rows.map((row) => row.id))))
          .orderBy(...byName(silo.name, silo.id));
  const silosOf = new Map<number, TAgencyLocation['Silo']>();
  for (const { warehouseId, ...row } of siloRows) silosOf.set(warehouseId, [...(silosOf.get(warehouseId) ?? []), row]);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    locationKindId: row.locationKindId,
    storageTypeId: storageTypeIdOf(row.storageType),
    customerId: row.customerId,
    consigneeId: row.consigneeId,
    Silo: silosOf.get(row.id) ?? [],
    shipmentManagerIds: row.shipmentManagerId === null ? [] : [row.shipmentManagerId],
    latitude: row.latitude,
    longitude: row.longitude,
  }));
}
