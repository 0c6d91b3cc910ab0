import {
  COMPANY_TYPE_IDS,
  ErrorCode,
  LOCATION_KIND_IDS,
  Messages,
  PortLoadingMessages,
  kgToTonnes,
  tonnesToKg,
  type TPortLoading,
  type TPortLoadingDetail,
  type TPortLoadingList,
  type TPortLoadingValues,
  type TVoyageShipments,
  type TPortLoadingReverseBody,
  type TPortLoadingListQuery,
  type TPortLoanOptions,
  ZPortLoadingListQuery,
} from '@tonnage/contracts';
import { and, asc, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { reverse } from '../../ledger/ledger.service';
import { accountBalanceSql, balanceOfKey } from '../../ledger/ledger.queries';
import { ledgerAccounts } from '../../ledger/ledger.schema';
import { accountOf, onBoardAccount } from '../../ledger/accounts';
import { recordAudit } from '../../platform/audit/audit';
import { assertNotConsumed } from '../../platform/consumers';
import type { CommandActor } from '../../kit/actor';
import { queryRows, type Db } from '../../platform/db/client';
import { orderByAllowed } from '../../platform/db/list-order';
import { inScope, scopeCondition, type DataScope } from '../../identity/data-scope';
import { AppError, badRequest, forbidden, notFound, type ErrorMessage } from '../../platform/errors';
import { cursorSource, type CursorSource } from '../../platform/db/cursor';
import { cargoTypes, columnOf, companies, locations, ports, vessels } from '../master-data/master-data.schema';
import { consignments } from '../procurement/procurement.schema';
import { shipments, voyages } from '../shipping/shipping.schema';
import { consigneeToShipmentManagerLoans as loans } from '../loans/loans.schema';
import { loadingSlips, portLoadings } from './port-loading.schema';
import { countPortLoadings, portLoadingScope, portLoadingSort, selectLoadingSlips, selectPortLoadings, toLoadingSlip, toPortLoading } from './port-loading.queries';

/*
 * Port loadings (spec 2.3 `portLoading`): an order to take a consignment's cargo off a voyage by truck to a
 * warehouse, a consignee location (direct delivery) or a customer location (customer delivery). The port loading
 * itself moves no stock; its loading slips do (loading-slips.service.ts).
 */

const col = columnOf;
const lenderCompanies = alias(companies, 'loan_lender');
const borrowerCompanies = alias(companies, 'loan_borrower');

/** What every command of this module needs: the agency, the acting user, the time and the user's data scope. */
export type Actor = CommandActor;

type ListQuery = z.output<typeof ZPortLoadingListQuery>;
/** The list query without its page: what the export matches. */
export type PortLoadingFilters = Omit<ListQuery, 'page' | 'limit'>;

/** A 409 of a business rule with the code the web reads. */
export const ruleConflict = (message: ErrorMessage, details?: Record<string, string>) => new AppError(409, ErrorCode.BUSINESS_RULE, message, details);

/** The filtered, paged port loadings of the agency, with loaded / in transit / remaining per row. */
export async function listPortLoadings(tx: Db, params: { agencyId: number; scope: DataScope; query: TPortLoadingListQuery | ListQuery }): Promise<TPortLoadingList> {
  const q = ZPortLoadingListQuery.parse(params.query);
  const where = portLoadingConditions({ ...params, q });
  const rows = await selectPortLoadings(tx)
    .where(where)
    .orderBy(...orderByAllowed(portLoadingSort, q, portLoadings.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const [total] = await countPortLoadings(tx, where);
  return { rows: rows.map(toPortLoading), count: total?.count ?? 0 };
}

/** Every port loading the list's filters and the user's scope match, in the list's order, as the Excel export's cursor source. */
export function portLoadingExportSource(tx: Db, params: { agencyId: number; scope: DataScope; query: PortLoadingFilters }): CursorSource<TPortLoading> {
  const q = params.query;
  const where = portLoadingConditions({ ...params, q });
  return cursorSource(selectPortLoadings(tx).where(where).orderBy(...orderByAllowed(portLoadingSort, q, portLoadings.id)), (_tx, rows) => rows.map(toPortLoading));
}

/** The WHERE of the port loading list and of its export: agency, data scope, filters. */
function portLoadingConditions(params: { agencyId: number; scope: DataScope; q: PortLoadingFilters }): SQL | undefined {
  const { q } = params;
  const conditions: (SQL | undefined)[] = [
    eq(portLoadings.agencyId, params.agencyId),
    portLoadingScope(params.scope),
    q.voyageId === undefined ? undefined : eq(portLoadings.voyageId, q.voyageId),
    q.consignmentId === undefined ? undefined : eq(portLoadings.consignmentId, q.consignmentId),
    q.portId === undefined ? undefined : eq(portLoadings.portId, q.portId),
    q.transportationType === undefined ? undefined : eq(portLoadings.transportationType, q.transportationType),
    q.toLocationId === undefined ? undefined : eq(portLoadings.toLocationId, q.toLocationId),
    q.transporterId === undefined ? undefined : eq(portLoadings.transporterId, q.transporterId),
    q.quantityType === undefined ? undefined : eq(portLoadings.quantityType, q.quantityType),
    q.loanId === undefined ? undefined : eq(portLoadings.loanId, q.loanId),
    q.status === 'all' ? undefined : eq(portLoadings.status, q.status),
    q.fromDate === undefined ? undefined : gte(portLoadings.loadingDate, q.fromDate),
    q.toDate === undefined ? undefined : lte(portLoadings.loadingDate, q.toDate),
  ];
  return and(...conditions);
}

/** One port loading of the agency within the user's scope, with its slips (404 otherwise). */
export async function getPortLoading(tx: Db, params: { agencyId: number; scope: DataScope; id: number }): Promise<TPortLoadingDetail> {
  const [row] = await selectPortLoadings(tx).where(and(eq(portLoadings.agencyId, params.agencyId), eq(portLoadings.id, params.id), portLoadingScope(params.scope)));
  if (!row) throw notFound('Port loading not found');
  const slips = await selectLoadingSlips(tx)
    .where(and(eq(loadingSlips.agencyId, params.agencyId), eq(loadingSlips.portLoadingId, params.id)))
    .orderBy(desc(loadingSlips.slipNumber));
  return { ...toPortLoading(row), slips: slips.map(toLoadingSlip) };
}

/** The voyage (404 when not of the agency) with its active shipments in scope, their BL quantity and ON_BOARD balance. */
export async function voyageShipments(tx: Db, params: { agencyId: number; scope: DataScope; voyageId: number }): Promise<TVoyageShipments> {
  const [voyage] = await tx
    .select({ id: voyages.id, vesselName: col(vessels, 'name'), voyageNumber: voyages.voyageNumber, portId: voyages.portId, portName: col(ports, 'name') })
    .from(voyages)
    .innerJoin(vessels, eq(col(vessels, 'id'), voyages.vesselId))
    .innerJoin(ports, eq(col(ports, 'id'), voyages.portId))
    .where(and(eq(voyages.agencyId, params.agencyId), eq(voyages.id, params.voyageId)));
  if (!voyage) throw notFound('Voyage not found');
  const scope = params.scope;
  const rows = await tx
    .select({
      shipmentId: shipments.id,
      blNumber: shipments.blNumber,
      consignmentId: consignments.id,
      lcNumber: consignments.lcNumber,
      poNumber: consignments.poNumber,
      blConsigneeId: shipments.blConsigneeId,
      blConsigneeName: col(companies, 'name'),
      shipmentManagerId: consignments.shipmentManagerId,
      cargoTypeId: consignments.cargoTypeId,
      cargoTypeName: col(cargoTypes, 'name'),
      blQuantityKg: shipments.blQuantityKg,
      onBoardKg: accountBalanceSql(params.agencyId, 'ON_BOARD', { voyageId: shipments.voyageId, consignmentId: shipments.consignmentId }),
    })
    .from(shipments)
    .innerJoin(consignments, eq(consignments.id, shipments.consignmentId))
    .innerJoin(companies, eq(col(companies, 'id'), shipments.blConsigneeId))
    .innerJoin(cargoTypes, eq(col(cargoTypes, 'id'), consignments.cargoTypeId))
    .where(
      and(
        eq(shipments.agencyId, params.agencyId),
        eq(shipments.voyageId, params.voyageId),
        eq(shipments.status, 'Active'),
        scopeCondition(scope, { consignee: consignments.blConsigneeId, shipmentManager: consignments.shipmentManagerId }),
      ),
    )
    .orderBy(asc(shipments.id));
  return {
    voyage: { id: voyage.id, vesselName: String(voyage.vesselName), voyageNumber: voyage.voyageNumber, portId: voyage.portId, portName: String(voyage.portName) },
    rows: rows.map((r) => ({
      shipmentId: r.shipmentId,
      blNumber: r.blNumber,
      consignmentId: r.consignmentId,
      lcPoNumber: r.lcNumber ?? r.poNumber ?? '',
      blConsigneeId: r.blConsigneeId,
      blConsigneeName: String(r.blConsigneeName),
      shipmentManagerId: r.shipmentManagerId,
      cargoTypeId: r.cargoTypeId,
      cargoTypeName: String(r.cargoTypeName),
      blQuantity: kgToTonnes(r.blQuantityKg),
      onBoardQuantity: kgToTonnes(BigInt(String(r.onBoardKg))),
    })),
  };
}

/** The resolved, checked values of a port loading form. */
interface ResolvedPortLoading {
  voyageId: number;
  shipmentId: number;
  consignmentId: number;
  portId: number;
  transportationType: TPortLoadingValues['transportationType'];
  toLocationId: number;
  ownerCompanyId: number;
  quantityType: TPortLoadingValues['quantityType'];
  loanId: number | null;
  transporterKind: TPortLoadingValues['transporterKind'];
  transporterId: number | null;
  thirdPartyName: string | null;
  quantityKg: bigint;
  loadingDate: string;
  remarks: string | null;
}

const field = (name: string, message: ErrorMessage) => badRequest(message, { [name]: message });

/**
 * Checks a port loading form against the agency's records: the shipment is an active BL of the voyage within the
 * user's scope, the port exists, the destination fits the transportation type (a warehouse; a delivery location
 * of the BL consignee or a consignee of its shipment manager; a customer's delivery location) and the user's
 * locations, the owner is one the cargo may belong to, the transporter is a transporter company.
 */
async function resolveInput(tx: Db, actor: Actor, input: TPortLoadingValues): Promise<ResolvedPortLoading> {
  const { agencyId, scope } = actor;
  const [voyage] = await tx.select({ id: voyages.id, portId: voyages.portId }).from(voyages).where(and(eq(voyages.agencyId, agencyId), eq(voyages.id, input.voyageId)));
  if (!voyage) throw field('voyageId', PortLoadingMessages.voyageRequired);
  const [shipment] = await tx
    .select({
      id: shipments.id,
      voyageId: shipments.voyageId,
      status: shipments.status,
      consignmentId: shipments.consignmentId,
      blConsigneeId: shipments.blConsigneeId,
      shipmentManagerId: consignments.shipmentManagerId,
      consignmentConsigneeId: consignments.blConsigneeId,
    })
    .from(shipments)
    .innerJoin(consignments, eq(consignments.id, shipments.consignmentId))
    .where(and(eq(shipments.agencyId, agencyId), eq(shipments.id, input.shipmentId)))
    // Exclusive (no key update): a concurrent reversal of the shipment waits for this port loading, then sees it,
    // and two port loadings of one BL take turns, so the second sees the first's plan (checkPlanAvailable).
    .for('no key update', { of: shipments });
  if (!shipment || shipment.status !== 'Active') throw field('shipmentId', PortLoadingMessages.shipmentRequired);
  if (shipment.voyageId !== voyage.id) throw field('shipmentId', PortLoadingMessages.shipmentNotOfVoyage);
  if (!inScope(scope.consigneeIds, shipment.consignmentConsigneeId) || !inScope(scope.shipmentManagerIds, shipment.shipmentManagerId)) throw forbidden();

  // A `loan` port loading names an open loan of this BL's cargo on board, locked FOR UPDATE (after the shipment: one
  // lock order with the loan's own creation), so its port loadings take turns and a reversal of the loan waits.
  const loan = input.quantityType === 'loan' ? await lockPortLoan(tx, { agencyId, shipmentId: shipment.id, loanId: input.loanId }) : null;

  const portId = input.portId ?? voyage.portId;
  const [port] = await tx.select({ id: col(ports, 'id') }).from(ports).where(and(eq(col(ports, 'agencyId'), agencyId), eq(col(ports, 'id'), portId), eq(col(ports, 'isActive'), true)));
  if (!port) throw field('portId', PortLoadingMessages.portRequired);

  const toLocationId = input.toLocationId;
  const destinationMessage =
    input.transportationType === 'warehouse'
      ? Messages.warehouseRequired
      : input.transportationType === 'directDelivery'
        ? PortLoadingMessages.consigneeLocationRequired
        : PortLoadingMessages.customerLocationRequired;
  if (toLocationId === null) throw field('toLocationId', destinationMessage);
  const [location] = await tx
    .select({
      id: col(locations, 'id'),
      kind: col(locations, 'locationKindId'),
      ownerType: col(locations, 'ownerType'),
      consigneeId: col(locations, 'consigneeId'),
      customerId: col(locations, 'customerId'),
      consigneeShipmentManagerId: sql<number | null>`(select c.shipment_manager_id from companies c where c.id = ${col(locations, 'consigneeId')})`,
    })
    .from(locations)
    .where(and(eq(col(locations, 'agencyId'), agencyId), eq(col(locations, 'id'), toLocationId), eq(col(locations, 'isActive'), true)));
  if (!location) throw field('toLocationId', destinationMessage);
  const locationConsignee = location.consigneeId === null ? null : Number(location.consigneeId);
  const locationCustomer = location.customerId === null ? null : Number(location.customerId);
  const sm = shipment.shipmentManagerId;
  const directToConsignee = locationConsignee === shipment.blConsigneeId || (sm !== null && location.consigneeShipmentManagerId !== null && Number(location.consigneeShipmentManagerId) === sm);
  switch (input.transportationType) {
    case 'warehouse':
      if (location.kind !== LOCATION_KIND_IDS.warehouse) throw field('toLocationId', destinationMessage);
      break;
    case 'directDelivery': {
      // A site of the BL consignee or of a consignee of its shipment manager; a loan's also one of the borrower's own.
      const ofBorrower = loan !== null && locationConsignee === loan.borrowerCompanyId;
      if (location.kind !== LOCATION_KIND_IDS.deliveryLocation || location.ownerType !== 'consignee' || !(directToConsignee || ofBorrower)) throw field('toLocationId', destinationMessage);
      break;
    }
    case 'customerDelivery':
      if (location.kind !== LOCATION_KIND_IDS.deliveryLocation || location.ownerType !== 'customer' || locationCustomer === null) throw field('toLocationId', destinationMessage);
      break;
  }
  if (!inScope(scope.locationIds, toLocationId)) throw forbidden();

  // The owner at the destination. A `loan` port loading loads what the shipment manager borrowed on board: the
  // loan's borrower, to a warehouse or a site of the borrower or of its consignees. A `bl` port loading: the customer
  // for a customer delivery; otherwise the BL consignee by default, or (direct delivery) the consignee owning the
  // location, never the shipment manager (that is what a loan is).
  let ownerCompanyId: number;
  if (loan !== null) {
    if (input.transportationType === 'customerDelivery') throw field('transportationType', PortLoadingMessages.loanNotToCustomer);
    if (input.transportationType === 'directDelivery' && locationConsignee !== loan.borrowerCompanyId && !directToConsignee) throw field('toLocationId', destinationMessage);
    if (input.ownerCompanyId !== null && input.ownerCompanyId !== loan.borrowerCompanyId) throw field('ownerCompanyId', PortLoadingMessages.ownerNotAllowed);
    ownerCompanyId = loan.borrowerCompanyId;
  } else if (input.transportationType === 'customerDelivery') {
    if (locationCustomer === null) throw field('toLocationId', destinationMessage);
    if (input.ownerCompanyId !== null && input.ownerCompanyId !== locationCustomer) throw field('ownerCompanyId', PortLoadingMessages.ownerNotAllowed);
    ownerCompanyId = locationCustomer;
  } else {
    const allowed = new Set<number>([shipment.blConsigneeId, shipment.consignmentConsigneeId]);
    if (input.transportationType === 'directDelivery' && locationConsignee !== null) allowed.add(locationConsignee);
    const sm = shipment.shipmentManagerId;
    if (sm !== null && sm !== shipment.blConsigneeId && sm !== shipment.consignmentConsigneeId) allowed.delete(sm);
    ownerCompanyId = input.ownerCompanyId ?? shipment.blConsigneeId;
    if (sm !== null && ownerCompanyId === sm && !allowed.has(ownerCompanyId)) throw field('ownerCompanyId', PortLoadingMessages.ownerShipmentManagerNeedsLoan);
    if (!allowed.has(ownerCompanyId)) throw field('ownerCompanyId', PortLoadingMessages.ownerNotAllowed);
  }

  if (input.transporterKind === 'company') {
    if (input.transporterId === null) throw field('transporterId', PortLoadingMessages.transporterRequired);
    const [transporter] = await tx
      .select({ id: col(companies, 'id') })
      .from(companies)
      .where(
        and(
          eq(col(companies, 'agencyId'), agencyId),
          eq(col(companies, 'id'), input.transporterId),
          eq(col(companies, 'companyTypeId'), COMPANY_TYPE_IDS.transporter),
          eq(col(companies, 'isActive'), true),
        ),
      );
    if (!transporter) throw field('transporterId', PortLoadingMessages.transporterRequired);
  }

  return {
    voyageId: voyage.id,
    shipmentId: shipment.id,
    consignmentId: shipment.consignmentId,
    portId,
    transportationType: input.transportationType,
    toLocationId,
    ownerCompanyId,
    quantityType: loan === null ? 'bl' : 'loan',
    loanId: loan === null ? null : loan.id,
    transporterKind: input.transporterKind,
    transporterId: input.transporterKind === 'company' ? input.transporterId : null,
    thirdPartyName: input.transporterKind === 'thirdParty' ? input.thirdPartyName : null,
    quantityKg: tonnesToKg(input.quantity),
    loadingDate: input.loadingDate,
    remarks: input.remarks,
  };
}

/**
 * What a BL can still give (docs/domain.md, "What a port loading may plan"): its ON_BOARD balance, less what the BL's
 * active port loadings still plan to load (their quantity less their active slips, never below zero), less what its
 * live loans on board still reserve (a loan's quantity less what its `loan` port loadings plan, never below zero).
 * `exceptPortLoadingId` leaves one port loading out (the one being checked); `exceptLoanId` one loan (the loan a
 * `loan` port loading draws on: its reservation is that port loading's to use). One statement: one snapshot, and a
 * slip moves ON_BOARD and its port loading's loaded together. The caller holds the shipment row (FOR NO KEY
 * UPDATE), so plans and loans of one BL take turns.
 */
export async function availableOnBoardKg(
  tx: Db,
  params: { agencyId: number; shipmentId: number; voyageId: number; consignmentId: number; exceptPortLoadingId?: number | undefined; exceptLoanId?: number | null | undefined },
): Promise<{ onBoardKg: bigint; availableKg: bigint }> {
  const { agencyId } = params;
  const onBoard = tx
    .select({ balance: ledgerAccounts.balanceKg })
    .from(ledgerAccounts)
    .where(accountOf(ledgerAccounts, agencyId, 'ON_BOARD', { voyageId: params.voyageId, consignmentId: params.consignmentId }));
  const others = params.exceptPortLoadingId === undefined ? sql`true` : sql`pl.id <> ${params.exceptPortLoadingId}`;
  const otherPlans = params.exceptPortLoadingId === undefined ? sql`true` : sql`q.id <> ${params.exceptPortLoadingId}`;
  const otherLoans = params.exceptLoanId === undefined || params.exceptLoanId === null ? sql`true` : sql`l.id <> ${params.exceptLoanId}`;
  const [row] = await queryRows<{ on_board: string; planned: string; reserved: string }>(
    tx,
    sql`select coalesce((${onBoard}), 0)::text as on_board,
               coalesce((select sum(greatest(pl.quantity_kg - coalesce((select sum(s.quantity_kg) from ${loadingSlips} s
                                                                        where s.port_loading_id = pl.id and s.status = 'Active'), 0), 0))
                         from ${portLoadings} pl
                         where pl.agency_id = ${agencyId} and pl.shipment_id = ${params.shipmentId} and pl.status = 'Active' and ${others}), 0)::text as planned,
               coalesce((select sum(greatest(l.quantity_kg - coalesce((select sum(q.quantity_kg) from ${portLoadings} q
                                                                       where q.loan_id = l.id and q.status = 'Active' and ${otherPlans}), 0), 0))
                         from ${loans} l
                         where l.agency_id = ${agencyId} and l.shipment_id = ${params.shipmentId} and l.status = 'Active' and ${otherLoans}), 0)::text as reserved`,
  );
  const onBoardKg = BigInt(row?.on_board ?? '0');
  return { onBoardKg, availableKg: onBoardKg - BigInt(row?.planned ?? '0') - BigInt(row?.reserved ?? '0') };
}

/**
 * A port loading may plan only what its BL still has for it (`availableOnBoardKg`); its own active slips already left
 * the ON_BOARD balance, so they count for it: quantity - own slips <= available. A `loan` port loading may also use
 * its loan's reservation, and never plans, with the loan's other live port loadings, more than the loan (the loan
 * row is locked, resolveInput).
 */
async function checkPlanAvailable(tx: Db, params: { agencyId: number; values: ResolvedPortLoading; ownLoadedKg: bigint; exceptPortLoadingId?: number }): Promise<void> {
  const { agencyId, values } = params;
  if (values.loanId !== null) {
    const [loan] = await queryRows<{ quantity: string; planned: string }>(
      tx,
      sql`select l.quantity_kg::text as quantity,
                 coalesce((select sum(q.quantity_kg) from ${portLoadings} q where q.loan_id = l.id and q.status = 'Active'
                           and ${params.exceptPortLoadingId === undefined ? sql`true` : sql`q.id <> ${params.exceptPortLoadingId}`}), 0)::text as planned
          from ${loans} l where l.agency_id = ${agencyId} and l.id = ${values.loanId}`,
    );
    const leftKg = BigInt(loan?.quantity ?? '0') - BigInt(loan?.planned ?? '0');
    if (values.quantityKg > leftKg) {
      const available = kgToTonnes(leftKg > 0n ? leftKg : 0n);
      throw new AppError(409, ErrorCode.QUANTITY_NOT_AVAILABLE, PortLoadingMessages.loanAboveQuantity, { quantity: PortLoadingMessages.loanAboveQuantity, available });
    }
  }
  const { availableKg: blKg } = await availableOnBoardKg(tx, { agencyId, shipmentId: values.shipmentId, voyageId: values.voyageId, consignmentId: values.consignmentId, exceptPortLoadingId: params.exceptPortLoadingId, exceptLoanId: values.loanId });
  const availableKg = blKg + params.ownLoadedKg;
  if (values.quantityKg > availableKg) {
    const available = kgToTonnes(availableKg > 0n ? availableKg : 0n);
    throw new AppError(409, ErrorCode.QUANTITY_NOT_AVAILABLE, PortLoadingMessages.quantityAboveOnBoard, { quantity: PortLoadingMessages.quantityAboveOnBoard, available });
  }
}

/**
 * The open loan of this BL's cargo on board a `loan` port loading names, locked FOR UPDATE: live, of this agency and
 * BL (400 on `loanId` otherwise). Its borrower owns what the port loading loads.
 */
async function lockPortLoan(tx: Db, params: { agencyId: number; shipmentId: number; loanId: number | null }): Promise<{ id: number; borrowerCompanyId: number }> {
  if (params.loanId === null) throw field('loanId', PortLoadingMessages.loanRequired);
  const [loan] = await tx
    .select({ id: loans.id, shipmentId: loans.shipmentId, status: loans.status, borrowerCompanyId: loans.borrowerCompanyId })
    .from(loans)
    .where(and(eq(loans.agencyId, params.agencyId), eq(loans.id, params.loanId)))
    .for('update');
  if (!loan || loan.status !== 'Active' || loan.shipmentId !== params.shipmentId) throw field('loanId', PortLoadingMessages.loanRequired);
  return { id: loan.id, borrowerCompanyId: loan.borrowerCompanyId };
}

/**
 * `GET /api/portLoading/loans?shipmentId=`: the live loans of a BL's cargo on board in the user's scope (the BL's
 * consignment scope, as port loadings), with what each still leaves to plan; `exceptPortLoadingId` leaves the port
 * loading being edited out of the planned sum.
 */
export async function portLoanOptions(tx: Db, params: { agencyId: number; scope: DataScope; shipmentId: number; exceptPortLoadingId?: number | undefined }): Promise<TPortLoanOptions> {
  const except = params.exceptPortLoadingId === undefined ? sql`true` : sql`q.id <> ${params.exceptPortLoadingId}`;
  const planned = sql<string>`coalesce((select sum(q.quantity_kg) from ${portLoadings} q where q.loan_id = ${loans.id} and q.status = 'Active' and ${except}), 0)::text`;
  const rows = await tx
    .select({
      loanId: loans.id,
      loanAt: loans.loanAt,
      lenderName: col(lenderCompanies, 'name'),
      borrowerId: loans.borrowerCompanyId,
      borrowerName: col(borrowerCompanies, 'name'),
      quantityKg: loans.quantityKg,
      planned,
    })
    .from(loans)
    .innerJoin(consignments, eq(consignments.id, loans.consignmentId))
    .innerJoin(lenderCompanies, eq(col(lenderCompanies, 'id'), loans.lenderCompanyId))
    .innerJoin(borrowerCompanies, eq(col(borrowerCompanies, 'id'), loans.borrowerCompanyId))
    .where(
      and(
        eq(loans.agencyId, params.agencyId),
        eq(loans.shipmentId, params.shipmentId),
        eq(loans.status, 'Active'),
        scopeCondition(params.scope, { consignee: consignments.blConsigneeId, shipmentManager: consignments.shipmentManagerId }),
      ),
    )
    .orderBy(asc(loans.loanAt), asc(loans.id));
  return {
    rows: rows.map((r) => {
      const plannedKg = BigInt(String(r.planned));
      const leftKg = r.quantityKg - plannedKg;
      return {
        loanId: r.loanId,
        loanAt: new Date(r.loanAt).toISOString(),
        lenderName: String(r.lenderName),
        borrowerId: r.borrowerId,
        borrowerName: String(r.borrowerName),
        quantity: kgToTonnes(r.quantityKg),
        planned: kgToTonnes(plannedKg),
        left: kgToTonnes(leftKg > 0n ? leftKg : 0n),
      };
    }),
  };
}

/** Creates a port loading (no stock moves until its slips); it may plan no more than its BL has available. */
export async function createPortLoading(tx: Db, actor: Actor & { input: TPortLoadingValues }): Promise<TPortLoadingDetail> {
  const values = await resolveInput(tx, actor, actor.input);
  await checkPlanAvailable(tx, { agencyId: actor.agencyId, values, ownLoadedKg: 0n });
  const [row] = await tx
    .insert(portLoadings)
    .values({ agencyId: actor.agencyId, ...values, status: 'Active', createdBy: actor.userId, createdAt: actor.now })
    .returning();
  if (!row) throw new Error('port loading insert returned no row');
  await recordAudit(tx, { agencyId: actor.agencyId, userId: actor.userId, action: 'create', entity: 'portLoading', entityId: row.id, after: auditable(row), at: actor.now });
  return getPortLoading(tx, { agencyId: actor.agencyId, scope: actor.scope, id: row.id });
}

/** A row for the audit log (bigint as text). */
function auditable<T extends Record<string, unknown>>(row: T): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === 'bigint' ? v.toString() : v]));
}

