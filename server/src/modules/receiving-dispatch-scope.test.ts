import { WarehouseDispatchMessages, permissionFlag, transactionRegistry, type PermissionAction, type TLoadingSlip, type TPortLoadingDetail, type TWarehousePreInSaved, type TWarehousePreOutSaved, type TOutboundFirstWeightSaved, type TOutboundSecondWeightSaved } from '@tonnage/contracts';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs, makeAgency, makeRole, makeUser } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/harness';
import { addResource, makeCargoWorld, makeShipment, portLoadingBody, type CargoWorld, type Writer } from './port-loading/port-loading.fixtures';
import { consignments } from './procurement/procurement.schema';
import type { TimedReading, WeighbridgeHub } from './weighing/weighing.types';

/*
 * The data scope of receiving and dispatch, swept over their registered routes (issue 13; spec 6): every GET route
 * of the receiving and dispatch transactions (lists, exports, records, pickers, the printed slip) and of the location
 * pickers, and every write route on a record id, called by a user scoped to consignee A and locations X (a consignee
 * user) and by the company admin of A's shipment manager. Consignee B (under another shipment manager) has cargo at
 * warehouse Y and also at X; A has a record at Y. Each foreign record carries a marker in its truck plate (or owner
 * name), so a response that leaks one is caught whatever its shape; a record id of a foreign row answers 404. The
 * commands refuse foreign slips, pre ins, positions and destinations with the existing 400s.
 */

class FedHub implements WeighbridgeHub {
  readonly readings = new Map<number, TimedReading[]>();
  readonly belowZero = new Map<number, number>();
  constructor(private readonly now: () => number) {}
  window(machineId: number, ms: number): TimedReading[] {
    const from = this.now() - ms;
    return (this.readings.get(machineId) ?? []).filter((reading) => reading.at >= from);
  }
  lastBelowZeroAt(machineId: number): number | null {
    return this.belowZero.get(machineId) ?? null;
  }
  status(machineId: number) {
    const last = this.readings.get(machineId)?.at(-1) ?? null;
    return { online: last !== null && this.now() - last.at <= 1500, last };
  }
}

/** The flows whose routes the sweep calls (by declaration key), and the picker routes outside the kit. */
const FLOW_KEYS = ['warehousePreIn', 'warehouseIn', 'consigneeIn', 'customerIn', 'warehousePreOut', 'warehouseOut', 'warehouseLoadingSlip'] as const;
const flows = transactionRegistry.filter((declaration) => (FLOW_KEYS as readonly string[]).includes(declaration.key));
const prefixes = [...flows.map((declaration) => `/api${declaration.api}`), '/api/locations'];
const swept = (url: string) => prefixes.some((prefix) => url === prefix || url.startsWith(`${prefix}/`));

let t: TestApp;
let hub: FedHub;
let writer: Writer;
let world: CargoWorld;
let admin: Record<string, string>;
let consigneeUser: Record<string, string>;
let smAdmin: Record<string, string>;
let driver: number;
let wbt = 0;
/** Warehouses X (the scoped user's) and Y, with a bridge and a silo each. */
let X: number;
let Y: number;
let bridgeX: number;
let bridgeY: number;
let consigneeB: number;
let siteB: number;
let smB: number;
/** Trucks whose plates mark whose cargo a row is: A at X, A at Y, B anywhere. */
let mineTruck: number;
let elsewhereTruck: number;
let foreignTruck: number;

/** Record ids of each flow: A's at X (the scoped user's) and the others (B's anywhere, A's at Y). */
const mine: Record<string, number> = {};
const foreign: Record<string, number> = {};
/** Open records and slips the commands try. */
const open = {} as { minePreOut: number; mineSecondWeight: number; foreignPreIn: number; foreignSlipToX: number; foreignConsigneeSlip: number; foreignCustomerSlip: number; shipB: number; voyageB: number };

