import {
  COMPANY_TYPE_IDS,
  ConsigneeDispatchMessages,
  ConsigneeTransferMessages,
  ErrorCode,
  LOCATION_KIND_IDS,
  Messages,
  OwnershipTransferMessages,
  kgToTonnes,
  tonnesToKg,
  type OwnershipPlace,
  type TNewOwner,
  type TConsigneeTransferList,
  type TConsigneeTransfer,
  type TConsigneeTransferValues,
  type TOwnershipTransferValues,
  type TReasonBody,
  type TStockPosition,
  ZOwnershipTransferListQuery,
} from '@tonnage/contracts';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor, CommandActor, ReadActor } from '../../kit/actor';
import { type Position } from '../../ledger/accounts';
import { inPlaceTransaction } from '../../ledger/in-place';
import { reverse } from '../../ledger/ledger.service';
import { recordAudit } from '../../platform/audit/audit';
import type { Db } from '../../platform/db/client';
import { orderByAllowed } from '../../platform/db/list-order';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { cursorSource, type CursorSource } from '../../platform/db/cursor';
import { cargoOwnerCondition, inScope } from '../../identity/data-scope';
import { columnOf, companies, locations, silos } from '../master-data/master-data.schema';
import { consignments } from '../procurement/procurement.schema';
import { auditable, between, checkPosition, onHandPositions, timeZoneFor } from '../warehouse-dispatch/warehouse-dispatch.service';
import { checkSlipDestination, dispatchMovement, reverseSlipOf } from '../warehouse-transfer/transfer-slip.service';
import { fromOwners, selectTransfers, toOwners, toTransfer, transferScope, transferSort } from './ownership-transfer.queries';
import { ownershipTransfers } from './ownership-transfer.schema';

/*
 * Ownership transfer (spec 2.3 `ownershipTransfer`; docs/domain.md flow table): owner A's quantity of an on-hand
 * position becomes owner B's at the same place, in one ledger transaction (ON_HAND A -> ON_HAND B). The ledger's CHECK
 * refuses a quantity above A's usable (409 Quantity not available), also when requests race; the reversal posts the
 * opposite and is refused the same way once B's stock has moved on.
 */

const col = columnOf;
const field = (name: string, message: Parameters<typeof badRequest>[0]) => badRequest(message, { [name]: message });

/**
 * The kinds of record in `ownership_transfers`: an ownership transfer (`ownershipTransfer`), or a consignee transfer
 * (`consigneeTransfer`, spec `consignee/consignee-transfer`): the same change of owner in place under a narrower rule
 * (the place a consignee location, both owners consignees). Each kind lists, reads and reverses only its own records.
 */
export type TransferKind = 'ownershipTransfer' | 'consigneeTransfer';

/** What differs between the kinds: who may own before and after, and the texts. */
const RULES = {
  ownershipTransfer: {
    owners: [COMPANY_TYPE_IDS.consignee, COMPANY_TYPE_IDS.shipmentManager],
    newOwnerRequired: OwnershipTransferMessages.newOwnerRequired,
    notFound: OwnershipTransferMessages.notFound,
    alreadyReversed: OwnershipTransferMessages.alreadyReversed,
  },
  consigneeTransfer: {
    owners: [COMPANY_TYPE_IDS.consignee],
    newOwnerRequired: ConsigneeTransferMessages.newConsigneeRequired,
    notFound: ConsigneeTransferMessages.notFound,
    alreadyReversed: ConsigneeTransferMessages.alreadyReversed,
  },
} as const satisfies Record<TransferKind, { owners: readonly number[]; newOwnerRequired: string; notFound: string; alreadyReversed: string }>;

/** The place: an active warehouse, or an active consignee location, in the user's locations; else 400. */
async function checkPlace(tx: Db, actor: ReadActor, locationId: number): Promise<OwnershipPlace> {
  const place = await placeOf(tx, actor, locationId);
  if (!place) throw field('locationId', OwnershipTransferMessages.placeRequired);
  return place;
}

