import { randomBytes } from 'node:crypto';
import { COMPANY_TYPE_IDS, tonnesToKg } from '@tonnage/contracts';
import { eq } from 'drizzle-orm';
import { onBoardAccount, vesselAccount } from '../../ledger/accounts';
import { accountBalance, post } from '../../ledger/ledger.service';
import type { Db } from '../../platform/db/client';
import { inAgency } from '../../platform/db/tenancy';
import { cargoTypes, companies, ports, vessels, type ResourceTable } from '../master-data/master-data.schema';
import { consignments, saleOrders } from '../procurement/procurement.schema';
import { shipments, voyages } from '../shipping/shipping.schema';

/*
 * Test data of the vessel quantity approval tests, written straight into the tables (the shipping screens are
 * built elsewhere): master data, a sale order, consignments, a voyage and its shipments, each shipment's BL
 * quantity posted VESSEL -> ON_BOARD through the ledger as the Shipping screen does.
 */

let serial = 0;
const tag = () => `${randomBytes(3).toString('hex')}${++serial}`;

async function insertRow(tx: Db, table: ResourceTable, values: Record<string, unknown>): Promise<number> {
  const [row] = (await tx.insert(table).values(values as never).returning()) as { id: number }[];
  if (!row) throw new Error('fixture insert returned no row');
  return row.id;
}

export interface CargoWorld {
  agencyId: number;
  userId: number;
  sellerId: number;
  buyerId: number;
  cargoTypeId: number;
  portId: number;
  vesselId: number;
  saleOrderId: number;
}

/** The master data and a sale order every later fixture of an agency hangs on. */
export function makeCargoWorld(db: Db, params: { agencyId: number; userId: number }): Promise<CargoWorld> {
  return inAgency(db, params.agencyId, async (tx) => {
    const agencyId = params.agencyId;
    const company = (type: keyof typeof COMPANY_TYPE_IDS, extra: Record<string, unknown> = {}) =>
      insertRow(tx, companies, { agencyId, companyTypeId: COMPANY_TYPE_IDS[type], name: `${type} ${tag()}`, ...extra });
    const sellerId = await company('seller');
    const buyerId = await company('buyer');
    const cargoTypeId = await insertRow(tx, cargoTypes, { agencyId, name: `Wheat ${tag()}` });
    const portId = await insertRow(tx, ports, { agencyId, name: `Port ${tag()}`, countryCode: 'SA' });
    const vesselId = await insertRow(tx, vessels, { agencyId, name: `MV Ocean ${tag()}`, imoNumber: String(9000000 + serial), vesselType: 'bulkCarrier' });
    const [order] = await tx
      .insert(saleOrders)
      .values({ agencyId, number: `SO-${tag()}`, sellerId, buyerId, cargoTypeId, quantityKg: tonnesToKg('1000000'), orderDate: '2026-11-01', createdBy: params.userId, createdAt: new Date() })
      .returning({ id: saleOrders.id });
    if (!order) throw new Error('sale order insert returned no row');
    return { agencyId, userId: params.userId, sellerId, buyerId, cargoTypeId, portId, vesselId, saleOrderId: order.id };
  });
}

/** A consignee (optionally under a shipment manager). */
export function makeConsignee(db: Db, world: CargoWorld, params: { shipmentManagerId?: number; name?: string } = {}): Promise<number> {
  return inAgency(db, world.agencyId, (tx) =>
    insertRow(tx, companies, {
      agencyId: world.agencyId,
      companyTypeId: COMPANY_TYPE_IDS.consignee,
      name: params.name ?? `Consignee ${tag()}`,
      shipmentManagerId: params.shipmentManagerId ?? null,
    }),
  );
}

/** A shipment manager company. */
export function makeShipmentManager(db: Db, world: CargoWorld): Promise<number> {
  return inAgency(db, world.agencyId, (tx) => insertRow(tx, companies, { agencyId: world.agencyId, companyTypeId: COMPANY_TYPE_IDS.shipmentManager, name: `SM ${tag()}` }));
}

