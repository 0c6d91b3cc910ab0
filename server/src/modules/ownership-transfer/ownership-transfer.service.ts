import {
  COMPANY_TYPE_IDS,
  ErrorCode,
  LOCATION_KIND_IDS,
  Messages,
  OwnershipTransferMessages,
  kgToTonnes,
  tonnesToKg,
  type OwnershipPlace,
  type TNewOwner,
  type TOwnershipTransfer,
  type TOwnershipTransferList,
  type TOwnershipTransferValues,
  type TReasonBody,
  type TStockPosition,
  ZOwnershipTransferListQuery,
} from '@tonnage/contracts';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { CommandActor, ReadActor } from '../../kit/actor';
import { type Position } from '../../ledger/accounts';
import { inPlaceTransaction } from '../../ledger/in-place';
import { reverse } from '../../ledger/ledger.service';
import { recordAudit } from '../../platform/audit/audit';
import type { Db } from '../../platform/db/client';
import { orderByAllowed } from '../../platform/db/list-order';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { forEachBatch } from '../../platform/excel';
import { cargoOwnerCondition, inScope } from '../../identity/data-scope';
import { columnOf, companies, locations, silos } from '../master-data/master-data.schema';
import { consignments } from '../procurement/procurement.schema';
import { auditable, between, checkPosition, onHandPositions, timeZoneFor } from '../warehouse-dispatch/warehouse-dispatch.service';
import { fromOwners, selectTransfers, toOwners, toTransfer, transferScope, transferSort } from './ownership-transfer.queries';
import { ownershipTransfers } from './ownership-transfer.schema';

/*
 * Ownership transfer (spec 2.3 `ownershipTransfer`; docs/domain.md flow table): owner A's quantity of an on-hand
 * position becomes owner B's at the same place, in one ledger transaction (ON_HAND A -> ON_HAND B). The ledger's CHECK
 * refuses a quantity above A's usable (409 Quantity not available), also when requests race; the reversal posts the
 * opposite and is refused the same way once B's stock has moved on.
 */

const col = columnOf;
type Message = (typeof OwnershipTransferMessages)[keyof typeof OwnershipTransferMessages];
const field = (name: string, message: Parameters<typeof badRequest>[0]) => badRequest(message, { [name]: message });
const ruleConflict = (message: Message) => new AppError(409, ErrorCode.BUSINESS_RULE, message);

/** The place: an active warehouse, or an active consignee location, in the user's locations; else 400. */
async function checkPlace(tx: Db, actor: ReadActor, locationId: number): Promise<OwnershipPlace> {
  const [location] = await tx
    .select({ kind: col(locations, 'locationKindId'), ownerType: col(locations, 'ownerType') })
    .from(locations)
    .where(and(eq(col(locations, 'agencyId'), actor.agencyId), eq(col(locations, 'id'), locationId), eq(col(locations, 'isActive'), true)));
  const place = !location ? null : Number(location.kind) === LOCATION_KIND_IDS.warehouse ? 'warehouse' : Number(location.kind) === LOCATION_KIND_IDS.deliveryLocation && location.ownerType === 'consignee' ? 'consigneeLocation' : null;
  if (!place || !inScope(actor.scope.locationIds, locationId)) throw field('locationId', OwnershipTransferMessages.placeRequired);
  return place;
}

/** A silo (null: open area) of the warehouse; a consignee location has no silos. */
async function checkSilo(tx: Db, actor: ReadActor, place: OwnershipPlace, locationId: number, siloId: number | null): Promise<void> {
  if (siloId === null) return;
  const [silo] =
    place === 'warehouse'
      ? await tx
          .select({ id: col(silos, 'id') })
          .from(silos)
          .where(and(eq(col(silos, 'agencyId'), actor.agencyId), eq(col(silos, 'id'), siloId), eq(col(silos, 'warehouseId'), locationId)))
      : [];
  if (!silo) throw field('siloId', OwnershipTransferMessages.positionRequired);
}

/** The conditions on `companies` of who may become an owner: an active consignee or shipment manager in the user's scope. */
function newOwnerConditions(actor: ReadActor): SQL | undefined {
  return and(
    eq(col(companies, 'agencyId'), actor.agencyId),
    eq(col(companies, 'isActive'), true),
    inArray(col(companies, 'companyTypeId'), [COMPANY_TYPE_IDS.consignee, COMPANY_TYPE_IDS.shipmentManager]),
    cargoOwnerCondition(actor.scope, col(companies, 'id')),
  );
}

