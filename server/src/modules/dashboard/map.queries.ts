import {
  MAP_POINT_COLORS,
  MAP_POINT_KINDS,
  consigneeResource,
  customerResource,
  deliveryLocationResource,
  warehouseResource,
  type MapPointKind,
  type ResourceDef,
  type TMapPointList,
} from '@tonnage/contracts';
import { and, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { DataScope } from '../../identity/data-scope';
import type { Db } from '../../platform/db/client';
import { columnOf, companies, fixedConditions, locations, type ResourceTable } from '../master-data/master-data.schema';
import { scopeConditions } from '../master-data/master-data.scope';

/**
 * The Map tab (spec 2.13, 3 and 7: `GET /api/dashboard/map`): the agency's places with coordinates, one point per
 * active row, of five kinds. Which rows a user sees is the master data's own declared scope of each resource
 * (`scopeConditions`, as the lists and pickers narrow them; docs/decisions.md "Data scope is declared by each
 * resource"): a consignee by its id and its shipment manager, a delivery location by the user's locations and, for
 * a consignee's site, its consignee; a warehouse by the user's locations; customers belong to no shipment manager.
 */

/** The rows of one kind: its table, its resource's declared scope, and what picks them out of the shared table. */
interface KindSource {
  kind: MapPointKind;
  table: ResourceTable;
  resource: ResourceDef;
  conditions: (table: ResourceTable) => SQL[];
}

const col = columnOf;

const sources: readonly KindSource[] = [
  { kind: 'customerHeadquarter', table: companies, resource: customerResource, conditions: () => [] },
  { kind: 'consigneeHeadquarter', table: companies, resource: consigneeResource, conditions: () => [] },
  // A delivery location belongs to a consignee or to a customer (its ownerType; the form requires the owner's id).
  { kind: 'consigneeDeliveryLocation', table: locations, resource: deliveryLocationResource, conditions: (t) => [isNotNull(col(t, 'consigneeId'))] },
  { kind: 'customerDeliveryLocation', table: locations, resource: deliveryLocationResource, conditions: (t) => [isNotNull(col(t, 'customerId'))] },
  { kind: 'warehouse', table: locations, resource: warehouseResource, conditions: () => [] },
];

/** One kind's select: active rows with both coordinates, within the user's scope. */
function selectKind(tx: Db, source: KindSource, scope: DataScope) {
  const { table, kind } = source;
  return tx
    .select({
      kind: sql<MapPointKind>`${kind}::text`.as('kind'),
      id: sql<number>`${col(table, 'id')}`.as('id'),
      name: sql<string>`${col(table, 'name')}`.as('name'),
      latitude: sql<string>`${col(table, 'latitude')}`.as('latitude'),
      longitude: sql<string>`${col(table, 'longitude')}`.as('longitude'),
    })
    .from(table)
    .where(
      and(
        ...fixedConditions(source.resource, table),
        ...source.conditions(table),
        eq(col(table, 'isActive'), true),
        isNotNull(col(table, 'latitude')),
        isNotNull(col(table, 'longitude')),
        ...scopeConditions(source.resource, table, scope),
      ),
    );
}

const kindOrder = new Map(MAP_POINT_KINDS.map((kind, index) => [kind, index]));

/** The map's points of the caller's agency (the transaction's), in legend order, then by name: one query. */
export async function mapPoints(tx: Db, params: { scope: DataScope }): Promise<TMapPointList> {
  const [first, second, ...rest] = sources.map((source) => selectKind(tx, source, params.scope));
  if (!first || !second) return [];
  const rows = await unionAll(first, second, ...rest);
  return rows
    .map((row) => ({
      kind: row.kind,
      id: Number(row.id),
      name: row.name,
      latitude: Number(row.latitude),
      longitude: Number(row.longitude),
      color: MAP_POINT_COLORS[row.kind],
    }))
    .sort((a, b) => (kindOrder.get(a.kind) ?? 0) - (kindOrder.get(b.kind) ?? 0) || a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.id - b.id);
}
