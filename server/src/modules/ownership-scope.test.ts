import { randomBytes } from 'node:crypto';
import { WarehouseTransferMessages, permissionFlag, transactionRegistry, type PermissionAction, type TLoanBalance, type TLoanMovements } from '@tonnage/contracts';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Position } from '../ledger/accounts';
import { findLedgerDifferences } from '../ledger/ledger.check';
import { inAgency } from '../platform/db/tenancy';
import { bearer, loginAs, makeAgency, makeRole, makeUser } from '../test/fixtures';
import { createTestApp, testEngine, type TestApp } from '../test/harness';
import { putOnHand } from '../test/stock-fixtures';
import { saveApprovalRule } from './approvals/approval-rules.service';
import { addResource, makeCargoWorld, makeShipment, type CargoWorld, type Writer } from './port-loading/port-loading.fixtures';
import { consignments } from './procurement/procurement.schema';

/*
 * The data scope of the issue-14 flows (ownership and consignee transfer, silo transfer, swap cargo, handling loss
 * and excess, loans and loan returns with the loan balance, the sale, warehouse transfer), swept over the routes the
 * app registers (spec 6). The flows come from the registry: every declared transaction that
 * receiving-dispatch-scope.test.ts does not sweep and that is not excluded below (each exclusion with its reason), so
 * a new flow is swept without editing a list; a route belongs to a flow when it lies under the flow's api or asks a
 * permission of the flow's module (so the loan balance, its drill-down and export, and the approvals inbox are swept
 * too). Users: a consignee user scoped to consignee A and its places (warehouse X, depot Z, A's site, the customer's
 * site), and the company admin of A's shipment manager. Consignee B (under another shipment manager) has a record of
 * every flow at X (the user's own place), at Y and at its own site or at A's site; A has records at Y, which only
 * the shipment manager's admin sees. Foreign records carry the marker FRGN (owner names, their places, remarks), A's
 * records at Y the marker ELSEWHERE and the warehouse name Second yard, so a response that leaks one is caught
 * whatever its shape (JSON, the Excel exports read cell by cell). A record id of a foreign row answers 404 on every
 * GET and write route on its id, and the write changed nothing.
 */

/** The flows receiving-dispatch-scope.test.ts sweeps (its FLOW_KEYS). */
const SWEPT_ELSEWHERE = ['warehousePreIn', 'warehouseIn', 'consigneeIn', 'customerIn', 'warehousePreOut', 'warehouseOut', 'warehouseLoadingSlip'];

/**
 * Flows built before issue 14, not swept here: each has its own scope tests, and their records (a vessel's cargo
 * before it reaches a warehouse, weighings, pictures) need a world of their own. Any other declared flow is swept.
 */
const EXCLUDED: Record<string, string> = {
  saleOrder: 'procurement, before the cargo has a place: scoped by consignee in transaction-lists.test.ts and procurement.test.ts',
  consignment: 'procurement, scoped by consignee and shipment manager in transaction-lists.test.ts and procurement.test.ts',
  shipment: 'a BL on a voyage, scoped in transaction-lists.test.ts and shipping.test.ts',
  voyageApproval: 'vessel approval of a voyage, scoped in vessel-approval.test.ts',
  quantityApproval: 'out-turn approval of a consignment, scoped in vessel-approval.test.ts and approvals-inbox.test.ts',
  portLoading: 'cargo loaded at the port, scoped in transaction-lists.test.ts and port-loading.test.ts',
  loadingSlip: 'a port loading slip, scoped in transaction-lists.test.ts and port-loading.test.ts',
  outboundFirstWeight: 'a truck’s weighing at a bridge, no owner of cargo: outbound-weighing.test.ts',
  outboundSecondWeight: 'a truck’s weighing at a bridge, no owner of cargo: outbound-weighing.test.ts',
  captureImage: 'a camera picture of a weighing, no owner of cargo: cameras.test.ts',
  warehouseOutGroup: 'a grouped Warehouse Out (issue 13), scoped in grouped-out tests',
  consigneeOut: 'dispatch from a consignee location (issue 13), scoped in consignee-dispatch.test.ts',
  consigneeLoadingSlip: 'the printed slip of a Consignee Out (issue 13), scoped in consignee-dispatch.test.ts',
};

