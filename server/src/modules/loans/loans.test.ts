import {
  ErrorCode,
  LinkMessages,
  LoanMessages,
  Messages,
  permissionFlag,
  tonnesToKg,
  type TLoanBalance,
  type TLoanList,
  type TLoanMovements,
  type TLoanReturnList,
  type TLoanReturnSaved,
  type TLoanSaved,
  type TStockPositions,
} from '@tonnage/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onBoardAccount, onHandAccount, type Position } from '../../ledger/accounts';
import { findLedgerDifferences } from '../../ledger/ledger.check';
import { accountBalance, post } from '../../ledger/ledger.service';
import { auditLog } from '../../platform/audit/audit.schema';
import { inAgency } from '../../platform/db/tenancy';
import { bearer, loginAs, makeAgency, makeRole, makeUser } from '../../test/fixtures';
import { putOnHand as putStockOnHand } from '../../test/stock-fixtures';
import { createTestApp, testEngine, type TestApp } from '../../test/harness';
import { makeCargoWorld, makeShipment, type CargoWorld, type Writer } from '../port-loading/port-loading.fixtures';
import { seedDemoLoans } from '../../seed/demo-loans';
import { consigneeToShipmentManagerLoans } from './loans.schema';

/*
 * Loans through their routes: Consignee to SM (L) changes the owner in place, ON_HAND(warehouse, consignee) ->
 * ON_HAND(warehouse, SM), never above usable; SM to Consignee (LR) gives it back, never above the loan's outstanding
 * (also when two returns race, PostgreSQL); the loan's reversal is refused while a return stands; the loan balance
 * with its drill-down and export, in the data scope. Stock is put ON_HAND in the warehouse through the ledger service.
 */

let t: TestApp;
let writer: Writer;
let world: CargoWorld;
let headers: Record<string, string>;
let smAdminHeaders: Record<string, string>;
let strangerHeaders: Record<string, string>;
let shipment: { voyageId: number; consignmentId: number };

async function call<T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, h: Record<string, string> = headers) {
  const response = await t.app.inject({ method, url, headers: h, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const text = response.body;
  const body: unknown = (response.headers['content-type'] ?? '').includes('json') && text ? (JSON.parse(text) as unknown) : text;
  return { status: response.statusCode, body: body as T & { message: string; code: string; details?: Record<string, string> }, headers: response.headers, raw: response.rawPayload };
}

/** The test consignment's position in the warehouse's open area, owned by `owner`. */
const position = (owner = world.consigneeId): Position => ({
  locationId: world.warehouseId,
  siloId: null,
  ownerCompanyId: owner,
  consignmentId: shipment.consignmentId,
  cargoTypeId: world.cargoTypeId,
  voyageId: shipment.voyageId,
  attachedVoyageId: shipment.voyageId,
});

const putOnHand = (pos: Position, tonnes: string) => putStockOnHand(t.database.db, writer, shipment, pos, tonnes);

const onHandOf = async (owner: number) => (await inAgency(t.database.db, writer.agencyId, (tx) => accountBalance(tx, { agencyId: writer.agencyId, account: onHandAccount(position(owner)) })))?.balanceKg ?? 0n;

const loanBody = (quantity: string, overrides: Record<string, unknown> = {}) => {
  const pos = position();
  return {
    warehouseId: pos.locationId,
    siloId: null,
    ownerCompanyId: pos.ownerCompanyId,
    consignmentId: pos.consignmentId,
    cargoTypeId: pos.cargoTypeId,
    voyageId: pos.voyageId,
    attachedVoyageId: pos.attachedVoyageId,
    quantity,
    ...overrides,
  };
};

const outstandingOf = async (loanId: number) => {
  const [row] = await inAgency(t.database.db, writer.agencyId, (tx) => tx.select().from(consigneeToShipmentManagerLoans).where(eq(consigneeToShipmentManagerLoans.id, loanId)));
  if (!row) throw new Error('no loan');
  return row.quantityKg - row.returnedKg;
};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const agency = await makeAgency(db, { name: 'Loans agency', timezone: 'Asia/Riyadh' });
  const admin = await makeUser(db, { kind: 'agencyAdmin', agencyId: agency.id, firstName: 'Lina', lastName: 'Loans' });
  writer = { agencyId: agency.id, userId: admin.id, now: new Date('2026-11-21T08:00:00Z'), config: t.config };
  world = await makeCargoWorld(db, writer);
  shipment = await makeShipment(db, writer, world, { blTonnes: '5000' });
  await putOnHand(position(), '50');
  headers = { ...bearer(await loginAs(t.app, admin.username)), 'x-agency-id': String(agency.id) };
  const reader = await makeRole(db, { agencyId: agency.id, permissions: [permissionFlag('LoanReport', 'view')], name: 'Loan reader' });
  const smAdmin = await makeUser(db, { kind: 'companyAdmin', agencyId: agency.id, companyId: world.shipmentManagerId, roleId: reader.id });
  smAdminHeaders = { ...bearer(await loginAs(t.app, smAdmin.username)), 'x-agency-id': String(agency.id) };
  const stranger = await makeUser(db, { kind: 'agencyUser', agencyId: agency.id, roleId: reader.id, consigneeIds: [world.strangerConsigneeId] });
  strangerHeaders = { ...bearer(await loginAs(t.app, stranger.username)), 'x-agency-id': String(agency.id) };
});

