import {
  COMPANY_TYPE_IDS,
  ErrorCode,
  kgToTonnes,
  LOCATION_KIND_IDS,
  Messages,
  SaleMessages,
  tonnesToKg,
  type TConsigneeToCustomerValues,
  type TReasonBody,
  type TSale,
  type TSaleList,
  type TStockPosition,
  ZSaleListQuery,
} from '@tonnage/contracts';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { CommandActor, ReadActor } from '../../kit/actor';
import { inScope } from '../../identity/data-scope';
import { lockTransferSlip, reverseTransferSlip, dispatchTransferSlip, type TransferSlipWriter } from '../warehouse-transfer/transfer-slip.service';
import { onHandAccount, type Position } from '../../ledger/accounts';
import { post, reverse } from '../../ledger/ledger.service';
import { recordAudit } from '../../platform/audit/audit';
import type { Db } from '../../platform/db/client';
import { orderByAllowed } from '../../platform/db/list-order';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { cursorSource, type CursorSource } from '../../platform/db/cursor';
import { cargoOwnerCondition } from '../../identity/data-scope';
import { columnOf, companies, locations } from '../master-data/master-data.schema';
import { consignments } from '../procurement/procurement.schema';
import { auditable, between, checkPosition, checkSilo, checkWarehouse, onHandPositions, timeZoneFor } from '../warehouse-dispatch/warehouse-dispatch.service';
import { customers, saleScope, saleSort, selectSales, sellers, toSale } from './sales.queries';
import { consigneeToCustomerSales as sales } from './sales.schema';

/*
 * Consignee to Customer, a sale (issue 14; spec 2.3 `warehouse/consignee-to-customer`; docs/domain.md flow table):
 * the seller's (a consignee's or a shipment manager's) cargo on hand in a warehouse becomes a customer's in place,
 * ON_HAND(place, seller) -> ON_HAND(place, customer), one ledger transaction of type `sale` (the spec's transaction
 * code), never above the seller's usable (the ledger's CHECK: 409 Quantity not available, also when requests race).
 * The reversal posts the opposite and is refused the same way once the customer's stock has moved on. No edit.
 * With a movement (issue 14) the sale is a truck trip instead: a transfer slip (source `sale`) from the seller's
 * position to a delivery location of the customer, arrival owner the customer, received there by Customer In; the
 * sale keeps the slip, its reversal reverses the slip (refused while a Customer In holds it, in the sale's words).
 */

const col = columnOf;
const SALE = 'sale';
const SALE_TABLE = 'consignee_to_customer_sales';
const field = (name: string, message: Parameters<typeof badRequest>[0]) => badRequest(message, { [name]: message });

type ListQuery = z.output<typeof ZSaleListQuery>;
export type SaleFilters = Omit<ListQuery, 'page' | 'limit'>;

/** Who may sell: an active consignee or shipment manager of the agency passing the user's owner rule. */
function sellerConditions(actor: ReadActor): SQL | undefined {
  return and(
    eq(col(companies, 'agencyId'), actor.agencyId),
    inArray(col(companies, 'companyTypeId'), [COMPANY_TYPE_IDS.consignee, COMPANY_TYPE_IDS.shipmentManager]),
    cargoOwnerCondition(actor.scope, col(companies, 'id')),
  );
}

/** `GET /api/warehouseConsigneeToCustomer/customers`: the agency's active customers (whom the user may sell to). */
export async function saleCustomers(tx: Db, actor: ReadActor): Promise<{ id: number; name: string }[]> {
  const rows = await tx
    .select({ id: col(companies, 'id'), name: col(companies, 'name') })
    .from(companies)
    .where(and(eq(col(companies, 'agencyId'), actor.agencyId), eq(col(companies, 'isActive'), true), eq(col(companies, 'companyTypeId'), COMPANY_TYPE_IDS.customer)))
    .orderBy(asc(col(companies, 'name')), asc(col(companies, 'id')));
  return rows.map((r) => ({ id: Number(r.id), name: String(r.name) }));
}

