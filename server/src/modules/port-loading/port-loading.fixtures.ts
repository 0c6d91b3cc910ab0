import { resourceByKey, resourceSchemas, tonnesToKg } from '@tonnage/contracts';
import { vesselAccount, onBoardAccount } from '../../ledger/accounts';
import { post } from '../../ledger/ledger.service';
import type { AppConfig } from '../../platform/config';
import type { Db } from '../../platform/db/client';
import { UNRESTRICTED } from '../../identity/data-scope';
import { inAgency } from '../../platform/db/tenancy';
import { createResource } from '../master-data/master-data.service';
import { consignments, saleOrders } from '../procurement/procurement.schema';
import { shipments, voyages } from '../shipping/shipping.schema';

/*
 * Test data of the port-loading flows: master data through the registry's service, and the records of the earlier
 * flows (sale order, consignment, voyage, shipment) inserted directly, with the shipment's VESSEL -> ON_BOARD
 * posted through the ledger, so these tests do not depend on the shipping module's routes.
 */

/** A valid IMO number (the check digit is the weighted sum's last digit). */
function imo(n: number): string {
  const six = String(900000 + (n % 100000)).padStart(6, '0');
  const sum = [...six].map(Number).reduce((total, digit, i) => total + digit * (7 - i), 0);
  return `${six}${sum % 10}`;
}

let counter = 0;
const next = () => {
  counter += 1;
  return counter;
};

export interface Writer {
  agencyId: number;
  userId: number;
  now: Date;
  config: AppConfig;
}

/** Adds a master-data row as the API would (the create schema fills defaults); returns its id. */
export async function addResource(db: Db, writer: Writer, key: string, body: Record<string, unknown>): Promise<number> {
  const resource = resourceByKey(key);
  // Test data is written as the agency's admin would, every row in reach.
  const row = await inAgency(db, writer.agencyId, (tx) => createResource(tx, { ...writer, scope: UNRESTRICTED, resource, input: resourceSchemas(resource).input.parse(body) }));
  return row.id;
}

/** The master data one agency needs to load a vessel: parties, places, a transporter with trucks and drivers. */
export async function makeCargoWorld(db: Db, writer: Writer) {
  const n = next();
  const add = (key: string, body: Record<string, unknown>) => addResource(db, writer, key, body);
  const cargoTypeId = await add('cargoType', { name: `Wheat ${n}`, code: `W${n}` });
  const portId = await add('port', { name: `Jeddah ${n}`, countryCode: 'SA' });
  const otherPortId = await add('port', { name: `Dammam ${n}`, countryCode: 'SA' });
  const vesselId = await add('vessel', { name: `MV Star ${n}`, imoNumber: imo(n), vesselType: 'bulkCarrier' });
  const shipmentManagerId = await add('shipmentManager', { name: `SM ${n}` });
  const consigneeId = await add('consignee', { name: `Consignee ${n}`, shipmentManagerId });
  const sisterConsigneeId = await add('consignee', { name: `Sister consignee ${n}`, shipmentManagerId });
  const strangerConsigneeId = await add('consignee', { name: `Stranger consignee ${n}` });
  const customerId = await add('customer', { name: `Customer ${n}` });
  const sellerId = await add('seller', { name: `Seller ${n}` });
  const buyerId = await add('buyer', { name: `Buyer ${n}` });
  const transporterId = await add('transporter', { name: `Haulage ${n}` });
  const otherTransporterId = await add('transporter', { name: `Other haulage ${n}` });
  const warehouseId = await add('warehouse', { name: `Warehouse ${n}`, storageType: 'openArea', latitude: 21.5, longitude: 39.2 });
  const place = { storageType: 'openArea', latitude: 21.5, longitude: 39.2 };
  const consigneeLocationId = await add('deliveryLocation', { ...place, name: `Consignee site ${n}`, ownerType: 'consignee', consigneeId });
  const sisterLocationId = await add('deliveryLocation', { ...place, name: `Sister site ${n}`, ownerType: 'consignee', consigneeId: sisterConsigneeId });
  const strangerLocationId = await add('deliveryLocation', { ...place, name: `Stranger site ${n}`, ownerType: 'consignee', consigneeId: strangerConsigneeId });
  const customerLocationId = await add('deliveryLocation', { ...place, name: `Customer site ${n}`, ownerType: 'customer', customerId });
  const truck = (plate: string, transporter = transporterId) => add('truck', { plateNumber: `${plate} ${n}`, transporterId: transporter, tareWeight: 14, capacity: 60 });
  const driver = (name: string, transporter = transporterId) => add('driver', { name: `${name} ${n}`, transporterId: transporter, licenceNumber: `DL-${name.toUpperCase()}-${n}`, licenceExpiry: '2099-12-31' });
  return {
    cargoTypeId,
    portId,
    otherPortId,
    vesselId,
    shipmentManagerId,
    consigneeId,
    sisterConsigneeId,
    strangerConsigneeId,
    customerId,
    sellerId,
    buyerId,
    transporterId,
    otherTransporterId,
    warehouseId,
    consigneeLocationId,
    sisterLocationId,
    strangerLocationId,
    customerLocationId,
    truck,
    driver,
  };
}
export type CargoWorld = Awaited<ReturnType<typeof makeCargoWorld>>;