const flows = transactionRegistry.filter((declaration) => !SWEPT_ELSEWHERE.includes(declaration.key) && !(declaration.key in EXCLUDED));
const ACTIONS: PermissionAction[] = ['view', 'add', 'edit', 'reverse', 'export', 'correct'];
const flagsOf = (module: string) => ACTIONS.map((action) => permissionFlag(module, action));
const under = (url: string, api: string) => url === `/api${api}` || url.startsWith(`/api${api}/`);
/** The flow a route belongs to: under its api, else asking one of its module's permissions. */
function flowOf(route: { url: string; access: { kind: string; permission?: string } }) {
  const byPath = flows.find((declaration) => under(route.url, declaration.api));
  if (byPath) return byPath.key;
  const asked = route.access.kind === 'permission' ? (route.access.permission ?? '').split(',') : [];
  return flows.find((declaration) => flagsOf(declaration.permissionModule).some((flag) => asked.includes(flag)))?.key;
}
const sweptRoutes = () => t.app.routeAccess.filter((route) => flowOf(route as { url: string; access: { kind: string; permission?: string } }) !== undefined);
const keyOf = (route: { url: string; access: unknown }) => flowOf(route as { url: string; access: { kind: string; permission?: string } });

let t: TestApp;
let writer: Writer;
let world: CargoWorld;
let admin: Record<string, string>;
let consigneeUser: Record<string, string>;
let smAdmin: Record<string, string>;
let consigneeUserId: number;
let smAdminId: number;
let agencyId: number;

/** Places: the user's warehouse X (with a silo), depot Z and A's site; warehouse Y (with a silo), B's site. */
let X: number;
let Y: number;
let Z: number;
let siloX: number;
let siloY: number;
let siteA: number;
let siteB: number;
/** Owners: A and its sister under A's shipment manager; B and its sister under another. */
let A: number;
let sisterA: number;
let smA: number;
let B: number;
let sisterB: number;
let smB: number;
let shipA: { voyageId: number; consignmentId: number };
let shipB: { voyageId: number; consignmentId: number };
let driver: number;
let wbt = 0;

/** Record ids per flow key: A's at the user's places; B's (anywhere); A's at Y. */
const mine: Record<string, number> = {};
const foreign: Record<string, number[]> = {};
const elsewhere: Record<string, number[]> = {};
/** A document on a foreign and on an own handling loss (the documents routes' `:docId`). */
const docs = { mine: 0, foreign: 0 };

const remember = (bag: Record<string, number[]>, key: string, id: number) => {
  bag[key] = [...(bag[key] ?? []), id];
};

