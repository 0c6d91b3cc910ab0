import {
  ErrorCode,
  LinkMessages,
  LoanMessages,
  PortLoadingMessages,
  permissionFlag,
  tonnesToKg,
  ZOnBoardLoanInput,
  ZPortLoadingInput,
  type TLoan,
  type TLoanBalance,
  type TLoanList,
  type TLoanReturnSaved,
  type TLoanSaved,
  type TOnBoardLenders,
  type TPortLoadingDetail,
  type TPortLoadingList,
  type TPortLoanOptions,
} from '@tonnage/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onBoardAccount, onHandAccount, type Position } from '../../ledger/accounts';
import { findLedgerDifferences } from '../../ledger/ledger.check';
import { ledgerAccounts } from '../../ledger/ledger.schema';
import { accountBalance } from '../../ledger/ledger.service';
import { UNRESTRICTED } from '../../identity/data-scope';
import { queryRows } from '../../platform/db/client';
import { inAgency } from '../../platform/db/tenancy';
import { AppError } from '../../platform/errors';
import { bearer, loginAs, makeAgency, makeRole, makeUser } from '../../test/fixtures';
import { putOnHand } from '../../test/stock-fixtures';
import { createTestApp, testEngine, type TestApp } from '../../test/harness';
import { makeCargoWorld, makeShipment, portLoadingBody, type CargoWorld, type Writer } from '../port-loading/port-loading.fixtures';
import { portLoadings } from '../port-loading/port-loading.schema';
import { createPortLoading } from '../port-loading/port-loading.service';
import { consigneeToShipmentManagerLoans as loans } from './loans.schema';
import { createOnBoardLoan } from './loans.service';

/*
 * A loan of cargo still on board (issue 14): Consignee to SM on board reserves part of what a BL can still give, a
 * `loan` port loading loads it to the shipment manager, a `bl` port loading can no longer name the shipment manager,
 * the loan is not reversed while a live port loading draws on it ('This loan has existing Port Loading.'), it is
 * returned from the SM's other cargo, it is seen as its BL is; and on PostgreSQL racing loans and port loadings of
 * one BL never take more than is on board.
 */

let t: TestApp;
let writer: Writer;
let world: CargoWorld;
let headers: Record<string, string>;
let strangerHeaders: Record<string, string>;
let truckId: number;
let driverId: number;

async function call<T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, h: Record<string, string> = headers) {
  const response = await t.app.inject({ method, url, headers: h, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const text = response.body;
  const body: unknown = (response.headers['content-type'] ?? '').includes('json') && text ? (JSON.parse(text) as unknown) : text;
  return { status: response.statusCode, body: body as T & { message: string; code: string; details?: Record<string, string> } };
}

const onBoardOf = async (shipment: { voyageId: number; consignmentId: number }) =>
  (await inAgency(t.database.db, writer.agencyId, (tx) => accountBalance(tx, { agencyId: writer.agencyId, account: onBoardAccount(shipment) })))?.balanceKg ?? 0n;

const lend = (shipmentId: number, quantity: string, h = headers) => call<TLoanSaved>('POST', '/api/warehouseConsigneeToSm/on-board', { shipmentId, quantity }, h);
const loanLoading = (shipment: { voyageId: number; shipmentId: number }, loanId: number, quantity: string, overrides: Record<string, unknown> = {}) =>
  call<TPortLoadingDetail>('POST', '/api/portLoading', portLoadingBody(world, shipment, { quantityType: 'loan', loanId, quantity, ...overrides }));

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const agency = await makeAgency(db, { name: 'Port loans agency', timezone: 'Asia/Riyadh' });
  const admin = await makeUser(db, { kind: 'agencyAdmin', agencyId: agency.id, firstName: 'Pia', lastName: 'Port' });
  writer = { agencyId: agency.id, userId: admin.id, now: new Date('2026-11-21T08:00:00Z'), config: t.config };
  world = await makeCargoWorld(db, writer);
  truckId = await world.truck('LOAN 1');
  driverId = await world.driver('Loaner');
  headers = { ...bearer(await loginAs(t.app, admin.username)), 'x-agency-id': String(agency.id) };
  const clerk = await makeRole(db, {
    agencyId: agency.id,
    name: 'Loan clerk',
    permissions: [
      permissionFlag('WarehouseConsigneeToSm', 'view'),
      permissionFlag('WarehouseConsigneeToSm', 'add'),
      permissionFlag('WarehouseConsigneeToSm', 'reverse'),
      permissionFlag('PortLoading', 'view'),
      permissionFlag('PortLoading', 'add'),
      permissionFlag('LoanReport', 'view'),
    ],
  });
  const stranger = await makeUser(db, { kind: 'agencyUser', agencyId: agency.id, roleId: clerk.id, consigneeIds: [world.strangerConsigneeId] });
  strangerHeaders = { ...bearer(await loginAs(t.app, stranger.username)), 'x-agency-id': String(agency.id) };
});

