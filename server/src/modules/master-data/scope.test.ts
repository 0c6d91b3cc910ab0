import { permissionFlag, resourceByKey, type TResourceRow } from '@tonnage/contracts';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs, makeAgency, makeRole, makeUser } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { sampleInput } from '../../test/resource-samples';
import { columnOf, tableFor } from './master-data.schema';
import { ScopeMessages } from './master-data.scope';

/**
 * Data scope in the resource registry (spec 6): a user sees, exports, picks, changes and creates master data only
 * within their shipment managers, consignees and locations, as each declaration's `scope` says.
 */
let t: TestApp;
let agencyId: number;
let serial = 5000;
const row: Record<string, number> = {};
const tokens: Record<string, string> = {};

async function insert(key: string, values: Record<string, unknown> = {}): Promise<number> {
  serial += 1;
  const resource = resourceByKey(key);
  const references: Record<string, number> = {};
  for (const [name, field] of Object.entries(resource.fields)) {
    const given = values[name];
    // An empty reference is given as null; the sample needs some id to replace.
    if (field.kind === 'reference') references[field.resource] = typeof given === 'number' ? given : 0;
  }
  const [inserted] = await t.database.db
    .insert(tableFor(resource))
    .values({ ...sampleInput(resource, serial, references), ...resource.fixed, ...values, agencyId })
    .returning();
  return Number((inserted as { id?: unknown } | undefined)?.id);
}

async function call(who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) {
  const token = tokens[who];
  if (!token) throw new Error(`no token ${who}`);
  return t.app.inject({ method, url, headers: { ...bearer(token), 'x-agency-id': String(agencyId) }, ...(payload ? { payload } : {}) });
}

const flags = ['Consignee', 'ShipmentManager', 'DeliveryLocation', 'Customer', 'Warehouse', 'WeightMachine'].flatMap((m) => (['view', 'add', 'edit'] as const).map((a) => permissionFlag(m, a)));

async function listIds(who: string, key: string, query = ''): Promise<{ ids: number[]; count: number }> {
  const response = await call(who, 'GET', `/api/${key}?status=all&limit=100${query}`);
  expect(response.statusCode).toBe(200);
  const list = response.json<{ rows: TResourceRow[]; count: number }>();
  return { ids: list.rows.map((r) => r.id).sort((a, b) => a - b), count: list.count };
}

async function exportedNames(who: string, key: string): Promise<string[]> {
  const response = await call(who, 'GET', `/api/${key}/export.xlsx`);
  expect(response.statusCode).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const names: string[] = [];
  workbook.worksheets[0]?.eachRow((r, index) => {
    if (index > 1) names.push(r.getCell(1).text);
  });
  return names.sort();
}

const sorted = (...ids: (number | undefined)[]) => ids.map(Number).sort((a, b) => a - b);

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  agencyId = (await makeAgency(db, { name: 'Scope Agency' })).id;
  row.smA = await insert('shipmentManager', { name: 'Scope SM A' });
  row.smB = await insert('shipmentManager', { name: 'Scope SM B' });
  row.consigneeA = await insert('consignee', { name: 'Scope Consignee A', shipmentManagerId: row.smA });
  row.consigneeB = await insert('consignee', { name: 'Scope Consignee B', shipmentManagerId: row.smB });
  row.consigneeLoose = await insert('consignee', { name: 'Scope Consignee Loose', shipmentManagerId: null });
  row.customer = await insert('customer', { name: 'Scope Customer' });
  row.siteA = await insert('deliveryLocation', { name: 'Scope Site A', ownerType: 'consignee', consigneeId: row.consigneeA, customerId: null });
  row.siteB = await insert('deliveryLocation', { name: 'Scope Site B', ownerType: 'consignee', consigneeId: row.consigneeB, customerId: null });
  row.siteCustomer = await insert('deliveryLocation', { name: 'Scope Site Customer', ownerType: 'customer', consigneeId: null, customerId: row.customer });
  row.warehouse1 = await insert('warehouse', { name: 'Scope Warehouse 1' });
  row.warehouse2 = await insert('warehouse', { name: 'Scope Warehouse 2' });
  row.silo1 = await insert('silo', { name: 'Scope Silo 1', warehouseId: row.warehouse1 });
  row.silo2 = await insert('silo', { name: 'Scope Silo 2', warehouseId: row.warehouse2 });
  row.bridge1 = await insert('weightMachine', { weightMachineId: 'SCOPE-WB-1', locationId: row.warehouse1 });
  row.bridge2 = await insert('weightMachine', { weightMachineId: 'SCOPE-WB-2', locationId: row.warehouse2 });
  const role = await makeRole(db, { agencyId, permissions: flags });
  const users = {
    adminA: await makeUser(db, { kind: 'companyAdmin', agencyId, roleId: role.id, companyId: row.smA }),
    consigneeUser: await makeUser(db, { kind: 'agencyUser', agencyId, roleId: role.id, consigneeIds: [row.consigneeA] }),
    warehouseUser: await makeUser(db, { kind: 'agencyUser', agencyId, roleId: role.id, locationIds: [row.warehouse1, row.siteCustomer] }),
    agencyAdmin: await makeUser(db, { kind: 'agencyAdmin', agencyId }),
  };
  for (const [name, user] of Object.entries(users)) tokens[name] = await loginAs(t.app, user.username);
});
afterAll(async () => {
  await t.close();
});