async function call<T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, h: Record<string, string> = admin) {
  const response = await t.app.inject({ method, url, headers: h, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const json = (response.headers['content-type'] ?? '').includes('json');
  return { status: response.statusCode, body: (json ? response.json() : undefined) as T & { message: string; details?: Record<string, string> }, raw: response };
}

/** Creates a record through its route as the agency admin; its id. */
async function createAsAdmin(url: string, payload: Record<string, unknown>): Promise<number> {
  const created = await call<{ record: { id: number } }>('POST', url, payload);
  expect(created.status, `POST ${url}: ${JSON.stringify(created.body)}`).toBe(200);
  return created.body.record.id;
}

const pos = (locationId: number, siloId: number | null, ownerCompanyId: number, ship = shipA): Position => ({
  locationId,
  siloId,
  ownerCompanyId,
  consignmentId: ship.consignmentId,
  cargoTypeId: world.cargoTypeId,
  voyageId: ship.voyageId,
  attachedVoyageId: ship.voyageId,
});
const stock = (p: Position) => ({ siloId: p.siloId, ownerCompanyId: p.ownerCompanyId, consignmentId: p.consignmentId, cargoTypeId: p.cargoTypeId, voyageId: p.voyageId, attachedVoyageId: p.attachedVoyageId });
const side = (prefix: 'a' | 'b', p: Position) => Object.fromEntries(Object.entries({ locationId: p.locationId, ...stock(p) }).map(([k, v]) => [`${prefix}${k[0]?.toUpperCase()}${k.slice(1)}`, v]));
const remarks = (p: Position) => (p.ownerCompanyId === B || p.ownerCompanyId === sisterB ? 'FRGN remark' : p.locationId === Y ? 'ELSEWHERE remark' : 'MINE remark');

async function truckTrip(): Promise<{ truckId: number; driverId: number; wbtNumber: string }> {
  wbt += 1;
  return { truckId: await world.truck(`TRK${wbt}`), driverId: driver, wbtNumber: `OWN-${wbt}` };
}

type Poster = (url: string, payload: Record<string, unknown>) => Promise<number>;

/**
 * One record of every swept flow at `p` (A's or B's; and at the consignee location `siteP`), each id handed to `into`
 * by flow key. `post` creates them (the agency admin); the command sweep passes a poster that expects a refusal.
 */
async function seedFlows(p: Position, siteP: number | null, into: (key: string, id: number) => void, create: Poster = createAsAdmin) {
  const owner = p.ownerCompanyId;
  const sister = owner === A ? sisterA : sisterB;
  const silo = p.locationId === X ? siloX : siloY;
  const whs = { warehouseId: p.locationId, ...stock(p) };
  into('ownershipTransfer', await create('/api/ownershipTransfer', { locationId: p.locationId, ...stock(p), toOwnerCompanyId: sister, quantity: '1', remarks: remarks(p) }));
  into('siloTransfer', await create('/api/siloTransfer', { ...whs, quantity: '1', storage: 'silo', silos: [{ siloId: silo, quantity: '1' }], remarks: remarks(p) }));
  into('swapCargo', await create('/api/swapCargo', { ...side('a', p), ...side('b', { ...pos(p.locationId, silo, sister, owner === A ? shipA : shipB) }), quantity: '1', remarks: remarks(p) }));
  into('handlingLoss', await create('/api/handlingLoss', { ...whs, quantity: '1', reason: remarks(p) }));
  into('handlingExcess', await create('/api/handlingExcess', { ...whs, quantity: '1', reason: remarks(p) }));
  into('warehouseConsigneeToCustomer', await create('/api/warehouseConsigneeToCustomer', { ...whs, customerId: world.customerId, quantity: '1', remarks: remarks(p) }));
  const delivered = { ...whs, customerId: world.customerId, quantity: '1', remarks: remarks(p), movement: { toLocationId: world.customerLocationId, ...(await truckTrip()) } };
  into('warehouseConsigneeToCustomer', await create('/api/warehouseConsigneeToCustomer', delivered));
  const toWarehouse = p.locationId === X && owner === B ? Y : Z;
  into('warehouseTransfer', await create('/api/warehouseTransfer', { fromWarehouseId: p.locationId, ...stock(p), toWarehouseId: toWarehouse, quantity: '1', ...(await truckTrip()) }));
  const loan = await create('/api/warehouseConsigneeToSm', { ...whs, quantity: '5', remarks: remarks(p) });
  into('warehouseConsigneeToSm', loan);
  into('warehouseSmToConsignee', await create('/api/warehouseSmToConsignee', { loanId: loan, quantity: '1', remarks: remarks(p) }));
  // At a consignee location: B's at its own site and at A's site; A's at its site.
  if (siteP !== null) {
    const atSite = { locationId: siteP, ...stock({ ...p, siloId: null }) };
    const siteLoan = await create('/api/consigneeToSm', { ...atSite, quantity: '5', remarks: remarks(p) });
    into('consigneeToSm', siteLoan);
    into('warehouseSmToConsignee', await create('/api/warehouseSmToConsignee', { loanId: siteLoan, quantity: '1', remarks: remarks(p) }));
    into('consigneeTransfer', await create('/api/consigneeTransfer', { ...atSite, toOwnerCompanyId: sister, quantity: '1', remarks: remarks(p) }));
  }
}

/** The text of a response: JSON as sent, an Excel sheet as its cells joined. */
async function textOf(response: { headers: Record<string, string | string[] | number | undefined>; body: string; rawPayload: Buffer }): Promise<string> {
  const type = response.headers['content-type'];
  if (typeof type !== 'string' || !type.includes('spreadsheet')) return response.body;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const cells: string[] = [];
  workbook.eachSheet((sheet) => sheet.eachRow((row) => cells.push(JSON.stringify(row.values))));
  return cells.join('\n');
}

function multipart(fileName: string, bytes: Buffer) {
  const boundary = `----tonnage${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/pdf\r\n\r\n`;
  return { payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function attachDocument(recordId: number): Promise<number> {
  const file = multipart('Survey.pdf', Buffer.from(`%PDF-1.4 ${randomBytes(8).toString('hex')}`));
  const uploaded = await t.app.inject({ method: 'POST', url: '/api/uploads/file?directory=documents', headers: { ...admin, 'content-type': file.contentType }, payload: file.payload });
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  const attached = await call<{ id: number }>('POST', `/api/handlingLoss/${recordId}/documents`, { path: uploaded.json<{ path: string }>().path, title: 'Survey report' });
  expect(attached.status, JSON.stringify(attached.body)).toBe(201);
  const listed = await call<{ rows: { id: number }[] }>('GET', `/api/handlingLoss/${recordId}/documents`);
  const doc = listed.body.rows[0];
  if (!doc) throw new Error('no document');
  return doc.id;
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const agency = await makeAgency(db, { name: 'Ownership scope agency', timezone: 'Asia/Riyadh' });
  agencyId = agency.id;
  const adminUser = await makeUser(db, { kind: 'agencyAdmin', agencyId });
  writer = { agencyId, userId: adminUser.id, now: new Date('2026-11-21T08:00:00Z'), config: t.config };
  world = await makeCargoWorld(db, writer);
  driver = await world.driver('Scope');
  const add = (key: string, body: Record<string, unknown>) => addResource(db, writer, key, body);
  X = await add('warehouse', { name: 'MINE yard', storageType: 'both', latitude: 21.4, longitude: 39.1 });
  Y = await add('warehouse', { name: 'Second yard', storageType: 'both', latitude: 21.3, longitude: 39.0 });
  Z = await add('warehouse', { name: 'MINE depot', storageType: 'both', latitude: 21.2, longitude: 39.0 });
  siloX = await add('silo', { warehouseId: X, name: 'MINE silo', capacity: 10_000 });
  siloY = await add('silo', { warehouseId: Y, name: 'Y silo', capacity: 10_000 });
  smA = world.shipmentManagerId;
  A = await add('consignee', { name: 'MINE consignee', shipmentManagerId: smA });
  sisterA = await add('consignee', { name: 'MINE sister', shipmentManagerId: smA });
  smB = await add('shipmentManager', { name: 'FRGN manager' });
  B = await add('consignee', { name: 'FRGN consignee', shipmentManagerId: smB });
  sisterB = await add('consignee', { name: 'FRGN sister', shipmentManagerId: smB });
  const place = { storageType: 'openArea', latitude: 21.5, longitude: 39.2, ownerType: 'consignee' };
  siteA = await add('deliveryLocation', { ...place, name: 'MINE site', consigneeId: A });
  siteB = await add('deliveryLocation', { ...place, name: 'FRGN site', consigneeId: B });
  admin = { ...bearer(await loginAs(t.app, adminUser.username)), 'x-agency-id': String(agencyId) };

  // Every permission the swept routes ask (their flows' flags, the loan report's, the inbox's).
  const flags = new Set(flows.flatMap((declaration) => flagsOf(declaration.permissionModule)));
  for (const route of sweptRoutes()) if (route.access.kind === 'permission') for (const flag of (route.access as { permission: string }).permission.split(',')) flags.add(flag);
  const role = await makeRole(db, { agencyId, permissions: [...flags], name: 'Adjustments' });
  const scoped = await makeUser(db, { kind: 'agencyUser', agencyId, roleId: role.id, consigneeIds: [A], locationIds: [X, Z, siteA, world.customerLocationId] });
  consigneeUserId = scoped.id;
  consigneeUser = { ...bearer(await loginAs(t.app, scoped.username)), 'x-agency-id': String(agencyId) };
  const companyAdmin = await makeUser(db, { kind: 'companyAdmin', agencyId, roleId: role.id, companyId: smA });
  smAdminId = companyAdmin.id;
  smAdmin = { ...bearer(await loginAs(t.app, companyAdmin.username)), 'x-agency-id': String(agencyId) };
  // Handling records above their allowance wait for the swept users' approval (the inbox's rows, the decision route).
  for (const [kind, userId] of [
    ['handlingLoss', consigneeUserId],
    ['handlingExcess', smAdminId],
  ] as const)
    await inAgency(db, agencyId, (tx) => saveApprovalRule(tx, { agencyId, kind, input: { kind, approvers: [{ order: 1, userId }] }, actorId: writer.userId, now: new Date() }));

  // Stock, put on hand through the ledger: A's consignment (A's manager), B's (B's manager).
  shipA = await makeShipment(db, writer, world, { blTonnes: '5000', consigneeId: A });
  shipB = await makeShipment(db, writer, world, { blTonnes: '5000', consigneeId: B });
  await db.update(consignments).set({ shipmentManagerId: smB }).where(eq(consignments.id, shipB.consignmentId));
  for (const [p, ship] of [
    [pos(X, null, A), shipA],
    [pos(Y, null, A), shipA],
    [pos(siteA, null, A), shipA],
    [pos(X, siloX, sisterA), shipA],
    [pos(Y, siloY, sisterA), shipA],
    [pos(X, siloX, smA), shipA],
    [pos(X, null, B, shipB), shipB],
    [pos(Y, null, B, shipB), shipB],
    [pos(siteB, null, B, shipB), shipB],
    [pos(siteA, null, B, shipB), shipB],
    [pos(X, siloX, sisterB, shipB), shipB],
    [pos(Y, siloY, sisterB, shipB), shipB],
  ] as const)
    await putOnHand(db, writer, ship, p, '100');

  // The last record of a flow is the one its own-record checks read (the sale delivered by truck has a slip).
  await seedFlows(pos(X, null, A), siteA, (key, id) => (mine[key] = id));
  await seedFlows(pos(X, null, B, shipB), siteA, (key, id) => remember(foreign, key, id));
  await seedFlows(pos(Y, null, B, shipB), siteB, (key, id) => remember(foreign, key, id));
  await seedFlows(pos(Y, null, A), null, (key, id) => remember(elsewhere, key, id));
  docs.mine = await attachDocument(mine.handlingLoss ?? 0);
  docs.foreign = await attachDocument(foreign.handlingLoss?.[0] ?? 0);
}, 120_000);

afterAll(async () => {
  await t.close();
});

/** The queries a GET route without a record id is called with: lists and exports of every status, pickers as the form calls them. */
function queriesOf(url: string): string[] {
  const loanLine = `lenderId=${A}&borrowerId=${smA}&consignmentId=${shipA.consignmentId}&cargoTypeId=${world.cargoTypeId}`;
  const special: Record<string, string[]> = {
    '/api/loan-balance': ['', 'open=all'],
    '/api/loan-balance/export.xlsx': ['', 'open=all'],
    '/api/loan-balance/movements': [loanLine],
    '/api/warehouseSmToConsignee/return-sources': [`loanId=${mine.warehouseConsigneeToSm}`],
    // The BLs a consignee may lend on board: the user's own voyage, and the other consignee's.
    '/api/warehouseConsigneeToSm/on-board': [`voyageId=${shipA.voyageId}`, othersQueryOf('/api/warehouseConsigneeToSm/on-board') ?? ''],
    '/api/ownershipTransfer/positions': ['', 'place=warehouse', `place=warehouse&locationId=${X}`, 'place=consigneeLocation', `place=consigneeLocation&locationId=${siteA}`],
    '/api/swapCargo/positions': ['', 'place=warehouse', `place=warehouse&locationId=${X}`, 'place=consigneeLocation', `place=consigneeLocation&locationId=${siteA}`],
    '/api/consigneeToSm/positions': ['', `locationId=${siteA}`],
    '/api/consigneeTransfer/positions': ['', `locationId=${siteA}`],
  };
  if (special[url]) return special[url];
  if (url.endsWith('/export.xlsx')) return ['status=all'];
  if (flows.some((declaration) => url === `/api${declaration.api}`)) return ['status=all&limit=100'];
  if (url.endsWith('/positions')) return ['', `warehouseId=${X}`];
  return [''];
}

/**
 * GET routes that show a user nothing of theirs in this world, by user, with the reason; every other swept GET must
 * show one of the user's own rows, so an answer that is empty for everyone does not pass as scoped.
 */
const EMPTY_FOR: Record<string, { user: 'consignee' | 'manager'; reason: string }[]> = {
  '/api/warehouseConsigneeToCustomer/customers': [
    { user: 'consignee', reason: 'customers belong to no shipment manager: the agency’s active customers are every seller’s buyers' },
    { user: 'manager', reason: 'as above' },
  ],
  '/api/warehouseSmToConsignee/return-sources': [{ user: 'consignee', reason: 'the borrower’s (shipment manager’s) cargo is outside a consignee user’s owner rule' }],
};

/** A picker query that names the other consignee's record (its voyage): the answer must hold nothing of theirs, and has nothing of the user's. */
function othersQueryOf(url: string): string | null {
  return url === '/api/warehouseConsigneeToSm/on-board' ? `voyageId=${shipB.voyageId}` : null;
}

/** The printed transfer slip of a record (`/:id/slip`, `/:id/slip/pdf`): 404 'Transfer slip not found' for a record delivered in place. */
const isSlipRoute = (url: string) => /\/:id\/slip(\/pdf)?$/.test(url);

const withQuery = (url: string, query: string) => (query ? `${url}?${query}` : url);

describe(`the data scope of the issue-14 flows, over every registered route (${testEngine})`, () => {
  const users = () => [
    { name: 'consignee user (consignee A, places X, Z, A’s site)', kind: 'consignee', headers: consigneeUser, hidden: ['FRGN', 'ELSEWHERE', 'Second yard'], own: [mine], others: [foreign, elsewhere] },
    { name: 'company admin of A’s shipment manager', kind: 'manager', headers: smAdmin, hidden: ['FRGN'], own: [mine, elsewhere], others: [foreign] },
  ];

  it('sweeps the routes of every flow the registry declares, each with records of its own and of others', () => {
    const routes = sweptRoutes();
    expect(flows.length).toBeGreaterThanOrEqual(11);
    for (const declaration of flows) {
      expect(routes.some((route) => route.url === `/api${declaration.api}`), `${declaration.key} has a list route`).toBe(true);
      expect(mine[declaration.key], `a record of ${declaration.key} of the user’s own`).toBeDefined();
      expect(foreign[declaration.key]?.length, `records of ${declaration.key} of another shipment manager`).toBeGreaterThan(0);
    }
    for (const url of ['/api/loan-balance', '/api/loan-balance/movements', '/api/loan-balance/export.xlsx', '/api/approvals/inbox', '/api/warehouseSmToConsignee/open-loans']) expect(routes.map((route) => route.url)).toContain(url);
    expect(routes.filter((route) => route.method === 'GET').length).toBeGreaterThan(50);
    // The id sweep fills `:id` (a record of the flow) and `:docId`: a route with another parameter must be taught here.
    for (const route of routes) expect(route.url.replace(/:id\b|:docId\b/g, ''), `${route.method} ${route.url}`).not.toContain(':');
  });

  it('the agency admin sees the foreign records in every list, export and position picker (the markers are in the answers)', async () => {
    const shown = sweptRoutes().filter((r) => r.method === 'GET' && (flows.some((d) => r.url === `/api${d.api}`) || r.url.endsWith('/export.xlsx') || r.url.endsWith('/positions')));
    expect(shown.length).toBeGreaterThan(25);
    for (const route of shown) {
      const response = await t.app.inject({ method: 'GET', url: withQuery(route.url, queriesOf(route.url)[0] ?? ''), headers: admin });
      expect(response.statusCode, `GET ${route.url}: ${response.body}`).toBe(200);
      expect(await textOf(response), `admin GET ${route.url}`).toContain('FRGN');
    }
  });

  it('lists, exports, pickers, the loan balance and the inbox show the user’s own records and never another’s', async () => {
    for (const user of users()) {
      for (const route of sweptRoutes().filter((r) => r.method === 'GET' && !r.url.includes(':'))) {
        for (const query of queriesOf(route.url)) {
          const url = withQuery(route.url, query);
          const response = await t.app.inject({ method: 'GET', url, headers: user.headers });
          expect(response.statusCode, `${user.name} GET ${url}: ${response.body}`).toBe(200);
          const text = await textOf(response);
          for (const marker of user.hidden) expect(text, `${user.name} GET ${url} shows ${marker}`).not.toContain(marker);
          if (EMPTY_FOR[route.url]?.some((entry) => entry.user === user.kind)) continue;
          if (othersQueryOf(route.url) === query) continue;
          expect(text, `${user.name} GET ${url} shows nothing of theirs`).toContain('MINE');
        }
      }
    }
  });

  it('a record of another’s cargo is unknown to every GET and write route on its id (404) and stays as it was; one’s own answers', async () => {
    const trip = await truckTrip();
    const body = { reason: 'Scope test', remarks: null, decision: 'Approved', comment: null, path: 'documents/none.pdf', title: 'Doc', quantity: '1', ...stock(pos(X, null, A)), fromWarehouseId: X, toWarehouseId: Z, ...trip };
    let refusals = 0;
    for (const user of users()) {
      for (const route of sweptRoutes().filter((r) => r.url.includes(':id'))) {
        const key = keyOf(route);
        if (!key) continue;
        const method = route.method as 'GET' | 'PUT' | 'DELETE' | 'POST';
        for (const id of user.others.flatMap((bag) => bag[key] ?? [])) {
          const url = route.url.replace(':id', String(id)).replace(':docId', String(docs.foreign));
          const refused = await t.app.inject({ method, url, headers: user.headers, ...(method === 'GET' ? {} : { payload: body }) });
          expect(refused.statusCode, `${user.name} ${method} ${url} on another’s record: ${refused.body}`).toBe(404);
          // Unknown as a record, not merely a record without a slip (which would say the record was seen).
          if (isSlipRoute(route.url)) expect(refused.json<{ message: string }>().message, `${user.name} GET ${url}`).not.toBe(WarehouseTransferMessages.slipNotFound);
          refusals += 1;
        }
        if (method === 'GET') {
          // Every GET on one's own record answers; the shipment manager's admin also reads A's records at Y.
          const ownIds = [mine[key] ?? 0, ...(route.url.endsWith('/:id') && user.own.includes(elsewhere) ? (elsewhere[key] ?? []) : [])];
          for (const id of ownIds) {
            const url = route.url.replace(':id', String(id)).replace(':docId', String(docs.mine));
            const own = await t.app.inject({ method, url, headers: user.headers });
            // The printed slip of a record delivered in place: the record is seen, it has no slip.
            if (isSlipRoute(route.url) && own.statusCode === 404) {
              expect(own.json<{ message: string }>().message, `${user.name} GET ${url}`).toBe(WarehouseTransferMessages.slipNotFound);
              continue;
            }
            expect(own.statusCode, `${user.name} GET ${url} on their own record: ${own.body}`).toBe(200);
          }
        }
      }
    }
    expect(refusals).toBeGreaterThan(150);
    // Nothing changed: every foreign record is still live, the foreign document still there, the ledger whole.
    for (const [key, ids] of Object.entries(foreign)) {
      const declaration = flows.find((d) => d.key === key);
      for (const id of ids) {
        const record = await call<{ status?: string; record?: { status?: string } }>('GET', `/api${declaration?.api}/${id}`);
        expect(record.status).toBe(200);
        expect(JSON.stringify(record.body), `${key} ${id}`).not.toContain('Reversed');
        expect(JSON.stringify(record.body), `${key} ${id}`).not.toContain('"Approved"');
      }
    }
    const documents = await call<{ rows: { id: number }[] }>('GET', `/api/handlingLoss/${foreign.handlingLoss?.[0]}/documents`);
    expect(documents.body.rows.map((d) => d.id)).toEqual([docs.foreign]);
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });

  it('the loan balance and its drill-down count the user’s loans only', async () => {
    const line = `lenderId=${A}&borrowerId=${smA}&consignmentId=${shipA.consignmentId}&cargoTypeId=${world.cargoTypeId}`;
    const ownLoans = (bags: Record<string, number | number[] | undefined>[]) => bags.flatMap((bag) => [bag.warehouseConsigneeToSm, bag.consigneeToSm].flat().filter((id): id is number => id !== undefined));
    for (const user of users()) {
      const balance = await call<TLoanBalance>('GET', '/api/loan-balance?open=all', undefined, user.headers);
      const loans = ownLoans(user.own);
      expect(balance.body.rows.map((row) => [row.lenderId, row.borrowerId, row.loans]), user.name).toEqual([[A, smA, loans.length]]);
      const movements = await call<TLoanMovements>('GET', `/api/loan-balance/movements?${line}`, undefined, user.headers);
      expect(movements.status).toBe(200);
      expect(movements.body.rows.filter((row) => row.kind === 'loan').map((row) => row.id).sort(), user.name).toEqual([...loans].sort());
      const foreignLine = await call<TLoanMovements>('GET', `/api/loan-balance/movements?lenderId=${B}&borrowerId=${smB}&consignmentId=${shipB.consignmentId}&cargoTypeId=${world.cargoTypeId}`, undefined, user.headers);
      expect(foreignLine.status === 404 || foreignLine.body.rows.length === 0, `${user.name}: ${JSON.stringify(foreignLine.body)}`).toBe(true);
    }
  });

  it('every command on another’s cargo is refused (400, 404 or 409) and writes nothing, whatever the user’s places', async () => {
    const counts = async () => Promise.all(flows.map(async (d) => (await call<{ count: number }>('GET', `/api${d.api}?status=all&limit=1`)).body.count));
    const before = await counts();
    for (const user of users()) {
      const tried = new Set<string>();
      // B's cargo at the user's own warehouse X and at A's site: the same places as the user's, another owner.
      const refusing: Poster = async (url, payload) => {
        const refused = await call('POST', url, payload, user.headers);
        expect([400, 404, 409], `${user.name} POST ${url} on another’s cargo: ${JSON.stringify(refused.body)}`).toContain(refused.status);
        const key = flows.find((d) => url === `/api${d.api}`)?.key ?? '';
        return foreign[key]?.[0] ?? 0;
      };
      await seedFlows(pos(X, null, B, shipB), siteA, (key) => tried.add(key), refusing);
      for (const declaration of flows.filter((d) => d.operations.includes('create'))) expect([...tried], `a ${declaration.key} on another’s cargo was tried`).toContain(declaration.key);
    }
    expect(await counts()).toEqual(before);
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });

  it('a command on one’s own cargo naming another’s party or place is refused and writes nothing', async () => {
    const counts = async () => Promise.all(flows.map(async (d) => (await call<{ count: number }>('GET', `/api${d.api}?status=all&limit=1`)).body.count));
    const before = await counts();
    const own = pos(X, null, A);
    const whs = { warehouseId: X, ...stock(own) };
    const atSite = { locationId: siteA, ...stock({ ...own, locationId: siteA }) };
    const both = ['consignee', 'manager'] as const;
    const cases: { users: readonly ('consignee' | 'manager')[]; url: string; body: () => Record<string, unknown> | Promise<Record<string, unknown>>; what: string }[] = [
      { users: both, url: '/api/ownershipTransfer', body: () => ({ locationId: X, ...stock(own), toOwnerCompanyId: sisterB, quantity: '1' }), what: 'to another manager’s consignee' },
      { users: both, url: '/api/consigneeTransfer', body: () => ({ ...atSite, toOwnerCompanyId: sisterB, quantity: '1' }), what: 'to another manager’s consignee' },
      { users: both, url: '/api/swapCargo', body: () => ({ ...side('a', own), ...side('b', pos(X, null, B, shipB)), quantity: '1' }), what: 'with another’s cargo at the same place' },
      { users: ['consignee'], url: '/api/swapCargo', body: () => ({ ...side('a', own), ...side('b', pos(Y, siloY, sisterA)), quantity: '1' }), what: 'with a sister’s cargo at a warehouse outside the user’s places' },
      { users: ['consignee'], url: '/api/warehouseTransfer', body: async () => ({ fromWarehouseId: X, ...stock(own), toWarehouseId: Y, quantity: '1', ...(await truckTrip()) }), what: 'to a warehouse outside the user’s places' },
      { users: both, url: '/api/warehouseConsigneeToSm', body: async () => ({ ...whs, quantity: '1', movement: { toLocationId: siteB, ...(await truckTrip()) } }), what: 'delivered to another manager’s consignee’s site' },
      { users: ['consignee'], url: '/api/warehouseConsigneeToSm', body: async () => ({ ...whs, quantity: '1', movement: { toLocationId: Y, ...(await truckTrip()) } }), what: 'delivered to a warehouse outside the user’s places' },
      { users: both, url: '/api/consigneeToSm', body: async () => ({ ...atSite, quantity: '1', movement: { toLocationId: siteB, ...(await truckTrip()) } }), what: 'delivered to another manager’s consignee’s site' },
      {
        users: ['consignee'],
        url: '/api/warehouseSmToConsignee',
        body: () => ({ loanId: mine.warehouseConsigneeToSm, quantity: '1', source: { locationId: Y, siloId: null, consignmentId: shipA.consignmentId, voyageId: shipA.voyageId, attachedVoyageId: shipA.voyageId } }),
        what: 'from the shipment manager’s cargo at a warehouse outside the user’s places',
      },
      { users: both, url: '/api/warehouseSmToConsignee', body: async () => ({ loanId: mine.warehouseConsigneeToSm, quantity: '1', movement: { toLocationId: siteB, ...(await truckTrip()) } }), what: 'delivered to another manager’s consignee’s site' },
    ];
    for (const user of users()) {
      for (const entry of cases.filter((c) => c.users.includes(user.kind as 'consignee' | 'manager'))) {
        const refused = await call('POST', entry.url, await entry.body(), user.headers);
        expect([400, 404, 409], `${user.name} POST ${entry.url} ${entry.what}: ${JSON.stringify(refused.body)}`).toContain(refused.status);
      }
    }
    expect(await counts()).toEqual(before);
  });

  it('return sources of another’s loan are unknown (400 on the loan), whatever the user’s places', async () => {
    for (const user of users()) {
      for (const loanId of foreign.warehouseConsigneeToSm ?? []) {
        const refused = await call('GET', `/api/warehouseSmToConsignee/return-sources?loanId=${loanId}`, undefined, user.headers);
        expect(refused.status, user.name).toBe(400);
        expect(refused.body.details).toHaveProperty('loanId');
      }
    }
  });
});