afterAll(async () => {
  await t.close();
});

describe(`a loan of cargo on board and the port loadings that draw on it (${testEngine})`, () => {
  let shipment: Awaited<ReturnType<typeof makeShipment>>;
  let loan: TLoan;

  it('lends part of a BL on board to the BL consignee’s shipment manager: no posting, never above what the BL can still give', async () => {
    shipment = await makeShipment(t.database.db, writer, world, { blTonnes: '1000' });
    // Without a voyage the picker asks for one, in the port loading's words.
    const noVoyage = await call('GET', '/api/warehouseConsigneeToSm/on-board');
    expect(noVoyage.status).toBe(400);
    expect(noVoyage.body.details).toEqual({ voyageId: PortLoadingMessages.voyageRequired });
    const picker = await call<TOnBoardLenders>('GET', `/api/warehouseConsigneeToSm/on-board?voyageId=${shipment.voyageId}`);
    expect(picker.status).toBe(200);
    expect(picker.body.rows).toEqual([expect.objectContaining({ shipmentId: shipment.shipmentId, lenderId: world.consigneeId, borrowerId: world.shipmentManagerId, onBoard: '1000.000', available: '1000.000' })]);

    const over = await lend(shipment.shipmentId, '1000.001');
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ code: ErrorCode.QUANTITY_NOT_AVAILABLE, message: LoanMessages.onBoardNotAvailable, details: { available: '1000.000' } });

    const created = await lend(shipment.shipmentId, '300');
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    loan = created.body.record;
    expect(loan).toMatchObject({ place: 'onBoard', warehouseId: null, siloId: null, shipmentId: shipment.shipmentId, lenderId: world.consigneeId, borrowerId: world.shipmentManagerId, quantity: '300.000', outstanding: '300.000', voyageId: shipment.voyageId, attachedVoyageId: shipment.voyageId });
    expect(loan.warehouseName).toContain('Jeddah');
    // Nothing moved: the cargo is still on board, unowned.
    expect(await onBoardOf(shipment)).toBe(tonnesToKg('1000'));
    const [row] = await inAgency(t.database.db, writer.agencyId, (tx) => tx.select().from(loans).where(eq(loans.id, loan.id)));
    expect(row).toMatchObject({ locationId: null, shipmentId: shipment.shipmentId, ledgerTransactionId: null, transferSlipId: null });

    // Listed and opened on the warehouse screen, counted as issued in the loan balance at once.
    const list = await call<TLoanList>('GET', '/api/warehouseConsigneeToSm?status=all');
    expect(list.body.rows.map((r) => r.id)).toContain(loan.id);
    expect((await call<TLoan>('GET', `/api/warehouseConsigneeToSm/${loan.id}`)).body.blNumber).toBe(`BL-${shipment.lcNumber.slice(3)}`);
    const balance = await call<TLoanBalance>('GET', `/api/loan-balance?consignmentId=${shipment.consignmentId}`);
    expect(balance.body.rows).toEqual([expect.objectContaining({ issued: '300.000', outstanding: '300.000' })]);
    const after = await call<TOnBoardLenders>('GET', `/api/warehouseConsigneeToSm/on-board?voyageId=${shipment.voyageId}`);
    expect(after.body.rows[0]?.available).toBe('700.000');
  });

  it('keeps the loan’s unplanned part on board: `bl` port loadings plan around it, `loan` port loadings use it and never plan more than the loan', async () => {
    const tooMuch = await call('POST', '/api/portLoading', portLoadingBody(world, shipment, { quantity: '700.001' }));
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body).toMatchObject({ message: PortLoadingMessages.quantityAboveOnBoard, details: { available: '700.000' } });
    const bl = await call<TPortLoadingDetail>('POST', '/api/portLoading', portLoadingBody(world, shipment, { quantity: '700' }));
    expect(bl.status, JSON.stringify(bl.body)).toBe(200);
    expect(bl.body).toMatchObject({ quantityType: 'bl', loanId: null, ownerCompanyId: world.consigneeId });

    const aboveLoan = await loanLoading(shipment, loan.id, '300.001');
    expect(aboveLoan.status).toBe(409);
    expect(aboveLoan.body).toMatchObject({ code: ErrorCode.QUANTITY_NOT_AVAILABLE, message: PortLoadingMessages.loanAboveQuantity, details: { available: '300.000' } });
    const first = await loanLoading(shipment, loan.id, '200');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    // The owner at the destination is the borrower.
    expect(first.body).toMatchObject({ quantityType: 'loan', loanId: loan.id, ownerCompanyId: world.shipmentManagerId });
    const options = await call<TPortLoanOptions>('GET', `/api/portLoading/loans?shipmentId=${shipment.shipmentId}`);
    expect(options.body.rows).toEqual([expect.objectContaining({ loanId: loan.id, quantity: '300.000', planned: '200.000', left: '100.000' })]);
    expect((await loanLoading(shipment, loan.id, '100.001')).body.message).toBe(PortLoadingMessages.loanAboveQuantity);
    const second = await loanLoading(shipment, loan.id, '100', { transportationType: 'directDelivery', toLocationId: world.sisterLocationId });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    // Growing a loan port loading is checked against the loan too; lowering it is not.
    const grow = await call('PUT', `/api/portLoading/${second.body.id}`, portLoadingBody(world, shipment, { quantityType: 'loan', loanId: loan.id, quantity: '101', transportationType: 'directDelivery', toLocationId: world.sisterLocationId }));
    expect(grow.body.message).toBe(PortLoadingMessages.loanAboveQuantity);

    // Everything on board is planned or lent: no further loan, no further port loading.
    const noMore = await lend(shipment.shipmentId, '0.001');
    expect(noMore.body).toMatchObject({ message: LoanMessages.onBoardNotAvailable, details: { available: '0.000' } });
    expect((await call('POST', '/api/portLoading', portLoadingBody(world, shipment, { quantity: '0.001' }))).status).toBe(409);

    const filtered = await call<TPortLoadingList>('GET', `/api/portLoading?voyageId=${shipment.voyageId}&quantityType=loan`);
    expect(filtered.body.rows.map((r) => r.id).sort()).toEqual([first.body.id, second.body.id].sort());

    // A slip of a loan port loading leaves ON_BOARD for a truck the borrower owns.
    const slip = await call('POST', `/api/portLoading/${first.body.id}/loadingSlips`, { truckId, driverId, wbtNumber: 'LOAN-1', quantity: '30' });
    expect(slip.status, JSON.stringify(slip.body)).toBe(200);
    const inTransit = await inAgency(t.database.db, writer.agencyId, (tx) =>
      tx.select({ owner: ledgerAccounts.ownerCompanyId, balance: ledgerAccounts.balanceKg }).from(ledgerAccounts).where(and(eq(ledgerAccounts.kind, 'IN_TRANSIT'), eq(ledgerAccounts.consignmentId, shipment.consignmentId))),
    );
    expect(inTransit).toEqual([{ owner: world.shipmentManagerId, balance: tonnesToKg('30') }]);
    expect(await onBoardOf(shipment)).toBe(tonnesToKg('970'));
  });

  it('refuses the shipment manager as a `bl` port loading’s owner, and a `loan` port loading outside its loan’s rules', async () => {
    const other = await makeShipment(t.database.db, writer, world, { blTonnes: '100' });
    const refuse = async (body: Record<string, unknown>, status: number, message: string, fieldName: string) => {
      const response = await call('POST', '/api/portLoading', body);
      expect(response.status, JSON.stringify(response.body)).toBe(status);
      expect(response.body.message).toBe(message);
      expect(response.body.details?.[fieldName]).toBe(message);
    };
    await refuse(portLoadingBody(world, other, { ownerCompanyId: world.shipmentManagerId }), 400, PortLoadingMessages.ownerShipmentManagerNeedsLoan, 'ownerCompanyId');
    await refuse(portLoadingBody(world, other, { quantityType: 'loan' }), 400, PortLoadingMessages.loanRequired, 'loanId');
    // The loan of another BL.
    await refuse(portLoadingBody(world, other, { quantityType: 'loan', loanId: loan.id, quantity: '1' }), 400, PortLoadingMessages.loanRequired, 'loanId');
    const otherLoan = await lend(other.shipmentId, '50');
    expect(otherLoan.status).toBe(200);
    const loanId = otherLoan.body.record.id;
    await refuse(portLoadingBody(world, other, { quantityType: 'loan', loanId, quantity: '1', transportationType: 'customerDelivery', toLocationId: world.customerLocationId }), 400, PortLoadingMessages.loanNotToCustomer, 'transportationType');
    await refuse(portLoadingBody(world, other, { quantityType: 'loan', loanId, quantity: '1', ownerCompanyId: world.consigneeId }), 400, PortLoadingMessages.ownerNotAllowed, 'ownerCompanyId');
    await refuse(portLoadingBody(world, other, { quantityType: 'loan', loanId, quantity: '1', transportationType: 'directDelivery', toLocationId: world.strangerLocationId }), 400, PortLoadingMessages.consigneeLocationRequired, 'toLocationId');
    const none = await inAgency(t.database.db, writer.agencyId, (tx) => tx.select({ n: sql<number>`count(*)::int` }).from(portLoadings).where(eq(portLoadings.shipmentId, other.shipmentId)));
    expect(none[0]?.n).toBe(0);
  });

  it('refuses the loan’s reversal while a live port loading draws on it; the port loading’s reversal frees the loan', async () => {
    const reverseLoan = () => call('DELETE', `/api/warehouseConsigneeToSm/${loan.id}/reverse`, { reason: 'Lent by mistake' });
    const refused = await reverseLoan();
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: ErrorCode.BUSINESS_RULE, message: LinkMessages.loanHasPortLoading });
    const live = await call<TPortLoadingList>('GET', `/api/portLoading?loanId=${loan.id}`);
    expect(live.body.rows).toHaveLength(2);
    for (const row of live.body.rows) {
      const reversed = await call('DELETE', `/api/portLoading/${row.id}/reverse`, { reason: 'Plan changed', slips: row.trips });
      expect(reversed.status, JSON.stringify(reversed.body)).toBe(200);
    }
    // The reversed port loadings plan nothing: the loan's whole quantity is free for its port loadings again.
    const options = await call<TPortLoanOptions>('GET', `/api/portLoading/loans?shipmentId=${shipment.shipmentId}`);
    expect(options.body.rows[0]).toMatchObject({ planned: '0.000', left: '300.000' });
    expect(await onBoardOf(shipment)).toBe(tonnesToKg('1000'));
    const ok = await reverseLoan();
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    // The reversed loan reserves nothing: the BL gives all but the `bl` plan.
    const picker = await call<TOnBoardLenders>('GET', `/api/warehouseConsigneeToSm/on-board?voyageId=${shipment.voyageId}`);
    expect(picker.body.rows.find((r) => r.shipmentId === shipment.shipmentId)?.available).toBe('300.000');
    expect((await loanLoading(shipment, loan.id, '1')).body.message).toBe(PortLoadingMessages.loanRequired);
  });

  it('is returned from the shipment manager’s other cargo (a source is required), attached to the loan’s vessel', async () => {
    const bl = await makeShipment(t.database.db, writer, world, { blTonnes: '500' });
    const lent = await lend(bl.shipmentId, '40');
    const loanId = lent.body.record.id;
    const elsewhere = await makeShipment(t.database.db, writer, world, { blTonnes: '100' });
    const smCargo: Position = { locationId: world.warehouseId, siloId: null, ownerCompanyId: world.shipmentManagerId, consignmentId: elsewhere.consignmentId, cargoTypeId: world.cargoTypeId, voyageId: elsewhere.voyageId, attachedVoyageId: elsewhere.voyageId };
    await putOnHand(t.database.db, writer, elsewhere, smCargo, '60');

    const noSource = await call('POST', '/api/warehouseSmToConsignee', { loanId, quantity: '10' });
    expect(noSource.status).toBe(400);
    expect(noSource.body.details).toEqual({ source: LoanMessages.onBoardLoanReturnNeedsSource });
    const source = { locationId: world.warehouseId, siloId: null, consignmentId: elsewhere.consignmentId, voyageId: elsewhere.voyageId, attachedVoyageId: elsewhere.voyageId };
    const returned = await call<TLoanReturnSaved>('POST', '/api/warehouseSmToConsignee', { loanId, quantity: '15', source });
    expect(returned.status, JSON.stringify(returned.body)).toBe(200);
    expect(returned.body.record).toMatchObject({ place: 'onBoard', quantity: '15.000' });
    expect(returned.body.record.source?.locationId).toBe(world.warehouseId);
    const received = await inAgency(t.database.db, writer.agencyId, (tx) =>
      accountBalance(tx, { agencyId: writer.agencyId, account: onHandAccount({ ...smCargo, ownerCompanyId: world.consigneeId, attachedVoyageId: bl.voyageId }) }),
    );
    expect(received?.balanceKg).toBe(tonnesToKg('15'));
    // A live return holds the loan too.
    const refused = await call('DELETE', `/api/warehouseConsigneeToSm/${loanId}/reverse`, { reason: 'No' });
    expect(refused.body.message).toBe(LinkMessages.loanHasReturn);
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });

  it('is seen as its BL is: a user who cannot see the BL cannot lend it, see the loan or its port loadings’ loan picker', async () => {
    const bl = await makeShipment(t.database.db, writer, world, { blTonnes: '100' });
    const lent = await lend(bl.shipmentId, '10');
    const refused = await lend(bl.shipmentId, '1', strangerHeaders);
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual({ shipmentId: LoanMessages.blRequired });
    const picker = await call<TOnBoardLenders>('GET', `/api/warehouseConsigneeToSm/on-board?voyageId=${bl.voyageId}`, undefined, strangerHeaders);
    expect(picker.body.rows).toEqual([]);
    expect((await call('GET', `/api/warehouseConsigneeToSm/${lent.body.record.id}`, undefined, strangerHeaders)).status).toBe(404);
    const list = await call<TLoanList>('GET', '/api/warehouseConsigneeToSm?status=all', undefined, strangerHeaders);
    expect(list.body.rows).toEqual([]);
    const options = await call<TPortLoanOptions>('GET', `/api/portLoading/loans?shipmentId=${bl.shipmentId}`, undefined, strangerHeaders);
    expect(options.body.rows).toEqual([]);
    expect((await call('DELETE', `/api/warehouseConsigneeToSm/${lent.body.record.id}/reverse`, { reason: 'x' }, strangerHeaders)).status).toBe(404);
  });
});