/** A voyage of the world's vessel at its port. */
export async function makeVoyage(db: Db, world: CargoWorld, params: { voyageNumber?: string } = {}): Promise<number> {
  const [row] = await inAgency(db, world.agencyId, (tx) =>
    tx
      .insert(voyages)
      .values({ agencyId: world.agencyId, vesselId: world.vesselId, voyageNumber: params.voyageNumber ?? `V-${tag()}`, portId: world.portId, createdBy: world.userId, createdAt: new Date() })
      .returning({ id: voyages.id }),
  );
  if (!row) throw new Error('voyage insert returned no row');
  return row.id;
}

export interface Bl {
  shipmentId: number;
  consignmentId: number;
  voyageId: number;
  blNumber: string;
  lcNumber: string;
}

/** A consignment and its BL on a voyage, the BL quantity posted VESSEL -> ON_BOARD. */
export function makeBl(
  db: Db,
  world: CargoWorld,
  params: { voyageId: number; consigneeId: number; shipmentManagerId?: number; blQuantity: string; blNumber?: string },
): Promise<Bl> {
  return inAgency(db, world.agencyId, async (tx) => {
    const lcNumber = `LC-${tag()}`;
    const blKg = tonnesToKg(params.blQuantity);
    const [consignment] = await tx
      .insert(consignments)
      .values({
        agencyId: world.agencyId,
        lcNumber,
        saleOrderId: world.saleOrderId,
        blConsigneeId: params.consigneeId,
        shipmentManagerId: params.shipmentManagerId ?? null,
        cargoTypeId: world.cargoTypeId,
        quantityKg: blKg * 2n,
        createdBy: world.userId,
        createdAt: new Date(),
      })
      .returning({ id: consignments.id });
    if (!consignment) throw new Error('consignment insert returned no row');
    const blNumber = params.blNumber ?? `BL-${tag()}`;
    const [shipment] = await tx
      .insert(shipments)
      .values({
        agencyId: world.agencyId,
        voyageId: params.voyageId,
        consignmentId: consignment.id,
        blNumber,
        blQuantityKg: blKg,
        blConsigneeId: params.consigneeId,
        createdBy: world.userId,
        createdAt: new Date(),
      })
      .returning({ id: shipments.id });
    if (!shipment) throw new Error('shipment insert returned no row');
    const place = { voyageId: params.voyageId, consignmentId: consignment.id };
    const { transactionId } = await post(tx, {
      agencyId: world.agencyId,
      type: 'shipping',
      source: { table: 'shipments', id: shipment.id },
      userId: world.userId,
      at: new Date(),
      lines: [
        { account: vesselAccount(place), quantityKg: -blKg },
        { account: onBoardAccount(place), quantityKg: blKg },
      ],
    });
    await tx.update(shipments).set({ ledgerTransactionId: transactionId }).where(eq(shipments.id, shipment.id));
    return { shipmentId: shipment.id, consignmentId: consignment.id, voyageId: params.voyageId, blNumber, lcNumber };
  });
}

/** Moves cargo off board (as a port loading would), to test shortages against what is left. */
export function takeOffBoard(db: Db, world: CargoWorld, bl: Bl, tonnes: string): Promise<unknown> {
  return inAgency(db, world.agencyId, (tx) =>
    post(tx, {
      agencyId: world.agencyId,
      type: 'test',
      source: { table: 'test', id: bl.shipmentId },
      userId: world.userId,
      at: new Date(),
      lines: [
        { account: onBoardAccount(bl), quantityKg: -tonnesToKg(tonnes) },
        { account: { kind: 'DELIVERED', consignmentId: bl.consignmentId }, quantityKg: tonnesToKg(tonnes) },
      ],
    }),
  );
}

/** The ON_BOARD balance of a BL's consignment on its voyage, in kilograms (0n when never posted). */
export async function onBoardKg(db: Db, world: CargoWorld, bl: Bl): Promise<bigint> {
  const balance = await inAgency(db, world.agencyId, (tx) => accountBalance(tx, { agencyId: world.agencyId, account: onBoardAccount(bl) }));
  return balance?.balanceKg ?? 0n;
}
