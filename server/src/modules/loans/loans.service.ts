import {
  COMPANY_TYPE_IDS,
  ConsigneeDispatchMessages,
  ErrorCode,
  LOCATION_KIND_IDS,
  kgToTonnes,
  LoanMessages,
  Messages,
  tonnesToKg,
  type TConsigneeLocationToSmValues,
  type TConsigneeToSmValues,
  type TLoan,
  type TLoanBalance,
  type TLoanBalanceRow,
  type TLoanList,
  type TLoanMovement,
  type TLoanReturn,
  type TLoanReturnList,
  type TLoanReturnSource,
  type TReasonBody,
  type TStockPosition,
  type TOnBoardLenders,
  type TOnBoardLoanValues,
  type TSmToConsigneeValues,
  ZLoanBalanceQuery,
  ZLoanListQuery,
  ZLoanMovementsQuery,
  ZLoanReturnListQuery,
} from '@tonnage/contracts';
import { and, asc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { CommandActor, ReadActor } from '../../kit/actor';
import { type Position } from '../../ledger/accounts';
import { inPlaceTransaction } from '../../ledger/in-place';
import { reverse } from '../../ledger/ledger.service';
import { recordAudit } from '../../platform/audit/audit';
import { assertNotConsumed } from '../../platform/consumers';
import type { Db } from '../../platform/db/client';
import { orderByAllowed } from '../../platform/db/list-order';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { cursorSource, type CursorSource } from '../../platform/db/cursor';
import { cargoTypes, columnOf, companies, locations, silos } from '../master-data/master-data.schema';
import { consignments } from '../procurement/procurement.schema';
import { auditable, between, checkPosition, checkSilo, checkWarehouse, onHandPositions, timeZoneFor, type PositionPlace } from '../warehouse-dispatch/warehouse-dispatch.service';
import { inScope, scopeCondition } from '../../identity/data-scope';
import { availableOnBoardKg } from '../port-loading/port-loading.service';
import { shipments } from '../shipping/shipping.schema';
import { borrowers, lenders, loanPlace, loanPlaceNameSql, loanReturnSort, loanScope, loanSort, selectLoanReturns, selectLoans, toLoan, toLoanReturn } from './loans.queries';
import { consigneeToShipmentManagerLoans as loans, loanReturns } from './loans.schema';
import { checkSlipDestination, dispatchMovement, reverseSlipOf, type TransferSlipWriter } from '../warehouse-transfer/transfer-slip.service';

/*
 * Loans in a warehouse (issue 14; spec 2.3 `warehouse/consignee-to-sm`, `warehouse/sm-to-consignee`; docs/domain.md
 * "Stock is a ledger"). Consignee to SM: the consignee's cargo on hand becomes its shipment manager's in place,
 * ON_HAND(place, consignee) -> ON_HAND(place, SM), never above usable (the ledger's CHECK: 409 Quantity not
 * available), and the loan (L) records it as issued. SM to consignee: a loan return (LR) gives back part or all of
 * a loan in place, ON_HAND(place, SM) -> ON_HAND(place, consignee); the loan's `returned_kg` grows under the loan's
 * row lock, so racing returns can never take more than is outstanding (and the row's CHECK is the backstop). A
 * loan is not reversed while a live return stands on it (platform/consumers.ts); a return's reversal re-opens the
 * outstanding.
 */

const col = columnOf;
type Message = (typeof LoanMessages)[keyof typeof LoanMessages];
const ruleConflict = (message: Message) => new AppError(409, ErrorCode.BUSINESS_RULE, message);
const field = (name: string, message: Parameters<typeof badRequest>[0]) => badRequest(message, { [name]: message });
const LOAN = 'consigneeToShipmentManagerLoan';
const LOAN_TABLE = 'consignee_to_shipment_manager_loans';
const RETURN = 'loanReturn';
const RETURN_TABLE = 'loan_returns';

type LoanListQuery = z.output<typeof ZLoanListQuery>;
type ReturnListQuery = z.output<typeof ZLoanReturnListQuery>;
export type LoanFilters = Omit<LoanListQuery, 'page' | 'limit'>;
export type LoanReturnFilters = Omit<ReturnListQuery, 'page' | 'limit'>;
type LoanRecord = typeof loans.$inferSelect;
/** A writer of loans: the truck rules of a delivery answer in its language (English when none is given, as the demo's). */
type LoanWriter = CommandActor & Partial<Pick<TransferSlipWriter, 'lang'>>;

/**
 * The loans of one kind of place: a warehouse's (`warehouse/consignee-to-sm`) or a consignee location's
 * (`consignee/consignee-to-sm`), by the kind of the loan's location.
 */
function atPlace(place: PositionPlace | undefined): SQL | undefined {
  if (place === undefined) return undefined;
  const kind = place === 'warehouse' ? LOCATION_KIND_IDS.warehouse : LOCATION_KIND_IDS.deliveryLocation;
  const located = sql`${loans.locationId} in (select ${col(locations, 'id')} from ${locations} where ${col(locations, 'locationKindId')} = ${kind})`;
  // Loans on board at the port are made and listed on the warehouse screen.
  return place === 'warehouse' ? sql`(${located} or ${loans.shipmentId} is not null)` : located;
}

type OnHandPlace = Pick<LoanRecord, 'siloId' | 'consignmentId' | 'cargoTypeId' | 'voyageId' | 'attachedVoyageId'> & { locationId: number };

/** The ON_HAND account of a loan's place and cargo owned by `ownerCompanyId`. */
function positionOf(loan: OnHandPlace, ownerCompanyId: number): Position {
  return { locationId: loan.locationId, siloId: loan.siloId, ownerCompanyId, consignmentId: loan.consignmentId, cargoTypeId: loan.cargoTypeId, voyageId: loan.voyageId, attachedVoyageId: loan.attachedVoyageId };
}

/** A loan on hand's place (a loan on board has none: its return always names the cargo it comes from). */
function onHandPlace(loan: LoanRecord): OnHandPlace {
  if (loan.locationId === null) throw field('source', LoanMessages.onBoardLoanReturnNeedsSource);
  return { ...loan, locationId: loan.locationId };
}

/**
 * Moves `quantityKg` of the loan's cargo in place from one owner to the other (the ledger refuses more than usable).
 * `received` is the receiving side's position when it differs (a return from other cargo lands attached to the loan's vessel).
 */
function postOwnership(
  tx: Db,
  actor: CommandActor,
  params: { type: string; source: { table: string; id: number }; loan: Parameters<typeof positionOf>[0]; from: number; to: number; quantityKg: bigint; received?: Parameters<typeof positionOf>[0] },
): Promise<number> {
  const { ownerCompanyId: _owner, ...place } = positionOf(params.loan, params.from);
  const { ownerCompanyId: _to, ...toPlace } = positionOf(params.received ?? params.loan, params.to);
  return inPlaceTransaction(tx, { agencyId: actor.agencyId, userId: actor.userId, at: actor.now, type: params.type, source: params.source, place, toPlace, from: params.from, to: params.to, quantityKg: params.quantityKg });
}

/** The lender's shipment manager: the consignee company's own; 400 (on `fieldName`) when the owner is no consignee or has none. */
async function shipmentManagerOf(tx: Db, agencyId: number, consigneeId: number, fieldName = 'ownerCompanyId'): Promise<number> {
  const [company] = await tx
    .select({ type: col(companies, 'companyTypeId'), shipmentManagerId: col(companies, 'shipmentManagerId') })
    .from(companies)
    .where(and(eq(col(companies, 'agencyId'), agencyId), eq(col(companies, 'id'), consigneeId)));
  if (!company || Number(company.type) !== COMPANY_TYPE_IDS.consignee || company.shipmentManagerId === null) throw field(fieldName, LoanMessages.noShipmentManager);
  return Number(company.shipmentManagerId);
}

/**
 * The Consignee to SM form's picker: the on-hand positions (in the user's scope) at the place whose owner may lend,
 * a consignee with a shipment manager (the picker's `consignee` mode); a shipment manager's or a customer's stock,
 * which no loan can take, is not offered.
 */
export async function lenderPositions(tx: Db, actor: ReadActor & { place: PositionPlace; locationId?: number | undefined; consignmentId?: number | undefined }): Promise<TStockPosition[]> {
  const positions = await onHandPositions(tx, actor);
  const ownerIds = [...new Set(positions.map((p) => p.ownerCompanyId))];
  if (ownerIds.length === 0) return [];
  const lendersFound = await tx
    .select({ id: col(companies, 'id') })
    .from(companies)
    .where(and(eq(col(companies, 'agencyId'), actor.agencyId), inArray(col(companies, 'id'), ownerIds), eq(col(companies, 'companyTypeId'), COMPANY_TYPE_IDS.consignee), isNotNull(col(companies, 'shipmentManagerId'))));
  const mayLend = new Set(lendersFound.map((c) => Number(c.id)));
  return positions.filter((p) => mayLend.has(p.ownerCompanyId));
}

// ---------------------------------------------------------------- lists and records

async function loanConditions(tx: Db, actor: ReadActor & { place?: PositionPlace | undefined }, q: LoanFilters): Promise<SQL | undefined> {
  const timeZone = await timeZoneFor(tx, actor.agencyId, q);
  return and(
    eq(loans.agencyId, actor.agencyId),
    loanScope(actor.scope),
    atPlace(actor.place),
    q.warehouseId === undefined ? undefined : eq(loans.locationId, q.warehouseId),
    q.consignmentId === undefined ? undefined : eq(loans.consignmentId, q.consignmentId),
    q.lenderId === undefined ? undefined : eq(loans.lenderCompanyId, q.lenderId),
    q.borrowerId === undefined ? undefined : eq(loans.borrowerCompanyId, q.borrowerId),
    q.cargoTypeId === undefined ? undefined : eq(loans.cargoTypeId, q.cargoTypeId),
    q.open === undefined ? undefined : q.open === 'open' ? sql`${loans.returnedKg} < ${loans.quantityKg}` : sql`${loans.returnedKg} = ${loans.quantityKg}`,
    q.status === 'all' ? undefined : eq(loans.status, q.status),
    ...between(sql`${loans.loanAt}`, q, timeZone),
    q.search === undefined ? undefined : sql`coalesce(${consignments.lcNumber}, ${consignments.poNumber}) ilike ${`%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`,
  );
}

export async function listLoans(tx: Db, actor: ReadActor & { place?: PositionPlace; query: LoanListQuery }): Promise<TLoanList> {
  const q = actor.query;
  const where = await loanConditions(tx, actor, q);
  const rows = await selectLoans(tx)
    .where(where)
    .orderBy(...orderByAllowed(loanSort, q, loans.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const [total] = await tx
    .select({ count: sql<number>`count(*)::int`, kg: sql<string>`coalesce(sum(${loans.quantityKg}), 0)::text` })
    .from(loans)
    .innerJoin(consignments, eq(consignments.id, loans.consignmentId))
    .where(where);
  return { rows: rows.map(toLoan), count: Number(total?.count ?? 0), total: kgToTonnes(BigInt(total?.kg ?? '0')) };
}

export async function loanExportSource(tx: Db, actor: ReadActor & { place?: PositionPlace; query: LoanFilters }): Promise<CursorSource<TLoan>> {
  const where = await loanConditions(tx, actor, actor.query);
  return cursorSource(selectLoans(tx).where(where).orderBy(...orderByAllowed(loanSort, actor.query, loans.id)), (_tx, rows) => rows.map(toLoan));
}

export async function getLoan(tx: Db, actor: ReadActor & { id: number; place?: PositionPlace | undefined }): Promise<TLoan> {
  const [row] = await selectLoans(tx).where(and(eq(loans.agencyId, actor.agencyId), eq(loans.id, actor.id), loanScope(actor.scope), atPlace(actor.place)));
  if (!row) throw notFound(LoanMessages.loanNotFound);
  return toLoan(row);
}

/** The live loans with something outstanding in the reader's scope, warehouse and consignee location alike, oldest first. */
export async function openLoans(tx: Db, actor: ReadActor): Promise<TLoan[]> {
  const rows = await selectLoans(tx)
    .where(and(eq(loans.agencyId, actor.agencyId), eq(loans.status, 'Active'), sql`${loans.returnedKg} < ${loans.quantityKg}`, loanScope(actor.scope)))
    .orderBy(asc(loans.loanAt), asc(loans.id))
    .limit(500);
  return rows.map(toLoan);
}

async function returnConditions(tx: Db, actor: ReadActor, q: LoanReturnFilters): Promise<SQL | undefined> {
  const timeZone = await timeZoneFor(tx, actor.agencyId, q);
  return and(
    eq(loanReturns.agencyId, actor.agencyId),
    loanScope(actor.scope),
    q.loanId === undefined ? undefined : eq(loanReturns.loanId, q.loanId),
    q.warehouseId === undefined ? undefined : eq(loans.locationId, q.warehouseId),
    q.consignmentId === undefined ? undefined : eq(loans.consignmentId, q.consignmentId),
    q.lenderId === undefined ? undefined : eq(loans.lenderCompanyId, q.lenderId),
    q.borrowerId === undefined ? undefined : eq(loans.borrowerCompanyId, q.borrowerId),
    q.cargoTypeId === undefined ? undefined : eq(loans.cargoTypeId, q.cargoTypeId),
    q.status === 'all' ? undefined : eq(loanReturns.status, q.status),
    ...between(sql`${loanReturns.returnAt}`, q, timeZone),
    q.search === undefined ? undefined : sql`coalesce(${consignments.lcNumber}, ${consignments.poNumber}) ilike ${`%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`,
  );
}

export async function listLoanReturns(tx: Db, actor: ReadActor & { query: ReturnListQuery }): Promise<TLoanReturnList> {
  const q = actor.query;
  const where = await returnConditions(tx, actor, q);
  const rows = await selectLoanReturns(tx)
    .where(where)
    .orderBy(...orderByAllowed(loanReturnSort, q, loanReturns.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const [total] = await tx
    .select({ count: sql<number>`count(*)::int`, kg: sql<string>`coalesce(sum(${loanReturns.quantityKg}), 0)::text` })
    .from(loanReturns)
    .innerJoin(loans, eq(loans.id, loanReturns.loanId))
    .innerJoin(consignments, eq(consignments.id, loans.consignmentId))
    .where(where);
  return { rows: rows.map(toLoanReturn), count: Number(total?.count ?? 0), total: kgToTonnes(BigInt(total?.kg ?? '0')) };
}

export async function loanReturnExportSource(tx: Db, actor: ReadActor & { query: LoanReturnFilters }): Promise<CursorSource<TLoanReturn>> {
  const where = await returnConditions(tx, actor, actor.query);
  return cursorSource(selectLoanReturns(tx).where(where).orderBy(...orderByAllowed(loanReturnSort, actor.query, loanReturns.id)), (_tx, rows) => rows.map(toLoanReturn));
}

export async function getLoanReturn(tx: Db, actor: ReadActor & { id: number }): Promise<TLoanReturn> {
  const [row] = await selectLoanReturns(tx).where(and(eq(loanReturns.agencyId, actor.agencyId), eq(loanReturns.id, actor.id), loanScope(actor.scope)));
  if (!row) throw notFound(LoanMessages.loanReturnNotFound);
  return toLoanReturn(row);
}

// ---------------------------------------------------------------- Consignee to SM: the loan

/**
 * Lends a consignee's cargo on hand in a warehouse to its shipment manager in place: the loan row and the posting
 * ON_HAND(place, consignee) -> ON_HAND(place, SM) in one transaction (409 Quantity not available above usable).
 */
export async function createLoan(tx: Db, actor: LoanWriter & { input: TConsigneeToSmValues; placeChecked?: boolean }): Promise<TLoan> {
  const input = actor.input;
  if (actor.placeChecked !== true) {
    await checkWarehouse(tx, actor, input.warehouseId);
    await checkSilo(tx, actor, input.warehouseId, input.siloId);
  }
  const borrowerCompanyId = await shipmentManagerOf(tx, actor.agencyId, input.ownerCompanyId);
  const place = { locationId: input.warehouseId, siloId: input.siloId, consignmentId: input.consignmentId, cargoTypeId: input.cargoTypeId, voyageId: input.voyageId, attachedVoyageId: input.attachedVoyageId };
  const position = positionOf(place, input.ownerCompanyId);
  await checkPosition(tx, actor, position);
  // The shipment manager's places: a warehouse, or a delivery location of the SM itself or of one of its consignees.
  const destination = input.movement === null ? null : await checkSlipDestination(tx, actor, input.movement.toLocationId, place.locationId, sql`(${col(locations, 'consigneeId')} = ${borrowerCompanyId} or ${col(locations, 'consigneeId')} in (select ${col(companies, 'id')} from ${companies} where ${col(companies, 'agencyId')} = ${actor.agencyId} and ${col(companies, 'shipmentManagerId')} = ${borrowerCompanyId}))`);
  const quantityKg = tonnesToKg(input.quantity);
  const [row] = await tx
    .insert(loans)
    .values({ agencyId: actor.agencyId, ...place, lenderCompanyId: input.ownerCompanyId, borrowerCompanyId, quantityKg, loanAt: actor.now, remarks: input.remarks, createdBy: actor.userId, createdAt: actor.now })
    .returning();
  if (!row) throw new Error('loan not written');
  let written: Record<string, unknown>;
  if (input.movement === null || destination === null) {
    const ledgerTransactionId = await postOwnership(tx, actor, { type: LOAN, source: { table: LOAN_TABLE, id: row.id }, loan: place, from: row.lenderCompanyId, to: row.borrowerCompanyId, quantityKg });
    await tx.update(loans).set({ ledgerTransactionId }).where(eq(loans.id, row.id));
    written = { ...row, ledgerTransactionId };
  } else {
    const slip = await dispatchMovement(tx, actor, { source: 'loan', position, toOwnerCompanyId: borrowerCompanyId, movement: input.movement, destination, quantityKg, remarks: input.remarks });
    await tx.update(loans).set({ transferSlipId: slip.id }).where(eq(loans.id, row.id));
    written = { ...row, transferSlipId: slip.id, slipNumber: slip.slipNumber };
  }
  await recordAudit(tx, { agencyId: actor.agencyId, userId: actor.userId, action: 'create', entity: LOAN, entityId: row.id, after: auditable(written), at: actor.now });
  return getLoan(tx, { agencyId: actor.agencyId, scope: actor.scope, id: row.id });
}

// ---------------------------------------------------------------- Consignee to SM on board: a loan of cargo still on the vessel

/**
 * Lends part of a BL's cargo still on board to the BL consignee's shipment manager (issue 14): the lender is the BL
 * consignee of `shipmentId`, the borrower its shipment manager, the place the voyage's port. Nothing is posted (an
 * ON_BOARD account has no owner): the loan counts as issued at once and reserves what it lends of what the BL can
 * still give (`availableOnBoardKg`: on board less the live port loadings' plans and the other loans' reservations),
 * read under the shipment's row lock (FOR NO KEY UPDATE, as port loadings take it), so racing loans and port
 * loadings of one BL cannot together take more than is on board. A BL the user cannot see is refused 400 on
 * `shipmentId`, as any foreign id in a command.
 */
export async function createOnBoardLoan(tx: Db, actor: CommandActor & { input: TOnBoardLoanValues }): Promise<TLoan> {
  const input = actor.input;
  const [shipment] = await tx
    .select({
      id: shipments.id,
      status: shipments.status,
      voyageId: shipments.voyageId,
      consignmentId: shipments.consignmentId,
      blConsigneeId: shipments.blConsigneeId,
      cargoTypeId: consignments.cargoTypeId,
      shipmentManagerId: consignments.shipmentManagerId,
      consignmentConsigneeId: consignments.blConsigneeId,
    })
    .from(shipments)
    .innerJoin(consignments, eq(consignments.id, shipments.consignmentId))
    .where(and(eq(shipments.agencyId, actor.agencyId), eq(shipments.id, input.shipmentId)))
    .for('no key update', { of: shipments });
  if (!shipment || shipment.status !== 'Active' || !inScope(actor.scope.consigneeIds, shipment.consignmentConsigneeId) || !inScope(actor.scope.shipmentManagerIds, shipment.shipmentManagerId)) {
    throw field('shipmentId', LoanMessages.blRequired);
  }
  const borrowerCompanyId = await shipmentManagerOf(tx, actor.agencyId, shipment.blConsigneeId, 'shipmentId');
  const quantityKg = tonnesToKg(input.quantity);
  const { availableKg } = await availableOnBoardKg(tx, { agencyId: actor.agencyId, shipmentId: shipment.id, voyageId: shipment.voyageId, consignmentId: shipment.consignmentId });
  if (quantityKg > availableKg) {
    const available = kgToTonnes(availableKg > 0n ? availableKg : 0n);
    throw new AppError(409, ErrorCode.QUANTITY_NOT_AVAILABLE, LoanMessages.onBoardNotAvailable, { quantity: LoanMessages.onBoardNotAvailable, available });
  }
  const [row] = await tx
    .insert(loans)
    .values({
      agencyId: actor.agencyId,
      locationId: null,
      siloId: null,
      shipmentId: shipment.id,
      lenderCompanyId: shipment.blConsigneeId,
      borrowerCompanyId,
      consignmentId: shipment.consignmentId,
      cargoTypeId: shipment.cargoTypeId,
      voyageId: shipment.voyageId,
      attachedVoyageId: shipment.voyageId,
      quantityKg,
      loanAt: actor.now,
      remarks: input.remarks,
      createdBy: actor.userId,
      createdAt: actor.now,
    })
    .returning();
  if (!row) throw new Error('loan not written');
  await recordAudit(tx, { agencyId: actor.agencyId, userId: actor.userId, action: 'create', entity: LOAN, entityId: row.id, after: auditable(row), at: actor.now });
  return getLoan(tx, { agencyId: actor.agencyId, scope: actor.scope, id: row.id });
}

/**
 * `GET /api/warehouseConsigneeToSm/on-board?voyageId=`: the voyage's live BLs in the user's scope whose BL consignee
 * has a shipment manager to lend to, with what each can still give (what a loan on board may take).
 */
export async function onBoardLenders(tx: Db, actor: ReadActor & { voyageId: number }): Promise<TOnBoardLenders> {
  const rows = await tx
    .select({
      shipmentId: shipments.id,
      blNumber: shipments.blNumber,
      voyageId: shipments.voyageId,
      consignmentId: shipments.consignmentId,
      lcPoNumber: sql<string>`coalesce(${consignments.lcNumber}, ${consignments.poNumber}, '')`,
      lenderId: shipments.blConsigneeId,
      lenderName: sql<string>`${col(lenders, 'name')}`,
      borrowerId: sql<number>`${col(borrowers, 'id')}`,
      borrowerName: sql<string>`${col(borrowers, 'name')}`,
      cargoTypeName: sql<string>`${col(cargoTypes, 'name')}`,
    })
    .from(shipments)
    .innerJoin(consignments, eq(consignments.id, shipments.consignmentId))
    .innerJoin(lenders, eq(col(lenders, 'id'), shipments.blConsigneeId))
    .innerJoin(borrowers, eq(col(borrowers, 'id'), col(lenders, 'shipmentManagerId')))
    .innerJoin(cargoTypes, eq(col(cargoTypes, 'id'), consignments.cargoTypeId))
    .where(
      and(
        eq(shipments.agencyId, actor.agencyId),
        eq(shipments.voyageId, actor.voyageId),
        eq(shipments.status, 'Active'),
        eq(col(lenders, 'companyTypeId'), COMPANY_TYPE_IDS.consignee),
        scopeCondition(actor.scope, { consignee: consignments.blConsigneeId, shipmentManager: consignments.shipmentManagerId }),
      ),
    )
    .orderBy(asc(shipments.id));
  const lendable: TOnBoardLenders['rows'] = [];
  for (const row of rows) {
    const { onBoardKg, availableKg } = await availableOnBoardKg(tx, { agencyId: actor.agencyId, shipmentId: row.shipmentId, voyageId: row.voyageId, consignmentId: row.consignmentId });
    lendable.push({
      shipmentId: row.shipmentId,
      blNumber: row.blNumber,
      consignmentId: row.consignmentId,
      lcPoNumber: String(row.lcPoNumber),
      lenderId: row.lenderId,
      lenderName: String(row.lenderName),
      borrowerId: Number(row.borrowerId),
      borrowerName: String(row.borrowerName),
      cargoTypeName: String(row.cargoTypeName),
      onBoard: kgToTonnes(onBoardKg),
      available: kgToTonnes(availableKg > 0n ? availableKg : 0n),
    });
  }
  return { rows: lendable };
}

/** An active delivery location of a consignee in the agency and the user's locations, else 400. */
async function checkConsigneeLocation(tx: Db, actor: ReadActor, locationId: number): Promise<void> {
  const [location] = await tx
    .select({ kind: col(locations, 'locationKindId'), ownerType: col(locations, 'ownerType') })
    .from(locations)
    .where(and(eq(col(locations, 'agencyId'), actor.agencyId), eq(col(locations, 'id'), locationId), eq(col(locations, 'isActive'), true)));
  if (!location || Number(location.kind) !== LOCATION_KIND_IDS.deliveryLocation || location.ownerType !== 'consignee' || !inScope(actor.scope.locationIds, locationId)) {
    throw field('locationId', ConsigneeDispatchMessages.consigneeLocationRequired);
  }
}

/** Consignee to SM at a consignee location (`consignee/consignee-to-sm`): the same loan at the location's open area. */
export async function createConsigneeLocationLoan(tx: Db, actor: LoanWriter & { input: TConsigneeLocationToSmValues }): Promise<TLoan> {
  const { locationId, ...rest } = actor.input;
  await checkConsigneeLocation(tx, actor, locationId);
  return createLoan(tx, { ...actor, input: { ...rest, warehouseId: locationId, siloId: null }, placeChecked: true });
}

/** Locks a loan of the agency in the writer's scope FOR UPDATE (404 otherwise). */
async function lockLoan(tx: Db, actor: ReadActor & { id: number; place?: PositionPlace | undefined }, notFoundField?: string): Promise<LoanRecord> {
  const [row] = await tx
    .select()
    .from(loans)
    .where(and(eq(loans.agencyId, actor.agencyId), eq(loans.id, actor.id), loanScope(actor.scope), atPlace(actor.place)))
    .for('update');
  if (!row) throw notFoundField === undefined ? notFound(LoanMessages.loanNotFound) : field(notFoundField, LoanMessages.loanRequired);
  return row;
}

/**
 * Reverses a loan with a reason: refused while a live loan return stands on it (LinkMessages.loanHasReturn), and by
 * the ledger (409 Quantity not available) when the shipment manager no longer holds the cargo.
 */
export async function reverseLoan(tx: Db, actor: CommandActor & { id: number; body: TReasonBody; place?: PositionPlace }): Promise<void> {
  const reason = actor.body.reason.trim();
  if (!reason) throw field('reason', Messages.reasonRequired);
  const before = await lockLoan(tx, actor);
  if (before.status !== 'Active') throw ruleConflict(LoanMessages.loanReversed);
  await assertNotConsumed(tx, { agencyId: actor.agencyId, record: { kind: LOAN, id: before.id } });
  if (before.transferSlipId !== null) await reverseSlipOf(tx, actor, before.transferSlipId, reason);
  if (before.ledgerTransactionId !== null) await reverse(tx, { agencyId: actor.agencyId, transactionId: before.ledgerTransactionId, userId: actor.userId, at: actor.now, reason });
  await tx.update(loans).set({ status: 'Reversed', reversedBy: actor.userId, reversedAt: actor.now, reverseReason: reason }).where(eq(loans.id, before.id));
  await recordAudit(tx, { agencyId: actor.agencyId, userId: actor.userId, action: 'reverse', entity: LOAN, entityId: before.id, before: auditable(before), after: { status: 'Reversed', reason }, at: actor.now });
}

// ---------------------------------------------------------------- SM to consignee: the loan return

type SourcePosition = Parameters<typeof positionOf>[0];

/**
 * The borrower's position a return takes its cargo from: the loan's own (null) or, given `source`, another position
 * of the borrower of the loan's cargo type at a warehouse or a consignee location in the user's scope (else 409
 * Quantity not available, as any position the user cannot draw on). Naming the loan's own position is the same as
 * naming none.
 */
async function returnSource(tx: Db, actor: CommandActor, loan: LoanRecord, source: TLoanReturnSource | null): Promise<SourcePosition | null> {
  if (source === null) return null;
  const position: SourcePosition = { ...source, cargoTypeId: loan.cargoTypeId };
  const same = (['locationId', 'siloId', 'consignmentId', 'voyageId', 'attachedVoyageId'] as const).every((key) => position[key] === loan[key]);
  if (same) return null;
  await checkPosition(tx, actor, positionOf(position, loan.borrowerCompanyId));
  return position;
}

/** `GET /api/warehouseSmToConsignee/return-sources`: the borrower's other cargo of the loan's cargo type a loan can be returned from. */
export async function loanReturnSources(tx: Db, actor: ReadActor & { loanId: number }): Promise<TStockPosition[]> {
  const [loan] = await tx
    .select()
    .from(loans)
    .where(and(eq(loans.agencyId, actor.agencyId), eq(loans.id, actor.loanId), eq(loans.status, 'Active'), loanScope(actor.scope)));
  if (!loan) throw field('loanId', LoanMessages.loanRequired);
  const filter = { agencyId: actor.agencyId, scope: actor.scope, ownerCompanyId: loan.borrowerCompanyId, cargoTypeId: loan.cargoTypeId };
  const rows = [...(await onHandPositions(tx, { ...filter, place: 'warehouse' })), ...(await onHandPositions(tx, { ...filter, place: 'consigneeLocation' }))];
  const own = (p: TStockPosition) => p.warehouseId === loan.locationId && p.siloId === loan.siloId && p.consignmentId === loan.consignmentId && p.voyageId === loan.voyageId && p.attachedVoyageId === loan.attachedVoyageId;
  return rows.filter((p) => !own(p) && tonnesToKg(p.usable) > 0n);
}

/**
 * Returns part or all of a loan in place. The loan is locked FOR UPDATE first, so racing returns of one loan run one
 * after the other and each sees what the other took: more than the outstanding is refused (400, nothing written).
 */
export async function createLoanReturn(tx: Db, actor: LoanWriter & { input: TSmToConsigneeValues }): Promise<TLoanReturn> {
  const input = actor.input;
  const loan = await lockLoan(tx, { ...actor, id: input.loanId }, 'loanId');
  if (loan.status !== 'Active') throw ruleConflict(LoanMessages.loanReversed);
  const quantityKg = tonnesToKg(input.quantity);
  if (quantityKg > loan.quantityKg - loan.returnedKg) throw field('quantity', LoanMessages.returnAboveOutstanding);
  const from = await returnSource(tx, actor, loan, input.source);
  // A loan on board has no cargo on hand to give back: its return names the shipment manager's cargo it comes from.
  if (from === null && loan.shipmentId !== null) throw field('source', LoanMessages.onBoardLoanReturnNeedsSource);
  // A loan delivered by truck left the loan's place: its return names the shipment manager's cargo it comes from.
  if (from === null && loan.transferSlipId !== null) throw field('source', LoanMessages.movedLoanReturnNeedsSource);
  const own = from ?? onHandPlace(loan);
  const taken = positionOf(own, loan.borrowerCompanyId);
  // The lender's places: a warehouse, or a delivery location of the lender.
  const destination = input.movement === null ? null : await checkSlipDestination(tx, actor, input.movement.toLocationId, taken.locationId, sql`${col(locations, 'consigneeId')} = ${loan.lenderCompanyId}`);
  const [row] = await tx
    .insert(loanReturns)
    .values({
      agencyId: actor.agencyId,
      loanId: loan.id,
      quantityKg,
      returnAt: actor.now,
      remarks: input.remarks,
      createdBy: actor.userId,
      createdAt: actor.now,
      ...(from === null
        ? {}
        : { sourceLocationId: from.locationId, sourceSiloId: from.siloId, sourceConsignmentId: from.consignmentId, sourceVoyageId: from.voyageId, sourceAttachedVoyageId: from.attachedVoyageId }),
    })
    .returning();
  if (!row) throw new Error('loan return not written');
  await tx.update(loans).set({ returnedKg: sql`${loans.returnedKg} + ${quantityKg}::bigint` }).where(eq(loans.id, loan.id));
  let written: Record<string, unknown>;
  if (input.movement === null || destination === null) {
    const ledgerTransactionId = await postOwnership(tx, actor, {
      type: RETURN,
      source: { table: RETURN_TABLE, id: row.id },
      loan: own,
      // Returned in kind from other cargo: the lender's cargo stays attached to the vessel it lent from.
      received: from === null ? own : { ...from, attachedVoyageId: loan.attachedVoyageId },
      from: loan.borrowerCompanyId,
      to: loan.lenderCompanyId,
      quantityKg,
    });
    await tx.update(loanReturns).set({ ledgerTransactionId }).where(eq(loanReturns.id, row.id));
    written = { ...row, ledgerTransactionId };
  } else {
    const slip = await dispatchMovement(tx, actor, { source: 'loanReturn', position: taken, toOwnerCompanyId: loan.lenderCompanyId, movement: input.movement, destination, quantityKg, remarks: input.remarks });
    await tx.update(loanReturns).set({ transferSlipId: slip.id }).where(eq(loanReturns.id, row.id));
    written = { ...row, transferSlipId: slip.id, slipNumber: slip.slipNumber };
  }
  await recordAudit(tx, { agencyId: actor.agencyId, userId: actor.userId, action: 'create', entity: RETURN, entityId: row.id, after: auditable(written), at: actor.now });
  return getLoanReturn(tx, { agencyId: actor.agencyId, scope: actor.scope, id: row.id });
}

/**
 * Reverses a loan return with a reason: the cargo goes back to the shipment manager (409 Quantity not available
 * when the consignee no longer holds it) and the loan's outstanding grows again.
 */
export async function reverseLoanReturn(tx: Db, actor: CommandActor & { id: number; body: TReasonBody }): Promise<void> {
  const reason = actor.body.reason.trim();
  if (!reason) throw field('reason', Messages.reasonRequired);
  const [found] = await tx
    .select({ loanId: loanReturns.loanId })
    .from(loanReturns)
    .innerJoin(loans, eq(loans.id, loanReturns.loanId))
    .where(and(eq(loanReturns.agencyId, actor.agencyId), eq(loanReturns.id, actor.id), loanScope(actor.scope)));
  if (!found) throw notFound(LoanMessages.loanReturnNotFound);
  // The loan first, as a return's creation locks it: one lock order.
  await lockLoan(tx, { ...actor, id: found.loanId });
  const [before] = await tx.select().from(loanReturns).where(eq(loanReturns.id, actor.id)).for('update');
  if (!before) throw notFound(LoanMessages.loanReturnNotFound);
  if (before.status !== 'Active') throw ruleConflict(LoanMessages.loanReturnReversed);
  if (before.transferSlipId !== null) await reverseSlipOf(tx, actor, before.transferSlipId, reason);
  if (before.ledgerTransactionId !== null) await reverse(tx, { agencyId: actor.agencyId, transactionId: before.ledgerTransactionId, userId: actor.userId, at: actor.now, reason });
  await tx.update(loans).set({ returnedKg: sql`${loans.returnedKg} - ${before.quantityKg}::bigint` }).where(eq(loans.id, before.loanId));
  await tx.update(loanReturns).set({ status: 'Reversed', reversedBy: actor.userId, reversedAt: actor.now, reverseReason: reason }).where(eq(loanReturns.id, before.id));
  await recordAudit(tx, { agencyId: actor.agencyId, userId: actor.userId, action: 'reverse', entity: RETURN, entityId: before.id, before: auditable(before), after: { status: 'Reversed', reason }, at: actor.now });
}

// ---------------------------------------------------------------- the loan balance

type BalanceQuery = z.output<typeof ZLoanBalanceQuery>;

/**
 * The loan balance: per lender, borrower, consignment and cargo type, what live loans issued, what their live
 * returns gave back and what is outstanding; `open` (the default) keeps the lines with something outstanding.
 */
/** The balance's lines in the actor's scope, by lender and borrower name (one select: the screen's and the export's). */
function balanceSelect(tx: Db, actor: ReadActor & { query: BalanceQuery }) {
  const q = actor.query;
  const outstanding = sql`sum(${loans.quantityKg} - ${loans.returnedKg})`;
  return tx
    .select({
      lenderId: loans.lenderCompanyId,
      lenderName: sql<string>`min(${col(lenders, 'name')})`,
      borrowerId: loans.borrowerCompanyId,
      borrowerName: sql<string>`min(${col(borrowers, 'name')})`,
      consignmentId: loans.consignmentId,
      lcPoNumber: sql<string>`min(coalesce(${consignments.lcNumber}, ${consignments.poNumber}, ''))`,
      cargoTypeId: loans.cargoTypeId,
      cargoTypeName: sql<string>`min(${col(cargoTypes, 'name')})`,
      loans: sql<number>`count(*)::int`,
      issuedKg: sql<string>`sum(${loans.quantityKg})::text`,
      returnedKg: sql<string>`sum(${loans.returnedKg})::text`,
    })
    .from(loans)
    .innerJoin(lenders, eq(col(lenders, 'id'), loans.lenderCompanyId))
    .innerJoin(borrowers, eq(col(borrowers, 'id'), loans.borrowerCompanyId))
    .innerJoin(consignments, eq(consignments.id, loans.consignmentId))
    .innerJoin(cargoTypes, eq(col(cargoTypes, 'id'), loans.cargoTypeId))
    .where(
      and(
        eq(loans.agencyId, actor.agencyId),
        eq(loans.status, 'Active'),
        loanScope(actor.scope),
        q.consignmentId === undefined ? undefined : eq(loans.consignmentId, q.consignmentId),
        q.lenderId === undefined ? undefined : eq(loans.lenderCompanyId, q.lenderId),
        q.borrowerId === undefined ? undefined : eq(loans.borrowerCompanyId, q.borrowerId),
        q.cargoTypeId === undefined ? undefined : eq(loans.cargoTypeId, q.cargoTypeId),
      ),
    )
    .groupBy(loans.lenderCompanyId, loans.borrowerCompanyId, loans.consignmentId, loans.cargoTypeId)
    .having(q.open === 'open' ? sql`${outstanding} > 0` : undefined)
    .orderBy(sql`min(${col(lenders, 'name')})`, sql`min(${col(borrowers, 'name')})`, loans.consignmentId, loans.cargoTypeId);
}

type BalanceLine = Awaited<ReturnType<typeof balanceSelect>>[number];

function toBalanceRow(row: BalanceLine): TLoanBalanceRow {
  const issuedKg = BigInt(row.issuedKg);
  const returnedKg = BigInt(row.returnedKg);
  return {
    lenderId: row.lenderId,
    lenderName: String(row.lenderName),
    borrowerId: row.borrowerId,
    borrowerName: String(row.borrowerName),
    consignmentId: row.consignmentId,
    lcPoNumber: String(row.lcPoNumber),
    cargoTypeId: row.cargoTypeId,
    cargoTypeName: String(row.cargoTypeName),
    loans: Number(row.loans),
    issued: kgToTonnes(issuedKg),
    returned: kgToTonnes(returnedKg),
    outstanding: kgToTonnes(issuedKg - returnedKg),
  };
}

export async function loanBalance(tx: Db, actor: ReadActor & { query: BalanceQuery }): Promise<TLoanBalance> {
  const rows = await balanceSelect(tx, actor);
  let issued = 0n;
  let returned = 0n;
  for (const row of rows) {
    issued += BigInt(row.issuedKg);
    returned += BigInt(row.returnedKg);
  }
  return { rows: rows.map(toBalanceRow), issued: kgToTonnes(issued), returned: kgToTonnes(returned), outstanding: kgToTonnes(issued - returned) };
}

/** The loan balance's lines as the export's cursor source (the same select, line by line). */
export function loanBalanceExportSource(tx: Db, actor: ReadActor & { query: BalanceQuery }): CursorSource<TLoanBalanceRow> {
  return cursorSource(balanceSelect(tx, actor), (_tx, rows) => rows.map(toBalanceRow));
}

/** The drill-down of a balance line: its live loans (L) and loan returns (LR), oldest first, with the running outstanding. */
export async function loanMovements(tx: Db, actor: ReadActor & { query: z.output<typeof ZLoanMovementsQuery> }): Promise<TLoanMovement[]> {
  const q = actor.query;
  const line = and(
    eq(loans.agencyId, actor.agencyId),
    eq(loans.status, 'Active'),
    loanScope(actor.scope),
    eq(loans.lenderCompanyId, q.lenderId),
    eq(loans.borrowerCompanyId, q.borrowerId),
    eq(loans.consignmentId, q.consignmentId),
    eq(loans.cargoTypeId, q.cargoTypeId),
  );
  const place = { place: loanPlace(), warehouseName: loanPlaceNameSql(), siloName: sql<string | null>`${col(silos, 'name')}` };
  const issued = await tx
    .select({ id: loans.id, loanId: loans.id, at: loans.loanAt, quantityKg: loans.quantityKg, ...place })
    .from(loans)
    .leftJoin(locations, eq(col(locations, 'id'), loans.locationId))
    .leftJoin(silos, eq(col(silos, 'id'), loans.siloId))
    .where(line)
    .orderBy(asc(loans.loanAt), asc(loans.id));
  const given = await tx
    .select({ id: loanReturns.id, loanId: loanReturns.loanId, at: loanReturns.returnAt, quantityKg: loanReturns.quantityKg, ...place })
    .from(loanReturns)
    .innerJoin(loans, eq(loans.id, loanReturns.loanId))
    .leftJoin(locations, eq(col(locations, 'id'), loans.locationId))
    .leftJoin(silos, eq(col(silos, 'id'), loans.siloId))
    .where(and(line, eq(loanReturns.status, 'Active')))
    .orderBy(asc(loanReturns.returnAt), asc(loanReturns.id));
  const movements = [...issued.map((m) => ({ ...m, kind: 'loan' as const, sign: 1n })), ...given.map((m) => ({ ...m, kind: 'loanReturn' as const, sign: -1n }))].sort(
    (a, b) => new Date(a.at).getTime() - new Date(b.at).getTime() || (a.kind === b.kind ? a.id - b.id : a.kind === 'loan' ? -1 : 1),
  );
  let outstanding = 0n;
  return movements.map((m) => {
    outstanding += m.sign * m.quantityKg;
    return {
      kind: m.kind,
      id: m.id,
      loanId: m.loanId,
      place: m.place,
      at: new Date(m.at).toISOString(),
      warehouseName: String(m.warehouseName),
      siloName: m.siloName === null ? null : String(m.siloName),
      quantity: kgToTonnes(m.quantityKg),
      outstanding: kgToTonnes(outstanding),
    };
  });
}