describe.runIf(testEngine === 'postgres')('racing loans on board and port loadings of one BL (PostgreSQL)', () => {
  it('10 loans and 10 port loadings of 10 MT on a BL with 100 MT on board: together never more than on board', async () => {
    const bl = await makeShipment(t.database.db, writer, world, { blTonnes: '100' });
    const actor = { ...writer, scope: UNRESTRICTED };
    const attempts = Array.from({ length: 20 }, (_, i) =>
      inAgency(t.database.db, writer.agencyId, (tx): Promise<{ id: number }> =>
        i % 2 === 0
          ? createOnBoardLoan(tx, { ...actor, input: ZOnBoardLoanInput.parse({ shipmentId: bl.shipmentId, quantity: '10' }) })
          : createPortLoading(tx, { ...actor, input: ZPortLoadingInput.parse(portLoadingBody(world, bl, { quantity: '10' })) }),
      ),
    );
    const outcomes = await Promise.allSettled(attempts);
    const refused = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason as unknown] : []));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(10);
    for (const error of refused) {
      expect(error).toBeInstanceOf(AppError);
      expect([LoanMessages.onBoardNotAvailable, PortLoadingMessages.quantityAboveOnBoard]).toContain((error as AppError).message);
    }
    const [sums] = await inAgency(t.database.db, writer.agencyId, (tx) =>
      queryRows<{ lent: string; planned: string }>(
        tx,
        sql`select (select coalesce(sum(quantity_kg), 0) from consignee_to_shipment_manager_loans where shipment_id = ${bl.shipmentId} and status = 'Active')::text as lent,
                   (select coalesce(sum(quantity_kg), 0) from port_loadings where shipment_id = ${bl.shipmentId} and status = 'Active')::text as planned`,
      ),
    );
    expect(BigInt(sums?.lent ?? '0') + BigInt(sums?.planned ?? '0')).toBe(tonnesToKg('100'));
  });
});
