import { COMPANY_TYPE_IDS, tonnesToKg, ZConsigneeToSmInput, ZSmToConsigneeInput } from '@tonnage/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { DataScope } from '../identity/data-scope';
import type { Db } from '../platform/db/client';
import { columnOf, companies } from '../modules/master-data/master-data.schema';
import { createLoan, createLoanReturn } from '../modules/loans/loans.service';
import { onHandPositions } from '../modules/warehouse-dispatch/warehouse-dispatch.service';

/*
 * The demo's loans (issue 14): a consignee with wheat in a warehouse lends part of it to its shipment manager in
 * place (Consignee to SM), and the shipment manager gives part of it back (SM to Consignee), so the loan balance
 * shows an open loan with a partial return. Runs through the loan services as the agency admin, unrestricted, after
 * the warehouse season put stock on hand.
 */

const UNRESTRICTED: DataScope = { shipmentManagerIds: null, consigneeIds: null, locationIds: null };
const HOUR = 60 * 60_000;
const col = columnOf;

/** What was done, for the first run's log line and the tests. */
export interface DemoLoans {
  loans: number;
  loanReturns: number;
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
