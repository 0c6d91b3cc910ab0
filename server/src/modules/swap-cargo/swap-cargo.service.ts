import {
  ErrorCode,
  LOCATION_KIND_IDS,
  Messages,
  SwapCargoMessages,
  kgToTonnes,
  tonnesToKg,
  type SwapPlace,
  type TReasonBody,
  type TStockPosition,
  type TSwapCargo,
  type TSwapCargoList,
  type TSwapCargoValues,
  ZSwapCargoListQuery,
} from '@tonnage/contracts';
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { CommandActor, ReadActor } from '../../kit/actor';
import { onHandAccount, type Position } from '../../ledger/accounts';
import { post, reverse } from '../../ledger/ledger.service';
import { recordAudit } from '../../platform/audit/audit';
import type { Db } from '../../platform/db/client';
import { orderByAllowed } from '../../platform/db/list-order';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { cursorSource, type CursorSource } from '../../platform/db/cursor';
import { cargoOwnerCondition, inScope } from '../../identity/data-scope';
import { columnOf, companies, locations, silos } from '../master-data/master-data.schema';
import { auditable, between, checkPosition, onHandPositions, timeZoneFor } from '../warehouse-dispatch/warehouse-dispatch.service';
import { aConsignments, aLocations, aOwners, bConsignments, bLocations, bOwners, selectSwaps, swapScope, swapSort, toSwap } from './swap-cargo.queries';
import { cargoSwaps } from './swap-cargo.schema';

/*
 * Swap cargo (spec 2.3 `swapCargo`; docs/domain.md flow table): owner A's quantity of a position at X for the same
 * quantity of owner B's position at Y, in one ledger transaction of four lines. The goods keep their consignment and
 * voyage; the attached voyage follows the owner's claim (what A receives stays attached to the vessel A gave up). The
 * ledger's CHECK refuses a quantity above either usable (409 Quantity not available), also when requests race; the
 * reversal posts the opposite and is refused the same way once a received position has moved on.
 */

const col = columnOf;
type Message = (typeof SwapCargoMessages)[keyof typeof SwapCargoMessages];
const field = (name: string, message: Parameters<typeof badRequest>[0]) => badRequest(message, { [name]: message });
const ruleConflict = (message: Message) => new AppError(409, ErrorCode.BUSINESS_RULE, message);

type SideKey = 'a' | 'b';
const REQUIRED: Record<SideKey, Message> = { a: SwapCargoMessages.sideARequired, b: SwapCargoMessages.sideBRequired };

/** One side of the input as a ledger position. */
export function sidePosition(input: TSwapCargoValues, side: SideKey): Position {
  return side === 'a'
    ? { locationId: input.aLocationId, siloId: input.aSiloId, ownerCompanyId: input.aOwnerCompanyId, consignmentId: input.aConsignmentId, cargoTypeId: input.aCargoTypeId, voyageId: input.aVoyageId, attachedVoyageId: input.aAttachedVoyageId }
    : { locationId: input.bLocationId, siloId: input.bSiloId, ownerCompanyId: input.bOwnerCompanyId, consignmentId: input.bConsignmentId, cargoTypeId: input.bCargoTypeId, voyageId: input.bVoyageId, attachedVoyageId: input.bAttachedVoyageId };
}

/**
 * The four lines of a swap of `quantityKg` between positions `a` and `b`: each side gives its position's quantity,
 * and the other owner receives it with the same place, silo, consignment, cargo and voyage, attached to the vessel
 * that other owner gave up.
 */
export function swapLines(a: Position, b: Position, quantityKg: bigint) {
  return [
    { account: onHandAccount(a), quantityKg: -quantityKg },
    { account: onHandAccount({ ...a, ownerCompanyId: b.ownerCompanyId, attachedVoyageId: b.attachedVoyageId }), quantityKg },
    { account: onHandAccount(b), quantityKg: -quantityKg },
    { account: onHandAccount({ ...b, ownerCompanyId: a.ownerCompanyId, attachedVoyageId: a.attachedVoyageId }), quantityKg },
  ];
}

/** The place of a side: an active warehouse, or an active consignee location, in the user's locations; else 400 on that side. */
async function checkPlace(tx: Db, actor: ReadActor, side: SideKey, locationId: number): Promise<SwapPlace> {
  const [location] = await tx
    .select({ kind: col(locations, 'locationKindId'), ownerType: col(locations, 'ownerType') })
    .from(locations)
    .where(and(eq(col(locations, 'agencyId'), actor.agencyId), eq(col(locations, 'id'), locationId), eq(col(locations, 'isActive'), true)));
  const place = !location ? null : Number(location.kind) === LOCATION_KIND_IDS.warehouse ? 'warehouse' : Number(location.kind) === LOCATION_KIND_IDS.deliveryLocation && location.ownerType === 'consignee' ? 'consigneeLocation' : null;
  if (!place || !inScope(actor.scope.locationIds, locationId)) throw field(`${side}LocationId`, REQUIRED[side]);
  return place;
}

