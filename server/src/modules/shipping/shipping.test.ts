import { Messages, ShippingMessages, SocketEvents, tonnesToKg, type TShipment } from '@tonnage/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inTransitAccount, onBoardAccount, vesselAccount } from '../../ledger/accounts';
import { findLedgerDifferences } from '../../ledger/ledger.check';
import { ledgerTransactions } from '../../ledger/ledger.schema';
import { accountBalance, post } from '../../ledger/ledger.service';
import { auditLog } from '../../platform/audit/audit.schema';
import { inAgency } from '../../platform/db/tenancy';
import { bearer, loginAs, makeAgency, makeRole, makeUser } from '../../test/fixtures';
import { createTestApp, testEngine, type TestApp } from '../../test/harness';
import { resourceByKey } from '@tonnage/contracts';
import { portLoadings } from '../port-loading/port-loading.schema';
import { quantityApprovals } from '../vessel-approval/vessel-approval.schema';
import { insertResource, makeCompany, makeConsignment, makeShippingWorld, makeVessel, type ShippingWorld } from './shipping.fixtures';
import { shipments, voyages } from './shipping.schema';

let t: TestApp;
let world: ShippingWorld;
let foreignWorld: ShippingWorld;
const tokens: Record<'admin' | 'viewer' | 'clerk' | 'scoped' | 'portLoader' | 'noRights' | 'foreign', string> = {
  admin: '',
  viewer: '',
  clerk: '',
  scoped: '',
  portLoader: '',
  noRights: '',
  foreign: '',
};
let otherConsigneeId = 0;
let lcCounter = 0;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
async function call(who: keyof typeof tokens, method: Method, url: string, payload?: unknown) {
  const response = await t.app.inject({ method, url, headers: bearer(tokens[who]), ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
}

const nextLc = (prefix = 'LC') => `${prefix}-${++lcCounter}`;
const newVoyage = (voyageNumber: string, extra: Record<string, unknown> = {}) => ({ vesselId: world.vesselId, voyageNumber, portId: world.portId, ...extra });

async function createShipment(payload: Record<string, unknown>, who: keyof typeof tokens = 'clerk') {
  return call(who, 'POST', '/api/shipments', payload);
}

async function shipmentRow(id: number) {
  const [row] = await t.database.db.select().from(shipments).where(eq(shipments.id, id));
  if (!row) throw new Error(`no shipment ${id}`);
  return row;
}

async function onBoardKg(voyageId: number, consignmentId: number): Promise<bigint | undefined> {
  const balance = await inAgency(t.database.db, world.agencyId, (tx) => accountBalance(tx, { agencyId: world.agencyId, account: onBoardAccount({ voyageId, consignmentId }) }));
  return balance?.balanceKg;
}

async function vesselKg(voyageId: number, consignmentId: number): Promise<bigint | undefined> {
  const balance = await inAgency(t.database.db, world.agencyId, (tx) => accountBalance(tx, { agencyId: world.agencyId, account: vesselAccount({ voyageId, consignmentId }) }));
  return balance?.balanceKg;
}

/** Moves stock off the vessel as a loading slip would: ON_BOARD -> IN_TRANSIT of a trip. */
async function truckOff(voyageId: number, consignmentId: number, tonnes: string, tripId = 9000 + lcCounter) {
  await inAgency(t.database.db, world.agencyId, (tx) =>
    post(tx, {
      agencyId: world.agencyId,
      type: 'test-loading',
      source: { table: 'test', id: tripId },
      userId: world.userId,
      at: new Date('2026-11-21T10:00:00Z'),
      lines: [
        { account: onBoardAccount({ voyageId, consignmentId }), quantityKg: -tonnesToKg(tonnes) },
        { account: inTransitAccount({ tripId, voyageId, consignmentId, ownerCompanyId: world.consigneeId, cargoTypeId: world.cargoTypeId }), quantityKg: tonnesToKg(tonnes) },
      ],
    }),
  );
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const agencyId = (await makeAgency(db, { name: 'Shipping Agency' })).id;
  const foreignAgencyId = (await makeAgency(db, { name: 'Foreign Shipping Agency' })).id;
  const admin = await makeUser(db, { kind: 'agencyAdmin', agencyId });
  world = await makeShippingWorld(db, agencyId, admin.id, 'A');
  const foreignAdmin = await makeUser(db, { kind: 'agencyAdmin', agencyId: foreignAgencyId });
  foreignWorld = await makeShippingWorld(db, foreignAgencyId, foreignAdmin.id, 'F');
  otherConsigneeId = await makeCompany(db, agencyId, 'consignee', { name: 'A Other Consignee', shipmentManagerId: world.shipmentManagerId });

  const role = async (permissions: string[]) => (await makeRole(db, { agencyId, permissions })).id;
  const allShipping = ['canViewShipping', 'canAddShipping', 'canEditShipping', 'canReverseShipping'];
  const viewer = await makeUser(db, { kind: 'agencyUser', agencyId, roleId: await role(['canViewShipping']) });
  const clerk = await makeUser(db, { kind: 'agencyUser', agencyId, roleId: await role(allShipping), firstName: 'Clara', lastName: 'Clerk' });
  const scoped = await makeUser(db, { kind: 'agencyUser', agencyId, roleId: await role(allShipping), consigneeIds: [otherConsigneeId] });
  const portLoader = await makeUser(db, { kind: 'agencyUser', agencyId, roleId: await role(['canViewPortLoading']) });
  const noRights = await makeUser(db, { kind: 'agencyUser', agencyId, roleId: await role(['canViewSaleOrder']) });
  tokens.admin = await loginAs(t.app, admin.username);
  tokens.viewer = await loginAs(t.app, viewer.username);
  tokens.clerk = await loginAs(t.app, clerk.username);
  tokens.scoped = await loginAs(t.app, scoped.username);
  tokens.portLoader = await loginAs(t.app, portLoader.username);
  tokens.noRights = await loginAs(t.app, noRights.username);
  tokens.foreign = await loginAs(t.app, foreignAdmin.username);
}, 60_000);

afterAll(async () => {
  await t.close();
});

describe('POST /api/shipments', () => {
  it('creates the voyage and the shipment, posts VESSEL -> ON_BOARD for the BL quantity and keeps the ledger whole', async () => {
    const consignmentId = await makeConsignment(t.database.db, world, { lcNumber: nextLc(), quantity: '500' });
    const created = await createShipment({
      voyage: newVoyage('V-001', { berthId: world.berthId, arrivalDate: '2026-11-01', completionDate: '2026-11-05' }),
      consignmentId,
      blNumber: 'BL-001',
      blQuantity: '320.250',
      blDate: '2026-10-20',
    });
    expect(created.status).toBe(200);
    const id = Number(created.body.id);
    const row = await shipmentRow(id);
    expect(row.blQuantityKg).toBe(320_250n);
    expect(row.blConsigneeId).toBe(world.consigneeId); // the consignment's BL consignee by default
    expect(row.status).toBe('Active');
    expect(await onBoardKg(row.voyageId, consignmentId)).toBe(320_250n);
    expect(await vesselKg(row.voyageId, consignmentId)).toBe(-320_250n);
    const [posting] = await t.database.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.id, row.ledgerTransactionId ?? 0));
    expect(posting).toMatchObject({ type: 'shipping', sourceTable: 'shipments', sourceId: id });
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);

    const [voyage] = await t.database.db.select().from(voyages).where(eq(voyages.id, row.voyageId));
    expect(voyage).toMatchObject({ voyageNumber: 'V-001', berthId: world.berthId, arrivalDate: '2026-11-01', completionDate: '2026-11-05' });
    const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'shipment'), eq(auditLog.entityId, String(id))));
    expect(audit.map((a) => a.action)).toEqual(['create']);

    const read = await call('viewer', 'GET', `/api/shipments/${id}`);
    expect(read.status).toBe(200);
    const shipment = read.body as unknown as TShipment;
    expect(shipment).toMatchObject({
      blNumber: 'BL-001',
      blQuantity: '320.250',
      onBoardQuantity: '320.250',
      loadedQuantity: '0.000',
      blConsigneeName: 'A Consignee',
      createdBy: 'Clara Clerk',
      Consignment: { id: consignmentId, LC: { LCPONumber: expect.stringMatching(/^LC-/) as string }, RefLC: { refNumber: expect.stringMatching(/^REF-LC-/) as string } },
      voyage: { vesselName: 'A Ocean Star', voyageNumber: 'V-001', portName: 'A Jeddah', berthName: 'A Berth 1', arrivalDate: '2026-11-01' },
    });
  });

  it('finds an existing voyage by vessel and voyage number, whatever the letter case', async () => {
    const first = await createShipment({ voyage: newVoyage('Case-7'), consignmentId: await makeConsignment(t.database.db, world, { lcNumber: nextLc(), quantity: '100' }), blNumber: 'BL-C1', blQuantity: '10' });
    const second = await createShipment({ voyage: newVoyage('CASE-7'), consignmentId: await makeConsignment(t.database.db, world, { lcNumber: nextLc(), quantity: '100' }), blNumber: 'BL-C2', blQuantity: '10' });
    expect([first.status, second.status]).toEqual([200, 200]);
    expect((await shipmentRow(Number(second.body.id))).voyageId).toBe((await shipmentRow(Number(first.body.id))).voyageId);
  });

  it('refuses a BL total above the consignment quantity with the spec message, and changes nothing', async () => {
    const consignmentId = await makeConsignment(t.database.db, world, { lcNumber: nextLc(), quantity: '100' });
    expect((await createShipment({ voyage: newVoyage('V-SUM-1'), consignmentId, blNumber: 'BL-S1', blQuantity: '60' })).status).toBe(200);
    const before = await t.database.db.select().from(ledgerTransactions);
    const refused = await createShipment({ voyage: newVoyage('V-SUM-2'), consignmentId, blNumber: 'BL-S2', blQuantity: '40.001' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ message: Messages.lcBelowBl, details: { blQuantity: Messages.lcBelowBl } });
    expect(await t.database.db.select().from(ledgerTransactions)).toHaveLength(before.length);
    const exactFit = await createShipment({ voyage: newVoyage('V-SUM-2'), consignmentId, blNumber: 'BL-S2', blQuantity: '40' });
    expect(exactFit.status).toBe(200);
  });

  it('refuses a quantity of zero or below, a missing voyage and a missing reason with clear messages', async () => {
    const consignmentId = await makeConsignment(t.database.db, world, { lcNumber: nextLc(), quantity: '100' });
    const zero = await createShipment({ voyage: newVoyage('V-Z'), consignmentId, blNumber: 'BL-Z', blQuantity: '0' });
    expect(zero.status).toBe(400);
    expect(zero.body.details).toMatchObject({ blQuantity: Messages.quantityPositive });
    const negative = await createShipment({ voyage: newVoyage('V-Z'), consignmentId, blNumber: 'BL-Z', blQuantity: '-5' });
    expect(negative.body.details).toMatchObject({ blQuantity: Messages.quantityPositive });
    const noVoyage = await createShipment({ consignmentId, blNumber: 'BL-Z', blQuantity: '5' });
    expect(noVoyage.status).toBe(400);
    expect(noVoyage.body.details).toMatchObject({ voyageId: ShippingMessages.voyageRequired });
    const noBl = await createShipment({ voyage: newVoyage('V-Z'), consignmentId, blNumber: '  ', blQuantity: '5' });
    expect(noBl.body.details).toMatchObject({ blNumber: ShippingMessages.blNumberRequired });
    expect(await t.database.db.select().from(shipments).where(eq(shipments.consignmentId, consignmentId))).toHaveLength(0);
  });

  it('refuses a duplicate BL number on a voyage and a second shipment of a consignment on a voyage', async () => {
    const a = await makeConsignment(t.database.db, world, { lcNumber: nextLc(), quantity: '100' });
    const b = await makeConsignment(t.database.db, world, { lcNumber: nextLc(), quantity: '100' });
    expect((await createShipment({ voyage: newVoyage('V-DUP'), consignmentId: a, blNumber: 'BL-DUP', blQuantity: '10' })).status).toBe(200);
    const sameBl = await createShipment({ voyage: newVoyage('V-DUP'), consignmentId: b, blNumber: 'bl-dup', blQuantity: '10' });
    expect(sameBl.status).toBe(409);
    expect(sameBl.body.message).toBe(ShippingMessages.blNumberTaken);
    const sameConsignment = await createShipment({ voyage: newVoyage('V-DUP'), consignmentId: a, blNumber: 'BL-DUP-2', blQuantity: '10' });
    expect(sameConsignment.status).toBe(409);
    expect(sameConsignment.body.message).toBe(ShippingMessages.consignmentOnVoyage);
  });

  it('refuses a berth of another port, a reversed consignment and a consignment of another agency', async () => {
    const consignmentId = await makeConsignment(t.database.db, world, { lcNumber: nextLc(), quantity: '100' });
    const wrongBerth = await createShipment({ voyage: newVoyage('V-BERTH', { berthId: world.otherBerthId }), consignmentId, blNumber: 'BL-B', blQuantity: '10' });
    expect(wrongBerth.status).toBe(400);
    expect(wrongBerth.body.message).toBe(ShippingMessages.berthNotOfPort);
    expect(await t.database.db.select().from(voyages).where(eq(voyages.voyageNumber, 'V-BERTH'))).toHaveLength(0);

    const reversed = await makeConsignment(t.database.db, world, { lcNumber: nextLc(), quantity: '100', status: 'Reversed' });
    const onReversed = await createShipment({ voyage: newVoyage('V-REV'), consignmentId: reversed, blNumber: 'BL-R', blQuantity: '10' });
    expect(onReversed.status).toBe(409);
    expect(onReversed.body.message).toBe(ShippingMessages.consignmentNotActive);

    const foreignConsignment = await makeConsignment(t.database.db, foreignWorld, { lcNumber: nextLc('FLC'), quantity: '100' });
    const crossing = await createShipment({ voyage: newVoyage('V-X'), consignmentId: foreignConsignment, blNumber: 'BL-X', blQuantity: '10' });
    expect(crossing.status).toBe(400);
    expect(crossing.body.details).toMatchObject({ consignmentId: ShippingMessages.consignmentRequired });
    const foreignVessel = await createShipment({ voyage: { ...newVoyage('V-X'), vesselId: foreignWorld.vesselId }, consignmentId, blNumber: 'BL-X', blQuantity: '10' });
    expect(foreignVessel.status).toBe(400);
    expect(foreignVessel.body.message).toBe(ShippingMessages.vesselRequired);
  });

  it('tells the agency the vessel figures changed after the commit, and not after a refusal', async () => {
    const spy = vi.spyOn(t.context.realtime, 'emitToAgency');
    try {
      const consignmentId = await makeConsignment(t.database.db, world, { lcNumber: nextLc(), quantity: '10' });
      await createShipment({ voyage: newVoyage('V-RT'), consignmentId, blNumber: 'BL-RT', blQuantity: '10' });
      expect(spy).toHaveBeenCalledTimes(1);
      expect(spy).toHaveBeenCalledWith(world.agencyId, SocketEvents.events, { statsUpdated: true, type: 'vessel' });
      await createShipment({ voyage: newVoyage('V-RT2'), consignmentId, blNumber: 'BL-RT2', blQuantity: '1' });
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('PUT /api/shipments/:id (reverse-and-repost)', () => {
  it('reverses the old posting with reason Edited and posts the new quantity in one transaction', async () => {
    const consignmentId = await makeConsignment(t.database.db, world, { lcNumber: nextLc(), quantity: '200' });
    const created = await createShipment({ voyage: newVoyage('V-EDIT'), consignmentId, blNumber: 'BL-E', blQuantity: '100' });
    const id = Number(created.body.id);
    const before = await shipmentRow(id);
    const edited = await call('clerk', 'PUT', `/api/shipments/${id}`, { voyageId: before.voyageId, consignmentId, blNumber: 'BL-E2', blQuantity: '150.5' });
    expect(edited.status).toBe(200);
    const after = await shipmentRow(id);
    expect(after).toMatchObject({ blNumber: 'BL-E2', blQuantityKg: 150_500n, status: 'Active' });
    expect(after.ledgerTransactionId).not.toBe(before.ledgerTransactionId);
    const [reversal] = await t.database.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.reversesId, before.ledgerTransactionId ?? 0));
    expect(reversal?.reason).toBe('Edited');
    expect(await onBoardKg(after.voyageId, consignmentId)).toBe(150_500n);
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
    // The sum rule counts the other BLs only: 200 allowed, 200.001 refused.
    expect((await call('clerk', 'PUT', `/api/shipments/${id}`, { voyageId: after.voyageId, consignmentId, blNumber: 'BL-E2', blQuantity: '200.001' })).body.message).toBe(Messages.lcBelowBl);
    expect((await call('clerk', 'PUT', `/api/shipments/${id}`, { voyageId: after.voyageId, consignmentId, blNumber: 'BL-E2', blQuantity: '200' })).status).toBe(200);
  });

  it('lets the BL go down to what was trucked off, and refuses below it with Quantity not available, changing nothing', async () => {
    const consignmentId = await makeConsignment(t.database.db, world, { lcNumber: nextLc(), quantity: '200' });
    const id = Number((await createShipment({ voyage: newVoyage('V-MOVED'), consignmentId, blNumber: 'BL-M', blQuantity: '100' })).body.id);
    const { voyageId, ledgerTransactionId } = await shipmentRow(id);
    await truckOff(voyageId, consignmentId, '30');
    const refused = await call('clerk', 'PUT', `/api/shipments/${id}`, { voyageId, consignmentId, blNumber: 'BL-M', blQuantity: '29.999' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(Messages.quantityNotAvailable);
    expect(await shipmentRow(id)).toMatchObject({ blQuantityKg: 100_000n, ledgerTransactionId });
    expect(await onBoardKg(voyageId, consignmentId)).toBe(70_000n);
    const down = await call('clerk', 'PUT', `/api/shipments/${id}`, { voyageId, consignmentId, blNumber: 'BL-M', blQuantity: '30' });
    expect(down.status).toBe(200);
    expect(await onBoardKg(voyageId, consignmentId)).toBe(0n);
    const listed = await call('viewer', 'GET', `/api/shipments/${id}`);
    expect(listed.body).toMatchObject({ blQuantity: '30.000', onBoardQuantity: '0.000' });
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });

  it('refuses moving a shipment with a port loading to another voyage', async () => {
    const consignmentId = await makeConsignment(t.database.db, world, { lcNumber: nextLc(), quantity: '200' });
    const id = Number((await createShipment({ voyage: newVoyage('V-PLM'), consignmentId, blNumber: 'BL-PLM', blQuantity: '100' })).body.id);
    await insertPortLoading(id);
    const moved = await call('clerk', 'PUT', `/api/shipments/${id}`, { voyage: newVoyage('V-PLM-2'), consignmentId, blNumber: 'BL-PLM', blQuantity: '100' });
    expect(moved.status).toBe(409);
    expect(moved.body.message).toBe(ShippingMessages.shipmentHasPortLoading);
  });
});

let warehouseId = 0;
async function insertPortLoading(shipmentId: number, status: 'Active' | 'Reversed' = 'Active') {
  const db = t.database.db;
  if (!warehouseId) {
    warehouseId = await insertResource(db, resourceByKey('warehouse'), world.agencyId, { name: 'A Warehouse' });
  }
  const shipment = await shipmentRow(shipmentId);
  await db.insert(portLoadings).values({
    agencyId: world.agencyId,
    voyageId: shipment.voyageId,
    shipmentId,
    consignmentId: shipment.consignmentId,
    portId: world.portId,
    transportationType: 'warehouse',
    toLocationId: warehouseId,
    ownerCompanyId: world.consigneeId,
    transporterKind: 'self',
    quantityKg: 10_000n,
    loadingDate: '2026-11-10',
    status,
    createdBy: world.userId,
    createdAt: new Date('2026-11-10T08:00:00Z'),
  });
}

describe('DELETE /api/shipments/:id/shipment-reverse', () => {
  it('needs a reason, reverses the ledger posting and keeps the row as Reversed with who, when and why', async () => {
    const consignmentId = await makeConsignment(t.database.db, world, { lcNumber: nextLc(), quantity: '100' });
    const id = Number((await createShipment({ voyage: newVoyage('V-REVERSE'), consignmentId, blNumber: 'BL-REV', blQuantity: '80' })).body.id);
    const blank = await call('clerk', 'DELETE', `/api/shipments/${id}/shipment-reverse`, { reason: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe(Messages.reasonRequired);
    const reversed = await call('clerk', 'DELETE', `/api/shipments/${id}/shipment-reverse`, { reason: 'Wrong vessel' });
    expect(reversed.status).toBe(200);
    const row = await shipmentRow(id);
    expect(row).toMatchObject({ status: 'Reversed', reverseReason: 'Wrong vessel' });
    expect(row.reversedBy).not.toBeNull();
    expect(row.reversedAt?.toISOString()).toBe('2026-11-21T08:00:00.000Z');
    expect(await onBoardKg(row.voyageId, consignmentId)).toBe(0n);
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
    const again = await call('clerk', 'DELETE', `/api/shipments/${id}/shipment-reverse`, { reason: 'Twice' });
    expect(again.status).toBe(409);
    // The reversed BL no longer counts: the consignment's whole quantity can be shipped again, even on that voyage.
    expect((await createShipment({ voyageId: row.voyageId, consignmentId, blNumber: 'BL-REV', blQuantity: '100' })).status).toBe(200);
  });

  it('is refused while an active port loading uses the shipment, and allowed once it is reversed', async () => {
    const consignmentId = await makeConsignment(t.database.db, world, { lcNumber: nextLc(), quantity: '100' });
    const id = Number((await createShipment({ voyage: newVoyage('V-PL'), consignmentId, blNumber: 'BL-PL', blQuantity: '50' })).body.id);
    await insertPortLoading(id);
    const refused = await call('clerk', 'DELETE', `/api/shipments/${id}/shipment-reverse`, { reason: 'Mistake' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(ShippingMessages.shipmentHasPortLoading);
    expect((await shipmentRow(id)).status).toBe('Active');
    await t.database.db.update(portLoadings).set({ status: 'Reversed' }).where(eq(portLoadings.shipmentId, id));
    expect((await call('clerk', 'DELETE', `/api/shipments/${id}/shipment-reverse`, { reason: 'Mistake' })).status).toBe(200);
  });
});

describe('a BL with an out-turn (issue #10)', () => {
  it('refuses reversing, moving or requantifying a BL whose out-turn is approved, saying to reverse the out-turn first; that way out works', async () => {
    const consignmentId = await makeConsignment(t.database.db, world, { lcNumber: nextLc(), quantity: '100' });
    const id = Number((await createShipment({ voyage: newVoyage('V-OUT'), consignmentId, blNumber: 'BL-OUT', blQuantity: '80' })).body.id);
    const { voyageId } = await shipmentRow(id);
    // No approval rule in this agency: the out-turn is approved at once and its 10 MT shortage posted.
    const outTurn = await call('admin', 'POST', '/api/vesselQuantityApproval/quantityApproval', { shipmentId: id, dischargedQuantity: '70', remarks: null });
    expect(outTurn.status, JSON.stringify(outTurn.body)).toBe(200);
    expect(await onBoardKg(voyageId, consignmentId)).toBe(70_000n);

    const reverse = await call('clerk', 'DELETE', `/api/shipments/${id}/shipment-reverse`, { reason: 'Wrong BL' });
    expect(reverse.status).toBe(409);
    expect(reverse.body.message).toBe(ShippingMessages.blOutTurnApproved);
    const moved = await call('clerk', 'PUT', `/api/shipments/${id}`, { voyage: newVoyage('V-OUT-2'), consignmentId, blNumber: 'BL-OUT', blQuantity: '80' });
    expect(moved.status).toBe(409);
    expect(moved.body.message).toBe(ShippingMessages.blOutTurnApproved);
    const requantified = await call('clerk', 'PUT', `/api/shipments/${id}`, { voyageId, consignmentId, blNumber: 'BL-OUT', blQuantity: '90' });
    expect(requantified.status).toBe(409);
    expect(requantified.body.message).toBe(ShippingMessages.blOutTurnApproved);
    expect(await shipmentRow(id)).toMatchObject({ status: 'Active', blQuantityKg: 80_000n, voyageId });
    expect(await onBoardKg(voyageId, consignmentId)).toBe(70_000n);
    // What the message says is still possible works: the BL number (and date, consignee) can be corrected.
    const renamed = await call('clerk', 'PUT', `/api/shipments/${id}`, { voyageId, consignmentId, blNumber: 'BL-OUT-A', blQuantity: '80' });
    expect(renamed.status).toBe(200);
    expect(await onBoardKg(voyageId, consignmentId)).toBe(70_000n);
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);

    // The way out the message gives: reverse the out-turn (its shortage goes back on board), then the BL.
    const undone = await call('admin', 'DELETE', `/api/vesselQuantityApproval/quantityApproval/${Number(outTurn.body.id)}/reverse`, { reason: 'Survey redone' });
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(undone.body.status).toBe('Reversed');
    expect(await onBoardKg(voyageId, consignmentId)).toBe(80_000n);
    const reversed = await call('clerk', 'DELETE', `/api/shipments/${id}/shipment-reverse`, { reason: 'Wrong BL' });
    expect(reversed.status, JSON.stringify(reversed.body)).toBe(200);
    expect((await shipmentRow(id)).status).toBe('Reversed');
    expect(await onBoardKg(voyageId, consignmentId)).toBe(0n);
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });

  it('refuses reversing a BL whose out-turn awaits approval until it is rejected', async () => {
    const consignmentId = await makeConsignment(t.database.db, world, { lcNumber: nextLc(), quantity: '100' });
    const id = Number((await createShipment({ voyage: newVoyage('V-PEND'), consignmentId, blNumber: 'BL-PEND', blQuantity: '80' })).body.id);
    const shipment = await shipmentRow(id);
    await t.database.db.insert(quantityApprovals).values({
      agencyId: world.agencyId,
      voyageId: shipment.voyageId,
      shipmentId: id,
      blQuantityKg: 80_000n,
      dischargedKg: 85_000n,
      status: 'Pending',
      createdBy: world.userId,
      createdAt: new Date('2026-11-21T08:00:00Z'),
    });
    const refused = await call('clerk', 'DELETE', `/api/shipments/${id}/shipment-reverse`, { reason: 'Wrong BL' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(ShippingMessages.blOutTurnPending);
    expect((await shipmentRow(id)).status).toBe('Active');
    await t.database.db.update(quantityApprovals).set({ status: 'Rejected' }).where(eq(quantityApprovals.shipmentId, id));
    expect((await call('clerk', 'DELETE', `/api/shipments/${id}/shipment-reverse`, { reason: 'Wrong BL' })).status).toBe(200);
  });
});

describe('GET /api/shipments and total-quantity', () => {
  let voyageId = 0;
  let consignmentA = 0;
  let consignmentB = 0;
  beforeAll(async () => {
    const vesselId = await makeVessel(t.database.db, world.agencyId, 'A Filter Queen');
    consignmentA = await makeConsignment(t.database.db, world, { lcNumber: 'LC-FILTER-A', quantity: '1000' });
    consignmentB = await makeConsignment(t.database.db, world, { lcNumber: 'LC-FILTER-B', quantity: '1000', consigneeId: otherConsigneeId, shipmentManagerId: null });
    const a = await createShipment({ voyage: { vesselId, voyageNumber: 'FQ-1', portId: world.otherPortId, arrivalDate: '2026-09-10' }, consignmentId: consignmentA, blNumber: 'BL-FQ-A', blQuantity: '100.100' });
    voyageId = (await shipmentRow(Number(a.body.id))).voyageId;
    await createShipment({ voyageId, consignmentId: consignmentB, blNumber: 'BL-FQ-B', blQuantity: '200.200', blConsigneeId: otherConsigneeId });
  });

  it('filters by voyage, consignee, port, date and search, totals in SQL and pages', async () => {
    const byVoyage = await call('viewer', 'GET', `/api/shipments?voyageId=${voyageId}`);
    expect(byVoyage.body.count).toBe(2);
    expect((byVoyage.body.rows as TShipment[]).map((r) => r.blNumber)).toEqual(['BL-FQ-B', 'BL-FQ-A']);
    const total = await call('viewer', 'GET', `/api/shipments/total-quantity?voyageId=${voyageId}`);
    expect(total.body).toEqual({ totalQuantity: '300.300', count: 2 });
    const byConsignee = await call('viewer', 'GET', `/api/shipments?voyageId=${voyageId}&blConsigneeId=${otherConsigneeId}`);
    expect((byConsignee.body.rows as TShipment[]).map((r) => r.blNumber)).toEqual(['BL-FQ-B']);
    const byManager = await call('viewer', 'GET', `/api/shipments/total-quantity?voyageId=${voyageId}&shipmentManager=${world.shipmentManagerId}`);
    expect(byManager.body).toEqual({ totalQuantity: '100.100', count: 1 });
    const byLc = await call('viewer', 'GET', '/api/shipments?search=filter-a');
    expect((byLc.body.rows as TShipment[]).map((r) => r.blNumber)).toEqual(['BL-FQ-A']);
    const byVessel = await call('viewer', 'GET', '/api/shipments/total-quantity?search=filter%20queen');
    expect(byVessel.body.count).toBe(2);
    const shortSearchIgnored = await call('viewer', 'GET', `/api/shipments/total-quantity?voyageId=${voyageId}&search=zz`);
    expect(shortSearchIgnored.body.count).toBe(2);
    const byPort = await call('viewer', 'GET', `/api/shipments/total-quantity?portId=${world.otherPortId}`);
    expect(byPort.body.count).toBe(2);
    const dated = await call('viewer', 'GET', '/api/shipments/total-quantity?fromDate=2026-09-01&toDate=2026-09-30');
    expect(dated.body.count).toBe(2);
    const outside = await call('viewer', 'GET', '/api/shipments/total-quantity?fromDate=2026-09-11');
    expect((outside.body.count as number) < ((await call('viewer', 'GET', '/api/shipments/total-quantity')).body.count as number)).toBe(true);
    const page = await call('viewer', 'GET', `/api/shipments?voyageId=${voyageId}&limit=20&page=2`);
    expect(page.body).toEqual({ rows: [], count: 2 });
    expect((await call('viewer', 'GET', '/api/shipments?limit=7')).status).toBe(400);
  });

  it('lists reversed shipments only when asked', async () => {
    const consignmentId = await makeConsignment(t.database.db, world, { lcNumber: nextLc(), quantity: '10' });
    const id = Number((await createShipment({ voyageId, consignmentId, blNumber: 'BL-FQ-R', blQuantity: '5' })).body.id);
    await call('clerk', 'DELETE', `/api/shipments/${id}/shipment-reverse`, { reason: 'Test' });
    expect((await call('viewer', 'GET', `/api/shipments/total-quantity?voyageId=${voyageId}`)).body.count).toBe(2);
    expect((await call('viewer', 'GET', `/api/shipments/total-quantity?voyageId=${voyageId}&status=Reversed`)).body).toEqual({ totalQuantity: '5.000', count: 1 });
    const all = await call('viewer', 'GET', `/api/shipments?voyageId=${voyageId}&status=all`);
    expect(all.body.count).toBe(3);
    expect((all.body.rows as TShipment[]).find((r) => r.id === id)).toMatchObject({ status: 'Reversed', reverseReason: 'Test', onBoardQuantity: '0.000' });
  });

  it('shows a restricted user only the shipments of consignments in their scope, and refuses the others as not found', async () => {
    const list = await call('scoped', 'GET', `/api/shipments?voyageId=${voyageId}`);
    expect((list.body.rows as TShipment[]).map((r) => r.blNumber)).toEqual(['BL-FQ-B']);
    expect((await call('scoped', 'GET', '/api/shipments/total-quantity')).body).toEqual({ totalQuantity: '200.200', count: 1 });
    const [hidden] = await t.database.db.select().from(shipments).where(eq(shipments.blNumber, 'BL-FQ-A'));
    expect((await call('scoped', 'GET', `/api/shipments/${hidden?.id}`)).status).toBe(404);
    expect((await call('scoped', 'DELETE', `/api/shipments/${hidden?.id}/shipment-reverse`, { reason: 'x' })).status).toBe(404);
    const outside = await call('scoped', 'POST', '/api/shipments', { voyageId, consignmentId: await makeConsignment(t.database.db, world, { lcNumber: nextLc(), quantity: '10' }), blNumber: 'BL-OUT', blQuantity: '1' });
    expect(outside.status).toBe(400);
    const voyage = await call('scoped', 'GET', `/api/voyage/${voyageId}`);
    expect(voyage.body).toMatchObject({ shipmentCount: 1, totalBlQuantity: '200.200', onBoardQuantity: '200.200' });
  });
});

describe('access', () => {
  it('needs the Shipping flag of each action', async () => {
    expect((await call('noRights', 'GET', '/api/shipments')).status).toBe(403);
    expect((await call('viewer', 'GET', '/api/shipments')).status).toBe(200);
    expect((await call('viewer', 'POST', '/api/shipments', {})).status).toBe(403);
    expect((await call('viewer', 'PUT', '/api/shipments/1', {})).status).toBe(403);
    expect((await call('viewer', 'DELETE', '/api/shipments/1/shipment-reverse', { reason: 'x' })).status).toBe(403);
    expect((await call('viewer', 'PUT', '/api/voyage/1', {})).status).toBe(403);
    expect((await call('portLoader', 'GET', '/api/shipments')).status).toBe(403);
    expect((await call('portLoader', 'GET', '/api/voyage/vessel-voyage-number?search=ocean')).status).toBe(200);
    expect((await call('noRights', 'GET', '/api/voyage/vessel-voyage-number?search=ocean')).status).toBe(403);
  });

  it('keeps agencies apart: another agency’s shipments and voyages are not found, and its lists are its own', async () => {
    const [own] = await t.database.db.select().from(shipments).where(eq(shipments.agencyId, world.agencyId)).limit(1);
    expect((await call('foreign', 'GET', `/api/shipments/${own?.id}`)).status).toBe(404);
    expect((await call('foreign', 'GET', `/api/voyage/${own?.voyageId}`)).status).toBe(404);
    expect((await call('foreign', 'PUT', `/api/shipments/${own?.id}`, { voyageId: own?.voyageId, consignmentId: own?.consignmentId, blNumber: 'X', blQuantity: '1' })).status).toBe(404);
    expect((await call('foreign', 'DELETE', `/api/shipments/${own?.id}/shipment-reverse`, { reason: 'x' })).status).toBe(404);
    expect((await call('foreign', 'GET', '/api/shipments')).body).toEqual({ rows: [], count: 0 });
    expect((await call('foreign', 'GET', '/api/voyage/vessel-voyage-number?search=ocean')).body).toEqual({ rows: [] });
    const [stillActive] = await t.database.db.select().from(shipments).where(eq(shipments.id, own?.id ?? 0));
    expect(stillActive?.status).toBe('Active');
  });

  it('answers 404 for an unknown shipment', async () => {
    expect((await call('admin', 'GET', '/api/shipments/999999')).status).toBe(404);
    expect((await call('admin', 'DELETE', '/api/shipments/999999/shipment-reverse', { reason: 'x' })).status).toBe(404);
  });
});

describe('voyages', () => {
  it('searches by vessel name or voyage number after more than 2 characters, at most 10', async () => {
    const vesselId = await makeVessel(t.database.db, world.agencyId, 'A Many Voyages');
    for (let i = 1; i <= 12; i += 1) {
      const consignmentId = await makeConsignment(t.database.db, world, { lcNumber: nextLc('MANY'), quantity: '10' });
      await createShipment({ voyage: { vesselId, voyageNumber: `MV-${i}`, portId: world.portId }, consignmentId, blNumber: `BL-MV-${i}`, blQuantity: '1' });
    }
    const found = await call('viewer', 'GET', '/api/voyage/vessel-voyage-number?search=many%20voy');
    const rows = found.body.rows as { vesselName: string; voyageNumber: string }[];
    expect(rows).toHaveLength(10);
    expect(rows.every((r) => r.vesselName === 'A Many Voyages')).toBe(true);
    const byNumber = await call('viewer', 'GET', '/api/voyage/vessel-voyage-number?search=mv-12');
    expect((byNumber.body.rows as { voyageNumber: string }[]).map((r) => r.voyageNumber)).toEqual(['MV-12']);
    expect((await call('viewer', 'GET', '/api/voyage/vessel-voyage-number?limit=11')).status).toBe(400);

    // By id (a picker naming a value it has not searched, e.g. a list filter after a reload): that voyage only,
    // as far as the agency holds it; a spoilt id is refused.
    const twelve = (byNumber.body.rows as { id: number }[])[0]?.id;
    const named = await call('viewer', 'GET', `/api/voyage/vessel-voyage-number?id=${twelve}`);
    expect(named.body).toEqual({ rows: [{ id: twelve, vesselName: 'A Many Voyages', voyageNumber: 'MV-12' }] });
    expect((await call('portLoader', 'GET', `/api/voyage/vessel-voyage-number?id=${twelve}`)).body.rows).toHaveLength(1);
    expect((await call('noRights', 'GET', `/api/voyage/vessel-voyage-number?id=${twelve}`)).status).toBe(403);
    expect((await call('foreign', 'GET', `/api/voyage/vessel-voyage-number?id=${twelve}`)).body).toEqual({ rows: [] });
    expect((await call('viewer', 'GET', '/api/voyage/vessel-voyage-number?id=999999')).body).toEqual({ rows: [] });
    expect((await call('viewer', 'GET', '/api/voyage/vessel-voyage-number?id=abc')).status).toBe(400);

    const paged = await call('viewer', 'GET', `/api/voyage?vesselId=${vesselId}&limit=20`);
    expect(paged.body.count).toBe(12);
    const searched = await call('viewer', 'GET', '/api/voyage?search=mv-1');
    expect((searched.body.rows as { voyageNumber: string }[]).map((r) => r.voyageNumber).sort()).toEqual(['MV-1', 'MV-10', 'MV-11', 'MV-12']);
  });

  it('lists one row per voyage and consignment for a consignee, shipment managers or a cargo type', async () => {
    const consignmentId = await makeConsignment(t.database.db, world, { lcNumber: 'LC-CV-1', quantity: '100', consigneeId: otherConsigneeId });
    const second = await makeConsignment(t.database.db, world, { lcNumber: 'LC-CV-2', quantity: '100', consigneeId: otherConsigneeId });
    await createShipment({ voyage: newVoyage('CV-1'), consignmentId, blNumber: 'BL-CV-1', blQuantity: '10' });
    await createShipment({ voyage: newVoyage('CV-1'), consignmentId: second, blNumber: 'BL-CV-2', blQuantity: '10' });
    const reversedId = Number((await createShipment({ voyage: newVoyage('CV-2'), consignmentId, blNumber: 'BL-CV-3', blQuantity: '10' })).body.id);
    await call('clerk', 'DELETE', `/api/shipments/${reversedId}/shipment-reverse`, { reason: 'Test' });

    const withShipment = await call('portLoader', 'GET', `/api/voyage/consignee-voyages?consigneeId=${otherConsigneeId}&vesselVoyageSearch=cv-`);
    const rows = withShipment.body.rows as { vesselVoyage: string; voyageNumber: string; Consignment: { id: number; LC: string } }[];
    expect(rows.map((r) => [r.vesselVoyage, r.Consignment.LC]).sort()).toEqual([
      ['A Ocean Star / CV-1', 'LC-CV-1'],
      ['A Ocean Star / CV-1', 'LC-CV-2'],
    ]);
    const anyStatus = await call('portLoader', 'GET', `/api/voyage/consignee-voyages?consigneeId=${otherConsigneeId}&vesselVoyageSearch=cv-&withShipment=false`);
    expect((anyStatus.body.rows as unknown[]).length).toBe(3);
    const bySm = await call('portLoader', 'GET', `/api/voyage/consignee-voyages?smIds=${world.shipmentManagerId},999&vesselVoyageSearch=cv-&cargoId=${world.cargoTypeId}`);
    expect((bySm.body.rows as unknown[]).length).toBe(2);
    const capped = await call('portLoader', 'GET', '/api/voyage/consignee-voyages?vesselVoyageSearch=many');
    expect((capped.body.rows as unknown[]).length).toBe(10);
    expect((await call('portLoader', 'GET', '/api/voyage/consignee-voyages?limit=50')).status).toBe(400);
  });

  it('updates berth and dates with the edit flag, refusing a berth of another port and dates out of order', async () => {
    const consignmentId = await makeConsignment(t.database.db, world, { lcNumber: nextLc(), quantity: '10' });
    const id = Number((await createShipment({ voyage: newVoyage('V-UPD'), consignmentId, blNumber: 'BL-UPD', blQuantity: '4' })).body.id);
    const { voyageId } = await shipmentRow(id);
    const ok = await call('clerk', 'PUT', `/api/voyage/${voyageId}`, { berthId: world.berthId, arrivalDate: '2026-11-02', completionDate: '2026-11-03' });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ berthName: 'A Berth 1', arrivalDate: '2026-11-02', totalBlQuantity: '4.000', onBoardQuantity: '4.000', shipmentCount: 1 });
    const wrongBerth = await call('clerk', 'PUT', `/api/voyage/${voyageId}`, { berthId: world.otherBerthId, arrivalDate: '2026-11-02', completionDate: null });
    expect(wrongBerth.body.message).toBe(ShippingMessages.berthNotOfPort);
    const backwards = await call('clerk', 'PUT', `/api/voyage/${voyageId}`, { berthId: null, arrivalDate: '2026-11-05', completionDate: '2026-11-03' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.details).toMatchObject({ completionDate: ShippingMessages.completionBeforeArrival });
    // A body that forgot a key is refused, rather than clearing the berth or a date it did not name.
    const partial = await call('clerk', 'PUT', `/api/voyage/${voyageId}`, { arrivalDate: '2026-11-02' });
    expect(partial.status).toBe(400);
    expect(partial.body.details).toHaveProperty('berthId');
    const notADay = await call('clerk', 'PUT', `/api/voyage/${voyageId}`, { berthId: null, arrivalDate: '2026-02-30', completionDate: null });
    expect(notADay.body.details).toMatchObject({ arrivalDate: 'Please select a date!' });
    const [voyage] = await t.database.db.select().from(voyages).where(eq(voyages.id, voyageId));
    expect(voyage).toMatchObject({ berthId: world.berthId, arrivalDate: '2026-11-02' });
  });
});

describe.runIf(testEngine === 'postgres')('concurrency (PostgreSQL)', () => {
  it('lets concurrent shipments of one consignment take no more than its quantity', async () => {
    const consignmentId = await makeConsignment(t.database.db, world, { lcNumber: nextLc('RACE'), quantity: '100' });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => createShipment({ voyage: newVoyage(`RACE-${i}`), consignmentId, blNumber: `BL-RACE-${i}`, blQuantity: '30' })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(results.filter((r) => r.status !== 200).every((r) => r.status === 409 && r.body.message === Messages.lcBelowBl)).toBe(true);
    const rows = await t.database.db.select().from(shipments).where(and(eq(shipments.consignmentId, consignmentId), eq(shipments.status, 'Active')));
    expect(rows.reduce((sum, r) => sum + r.blQuantityKg, 0n)).toBe(90_000n);
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });
});
