import {
  Messages,
  ProcurementMessages,
  SEARCH_MIN_CHARS,
  tonnesToKg,
  ZConsignmentExportQuery,
  ZConsignmentFilters,
  ZConsignmentInput,
  ZConsignmentListQuery,
  ZLcPoQuery,
  type ConsignmentSortField,
  type TConsignment,
  type TConsignmentList,
  type TConsignmentTotal,
  type TLcPoList,
  type ServerMessage,
} from '@tonnage/contracts';
import { type SQL, and, desc, eq, ilike, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit/audit';
import { inScope, scopeCondition, type DataScope } from '../../identity/data-scope';
import type { Db } from '../../platform/db/client';
import { caseless, orderByAllowed } from '../../platform/db/list-order';
import { escapeLike, uniqueViolation } from '../../platform/db/query-helpers';
import { assertNotConsumed } from '../../platform/consumers';
import type { CommandActor as Actor, ReadActor } from '../../kit/actor';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { cursorSource, type CursorSource } from '../../platform/db/cursor';
import { cargoTypes, columnOf } from '../master-data/master-data.schema';
import { shipments } from '../shipping/shipping.schema';
import { consignments, saleOrders } from './procurement.schema';
import {
  checkCompany,
  consignees,
  createdUsers,
  kgText,
  nameOf,
  reversedUsers,
  shipmentManagers,
  throwIfAny,
  toTrail,
  tonnes,
  trailColumns,
  updatedUsers,
} from './procurement.queries';
import { liveConsignmentsKg } from './sale-orders.service';

export type ConsignmentListQuery = z.output<typeof ZConsignmentListQuery>;
export type ConsignmentExportQuery = Omit<z.output<typeof ZConsignmentExportQuery>, 'lang'>;
export type ConsignmentFilters = z.output<typeof ZConsignmentFilters>;
export type ConsignmentInput = z.output<typeof ZConsignmentInput>;
export type LcPoQuery = z.output<typeof ZLcPoQuery>;

/** Sum (kg) of a consignment's active shipments' BL quantities, as a correlated subquery of the consignment row. */
const shippedKg = sql`(select coalesce(sum(s.bl_quantity_kg), 0) from shipments s where s.consignment_id = ${consignments.id} and s.status = 'Active')`;

const consignmentColumns = {
  row: consignments,
  saleOrderNumber: saleOrders.number,
  blConsigneeName: nameOf(consignees),
  shipmentManagerName: sql<string | null>`${columnOf(shipmentManagers, 'name')}`,
  cargoTypeName: nameOf(cargoTypes),
  shippedKg: kgText(shippedKg),
  ...trailColumns,
};

function baseQuery(tx: Db) {
  return tx
    .select(consignmentColumns)
    .from(consignments)
    .innerJoin(saleOrders, eq(saleOrders.id, consignments.saleOrderId))
    .innerJoin(consignees, eq(columnOf(consignees, 'id'), consignments.blConsigneeId))
    .leftJoin(shipmentManagers, eq(columnOf(shipmentManagers, 'id'), consignments.shipmentManagerId))
    .innerJoin(cargoTypes, eq(columnOf(cargoTypes, 'id'), consignments.cargoTypeId))
    .innerJoin(createdUsers, eq(createdUsers.id, consignments.createdBy))
    .leftJoin(updatedUsers, eq(updatedUsers.id, consignments.updatedBy))
    .leftJoin(reversedUsers, eq(reversedUsers.id, consignments.reversedBy));
}

type ConsignmentRow = Awaited<ReturnType<ReturnType<typeof baseQuery>['execute']>>[number];

function toConsignment(r: ConsignmentRow): TConsignment {
  const { row } = r;
  const shipped = BigInt(r.shippedKg);
  return {
    id: row.id,
    LCPONumber: row.lcNumber ?? row.poNumber ?? '',
    type: row.lcNumber !== null ? 'lc' : 'po',
    lcNumber: row.lcNumber,
    poNumber: row.poNumber,
    refNumber: row.refNumber,
    saleOrderId: row.saleOrderId,
    saleOrderNumber: r.saleOrderNumber,
    blConsigneeId: row.blConsigneeId,
    blConsigneeName: r.blConsigneeName,
    shipmentManagerId: row.shipmentManagerId,
    shipmentManagerName: r.shipmentManagerName,
    cargoTypeId: row.cargoTypeId,
    cargoTypeName: r.cargoTypeName,
    quantity: tonnes(row.quantityKg),
    shippedQuantity: tonnes(shipped),
    remainingQuantity: tonnes(row.quantityKg - shipped),
    remarks: row.remarks,
    ...toTrail({ ...row, ...r }),
  };
}

/** The consignments a user's data scope lets them see: by BL consignee and by shipment manager (spec section 6). */
export function consignmentScope(scope: DataScope): SQL | undefined {
  return scopeCondition(scope, { shipmentManager: consignments.shipmentManagerId, consignee: consignments.blConsigneeId });
}

function searchCondition(search: string | undefined): SQL | undefined {
  if (!search || search.length <= SEARCH_MIN_CHARS) return undefined;
  const pattern = `%${escapeLike(search)}%`;
  return or(ilike(consignments.lcNumber, pattern), ilike(consignments.poNumber, pattern), ilike(consignments.refNumber, pattern));
}

function typeCondition(type: 'lc' | 'po' | undefined): SQL | undefined {
  if (type === 'lc') return isNotNull(consignments.lcNumber);
  if (type === 'po') return isNotNull(consignments.poNumber);
  return undefined;
}

function filterConditions(filters: ConsignmentFilters, scope: DataScope): SQL | undefined {
  const conditions: (SQL | undefined)[] = [searchCondition(filters.search), typeCondition(filters.type), consignmentScope(scope)];
  if (filters.saleOrderId !== undefined) conditions.push(eq(consignments.saleOrderId, filters.saleOrderId));
  if (filters.blConsigneeId !== undefined) conditions.push(eq(consignments.blConsigneeId, filters.blConsigneeId));
  if (filters.shipmentManagerId !== undefined) conditions.push(eq(consignments.shipmentManagerId, filters.shipmentManagerId));
  if (filters.cargoTypeId !== undefined) conditions.push(eq(consignments.cargoTypeId, filters.cargoTypeId));
  if (filters.status !== 'all') conditions.push(eq(consignments.status, filters.status));
  const present = conditions.filter((c): c is SQL => c !== undefined);
  return present.length > 0 ? and(...present) : undefined;
}

/** Whose consignments a read sees: the agency and the user's data scope. */
type Viewer = ReadActor;

/** The list's sortable columns (contract `CONSIGNMENT_SORT_FIELDS`) in SQL: texts without letter case. */
const consignmentSort: Record<ConsignmentSortField, SQL | AnyPgColumn> = {
  createdAt: consignments.createdAt,
  LCPONumber: caseless(sql`coalesce(${consignments.lcNumber}, ${consignments.poNumber})`),
  refNumber: caseless(consignments.refNumber),
  saleOrderNumber: caseless(saleOrders.number),
  blConsigneeName: caseless(nameOf(consignees)),
  shipmentManagerName: caseless(columnOf(shipmentManagers, 'name')),
  cargoTypeName: caseless(nameOf(cargoTypes)),
  quantity: consignments.quantityKg,
};

/** Every consignment the list's filters and the user's scope match, in the list's order, as the Excel export's cursor source. */
export function consignmentExportSource(tx: Db, params: Viewer & { query: ConsignmentExportQuery }): CursorSource<TConsignment> {
  const { query } = params;
  const where = filterConditions(query, params.scope);
  return cursorSource(baseQuery(tx).where(where).orderBy(...orderByAllowed(consignmentSort, query, consignments.id)), (_tx, rows) => rows.map(toConsignment));
}

/** Consignments of the agency within the user's scope: search on LC/PO/ref number, filters, sorted (newest first), paged. */
export async function listConsignments(tx: Db, params: Viewer & { query: ConsignmentListQuery }): Promise<TConsignmentList> {
  const { query } = params;
  const where = filterConditions(query, params.scope);
  const rows = await baseQuery(tx)
    .where(where)
    .orderBy(...orderByAllowed(consignmentSort, query, consignments.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [total] = await tx.select({ count: sql<number>`count(*)::int` }).from(consignments).where(where);
  return { rows: rows.map(toConsignment), count: total?.count ?? 0 };
}

/** Total quantity (MT) and count of the consignments the same filters and scope select. */
export async function consignmentTotal(tx: Db, params: Viewer & { query: ConsignmentFilters }): Promise<TConsignmentTotal> {
  const where = filterConditions(params.query, params.scope);
  const [row] = await tx
    .select({ kg: kgText(sql`coalesce(sum(${consignments.quantityKg}), 0)`), count: sql<number>`count(*)::int` })
    .from(consignments)
    .where(where);
  return { totalQuantity: tonnes(row?.kg ?? '0'), count: row?.count ?? 0 };
}

/**
 * The LC/PO picker (spec section 7, `lcPos`): active consignments whose LC, PO or ref number contains a search of
 * more than 2 characters, or the consignments named by `consignmentIdList` (any status, to show chosen values);
 * `type` narrows to LCs or POs. At most 10 for a search; nothing for a short search without ids.
 */
export async function lcPoOptions(tx: Db, params: Viewer & { query: LcPoQuery }): Promise<TLcPoList> {
  const { query } = params;
  const search = searchCondition(query.search);
  if (query.consignmentIdList.length === 0 && !search) return Promise.resolve({ lcPoNumbers: [] });
  const scope = consignmentScope(params.scope);
  const byIds = query.consignmentIdList.length > 0;
  const rows = await tx
    .select({ id: consignments.id, lcNumber: consignments.lcNumber, poNumber: consignments.poNumber, refNumber: consignments.refNumber })
    .from(consignments)
    .where(
      and(
        byIds ? inArray(consignments.id, query.consignmentIdList) : and(search, eq(consignments.status, 'Active')),
        typeCondition(query.type),
        scope,
      ),
    )
    .orderBy(desc(consignments.id))
    .limit(byIds ? query.consignmentIdList.length : 10);
  return {
    lcPoNumbers: rows.map((r) => ({ id: r.id, LC: { LCPONumber: r.lcNumber ?? r.poNumber ?? '' }, RefLC: { refNumber: r.refNumber } })),
  };
}

/** One consignment the user may see (404 when unknown in the agency or outside the scope). In the caller's transaction. */
export async function readConsignment(tx: Db, params: { id: number; scope: DataScope }): Promise<TConsignment> {
  const [row] = await baseQuery(tx)
    .where(and(eq(consignments.id, params.id), consignmentScope(params.scope)))
    .limit(1);
  if (!row) throw notFound(ProcurementMessages.consignmentNotFound);
  return toConsignment(row);
}

/** One consignment of the agency within the user's scope. */
export function getConsignment(tx: Db, params: Viewer & { id: number }): Promise<TConsignment> {
  return readConsignment(tx, { id: params.id, scope: params.scope });
}

/** Locks a consignment row the user may see (FOR UPDATE); null when unknown or outside the scope. */
async function lockConsignment(tx: Db, params: { id: number; scope: DataScope }) {
  const [row] = await tx
    .select()
    .from(consignments)
    .where(and(eq(consignments.id, params.id), consignmentScope(params.scope)))
    .limit(1)
    .for('update');
  return row ?? null;
}

/** Locks sale orders in id order (a stable lock order, so two edits moving consignments between them cannot deadlock). */
async function lockSaleOrders(tx: Db, ids: number[]) {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  return tx.select().from(saleOrders).where(inArray(saleOrders.id, unique)).orderBy(saleOrders.id).for('update');
}

/** Sum (kg) of a consignment's active shipments' BL quantities. */
async function shippedKgOf(tx: Db, consignmentId: number): Promise<bigint> {
  const [row] = await tx
    .select({ kg: kgText(sql`coalesce(sum(${shipments.blQuantityKg}), 0)`) })
    .from(shipments)
    .where(and(eq(shipments.consignmentId, consignmentId), eq(shipments.status, 'Active')));
  return BigInt(row?.kg ?? '0');
}

type Existing = typeof consignments.$inferSelect;

/**
 * The checks of a consignment form that read the database: its sale order (locked by the caller) is active and of
 * the same cargo type; the consignee and shipment manager are companies of their types, within the user's scope;
 * the shipment manager defaults to the consignee's. Returns the shipment manager to store.
 */
async function checkForm(
  tx: Db,
  params: { input: ConsignmentInput; saleOrder: typeof saleOrders.$inferSelect | undefined; scope: DataScope; existing?: Existing },
): Promise<number | null> {
  const { input, saleOrder, scope, existing } = params;
  const details: Record<string, ServerMessage> = {};
  if (!saleOrder || (saleOrder.status !== 'Active' && existing?.saleOrderId !== saleOrder.id)) {
    details.saleOrderId = ProcurementMessages.saleOrderInvalid;
  } else if (saleOrder.cargoTypeId !== input.cargoTypeId) {
    details.cargoTypeId = ProcurementMessages.cargoTypeMismatch;
  }
  const consignee = await checkCompany(tx, details, {
    field: 'blConsigneeId',
    id: input.blConsigneeId,
    type: 'consignee',
    unchangedId: existing?.blConsigneeId,
    message: ProcurementMessages.consigneeInvalid,
  });
  if (consignee && !inScope(scope.consigneeIds, input.blConsigneeId)) details.blConsigneeId = ProcurementMessages.consigneeOutOfScope;
  const shipmentManagerId = input.shipmentManagerId ?? consignee?.shipmentManagerId ?? null;
  if (shipmentManagerId !== null) {
    const manager = await checkCompany(tx, details, {
      field: 'shipmentManagerId',
      id: shipmentManagerId,
      type: 'shipmentManager',
      unchangedId: existing?.shipmentManagerId,
      message: ProcurementMessages.shipmentManagerInvalid,
    });
    if (manager && !inScope(scope.shipmentManagerIds, shipmentManagerId)) details.shipmentManagerId = ProcurementMessages.shipmentManagerOutOfScope;
  } else if (scope.shipmentManagerIds !== null) {
    details.shipmentManagerId = ProcurementMessages.shipmentManagerOutOfScope;
  }
  throwIfAny(details);
  return shipmentManagerId;
}

function duplicateNumber(error: unknown, input: ConsignmentInput): never {
  if (uniqueViolation(error)?.constraint === 'consignments_agency_lc_unique') {
    throw conflict(ProcurementMessages.lcPoTaken, { [input.lcNumber ? 'lcNumber' : 'poNumber']: ProcurementMessages.lcPoTaken });
  }
  throw error;
}

function values(input: ConsignmentInput, shipmentManagerId: number | null) {
  return {
    lcNumber: input.lcNumber,
    poNumber: input.lcNumber ? null : input.poNumber,
    refNumber: input.refNumber,
    saleOrderId: input.saleOrderId,
    blConsigneeId: input.blConsigneeId,
    shipmentManagerId,
    cargoTypeId: input.cargoTypeId,
    quantityKg: tonnesToKg(input.quantity),
    remarks: input.remarks,
  };
}


function saleOrderExceeded(): never {
  throw badRequest(Messages.saleOrderExceeded, { quantity: Messages.saleOrderExceeded });
}

/**
 * Creates a consignment under a sale order. The sale order row is locked before its consignments are summed, so
 * concurrent creations under one sale order never together exceed it.
 */
export async function createConsignment(tx: Db, params: Actor & { input: ConsignmentInput }): Promise<TConsignment> {
  const { agencyId, userId, now, input, scope } = params;
  try {
    const [saleOrder] = await lockSaleOrders(tx, [input.saleOrderId]);
    const shipmentManagerId = await checkForm(tx, { input, saleOrder, scope });
    if (!saleOrder) throw new Error('unreachable: checkForm refuses a missing sale order');
    const quantityKg = tonnesToKg(input.quantity);
    if ((await liveConsignmentsKg(tx, { saleOrderId: saleOrder.id })) + quantityKg > saleOrder.quantityKg) saleOrderExceeded();
    const [created] = await tx
      .insert(consignments)
      .values({ ...values(input, shipmentManagerId), agencyId, createdBy: userId, createdAt: now })
      .returning({ id: consignments.id });
    if (!created) throw new Error('consignment insert returned no row');
    const result = await readConsignment(tx, { id: created.id, scope });
    await recordAudit(tx, { agencyId, userId, action: 'create', entity: 'consignment', entityId: created.id, after: result, at: now });
    return result;
  } catch (error) {
    return duplicateNumber(error, input);
  }
}

/**
 * Changes a consignment: not below its shipped BL quantity ('LC quantity can not be less than its BL quantity.'),
 * and its sale order's live consignments not above the sale order (both sale orders locked when it moves).
 */
export async function updateConsignment(tx: Db, params: Actor & { id: number; input: ConsignmentInput }): Promise<TConsignment> {
  const { agencyId, userId, now, input, id, scope } = params;
  try {
    const existing = await lockConsignment(tx, { id, scope });
    if (!existing) throw notFound(ProcurementMessages.consignmentNotFound);
    if (existing.status !== 'Active') throw conflict(ProcurementMessages.reversed);
    const locked = await lockSaleOrders(tx, [existing.saleOrderId, input.saleOrderId]);
    const saleOrder = locked.find((s) => s.id === input.saleOrderId);
    const shipmentManagerId = await checkForm(tx, { input, saleOrder, scope, existing });
    if (!saleOrder) throw new Error('unreachable: checkForm refuses a missing sale order');
    const quantityKg = tonnesToKg(input.quantity);
    if (quantityKg < (await shippedKgOf(tx, id))) throw badRequest(Messages.lcBelowBl, { quantity: Messages.lcBelowBl });
    if ((await liveConsignmentsKg(tx, { saleOrderId: saleOrder.id, exceptId: id })) + quantityKg > saleOrder.quantityKg) saleOrderExceeded();
    const before = await readConsignment(tx, { id, scope });
    await tx
      .update(consignments)
      .set({ ...values(input, shipmentManagerId), updatedBy: userId, updatedAt: now })
      .where(eq(consignments.id, id));
    const after = await readConsignment(tx, { id, scope });
    await recordAudit(tx, { agencyId, userId, action: 'update', entity: 'consignment', entityId: id, before, after, at: now });
    return after;
  } catch (error) {
    return duplicateNumber(error, input);
  }
}

/**
 * Reverses a consignment (kept, marked Reversed). Refused while a port loading draws on it ('This consignment has
 * existing Port Loading.') or a shipment is still active under it: its back-pointers (platform/consumers.ts).
 */
export async function reverseConsignment(tx: Db, params: Actor & { id: number; reason: string }): Promise<TConsignment> {
  const { agencyId, userId, now, id, reason, scope } = params;
  const existing = await lockConsignment(tx, { id, scope });
  if (!existing) throw notFound(ProcurementMessages.consignmentNotFound);
  if (existing.status !== 'Active') throw conflict(ProcurementMessages.alreadyReversed);
  await assertNotConsumed(tx, { agencyId, record: { kind: 'consignment', id } });
  await tx
    .update(consignments)
    .set({ status: 'Reversed', reversedBy: userId, reversedAt: now, reverseReason: reason })
    .where(eq(consignments.id, id));
  const after = await readConsignment(tx, { id, scope });
  await recordAudit(tx, { agencyId, userId, action: 'reverse', entity: 'consignment', entityId: id, after, at: now });
  return after;
}

/** The status of a consignment the user may see, for its documents (404 when unknown or outside the scope). */
export async function consignmentOwner(tx: Db, params: Viewer & { id: number }): Promise<{ status: string }> {
  const [row] = await tx
    .select({ status: consignments.status })
    .from(consignments)
    .where(and(eq(consignments.id, params.id), consignmentScope(params.scope)))
    .limit(1);
  if (!row) throw notFound(ProcurementMessages.consignmentNotFound);
  return row;
}
