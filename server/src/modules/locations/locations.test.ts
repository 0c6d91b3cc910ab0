import type { TApiError, TLocationDetail, TLocationList, TLocationWeightMachineList, TResourceRow, TSiloLocationList } from '@tonnage/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs, makeAgency, makeRole, makeUser } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

/**
 * The location pickers (spec 7) over rows made through the generic master-data API, as the product makes them:
 * filters, data scope (spec 6), agency isolation and inactive rows.
 */
let t: TestApp;
let agencyA: number;
let agencyB: number;
const tokens = { adminA: '', adminB: '', superAdmin: '', plainUser: '', scopedUser: '', weightUser: '' };
type Who = keyof typeof tokens;
/** Ids of the rows made below, by a readable name. */
const id: Record<string, number> = {};

function call(who: Who, url: string, agencyId?: number) {
  return t.app.inject({ method: 'GET', url, headers: { ...bearer(tokens[who]), ...(agencyId ? { 'x-agency-id': String(agencyId) } : {}) } });
}

async function create(token: string, key: string, payload: Record<string, unknown>): Promise<number> {
  const response = await t.app.inject({ method: 'POST', url: `/api/${key}`, headers: bearer(token), payload });
  if (response.statusCode !== 201 && response.statusCode !== 200) throw new Error(`POST /api/${key}: ${response.statusCode} ${response.body}`);
  return response.json<TResourceRow>().id;
}

async function deactivate(token: string, key: string, rowId: number): Promise<void> {
  const response = await t.app.inject({ method: 'PUT', url: `/api/${key}/${rowId}/toggle-status`, headers: bearer(token) });
  if (response.statusCode !== 200) throw new Error(`toggle ${key} ${rowId}: ${response.statusCode} ${response.body}`);
}