afterAll(async () => {
  await t.close();
});

describe('Consignee to SM and SM to Consignee', () => {
  let loanId = 0;

  it(`lends in place ON_HAND(consignee) -> ON_HAND(SM), never above usable, only to the consignee's shipment manager (${testEngine})`, async () => {
    const positions = await call<TStockPositions>('GET', `/api/warehouseConsigneeToSm/positions?warehouseId=${world.warehouseId}`);
    expect(positions.status).toBe(200);
    expect(positions.body.rows).toEqual([expect.objectContaining({ warehouseId: world.warehouseId, ownerCompanyId: world.consigneeId, usable: '50.000' })]);

    const tooMuch = await call('POST', '/api/warehouseConsigneeToSm', loanBody('50.001'));
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body).toMatchObject({ code: ErrorCode.QUANTITY_NOT_AVAILABLE, message: Messages.quantityNotAvailable });

    const noSm = await call('POST', '/api/warehouseConsigneeToSm', loanBody('1', { ownerCompanyId: world.strangerConsigneeId }));
    expect(noSm.status).toBe(400);
    expect(noSm.body.message).toBe(LoanMessages.noShipmentManager);

    const created = await call<TLoanSaved>('POST', '/api/warehouseConsigneeToSm', loanBody('10', { remarks: 'Short for a vessel' }));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.message).toBe(LoanMessages.loanCreated);
    expect(created.body.record).toMatchObject({ place: 'warehouse', lenderId: world.consigneeId, borrowerId: world.shipmentManagerId, quantity: '10.000', returned: '0.000', outstanding: '10.000', status: 'Active', remarks: 'Short for a vessel' });
    loanId = created.body.record.id;
    expect(await onHandOf(world.consigneeId)).toBe(tonnesToKg('40'));
    expect(await onHandOf(world.shipmentManagerId)).toBe(tonnesToKg('10'));
    // The SM's stock at the same place is no lender's: the picker (consignee mode) offers the consignee's position alone.
    const lenders = await call<TStockPositions>('GET', `/api/warehouseConsigneeToSm/positions?warehouseId=${world.warehouseId}`);
    expect(lenders.body.rows.map((r) => [r.ownerCompanyId, r.usable])).toEqual([[world.consigneeId, '40.000']]);

    const list = await call<TLoanList>('GET', '/api/warehouseConsigneeToSm?open=open');
    expect(list.body.rows.map((r) => r.id)).toEqual([loanId]);
    const audit = await inAgency(t.database.db, writer.agencyId, (tx) => tx.select().from(auditLog).where(and(eq(auditLog.entity, 'consigneeToShipmentManagerLoan'), eq(auditLog.entityId, String(loanId)))));
    expect(audit.map((a) => a.action)).toEqual(['create']);
  });

  it('returns in place, never above the outstanding; the loan cannot be reversed while a return stands; a return reversal re-opens it', async () => {
    const partial = await call<TLoanReturnSaved>('POST', '/api/warehouseSmToConsignee', { loanId, quantity: '4' });
    expect(partial.status, JSON.stringify(partial.body)).toBe(200);
    expect(partial.body.message).toBe(LoanMessages.loanReturnCreated);
    expect(partial.body.record).toMatchObject({ place: 'warehouse', loanId, quantity: '4.000', lenderId: world.consigneeId, borrowerId: world.shipmentManagerId });
    expect(await outstandingOf(loanId)).toBe(tonnesToKg('6'));
    expect(await onHandOf(world.consigneeId)).toBe(tonnesToKg('44'));
    expect(await onHandOf(world.shipmentManagerId)).toBe(tonnesToKg('6'));

    const above = await call('POST', '/api/warehouseSmToConsignee', { loanId, quantity: '6.001' });
    expect(above.status).toBe(400);
    expect(above.body).toMatchObject({ message: LoanMessages.returnAboveOutstanding, details: { quantity: LoanMessages.returnAboveOutstanding } });
    expect(await outstandingOf(loanId)).toBe(tonnesToKg('6'));

    const noLoan = await call('POST', '/api/warehouseSmToConsignee', { quantity: '1' });
    expect(noLoan.status).toBe(400);
    expect(noLoan.body.message).toBe(LoanMessages.loanRequired);

    const refused = await call('DELETE', `/api/warehouseConsigneeToSm/${loanId}/reverse`, { reason: 'Wrong consignee' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(LinkMessages.loanHasReturn);

    const noReason = await call('DELETE', `/api/warehouseSmToConsignee/${partial.body.record.id}/reverse`, { reason: ' ' });
    expect(noReason.status).toBe(400);
    const undone = await call('DELETE', `/api/warehouseSmToConsignee/${partial.body.record.id}/reverse`, { reason: 'Counted twice' });
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(undone.body.message).toBe(LoanMessages.loanReturnReversedOk);
    expect(await outstandingOf(loanId)).toBe(tonnesToKg('10'));
    expect(await onHandOf(world.shipmentManagerId)).toBe(tonnesToKg('10'));
    const again = await call('DELETE', `/api/warehouseSmToConsignee/${partial.body.record.id}/reverse`, { reason: 'Twice' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(LoanMessages.loanReturnReversed);

    const returns = await call<TLoanReturnList>('GET', `/api/warehouseSmToConsignee?status=all&loanId=${loanId}`);
    expect(returns.body.rows.map((r) => r.status)).toEqual(['Reversed']);

    const reversed = await call('DELETE', `/api/warehouseConsigneeToSm/${loanId}/reverse`, { reason: 'Wrong consignee' });
    expect(reversed.status, JSON.stringify(reversed.body)).toBe(200);
    expect(await onHandOf(world.consigneeId)).toBe(tonnesToKg('50'));
    expect(await onHandOf(world.shipmentManagerId)).toBe(0n);
    const onReversed = await call('POST', '/api/warehouseSmToConsignee', { loanId, quantity: '1' });
    expect(onReversed.status).toBe(409);
    expect(onReversed.body.message).toBe(LoanMessages.loanReversed);
  });

  it('shows the loan balance per counterparty and consignment with its movements and export, in the data scope', async () => {
    const loan = await call<TLoanSaved>('POST', '/api/warehouseConsigneeToSm', loanBody('12'));
    expect(loan.status).toBe(200);
    const second = await call<TLoanSaved>('POST', '/api/warehouseConsigneeToSm', loanBody('3'));
    expect(second.status).toBe(200);
    expect((await call('POST', '/api/warehouseSmToConsignee', { loanId: loan.body.record.id, quantity: '5' })).status).toBe(200);
    expect((await call('POST', '/api/warehouseSmToConsignee', { loanId: second.body.record.id, quantity: '3' })).status).toBe(200);

    const balance = await call<TLoanBalance>('GET', '/api/loan-balance', undefined, smAdminHeaders);
    expect(balance.status, JSON.stringify(balance.body)).toBe(200);
    expect(balance.body.rows).toEqual([
      expect.objectContaining({ lenderId: world.consigneeId, borrowerId: world.shipmentManagerId, consignmentId: shipment.consignmentId, cargoTypeId: world.cargoTypeId, loans: 2, issued: '15.000', returned: '8.000', outstanding: '7.000' }),
    ]);
    expect(balance.body.outstanding).toBe('7.000');

    const query = `lenderId=${world.consigneeId}&borrowerId=${world.shipmentManagerId}&consignmentId=${shipment.consignmentId}&cargoTypeId=${world.cargoTypeId}`;
    const movements = await call<TLoanMovements>('GET', `/api/loan-balance/movements?${query}`, undefined, smAdminHeaders);
    expect(movements.status).toBe(200);
    expect(movements.body.rows.every((m) => m.place === 'warehouse')).toBe(true);
    expect(movements.body.rows.map((m) => [m.kind, m.quantity, m.outstanding])).toEqual([
      ['loan', '12.000', '12.000'],
      ['loan', '3.000', '15.000'],
      ['loanReturn', '5.000', '10.000'],
      ['loanReturn', '3.000', '7.000'],
    ]);

    const exported = await call('GET', '/api/loan-balance/export.xlsx?lang=ar', undefined, smAdminHeaders);
    expect(exported.status).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');

    const stranger = await call<TLoanBalance>('GET', '/api/loan-balance?open=all', undefined, strangerHeaders);
    expect(stranger.status).toBe(200);
    expect(stranger.body.rows).toEqual([]);
    const strangerMovements = await call<TLoanMovements>('GET', `/api/loan-balance/movements?${query}`, undefined, strangerHeaders);
    expect(strangerMovements.body.rows).toEqual([]);
    const strangerGet = await call('GET', `/api/warehouseConsigneeToSm/${loan.body.record.id}`, undefined, strangerHeaders);
    expect(strangerGet.status).toBe(403);
    const noFlag = await call('POST', '/api/warehouseConsigneeToSm', loanBody('1'), smAdminHeaders);
    expect(noFlag.status).toBe(403);

    const exportedLoans = await call('GET', '/api/warehouseConsigneeToSm/export.xlsx?lang=en');
    expect(exportedLoans.status).toBe(200);
    const exportedReturns = await call('GET', '/api/warehouseSmToConsignee/export.xlsx?lang=ar');
    expect(exportedReturns.status).toBe(200);

    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });

  it.skipIf(testEngine === 'pglite')('lets two racing returns take only the outstanding (PostgreSQL)', async () => {
    const loan = await call<TLoanSaved>('POST', '/api/warehouseConsigneeToSm', loanBody('10'));
    expect(loan.status).toBe(200);
    const id = loan.body.record.id;
    const outcomes = await Promise.all(Array.from({ length: 4 }, () => call('POST', '/api/warehouseSmToConsignee', { loanId: id, quantity: '4' })));
    const statuses = outcomes.map((o) => o.status).sort();
    expect(statuses).toEqual([200, 200, 400, 400]);
    for (const o of outcomes.filter((r) => r.status === 400)) expect(o.body.message).toBe(LoanMessages.returnAboveOutstanding);
    expect(await outstandingOf(id)).toBe(tonnesToKg('2'));
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });
});

describe('Consignee to SM at a consignee location', () => {
  it('lends in place at the consignee location, lists it on its own screen only, and is returned on SM to Consignee', async () => {
    const site: Position = { ...position(), locationId: world.consigneeLocationId };
    await putOnHand(site, '20');
    const body = { ...loanBody('8'), locationId: world.consigneeLocationId };
    const { warehouseId: _warehouseId, siloId: _siloId, ...atSite } = body;
    const atWarehouse = await call('POST', '/api/consigneeToSm', { ...atSite, locationId: world.warehouseId });
    expect(atWarehouse.status).toBe(400);
    expect(atWarehouse.body.message).toBe('Please select the consignee location!');
    const created = await call<TLoanSaved>('POST', '/api/consigneeToSm', atSite);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.record).toMatchObject({ place: 'consigneeLocation', warehouseId: world.consigneeLocationId, siloId: null, borrowerId: world.shipmentManagerId, outstanding: '8.000' });
    const id = created.body.record.id;
    const own = await call<TLoanList>('GET', '/api/consigneeToSm?status=all');
    expect(own.body.rows.map((r) => r.id)).toEqual([id]);
    const warehouseList = await call<TLoanList>('GET', '/api/warehouseConsigneeToSm?status=all&limit=100');
    expect(warehouseList.body.rows.map((r) => r.id)).not.toContain(id);
    expect((await call('GET', `/api/warehouseConsigneeToSm/${id}`)).status).toBe(404);
    const siteOf = async (owner: number) => (await inAgency(t.database.db, writer.agencyId, (tx) => accountBalance(tx, { agencyId: writer.agencyId, account: onHandAccount({ ...site, ownerCompanyId: owner }) })))?.balanceKg ?? 0n;
    expect(await siteOf(world.shipmentManagerId)).toBe(tonnesToKg('8'));
    const open = await call<{ rows: { id: number }[] }>('GET', '/api/warehouseSmToConsignee/open-loans');
    expect(open.status).toBe(200);
    expect(open.body.rows.map((r) => r.id)).toContain(id);
    const returned = await call('POST', '/api/warehouseSmToConsignee', { loanId: id, quantity: '8' });
    expect(returned.status, JSON.stringify(returned.body)).toBe(200);
    expect(await siteOf(world.consigneeId)).toBe(tonnesToKg('20'));
    expect(await outstandingOf(id)).toBe(0n);
  });
});

describe('SM to Consignee from other cargo', () => {
  it('returns a loan from another position of the shipment manager, the lender receiving it there attached to the loan’s vessel', async () => {
    // The SM's own cargo of another BL (another consignment and vessel) in the warehouse's open area.
    const other = await makeShipment(t.database.db, writer, world, { blTonnes: '800', consigneeId: world.consigneeId });
    const smCargo: Position = { locationId: world.warehouseId, siloId: null, ownerCompanyId: world.shipmentManagerId, consignmentId: other.consignmentId, cargoTypeId: world.cargoTypeId, voyageId: other.voyageId, attachedVoyageId: other.voyageId };
    await inAgency(t.database.db, writer.agencyId, (tx) =>
      post(tx, {
        agencyId: writer.agencyId,
        type: 'testReceipt',
        source: { table: 'test_receipts', id: 2 },
        userId: writer.userId,
        at: writer.now,
        lines: [
          { account: onBoardAccount(other), quantityKg: -tonnesToKg('30') },
          { account: onHandAccount(smCargo), quantityKg: tonnesToKg('30') },
        ],
      }),
    );
    const loan = await call<TLoanSaved>('POST', '/api/warehouseConsigneeToSm', loanBody('7'));
    expect(loan.status, JSON.stringify(loan.body)).toBe(200);
    const loanId = loan.body.record.id;

    const sources = await call<TStockPositions>('GET', `/api/warehouseSmToConsignee/return-sources?loanId=${loanId}`);
    expect(sources.status).toBe(200);
    // The borrower's other cargo only: not the loaned position itself, not the lender's.
    expect(sources.body.rows).toEqual([expect.objectContaining({ ownerCompanyId: world.shipmentManagerId, consignmentId: other.consignmentId, voyageId: other.voyageId, usable: '30.000' })]);
    expect((await call('GET', '/api/warehouseSmToConsignee/return-sources?loanId=999999')).status).toBe(400);

    const source = { locationId: world.warehouseId, siloId: null, consignmentId: other.consignmentId, voyageId: other.voyageId, attachedVoyageId: other.voyageId };
    const tooMuch = await call('POST', '/api/warehouseSmToConsignee', { loanId, quantity: '7', source: { ...source, consignmentId: shipment.consignmentId, voyageId: other.voyageId } });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.code).toBe(ErrorCode.QUANTITY_NOT_AVAILABLE);

    const returned = await call<TLoanReturnSaved>('POST', '/api/warehouseSmToConsignee', { loanId, quantity: '7', source });
    expect(returned.status, JSON.stringify(returned.body)).toBe(200);
    expect(returned.body.record.source).toMatchObject({ locationId: world.warehouseId, consignmentId: other.consignmentId, voyageId: other.voyageId });
    expect(await outstandingOf(loanId)).toBe(0n);
    const balanceOf = async (pos: Position) => (await inAgency(t.database.db, writer.agencyId, (tx) => accountBalance(tx, { agencyId: writer.agencyId, account: onHandAccount(pos) })))?.balanceKg ?? 0n;
    // The SM keeps the loaned cargo (it may have sold it); its other cargo went to the lender, attached to the loan's vessel.
    expect(await balanceOf(smCargo)).toBe(tonnesToKg('23'));
    expect(await balanceOf({ ...smCargo, ownerCompanyId: world.consigneeId, attachedVoyageId: shipment.voyageId })).toBe(tonnesToKg('7'));
    expect(await balanceOf({ ...smCargo, ownerCompanyId: world.consigneeId })).toBe(0n);

    const undone = await call('DELETE', `/api/warehouseSmToConsignee/${returned.body.record.id}/reverse`, { reason: 'Returned from the wrong BL' });
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(await balanceOf(smCargo)).toBe(tonnesToKg('30'));
    expect(await outstandingOf(loanId)).toBe(tonnesToKg('7'));
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });
});