/**
 * `GET /api/warehouseConsigneeToCustomer/positions`: the positions of consignees and shipment managers on hand in the
 * user's warehouses (the ledger's owner rule applies), optionally of one warehouse and one seller.
 */
export async function salePositions(tx: Db, actor: ReadActor & { warehouseId?: number | undefined; sellerId?: number | undefined }): Promise<TStockPosition[]> {
  const positions = await onHandPositions(tx, { agencyId: actor.agencyId, scope: actor.scope, place: 'warehouse', locationId: actor.warehouseId });
  const owners = [...new Set(positions.map((p) => p.ownerCompanyId))].filter((id) => actor.sellerId === undefined || id === actor.sellerId);
  if (owners.length === 0) return [];
  const allowed = new Set((await tx.select({ id: col(companies, 'id') }).from(companies).where(and(sellerConditions(actor), inArray(col(companies, 'id'), owners)))).map((r) => Number(r.id)));
  return positions.filter((p) => allowed.has(p.ownerCompanyId));
}

async function checkSeller(tx: Db, actor: ReadActor, sellerId: number): Promise<void> {
  const [seller] = await tx
    .select({ id: col(companies, 'id') })
    .from(companies)
    .where(and(sellerConditions(actor), eq(col(companies, 'id'), sellerId)));
  if (!seller) throw field('ownerCompanyId', SaleMessages.sellerNotAllowed);
}

async function checkCustomer(tx: Db, actor: ReadActor, customerId: number): Promise<void> {
  const [customer] = await tx
    .select({ id: col(companies, 'id') })
    .from(companies)
    .where(and(eq(col(companies, 'agencyId'), actor.agencyId), eq(col(companies, 'id'), customerId), eq(col(companies, 'isActive'), true), eq(col(companies, 'companyTypeId'), COMPANY_TYPE_IDS.customer)));
  if (!customer) throw field('customerId', SaleMessages.customerRequired);
}

/**
 * The destination of a sale with a movement: an active delivery location of the agency in the user's locations
 * (400 otherwise), owned by the buyer (400: the customer's delivery locations only), not the place the cargo leaves.
 */
async function checkDeliveryLocation(tx: Db, actor: ReadActor, toLocationId: number, customerId: number, fromLocationId: number): Promise<void> {
  const [location] = await tx
    .select({ kind: col(locations, 'locationKindId'), ownerType: col(locations, 'ownerType'), customerId: col(locations, 'customerId') })
    .from(locations)
    .where(and(eq(col(locations, 'agencyId'), actor.agencyId), eq(col(locations, 'id'), toLocationId), eq(col(locations, 'isActive'), true)));
  if (!location || Number(location.kind) !== LOCATION_KIND_IDS.deliveryLocation || location.ownerType !== 'customer' || !inScope(actor.scope.locationIds, toLocationId) || toLocationId === fromLocationId) {
    throw field('movement.toLocationId', SaleMessages.deliveryLocationRequired);
  }
  if (location.customerId === null || Number(location.customerId) !== customerId) throw field('movement.toLocationId', SaleMessages.deliveryNotCustomers);
}

function lcOrParty(search: string | undefined): SQL | undefined {
  if (search === undefined) return undefined;
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`(coalesce(${consignments.lcNumber}, ${consignments.poNumber}) ilike ${pattern} or ${col(sellers, 'name')} ilike ${pattern} or ${col(customers, 'name')} ilike ${pattern})`;
}

async function conditions(tx: Db, actor: ReadActor, q: SaleFilters): Promise<SQL | undefined> {
  const timeZone = await timeZoneFor(tx, actor.agencyId, q);
  return and(
    eq(sales.agencyId, actor.agencyId),
    saleScope(actor.scope),
    q.warehouseId === undefined ? undefined : eq(sales.locationId, q.warehouseId),
    q.sellerId === undefined ? undefined : eq(sales.sellerCompanyId, q.sellerId),
    q.customerId === undefined ? undefined : eq(sales.customerCompanyId, q.customerId),
    q.consignmentId === undefined ? undefined : eq(sales.consignmentId, q.consignmentId),
    q.cargoTypeId === undefined ? undefined : eq(sales.cargoTypeId, q.cargoTypeId),
    q.status === 'all' ? undefined : eq(sales.status, q.status),
    ...between(sql`${sales.saleAt}`, q, timeZone),
    lcOrParty(q.search),
  );
}