const place = { latitude: 21.485811, longitude: 39.192505 };
const names = (list: { rows: { name: string }[] }) => list.rows.map((row) => row.name);

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  agencyA = (await makeAgency(db, { name: 'Locations A' })).id;
  agencyB = (await makeAgency(db, { name: 'Locations B' })).id;
  tokens.adminA = await loginAs(t.app, (await makeUser(db, { kind: 'agencyAdmin', agencyId: agencyA })).username);
  tokens.adminB = await loginAs(t.app, (await makeUser(db, { kind: 'agencyAdmin', agencyId: agencyB })).username);
  tokens.superAdmin = await loginAs(t.app, (await makeUser(db, { kind: 'superAdmin' })).username);
  const a = tokens.adminA;

  id.sm = await create(a, 'shipmentManager', { name: 'Gulf SM' });
  id.consignee = await create(a, 'consignee', { name: 'Red Sea Mills', shipmentManagerId: id.sm });
  id.customer = await create(a, 'customer', { name: 'Bakery Co' });

  id.siloYard = await create(a, 'warehouse', { name: 'Silo Yard', storageType: 'silo', ...place });
  id.openYard = await create(a, 'warehouse', { name: 'Open Yard', storageType: 'openArea', ...place });
  id.mixedYard = await create(a, 'warehouse', { name: 'mixed Yard', storageType: 'both', code: 'mx', city: 'Jeddah', ...place });
  id.oldSiloYard = await create(a, 'warehouse', { name: 'Old Silo Yard', storageType: 'silo', ...place });
  id.millSite = await create(a, 'deliveryLocation', { name: 'Mill Site', ownerType: 'consignee', consigneeId: id.consignee, storageType: 'openArea', ...place });
  id.bakerySite = await create(a, 'deliveryLocation', { name: 'Bakery Site', ownerType: 'customer', customerId: id.customer, storageType: 'silo', ...place });

  id.silo1 = await create(a, 'silo', { name: 'S1', warehouseId: id.siloYard, capacity: 1000.5 });
  id.siloRetired = await create(a, 'silo', { name: 'S0', warehouseId: id.siloYard, capacity: 10 });
  id.silo2 = await create(a, 'silo', { name: 'M1', warehouseId: id.mixedYard, capacity: 250.125 });
  id.siloAtOldYard = await create(a, 'silo', { name: 'X1', warehouseId: id.oldSiloYard, capacity: 5 });

  const tcp = { protocol: 'tcp', host: '10.0.0.5', port: 4001 };
  id.wb1 = await create(a, 'weightMachine', { weightMachineId: 'WB-1', name: 'Gate 1', locationId: id.siloYard, ...tcp });
  id.wbRetired = await create(a, 'weightMachine', { weightMachineId: 'WB-0', locationId: id.siloYard, ...tcp });
  id.wb3 = await create(a, 'weightMachine', { weightMachineId: 'WB-3', locationId: id.mixedYard, ...tcp });

  await deactivate(a, 'silo', id.siloRetired);
  await deactivate(a, 'weightMachine', id.wbRetired);
  await deactivate(a, 'warehouse', id.oldSiloYard);

  id.foreignYard = await create(tokens.adminB, 'warehouse', { name: 'Silo Yard', storageType: 'silo', ...place });
  id.foreignSilo = await create(tokens.adminB, 'silo', { name: 'B1', warehouseId: id.foreignYard, capacity: 1 });
  id.foreignWb = await create(tokens.adminB, 'weightMachine', { weightMachineId: 'WB-B', locationId: id.foreignYard, ...tcp });

  // No flag of the pickers' screens; some permission is needed, as for all agency data (spec 2.1).
  const noFlags = await makeRole(db, { agencyId: agencyA, permissions: ['canViewDashboard'] });
  const weighing = await makeRole(db, { agencyId: agencyA, permissions: ['canViewWeightDisplay'] });
  tokens.plainUser = await loginAs(t.app, (await makeUser(db, { kind: 'agencyUser', agencyId: agencyA, roleId: noFlags.id })).username);
  tokens.weightUser = await loginAs(t.app, (await makeUser(db, { kind: 'agencyUser', agencyId: agencyA, roleId: weighing.id })).username);
  const scoped = await makeUser(db, { kind: 'agencyUser', agencyId: agencyA, roleId: weighing.id, locationIds: [id.siloYard, id.millSite] });
  tokens.scopedUser = await loginAs(t.app, scoped.username);
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/locations', () => {
  it('lists active warehouses by name, hiding owned delivery locations by default, in the picker shape', async () => {
    const response = await call('plainUser', '/api/locations');
    expect(response.statusCode).toBe(200);
    const list = response.json<TLocationList>();
    expect(names(list)).toEqual(['mixed Yard', 'Open Yard', 'Silo Yard']);
    expect(list.count).toBe(3);
    expect(list.rows[2]).toEqual({
      id: id.siloYard,
      name: 'Silo Yard',
      locationKindId: 1,
      storageTypeId: 1,
      consigneeId: null,
      customerId: null,
      locationId: id.siloYard,
      locationName: 'Silo Yard',
    });
    expect(list.rows.map((row) => row.storageTypeId)).toEqual([3, 2, 1]);
  });

  it('filters by kind and shows owned locations when asked', async () => {
    expect(names((await call('plainUser', '/api/locations?includeOwned=true')).json<TLocationList>())).toEqual([
      'Bakery Site',
      'Mill Site',
      'mixed Yard',
      'Open Yard',
      'Silo Yard',
    ]);
    expect(names((await call('plainUser', '/api/locations?kind=deliveryLocation')).json<TLocationList>())).toEqual(['Bakery Site', 'Mill Site']);
    expect(names((await call('plainUser', '/api/locations?kind=warehouse&includeOwned=true')).json<TLocationList>())).toEqual(['mixed Yard', 'Open Yard', 'Silo Yard']);
    const mill = (await call('plainUser', `/api/locations?consigneeId=${id.consignee}`)).json<TLocationList>();
    expect(mill.rows).toEqual([expect.objectContaining({ name: 'Mill Site', locationKindId: 2, consigneeId: id.consignee, customerId: null, storageTypeId: 2 })]);
    const bakery = (await call('plainUser', `/api/locations?customerId=${id.customer}`)).json<TLocationList>();
    expect(bakery.rows).toEqual([expect.objectContaining({ name: 'Bakery Site', consigneeId: null, customerId: id.customer })]);
    // Empty values are no filter (spec 5: the web drops them, but one that slips through changes nothing).
    expect(names((await call('plainUser', '/api/locations?kind=&consigneeId=&search=')).json<TLocationList>())).toEqual(['mixed Yard', 'Open Yard', 'Silo Yard']);
  });

  it('filters by storage type: 1 with silos, 2 without silo, 3 any', async () => {
    const by = async (query: string) => names((await call('plainUser', `/api/locations?${query}`)).json<TLocationList>());
    expect(await by('storageType=1')).toEqual(['mixed Yard', 'Silo Yard']);
    expect(await by('storageType=2')).toEqual(['mixed Yard', 'Open Yard']);
    expect(await by('storageType=3')).toEqual(['mixed Yard', 'Open Yard', 'Silo Yard']);
    expect(await by('storageType=1&includeOwned=true')).toEqual(['Bakery Site', 'mixed Yard', 'Silo Yard']);
    expect(await by('storageType=2&kind=deliveryLocation')).toEqual(['Mill Site']);
    expect((await call('plainUser', '/api/locations?storageType=4')).statusCode).toBe(400);
  });

  it('lists storage locations: warehouses with their active weight machines', async () => {
    const list = (await call('plainUser', '/api/locations?storageType=storageLocations&includeOwned=true')).json<TLocationList>();
    expect(list.rows.map((row) => [row.name, row.WeightMachine])).toEqual([
      ['mixed Yard', [{ id: id.wb3, weightMachineId: 'WB-3', name: null }]],
      ['Open Yard', []],
      ['Silo Yard', [{ id: id.wb1, weightMachineId: 'WB-1', name: 'Gate 1' }]],
    ]);
    // Other storage filters carry no machines.
    expect((await call('plainUser', '/api/locations?storageType=1')).json<TLocationList>().rows[0]).not.toHaveProperty('WeightMachine');
  });

  it('filters by ids and searches names from the third character, any case', async () => {
    const byIds = (await call('plainUser', `/api/locations?ids=${id.openYard},${id.siloYard},${id.oldSiloYard}`)).json<TLocationList>();
    expect(names(byIds)).toEqual(['Open Yard', 'Silo Yard']);
    expect(names((await call('plainUser', '/api/locations?search=si')).json<TLocationList>())).toEqual(['mixed Yard', 'Open Yard', 'Silo Yard']);
    expect(names((await call('plainUser', '/api/locations?search=SIL')).json<TLocationList>())).toEqual(['Silo Yard']);
    expect(names((await call('plainUser', '/api/locations?search=site&includeOwned=true')).json<TLocationList>())).toEqual(['Bakery Site', 'Mill Site']);
    expect(names((await call('plainUser', '/api/locations?search=%25%25%25')).json<TLocationList>())).toEqual([]);
    expect((await call('plainUser', '/api/locations?ids=1,x')).statusCode).toBe(400);
  });

  it('caps the rows at the limit and counts every match', async () => {
    const page = (await call('plainUser', '/api/locations?limit=2')).json<TLocationList>();
    expect(names(page)).toEqual(['mixed Yard', 'Open Yard']);
    expect(page.count).toBe(3);
    expect((await call('plainUser', '/api/locations?limit=501')).statusCode).toBe(400);
    expect((await call('plainUser', '/api/locations?search=nothing-like-this')).json<TLocationList>()).toEqual({ rows: [], count: 0 });
  });

  it('shows a user with assigned locations only those', async () => {
    expect(names((await call('scopedUser', '/api/locations?includeOwned=true')).json<TLocationList>())).toEqual(['Mill Site', 'Silo Yard']);
    expect(names((await call('scopedUser', `/api/locations?ids=${id.openYard}`)).json<TLocationList>())).toEqual([]);
  });
});