/** A silo (null: open area) of the side's warehouse; a consignee location has no silos. */
async function checkSilo(tx: Db, actor: ReadActor, side: SideKey, place: SwapPlace, position: Position): Promise<void> {
  if (position.siloId === null) return;
  const [silo] =
    place === 'warehouse'
      ? await tx
          .select({ id: col(silos, 'id') })
          .from(silos)
          .where(and(eq(col(silos, 'agencyId'), actor.agencyId), eq(col(silos, 'id'), position.siloId), eq(col(silos, 'warehouseId'), position.locationId)))
      : [];
  if (!silo) throw field(`${side}SiloId`, REQUIRED[side]);
}

/** The owner of a side: a company of the agency passing the user's cargo owner rule; else 400 on that side. */
async function checkOwner(tx: Db, actor: ReadActor, side: SideKey, ownerCompanyId: number): Promise<void> {
  const [owner] = await tx
    .select({ id: col(companies, 'id') })
    .from(companies)
    .where(and(eq(col(companies, 'agencyId'), actor.agencyId), eq(col(companies, 'id'), ownerCompanyId), cargoOwnerCondition(actor.scope, col(companies, 'id'))));
  if (!owner) throw field(`${side}OwnerCompanyId`, REQUIRED[side]);
}

async function checkSide(tx: Db, actor: ReadActor, side: SideKey, position: Position): Promise<void> {
  const place = await checkPlace(tx, actor, side, position.locationId);
  await checkSilo(tx, actor, side, place, position);
  await checkOwner(tx, actor, side, position.ownerCompanyId);
}

/** `GET /api/swapCargo/positions`: on-hand positions at warehouses or consignee locations in the user's scope. */
export function swapPositions(tx: Db, actor: ReadActor & { place: SwapPlace; locationId?: number | undefined }): Promise<TStockPosition[]> {
  return onHandPositions(tx, { agencyId: actor.agencyId, scope: actor.scope, place: actor.place, locationId: actor.locationId });
}

type ListQuery = z.output<typeof ZSwapCargoListQuery>;
export type SwapFilters = Omit<ListQuery, 'page' | 'limit'>;

function lcOrOwner(search: string | undefined): SQL | undefined {
  if (search === undefined) return undefined;
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`(coalesce(${aConsignments.lcNumber}, ${aConsignments.poNumber}) ilike ${pattern} or coalesce(${bConsignments.lcNumber}, ${bConsignments.poNumber}) ilike ${pattern} or ${col(aOwners, 'name')} ilike ${pattern} or ${col(bOwners, 'name')} ilike ${pattern})`;
}

async function conditions(tx: Db, actor: ReadActor, q: SwapFilters): Promise<SQL | undefined> {
  const timeZone = await timeZoneFor(tx, actor.agencyId, q);
  return and(
    eq(cargoSwaps.agencyId, actor.agencyId),
    swapScope(actor.scope),
    q.locationId === undefined ? undefined : or(eq(cargoSwaps.aLocationId, q.locationId), eq(cargoSwaps.bLocationId, q.locationId)),
    q.ownerCompanyId === undefined ? undefined : or(eq(cargoSwaps.aOwnerCompanyId, q.ownerCompanyId), eq(cargoSwaps.bOwnerCompanyId, q.ownerCompanyId)),
    q.consignmentId === undefined ? undefined : or(eq(cargoSwaps.aConsignmentId, q.consignmentId), eq(cargoSwaps.bConsignmentId, q.consignmentId)),
    q.status === 'all' ? undefined : eq(cargoSwaps.status, q.status),
    ...between(sql`${cargoSwaps.swapAt}`, q, timeZone),
    lcOrOwner(q.search),
  );
}