describe('demo loans', () => {
  it('lends 25 t of a consignee’s largest warehouse position to its shipment manager and returns 10 t', async () => {
    const db = t.database.db;
    const agency = await makeAgency(db, { name: 'Loans demo agency', timezone: 'Asia/Riyadh' });
    const admin = await makeUser(db, { kind: 'agencyAdmin', agencyId: agency.id });
    const demoWriter: Writer = { agencyId: agency.id, userId: admin.id, now: new Date('2026-11-21T08:00:00Z'), config: t.config };
    const demoWorld = await makeCargoWorld(db, demoWriter);
    const demoShipment = await makeShipment(db, demoWriter, demoWorld, { blTonnes: '1000' });
    const pos: Position = { locationId: demoWorld.warehouseId, siloId: null, ownerCompanyId: demoWorld.consigneeId, consignmentId: demoShipment.consignmentId, cargoTypeId: demoWorld.cargoTypeId, voyageId: demoShipment.voyageId, attachedVoyageId: demoShipment.voyageId };
    const kg = tonnesToKg('100');
    const counts = await inAgency(db, agency.id, async (tx) => {
      await post(tx, { agencyId: agency.id, type: 'testReceipt', source: { table: 'test_receipts', id: 1 }, userId: admin.id, at: demoWriter.now, lines: [{ account: onBoardAccount(demoShipment), quantityKg: -kg }, { account: onHandAccount(pos), quantityKg: kg }] });
      return seedDemoLoans(tx, { agencyId: agency.id, userId: admin.id, now: demoWriter.now });
    });
    expect(counts).toEqual({ loans: 1, loanReturns: 1 });
    const [loan] = await inAgency(db, agency.id, (tx) => tx.select().from(consigneeToShipmentManagerLoans).where(eq(consigneeToShipmentManagerLoans.agencyId, agency.id)));
    expect(loan).toMatchObject({ lenderCompanyId: demoWorld.consigneeId, borrowerCompanyId: demoWorld.shipmentManagerId, quantityKg: tonnesToKg('25'), returnedKg: tonnesToKg('10') });
  });
});