/** The port loading row locked for the rest of the transaction (slips and edits serialize on it); 404 outside scope. */
export async function lockPortLoading(tx: Db, params: { agencyId: number; scope: DataScope; id: number }) {
  const [row] = await tx
    .select({ portLoading: portLoadings, consignment: { blConsigneeId: consignments.blConsigneeId, shipmentManagerId: consignments.shipmentManagerId, cargoTypeId: consignments.cargoTypeId } })
    .from(portLoadings)
    .innerJoin(consignments, eq(consignments.id, portLoadings.consignmentId))
    .where(and(eq(portLoadings.agencyId, params.agencyId), eq(portLoadings.id, params.id), portLoadingScope(params.scope)))
    .for('update', { of: portLoadings });
  if (!row) throw notFound('Port loading not found');
  return row;
}

/** The sum and count of a port loading's active slips (optionally without one slip being edited). */
export async function activeSlipTotal(tx: Db, params: { portLoadingId: number; exceptSlipId?: number }): Promise<bigint> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${loadingSlips.quantityKg}), 0)` })
    .from(loadingSlips)
    .where(
      and(
        eq(loadingSlips.portLoadingId, params.portLoadingId),
        eq(loadingSlips.status, 'Active'),
        params.exceptSlipId === undefined ? undefined : sql`${loadingSlips.id} <> ${params.exceptSlipId}`,
      ),
    );
  return BigInt(row?.total ?? '0');
}

/**
 * Updates a port loading: the quantity never below what its active slips loaded; voyage, LC/PO, destination,
 * owner and transporter only while it has no active slip.
 */
export async function updatePortLoading(tx: Db, actor: Actor & { id: number; input: TPortLoadingValues }): Promise<TPortLoadingDetail> {
  const { portLoading: before } = await lockPortLoading(tx, { agencyId: actor.agencyId, scope: actor.scope, id: actor.id });
  if (before.status !== 'Active') throw ruleConflict(PortLoadingMessages.portLoadingReversed);
  const values = await resolveInput(tx, actor, actor.input);
  const loaded = await activeSlipTotal(tx, { portLoadingId: before.id });
  const [slip] = await tx.select({ id: loadingSlips.id }).from(loadingSlips).where(and(eq(loadingSlips.portLoadingId, before.id), eq(loadingSlips.status, 'Active'))).limit(1);
  if (slip) {
    const locked = ['voyageId', 'shipmentId', 'transportationType', 'toLocationId', 'ownerCompanyId', 'quantityType', 'loanId', 'transporterKind', 'transporterId', 'thirdPartyName'] as const;
    if (locked.some((key) => before[key] !== values[key])) throw ruleConflict(PortLoadingMessages.lockedBySlips);
  }
  if (values.quantityKg < loaded) throw ruleConflict(PortLoadingMessages.quantityBelowLoaded, { quantity: PortLoadingMessages.quantityBelowLoaded, loaded: kgToTonnes(loaded) });
  // Only a plan that grows (or moves to another BL) is checked: an approved shortage may leave a plan above what is
  // on board, and the user must still be able to lower it or edit its other fields.
  if (values.shipmentId !== before.shipmentId || values.quantityKg > before.quantityKg || values.loanId !== before.loanId) {
    await checkPlanAvailable(tx, { agencyId: actor.agencyId, values, ownLoadedKg: values.shipmentId === before.shipmentId ? loaded : 0n, exceptPortLoadingId: before.id });
  }
  const [after] = await tx
    .update(portLoadings)
    .set({ ...values, updatedBy: actor.userId, updatedAt: actor.now })
    .where(eq(portLoadings.id, before.id))
    .returning();
  await recordAudit(tx, { agencyId: actor.agencyId, userId: actor.userId, action: 'update', entity: 'portLoading', entityId: before.id, before: auditable(before), after: after && auditable(after), at: actor.now });
  return getPortLoading(tx, { agencyId: actor.agencyId, scope: actor.scope, id: before.id });
}

/**
 * Reverses a port loading with every active slip: refused while any slip has been received (a warehouse in, or a
 * consignee / customer in), or when the body does not confirm the number of slips in transit; otherwise each slip's posting is reversed and the slips and the port loading are
 * marked Reversed with who, when and why, in the caller's one transaction.
 */
export async function reversePortLoading(tx: Db, actor: Actor & { id: number; body: TPortLoadingReverseBody }): Promise<void> {
  const reason = actor.body.reason.trim();
  if (!reason) throw badRequest(Messages.reasonRequired, { reason: Messages.reasonRequired });
  const { portLoading } = await lockPortLoading(tx, { agencyId: actor.agencyId, scope: actor.scope, id: actor.id });
  if (portLoading.status !== 'Active') throw ruleConflict(PortLoadingMessages.portLoadingReversed);
  const slips = await tx
    .select()
    .from(loadingSlips)
    .where(and(eq(loadingSlips.portLoadingId, portLoading.id), eq(loadingSlips.status, 'Active')))
    .orderBy(asc(loadingSlips.id))
    .for('update');
  await assertNotConsumed(tx, { agencyId: actor.agencyId, record: { kind: 'portLoading', id: portLoading.id } });
  // Slips in transit go with the port loading only when the user confirmed how many (docs/decisions.md).
  if ((actor.body.slips ?? 0) !== slips.length) {
    const quantity = kgToTonnes(slips.reduce((sum, s) => sum + s.quantityKg, 0n));
    throw ruleConflict(PortLoadingMessages.reverseSlipsUnconfirmed, { slips: String(slips.length), quantity });
  }
  for (const slip of slips) {
    if (slip.ledgerTransactionId !== null) await reverse(tx, { agencyId: actor.agencyId, transactionId: slip.ledgerTransactionId, userId: actor.userId, at: actor.now, reason });
    await tx.update(loadingSlips).set({ status: 'Reversed', reversedBy: actor.userId, reversedAt: actor.now, reverseReason: reason }).where(eq(loadingSlips.id, slip.id));
    await recordAudit(tx, { agencyId: actor.agencyId, userId: actor.userId, action: 'reverse', entity: 'loadingSlip', entityId: slip.id, before: auditable(slip), after: { status: 'Reversed', reason }, at: actor.now });
  }
  await tx.update(portLoadings).set({ status: 'Reversed', reversedBy: actor.userId, reversedAt: actor.now, reverseReason: reason }).where(eq(portLoadings.id, portLoading.id));
  await recordAudit(tx, { agencyId: actor.agencyId, userId: actor.userId, action: 'reverse', entity: 'portLoading', entityId: portLoading.id, before: auditable(portLoading), after: { status: 'Reversed', reason }, at: actor.now });
}

/** The ON_BOARD balance of a voyage's consignment in kg (0 when nothing was shipped). */
export async function onBoardKg(tx: Db, params: { agencyId: number; voyageId: number; consignmentId: number }): Promise<bigint> {
  const balance = await balanceOfKey(tx, { agencyId: params.agencyId, key: onBoardAccount(params) });
  return balance?.balanceKg ?? 0n;
}

export { auditable };