/**
 * A consignment shipped on a voyage: sale order, consignment (LC), voyage (unless given) and shipment rows, and
 * the shipment's posting VESSEL -> ON_BOARD(voyage, consignment) of the BL quantity.
 */
export async function makeShipment(db: Db, writer: Writer, world: CargoWorld, params: { blTonnes: string; voyageId?: number; consigneeId?: number }) {
  const n = next();
  const { agencyId, userId, now } = writer;
  return inAgency(db, agencyId, async (tx) => {
    const consigneeId = params.consigneeId ?? world.consigneeId;
    const quantityKg = tonnesToKg(params.blTonnes);
    const [saleOrder] = await tx
      .insert(saleOrders)
      .values({ agencyId, number: `SO-${n}`, sellerId: world.sellerId, buyerId: world.buyerId, cargoTypeId: world.cargoTypeId, quantityKg: quantityKg * 2n, orderDate: '2026-11-01', createdBy: userId, createdAt: now })
      .returning();
    if (!saleOrder) throw new Error('sale order');
    const [consignment] = await tx
      .insert(consignments)
      .values({ agencyId, lcNumber: `LC-${n}`, saleOrderId: saleOrder.id, blConsigneeId: consigneeId, shipmentManagerId: world.shipmentManagerId, cargoTypeId: world.cargoTypeId, quantityKg, createdBy: userId, createdAt: now })
      .returning();
    if (!consignment) throw new Error('consignment');
    let voyageId = params.voyageId;
    if (voyageId === undefined) {
      const [voyage] = await tx.insert(voyages).values({ agencyId, vesselId: world.vesselId, voyageNumber: `V-${n}`, portId: world.portId, createdBy: userId, createdAt: now }).returning();
      if (!voyage) throw new Error('voyage');
      voyageId = voyage.id;
    }
    const [shipment] = await tx
      .insert(shipments)
      .values({ agencyId, voyageId, consignmentId: consignment.id, blNumber: `BL-${n}`, blQuantityKg: quantityKg, blConsigneeId: consigneeId, createdBy: userId, createdAt: now })
      .returning();
    if (!shipment) throw new Error('shipment');
    await post(tx, {
      agencyId,
      type: 'shipping',
      source: { table: 'shipments', id: shipment.id },
      userId,
      at: now,
      lines: [
        { account: vesselAccount({ voyageId, consignmentId: consignment.id }), quantityKg: -quantityKg },
        { account: onBoardAccount({ voyageId, consignmentId: consignment.id }), quantityKg },
      ],
    });
    return { voyageId, shipmentId: shipment.id, consignmentId: consignment.id, saleOrderId: saleOrder.id, lcNumber: consignment.lcNumber ?? '' };
  });
}

/** An approved out-turn shortage as vessel-approval posts it: ON_BOARD -> VESSEL of the given tonnes. */
export function postShortage(db: Db, writer: Writer, shipment: { voyageId: number; consignmentId: number }, tonnes: string) {
  return inAgency(db, writer.agencyId, (tx) =>
    post(tx, {
      agencyId: writer.agencyId,
      type: 'vesselQuantityApproval',
      source: { table: 'quantity_approvals', id: shipment.consignmentId },
      userId: writer.userId,
      at: writer.now,
      lines: [
        { account: onBoardAccount(shipment), quantityKg: -tonnesToKg(tonnes) },
        { account: vesselAccount(shipment), quantityKg: tonnesToKg(tonnes) },
      ],
    }),
  );
}

/** A valid port-loading body for a shipment: 100 MT to the world's warehouse by its transporter, with overrides. */
export function portLoadingBody(world: CargoWorld, shipment: { voyageId: number; shipmentId: number }, overrides: Record<string, unknown> = {}) {
  return {
    voyageId: shipment.voyageId,
    shipmentId: shipment.shipmentId,
    transportationType: 'warehouse',
    toLocationId: world.warehouseId,
    transporterKind: 'company',
    transporterId: world.transporterId,
    quantity: '100',
    loadingDate: '2026-11-21',
    ...overrides,
  };
}