/** The kind of place of an active warehouse or consignee location in the user's locations; null for any other. */
async function placeOf(tx: Db, actor: ReadActor, locationId: number): Promise<OwnershipPlace | null> {
  const [location] = await tx
    .select({ kind: col(locations, 'locationKindId'), ownerType: col(locations, 'ownerType') })
    .from(locations)
    .where(and(eq(col(locations, 'agencyId'), actor.agencyId), eq(col(locations, 'id'), locationId), eq(col(locations, 'isActive'), true)));
  const place = !location ? null : Number(location.kind) === LOCATION_KIND_IDS.warehouse ? 'warehouse' : Number(location.kind) === LOCATION_KIND_IDS.deliveryLocation && location.ownerType === 'consignee' ? 'consigneeLocation' : null;
  return place && inScope(actor.scope.locationIds, locationId) ? place : null;
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

/** The conditions on `companies` of who may become an owner: an active consignee or shipment manager (consignee transfer: consignee) in the user's scope. */
function newOwnerConditions(actor: ReadActor, kind: TransferKind = 'ownershipTransfer'): SQL | undefined {
  return and(
    eq(col(companies, 'agencyId'), actor.agencyId),
    eq(col(companies, 'isActive'), true),
    inArray(col(companies, 'companyTypeId'), [...RULES[kind].owners]),
    cargoOwnerCondition(actor.scope, col(companies, 'id')),
  );
}

/** The companies among `ids` that are consignees (a consignee transfer's current owner must be one). */
async function consigneesAmong(tx: Db, agencyId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: col(companies, 'id') })
    .from(companies)
    .where(and(eq(col(companies, 'agencyId'), agencyId), eq(col(companies, 'companyTypeId'), COMPANY_TYPE_IDS.consignee), inArray(col(companies, 'id'), [...ids])));
  return new Set(rows.map((r) => Number(r.id)));
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

async function checkNewOwner(tx: Db, actor: ReadActor, input: Pick<TOwnershipTransferValues, 'ownerCompanyId' | 'toOwnerCompanyId'>, kind: TransferKind): Promise<void> {
  const [owner] = await tx
    .select({ id: col(companies, 'id') })
    .from(companies)
    .where(and(newOwnerConditions(actor, kind), eq(col(companies, 'id'), input.toOwnerCompanyId)));
  if (!owner) throw field('toOwnerCompanyId', RULES[kind].newOwnerRequired);
  if (input.toOwnerCompanyId === input.ownerCompanyId) throw field('toOwnerCompanyId', OwnershipTransferMessages.sameOwner);
}

/** `GET /api/ownershipTransfer/positions`: A's on-hand positions at warehouses or consignee locations in scope. */
export function transferPositions(tx: Db, actor: ReadActor & { place: OwnershipPlace; locationId?: number | undefined }): Promise<TStockPosition[]> {
  return onHandPositions(tx, { agencyId: actor.agencyId, scope: actor.scope, place: actor.place, locationId: actor.locationId });
}

/** `GET /api/consigneeTransfer/positions`: consignees' positions at consignee locations in scope (a consignee transfer's picker). */
export async function consigneeTransferPositions(tx: Db, actor: ReadActor & { locationId?: number | undefined }): Promise<TStockPosition[]> {
  const positions = await onHandPositions(tx, { agencyId: actor.agencyId, scope: actor.scope, place: 'consigneeLocation', locationId: actor.locationId });
  const consignees = await consigneesAmong(tx, actor.agencyId, [...new Set(positions.map((p) => p.ownerCompanyId))]);
  return positions.filter((p) => consignees.has(p.ownerCompanyId));
}

type ListQuery = z.output<typeof ZOwnershipTransferListQuery>;
/** The list's filters; a consignee transfer's list has no place type. */
export type TransferListQuery = Omit<ListQuery, 'place'> & { place?: ListQuery['place'] };
export type TransferFilters = Omit<TransferListQuery, 'page' | 'limit'>;

function lcOrOwner(search: string | undefined): SQL | undefined {
  if (search === undefined) return undefined;
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`(coalesce(${consignments.lcNumber}, ${consignments.poNumber}) ilike ${pattern} or ${col(fromOwners, 'name')} ilike ${pattern} or ${col(toOwners, 'name')} ilike ${pattern})`;
}

