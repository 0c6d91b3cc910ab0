import { COMPANY_TYPE_IDS, tonnesToKg, ZConsigneeToSmInput, ZDeliveryInInput, ZSmToConsigneeInput } from '@tonnage/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DataScope } from '../identity/data-scope';
import type { Db } from '../platform/db/client';
import { columnOf, companies, drivers, locations, trucks } from '../modules/master-data/master-data.schema';
import { createLoan, createLoanReturn } from '../modules/loans/loans.service';
import { onHandPositions } from '../modules/warehouse-dispatch/warehouse-dispatch.service';
import { createDeliveryIn } from '../modules/receiving/delivery-in.service';

/*
 * The demo's loans (issue 14): a consignee with wheat in a warehouse lends part of it to its shipment manager in
 * place (Consignee to SM), and the shipment manager gives part of it back (SM to Consignee), so the loan balance
 * shows an open loan with a partial return. A second loan went by truck (a transfer slip) from the same warehouse to
 * the lender's mill, where Consignee In received it into the shipment manager's stock. Runs through the loan and
 * receiving services as the agency admin, unrestricted, after the warehouse season put stock on hand.
 */

const UNRESTRICTED: DataScope = { shipmentManagerIds: null, consigneeIds: null, locationIds: null };
const HOUR = 60 * 60_000;
const col = columnOf;

/** What was done, for the first run's log line and the tests. */
export interface DemoLoans {
  loans: number;
  loanReturns: number;
}

/** The loans delivered by truck and received at the destination. */
export interface DemoLoanDelivery {
  loansDelivered: number;
}

export async function seedDemoLoans(tx: Db, params: { agencyId: number; userId: number; now: Date }): Promise<DemoLoans> {
  const { agencyId, userId, now } = params;
  const actorAt = (at: Date) => ({ agencyId, userId, scope: UNRESTRICTED, now: at });
  const positions = await onHandPositions(tx, { agencyId, scope: UNRESTRICTED, place: 'warehouse' });
  if (positions.length === 0) return { loans: 0, loanReturns: 0 };
  const ownerIds = [...new Set(positions.map((p) => p.ownerCompanyId))];
  const owners = await tx
    .select({ id: col(companies, 'id'), type: col(companies, 'companyTypeId'), shipmentManagerId: col(companies, 'shipmentManagerId') })
    .from(companies)
    .where(and(eq(col(companies, 'agencyId'), agencyId), inArray(col(companies, 'id'), ownerIds)));
  const withManager = new Set(owners.filter((c) => Number(c.type) === COMPANY_TYPE_IDS.consignee && c.shipmentManagerId !== null).map((c) => Number(c.id)));
  // The largest usable position of a consignee that has a shipment manager.
  const position = positions.filter((p) => withManager.has(p.ownerCompanyId) && tonnesToKg(p.usable) >= tonnesToKg('40')).sort((a, b) => (tonnesToKg(b.usable) > tonnesToKg(a.usable) ? 1 : -1))[0];
  if (!position) return { loans: 0, loanReturns: 0 };
  const loan = await createLoan(tx, {
    ...actorAt(new Date(now.getTime() - 6 * HOUR)),
    input: ZConsigneeToSmInput.parse({
      warehouseId: position.warehouseId,
      siloId: position.siloId,
      ownerCompanyId: position.ownerCompanyId,
      consignmentId: position.consignmentId,
      cargoTypeId: position.cargoTypeId,
      voyageId: position.voyageId,
      attachedVoyageId: position.attachedVoyageId,
      quantity: '25',
      remarks: 'Lent to the shipment manager to complete a vessel load',
    }),
  });
  await createLoanReturn(tx, { ...actorAt(new Date(now.getTime() - 2 * HOUR)), input: ZSmToConsigneeInput.parse({ loanId: loan.id, quantity: '10', remarks: 'First part returned' }) });
  return { loans: 1, loanReturns: 1 };
}

/**
 * The demo's loan delivered by truck, seeded after the other adjustments (so their choices of stock stay as they
 * were): the largest position of a consignee with a shipment manager again.
 */
