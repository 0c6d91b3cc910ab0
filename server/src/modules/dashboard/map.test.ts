import { MAP_POINT_COLORS, MAP_POINT_KINDS, ZMapPointList, permissionFlag, resourceByKey, type MapPointKind, type TMapPointList } from '@tonnage/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs, makeAgency, makeRole, makeUser } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { sampleInput } from '../../test/resource-samples';
import { tableFor } from '../master-data/master-data.schema';

/**
 * `GET /api/dashboard/map` (spec 2.13, 3, 6, 7): the agency's active places with coordinates as coloured points of
 * five kinds, within the user's data scope, behind canViewMapDashboard, never another agency's.
 */
let t: TestApp;
let agencyA: number;
let agencyB: number;
let serial = 8100;
const row: Record<string, number> = {};
const tokens: Record<string, string> = {};

async function insert(agencyId: number, key: string, values: Record<string, unknown> = {}): Promise<number> {
  serial += 1;
  const resource = resourceByKey(key);
  const references: Record<string, number> = {};
  for (const [name, field] of Object.entries(resource.fields)) {
    const given = values[name];
    if (field.kind === 'reference') references[field.resource] = typeof given === 'number' ? given : 0;
  }
  const [inserted] = await t.database.db
    .insert(tableFor(resource))
    .values({ ...sampleInput(resource, serial, references), ...resource.fixed, ...values, agencyId })
    .returning();
  return Number((inserted as { id?: unknown } | undefined)?.id);
}

async function call(who: string, agencyId: number | null = agencyA) {
  const token = tokens[who];
  if (!token) throw new Error(`no token ${who}`);
  return t.app.inject({ method: 'GET', url: '/api/dashboard/map', headers: { ...bearer(token), ...(agencyId === null ? {} : { 'x-agency-id': String(agencyId) }) } });
}

async function points(who: string, agencyId: number = agencyA): Promise<TMapPointList> {
  const response = await call(who, agencyId);
  expect(response.statusCode, response.body).toBe(200);
  return ZMapPointList.parse(response.json());
}

/** The ids of each kind, in the answer's order. */
function idsByKind(list: TMapPointList): Record<MapPointKind, number[]> {
  const grouped = Object.fromEntries(MAP_POINT_KINDS.map((kind) => [kind, [] as number[]])) as Record<MapPointKind, number[]>;
  for (const point of list) grouped[point.kind].push(point.id);
  return grouped;
}