async function call<T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, h: Record<string, string> = admin) {
  const response = await t.app.inject({ method, url, headers: h, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const json = (response.headers['content-type'] ?? '').includes('json');
  return { status: response.statusCode, body: (json ? response.json() : undefined) as T & { message: string; details?: Record<string, string> }, raw: response };
}

const now = () => t.clock.now().getTime();
function onBridge(machineId: number, kg: number) {
  t.clock.advance(60_000);
  hub.belowZero.set(machineId, now() - 30_000);
  const frames: TimedReading[] = [];
  for (let at = now() - 3500; at <= now(); at += 250) frames.push({ kg, stable: true, overload: false, at });
  hub.readings.set(machineId, frames);
}

type Shipment = Awaited<ReturnType<typeof makeShipment>>;

/** A slip of 10 t by `truckId` to a place (`transportationType` warehouse, directDelivery or customerDelivery). */
async function slip(shipment: Shipment, truckId: number, toLocationId: number, transportationType = 'warehouse'): Promise<TLoadingSlip> {
  const pl = await call<TPortLoadingDetail>('POST', '/api/portLoading', portLoadingBody(world, shipment, { quantity: '10', toLocationId, transportationType }));
  expect(pl.status, JSON.stringify(pl.body)).toBe(200);
  wbt += 1;
  const created = await call<{ slip: TLoadingSlip }>('POST', `/api/portLoading/${pl.body.id}/loadingSlips`, { truckId, driverId: driver, wbtNumber: `SCP-${wbt}`, quantity: '10' });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.slip;
}

async function preIn(slipId: number, truckId: number, warehouseId: number, machineId: number): Promise<number> {
  onBridge(machineId, 25_000);
  const created = await call<TWarehousePreInSaved>('POST', '/api/warehousePreIn', { slipId, truckId, driverId: driver, warehouseId, machineId });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.record.id;
}

async function warehouseIn(preInId: number, machineId: number): Promise<number> {
  onBridge(machineId, 15_000);
  const created = await call<{ record: { id: number } }>('POST', '/api/warehouseIn', { preInId, machineId, storage: 'openArea' });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.record.id;
}

async function deliveryIn(path: 'consigneeIn' | 'customerIn', slipId: number): Promise<number> {
  wbt += 1;
  const created = await call<{ record: { id: number } }>('POST', `/api/${path}`, { slipId, wbtNumber: `DLV-${wbt}`, quantity: '9.9' });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.record.id;
}

async function preOut(shipment: Shipment, owner: number, warehouseId: number, truckId: number, quantity: string): Promise<number> {
  const created = await call<TWarehousePreOutSaved>('POST', '/api/warehousePreOut', {
    warehouseId,
    siloId: null,
    ownerCompanyId: owner,
    consignmentId: shipment.consignmentId,
    cargoTypeId: world.cargoTypeId,
    voyageId: shipment.voyageId,
    attachedVoyageId: shipment.voyageId,
    truckId,
    driverId: driver,
    quantity,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.record.id;
}

/** An outbound first and second weight (manual, by the admin) of a truck at a warehouse: the second weight's id. */
async function weighOut(truckId: number, warehouseId: number, machineId: number, netKg: number): Promise<number> {
  const first = await call<TOutboundFirstWeightSaved>('POST', '/api/outboundFirstWeight', { truckId, driverId: driver, warehouseId, machineId, manual: true, manualKg: 15_000, manualReason: 'Indicator down' });
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  const second = await call<TOutboundSecondWeightSaved>('POST', '/api/outboundSecondWeight', { firstWeightId: first.body.record.id, truckId, machineId, manual: true, manualKg: 15_000 + netKg, manualReason: 'Indicator down' });
  expect(second.status, JSON.stringify(second.body)).toBe(200);
  return second.body.record.id;
}

async function out(preOutId: number, secondWeightId: number, destinationType: string, toLocationId: number, h = admin) {
  return call<{ record: { id: number } }>('POST', '/api/warehouseOut', { preOutId, secondWeightId, destinationType, toLocationId }, h);
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

beforeAll(async () => {
  t = await createTestApp();
  hub = new FedHub(() => t.clock.now().getTime());
  t.context.weighbridges = hub;
  const db = t.database.db;
  const agency = await makeAgency(db, { name: 'Scope agency', timezone: 'Asia/Riyadh' });
  const adminUser = await makeUser(db, { kind: 'agencyAdmin', agencyId: agency.id });
  writer = { agencyId: agency.id, userId: adminUser.id, now: new Date('2026-11-21T08:00:00Z'), config: t.config };
  world = await makeCargoWorld(db, writer);
  driver = await world.driver('Scope');
  mineTruck = await world.truck('MINE');
  elsewhereTruck = await world.truck('ELSEWHERE');
  foreignTruck = await world.truck('FRGN');
  const machine = (serial: string, locationId: number) => addResource(db, writer, 'weightMachine', { weightMachineId: serial, name: `Bridge ${serial}`, locationId, protocol: 'tcp', host: '10.1.1.1', port: 4001, maxGross: 80_000 });
  X = await addResource(db, writer, 'warehouse', { name: 'MINE yard', storageType: 'both', latitude: 21.4, longitude: 39.1 });
  Y = await addResource(db, writer, 'warehouse', { name: 'Second yard', storageType: 'both', latitude: 21.3, longitude: 39.0 });
  bridgeX = await machine('WB-SCP-X', X);
  bridgeY = await machine('WB-SCP-Y', Y);
  await addResource(db, writer, 'silo', { warehouseId: X, name: 'MINE silo', capacity: 100 });
  await addResource(db, writer, 'silo', { warehouseId: Y, name: 'Y silo', capacity: 100 });
  smB = await addResource(db, writer, 'shipmentManager', { name: 'FRGN manager' });
  consigneeB = await addResource(db, writer, 'consignee', { name: 'FRGN consignee', shipmentManagerId: smB });
  siteB = await addResource(db, writer, 'deliveryLocation', { storageType: 'openArea', latitude: 21.5, longitude: 39.2, name: 'FRGN site', ownerType: 'consignee', consigneeId: consigneeB });
  admin = { ...bearer(await loginAs(t.app, adminUser.username)), 'x-agency-id': String(agency.id) };

  const actions: PermissionAction[] = ['view', 'add', 'edit', 'reverse', 'export', 'correct'];
  const flags = [...new Set(flows.flatMap((declaration) => actions.map((action) => permissionFlag(declaration.permissionModule, action))))];
  const role = await makeRole(db, { agencyId: agency.id, permissions: flags, name: 'Receiving and dispatch' });
  const scoped = await makeUser(db, { kind: 'agencyUser', agencyId: agency.id, roleId: role.id, consigneeIds: [world.consigneeId], locationIds: [X, world.consigneeLocationId, world.customerLocationId] });
  consigneeUser = { ...bearer(await loginAs(t.app, scoped.username)), 'x-agency-id': String(agency.id) };
  const companyAdmin = await makeUser(db, { kind: 'companyAdmin', agencyId: agency.id, roleId: role.id, companyId: world.shipmentManagerId });
  smAdmin = { ...bearer(await loginAs(t.app, companyAdmin.username)), 'x-agency-id': String(agency.id) };

  // A's cargo at X: received, committed and dispatched to A's site; an open pre in and pre out; a slip on the road.
  const shipA = await makeShipment(db, writer, world, { blTonnes: '200' });
  const a1 = await slip(shipA, mineTruck, X);
  mine.warehousePreIn = await preIn(a1.id, mineTruck, X, bridgeX);
  mine.warehouseIn = await warehouseIn(mine.warehousePreIn, bridgeX);
  mine.warehousePreOut = await preOut(shipA, world.consigneeId, X, mineTruck, '4');
  const sA = await out(mine.warehousePreOut, await weighOut(mineTruck, X, bridgeX, 4000), 'consignee', world.consigneeLocationId);
  expect(sA.status, JSON.stringify(sA.body)).toBe(200);
  mine.warehouseOut = sA.body.record.id;
  mine.warehouseLoadingSlip = sA.body.record.id;
  open.minePreOut = await preOut(shipA, world.consigneeId, X, mineTruck, '2');
  open.mineSecondWeight = await weighOut(mineTruck, X, bridgeX, 2000);
  await preIn((await slip(shipA, mineTruck, X)).id, mineTruck, X, bridgeX);
  await slip(shipA, mineTruck, X);
  mine.consigneeIn = await deliveryIn('consigneeIn', (await slip(shipA, mineTruck, world.consigneeLocationId, 'directDelivery')).id);
  mine.customerIn = await deliveryIn('customerIn', (await slip(shipA, mineTruck, world.customerLocationId, 'customerDelivery')).id);
  // A's slip still on the road to the customer's site (the Customer In picker's own row).
  await slip(shipA, mineTruck, world.customerLocationId, 'customerDelivery');
  // A's cargo at Y (outside the consignee user's locations; the shipment manager's admin sees it).
  await preIn((await slip(shipA, elsewhereTruck, Y)).id, elsewhereTruck, Y, bridgeY);

  // B's cargo (consignment and consignee of another shipment manager): at Y, and at X and the customer's site too.
  const shipB = await makeShipment(db, writer, world, { blTonnes: '200', consigneeId: consigneeB });
  await db.update(consignments).set({ shipmentManagerId: smB }).where(eq(consignments.id, shipB.consignmentId));
  open.foreignPreIn = await preIn((await slip(shipB, foreignTruck, X)).id, foreignTruck, X, bridgeX);
  foreign.warehousePreIn = open.foreignPreIn;
  const bPreIn = await preIn((await slip(shipB, foreignTruck, Y)).id, foreignTruck, Y, bridgeY);
  foreign.warehouseIn = await warehouseIn(bPreIn, bridgeY);
  foreign.warehousePreOut = await preOut(shipB, consigneeB, Y, foreignTruck, '4');
  const sB = await out(foreign.warehousePreOut, await weighOut(foreignTruck, Y, bridgeY, 4000), 'consignee', siteB);
  expect(sB.status, JSON.stringify(sB.body)).toBe(200);
  foreign.warehouseOut = sB.body.record.id;
  foreign.warehouseLoadingSlip = sB.body.record.id;
  open.foreignSlipToX = (await slip(shipB, foreignTruck, X)).id;
  foreign.consigneeIn = await deliveryIn('consigneeIn', (await slip(shipB, foreignTruck, siteB, 'directDelivery')).id);
  foreign.customerIn = await deliveryIn('customerIn', (await slip(shipB, foreignTruck, world.customerLocationId, 'customerDelivery')).id);
  open.foreignConsigneeSlip = (await slip(shipB, foreignTruck, siteB, 'directDelivery')).id;
  open.foreignCustomerSlip = (await slip(shipB, foreignTruck, world.customerLocationId, 'customerDelivery')).id;
  open.shipB = shipB.consignmentId;
  open.voyageB = shipB.voyageId;
});
afterAll(async () => {
  await t.close();
});

/** A GET route's URL with the ids and query it needs: a record id (`:id`), and the pickers' required parameters. */
function getUrl(url: string, id: number | undefined): string {
  const path = url.replace(':id', String(id ?? 0));
  if (url === '/api/warehousePreIn/slips') return `${path}?warehouseId=${X}`;
  if (url === '/api/warehouseOut/secondWeights') return `${path}?preOutId=${id ?? open.minePreOut}`;
  if (url.endsWith('/export.xlsx')) return `${path}?status=all`;
  return url.includes(':id') ? path : `${path}?status=all&limit=100`;
}
const flowOf = (url: string) => flows.find((declaration) => url === `/api${declaration.api}` || url.startsWith(`/api${declaration.api}/`))?.key;

describe('the data scope of receiving and dispatch, over every registered route', () => {
  const users = () => [
    { name: 'consignee user (consignee A, locations X)', headers: consigneeUser, hidden: ['FRGN', 'ELSEWHERE', 'Second yard'] },
    { name: 'company admin of A’s shipment manager', headers: smAdmin, hidden: ['FRGN'] },
  ];

  it('sweeps a route of every flow and the location pickers', () => {
    const routes = t.app.routeAccess.filter((route) => swept(route.url));
    for (const declaration of flows) expect(routes.some((route) => route.url === `/api${declaration.api}`), declaration.key).toBe(true);
    expect(routes.filter((route) => route.method === 'GET').length).toBeGreaterThan(20);
  });

  it('lists, exports and pickers show the user’s own cargo and never another’s', async () => {
    for (const user of users()) {
      for (const route of t.app.routeAccess.filter((r) => r.method === 'GET' && swept(r.url) && !r.url.includes(':id'))) {
        if (route.url === '/api/locations/silo-locations' || route.url === '/api/weightMachine/location') continue;
        const response = await t.app.inject({ method: 'GET', url: getUrl(route.url, undefined), headers: user.headers });
        expect(response.statusCode, `${user.name} GET ${route.url}: ${response.body}`).toBe(200);
        const text = await textOf(response);
        for (const marker of user.hidden) expect(text, `${user.name} GET ${route.url} shows ${marker}`).not.toContain(marker);
        expect(text, `${user.name} GET ${route.url} shows nothing of theirs`).toContain('MINE');
      }
    }
  });

  it('the silo picker offers silos of the user’s warehouses only', async () => {
    const scoped = await call('GET', '/api/locations/silo-locations', undefined, consigneeUser);
    expect(scoped.status).toBe(200);
    expect(JSON.stringify(scoped.body)).toContain('MINE silo');
    expect(JSON.stringify(scoped.body)).not.toContain('Y silo');
  });

  it('a record of another’s cargo or place is unknown to every GET and write route on its id (404); one’s own answers', async () => {
    const body = { reason: 'Scope test', remarks: null, driverId: driver, truckId: mineTruck, quantity: '1', storage: 'openArea', wbtNumber: 'SCOPE-1', emptyKg: 15_000, destinationType: 'consignee', toLocationId: world.consigneeLocationId };
    for (const user of users()) {
      for (const route of t.app.routeAccess.filter((r) => swept(r.url) && r.url.includes(':id'))) {
        const key = flowOf(route.url);
        if (!key) continue;
        const foreignId = foreign[key];
        expect(foreignId, `a foreign ${key}`).toBeDefined();
        const method = route.method as 'GET' | 'PUT' | 'DELETE' | 'POST';
        const refused = await t.app.inject({ method, url: getUrl(route.url, foreignId), headers: user.headers, ...(method === 'GET' ? {} : { payload: body }) });
        expect(refused.statusCode, `${user.name} ${route.method} ${route.url} on a foreign record: ${refused.body}`).toBe(404);
        if (method === 'GET') {
          const own = await t.app.inject({ method, url: getUrl(route.url, mine[key]), headers: user.headers });
          expect(own.statusCode, `${user.name} GET ${route.url} on their own record: ${own.body}`).toBe(200);
        }
      }
    }
  });

  it('the Out form’s second weights of a foreign pre out are unknown (404)', async () => {
    for (const user of users()) expect((await call('GET', `/api/warehouseOut/secondWeights?preOutId=${foreign.warehousePreOut}`, undefined, user.headers)).status).toBe(404);
  });

  it('the location picker hides the places of another consignee and, for the consignee user, other warehouses', async () => {
    const consignee = JSON.stringify((await call('GET', '/api/locations?kind=all&includeOwned=true&limit=500', undefined, consigneeUser)).body);
    expect(consignee).toContain('MINE yard');
    expect(consignee).not.toContain('Second yard');
    expect(consignee).not.toContain('FRGN site');
    const manager = JSON.stringify((await call('GET', '/api/locations?kind=all&includeOwned=true&limit=500', undefined, smAdmin)).body);
    expect(manager).toContain('Second yard');
    expect(manager).not.toContain('FRGN site');
  });
});

describe('commands on another’s cargo or place are refused and change nothing', () => {
  it('a pre in of another consignee’s slip, and at a warehouse outside the user’s locations (400)', async () => {
    onBridge(bridgeX, 25_000);
    const foreignSlip = await call('POST', '/api/warehousePreIn', { slipId: open.foreignSlipToX, truckId: foreignTruck, driverId: driver, warehouseId: X, machineId: bridgeX }, consigneeUser);
    expect(foreignSlip.status, JSON.stringify(foreignSlip.body)).toBe(400);
    expect(foreignSlip.body.details).toHaveProperty('slipId');
    const elsewhere = await call('POST', '/api/warehousePreIn', { slipId: open.foreignSlipToX, truckId: foreignTruck, driverId: driver, warehouseId: Y, machineId: bridgeY }, consigneeUser);
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.details).toHaveProperty('warehouseId');
  });

  it('a warehouse in on another consignee’s pre in (400), though it stands at the user’s warehouse', async () => {
    onBridge(bridgeX, 15_000);
    const refused = await call('POST', '/api/warehouseIn', { preInId: open.foreignPreIn, machineId: bridgeX, storage: 'openArea' }, consigneeUser);
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body.details).toHaveProperty('preInId');
  });

  it('a consignee in or customer in of another’s cargo (400), for the consignee user and the shipment manager’s admin', async () => {
    for (const h of [consigneeUser, smAdmin]) {
      const consignee = await call('POST', '/api/consigneeIn', { slipId: open.foreignConsigneeSlip, wbtNumber: 'X-1', quantity: '9' }, h);
      expect(consignee.status, JSON.stringify(consignee.body)).toBe(400);
      expect(consignee.body.details).toHaveProperty('slipId');
      // The customer's site is in the consignee user's locations: only the cargo refuses it.
      const customer = await call('POST', '/api/customerIn', { slipId: open.foreignCustomerSlip, wbtNumber: 'X-2', quantity: '9' }, h);
      expect(customer.status, JSON.stringify(customer.body)).toBe(400);
      expect(customer.body.details).toHaveProperty('slipId');
    }
    // The slips are still in transit: the admin can receive them.
    expect((await call('GET', `/api/consigneeIn?status=all`, undefined, admin)).status).toBe(200);
  });

  it('a pre out of another consignee’s position (409 Quantity not available, as there is nothing to commit for the user)', async () => {
    const refused = await call(
      'POST',
      '/api/warehousePreOut',
      { warehouseId: X, siloId: null, ownerCompanyId: consigneeB, consignmentId: open.shipB, cargoTypeId: world.cargoTypeId, voyageId: open.voyageB, attachedVoyageId: open.voyageB, truckId: mineTruck, driverId: driver, quantity: '1' },
      smAdmin,
    );
    expect([400, 409]).toContain(refused.status);
  });

  it('a warehouse out only to a destination in the user’s scope (400 otherwise), then to their own site', async () => {
    const toForeignSite = await out(open.minePreOut, open.mineSecondWeight, 'consignee', siteB, consigneeUser);
    expect(toForeignSite.status, JSON.stringify(toForeignSite.body)).toBe(400);
    expect(toForeignSite.body.message).toBe(WarehouseDispatchMessages.destinationRequired);
    const toOtherWarehouse = await out(open.minePreOut, open.mineSecondWeight, 'warehouse', Y, consigneeUser);
    expect(toOtherWarehouse.status).toBe(400);
    expect(toOtherWarehouse.body.details).toHaveProperty('toLocationId');
    const smToForeignSite = await out(open.minePreOut, open.mineSecondWeight, 'consignee', siteB, smAdmin);
    expect(smToForeignSite.status).toBe(400);
    const own = await out(open.minePreOut, open.mineSecondWeight, 'consignee', world.consigneeLocationId, consigneeUser);
    expect(own.status, JSON.stringify(own.body)).toBe(200);
  });
});