describe('GET /api/locations/:id', () => {
  it('answers one location with its active silos and weight machines', async () => {
    const response = await call('plainUser', `/api/locations/${id.mixedYard}`);
    expect(response.statusCode).toBe(200);
    expect(response.json<TLocationDetail>()).toEqual({
      id: id.mixedYard,
      name: 'mixed Yard',
      locationKindId: 1,
      storageTypeId: 3,
      consigneeId: null,
      customerId: null,
      locationId: id.mixedYard,
      locationName: 'mixed Yard',
      code: 'MX',
      address: null,
      city: 'Jeddah',
      latitude: 21.485811,
      longitude: 39.192505,
      Silo: [{ id: id.silo2, name: 'M1', capacity: 250.125 }],
      WeightMachine: [{ id: id.wb3, weightMachineId: 'WB-3', name: null }],
    });
    const silo = (await call('plainUser', `/api/locations/${id.siloYard}`)).json<TLocationDetail>();
    expect(silo.Silo.map((s) => s.name)).toEqual(['S1']);
    expect(silo.WeightMachine.map((m) => m.weightMachineId)).toEqual(['WB-1']);
  });

  it('answers 404 for inactive, unknown, foreign and out-of-scope locations', async () => {
    for (const [who, locationId] of [
      ['plainUser', id.oldSiloYard],
      ['plainUser', 987654],
      ['plainUser', id.foreignYard],
      ['scopedUser', id.openYard],
    ] as const) {
      const response = await call(who, `/api/locations/${locationId}`);
      expect(response.statusCode, `${who} ${locationId}`).toBe(404);
      expect(response.json<TApiError>().code).toBe('NOT_FOUND');
    }
    expect((await call('scopedUser', `/api/locations/${id.millSite}`)).statusCode).toBe(200);
  });
});

describe('GET /api/locations/silo-locations', () => {
  it('lists active silos of active locations, by location then name, in the picker shape', async () => {
    const list = (await call('plainUser', '/api/locations/silo-locations')).json<TSiloLocationList>();
    expect(list).toEqual({
      rows: [
        { id: id.silo2, name: 'M1', locationId: id.mixedYard, locationName: 'mixed Yard', consigneeId: null, capacity: 250.125 },
        { id: id.silo1, name: 'S1', locationId: id.siloYard, locationName: 'Silo Yard', consigneeId: null, capacity: 1000.5 },
      ],
      count: 2,
    });
  });

  it('narrows to one location and to the user’s locations', async () => {
    expect(names((await call('plainUser', `/api/locations/silo-locations?locationId=${id.mixedYard}`)).json<TSiloLocationList>())).toEqual(['M1']);
    expect(names((await call('plainUser', `/api/locations/silo-locations?locationId=${id.foreignYard}`)).json<TSiloLocationList>())).toEqual([]);
    expect(names((await call('scopedUser', '/api/locations/silo-locations')).json<TSiloLocationList>())).toEqual(['S1']);
    expect(names((await call('scopedUser', `/api/locations/silo-locations?locationId=${id.mixedYard}`)).json<TSiloLocationList>())).toEqual([]);
  });
});