const consigneeSite = (consigneeId: number | undefined, values: Record<string, unknown> = {}) => ({ ownerType: 'consignee', consigneeId, customerId: null, ...values });
const customerSite = (customerId: number | undefined, values: Record<string, unknown> = {}) => ({ ownerType: 'customer', consigneeId: null, customerId, ...values });

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  agencyA = (await makeAgency(db, { name: 'Map Agency A' })).id;
  agencyB = (await makeAgency(db, { name: 'Map Agency B' })).id;
  const a = (key: string, values: Record<string, unknown> = {}) => insert(agencyA, key, values);
  row.smA = await a('shipmentManager', { name: 'Map SM A', latitude: 21.1, longitude: 39.1 });
  row.smB = await a('shipmentManager', { name: 'Map SM B' });
  row.transporter = await a('transporter', { name: 'Map Transporter', latitude: 21.2, longitude: 39.2 });
  // Names sort the answer within a kind: "Alpha" before "beta" whatever the case.
  row.customer = await a('customer', { name: 'Map Customer beta', latitude: 21.3911, longitude: 39.8579 });
  row.customer2 = await a('customer', { name: 'Map Customer Alpha', latitude: 28.3998, longitude: 36.5715 });
  row.customerNoCoordinates = await a('customer', { name: 'Map Customer Nowhere', latitude: null, longitude: null });
  row.customerHalfCoordinates = await a('customer', { name: 'Map Customer Half', latitude: 22.5, longitude: null });
  row.customerInactive = await a('customer', { name: 'Map Customer Closed', isActive: false });
  row.consigneeA = await a('consignee', { name: 'Map Consignee A', shipmentManagerId: row.smA, latitude: 24.4686, longitude: 39.6142 });
  row.consigneeB = await a('consignee', { name: 'Map Consignee B', shipmentManagerId: row.smB, latitude: 16.8892, longitude: 42.5511 });
  row.consigneeLoose = await a('consignee', { name: 'Map Consignee Loose', shipmentManagerId: null, latitude: 24.0889, longitude: 38.0637 });
  row.consigneeNoCoordinates = await a('consignee', { name: 'Map Consignee Nowhere', shipmentManagerId: row.smA, latitude: null, longitude: 40 });
  row.consigneeInactive = await a('consignee', { name: 'Map Consignee Closed', shipmentManagerId: row.smA, isActive: false });
  row.siteA = await a('deliveryLocation', consigneeSite(row.consigneeA, { name: 'Map Site A', latitude: -12.5, longitude: -45.25 }));
  row.siteB = await a('deliveryLocation', consigneeSite(row.consigneeB, { name: 'Map Site B' }));
  row.siteAInactive = await a('deliveryLocation', consigneeSite(row.consigneeA, { name: 'Map Site A Closed', isActive: false }));
  row.siteCustomer = await a('deliveryLocation', customerSite(row.customer, { name: 'Map Site Customer' }));
  row.siteCustomerInactive = await a('deliveryLocation', customerSite(row.customer, { name: 'Map Site Customer Closed', isActive: false }));
  row.warehouse1 = await a('warehouse', { name: 'Map Warehouse 1', latitude: 21.4812, longitude: 39.1653 });
  row.warehouse2 = await a('warehouse', { name: 'Map Warehouse 2' });
  row.warehouseInactive = await a('warehouse', { name: 'Map Warehouse Closed', isActive: false });
  row.foreignWarehouse = await insert(agencyB, 'warehouse', { name: 'Map Foreign Warehouse' });
  row.foreignConsignee = await insert(agencyB, 'consignee', { name: 'Map Foreign Consignee', shipmentManagerId: null });

  const mapRole = await makeRole(db, { agencyId: agencyA, permissions: [permissionFlag('MapDashboard', 'view')] });
  const otherRole = await makeRole(db, { agencyId: agencyA, permissions: ['canViewDashboard', 'canViewWarehouseDashboard', 'canViewConsignee'] });
  const users = {
    agencyAdmin: await makeUser(db, { kind: 'agencyAdmin', agencyId: agencyA }),
    adminB: await makeUser(db, { kind: 'agencyAdmin', agencyId: agencyB }),
    superAdmin: await makeUser(db, { kind: 'superAdmin' }),
    smAdmin: await makeUser(db, { kind: 'companyAdmin', agencyId: agencyA, roleId: mapRole.id, companyId: row.smA }),
    consigneeUser: await makeUser(db, { kind: 'agencyUser', agencyId: agencyA, roleId: mapRole.id, consigneeIds: [row.consigneeA ?? 0] }),
    warehouseUser: await makeUser(db, { kind: 'agencyUser', agencyId: agencyA, roleId: mapRole.id, locationIds: [row.warehouse1 ?? 0, row.siteCustomer ?? 0] }),
    withoutMap: await makeUser(db, { kind: 'agencyUser', agencyId: agencyA, roleId: otherRole.id }),
  };
  for (const [name, user] of Object.entries(users)) tokens[name] = await loginAs(t.app, user.username);
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/dashboard/map', () => {
  it('answers every active point with coordinates of the agency, by kind in legend order, coloured per kind', async () => {
    const list = await points('agencyAdmin');
    expect(idsByKind(list)).toEqual({
      customerHeadquarter: [row.customer2, row.customer],
      consigneeHeadquarter: [row.consigneeA, row.consigneeB, row.consigneeLoose],
      consigneeDeliveryLocation: [row.siteA, row.siteB],
      customerDeliveryLocation: [row.siteCustomer],
      warehouse: [row.warehouse1, row.warehouse2],
    });
    expect(list.map((point) => point.kind)).toEqual([...list.map((point) => point.kind)].sort((x, y) => MAP_POINT_KINDS.indexOf(x) - MAP_POINT_KINDS.indexOf(y)));
    for (const point of list) expect(point.color).toBe(MAP_POINT_COLORS[point.kind]);
    expect(new Set(Object.values(MAP_POINT_COLORS)).size).toBe(MAP_POINT_KINDS.length);
    // The spec's fields: latitude, longitude, color, name, as the record holds them (numbers, also negative).
    expect(list.find((point) => point.id === row.consigneeA && point.kind === 'consigneeHeadquarter')).toEqual({
      kind: 'consigneeHeadquarter',
      id: row.consigneeA,
      name: 'Map Consignee A',
      latitude: 24.4686,
      longitude: 39.6142,
      color: MAP_POINT_COLORS.consigneeHeadquarter,
    });
    expect(list.find((point) => point.id === row.siteA)).toMatchObject({ name: 'Map Site A', latitude: -12.5, longitude: -45.25, color: MAP_POINT_COLORS.consigneeDeliveryLocation });
    expect(list.find((point) => point.id === row.warehouse1)).toMatchObject({ kind: 'warehouse', name: 'Map Warehouse 1', latitude: 21.4812, longitude: 39.1653 });
  });

  it('leaves out inactive rows, rows without both coordinates, and companies of other types', async () => {
    const shown = new Set((await points('agencyAdmin')).map((point) => `${point.kind}:${point.id}`));
    const left: [MapPointKind, string][] = [
      ['customerHeadquarter', 'customerNoCoordinates'],
      ['customerHeadquarter', 'customerHalfCoordinates'],
      ['customerHeadquarter', 'customerInactive'],
      ['consigneeHeadquarter', 'consigneeNoCoordinates'],
      ['consigneeHeadquarter', 'consigneeInactive'],
      ['consigneeDeliveryLocation', 'siteAInactive'],
      ['customerDeliveryLocation', 'siteCustomerInactive'],
      ['warehouse', 'warehouseInactive'],
    ];
    for (const [kind, name] of left) expect(shown.has(`${kind}:${row[name]}`), name).toBe(false);
    // Shipment managers and transporters are no kind of the map's, coordinates or not.
    const headquarters = [...shown].filter((key) => key.includes('Headquarter:')).map((key) => Number(key.split(':')[1]));
    expect(headquarters).not.toContain(row.smA);
    expect(headquarters).not.toContain(row.transporter);
  });

  it('keeps a shipment manager’s company admin to its consignees and their sites', async () => {
    expect(idsByKind(await points('smAdmin'))).toEqual({
      customerHeadquarter: [row.customer2, row.customer],
      consigneeHeadquarter: [row.consigneeA],
      consigneeDeliveryLocation: [row.siteA],
      customerDeliveryLocation: [row.siteCustomer],
      warehouse: [row.warehouse1, row.warehouse2],
    });
  });

  it('keeps a consignee-bound user to its own consignee, and a location-bound user to its locations', async () => {
    const consignee = idsByKind(await points('consigneeUser'));
    expect(consignee.consigneeHeadquarter).toEqual([row.consigneeA]);
    expect(consignee.consigneeDeliveryLocation).toEqual([row.siteA]);
    const located = idsByKind(await points('warehouseUser'));
    expect(located.warehouse).toEqual([row.warehouse1]);
    expect(located.consigneeDeliveryLocation).toEqual([]);
    expect(located.customerDeliveryLocation).toEqual([row.siteCustomer]);
  });

  it('refuses a user without canViewMapDashboard (403), no session (401), another agency (403)', async () => {
    const refused = await call('withoutMap');
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toEqual(expect.any(String));
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard/map', headers: { 'x-agency-id': String(agencyA) } })).statusCode).toBe(401);
    expect((await call('adminB', agencyA)).statusCode).toBe(403);
    expect((await call('superAdmin', null)).statusCode).toBe(400);
  });

  it('answers each agency its own points, also to a super admin who picks the agency', async () => {
    const own = { customerHeadquarter: [], consigneeHeadquarter: [], consigneeDeliveryLocation: [], customerDeliveryLocation: [], warehouse: [row.foreignWarehouse] };
    // The foreign consignee has sample coordinates: it is there too.
    expect(idsByKind(await points('adminB', agencyB))).toEqual({ ...own, consigneeHeadquarter: [row.foreignConsignee] });
    expect(idsByKind(await points('superAdmin', agencyB))).toEqual({ ...own, consigneeHeadquarter: [row.foreignConsignee] });
    expect(idsByKind(await points('superAdmin', agencyA)).warehouse).toEqual([row.warehouse1, row.warehouse2]);
  });
});
