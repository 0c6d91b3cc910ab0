import { cargoTypeResource, portResource, resourceByKey, vesselResource, warehouseResource, type COMPANY_TYPE_IDS, type ResourceDef } from '@tonnage/contracts';
import type { Db } from '../../platform/db/client';
import { sampleInput } from '../../test/resource-samples';
import { tableFor } from '../master-data/master-data.schema';
import { portLoadings } from '../port-loading/port-loading.schema';
import { shipments, voyages } from '../shipping/shipping.schema';

/*
 * Rows the procurement tests stand on, inserted directly: master data through the registry's tables, and the
 * shipments and port loadings (other modules' records) that make a consignment's reversal or edit refuse.
 */

let serial = 9000;

async function insertResource(db: Db, resource: ResourceDef, agencyId: number, values: Record<string, unknown> = {}): Promise<number> {
  serial += 1;
  // References given in `values` also serve the sample (a consignee's shipment manager, ...).
  const references: Record<string, number> = {};
  for (const [name, field] of Object.entries(resource.fields)) {
    const given = values[name];
    if (field.kind === 'reference' && typeof given === 'number') references[field.resource] = given;
  }
  const [row] = await db
    .insert(tableFor(resource))
    .values({ ...sampleInput(resource, serial, references), ...resource.fixed, ...values, agencyId })
    .returning();
  const id = Number((row as { id?: unknown } | undefined)?.id);
  if (!Number.isInteger(id)) throw new Error(`${resource.key} insert returned no row`);
  return id;
}

/** A company of one type (consignee, shipmentManager, seller, buyer, ...). */
export function makeCompany(db: Db, agencyId: number, type: keyof typeof COMPANY_TYPE_IDS, values: Record<string, unknown> = {}): Promise<number> {
  return insertResource(db, resourceByKey(type), agencyId, values);
}

export const makeCargoType = (db: Db, agencyId: number, name: string, values: Record<string, unknown> = {}) =>
  insertResource(db, cargoTypeResource, agencyId, { name, ...values });

/** A voyage of a new vessel at a new port. */
export async function makeVoyage(db: Db, params: { agencyId: number; userId: number }): Promise<{ voyageId: number; portId: number }> {
  const vesselId = await insertResource(db, vesselResource, params.agencyId);
  const portId = await insertResource(db, portResource, params.agencyId);
  const [voyage] = await db
    .insert(voyages)
    .values({ agencyId: params.agencyId, vesselId, voyageNumber: `V-${serial}`, portId, createdBy: params.userId, createdAt: new Date() })
    .returning({ id: voyages.id });
  if (!voyage) throw new Error('voyage insert returned no row');
  return { voyageId: voyage.id, portId };
}

/** An active shipment (BL) of a consignment on a new voyage, with its BL quantity in kg. */
export async function makeShipment(
  db: Db,
  params: { agencyId: number; userId: number; consignmentId: number; blConsigneeId: number; blQuantityKg: bigint; status?: 'Active' | 'Reversed' },
): Promise<{ shipmentId: number; voyageId: number; portId: number }> {
  const { voyageId, portId } = await makeVoyage(db, params);
  serial += 1;
  const [shipment] = await db
    .insert(shipments)
    .values({
      agencyId: params.agencyId,
      voyageId,
      consignmentId: params.consignmentId,
      blNumber: `BL-${serial}`,
      blQuantityKg: params.blQuantityKg,
      blConsigneeId: params.blConsigneeId,
      status: params.status ?? 'Active',
      createdBy: params.userId,
      createdAt: new Date(),
    })
    .returning({ id: shipments.id });
  if (!shipment) throw new Error('shipment insert returned no row');
  return { shipmentId: shipment.id, voyageId, portId };
}

/** A port loading of a shipment to a new warehouse, Active unless told. */
export async function makePortLoading(
  db: Db,
  params: { agencyId: number; userId: number; consignmentId: number; ownerCompanyId: number; shipment: { shipmentId: number; voyageId: number; portId: number }; status?: 'Active' | 'Reversed' },
): Promise<number> {
  const warehouseId = await insertResource(db, warehouseResource, params.agencyId);
  const [row] = await db
    .insert(portLoadings)
    .values({
      agencyId: params.agencyId,
      voyageId: params.shipment.voyageId,
      shipmentId: params.shipment.shipmentId,
      consignmentId: params.consignmentId,
      portId: params.shipment.portId,
      transportationType: 'warehouse',
      toLocationId: warehouseId,
      ownerCompanyId: params.ownerCompanyId,
      transporterKind: 'self',
      quantityKg: 1000n,
      loadingDate: '2026-11-20',
      status: params.status ?? 'Active',
      createdBy: params.userId,
      createdAt: new Date(),
    })
    .returning({ id: portLoadings.id });
  if (!row) throw new Error('port loading insert returned no row');
  return row.id;
}