/** `GET /api/ownershipTransfer/owners`: the consignees and shipment managers (marked) the user may hand cargo to. */
export async function newOwners(tx: Db, actor: ReadActor): Promise<TNewOwner[]> {
  const rows = await tx
    .select({ id: col(companies, 'id'), name: col(companies, 'name'), type: col(companies, 'companyTypeId') })
    .from(companies)
    .where(newOwnerConditions(actor))
    .orderBy(asc(col(companies, 'name')), asc(col(companies, 'id')));
  return rows.map((r) => ({ id: Number(r.id), name: String(r.name), isShipmentManager: Number(r.type) === COMPANY_TYPE_IDS.shipmentManager }));
}

async function checkNewOwner(tx: Db, actor: ReadActor, input: Pick<TOwnershipTransferValues, 'ownerCompanyId' | 'toOwnerCompanyId'>): Promise<void> {
  const [owner] = await tx
    .select({ id: col(companies, 'id') })
    .from(companies)
    .where(and(newOwnerConditions(actor), eq(col(companies, 'id'), input.toOwnerCompanyId)));
  if (!owner) throw field('toOwnerCompanyId', OwnershipTransferMessages.newOwnerRequired);
  if (input.toOwnerCompanyId === input.ownerCompanyId) throw field('toOwnerCompanyId', OwnershipTransferMessages.sameOwner);
}

/** `GET /api/ownershipTransfer/positions`: A's on-hand positions at warehouses or consignee locations in scope. */
export function transferPositions(tx: Db, actor: ReadActor & { place: OwnershipPlace; locationId?: number | undefined }): Promise<TStockPosition[]> {
  return onHandPositions(tx, { agencyId: actor.agencyId, scope: actor.scope, place: actor.place, locationId: actor.locationId });
}

type ListQuery = z.output<typeof ZOwnershipTransferListQuery>;
export type TransferFilters = Omit<ListQuery, 'page' | 'limit'>;

function lcOrOwner(search: string | undefined): SQL | undefined {
  if (search === undefined) return undefined;
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`(coalesce(${consignments.lcNumber}, ${consignments.poNumber}) ilike ${pattern} or ${col(fromOwners, 'name')} ilike ${pattern} or ${col(toOwners, 'name')} ilike ${pattern})`;
}

async function conditions(tx: Db, actor: ReadActor, q: TransferFilters): Promise<SQL | undefined> {
  const timeZone = await timeZoneFor(tx, actor.agencyId, q);
  return and(
    eq(ownershipTransfers.agencyId, actor.agencyId),
    transferScope(actor.scope),
    q.locationId === undefined ? undefined : eq(ownershipTransfers.locationId, q.locationId),
    q.fromOwnerCompanyId === undefined ? undefined : eq(ownershipTransfers.fromOwnerCompanyId, q.fromOwnerCompanyId),
    q.toOwnerCompanyId === undefined ? undefined : eq(ownershipTransfers.toOwnerCompanyId, q.toOwnerCompanyId),
    q.consignmentId === undefined ? undefined : eq(ownershipTransfers.consignmentId, q.consignmentId),
    q.place === undefined ? undefined : eq(col(locations, 'locationKindId'), q.place === 'warehouse' ? LOCATION_KIND_IDS.warehouse : LOCATION_KIND_IDS.deliveryLocation),
    q.status === 'all' ? undefined : eq(ownershipTransfers.status, q.status),
    ...between(sql`${ownershipTransfers.transferAt}`, q, timeZone),
    lcOrOwner(q.search),
  );
}