export async function seedDemoLoanDelivery(tx: Db, params: { agencyId: number; userId: number; now: Date }): Promise<DemoLoanDelivery> {
  const { agencyId, userId, now } = params;
  const actorAt = (at: Date) => ({ agencyId, userId, scope: UNRESTRICTED, now: at });
  const positions = await onHandPositions(tx, { agencyId, scope: UNRESTRICTED, place: 'warehouse' });
  const ownerIds = [...new Set(positions.map((p) => p.ownerCompanyId))];
  if (ownerIds.length === 0) return { loansDelivered: 0 };
  const owners = await tx
    .select({ id: col(companies, 'id'), type: col(companies, 'companyTypeId'), shipmentManagerId: col(companies, 'shipmentManagerId') })
    .from(companies)
    .where(and(eq(col(companies, 'agencyId'), agencyId), inArray(col(companies, 'id'), ownerIds)));
  const withManager = new Set(owners.filter((c) => Number(c.type) === COMPANY_TYPE_IDS.consignee && c.shipmentManagerId !== null).map((c) => Number(c.id)));
  const position = positions.filter((p) => withManager.has(p.ownerCompanyId) && tonnesToKg(p.usable) >= tonnesToKg('20')).sort((a, b) => (tonnesToKg(b.usable) > tonnesToKg(a.usable) ? 1 : -1))[0];
  if (!position) return { loansDelivered: 0 };
  const delivered = await deliveredLoan(tx, { agencyId, at: (hours) => actorAt(new Date(now.getTime() - hours * HOUR)), position });
  return { loansDelivered: delivered ? 1 : 0 };
}

/**
 * The loan delivered by truck: 12 MT of the same position to a delivery location of the lender, on the Riyadh truck
 * with a driver of its transporter, received there by Consignee In (11.95 MT, a small transit loss) into the shipment
 * manager's stock. Skipped when the demo has no such place, truck or driver.
 */
async function deliveredLoan(
  tx: Db,
  params: { agencyId: number; at: (hoursAgo: number) => { agencyId: number; userId: number; scope: DataScope; now: Date }; position: Awaited<ReturnType<typeof onHandPositions>>[number] },
): Promise<boolean> {
  const { agencyId, position } = params;
  const [place] = await tx
    .select({ id: col(locations, 'id') })
    .from(locations)
    .where(
      and(
        eq(col(locations, 'agencyId'), agencyId),
        eq(col(locations, 'isActive'), true),
        eq(col(locations, 'ownerType'), 'consignee'),
        eq(col(locations, 'consigneeId'), position.ownerCompanyId),
        sql`${col(locations, 'id')} <> ${position.warehouseId}`,
      ),
    )
    .orderBy(col(locations, 'id'))
    .limit(1);
  const [trip] = await tx
    .select({ truckId: col(trucks, 'id'), driverId: col(drivers, 'id') })
    .from(trucks)
    .innerJoin(drivers, and(eq(col(drivers, 'transporterId'), col(trucks, 'transporterId')), eq(col(drivers, 'agencyId'), col(trucks, 'agencyId'))))
    .where(and(eq(col(trucks, 'agencyId'), agencyId), eq(col(trucks, 'plateNumber'), 'RUH 1190')))
    .orderBy(col(drivers, 'id'))
    .limit(1);
  if (!place || !trip) return false;
  const loan = await createLoan(tx, {
    ...params.at(5),
    input: ZConsigneeToSmInput.parse({
      warehouseId: position.warehouseId,
      siloId: position.siloId,
      ownerCompanyId: position.ownerCompanyId,
      consignmentId: position.consignmentId,
      cargoTypeId: position.cargoTypeId,
      voyageId: position.voyageId,
      attachedVoyageId: position.attachedVoyageId,
      quantity: '12',
      movement: { toLocationId: Number(place.id), truckId: Number(trip.truckId), driverId: Number(trip.driverId), wbtNumber: 'LN-DEMO-1' },
      remarks: 'Lent and trucked to the mill for the shipment manager',
    }),
  });
  if (!loan.delivery) return false;
  await createDeliveryIn(tx, 'consigneeIn', params.at(3), ZDeliveryInInput.parse({ slipKind: 'transferSlip', slipId: loan.delivery.slipId, wbtNumber: 'CN-LN-DEMO-1', quantity: '11.95' }));
  return true;
}