describe('master data within the data scope', () => {
  it('lists, counts and exports only the rows of a shipment-manager company admin’s own company', async () => {
    expect(await listIds('adminA', 'shipmentManager')).toEqual({ ids: [row.smA], count: 1 });
    expect(await listIds('adminA', 'consignee')).toEqual({ ids: [row.consigneeA], count: 1 });
    // A customer's site follows the location rule alone; a consignee's needs the consignee in scope.
    expect(await listIds('adminA', 'deliveryLocation')).toEqual({ ids: sorted(row.siteA, row.siteCustomer), count: 2 });
    expect((await listIds('adminA', 'consignee', '&search=Scope')).ids).toEqual([row.consigneeA]);
    expect((await listIds('adminA', 'consignee', `&shipmentManagerId=${row.smB}`)).ids).toEqual([]);
    expect(await exportedNames('adminA', 'consignee')).toEqual(['Scope Consignee A']);
    expect(await exportedNames('adminA', 'shipmentManager')).toEqual(['Scope SM A']);
    expect(await exportedNames('adminA', 'deliveryLocation')).toEqual(['Scope Site A', 'Scope Site Customer']);
    // The agency admin is unrestricted.
    expect((await listIds('agencyAdmin', 'consignee')).count).toBe(3);
  });

  it('answers 404 for a row outside the scope, by id and on every write, and changes nothing', async () => {
    const body = { ...sampleInput(resourceByKey('consignee'), 1, { shipmentManager: row.smA ?? 0 }), name: 'Taken over' };
    for (const [key, id] of [['consignee', row.consigneeB], ['consignee', row.consigneeLoose], ['shipmentManager', row.smB], ['deliveryLocation', row.siteB]] as const) {
      expect((await call('adminA', 'GET', `/api/${key}/${id}`)).statusCode).toBe(404);
      expect((await call('adminA', 'PUT', `/api/${key}/${id}/toggle-status`)).statusCode).toBe(404);
      expect((await call('adminA', 'DELETE', `/api/${key}/${id}`)).statusCode).toBe(404);
    }
    expect((await call('adminA', 'PUT', `/api/consignee/${row.consigneeB}`, body)).statusCode).toBe(404);
    const consignees = tableFor(resourceByKey('consignee'));
    const [b] = await t.database.db.select().from(consignees).where(eq(columnOf(consignees, 'id'), row.consigneeB ?? 0));
    expect(b).toMatchObject({ name: 'Scope Consignee B', isActive: true });
    expect((await call('adminA', 'GET', `/api/consignee/${row.consigneeA}`)).json<TResourceRow>().name).toBe('Scope Consignee A');
  });

  it('refuses references and creates outside the scope', async () => {
    const consignee = (overrides: Record<string, unknown>) => ({ ...sampleInput(resourceByKey('consignee'), 77, { shipmentManager: row.smA ?? 0 }), ...overrides });
    const other = await call('adminA', 'POST', '/api/consignee', consignee({ shipmentManagerId: row.smB }));
    expect(other.statusCode).toBe(400);
    expect(other.json<{ details: Record<string, string> }>().details.shipmentManagerId).toBe('Please select shipment manager!');
    const none = await call('adminA', 'POST', '/api/consignee', consignee({ shipmentManagerId: null }));
    expect(none.json<{ details: Record<string, string> }>().details.shipmentManagerId).toBe('Please select shipment manager!');
    const own = await call('adminA', 'POST', '/api/consignee', consignee({ shipmentManagerId: row.smA }));
    expect(own.statusCode).toBe(201);

    const site = { ...sampleInput(resourceByKey('deliveryLocation'), 78, { consignee: row.consigneeB ?? 0, customer: row.customer ?? 0 }), ownerType: 'consignee', consigneeId: row.consigneeB, customerId: null };
    const foreignOwner = await call('adminA', 'POST', '/api/deliveryLocation', site);
    expect(foreignOwner.json<{ details: Record<string, string> }>().details.consigneeId).toBe('Please select consignee!');
    const moved = await call('adminA', 'PUT', `/api/deliveryLocation/${row.siteA}`, { ...site, name: 'Scope Site A' });
    expect(moved.statusCode).toBe(400);

    // A new row's own id cannot be in a restricted list: a new shipment manager for the company admin, a new consignee for a consignee-bound user.
    const manager = await call('adminA', 'POST', '/api/shipmentManager', sampleInput(resourceByKey('shipmentManager'), 79));
    expect(manager.statusCode).toBe(403);
    expect(manager.json<{ message: string }>().message).toBe(ScopeMessages.createOutOfScope);
    expect((await call('consigneeUser', 'POST', '/api/consignee', consignee({ shipmentManagerId: row.smA }))).statusCode).toBe(403);
    expect((await call('warehouseUser', 'POST', '/api/warehouse', sampleInput(resourceByKey('warehouse'), 80))).statusCode).toBe(403);
  });

  it('narrows consignees by assigned consignees and locations by assigned locations', async () => {
    expect((await listIds('consigneeUser', 'consignee')).ids).toEqual([row.consigneeA]);
    expect((await listIds('consigneeUser', 'shipmentManager')).count).toBe(2);
    expect((await listIds('consigneeUser', 'deliveryLocation')).ids).toEqual(sorted(row.siteA, row.siteCustomer));
    expect((await listIds('warehouseUser', 'warehouse')).ids).toEqual([row.warehouse1]);
    expect((await listIds('warehouseUser', 'deliveryLocation')).ids).toEqual([row.siteCustomer]);
    expect((await call('warehouseUser', 'GET', `/api/warehouse/${row.warehouse2}`)).statusCode).toBe(404);
    // A warehouse's silos and weighbridges go with it.
    expect((await listIds('warehouseUser', 'silo')).ids).toEqual([row.silo1]);
    expect((await listIds('warehouseUser', 'weightMachine')).ids).toEqual([row.bridge1]);
    expect((await call('warehouseUser', 'GET', `/api/silo/${row.silo2}`)).statusCode).toBe(404);
    expect((await call('warehouseUser', 'GET', `/api/weightMachine/${row.bridge2}`)).statusCode).toBe(404);
    expect((await listIds('agencyAdmin', 'silo')).ids).toEqual(sorted(row.silo1, row.silo2));
  });

  it('resolves import names only within the scope', async () => {
    const header = 'Name,Shipment manager';
    const upload = (csv: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/consignee/import',
        headers: { ...bearer(tokens.adminA ?? ''), 'x-agency-id': String(agencyId), 'content-type': 'multipart/form-data; boundary=X' },
        payload: `--X\r\nContent-Disposition: form-data; name="file"; filename="c.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--X--\r\n`,
      });
    const foreign = await upload(`${header}\nImported B,Scope SM B\n`);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json<{ rows: { errors: Record<string, string> }[] }>().rows[0]?.errors.shipmentManagerId).toBe('No shipment manager named "Scope SM B" in this agency.');
    const loose = await upload(`${header}\nImported Loose,\n`);
    expect(loose.json<{ rows: { errors: Record<string, string> }[] }>().rows[0]?.errors.shipmentManagerId).toBe('Please select shipment manager!');
    const own = await upload(`${header}\nImported A,Scope SM A\n`);
    expect(own.statusCode).toBe(200);
  });
});