describe('GET /api/weightMachine/location', () => {
  it('lists the active machines of a location for holders of the weight display flag', async () => {
    const response = await call('weightUser', `/api/weightMachine/location?locationId=${id.siloYard}`);
    expect(response.statusCode).toBe(200);
    expect(response.json<TLocationWeightMachineList>()).toEqual({ rows: [{ id: id.wb1, weightMachineId: 'WB-1', name: 'Gate 1' }], count: 1 });
    expect((await call('adminA', `/api/weightMachine/location?locationId=${id.openYard}`)).json<TLocationWeightMachineList>()).toEqual({ rows: [], count: 0 });
  });

  it('needs a location the user may see', async () => {
    expect((await call('weightUser', '/api/weightMachine/location')).statusCode).toBe(400);
    expect((await call('weightUser', `/api/weightMachine/location?locationId=${id.foreignYard}`)).statusCode).toBe(404);
    expect((await call('weightUser', `/api/weightMachine/location?locationId=${id.oldSiloYard}`)).statusCode).toBe(404);
    expect((await call('scopedUser', `/api/weightMachine/location?locationId=${id.mixedYard}`)).statusCode).toBe(404);
    expect((await call('scopedUser', `/api/weightMachine/location?locationId=${id.siloYard}`)).statusCode).toBe(200);
  });

  it('refuses users without the weight display or weight machine flag', async () => {
    expect((await call('plainUser', `/api/weightMachine/location?locationId=${id.siloYard}`)).statusCode).toBe(403);
  });

  it('leaves the generic weight machine routes working beside it', async () => {
    const one = await call('adminA', `/api/weightMachine/${id.wb1}`);
    expect(one.statusCode).toBe(200);
    expect(one.json<TResourceRow>()).toMatchObject({ id: id.wb1, weightMachineId: 'WB-1' });
    expect((await call('adminA', '/api/weightMachine?status=active')).json<{ count: number }>().count).toBe(2);
  });
});

describe('agency isolation', () => {
  const urls = () => ['/api/locations', `/api/locations/${id.siloYard}`, '/api/locations/silo-locations', `/api/weightMachine/location?locationId=${id.siloYard}`];

  it('refuses another agency’s header with 403 and no session with 401', async () => {
    for (const url of urls()) {
      const response = await call('adminB', url, agencyA);
      expect(response.statusCode, url).toBe(403);
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
  });

  it('answers each agency its own rows, also to a super admin who picks the agency', async () => {
    expect((await call('adminB', '/api/locations')).json<TLocationList>().rows.map((row) => row.id)).toEqual([id.foreignYard]);
    expect((await call('superAdmin', '/api/locations', agencyB)).json<TLocationList>().rows.map((row) => row.id)).toEqual([id.foreignYard]);
    expect((await call('superAdmin', '/api/locations/silo-locations', agencyB)).json<TSiloLocationList>().rows.map((row) => row.id)).toEqual([id.foreignSilo]);
    expect((await call('superAdmin', `/api/weightMachine/location?locationId=${id.foreignYard}`, agencyB)).json<TLocationWeightMachineList>().rows.map((row) => row.id)).toEqual([id.foreignWb]);
    expect((await call('superAdmin', `/api/locations/${id.siloYard}`, agencyB)).statusCode).toBe(404);
    expect((await call('adminB', `/api/locations/${id.siloYard}`)).statusCode).toBe(404);
  });

  it('asks a super admin to pick an agency first', async () => {
    expect((await call('superAdmin', '/api/locations')).statusCode).toBe(400);
  });
});

describe('OpenAPI', () => {
  it('documents the picker routes with their queries', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const paths = response.json<{ paths: Record<string, { get?: { parameters?: { name: string }[] } }> }>().paths;
    expect(paths['/api/locations']?.get?.parameters?.map((p) => p.name)).toEqual(
      expect.arrayContaining(['kind', 'storageType', 'consigneeId', 'customerId', 'includeOwned', 'ids', 'search', 'limit']),
    );
    expect(Object.keys(paths)).toEqual(expect.arrayContaining(['/api/locations/{id}', '/api/locations/silo-locations', '/api/weightMachine/location']));
  });
});
