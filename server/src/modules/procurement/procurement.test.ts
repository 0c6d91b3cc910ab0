import { randomBytes } from 'node:crypto';
import {
  Messages,
  ProcurementMessages,
  type TApiError,
  type TConsignment,
  type TConsignmentInput,
  type TConsignmentList,
  type TConsignmentTotal,
  type TDocument,
  type TDocumentList,
  type TLcPoList,
  type TSaleOrder,
  type TSaleOrderInput,
  type TSaleOrderList,
} from '@tonnage/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/audit.schema';
import { createSession } from '../../identity/sessions.service';
import { bearer, makeAgency, makeRole, makeUser } from '../../test/fixtures';
import { createTestApp, testEngine, type TestApp } from '../../test/harness';
import { makeCargoType, makeCompany, makePortLoading, makeShipment } from './procurement.fixtures';
import { consignments, documents, saleOrders } from './procurement.schema';

let t: TestApp;
const emitted: { agencyId: number; event: string; payload: unknown }[] = [];

/** One agency's parties. */
interface World {
  agencyId: number;
  sellerId: number;
  buyerId: number;
  managerId: number;
  otherManagerId: number;
  consigneeId: number;
  otherConsigneeId: number;
  wheatId: number;
  cornId: number;
}
let A: World;
let B: World;
const tokens = { adminA: '', clerkA: '', viewerA: '', nobodyA: '', scopedA: '', managerScopedA: '', adminB: '' };
type Who = keyof typeof tokens;
const userIds = { adminA: 0 };

async function world(prefix: string): Promise<World> {
  const db = t.database.db;
  const agencyId = (await makeAgency(db, { name: `${prefix} Agency` })).id;
  const managerId = await makeCompany(db, agencyId, 'shipmentManager', { name: `${prefix} Manager` });
  const otherManagerId = await makeCompany(db, agencyId, 'shipmentManager', { name: `${prefix} Other Manager` });
  return {
    agencyId,
    sellerId: await makeCompany(db, agencyId, 'seller', { name: `${prefix} Seller` }),
    buyerId: await makeCompany(db, agencyId, 'buyer', { name: `${prefix} Buyer` }),
    managerId,
    otherManagerId,
    consigneeId: await makeCompany(db, agencyId, 'consignee', { name: `${prefix} Consignee`, shipmentManagerId: managerId }),
    otherConsigneeId: await makeCompany(db, agencyId, 'consignee', { name: `${prefix} Other Consignee`, shipmentManagerId: otherManagerId }),
    wheatId: await makeCargoType(db, agencyId, `${prefix} Wheat`),
    cornId: await makeCargoType(db, agencyId, `${prefix} Corn`),
  };
}

async function tokenFor(userId: number): Promise<string> {
  return (await createSession(t.database.db, { userId, rememberMe: false, lifetimeSeconds: 3600, now: t.clock.now() })).token;
}

