import type { TPortLoading } from '@tonnage/contracts';

/** Who created a test record and when (Lina, 21-Nov-2026 08:00 UTC), never updated nor reversed. */
export const testRecordTrail = {
  createdAt: '2026-11-21T08:00:00.000Z',
  createdBy: 'Lina',
  updatedAt: null,
  updatedBy: null,
  reversedAt: null,
  reversedBy: null,
  reverseReason: null,
} as const;

/**
 * A port loading for component tests (`GET /api/portLoading` rows, the reversal dialog): an Active loading of 1200 MT
 * on DESERT FALCON / V-7 with three slips in transit, unless a test changes some of it.
 */
export function testPortLoading(overrides: Partial<TPortLoading> = {}): TPortLoading {
  return {
    id: 3,
    voyageId: 4,
    vesselName: 'DESERT FALCON',
    voyageNumber: 'V-7',
    shipmentId: 11,
    blNumber: 'MEDU4417286',
    consignmentId: 8,
    lcPoNumber: 'LC-100',
    blConsigneeId: 12,
    blConsigneeName: 'Arabian Milling',
    cargoTypeId: 1,
    cargoTypeName: 'Wheat',
    portId: 2,
    portName: 'Jeddah',
    transportationType: 'warehouse',
    toLocationId: 2,
    toLocationName: 'Jeddah Grain Terminal',
    ownerCompanyId: 12,
    ownerCompanyName: 'Arabian Milling',
    transporterKind: 'company',
    transporterId: 6,
    transporterName: 'Najd Haulage',
    thirdPartyName: null,
    quantityType: 'bl',
    loanId: null,
    quantity: '1200.000',
    loadedQuantity: '105.000',
    trips: 3,
    inTransitQuantity: '105.000',
    remainingQuantity: '1095.000',
    loadingDate: '2026-11-21',
    remarks: null,
    status: 'Active',
    ...testRecordTrail,
    ...overrides,
  };
}
