import {
  Messages,
  ProcurementMessages,
  SEARCH_MIN_CHARS,
  tonnesToKg,
  ZSaleOrderInput,
  ZSaleOrderExportQuery,
  ZSaleOrderListQuery,
  type SaleOrderSortField,
  type TSaleOrder,
  type TSaleOrderList,
  type ServerMessage,
} from '@tonnage/contracts';
import { type SQL, and, eq, gte, ilike, lte, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit/audit';
import type { Db } from '../../platform/db/client';
import { caseless, orderByAllowed } from '../../platform/db/list-order';
import { uniqueViolation, escapeLike } from '../../platform/db/query-helpers';
import type { DataScope } from '../../identity/data-scope';
import type { CommandActor as Actor } from '../../kit/actor';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { cursorSource, type CursorSource } from '../../platform/db/cursor';
import { cargoTypes, columnOf } from '../master-data/master-data.schema';
import { consignmentScope } from './consignments.service';
import { consignments, saleOrders } from './procurement.schema';
import {
  buyers,
  checkCargoType,
  checkCompany,
  createdUsers,
  kgText,
  nameOf,
  reversedUsers,
  sellers,
  throwIfAny,
  toTrail,
  tonnes,
  trailColumns,
  updatedUsers,
} from './procurement.queries';

export type SaleOrderListQuery = z.output<typeof ZSaleOrderListQuery>;
export type SaleOrderExportQuery = Omit<z.output<typeof ZSaleOrderExportQuery>, 'lang'>;
export type SaleOrderInput = z.output<typeof ZSaleOrderInput>;

/** Sum (kg) of a sale order's live consignments, as a correlated subquery of the sale order row. */
const consignedKg = sql`(select coalesce(sum(c.quantity_kg), 0) from consignments c where c.sale_order_id = ${saleOrders.id} and c.status = 'Active')`;

const saleOrderColumns = {
  row: saleOrders,
  sellerName: nameOf(sellers),
  buyerName: nameOf(buyers),
  cargoTypeName: nameOf(cargoTypes),
  consignedKg: kgText(consignedKg),
  ...trailColumns,
};

function baseQuery(tx: Db) {
  return tx
    .select(saleOrderColumns)
    .from(saleOrders)
    .innerJoin(sellers, eq(columnOf(sellers, 'id'), saleOrders.sellerId))
    .innerJoin(buyers, eq(columnOf(buyers, 'id'), saleOrders.buyerId))
    .innerJoin(cargoTypes, eq(columnOf(cargoTypes, 'id'), saleOrders.cargoTypeId))
    .innerJoin(createdUsers, eq(createdUsers.id, saleOrders.createdBy))
    .leftJoin(updatedUsers, eq(updatedUsers.id, saleOrders.updatedBy))
    .leftJoin(reversedUsers, eq(reversedUsers.id, saleOrders.reversedBy));
}

type SaleOrderRow = Awaited<ReturnType<ReturnType<typeof baseQuery>['execute']>>[number];

function toSaleOrder(r: SaleOrderRow): TSaleOrder {
  const { row } = r;
  const consigned = BigInt(r.consignedKg);
  return {
    id: row.id,
    number: row.number,
    sellerId: row.sellerId,
    sellerName: r.sellerName,
    buyerId: row.buyerId,
    buyerName: r.buyerName,
    cargoTypeId: row.cargoTypeId,
    cargoTypeName: r.cargoTypeName,
    quantity: tonnes(row.quantityKg),
    consignedQuantity: tonnes(consigned),
    remainingQuantity: tonnes(row.quantityKg - consigned),
    orderDate: row.orderDate,
    deliveryFrom: row.deliveryFrom,
    deliveryTo: row.deliveryTo,
    remarks: row.remarks,
    ...toTrail({ ...row, ...r }),
  };
}

/**
 * The sale orders a user's data scope lets them see (spec 6): every one when their shipment managers and consignees
 * are unrestricted; otherwise those with at least one consignment in their scope (any status), and those they
 * created themselves (so that they can add its first consignment). A sale order with no consignment of theirs
 * names nothing of theirs, and its consignments may be other companies'.
 */
export function saleOrderScope(scope: DataScope, userId: number): SQL | undefined {
  const consignment = consignmentScope(scope);
  if (!consignment) return undefined;
  const theirs = sql`exists (select 1 from ${consignments} where ${and(eq(consignments.saleOrderId, saleOrders.id), consignment)})`;
  return or(theirs, eq(saleOrders.createdBy, userId));
}

/** Whose sale orders a read sees: the agency, the user (who sees the ones they created) and the user's data scope. */
type Viewer = Pick<Actor, 'agencyId' | 'userId' | 'scope'>;

/** The list's sortable columns (contract `SALE_ORDER_SORT_FIELDS`) in SQL: names without letter case. */
const saleOrderSort: Record<SaleOrderSortField, SQL | AnyPgColumn> = {
  orderDate: saleOrders.orderDate,
  number: caseless(saleOrders.number),
  sellerName: caseless(nameOf(sellers)),
  buyerName: caseless(nameOf(buyers)),
  cargoTypeName: caseless(nameOf(cargoTypes)),
  quantity: saleOrders.quantityKg,
  createdAt: saleOrders.createdAt,
};

/** The WHERE of the sale order list and of its export: search on the number, filters, status. */
function saleOrderConditions(query: SaleOrderExportQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.search && query.search.length > SEARCH_MIN_CHARS) conditions.push(ilike(saleOrders.number, `%${escapeLike(query.search)}%`));
  if (query.sellerId !== undefined) conditions.push(eq(saleOrders.sellerId, query.sellerId));
  if (query.buyerId !== undefined) conditions.push(eq(saleOrders.buyerId, query.buyerId));
  if (query.cargoTypeId !== undefined) conditions.push(eq(saleOrders.cargoTypeId, query.cargoTypeId));
  if (query.fromDate) conditions.push(gte(saleOrders.orderDate, query.fromDate));
  if (query.toDate) conditions.push(lte(saleOrders.orderDate, query.toDate));
  if (query.status !== 'all') conditions.push(eq(saleOrders.status, query.status));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** Sale orders of the agency in the user's scope: search on the number, filters, sorted (newest order date first), paged in the database. */
export async function listSaleOrders(tx: Db, params: Viewer & { query: SaleOrderListQuery }): Promise<TSaleOrderList> {
  const { query } = params;
  const where = and(saleOrderConditions(query), saleOrderScope(params.scope, params.userId));
  const rows = await baseQuery(tx)
    .where(where)
    .orderBy(...orderByAllowed(saleOrderSort, query, saleOrders.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [total] = await tx.select({ count: sql<number>`count(*)::int` }).from(saleOrders).where(where);
  return { rows: rows.map(toSaleOrder), count: total?.count ?? 0 };
}

/** Every sale order the list's filters match in the user's scope, in the list's order, as the Excel export's cursor source. */
export function saleOrderExportSource(tx: Db, params: Viewer & { query: SaleOrderExportQuery }): CursorSource<TSaleOrder> {
  const { query } = params;
  const where = and(saleOrderConditions(query), saleOrderScope(params.scope, params.userId));
  return cursorSource(baseQuery(tx).where(where).orderBy(...orderByAllowed(saleOrderSort, query, saleOrders.id)), (_tx, rows) => rows.map(toSaleOrder));
}

/**
 * One sale order of the agency (404 when unknown there, or outside the scope given). Runs in the caller's agency
 * transaction.
 */
export async function readSaleOrder(tx: Db, params: { id: number; scope?: SQL | undefined }): Promise<TSaleOrder> {
  const [row] = await baseQuery(tx).where(and(eq(saleOrders.id, params.id), params.scope)).limit(1);
  if (!row) throw notFound(ProcurementMessages.saleOrderNotFound);
  return toSaleOrder(row);
}

/** One sale order of the agency in the user's scope (404 outside it). */
export function getSaleOrder(tx: Db, params: Viewer & { id: number }): Promise<TSaleOrder> {
  return readSaleOrder(tx, { id: params.id, scope: saleOrderScope(params.scope, params.userId) });
}

/**
 * Locks a sale order row (`SELECT ... FOR UPDATE`) so that the sum of its consignments cannot change under the
 * caller until its transaction ends; every write that checks that sum takes this lock first.
 */
export async function lockSaleOrder(tx: Db, id: number) {
  const [row] = await tx.select().from(saleOrders).where(eq(saleOrders.id, id)).limit(1).for('update');
  return row ?? null;
}

/** Sum (kg) of a sale order's live consignments, optionally leaving one out (the consignment being edited). */
export async function liveConsignmentsKg(tx: Db, params: { saleOrderId: number; exceptId?: number }): Promise<bigint> {
  const conditions = [eq(consignments.saleOrderId, params.saleOrderId), eq(consignments.status, 'Active')];
  if (params.exceptId !== undefined) conditions.push(sql`${consignments.id} <> ${params.exceptId}`);
  const [row] = await tx
    .select({ kg: kgText(sql`coalesce(sum(${consignments.quantityKg}), 0)`), count: sql<number>`count(*)::int` })
    .from(consignments)
    .where(and(...conditions));
  return BigInt(row?.kg ?? '0');
}

async function checkReferences(tx: Db, input: SaleOrderInput, existing?: { sellerId: number; buyerId: number; cargoTypeId: number }): Promise<void> {
  const details: Record<string, ServerMessage> = {};
  await checkCompany(tx, details, { field: 'sellerId', id: input.sellerId, type: 'seller', unchangedId: existing?.sellerId, message: ProcurementMessages.sellerInvalid });
  await checkCompany(tx, details, { field: 'buyerId', id: input.buyerId, type: 'buyer', unchangedId: existing?.buyerId, message: ProcurementMessages.buyerInvalid });
  await checkCargoType(tx, details, { id: input.cargoTypeId, unchangedId: existing?.cargoTypeId, message: ProcurementMessages.cargoTypeInvalid });
  throwIfAny(details);
}

function duplicateNumber(error: unknown): never {
  if (uniqueViolation(error)?.constraint === 'sale_orders_agency_number_unique') {
    throw conflict(ProcurementMessages.saleOrderNumberTaken, { number: ProcurementMessages.saleOrderNumberTaken });
  }
  throw error;
}

function values(input: SaleOrderInput) {
  return {
    number: input.number,
    sellerId: input.sellerId,
    buyerId: input.buyerId,
    cargoTypeId: input.cargoTypeId,
    quantityKg: tonnesToKg(input.quantity),
    orderDate: input.orderDate,
    deliveryFrom: input.deliveryFrom,
    deliveryTo: input.deliveryTo,
    remarks: input.remarks,
  };
}

/** Creates a sale order (seller and buyer companies, cargo type of the agency; number unique per agency). */
export async function createSaleOrder(tx: Db, params: Actor & { input: SaleOrderInput }): Promise<TSaleOrder> {
  const { agencyId, userId, now, input } = params;
  try {
    await checkReferences(tx, input);
    const [created] = await tx
      .insert(saleOrders)
      .values({ ...values(input), agencyId, createdBy: userId, createdAt: now })
      .returning();
    if (!created) throw new Error('sale order insert returned no row');
    const result = await readSaleOrder(tx, { id: created.id });
    await recordAudit(tx, { agencyId, userId, action: 'create', entity: 'saleOrder', entityId: created.id, after: result, at: now });
    return result;
  } catch (error) {
    return duplicateNumber(error);
  }
}

/**
 * Changes a sale order. Its row is locked first, so consignments being added at the same time wait: the new
 * quantity is never below the sum of its live consignments ('Sale order quantity can not be less than the sum of
 * its LC quantities.'), and its cargo type stays while consignments exist.
 */
export async function updateSaleOrder(tx: Db, params: Actor & { id: number; input: SaleOrderInput }): Promise<TSaleOrder> {
  const { agencyId, userId, now, input, id } = params;
  try {
    await getSaleOrder(tx, params);
    const existing = await lockSaleOrder(tx, id);
    if (!existing) throw notFound(ProcurementMessages.saleOrderNotFound);
    if (existing.status !== 'Active') throw conflict(ProcurementMessages.reversed);
    const before = await readSaleOrder(tx, { id });
    await checkReferences(tx, input, existing);
    const consigned = await liveConsignmentsKg(tx, { saleOrderId: id });
    if (consigned > 0n && input.cargoTypeId !== existing.cargoTypeId) {
      throw badRequest(ProcurementMessages.cargoTypeLocked, { cargoTypeId: ProcurementMessages.cargoTypeLocked });
    }
    if (tonnesToKg(input.quantity) < consigned) throw badRequest(Messages.saleOrderBelowLcs, { quantity: Messages.saleOrderBelowLcs });
    await tx
      .update(saleOrders)
      .set({ ...values(input), updatedBy: userId, updatedAt: now })
      .where(eq(saleOrders.id, id));
    const after = await readSaleOrder(tx, { id });
    await recordAudit(tx, { agencyId, userId, action: 'update', entity: 'saleOrder', entityId: id, before, after, at: now });
    return after;
  } catch (error) {
    return duplicateNumber(error);
  }
}

/** Reverses a sale order (kept, marked Reversed with who, when and why); refused while it has live consignments. */
export async function reverseSaleOrder(tx: Db, params: Actor & { id: number; reason: string }): Promise<TSaleOrder> {
  const { agencyId, userId, now, id, reason } = params;
  await getSaleOrder(tx, params);
  const existing = await lockSaleOrder(tx, id);
  if (!existing) throw notFound(ProcurementMessages.saleOrderNotFound);
  if (existing.status !== 'Active') throw conflict(ProcurementMessages.alreadyReversed);
  const [live] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(consignments)
    .where(and(eq(consignments.saleOrderId, id), eq(consignments.status, 'Active')));
  if ((live?.count ?? 0) > 0) throw conflict(ProcurementMessages.saleOrderHasConsignments);
  await tx
    .update(saleOrders)
    .set({ status: 'Reversed', reversedBy: userId, reversedAt: now, reverseReason: reason })
    .where(eq(saleOrders.id, id));
  const after = await readSaleOrder(tx, { id });
  await recordAudit(tx, { agencyId, userId, action: 'reverse', entity: 'saleOrder', entityId: id, after, at: now });
  return after;
}