export async function listSales(tx: Db, actor: ReadActor & { query: ListQuery }): Promise<TSaleList> {
  const q = actor.query;
  const where = await conditions(tx, actor, q);
  const rows = await selectSales(tx)
    .where(where)
    .orderBy(...orderByAllowed(saleSort, q, sales.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const [total] = await tx
    .select({ count: sql<number>`count(*)::int`, kg: sql<string>`coalesce(sum(${sales.quantityKg}), 0)::text` })
    .from(sales)
    .innerJoin(sellers, eq(col(sellers, 'id'), sales.sellerCompanyId))
    .innerJoin(customers, eq(col(customers, 'id'), sales.customerCompanyId))
    .innerJoin(consignments, eq(consignments.id, sales.consignmentId))
    .where(where);
  return { rows: rows.map(toSale), count: Number(total?.count ?? 0), total: kgToTonnes(BigInt(total?.kg ?? '0')) };
}

export async function saleExportSource(tx: Db, actor: ReadActor & { query: SaleFilters }): Promise<CursorSource<TSale>> {
  const where = await conditions(tx, actor, actor.query);
  return cursorSource(selectSales(tx).where(where).orderBy(...orderByAllowed(saleSort, actor.query, sales.id)), (_tx, rows) => rows.map(toSale));
}

export async function getSale(tx: Db, actor: ReadActor & { id: number }): Promise<TSale> {
  const [row] = await selectSales(tx).where(and(eq(sales.agencyId, actor.agencyId), eq(sales.id, actor.id), saleScope(actor.scope)));
  if (!row) throw notFound(SaleMessages.notFound);
  return toSale(row);
}

/**
 * Sells a quantity of the seller's on-hand position in a warehouse to a customer in place: the sale row and the
 * posting ON_HAND(place, seller) -> ON_HAND(place, customer) in one transaction (409 Quantity not available above usable).
 */
export async function createSale(tx: Db, actor: TransferSlipWriter & { input: TConsigneeToCustomerValues }): Promise<TSale> {
  const input = actor.input;
  await checkWarehouse(tx, actor, input.warehouseId);
  await checkSilo(tx, actor, input.warehouseId, input.siloId);
  await checkSeller(tx, actor, input.ownerCompanyId);
  await checkCustomer(tx, actor, input.customerId);
  const from: Position = {
    locationId: input.warehouseId,
    siloId: input.siloId,
    ownerCompanyId: input.ownerCompanyId,
    consignmentId: input.consignmentId,
    cargoTypeId: input.cargoTypeId,
    voyageId: input.voyageId,
    attachedVoyageId: input.attachedVoyageId,
  };
  const movement = input.movement;
  if (movement) await checkDeliveryLocation(tx, actor, movement.toLocationId, input.customerId, input.warehouseId);
  await checkPosition(tx, actor, from);
  const quantityKg = tonnesToKg(input.quantity);
  const [row] = await tx
    .insert(sales)
    .values({
      agencyId: actor.agencyId,
      locationId: input.warehouseId,
      siloId: input.siloId,
      sellerCompanyId: input.ownerCompanyId,
      customerCompanyId: input.customerId,
      consignmentId: input.consignmentId,
      cargoTypeId: input.cargoTypeId,
      voyageId: input.voyageId,
      attachedVoyageId: input.attachedVoyageId,
      quantityKg,
      saleAt: actor.now,
      remarks: input.remarks,
      createdBy: actor.userId,
      createdAt: actor.now,
    })
    .returning();
  if (!row) throw new Error('sale not written');
  if (movement) {
    // The trip carries the posting ON_HAND(place, seller) -> IN_TRANSIT(trip, customer); the Customer In puts it on hand.
    const slip = await dispatchTransferSlip(tx, actor, {
      source: SALE,
      position: from,
      toOwnerCompanyId: input.customerId,
      toLocationId: movement.toLocationId,
      destination: 'customer',
      truckId: movement.truckId,
      driverId: movement.driverId,
      wbtNumber: movement.wbtNumber,
      quantityKg,
      remarks: input.remarks,
    });
    await tx.update(sales).set({ transferSlipId: slip.id }).where(eq(sales.id, row.id));
    await recordAudit(tx, { agencyId: actor.agencyId, userId: actor.userId, action: 'create', entity: 'consigneeToCustomerSale', entityId: row.id, after: auditable({ ...row, transferSlipId: slip.id, slipNumber: slip.slipNumber }), at: actor.now });
    return getSale(tx, { agencyId: actor.agencyId, scope: actor.scope, id: row.id });
  }
  const { transactionId } = await post(tx, {
    agencyId: actor.agencyId,
    type: SALE,
    source: { table: SALE_TABLE, id: row.id },
    userId: actor.userId,
    at: actor.now,
    lines: [
      { account: onHandAccount(from), quantityKg: -quantityKg },
      { account: onHandAccount({ ...from, ownerCompanyId: input.customerId }), quantityKg },
    ],
  });
  await tx.update(sales).set({ ledgerTransactionId: transactionId }).where(eq(sales.id, row.id));
  await recordAudit(tx, { agencyId: actor.agencyId, userId: actor.userId, action: 'create', entity: 'consigneeToCustomerSale', entityId: row.id, after: auditable({ ...row, ledgerTransactionId: transactionId }), at: actor.now });
  return getSale(tx, { agencyId: actor.agencyId, scope: actor.scope, id: row.id });
}

/**
 * Reverses a sale with a reason: the customer's quantity goes back to the seller. Nothing consumes a sale record
 * (the customer's later flows draw on its ON_HAND account), so once that stock has moved on (a dispatch, a commitment)
 * the ledger refuses the reversal: 409 Quantity not available.
 */
export async function reverseSale(tx: Db, actor: CommandActor & { id: number; body: TReasonBody }): Promise<void> {
  const reason = actor.body.reason.trim();
  if (!reason) throw field('reason', Messages.reasonRequired);
  const [before] = await tx
    .select()
    .from(sales)
    .where(and(eq(sales.agencyId, actor.agencyId), eq(sales.id, actor.id), saleScope(actor.scope)))
    .for('update');
  if (!before) throw notFound(SaleMessages.notFound);
  if (before.status !== 'Active') throw new AppError(409, ErrorCode.BUSINESS_RULE, SaleMessages.alreadyReversed);
  if (before.transferSlipId !== null) {
    // A sale with a movement: its slip goes back (refused while a Customer In holds it, the slip's own refusal).
    // The slip is locked first (a receipt locks it too), so a Customer In cannot take it between the check and the reversal.
    const slip = await lockTransferSlip(tx, actor.agencyId, before.transferSlipId);
    if (slip?.receivedTable === 'customer_ins') throw new AppError(409, ErrorCode.BUSINESS_RULE, SaleMessages.inCustomerIn);
    if (slip && slip.status === 'Active') await reverseTransferSlip(tx, actor, slip, reason);
  }
  if (before.ledgerTransactionId !== null) await reverse(tx, { agencyId: actor.agencyId, transactionId: before.ledgerTransactionId, userId: actor.userId, at: actor.now, reason });
  await tx.update(sales).set({ status: 'Reversed', reversedBy: actor.userId, reversedAt: actor.now, reverseReason: reason }).where(eq(sales.id, before.id));
  await recordAudit(tx, { agencyId: actor.agencyId, userId: actor.userId, action: 'reverse', entity: 'consigneeToCustomerSale', entityId: before.id, before: auditable(before), after: { status: 'Reversed', reason }, at: actor.now });
}
