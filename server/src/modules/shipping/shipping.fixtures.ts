import { berthResource, cargoTypeResource, COMPANY_TYPE_IDS, portResource, resourceByKey, tonnesToKg, vesselResource, type ResourceDef } from '@tonnage/contracts';
import { sampleInput } from '../../test/resource-samples';
import type { Db } from '../../platform/db/client';
import { tableFor } from '../master-data/master-data.schema';
import { consignments, saleOrders } from '../procurement/procurement.schema';

/*
 * Rows the shipping tests stand on, inserted directly (the procurement routes are another module's): companies,
 * cargo type, vessel, port and berth through the registry's tables, sale orders and consignments into their tables.
 */

let serial = 500;

/** A row of a registry resource from its sample, with the given values. */
export async function insertResource(db: Db, resource: ResourceDef, agencyId: number, values: Record<string, unknown> = {}): Promise<number> {
  serial += 1;
  // Reference fields take the given values (or null); the sample only needs a placeholder for them.
  const references = Object.fromEntries(
    Object.values(resource.fields).flatMap((field) => (field.kind === 'reference' ? [[field.resource, 0]] : [])),
  );
  const referenceNulls = Object.fromEntries(Object.entries(resource.fields).flatMap(([name, field]) => (field.kind === 'reference' ? [[name, null]] : [])));
  const [row] = await db
    .insert(tableFor(resource))
    .values({ ...sampleInput(resource, serial, references), ...referenceNulls, ...resource.fixed, ...values, agencyId })
    .returning();
  const id = Number((row as { id?: unknown } | undefined)?.id);
  if (!Number.isInteger(id)) throw new Error(`${resource.key} insert returned no row`);
  return id;
}

/** A company of one type (consignee, shipmentManager, seller, buyer, ...). */
export function makeCompany(db: Db, agencyId: number, type: keyof typeof COMPANY_TYPE_IDS, values: Record<string, unknown> = {}): Promise<number> {
  return insertResource(db, resourceByKey(type), agencyId, values);
}

export const makeVessel = (db: Db, agencyId: number, name: string) => insertResource(db, vesselResource, agencyId, { name });
export const makePort = (db: Db, agencyId: number, name: string) => insertResource(db, portResource, agencyId, { name });
export const makeBerth = (db: Db, agencyId: number, portId: number, name: string) => insertResource(db, berthResource, agencyId, { name, portId });
export const makeCargoType = (db: Db, agencyId: number, name: string) => insertResource(db, cargoTypeResource, agencyId, { name });

/** The parties and places of one agency's shipping tests. */
export interface ShippingWorld {
  agencyId: number;
  userId: number;
  sellerId: number;
  buyerId: number;
  shipmentManagerId: number;
  consigneeId: number;
  cargoTypeId: number;
  vesselId: number;
  portId: number;
  berthId: number;
  otherPortId: number;
  otherBerthId: number;
  saleOrderId: number;
}

/** Master data and a large sale order of an agency; consignments come from `makeConsignment`. */
export async function makeShippingWorld(db: Db, agencyId: number, userId: number, prefix = 'W'): Promise<ShippingWorld> {
  const sellerId = await makeCompany(db, agencyId, 'seller', { name: `${prefix} Seller` });
  const buyerId = await makeCompany(db, agencyId, 'buyer', { name: `${prefix} Buyer` });
  const shipmentManagerId = await makeCompany(db, agencyId, 'shipmentManager', { name: `${prefix} Manager` });
  const consigneeId = await makeCompany(db, agencyId, 'consignee', { name: `${prefix} Consignee`, shipmentManagerId });
  const cargoTypeId = await makeCargoType(db, agencyId, `${prefix} Wheat`);
  const vesselId = await makeVessel(db, agencyId, `${prefix} Ocean Star`);
  const portId = await makePort(db, agencyId, `${prefix} Jeddah`);
  const berthId = await makeBerth(db, agencyId, portId, `${prefix} Berth 1`);
  const otherPortId = await makePort(db, agencyId, `${prefix} Dammam`);
  const otherBerthId = await makeBerth(db, agencyId, otherPortId, `${prefix} Berth 9`);
  serial += 1;
  const [order] = await db
    .insert(saleOrders)
    .values({
      agencyId,
      number: `${prefix}-SO-${serial}`,
      sellerId,
      buyerId,
      cargoTypeId,
      quantityKg: tonnesToKg('1000000'),
      orderDate: '2026-10-01',
      createdBy: userId,
      createdAt: new Date('2026-10-01T08:00:00Z'),
    })
    .returning({ id: saleOrders.id });
  if (!order) throw new Error('sale order insert returned no row');
  return { agencyId, userId, sellerId, buyerId, shipmentManagerId, consigneeId, cargoTypeId, vesselId, portId, berthId, otherPortId, otherBerthId, saleOrderId: order.id };
}

/** A consignment (an LC) of the world's sale order: quantity in MT. */
export async function makeConsignment(
  db: Db,
  world: ShippingWorld,
  params: { lcNumber: string; quantity: string; consigneeId?: number; shipmentManagerId?: number | null; status?: 'Active' | 'Reversed'; refNumber?: string },
): Promise<number> {
  const [row] = await db
    .insert(consignments)
    .values({
      agencyId: world.agencyId,
      lcNumber: params.lcNumber,
      refNumber: params.refNumber ?? `REF-${params.lcNumber}`,
      saleOrderId: world.saleOrderId,
      blConsigneeId: params.consigneeId ?? world.consigneeId,
      shipmentManagerId: params.shipmentManagerId === undefined ? world.shipmentManagerId : params.shipmentManagerId,
      cargoTypeId: world.cargoTypeId,
      quantityKg: tonnesToKg(params.quantity),
      status: params.status ?? 'Active',
      createdBy: world.userId,
      createdAt: new Date('2026-10-02T08:00:00Z'),
    })
    .returning({ id: consignments.id });
  if (!row) throw new Error('consignment insert returned no row');
  return row.id;
}