export async function listTransfers(tx: Db, actor: ReadActor & { query: ListQuery }): Promise<TOwnershipTransferList> {
  const q = actor.query;
  const where = await conditions(tx, actor, q);
  const rows = await selectTransfers(tx)
    .where(where)
    .orderBy(...orderByAllowed(transferSort, q, ownershipTransfers.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const [total] = await tx
    .select({ count: sql<number>`count(*)::int`, kg: sql<string>`coalesce(sum(${ownershipTransfers.quantityKg}), 0)::text` })
    .from(ownershipTransfers)
    .innerJoin(locations, eq(col(locations, 'id'), ownershipTransfers.locationId))
    .innerJoin(fromOwners, eq(col(fromOwners, 'id'), ownershipTransfers.fromOwnerCompanyId))
    .innerJoin(toOwners, eq(col(toOwners, 'id'), ownershipTransfers.toOwnerCompanyId))
    .innerJoin(consignments, eq(consignments.id, ownershipTransfers.consignmentId))
    .where(where);
  return { rows: rows.map(toTransfer), count: Number(total?.count ?? 0), total: kgToTonnes(BigInt(total?.kg ?? '0')) };
}

export async function forEachTransfer(tx: Db, actor: ReadActor & { query: TransferFilters }, visit: (rows: TOwnershipTransfer[]) => Promise<void> | void): Promise<void> {
  const where = await conditions(tx, actor, actor.query);
  await forEachBatch(async (limit, offset) => (await selectTransfers(tx).where(where).orderBy(...orderByAllowed(transferSort, actor.query, ownershipTransfers.id)).limit(limit).offset(offset)).map(toTransfer), visit);
}

export async function getTransfer(tx: Db, actor: ReadActor & { id: number }): Promise<TOwnershipTransfer> {
  const [row] = await selectTransfers(tx).where(and(eq(ownershipTransfers.agencyId, actor.agencyId), eq(ownershipTransfers.id, actor.id), transferScope(actor.scope)));
  if (!row) throw notFound(OwnershipTransferMessages.notFound);
  return toTransfer(row);
}

/** A's position of the input (the ON_HAND account the transfer draws on). */
function fromPosition(input: Pick<TOwnershipTransferValues, 'locationId' | 'siloId' | 'ownerCompanyId' | 'consignmentId' | 'cargoTypeId' | 'voyageId' | 'attachedVoyageId'>): Position {
  return {
    locationId: input.locationId,
    siloId: input.siloId,
    ownerCompanyId: input.ownerCompanyId,
    consignmentId: input.consignmentId,
    cargoTypeId: input.cargoTypeId,
    voyageId: input.voyageId,
    attachedVoyageId: input.attachedVoyageId,
  };
}

/** Creates an ownership transfer: ON_HAND(A) -> ON_HAND(B) at the same place, same consignment, cargo and voyages. */
export async function createTransfer(tx: Db, actor: CommandActor & { input: TOwnershipTransferValues }): Promise<TOwnershipTransfer> {
  const input = actor.input;
  const place = await checkPlace(tx, actor, input.locationId);
  await checkSilo(tx, actor, place, input.locationId, input.siloId);
  await checkNewOwner(tx, actor, input);
  const from = fromPosition(input);
  await checkPosition(tx, actor, from);
  const quantityKg = tonnesToKg(input.quantity);
  const [row] = await tx
    .insert(ownershipTransfers)
    .values({
      agencyId: actor.agencyId,
      locationId: input.locationId,
      siloId: input.siloId,
      fromOwnerCompanyId: input.ownerCompanyId,
      toOwnerCompanyId: input.toOwnerCompanyId,
      consignmentId: input.consignmentId,
      cargoTypeId: input.cargoTypeId,
      voyageId: input.voyageId,
      attachedVoyageId: input.attachedVoyageId,
      quantityKg,
      transferAt: actor.now,
      remarks: input.remarks,
      createdBy: actor.userId,
      createdAt: actor.now,
    })
    .returning();
  if (!row) throw new Error('ownership transfer not written');
  const { ownerCompanyId: _owner, ...cargo } = from;
  const transactionId = await inPlaceTransaction(tx, {
    agencyId: actor.agencyId,
    userId: actor.userId,
    at: actor.now,
    type: 'ownershipTransfer',
    source: { table: 'ownership_transfers', id: row.id },
    place: cargo,
    from: input.ownerCompanyId,
    to: input.toOwnerCompanyId,
    quantityKg,
  });
  await tx.update(ownershipTransfers).set({ ledgerTransactionId: transactionId }).where(eq(ownershipTransfers.id, row.id));
  await recordAudit(tx, { agencyId: actor.agencyId, userId: actor.userId, action: 'create', entity: 'ownershipTransfer', entityId: row.id, after: auditable({ ...row, ledgerTransactionId: transactionId }), at: actor.now });
  return getTransfer(tx, { agencyId: actor.agencyId, scope: actor.scope, id: row.id });
}

/**
 * Reverses an ownership transfer with a reason: B's quantity goes back to A. When B's stock at the position has
 * moved on (sold, dispatched, committed), the ledger refuses it: 409 Quantity not available.
 */
export async function reverseTransfer(tx: Db, actor: CommandActor & { id: number; body: TReasonBody }): Promise<void> {
  const reason = actor.body.reason.trim();
  if (!reason) throw field('reason', Messages.reasonRequired);
  const [before] = await tx
    .select()
    .from(ownershipTransfers)
    .where(and(eq(ownershipTransfers.agencyId, actor.agencyId), eq(ownershipTransfers.id, actor.id), transferScope(actor.scope)))
    .for('update');
  if (!before) throw notFound(OwnershipTransferMessages.notFound);
  if (before.status !== 'Active') throw ruleConflict(OwnershipTransferMessages.alreadyReversed);
  if (before.ledgerTransactionId !== null) await reverse(tx, { agencyId: actor.agencyId, transactionId: before.ledgerTransactionId, userId: actor.userId, at: actor.now, reason });
  await tx.update(ownershipTransfers).set({ status: 'Reversed', reversedBy: actor.userId, reversedAt: actor.now, reverseReason: reason }).where(eq(ownershipTransfers.id, before.id));
  await recordAudit(tx, { agencyId: actor.agencyId, userId: actor.userId, action: 'reverse', entity: 'ownershipTransfer', entityId: before.id, before: auditable(before), after: { status: 'Reversed', reason }, at: actor.now });
}