async function conditions(tx: Db, actor: ReadActor & { kind: TransferKind }, q: TransferFilters): Promise<SQL | undefined> {
  const timeZone = await timeZoneFor(tx, actor.agencyId, q);
  return and(
    eq(ownershipTransfers.agencyId, actor.agencyId),
    eq(ownershipTransfers.kind, actor.kind),
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

export async function listTransfers(tx: Db, actor: ReadActor & { kind: TransferKind; query: TransferListQuery }): Promise<TConsigneeTransferList> {
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

export async function transferExportSource(tx: Db, actor: ReadActor & { kind: TransferKind; query: TransferFilters }): Promise<CursorSource<TConsigneeTransfer>> {
  const where = await conditions(tx, actor, actor.query);
  return cursorSource(selectTransfers(tx).where(where).orderBy(...orderByAllowed(transferSort, actor.query, ownershipTransfers.id)), (_tx, rows) => rows.map(toTransfer));
}

export async function getTransfer(tx: Db, actor: ReadActor & { kind: TransferKind; id: number }): Promise<TConsigneeTransfer> {
  const [row] = await selectTransfers(tx).where(and(eq(ownershipTransfers.agencyId, actor.agencyId), eq(ownershipTransfers.kind, actor.kind), eq(ownershipTransfers.id, actor.id), transferScope(actor.scope)));
  if (!row) throw notFound(RULES[actor.kind].notFound);
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
export async function createTransfer(tx: Db, actor: CommandActor & { input: TOwnershipTransferValues }): Promise<TConsigneeTransfer> {
  const input = actor.input;
  const place = await checkPlace(tx, actor, input.locationId);
  await checkSilo(tx, actor, place, input.locationId, input.siloId);
  await checkNewOwner(tx, actor, input, 'ownershipTransfer');
  return writeTransfer(tx, actor, input, 'ownershipTransfer');
}

/**
 * Creates a consignee transfer: an ownership transfer whose place is a consignee location (its open area) and whose
 * owners are both consignees (a shipment manager taking a consignee's cargo is a loan, not this). With a `movement`
 * the cargo leaves by truck on a transfer slip (source `consigneeTransfer`, arrival owner B) for a delivery location
 * of B or a warehouse of the agency; the slip is the posting and the record keeps it.
 */
export async function createConsigneeTransfer(tx: Db, actor: CommandActor & Partial<Pick<Actor, 'lang'>> & { input: TConsigneeTransferValues }): Promise<TConsigneeTransfer> {
  const { movement, ...rest } = actor.input;
  const input = { ...rest, siloId: null };
  const place = await placeOf(tx, actor, input.locationId);
  if (place !== 'consigneeLocation') throw field('locationId', ConsigneeDispatchMessages.consigneeLocationRequired);
  if (!(await consigneesAmong(tx, actor.agencyId, [input.ownerCompanyId])).has(input.ownerCompanyId)) throw field('ownerCompanyId', ConsigneeTransferMessages.ownerNotConsignee);
  await checkNewOwner(tx, actor, input, 'consigneeTransfer');
  if (movement === null) return writeTransfer(tx, actor, input, 'consigneeTransfer');
  // B's places: a delivery location of the new consignee, or a warehouse of the agency.
  const destination = await checkSlipDestination(tx, actor, movement.toLocationId, input.locationId, sql`${col(locations, 'consigneeId')} = ${input.toOwnerCompanyId}`);
  const from = fromPosition(input);
  await checkPosition(tx, actor, from);
  // No cargo control here: its rules name a warehouse or every warehouse, and the cargo leaves a consignee location
  // (as a Consignee Out does). A warehouse destination's intake block and cap are Warehouse In's, as for every slip.
  const row = await insertTransfer(tx, actor, input, 'consigneeTransfer');
  const slip = await dispatchMovement(tx, actor, { source: 'consigneeTransfer', position: from, toOwnerCompanyId: input.toOwnerCompanyId, movement, destination, quantityKg: row.quantityKg, remarks: input.remarks });
  await tx.update(ownershipTransfers).set({ transferSlipId: slip.id }).where(eq(ownershipTransfers.id, row.id));
  await recordAudit(tx, { agencyId: actor.agencyId, userId: actor.userId, action: 'create', entity: 'consigneeTransfer', entityId: row.id, after: auditable({ ...row, transferSlipId: slip.id, slipNumber: slip.slipNumber }), at: actor.now });
  return getTransfer(tx, { agencyId: actor.agencyId, scope: actor.scope, kind: 'consigneeTransfer', id: row.id });
}

async function insertTransfer(tx: Db, actor: CommandActor, input: TOwnershipTransferValues, kind: TransferKind) {
  const [row] = await tx
    .insert(ownershipTransfers)
    .values({
      agencyId: actor.agencyId,
      kind,
      locationId: input.locationId,
      siloId: input.siloId,
      fromOwnerCompanyId: input.ownerCompanyId,
      toOwnerCompanyId: input.toOwnerCompanyId,
      consignmentId: input.consignmentId,
      cargoTypeId: input.cargoTypeId,
      voyageId: input.voyageId,
      attachedVoyageId: input.attachedVoyageId,
      quantityKg: tonnesToKg(input.quantity),
      transferAt: actor.now,
      remarks: input.remarks,
      createdBy: actor.userId,
      createdAt: actor.now,
    })
    .returning();
  if (!row) throw new Error('ownership transfer not written');
  return row;
}

async function writeTransfer(tx: Db, actor: CommandActor, input: TOwnershipTransferValues, kind: TransferKind): Promise<TConsigneeTransfer> {
  const from = fromPosition(input);
  await checkPosition(tx, actor, from);
  const row = await insertTransfer(tx, actor, input, kind);
  const quantityKg = row.quantityKg;
  const { ownerCompanyId: _owner, ...cargo } = from;
  const transactionId = await inPlaceTransaction(tx, {
    agencyId: actor.agencyId,
    type: kind,
    source: { table: 'ownership_transfers', id: row.id },
    userId: actor.userId,
    at: actor.now,
    place: cargo,
    from: input.ownerCompanyId,
    to: input.toOwnerCompanyId,
    quantityKg,
  });
  await tx.update(ownershipTransfers).set({ ledgerTransactionId: transactionId }).where(eq(ownershipTransfers.id, row.id));
  await recordAudit(tx, { agencyId: actor.agencyId, userId: actor.userId, action: 'create', entity: kind, entityId: row.id, after: auditable({ ...row, ledgerTransactionId: transactionId }), at: actor.now });
  return getTransfer(tx, { agencyId: actor.agencyId, scope: actor.scope, kind, id: row.id });
}

/**
 * Reverses an ownership transfer with a reason: B's quantity goes back to A. When B's stock at the position has
 * moved on (sold, dispatched, committed), the ledger refuses it: 409 Quantity not available.
 */
export async function reverseTransfer(tx: Db, actor: CommandActor & { kind: TransferKind; id: number; body: TReasonBody }): Promise<void> {
  const reason = actor.body.reason.trim();
  if (!reason) throw field('reason', Messages.reasonRequired);
  const [before] = await tx
    .select()
    .from(ownershipTransfers)
    .where(and(eq(ownershipTransfers.agencyId, actor.agencyId), eq(ownershipTransfers.kind, actor.kind), eq(ownershipTransfers.id, actor.id), transferScope(actor.scope)))
    .for('update');
  if (!before) throw notFound(RULES[actor.kind].notFound);
  if (before.status !== 'Active') throw new AppError(409, ErrorCode.BUSINESS_RULE, RULES[actor.kind].alreadyReversed);
  // Delivered by truck: the slip goes back (refused, naming the consignee transfer, while a receipt holds it).
  if (before.transferSlipId !== null) await reverseSlipOf(tx, actor, before.transferSlipId, reason);
  if (before.ledgerTransactionId !== null) await reverse(tx, { agencyId: actor.agencyId, transactionId: before.ledgerTransactionId, userId: actor.userId, at: actor.now, reason });
  await tx.update(ownershipTransfers).set({ status: 'Reversed', reversedBy: actor.userId, reversedAt: actor.now, reverseReason: reason }).where(eq(ownershipTransfers.id, before.id));
  await recordAudit(tx, { agencyId: actor.agencyId, userId: actor.userId, action: 'reverse', entity: actor.kind, entityId: before.id, before: auditable(before), after: { status: 'Reversed', reason }, at: actor.now });
}
