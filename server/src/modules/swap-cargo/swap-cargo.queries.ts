import { kgToTonnes, LOCATION_KIND_IDS, type SwapCargoSortField, type TSwapCargo } from '@tonnage/contracts';
import { eq, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client';
import { caseless } from '../../platform/db/list-order';
import { cargoOwnerCondition, scopeCondition, type DataScope } from '../../identity/data-scope';
import { createdUsers, reversedUsers, toTrail, updatedUsers, userName } from '../../identity/record-trail';
import { cargoTypes, columnOf, companies, locations, silos } from '../master-data/master-data.schema';
import { consignments } from '../procurement/procurement.schema';
import { cargoSwaps } from './swap-cargo.schema';

/*
 * The reads of cargo swaps: one joined select shared by the list, the export and the record.
 */

const col = columnOf;
export const aLocations = alias(locations, 'a_location');
export const bLocations = alias(locations, 'b_location');
const aSilos = alias(silos, 'a_silo');
const bSilos = alias(silos, 'b_silo');
export const aOwners = alias(companies, 'a_owner');
export const bOwners = alias(companies, 'b_owner');
export const aConsignments = alias(consignments, 'a_consignment');
export const bConsignments = alias(consignments, 'b_consignment');
const aLcPo = sql<string>`coalesce(${aConsignments.lcNumber}, ${aConsignments.poNumber}, '')`;
const bLcPo = sql<string>`coalesce(${bConsignments.lcNumber}, ${bConsignments.poNumber}, '')`;

/**
 * The data scope of a cargo swap (spec 6): either place is one of the user's locations, and either owner passes the
 * cargo owner rule: A's side and B's side both see the swap, a third party neither.
 */
export function swapScope(scope: DataScope): SQL | undefined {
  const a = scopeCondition(scope, { location: cargoSwaps.aLocationId });
  const b = scopeCondition(scope, { location: cargoSwaps.bLocationId });
  const location = a && b ? sql`(${or(a, b)})` : undefined;
  const ownerA = cargoOwnerCondition(scope, cargoSwaps.aOwnerCompanyId);
  const ownerB = cargoOwnerCondition(scope, cargoSwaps.bOwnerCompanyId);
  const owner = ownerA && ownerB ? sql`(${or(ownerA, ownerB)})` : undefined;
  if (!location) return owner;
  return owner ? sql`(${location} and ${owner})` : location;
}

function columns() {
  return {
    id: cargoSwaps.id,
    aLocationId: cargoSwaps.aLocationId,
    aLocationName: sql<string>`${col(aLocations, 'name')}`,
    aLocationKindId: sql<number>`${col(aLocations, 'locationKindId')}`,
    aSiloId: cargoSwaps.aSiloId,
    aSiloName: sql<string | null>`${col(aSilos, 'name')}`,
    aOwnerCompanyId: cargoSwaps.aOwnerCompanyId,
    aOwnerName: sql<string>`${col(aOwners, 'name')}`,
    aConsignmentId: cargoSwaps.aConsignmentId,
    aLcPoNumber: aLcPo,
    aVoyageId: cargoSwaps.aVoyageId,
    aAttachedVoyageId: cargoSwaps.aAttachedVoyageId,
    bLocationId: cargoSwaps.bLocationId,
    bLocationName: sql<string>`${col(bLocations, 'name')}`,
    bLocationKindId: sql<number>`${col(bLocations, 'locationKindId')}`,
    bSiloId: cargoSwaps.bSiloId,
    bSiloName: sql<string | null>`${col(bSilos, 'name')}`,
    bOwnerCompanyId: cargoSwaps.bOwnerCompanyId,
    bOwnerName: sql<string>`${col(bOwners, 'name')}`,
    bConsignmentId: cargoSwaps.bConsignmentId,
    bLcPoNumber: bLcPo,
    bVoyageId: cargoSwaps.bVoyageId,
    bAttachedVoyageId: cargoSwaps.bAttachedVoyageId,
    cargoTypeId: cargoSwaps.cargoTypeId,
    cargoTypeName: sql<string>`${col(cargoTypes, 'name')}`,
    quantityKg: cargoSwaps.quantityKg,
    swapAt: cargoSwaps.swapAt,
    remarks: cargoSwaps.remarks,
    status: cargoSwaps.status,
    createdAt: cargoSwaps.createdAt,
    createdByName: userName(createdUsers),
    updatedAt: cargoSwaps.updatedAt,
    updatedByName: userName(updatedUsers),
    reversedAt: cargoSwaps.reversedAt,
    reversedByName: userName(reversedUsers),
    reverseReason: cargoSwaps.reverseReason,
  };
}

/** The joined select of cargo swaps (without WHERE). */
export function selectSwaps(tx: Db) {
  return tx
    .select(columns())
    .from(cargoSwaps)
    .innerJoin(aLocations, eq(col(aLocations, 'id'), cargoSwaps.aLocationId))
    .innerJoin(bLocations, eq(col(bLocations, 'id'), cargoSwaps.bLocationId))
    .leftJoin(aSilos, eq(col(aSilos, 'id'), cargoSwaps.aSiloId))
    .leftJoin(bSilos, eq(col(bSilos, 'id'), cargoSwaps.bSiloId))
    .innerJoin(aOwners, eq(col(aOwners, 'id'), cargoSwaps.aOwnerCompanyId))
    .innerJoin(bOwners, eq(col(bOwners, 'id'), cargoSwaps.bOwnerCompanyId))
    .innerJoin(aConsignments, eq(aConsignments.id, cargoSwaps.aConsignmentId))
    .innerJoin(bConsignments, eq(bConsignments.id, cargoSwaps.bConsignmentId))
    .innerJoin(cargoTypes, eq(col(cargoTypes, 'id'), cargoSwaps.cargoTypeId))
    .innerJoin(createdUsers, eq(createdUsers.id, cargoSwaps.createdBy))
    .leftJoin(updatedUsers, eq(updatedUsers.id, cargoSwaps.updatedBy))
    .leftJoin(reversedUsers, eq(reversedUsers.id, cargoSwaps.reversedBy));
}

type Row = Awaited<ReturnType<ReturnType<typeof selectSwaps>['where']>>[number];

const placeOf = (kind: number) => (Number(kind) === LOCATION_KIND_IDS.warehouse ? 'warehouse' : 'consigneeLocation');

export function toSwap(row: Row): TSwapCargo {
  return {
    id: row.id,
    a: {
      locationId: row.aLocationId,
      locationName: String(row.aLocationName),
      place: placeOf(row.aLocationKindId),
      siloId: row.aSiloId,
      siloName: row.aSiloName === null ? null : String(row.aSiloName),
      ownerCompanyId: row.aOwnerCompanyId,
      ownerName: String(row.aOwnerName),
      consignmentId: row.aConsignmentId,
      lcPoNumber: String(row.aLcPoNumber),
      cargoTypeId: row.cargoTypeId,
      voyageId: row.aVoyageId,
      attachedVoyageId: row.aAttachedVoyageId,
    },
    b: {
      locationId: row.bLocationId,
      locationName: String(row.bLocationName),
      place: placeOf(row.bLocationKindId),
      siloId: row.bSiloId,
      siloName: row.bSiloName === null ? null : String(row.bSiloName),
      ownerCompanyId: row.bOwnerCompanyId,
      ownerName: String(row.bOwnerName),
      consignmentId: row.bConsignmentId,
      lcPoNumber: String(row.bLcPoNumber),
      cargoTypeId: row.cargoTypeId,
      voyageId: row.bVoyageId,
      attachedVoyageId: row.bAttachedVoyageId,
    },
    cargoTypeName: String(row.cargoTypeName),
    quantity: kgToTonnes(row.quantityKg),
    swapAt: new Date(row.swapAt).toISOString(),
    remarks: row.remarks,
    ...toTrail({ ...row, createdAt: new Date(row.createdAt) }),
  };
}

export const swapSort: Record<SwapCargoSortField, SQL> = {
  swapAt: sql`${cargoSwaps.swapAt}`,
  aLocationName: caseless(col(aLocations, 'name')),
  aOwnerName: caseless(col(aOwners, 'name')),
  bLocationName: caseless(col(bLocations, 'name')),
  bOwnerName: caseless(col(bOwners, 'name')),
  quantity: sql`${cargoSwaps.quantityKg}`,
  createdAt: sql`${cargoSwaps.createdAt}`,
};