export async function listSwaps(tx: Db, actor: ReadActor & { query: ListQuery }): Promise<TSwapCargoList> {
  const q = actor.query;
  const where = await conditions(tx, actor, q);
  const rows = await selectSwaps(tx)
    .where(where)
    .orderBy(...orderByAllowed(swapSort, q, cargoSwaps.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const [total] = await tx
    .select({ count: sql<number>`count(*)::int`, kg: sql<string>`coalesce(sum(${cargoSwaps.quantityKg}), 0)::text` })
    .from(cargoSwaps)
    .innerJoin(aLocations, eq(col(aLocations, 'id'), cargoSwaps.aLocationId))
    .innerJoin(bLocations, eq(col(bLocations, 'id'), cargoSwaps.bLocationId))
    .innerJoin(aOwners, eq(col(aOwners, 'id'), cargoSwaps.aOwnerCompanyId))
    .innerJoin(bOwners, eq(col(bOwners, 'id'), cargoSwaps.bOwnerCompanyId))
    .innerJoin(aConsignments, eq(aConsignments.id, cargoSwaps.aConsignmentId))
    .innerJoin(bConsignments, eq(bConsignments.id, cargoSwaps.bConsignmentId))
    .where(where);
  return { rows: rows.map(toSwap), count: Number(total?.count ?? 0), total: kgToTonnes(BigInt(total?.kg ?? '0')) };
}

export async function swapExportSource(tx: Db, actor: ReadActor & { query: SwapFilters }): Promise<CursorSource<TSwapCargo>> {
  const where = await conditions(tx, actor, actor.query);
  return cursorSource(selectSwaps(tx).where(where).orderBy(...orderByAllowed(swapSort, actor.query, cargoSwaps.id)), (_tx, rows) => rows.map(toSwap));
}

export async function getSwap(tx: Db, actor: ReadActor & { id: number }): Promise<TSwapCargo> {
  const [row] = await selectSwaps(tx).where(and(eq(cargoSwaps.agencyId, actor.agencyId), eq(cargoSwaps.id, actor.id), swapScope(actor.scope)));
  if (!row) throw notFound(SwapCargoMessages.notFound);
  return toSwap(row);
}

/** Creates a cargo swap: four ON_HAND lines in one posting (see `swapLines`), never above either side's usable. */
export async function createSwap(tx: Db, actor: CommandActor & { input: TSwapCargoValues }): Promise<TSwapCargo> {
  const input = actor.input;
  const a = sidePosition(input, 'a');
  const b = sidePosition(input, 'b');
  await checkSide(tx, actor, 'a', a);
  await checkSide(tx, actor, 'b', b);
  if (a.ownerCompanyId === b.ownerCompanyId) throw field('bOwnerCompanyId', SwapCargoMessages.sameOwner);
  if (a.cargoTypeId !== b.cargoTypeId) throw field('bCargoTypeId', SwapCargoMessages.sameCargoType);
  // Same place, silo, consignment and voyage on both sides: the swap would change nothing (and post one account twice).
  if (a.locationId === b.locationId && a.siloId === b.siloId && a.consignmentId === b.consignmentId && a.voyageId === b.voyageId) throw field('bConsignmentId', SwapCargoMessages.samePosition);
  await checkPosition(tx, actor, a);
  await checkPosition(tx, actor, b);
  const quantityKg = tonnesToKg(input.quantity);
  const [row] = await tx
    .insert(cargoSwaps)
    .values({
      agencyId: actor.agencyId,
      aLocationId: a.locationId,
      aSiloId: a.siloId,
      aOwnerCompanyId: a.ownerCompanyId,
      aConsignmentId: a.consignmentId,
      aVoyageId: a.voyageId,
      aAttachedVoyageId: a.attachedVoyageId,
      bLocationId: b.locationId,
      bSiloId: b.siloId,
      bOwnerCompanyId: b.ownerCompanyId,
      bConsignmentId: b.consignmentId,
      bVoyageId: b.voyageId,
      bAttachedVoyageId: b.attachedVoyageId,
      cargoTypeId: a.cargoTypeId,
      quantityKg,
      swapAt: actor.now,
      remarks: input.remarks,
      createdBy: actor.userId,
      createdAt: actor.now,
    })
    .returning();
  if (!row) throw new Error('cargo swap not written');
  const { transactionId } = await post(tx, {
    agencyId: actor.agencyId,
    type: 'swapCargo',
    source: { table: 'cargo_swaps', id: row.id },
    userId: actor.userId,
    at: actor.now,
    lines: swapLines(a, b, quantityKg),
  });
  await tx.update(cargoSwaps).set({ ledgerTransactionId: transactionId }).where(eq(cargoSwaps.id, row.id));
  await recordAudit(tx, { agencyId: actor.agencyId, userId: actor.userId, action: 'create', entity: 'swapCargo', entityId: row.id, after: auditable({ ...row, ledgerTransactionId: transactionId }), at: actor.now });
  return getSwap(tx, { agencyId: actor.agencyId, scope: actor.scope, id: row.id });
}

/**
 * Reverses a cargo swap with a reason: each owner gets back what it gave. When a received position has moved on
 * (sold, dispatched, committed, swapped again), the ledger refuses it: 409 Quantity not available.
 */
export async function reverseSwap(tx: Db, actor: CommandActor & { id: number; body: TReasonBody }): Promise<void> {
  const reason = actor.body.reason.trim();
  if (!reason) throw field('reason', Messages.reasonRequired);
  const [before] = await tx
    .select()
    .from(cargoSwaps)
    .where(and(eq(cargoSwaps.agencyId, actor.agencyId), eq(cargoSwaps.id, actor.id), swapScope(actor.scope)))
    .for('update');
  if (!before) throw notFound(SwapCargoMessages.notFound);
  if (before.status !== 'Active') throw ruleConflict(SwapCargoMessages.alreadyReversed);
  if (before.ledgerTransactionId !== null) await reverse(tx, { agencyId: actor.agencyId, transactionId: before.ledgerTransactionId, userId: actor.userId, at: actor.now, reason });
  await tx.update(cargoSwaps).set({ status: 'Reversed', reversedBy: actor.userId, reversedAt: actor.now, reverseReason: reason }).where(eq(cargoSwaps.id, before.id));
  await recordAudit(tx, { agencyId: actor.agencyId, userId: actor.userId, action: 'reverse', entity: 'swapCargo', entityId: before.id, before: auditable(before), after: { status: 'Reversed', reason }, at: actor.now });
}