function call(who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, agencyId?: number) {
  return t.app.inject({
    method,
    url,
    headers: { ...bearer(tokens[who]), 'x-agency-id': String(agencyId ?? (who === 'adminB' ? B.agencyId : A.agencyId)) },
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
}

const unique = (prefix: string) => `${prefix}-${randomBytes(3).toString('hex')}`;

function saleOrderForm(overrides: Partial<TSaleOrderInput> = {}): TSaleOrderInput {
  return { number: unique('SO'), sellerId: A.sellerId, buyerId: A.buyerId, cargoTypeId: A.wheatId, quantity: '1000', orderDate: '2026-11-01', ...overrides };
}

async function newSaleOrder(overrides: Partial<TSaleOrderInput> = {}): Promise<TSaleOrder> {
  const response = await call('clerkA', 'POST', '/api/saleOrder', saleOrderForm(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TSaleOrder>();
}

function consignmentForm(saleOrderId: number, overrides: Partial<TConsignmentInput> = {}): TConsignmentInput {
  return { lcNumber: unique('LC'), refNumber: unique('REF'), saleOrderId, blConsigneeId: A.consigneeId, cargoTypeId: A.wheatId, quantity: '100', ...overrides };
}

async function newConsignment(saleOrderId: number, overrides: Partial<TConsignmentInput> = {}, who: Who = 'clerkA'): Promise<TConsignment> {
  const response = await call(who, 'POST', '/api/consignments', consignmentForm(saleOrderId, overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TConsignment>();
}

async function countRows(table: typeof saleOrders | typeof consignments, agencyId: number): Promise<number> {
  return (await t.database.db.select({ id: table.id }).from(table).where(eq(table.agencyId, agencyId))).length;
}

async function audits(entity: string, entityId: number) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(entityId))))
    .orderBy(auditLog.id);
}

const failure = (response: { json<T>(): T }) => response.json<TApiError>();

beforeAll(async () => {
  t = await createTestApp();
  t.context.realtime.emitToAgency = (agencyId, event, payload) => {
    emitted.push({ agencyId, event, payload });
  };
  const db = t.database.db;
  A = await world('Alpha');
  B = await world('Bravo');
  const all = ['SaleOrder', 'Consignment'].flatMap((m) => ['view', 'add', 'edit', 'reverse'].map((a) => `${a === 'view' ? 'canView' : a === 'add' ? 'canAdd' : a === 'edit' ? 'canEdit' : 'canReverse'}${m}`));
  const clerkRole = await makeRole(db, { agencyId: A.agencyId, permissions: all });
  const viewerRole = await makeRole(db, { agencyId: A.agencyId, permissions: ['canViewSaleOrder', 'canViewConsignment'] });
  const nobodyRole = await makeRole(db, { agencyId: A.agencyId, permissions: ['canViewDashboard'] });
  const adminA = await makeUser(db, { kind: 'agencyAdmin', agencyId: A.agencyId, firstName: 'Amal', lastName: 'Admin' });
  userIds.adminA = adminA.id;
  tokens.adminA = await tokenFor(adminA.id);
  tokens.clerkA = await tokenFor((await makeUser(db, { kind: 'agencyUser', agencyId: A.agencyId, roleId: clerkRole.id, firstName: 'Carla', lastName: 'Clerk' })).id);
  tokens.viewerA = await tokenFor((await makeUser(db, { kind: 'agencyUser', agencyId: A.agencyId, roleId: viewerRole.id })).id);
  tokens.nobodyA = await tokenFor((await makeUser(db, { kind: 'agencyUser', agencyId: A.agencyId, roleId: nobodyRole.id })).id);
  tokens.scopedA = await tokenFor((await makeUser(db, { kind: 'agencyUser', agencyId: A.agencyId, roleId: clerkRole.id, consigneeIds: [A.consigneeId] })).id);
  tokens.managerScopedA = await tokenFor(
    (await makeUser(db, { kind: 'agencyUser', agencyId: A.agencyId, roleId: clerkRole.id, shipmentManagerIds: [A.otherManagerId] })).id,
  );
  tokens.adminB = await tokenFor((await makeUser(db, { kind: 'agencyAdmin', agencyId: B.agencyId })).id);
});

afterAll(async () => {
  await t.close();
});

beforeEach(() => {
  emitted.length = 0;
});

describe('sale orders', () => {
  it('creates a sale order with names, MT quantities, an audit row and a dashboard event', async () => {
    const order = await newSaleOrder({ quantity: '1250.5', deliveryFrom: '2026-11-05', deliveryTo: '2026-12-05', remarks: 'First lot' });
    expect(order).toMatchObject({
      sellerName: 'Alpha Seller',
      buyerName: 'Alpha Buyer',
      cargoTypeName: 'Alpha Wheat',
      quantity: '1250.500',
      consignedQuantity: '0.000',
      remainingQuantity: '1250.500',
      orderDate: '2026-11-01',
      deliveryFrom: '2026-11-05',
      deliveryTo: '2026-12-05',
      remarks: 'First lot',
      status: 'Active',
      createdBy: 'Carla Clerk',
    });
    const [stored] = await t.database.db.select().from(saleOrders).where(eq(saleOrders.id, order.id));
    expect(stored?.quantityKg).toBe(1_250_500n);
    expect((await audits('saleOrder', order.id)).map((a) => a.action)).toEqual(['create']);
    expect(emitted).toContainEqual({ agencyId: A.agencyId, event: 'events', payload: { statsUpdated: true, type: 'vessel' } });
    const fetched = await call('viewerA', 'GET', `/api/saleOrder/${order.id}`);
    expect(fetched.json<TSaleOrder>().number).toBe(order.number);
  });

  it('refuses bad input with field messages and stores nothing', async () => {
    const before = await countRows(saleOrders, A.agencyId);
    const cases: [Partial<TSaleOrderInput>, string, string][] = [
      [{ number: '  ' }, 'number', ProcurementMessages.saleOrderNumberRequired],
      [{ quantity: '0' }, 'quantity', Messages.quantityPositive],
      [{ quantity: '-5' }, 'quantity', Messages.quantityPositive],
      [{ sellerId: A.buyerId }, 'sellerId', ProcurementMessages.sellerInvalid],
      [{ buyerId: A.sellerId }, 'buyerId', ProcurementMessages.buyerInvalid],
      [{ buyerId: B.buyerId }, 'buyerId', ProcurementMessages.buyerInvalid],
      [{ cargoTypeId: B.wheatId }, 'cargoTypeId', ProcurementMessages.cargoTypeInvalid],
      [{ deliveryFrom: '2026-12-05', deliveryTo: '2026-11-05' }, 'deliveryTo', ProcurementMessages.deliveryPeriod],
    ];
    for (const [overrides, field, message] of cases) {
      const response = await call('clerkA', 'POST', '/api/saleOrder', saleOrderForm(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(failure(response).details?.[field]).toBe(message);
    }
    expect(await countRows(saleOrders, A.agencyId)).toBe(before);
  });

  it('keeps the number unique per agency in any letter case, and lets another agency use it', async () => {
    const order = await newSaleOrder({ number: unique('dup') });
    const again = await call('clerkA', 'POST', '/api/saleOrder', saleOrderForm({ number: order.number.toUpperCase() }));
    expect(again.statusCode).toBe(409);
    expect(failure(again)).toMatchObject({ message: ProcurementMessages.saleOrderNumberTaken, details: { number: ProcurementMessages.saleOrderNumberTaken } });
    const other = await call('adminB', 'POST', '/api/saleOrder', { ...saleOrderForm({ number: order.number }), sellerId: B.sellerId, buyerId: B.buyerId, cargoTypeId: B.wheatId });
    expect(other.statusCode).toBe(201);
  });

  it('lists with search, filters, paging and the consigned and remaining quantities', async () => {
    const tag = unique('lst').toLowerCase();
    const first = await newSaleOrder({ number: `${tag}-1`, orderDate: '2026-10-01', quantity: '500' });
    await newSaleOrder({ number: `${tag}-2`, orderDate: '2026-10-15', cargoTypeId: A.cornId });
    await newSaleOrder({ number: `${tag}-3`, orderDate: '2026-10-20' });
    await newConsignment(first.id, { quantity: '120.250' });
    const list = async (query: string) => {
      const response = await call('viewerA', 'GET', `/api/saleOrder?search=${tag}&${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<TSaleOrderList>();
    };
    const all = await list('');
    expect(all.count).toBe(3);
    expect(all.rows.map((r) => r.number)).toEqual([`${tag}-3`, `${tag}-2`, `${tag}-1`]);
    expect(all.rows[2]).toMatchObject({ consignedQuantity: '120.250', remainingQuantity: '379.750' });
    expect((await list(`cargoTypeId=${A.cornId}`)).rows.map((r) => r.number)).toEqual([`${tag}-2`]);
    expect((await list('fromDate=2026-10-10&toDate=2026-10-16')).rows.map((r) => r.number)).toEqual([`${tag}-2`]);
    expect((await list(`sellerId=${A.buyerId}`)).count).toBe(0);
    const paged = await list('limit=20&page=2');
    expect(paged).toMatchObject({ count: 3, rows: [] });
    // A search of 2 characters is ignored (spec 9): it lists every order, not just these.
    const short = await call('viewerA', 'GET', '/api/saleOrder?search=zz');
    expect(short.json<TSaleOrderList>().count).toBeGreaterThan(3);
    expect((await call('viewerA', 'GET', '/api/saleOrder?limit=7')).statusCode).toBe(400);
  });

  it('refuses a quantity below its LCs and a cargo type change while consignments exist', async () => {
    const order = await newSaleOrder({ quantity: '300' });
    await newConsignment(order.id, { quantity: '200' });
    const below = await call('clerkA', 'PUT', `/api/saleOrder/${order.id}`, saleOrderForm({ number: order.number, quantity: '199.999' }));
    expect(below.statusCode).toBe(400);
    expect(failure(below)).toMatchObject({ message: Messages.saleOrderBelowLcs, details: { quantity: Messages.saleOrderBelowLcs } });
    const corn = await call('clerkA', 'PUT', `/api/saleOrder/${order.id}`, saleOrderForm({ number: order.number, cargoTypeId: A.cornId }));
    expect(failure(corn).details?.cargoTypeId).toBe(ProcurementMessages.cargoTypeLocked);
    const equal = await call('clerkA', 'PUT', `/api/saleOrder/${order.id}`, saleOrderForm({ number: order.number, quantity: '200' }));
    expect(equal.statusCode, equal.body).toBe(200);
    expect(equal.json<TSaleOrder>()).toMatchObject({ quantity: '200.000', remainingQuantity: '0.000', updatedBy: 'Carla Clerk' });
    expect((await audits('saleOrder', order.id)).map((a) => a.action)).toEqual(['create', 'update']);
  });

  it('reverses with a reason, only once no live consignment remains, and then refuses changes', async () => {
    const order = await newSaleOrder();
    const consignment = await newConsignment(order.id);
    const noReason = await call('clerkA', 'DELETE', `/api/saleOrder/${order.id}/reverse`, { reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(failure(noReason).message).toBe(Messages.reasonRequired);
    const live = await call('clerkA', 'DELETE', `/api/saleOrder/${order.id}/reverse`, { reason: 'Cancelled' });
    expect(live.statusCode).toBe(409);
    expect(failure(live).message).toBe(ProcurementMessages.saleOrderHasConsignments);
    expect((await call('clerkA', 'DELETE', `/api/consignments/${consignment.id}/consignment-reverse`, { reason: 'Wrong LC' })).statusCode).toBe(200);
    const reversed = await call('clerkA', 'DELETE', `/api/saleOrder/${order.id}/reverse`, { reason: 'Cancelled' });
    expect(reversed.statusCode, reversed.body).toBe(200);
    const [row] = await t.database.db.select().from(saleOrders).where(eq(saleOrders.id, order.id));
    expect(row).toMatchObject({ status: 'Reversed', reverseReason: 'Cancelled' });
    expect(row?.reversedBy).not.toBeNull();
    expect((await call('clerkA', 'DELETE', `/api/saleOrder/${order.id}/reverse`, { reason: 'Again' })).statusCode).toBe(409);
    const edit = await call('clerkA', 'PUT', `/api/saleOrder/${order.id}`, saleOrderForm({ number: order.number }));
    expect(edit.statusCode).toBe(409);
    // A reversed sale order takes no new consignment.
    const more = await call('clerkA', 'POST', '/api/consignments', consignmentForm(order.id));
    expect(failure(more).details?.saleOrderId).toBe(ProcurementMessages.saleOrderInvalid);
    // It stays in the list under Reversed (nothing is deleted).
    const listed = await call('viewerA', 'GET', `/api/saleOrder?search=${order.number}&status=Reversed`);
    expect(listed.json<TSaleOrderList>().rows.map((r) => r.id)).toEqual([order.id]);
    expect((await audits('saleOrder', order.id)).map((a) => a.action)).toEqual(['create', 'reverse']);
  });

  it('enforces the permissions and the agency boundary', async () => {
    const order = await newSaleOrder();
    expect((await call('viewerA', 'POST', '/api/saleOrder', saleOrderForm())).statusCode).toBe(403);
    expect((await call('viewerA', 'PUT', `/api/saleOrder/${order.id}`, saleOrderForm())).statusCode).toBe(403);
    expect((await call('viewerA', 'DELETE', `/api/saleOrder/${order.id}/reverse`, { reason: 'x' })).statusCode).toBe(403);
    expect((await call('nobodyA', 'GET', '/api/saleOrder')).statusCode).toBe(403);
    expect((await call('adminB', 'GET', `/api/saleOrder/${order.id}`)).statusCode).toBe(404);
    expect((await call('adminB', 'PUT', `/api/saleOrder/${order.id}`, { ...saleOrderForm(), sellerId: B.sellerId, buyerId: B.buyerId, cargoTypeId: B.wheatId })).statusCode).toBe(404);
    expect((await call('adminB', 'DELETE', `/api/saleOrder/${order.id}/reverse`, { reason: 'x' })).statusCode).toBe(404);
    // Naming agency A in the header does not help a user of agency B.
    expect((await call('adminB', 'GET', `/api/saleOrder/${order.id}`, undefined, A.agencyId)).statusCode).toBe(403);
    const listB = await call('adminB', 'GET', `/api/saleOrder?search=${order.number}`);
    expect(listB.json<TSaleOrderList>().count).toBe(0);
  });
});

describe('consignments', () => {
  it('needs exactly one of an LC and a PO number, and a positive quantity', async () => {
    const order = await newSaleOrder();
    const before = await countRows(consignments, A.agencyId);
    const both = await call('clerkA', 'POST', '/api/consignments', consignmentForm(order.id, { poNumber: 'PO-1' }));
    expect(both.statusCode).toBe(400);
    expect(failure(both)).toMatchObject({ message: Messages.lcOrPoOnly, details: { lcNumber: Messages.lcOrPoOnly, poNumber: Messages.lcOrPoOnly } });
    const neither = await call('clerkA', 'POST', '/api/consignments', consignmentForm(order.id, { lcNumber: '', poNumber: null }));
    expect(failure(neither)).toMatchObject({ message: Messages.lcOrPoRequired, details: { lcNumber: Messages.lcOrPoRequired, poNumber: Messages.lcOrPoRequired } });
    for (const quantity of ['0', '-1', 0]) {
      const response = await call('clerkA', 'POST', '/api/consignments', consignmentForm(order.id, { quantity }));
      expect(failure(response).details?.quantity).toBe(Messages.quantityPositive);
    }
    expect(await countRows(consignments, A.agencyId)).toBe(before);
  });

  it('creates an LC or a PO, defaulting the shipment manager to the consignee’s', async () => {
    const order = await newSaleOrder();
    const lc = await newConsignment(order.id, { quantity: '10.5' });
    expect(lc).toMatchObject({
      type: 'lc',
      LCPONumber: lc.lcNumber,
      poNumber: null,
      saleOrderNumber: order.number,
      blConsigneeName: 'Alpha Consignee',
      shipmentManagerId: A.managerId,
      shipmentManagerName: 'Alpha Manager',
      cargoTypeName: 'Alpha Wheat',
      quantity: '10.500',
      shippedQuantity: '0.000',
      remainingQuantity: '10.500',
      status: 'Active',
    });
    const po = await newConsignment(order.id, { lcNumber: null, poNumber: unique('PO'), shipmentManagerId: A.otherManagerId });
    expect(po).toMatchObject({ type: 'po', LCPONumber: po.poNumber, lcNumber: null, shipmentManagerId: A.otherManagerId });
    expect((await audits('consignment', lc.id)).map((a) => a.action)).toEqual(['create']);
    expect(emitted.filter((e) => e.agencyId === A.agencyId).length).toBeGreaterThanOrEqual(2);
  });

  it('checks the sale order, consignee, shipment manager and cargo type', async () => {
    const order = await newSaleOrder();
    const cases: [Partial<TConsignmentInput>, string, string][] = [
      [{ cargoTypeId: A.cornId }, 'cargoTypeId', ProcurementMessages.cargoTypeMismatch],
      [{ blConsigneeId: A.managerId }, 'blConsigneeId', ProcurementMessages.consigneeInvalid],
      [{ blConsigneeId: B.consigneeId }, 'blConsigneeId', ProcurementMessages.consigneeInvalid],
      [{ shipmentManagerId: A.consigneeId }, 'shipmentManagerId', ProcurementMessages.shipmentManagerInvalid],
      [{ saleOrderId: 999_999 }, 'saleOrderId', ProcurementMessages.saleOrderInvalid],
    ];
    for (const [overrides, field, message] of cases) {
      const response = await call('clerkA', 'POST', '/api/consignments', consignmentForm(order.id, overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(failure(response).details?.[field]).toBe(message);
    }
    const orderB = await call('adminB', 'POST', '/api/saleOrder', { ...saleOrderForm(), sellerId: B.sellerId, buyerId: B.buyerId, cargoTypeId: B.wheatId });
    const foreign = await call('clerkA', 'POST', '/api/consignments', consignmentForm(orderB.json<TSaleOrder>().id));
    expect(failure(foreign).details?.saleOrderId).toBe(ProcurementMessages.saleOrderInvalid);
  });

  it('never lets the LCs of a sale order exceed it, counting only live ones', async () => {
    const order = await newSaleOrder({ quantity: '100' });
    const first = await newConsignment(order.id, { quantity: '60' });
    const over = await call('clerkA', 'POST', '/api/consignments', consignmentForm(order.id, { quantity: '40.001' }));
    expect(over.statusCode).toBe(400);
    expect(failure(over)).toMatchObject({ message: Messages.saleOrderExceeded, details: { quantity: Messages.saleOrderExceeded } });
    const second = await newConsignment(order.id, { quantity: '40' });
    // Editing one counts the others, not itself.
    const same = await call('clerkA', 'PUT', `/api/consignments/${first.id}`, consignmentForm(order.id, { lcNumber: first.lcNumber, quantity: '60' }));
    expect(same.statusCode, same.body).toBe(200);
    const grow = await call('clerkA', 'PUT', `/api/consignments/${first.id}`, consignmentForm(order.id, { lcNumber: first.lcNumber, quantity: '60.5' }));
    expect(failure(grow).message).toBe(Messages.saleOrderExceeded);
    // A reversed consignment no longer counts.
    expect((await call('clerkA', 'DELETE', `/api/consignments/${second.id}/consignment-reverse`, { reason: 'Split' })).statusCode).toBe(200);
    const now = await call('clerkA', 'PUT', `/api/consignments/${first.id}`, consignmentForm(order.id, { lcNumber: first.lcNumber, quantity: '100' }));
    expect(now.statusCode, now.body).toBe(200);
    const sale = await call('viewerA', 'GET', `/api/saleOrder/${order.id}`);
    expect(sale.json<TSaleOrder>()).toMatchObject({ consignedQuantity: '100.000', remainingQuantity: '0.000' });
  });

  it('keeps LC/PO numbers unique among live consignments in any letter case', async () => {
    const order = await newSaleOrder();
    const lc = await newConsignment(order.id);
    const dupLc = await call('clerkA', 'POST', '/api/consignments', consignmentForm(order.id, { lcNumber: lc.lcNumber?.toLowerCase() ?? null }));
    expect(dupLc.statusCode).toBe(409);
    expect(failure(dupLc)).toMatchObject({ message: ProcurementMessages.lcPoTaken, details: { lcNumber: ProcurementMessages.lcPoTaken } });
    const dupPo = await call('clerkA', 'POST', '/api/consignments', consignmentForm(order.id, { lcNumber: null, poNumber: lc.lcNumber }));
    expect(failure(dupPo).details?.poNumber).toBe(ProcurementMessages.lcPoTaken);
    await call('clerkA', 'DELETE', `/api/consignments/${lc.id}/consignment-reverse`, { reason: 'Reissued' });
    await newConsignment(order.id, { lcNumber: lc.lcNumber });
  });

  it('refuses a quantity below the shipped BL quantity, and shows shipped and remaining', async () => {
    const order = await newSaleOrder();
    const lc = await newConsignment(order.id, { quantity: '500' });
    await makeShipment(t.database.db, { agencyId: A.agencyId, userId: userIds.adminA, consignmentId: lc.id, blConsigneeId: A.consigneeId, blQuantityKg: 300_250n });
    await makeShipment(t.database.db, { agencyId: A.agencyId, userId: userIds.adminA, consignmentId: lc.id, blConsigneeId: A.consigneeId, blQuantityKg: 99_000n, status: 'Reversed' });
    const got = await call('viewerA', 'GET', `/api/consignments/${lc.id}`);
    expect(got.json<TConsignment>()).toMatchObject({ shippedQuantity: '300.250', remainingQuantity: '199.750' });
    const below = await call('clerkA', 'PUT', `/api/consignments/${lc.id}`, consignmentForm(order.id, { lcNumber: lc.lcNumber, quantity: '300.249' }));
    expect(below.statusCode).toBe(400);
    expect(failure(below)).toMatchObject({ message: Messages.lcBelowBl, details: { quantity: Messages.lcBelowBl } });
    const equal = await call('clerkA', 'PUT', `/api/consignments/${lc.id}`, consignmentForm(order.id, { lcNumber: lc.lcNumber, quantity: '300.250', refNumber: 'R-NEW' }));
    expect(equal.statusCode, equal.body).toBe(200);
    expect(equal.json<TConsignment>()).toMatchObject({ refNumber: 'R-NEW', remainingQuantity: '0.000', updatedBy: 'Carla Clerk' });
    expect((await audits('consignment', lc.id)).map((a) => a.action)).toEqual(['create', 'update']);
  });

  it('refuses the reversal while a port loading or a shipment exists', async () => {
    const order = await newSaleOrder();
    const lc = await newConsignment(order.id);
    const shipment = await makeShipment(t.database.db, { agencyId: A.agencyId, userId: userIds.adminA, consignmentId: lc.id, blConsigneeId: A.consigneeId, blQuantityKg: 5_000n });
    const loadingId = await makePortLoading(t.database.db, { agencyId: A.agencyId, userId: userIds.adminA, consignmentId: lc.id, ownerCompanyId: A.consigneeId, shipment });
    const withLoading = await call('clerkA', 'DELETE', `/api/consignments/${lc.id}/consignment-reverse`, { reason: 'Cancelled' });
    expect(withLoading.statusCode).toBe(409);
    expect(failure(withLoading).message).toBe(Messages.consignmentHasPortLoading);
    // A reversed port loading no longer blocks it; the live shipment still does.
    const { portLoadings } = await import('../port-loading/port-loading.schema');
    await t.database.db.update(portLoadings).set({ status: 'Reversed' }).where(eq(portLoadings.id, loadingId));
    const withShipment = await call('clerkA', 'DELETE', `/api/consignments/${lc.id}/consignment-reverse`, { reason: 'Cancelled' });
    expect(withShipment.statusCode).toBe(409);
    expect(failure(withShipment).message).toBe(ProcurementMessages.consignmentHasShipments);
    const [row] = await t.database.db.select().from(consignments).where(eq(consignments.id, lc.id));
    expect(row?.status).toBe('Active');
    const noReason = await call('clerkA', 'DELETE', `/api/consignments/${lc.id}/consignment-reverse`, {});
    expect(failure(noReason).message).toBe(Messages.reasonRequired);
  });

  it('reverses: kept with who, when and why, audited, and no longer editable', async () => {
    const order = await newSaleOrder();
    const lc = await newConsignment(order.id);
    const reversed = await call('clerkA', 'DELETE', `/api/consignments/${lc.id}/consignment-reverse`, { reason: 'Duplicate entry' });
    expect(reversed.json()).toEqual({ message: ProcurementMessages.consignmentReversed });
    const got = await call('viewerA', 'GET', `/api/consignments/${lc.id}`);
    expect(got.json<TConsignment>()).toMatchObject({ status: 'Reversed', reverseReason: 'Duplicate entry', reversedBy: 'Carla Clerk' });
    expect((await call('clerkA', 'PUT', `/api/consignments/${lc.id}`, consignmentForm(order.id))).statusCode).toBe(409);
    expect((await call('clerkA', 'DELETE', `/api/consignments/${lc.id}/consignment-reverse`, { reason: 'x' })).statusCode).toBe(409);
    expect((await audits('consignment', lc.id)).map((a) => a.action)).toEqual(['create', 'reverse']);
  });

  it('lists with search and filters, and totals the same selection', async () => {
    const order = await newSaleOrder({ quantity: '5000' });
    const tag = unique('flt').toUpperCase();
    await newConsignment(order.id, { lcNumber: `${tag}-L1`, quantity: '100.100' });
    await newConsignment(order.id, { lcNumber: null, poNumber: `${tag}-P1`, quantity: '200.200', blConsigneeId: A.otherConsigneeId });
    await newConsignment(order.id, { lcNumber: `${tag}-L2`, quantity: '300.300', refNumber: `${tag}-REF` });
    const list = async (query: string) => (await call('viewerA', 'GET', `/api/consignments?${query}`)).json<TConsignmentList>();
    const total = async (query: string) => (await call('viewerA', 'GET', `/api/consignments/total-quantity?${query}`)).json<TConsignmentTotal>();
    expect((await list(`saleOrderId=${order.id}`)).count).toBe(3);
    expect(await total(`saleOrderId=${order.id}`)).toEqual({ totalQuantity: '600.600', count: 3 });
    expect((await list(`saleOrderId=${order.id}&type=po`)).rows.map((r) => r.LCPONumber)).toEqual([`${tag}-P1`]);
    expect(await total(`saleOrderId=${order.id}&type=lc`)).toEqual({ totalQuantity: '400.400', count: 2 });
    expect((await list(`search=${tag.toLowerCase()}-ref`)).rows.map((r) => r.LCPONumber)).toEqual([`${tag}-L2`]);
    expect((await list(`saleOrderId=${order.id}&blConsigneeId=${A.otherConsigneeId}`)).rows.map((r) => r.blConsigneeName)).toEqual(['Alpha Other Consignee']);
    expect((await list(`saleOrderId=${order.id}&shipmentManagerId=${A.managerId}`)).count).toBe(2);
    expect((await list(`saleOrderId=${order.id}&cargoTypeId=${A.cornId}`)).count).toBe(0);
    const firstPage = await list(`saleOrderId=${order.id}&limit=20&page=1`);
    expect(firstPage.rows[0]?.LCPONumber).toBe(`${tag}-L2`);
  });

  it('answers the LC/PO picker: more than 2 characters, at most 10, by type or by ids', async () => {
    const order = await newSaleOrder({ quantity: '5000' });
    const tag = unique('pk').toUpperCase();
    const made: TConsignment[] = [];
    for (let i = 0; i < 11; i += 1) made.push(await newConsignment(order.id, { lcNumber: `${tag}-${i}`, quantity: '1' }));
    const po = await newConsignment(order.id, { lcNumber: null, poNumber: `${tag}-PO`, quantity: '1' });
    const pick = async (query: string) => (await call('viewerA', 'GET', `/api/consignments/lcPos?${query}`)).json<TLcPoList>();
    expect(await pick('search=PK')).toEqual({ lcPoNumbers: [] });
    expect(await pick('')).toEqual({ lcPoNumbers: [] });
    expect((await pick(`search=${tag}`)).lcPoNumbers).toHaveLength(10);
    expect((await pick(`search=${tag}&type=po`)).lcPoNumbers).toEqual([{ id: po.id, LC: { LCPONumber: `${tag}-PO` }, RefLC: { refNumber: po.refNumber } }]);
    const byIds = await pick(`consignmentIdList=${made[0]?.id},${po.id}`);
    expect(byIds.lcPoNumbers.map((o) => o.id).sort((a, b) => a - b)).toEqual([made[0]?.id, po.id].sort((a, b) => (a ?? 0) - (b ?? 0)));
    expect((await call('viewerA', 'GET', '/api/consignments/lcPos?consignmentIdList=1,x')).statusCode).toBe(400);
  });

  it('keeps a scoped user to their consignees and shipment managers', async () => {
    const order = await newSaleOrder({ quantity: '1000' });
    const mine = await newConsignment(order.id, { quantity: '10' });
    const theirs = await newConsignment(order.id, { quantity: '20', blConsigneeId: A.otherConsigneeId });
    const listed = (await call('scopedA', 'GET', `/api/consignments?saleOrderId=${order.id}`)).json<TConsignmentList>();
    expect(listed.rows.map((r) => r.id)).toEqual([mine.id]);
    expect((await call('scopedA', 'GET', `/api/consignments/total-quantity?saleOrderId=${order.id}`)).json<TConsignmentTotal>()).toEqual({ totalQuantity: '10.000', count: 1 });
    expect((await call('scopedA', 'GET', `/api/consignments/${theirs.id}`)).statusCode).toBe(404);
    expect((await call('scopedA', 'PUT', `/api/consignments/${theirs.id}`, consignmentForm(order.id))).statusCode).toBe(404);
    expect((await call('scopedA', 'DELETE', `/api/consignments/${theirs.id}/consignment-reverse`, { reason: 'x' })).statusCode).toBe(404);
    expect((await call('scopedA', 'GET', `/api/consignments/${theirs.id}/documents`)).statusCode).toBe(404);
    const picked = (await call('scopedA', 'GET', `/api/consignments/lcPos?consignmentIdList=${mine.id},${theirs.id}`)).json<TLcPoList>();
    expect(picked.lcPoNumbers.map((o) => o.id)).toEqual([mine.id]);
    const outside = await call('scopedA', 'POST', '/api/consignments', consignmentForm(order.id, { blConsigneeId: A.otherConsigneeId }));
    expect(failure(outside).details?.blConsigneeId).toBe(ProcurementMessages.consigneeOutOfScope);
    // A user assigned a shipment manager sees that manager's consignments only, and may use only it.
    const managed = (await call('managerScopedA', 'GET', `/api/consignments?saleOrderId=${order.id}`)).json<TConsignmentList>();
    expect(managed.rows.map((r) => r.id)).toEqual([theirs.id]);
    const wrongManager = await call('managerScopedA', 'POST', '/api/consignments', consignmentForm(order.id));
    expect(failure(wrongManager).details?.shipmentManagerId).toBe(ProcurementMessages.shipmentManagerOutOfScope);
    await newConsignment(order.id, { blConsigneeId: A.otherConsigneeId, quantity: '1' }, 'managerScopedA');
  });

  it('shows a scoped user only the sale orders holding a consignment in their scope, or created by them', async () => {
    const mine = await newSaleOrder();
    await newConsignment(mine.id, { quantity: '10' });
    const theirs = await newSaleOrder();
    await newConsignment(theirs.id, { quantity: '10', blConsigneeId: A.otherConsigneeId });
    const empty = await newSaleOrder();
    const listed = async (who: Who) => (await call(who, 'GET', '/api/saleOrder?limit=100&status=all')).json<TSaleOrderList>().rows.map((r) => r.id);
    const scoped = await listed('scopedA');
    expect(scoped).toContain(mine.id);
    expect(scoped).not.toContain(theirs.id);
    expect(scoped).not.toContain(empty.id);
    const managed = await listed('managerScopedA');
    expect(managed).toContain(theirs.id);
    expect(managed).not.toContain(mine.id);
    expect(await listed('clerkA')).toEqual(expect.arrayContaining([mine.id, theirs.id, empty.id]));
    const { count } = (await call('scopedA', 'GET', '/api/saleOrder?limit=100&status=all')).json<TSaleOrderList>();
    expect(count).toBe(scoped.length);

    expect((await call('scopedA', 'GET', `/api/saleOrder/${mine.id}`)).statusCode).toBe(200);
    for (const order of [theirs, empty]) {
      expect((await call('scopedA', 'GET', `/api/saleOrder/${order.id}`)).statusCode).toBe(404);
      expect((await call('scopedA', 'GET', `/api/saleOrder/${order.id}/documents`)).statusCode).toBe(404);
      expect((await call('scopedA', 'PUT', `/api/saleOrder/${order.id}`, saleOrderForm({ number: order.number, quantity: '5000' }))).statusCode).toBe(404);
    }
    expect((await call('scopedA', 'DELETE', `/api/saleOrder/${empty.id}/reverse`, { reason: 'Not mine' })).statusCode).toBe(404);
    const [unchanged] = await t.database.db.select().from(saleOrders).where(eq(saleOrders.id, empty.id));
    expect(unchanged).toMatchObject({ status: 'Active', quantityKg: 1_000_000n });

    // A scoped user's own new sale order stays theirs to see, so its first consignment can be added.
    const created = await call('scopedA', 'POST', '/api/saleOrder', saleOrderForm());
    expect(created.statusCode).toBe(201);
    const own = created.json<TSaleOrder>();
    expect((await call('scopedA', 'GET', `/api/saleOrder/${own.id}`)).statusCode).toBe(200);
    expect((await call('managerScopedA', 'GET', `/api/saleOrder/${own.id}`)).statusCode).toBe(404);
  });

  it('enforces the permissions and the agency boundary', async () => {
    const order = await newSaleOrder();
    const lc = await newConsignment(order.id);
    expect((await call('viewerA', 'POST', '/api/consignments', consignmentForm(order.id))).statusCode).toBe(403);
    expect((await call('viewerA', 'PUT', `/api/consignments/${lc.id}`, consignmentForm(order.id))).statusCode).toBe(403);
    expect((await call('viewerA', 'DELETE', `/api/consignments/${lc.id}/consignment-reverse`, { reason: 'x' })).statusCode).toBe(403);
    for (const url of ['/api/consignments', '/api/consignments/total-quantity', '/api/consignments/lcPos?search=abc', `/api/consignments/${lc.id}`]) {
      expect((await call('nobodyA', 'GET', url)).statusCode, url).toBe(403);
    }
    expect((await call('adminB', 'GET', `/api/consignments/${lc.id}`)).statusCode).toBe(404);
    expect((await call('adminB', 'PUT', `/api/consignments/${lc.id}`, consignmentForm(order.id))).statusCode).toBe(404);
    expect((await call('adminB', 'DELETE', `/api/consignments/${lc.id}/consignment-reverse`, { reason: 'x' })).statusCode).toBe(404);
    // The shipping screen's picker reads it with the shipping view flag alone.
    const shippingRole = await makeRole(t.database.db, { agencyId: A.agencyId, permissions: ['canViewShipping'] });
    const shipper = await makeUser(t.database.db, { kind: 'agencyUser', agencyId: A.agencyId, roleId: shippingRole.id });
    const shipperToken = await tokenFor(shipper.id);
    const picked = await t.app.inject({ method: 'GET', url: `/api/consignments/lcPos?consignmentIdList=${lc.id}`, headers: { ...bearer(shipperToken), 'x-agency-id': String(A.agencyId) } });
    expect(picked.json<TLcPoList>().lcPoNumbers.map((o) => o.id)).toEqual([lc.id]);
    const listedByShipper = await t.app.inject({ method: 'GET', url: '/api/consignments', headers: { ...bearer(shipperToken), 'x-agency-id': String(A.agencyId) } });
    expect(listedByShipper.statusCode).toBe(403);
    const lcB = (await call('adminB', 'GET', `/api/consignments/lcPos?consignmentIdList=${lc.id}`)).json<TLcPoList>();
    expect(lcB.lcPoNumbers).toEqual([]);
  });

  it.runIf(testEngine === 'postgres')('never lets parallel consignments exceed their sale order', async () => {
    const order = await newSaleOrder({ quantity: '100' });
    const attempts = await Promise.all(
      Array.from({ length: 12 }, () => call('clerkA', 'POST', '/api/consignments', consignmentForm(order.id, { quantity: '30' }))),
    );
    const accepted = attempts.filter((r) => r.statusCode === 201);
    const refused = attempts.filter((r) => r.statusCode !== 201);
    expect(accepted).toHaveLength(3);
    for (const r of refused) expect(failure(r).message).toBe(Messages.saleOrderExceeded);
    const sale = (await call('viewerA', 'GET', `/api/saleOrder/${order.id}`)).json<TSaleOrder>();
    expect(sale.consignedQuantity).toBe('90.000');
    // Shrinking the sale order while consignments are added also waits for the lock.
    const results = await Promise.all([
      call('clerkA', 'POST', '/api/consignments', consignmentForm(order.id, { quantity: '10' })),
      call('clerkA', 'PUT', `/api/saleOrder/${order.id}`, saleOrderForm({ number: order.number, quantity: '90' })),
    ]);
    const after = (await call('viewerA', 'GET', `/api/saleOrder/${order.id}`)).json<TSaleOrder>();
    expect(BigInt(after.remainingQuantity.replace('.', ''))).toBeGreaterThanOrEqual(0n);
    expect(results.some((r) => r.statusCode !== 200 && r.statusCode !== 201)).toBe(true);
  });
});

describe('documents', () => {
  function multipart(fileName: string, bytes: Buffer) {
    const boundary = `----tonnage${randomBytes(8).toString('hex')}`;
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/pdf\r\n\r\n`;
    return { payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
  }

  async function upload(who: Who, directory = 'documents'): Promise<string> {
    const body = multipart('Invoice 7.pdf', Buffer.from(`%PDF-1.4 ${randomBytes(8).toString('hex')}`));
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/uploads/file?directory=${directory}`,
      headers: { ...bearer(tokens[who]), 'x-agency-id': String(who === 'adminB' ? B.agencyId : A.agencyId), 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ path: string }>().path;
  }

  it('attaches, lists, refuses foreign or repeated files, and deletes with a reason keeping the file', async () => {
    const order = await newSaleOrder();
    const path = await upload('clerkA');
    const attached = await call('clerkA', 'POST', `/api/saleOrder/${order.id}/documents`, { path, title: 'Invoice' });
    expect(attached.statusCode, attached.body).toBe(201);
    const document = attached.json<TDocument>();
    expect(document).toMatchObject({ title: 'Invoice', fileName: 'Invoice 7.pdf', mimeType: 'application/pdf', uploadedBy: 'Carla Clerk' });
    expect(document.url).toContain('/api/files/documents/');
    const untitled = await call('clerkA', 'POST', `/api/saleOrder/${order.id}/documents`, { path: await upload('clerkA') });
    expect(untitled.json<TDocument>().title).toBe('Invoice 7.pdf');

    const list = await call('viewerA', 'GET', `/api/saleOrder/${order.id}/documents/`);
    expect(list.json<TDocumentList>().rows.map((d) => d.id)).toEqual([untitled.json<TDocument>().id, document.id].sort((a, b) => b - a));

    const again = await call('clerkA', 'POST', `/api/saleOrder/${order.id}/documents`, { path });
    expect(again.statusCode).toBe(409);
    expect(failure(again).message).toBe(ProcurementMessages.documentAlreadyAttached);
    const foreign = await call('clerkA', 'POST', `/api/saleOrder/${order.id}/documents`, { path: await upload('adminB') });
    expect(failure(foreign)).toMatchObject({ message: ProcurementMessages.documentFileUnknown, details: { path: ProcurementMessages.documentFileUnknown } });
    const unknown = await call('clerkA', 'POST', `/api/saleOrder/${order.id}/documents`, { path: 'documents/2026/11/none.pdf' });
    expect(unknown.statusCode).toBe(400);
    const missing = await call('clerkA', 'POST', `/api/saleOrder/${order.id}/documents`, { path: '' });
    expect(failure(missing).message).toBe(Messages.uploadRequired);

    const noReason = await call('clerkA', 'DELETE', `/api/saleOrder/${order.id}/documents/${document.id}`, { reason: '' });
    expect(failure(noReason).message).toBe(Messages.reasonRequired);
    const deleted = await call('clerkA', 'DELETE', `/api/saleOrder/${order.id}/documents/${document.id}`, { reason: 'Wrong file' });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const [row] = await t.database.db.select().from(documents).where(eq(documents.id, document.id));
    expect(row).toMatchObject({ deleteReason: 'Wrong file' });
    expect(row?.deletedAt).not.toBeNull();
    expect((await call('viewerA', 'GET', `/api/saleOrder/${order.id}/documents`)).json<TDocumentList>().count).toBe(1);
    expect((await call('clerkA', 'DELETE', `/api/saleOrder/${order.id}/documents/${document.id}`, { reason: 'Again' })).statusCode).toBe(404);
    // The file stays and is still served (by the session cookie or the bearer token).
    const file = await t.app.inject({ method: 'GET', url: new URL(document.url, 'http://x').pathname, headers: bearer(tokens.viewerA) });
    expect(file.statusCode).toBe(200);
    expect((await audits('document', document.id)).map((a) => a.action)).toEqual(['create', 'delete']);
  });

  it('works for consignments within the scope and refuses other agencies and missing permissions', async () => {
    const order = await newSaleOrder();
    const lc = await newConsignment(order.id);
    const path = await upload('clerkA');
    expect((await call('viewerA', 'POST', `/api/consignments/${lc.id}/documents`, { path })).statusCode).toBe(403);
    const attached = await call('scopedA', 'POST', `/api/consignments/${lc.id}/documents`, { path });
    expect(attached.statusCode, attached.body).toBe(201);
    const docId = attached.json<TDocument>().id;
    expect((await call('viewerA', 'GET', `/api/consignments/${lc.id}/documents`)).json<TDocumentList>().count).toBe(1);
    // The document belongs to the consignment, not to a sale order that happens to have the same id.
    expect((await call('clerkA', 'DELETE', `/api/saleOrder/${lc.id}/documents/${docId}`, { reason: 'x' })).statusCode).toBe(404);
    expect((await call('adminB', 'GET', `/api/consignments/${lc.id}/documents`)).statusCode).toBe(404);
    expect((await call('adminB', 'DELETE', `/api/consignments/${lc.id}/documents/${docId}`, { reason: 'x' })).statusCode).toBe(404);
    expect((await call('viewerA', 'DELETE', `/api/consignments/${lc.id}/documents/${docId}`, { reason: 'x' })).statusCode).toBe(403);
    expect((await call('managerScopedA', 'GET', `/api/consignments/${lc.id}/documents`)).statusCode).toBe(404);
    // A reversed consignment takes no new document.
    await call('clerkA', 'DELETE', `/api/consignments/${lc.id}/consignment-reverse`, { reason: 'Cancelled' });
    const late = await call('clerkA', 'POST', `/api/consignments/${lc.id}/documents`, { path: await upload('clerkA') });
    expect(late.statusCode).toBe(409);
  });
});
