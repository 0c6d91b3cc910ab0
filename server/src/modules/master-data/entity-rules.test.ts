import { randomBytes } from 'node:crypto';
import { DEFAULT_STABILITY, resourceByKey, type ResourceDef, type TImportError, type TResourceRow, type TUploadResponse } from '@tonnage/contracts';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inAgency } from '../../platform/db/tenancy';
import { AppError } from '../../platform/errors';
import { bearer, loginAs, makeAgency, makeUser } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { sampleInput, sampleReferences, withUploadedImages } from '../../test/resource-samples';
import { users } from '../../identity/users.schema';
import { columnsOf, hikConnectDevices, tableFor } from './master-data.schema';
import { openResourceSecret } from './master-data.secrets';
import { withUniqueConflict } from './master-data.service';
import { loadActiveWeighbridges, stabilitySettingsOf } from '../weighing/weighbridges';

/**
 * The rules of the sites and rules entities beyond the generic suite: cross-field rules, unique-together keys,
 * secret and image fields, the company admin column, the rules that need the database, the delete refusal code,
 * and the same rules on import.
 */
let t: TestApp;
let agencyA: number;
let agencyB: number;
let adminA: string;
let adminB: string;
let serial = 20_000;

type Json = Record<string, unknown>;
type ErrorBody = { message: string; code: string; details: Record<string, string> };

const headers = (token: string, agencyId: number) => ({ ...bearer(token), 'x-agency-id': String(agencyId) });

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Json, agency: 'A' | 'B' = 'A') {
  const [token, agencyId] = agency === 'A' ? [adminA, agencyA] : [adminB, agencyB];
  return t.app.inject({ method, url, headers: headers(token, agencyId), ...(payload ? { payload } : {}) });
}

/** Creates a row through the API from a sample (references made first, shared down), with overrides. */
async function createRow(key: string, overrides: Json = {}, agency: 'A' | 'B' = 'A', shared: Record<string, number> = {}): Promise<TResourceRow> {
  const resource = resourceByKey(key);
  const agencyId = agency === 'A' ? agencyA : agencyB;
  const refs = await sampleReferences(resource, async (target, own) => (await createRow(target.key, {}, agency, own)).id, shared);
  serial += 1;
  const input = await withUploadedImages(t.database.db, { resource, agencyId, input: sampleInput(resource, serial, refs) });
  const response = await call('POST', `/api/${key}`, { ...input, ...overrides }, agency);
  if (response.statusCode !== 201) throw new Error(`create ${key}: ${response.statusCode} ${response.body}`);
  return response.json<TResourceRow>();
}

/** A valid body of a resource (references made first) with overrides, not yet sent. */
async function bodyOf(key: string, overrides: Json = {}): Promise<Json> {
  const resource = resourceByKey(key);
  const refs = await sampleReferences(resource, async (target, shared) => (await createRow(target.key, {}, 'A', shared)).id);
  serial += 1;
  return { ...(await withUploadedImages(t.database.db, { resource, agencyId: agencyA, input: sampleInput(resource, serial, refs) })), ...overrides };
}

/** The error body of a response that must have the status. */
function refused(response: { statusCode: number; json: <T>() => T }, status: number): ErrorBody {
  expect(response.statusCode).toBe(status);
  return response.json<ErrorBody>();
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  agencyA = (await makeAgency(db, { name: 'Rules A' })).id;
  agencyB = (await makeAgency(db, { name: 'Rules B' })).id;
  adminA = await loginAs(t.app, (await makeUser(db, { kind: 'agencyAdmin', agencyId: agencyA })).username);
  adminB = await loginAs(t.app, (await makeUser(db, { kind: 'agencyAdmin', agencyId: agencyB })).username);
});
afterAll(async () => {
  await t.close();
});

describe('cross-field rules', () => {
  it('vessel: the IMO number must pass its check digit', async () => {
    expect((await call('POST', '/api/vessel', await bodyOf('vessel', { imoNumber: '9074729' }))).statusCode).toBe(201);
    const bad = refused(await call('POST', '/api/vessel', await bodyOf('vessel', { imoNumber: '9074728' })), 400);
    expect(bad.details.imoNumber).toBe('This IMO number fails its check digit.');
  });

  it('delivery location: the owner type picks which owner is required, and the other must be empty', async () => {
    const consignee = await createRow('consignee');
    const customer = await createRow('customer');
    const missing = refused(await call('POST', '/api/deliveryLocation', await bodyOf('deliveryLocation', { ownerType: 'consignee', consigneeId: null, customerId: null })), 400);
    expect(missing.details).toEqual({ consigneeId: 'Please select consignee!' });
    const both = refused(await call('POST', '/api/deliveryLocation', await bodyOf('deliveryLocation', { ownerType: 'customer', consigneeId: consignee.id, customerId: null })), 400);
    expect(both.details).toEqual({ customerId: 'Please select customer!', consigneeId: "A customer's location has no consignee." });
    const own = await call('POST', '/api/deliveryLocation', await bodyOf('deliveryLocation', { ownerType: 'customer', consigneeId: null, customerId: customer.id }));
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json<TResourceRow>().customerIdName).toBe(customer.name);
  });

  it('weight machine: TCP needs host and port, a serial line its device and baud rate', async () => {
    const tcp = refused(await call('POST', '/api/weightMachine', await bodyOf('weightMachine', { protocol: 'tcp', host: null, port: null })), 400);
    expect(tcp.details).toEqual({ host: 'Please input host!', port: 'Please input port!' });
    const serial = refused(await call('POST', '/api/weightMachine', await bodyOf('weightMachine', { protocol: 'serial', serialPath: '', baudRate: null })), 400);
    expect(serial.details).toEqual({ serialPath: 'Please input serial device!', baudRate: 'Please select baud rate!' });
    const ok = await call('POST', '/api/weightMachine', await bodyOf('weightMachine', { protocol: 'serial', host: null, port: null, serialPath: '/dev/ttyUSB0', baudRate: '9600' }));
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('weight machine: the weighing rules take their defaults, limits run upward and stay positive', async () => {
    const body = await bodyOf('weightMachine');
    const rules = ['indicatorFormat', 'stableSeconds', 'motionBand', 'threshold', 'zeroBand', 'staleMs', 'minGross', 'maxGross', 'minNet', 'maxNet', 'minDifference'];
    for (const name of rules) body[name] = undefined;
    const created = await call('POST', '/api/weightMachine', body);
    expect(created.statusCode, created.body).toBe(201);
    const row = created.json<TResourceRow>();
    expect(stabilitySettingsOf(row)).toEqual({ ...DEFAULT_STABILITY, maxGross: null });
    expect(row.indicatorFormat).toBe('toledo');

    const crossed = refused(await call('POST', '/api/weightMachine', await bodyOf('weightMachine', { minGross: 50_000, maxGross: 40_000, minNet: 30_000, maxNet: 20_000, zeroBand: 1000, threshold: 1000 })), 400);
    expect(crossed.details).toEqual({
      maxGross: 'Maximum gross must not be below minimum gross.',
      maxNet: 'Maximum net must not be below minimum net.',
      threshold: 'Truck-on-deck threshold must be above the zero band.',
    });
    const negative = refused(await call('POST', '/api/weightMachine', await bodyOf('weightMachine', { motionBand: 0, staleMs: -5, stableSeconds: 0 })), 400);
    expect(Object.keys(negative.details).sort()).toEqual(['motionBand', 'stableSeconds', 'staleMs']);
    const format = refused(await call('POST', '/api/weightMachine', await bodyOf('weightMachine', { indicatorFormat: 'ascii' })), 400);
    expect(Object.keys(format.details)).toEqual(['indicatorFormat']);

    const updated = await call('PUT', `/api/weightMachine/${row.id}`, { ...body, ...rules.reduce((all, name) => ({ ...all, [name]: undefined }), {}), indicatorFormat: 'sma', stableSeconds: 2.5, staleMs: 3000, minGross: 5000, maxGross: 60_000 });
    expect(updated.statusCode, updated.body).toBe(200);
    const [stored] = await loadActiveWeighbridges(t.database.db).then((all) => all.filter((bridge) => bridge.id === row.id));
    expect(stored).toMatchObject({ indicatorFormat: 'sma', settings: { ...DEFAULT_STABILITY, stableSeconds: 2.5, staleMs: 3000, minGross: 5000, maxGross: 60_000 } });
  });

  it('truck and driver rules: each rule type needs its fields, and the period runs forward', async () => {
    const cap = refused(await call('POST', '/api/truckRule', await bodyOf('truckRule', { ruleType: 'maxTripsPerDay', maxTripsPerDay: null })), 400);
    expect(cap.details).toEqual({ maxTripsPerDay: 'Please input maximum trips per day!' });
    const document = refused(await call('POST', '/api/driverRule', await bodyOf('driverRule', { ruleType: 'requireDocument', documentName: null, documentExpiry: null })), 400);
    expect(document.details).toEqual({ documentName: 'Please input document!', documentExpiry: 'Please input document valid until!' });
    const period = refused(await call('POST', '/api/truckRule', await bodyOf('truckRule', { validFrom: '2027-03-10', validTo: '2027-03-09' })), 400);
    expect(period.details).toEqual({ validTo: 'Valid to can not be before valid from.' });
    const licence = await call('POST', '/api/driverRule', await bodyOf('driverRule', { ruleType: 'requireValidLicence', validFrom: '2027-03-10', validTo: '2027-03-10' }));
    expect(licence.statusCode, licence.body).toBe(201);
  });

  it('cargo control rule: blocks intake or dispatch, or caps the stock', async () => {
    const none = refused(await call('POST', '/api/cargoControlRule', await bodyOf('cargoControlRule', { blockIn: false, blockOut: false, maxStock: null })), 400);
    expect(none.details).toEqual({ maxStock: 'Please block intake or dispatch, or set a maximum stock.' });
    expect((await call('POST', '/api/cargoControlRule', await bodyOf('cargoControlRule', { blockIn: true, blockOut: false, maxStock: null }))).statusCode).toBe(201);
  });
});

describe('unique together', () => {
  it('silo: a name once per warehouse, in any letter case; the same name in another warehouse is fine', async () => {
    const warehouse = await createRow('warehouse', { storageType: 'silo' });
    const other = await createRow('warehouse', { storageType: 'both' });
    const silo = await createRow('silo', { warehouseId: warehouse.id, name: 'Silo North' });
    const duplicate = refused(await call('POST', '/api/silo', { warehouseId: warehouse.id, name: 'SILO north', capacity: 100 }), 409);
    expect(duplicate).toEqual({ message: 'This warehouse already has a silo of this name.', code: 'CONFLICT', details: { name: 'This warehouse already has a silo of this name.' } });
    expect((await call('POST', '/api/silo', { warehouseId: other.id, name: 'Silo North', capacity: 100 })).statusCode).toBe(201);
    const second = await createRow('silo', { warehouseId: warehouse.id, name: 'Silo South' });
    refused(await call('PUT', `/api/silo/${second.id}`, { warehouseId: warehouse.id, name: 'silo NORTH', capacity: 5 }), 409);
    // A row keeps its own combination on update.
    expect((await call('PUT', `/api/silo/${silo.id}`, { warehouseId: warehouse.id, name: 'Silo North', capacity: 5 })).statusCode).toBe(200);
    // The same name in another agency is another agency's business.
    expect((await createRow('silo', { name: 'Silo North' }, 'B')).name).toBe('Silo North');
  });

  it('handling loss rule: one per cargo type and warehouse, and one for every warehouse (an empty warehouse compares equal)', async () => {
    const cargo = await createRow('cargoType');
    const warehouse = await createRow('warehouse');
    const body = (locationId: number | null, name: string) => ({ name, cargoTypeId: cargo.id, locationId, allowedLossPercent: 0.25 });
    expect((await call('POST', '/api/handlingLossRule', body(null, 'Every warehouse'))).statusCode).toBe(201);
    expect((await call('POST', '/api/handlingLossRule', body(warehouse.id, 'This warehouse'))).statusCode).toBe(201);
    const message = 'A rule for this cargo type and warehouse already exists.';
    expect(refused(await call('POST', '/api/handlingLossRule', body(null, 'Every warehouse again')), 409)).toMatchObject({ details: { locationId: message } });
    expect(refused(await call('POST', '/api/handlingLossRule', body(warehouse.id, 'This warehouse again')), 409)).toMatchObject({ message, details: { locationId: message } });
  });

  it('maps a violation of the unique-together index (a write that lost the race with the pre-check) to the same 409', async () => {
    const silo = resourceByKey('silo');
    const warehouse = await createRow('warehouse');
    await createRow('silo', { warehouseId: warehouse.id, name: 'Raced' });
    const write = () => inAgency(t.database.db, agencyA, (tx) => tx.insert(tableFor(silo)).values({ agencyId: agencyA, warehouseId: warehouse.id, name: 'RACED', capacity: 1 }));
    const error = await withUniqueConflict(silo, write).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ statusCode: 409, code: 'CONFLICT', details: { name: 'This warehouse already has a silo of this name.' } });
  });
});

/** A column of the Hik-Connect devices table, read raw (as the owner, below the API). */
function hikColumn(name: string) {
  const found = columnsOf(hikConnectDevices)[name];
  if (!found) throw new Error(`no column ${name}`);
  return found;
}

describe('secret fields', () => {
  const hik = () => resourceByKey('hikConnect');
  const stored = async (id: number) => {
    const [row] = await t.database.db.select({ password: hikColumn('password') }).from(hikConnectDevices).where(eq(hikColumn('id'), id));
    return typeof row?.password === 'string' ? row.password : null;
  };
  const open = (sealed: string | null) => openResourceSecret(t.config, { agencyId: agencyA, resource: hik(), field: 'password', sealed: sealed ?? '' });

  it('stores the password encrypted, never returns it, keeps it on an empty update and replaces it on a new one', async () => {
    const body = await bodyOf('hikConnect', { password: 'Cam#Pass 1' });
    const created = await call('POST', '/api/hikConnect', body);
    expect(created.statusCode, created.body).toBe(201);
    const row = created.json<TResourceRow>();
    expect([row.password, row.passwordSet]).toEqual([null, true]);
    const sealed = await stored(row.id);
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain('Cam#Pass');
    expect(open(sealed)).toBe('Cam#Pass 1');

    const get = await call('GET', `/api/hikConnect/${row.id}`);
    const list = await call('GET', `/api/hikConnect?limit=100&search=${encodeURIComponent(String(row.name))}`);
    const exported = await call('GET', '/api/hikConnect/export.xlsx?lang=en');
    for (const text of [get.body, list.body, exported.rawPayload.toString('latin1')]) {
      expect(text).not.toContain('Cam#Pass');
      expect(text).not.toContain(sealed ?? 'no secret');
    }
    expect(get.json<TResourceRow>()).toMatchObject({ password: null, passwordSet: true });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    expect((workbook.worksheets[0]?.getRow(1).values as unknown[]).slice(1)).not.toContain('Password');

    for (const password of ['', null]) {
      const kept = await call('PUT', `/api/hikConnect/${row.id}`, { ...body, password });
      expect(kept.statusCode, kept.body).toBe(200);
      expect(kept.json<TResourceRow>().passwordSet).toBe(true);
      expect(await stored(row.id)).toBe(sealed);
    }
    const replaced = await call('PUT', `/api/hikConnect/${row.id}`, { ...body, password: 'New#Pass 2' });
    expect(replaced.statusCode).toBe(200);
    expect(await stored(row.id)).not.toBe(sealed);
    expect(open(await stored(row.id))).toBe('New#Pass 2');

    const without = await call('POST', '/api/hikConnect', await bodyOf('hikConnect', { password: null }));
    expect(without.json<TResourceRow>()).toMatchObject({ password: null, passwordSet: false });
    expect(await stored(without.json<TResourceRow>().id)).toBeNull();
  });
});

describe('image fields', () => {
  const upload = async (agencyId: number, token: string): Promise<TUploadResponse> => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(120)]);
    const boundary = `----tonnage${randomBytes(8).toString('hex')}`;
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="driver.png"\r\nContent-Type: image/png\r\n\r\n`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/file?directory=drivers',
      headers: { ...headers(token, agencyId), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([Buffer.from(head), png, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TUploadResponse>();
  };

  it('takes the path of a photo uploaded in the agency, and refuses one of another agency or never uploaded', async () => {
    const own = await upload(agencyA, adminA);
    const created = await call('POST', '/api/driver', await bodyOf('driver', { photo: own.path }));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<TResourceRow>().photo).toBe(own.path);

    const foreign = await upload(agencyB, adminB);
    const message = 'Please enter a valid photo!';
    expect((refused(await call('POST', '/api/driver', await bodyOf('driver', { photo: foreign.path })), 400)).details).toEqual({ photo: message });
    const invented = own.path.replace(/[0-9a-f]{8}-/, '00000000-');
    expect((refused(await call('PUT', `/api/driver/${created.json<TResourceRow>().id}`, await bodyOf('driver', { photo: invented })), 400)).details).toEqual({ photo: message });
    expect((refused(await call('POST', '/api/driver', await bodyOf('driver', { photo: 'documents/2026/11/x.pdf' })), 400)).details).toEqual({ photo: message });
  });
});

describe('company admin column', () => {
  it('names the first active company admin of the company in get, list and export', async () => {
    const db = t.database.db;
    const consignee = await createRow('consignee', { name: 'Admin Column Mills' });
    expect(consignee.adminName).toBeNull();
    const first = await makeUser(db, { kind: 'companyAdmin', agencyId: agencyA, companyId: consignee.id, firstName: 'Amal', lastName: 'Haddad' });
    await makeUser(db, { kind: 'companyAdmin', agencyId: agencyA, companyId: consignee.id, firstName: 'Basel', lastName: null });
    await makeUser(db, { kind: 'agencyUser', agencyId: agencyA, companyId: consignee.id, firstName: 'Not', lastName: 'Admin' });
    expect((await call('GET', `/api/consignee/${consignee.id}`)).json<TResourceRow>().adminName).toBe('Amal Haddad');
    const list = await call('GET', '/api/consignee?limit=100&search=Admin%20Column');
    expect(list.json<{ rows: TResourceRow[] }>().rows.map((r) => r.adminName)).toEqual(['Amal Haddad']);

    await db.update(users).set({ isActive: false }).where(eq(users.id, first.id));
    expect((await call('GET', `/api/consignee/${consignee.id}`)).json<TResourceRow>().adminName).toBe('Basel');

    const exported = await call('GET', '/api/consignee/export.xlsx?lang=en&search=Admin%20Column');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const header = (sheet?.getRow(1).values as unknown[]).slice(1);
    expect(header).toContain('Company admin');
    expect(sheet?.getRow(2).getCell(header.indexOf('Company admin') + 1).value).toBe('Basel');
  });
});

describe('dates in the master data export', () => {
  it('writes a date field as an Excel date on its calendar day, as the transaction exports do', async () => {
    await createRow('driver', { name: 'Expiry Date Driver', licenceExpiry: '2028-05-17' });
    const exported = await call('GET', '/api/driver/export.xlsx?lang=en&search=Expiry%20Date%20Driver');
    expect(exported.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const header = (sheet?.getRow(1).values as unknown[]).slice(1);
    const cell = sheet?.getRow(2).getCell(header.indexOf('Licence expiry') + 1);
    expect(cell?.value).toEqual(new Date('2028-05-17T00:00:00.000Z'));
    expect(cell?.numFmt).toBe('dd-mmm-yyyy');
    expect(sheet?.actualRowCount).toBe(2);
  });
});

describe('rules that need the database', () => {
  it('silo: only in a warehouse with silos', async () => {
    const open = await createRow('warehouse', { storageType: 'openArea' });
    const bad = refused(await call('POST', '/api/silo', { warehouseId: open.id, name: 'Nowhere', capacity: 10 }), 400);
    expect(bad.details).toEqual({ warehouseId: 'Silos can only be added to a warehouse with silos (storage type Silos or Both).' });
  });

  it('warehouse: becomes an open area only once its silos are deactivated', async () => {
    const warehouse = await createRow('warehouse', { storageType: 'both' });
    const silo = await createRow('silo', { warehouseId: warehouse.id });
    const { id, isActive: _active, createdAt: _created, updatedAt: _updated, ...fields } = warehouse;
    const bad = refused(await call('PUT', `/api/warehouse/${id}`, { ...fields, storageType: 'openArea' }), 400);
    expect(bad.details).toEqual({ storageType: 'This warehouse has silos; deactivate them before making it an open area.' });
    expect((await call('PUT', `/api/warehouse/${id}`, { ...fields, storageType: 'silo' })).statusCode).toBe(200);
    await call('PUT', `/api/silo/${silo.id}/toggle-status`);
    expect((await call('PUT', `/api/warehouse/${id}`, { ...fields, storageType: 'openArea' })).statusCode).toBe(200);
  });

  it('truck and driver rules: the truck or driver belongs to the rule\'s transporter', async () => {
    const transporter = await createRow('transporter');
    const truck = await createRow('truck');
    const driver = await createRow('driver');
    const truckRule = refused(await call('POST', '/api/truckRule', await bodyOf('truckRule', { transporterId: transporter.id, truckId: truck.id })), 400);
    expect(truckRule.details).toEqual({ truckId: 'This truck belongs to another transporter.' });
    const driverRule = refused(await call('POST', '/api/driverRule', await bodyOf('driverRule', { transporterId: transporter.id, driverId: driver.id })), 400);
    expect(driverRule.details).toEqual({ driverId: 'This driver works for another transporter.' });
    expect((await call('POST', '/api/truckRule', await bodyOf('truckRule', { transporterId: truck.transporterId, truckId: truck.id }))).statusCode).toBe(201);
    expect((await call('POST', '/api/driverRule', await bodyOf('driverRule', { transporterId: transporter.id, driverId: null }))).statusCode).toBe(201);
  });

  it('Hik-Connect device: its weight machine stands at its location', async () => {
    const machine = await createRow('weightMachine');
    const elsewhere = await createRow('warehouse');
    const bad = refused(await call('POST', '/api/hikConnect', await bodyOf('hikConnect', { locationId: elsewhere.id, machineId: machine.id })), 400);
    expect(bad.details).toEqual({ machineId: 'This weight machine stands at another location.' });
    expect((await call('POST', '/api/hikConnect', await bodyOf('hikConnect', { locationId: machine.locationId, machineId: machine.id }))).statusCode).toBe(201);
  });
});

describe('delete refusal', () => {
  it('answers RECORD_IN_USE with the count per referring resource', async () => {
    const port = await createRow('port');
    for (let i = 0; i < 3; i += 1) await createRow('berth', { portId: port.id });
    const body = refused(await call('DELETE', `/api/port/${port.id}`), 409);
    expect(body).toEqual({ message: 'This record is used by 3 berths; deactivate it instead.', code: 'RECORD_IN_USE', details: { berth: '3' } });
  });
});

describe('import of the entity rules', () => {
  async function importRows(resource: ResourceDef, rows: (string | number | null)[][]) {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Import');
    for (const row of rows) sheet.addRow(row);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const boundary = `----tonnage${randomBytes(8).toString('hex')}`;
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="import.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    return t.app.inject({
      method: 'POST',
      url: `/api/${resource.key}/import`,
      headers: { ...headers(adminA, agencyA), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    });
  }

  it('reports a cross-field error on its row and field', async () => {
    const response = await importRows(resourceByKey('vessel'), [
      ['Name', 'IMO number', 'Vessel type'],
      ['Import Star', '9176187', 'Bulk carrier'],
      ['Import Moon', '9176188', 'Panamax'],
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json<TImportError>().rows).toEqual([{ row: 3, errors: { imoNumber: 'This IMO number fails its check digit.' } }]);
  });

  it('refuses a unique-together duplicate inside the file (any letter case) and against the database, and a broken database rule', async () => {
    const warehouse = await createRow('warehouse', { name: 'Import Silo Yard', storageType: 'silo' });
    const open = await createRow('warehouse', { name: 'Import Open Yard', storageType: 'openArea' });
    await createRow('silo', { warehouseId: warehouse.id, name: 'Existing Silo' });
    const response = await importRows(resourceByKey('silo'), [
      ['Warehouse', 'Name', 'Capacity (MT)'],
      [warehouse.name as string, 'Silo A', 100],
      [warehouse.name as string, 'SILO a', 100],
      [warehouse.name as string, 'existing silo', 100],
      [open.name as string, 'Silo B', 100],
    ]);
    expect(response.statusCode).toBe(400);
    const message = 'This warehouse already has a silo of this name.';
    expect(response.json<TImportError>().rows).toEqual([
      { row: 3, errors: { name: 'The same warehouse and name is in row 2.' } },
      { row: 4, errors: { name: message } },
      { row: 5, errors: { warehouseId: 'Silos can only be added to a warehouse with silos (storage type Silos or Both).' } },
    ]);
  });

  it('refuses a photo path that is not a file of the agency', async () => {
    const transporter = await createRow('transporter', { name: 'Import Photo Haulage' });
    const driver = resourceByKey('driver');
    const foreign = await withUploadedImages(t.database.db, { resource: driver, agencyId: agencyB, input: { photo: 'drivers/2027/01/placeholder.png' } });
    const own = await withUploadedImages(t.database.db, { resource: driver, agencyId: agencyA, input: { photo: 'drivers/2027/01/placeholder.png' } });
    const response = await importRows(driver, [
      ['Transporter', 'Name', 'Licence number', 'Licence expiry', 'Photo'],
      [transporter.name as string, 'Photo Own', 'IMP-P1', '2028-01-01', own.photo as string],
      [transporter.name as string, 'Photo Foreign', 'IMP-P2', '2028-01-01', foreign.photo as string],
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json<TImportError>().rows).toEqual([{ row: 3, errors: { photo: 'Please enter a valid photo!' } }]);
  });

  it('seals a secret column on import', async () => {
    const warehouse = await createRow('warehouse', { name: 'Import Camera Yard' });
    const response = await importRows(resourceByKey('hikConnect'), [
      ['Name', 'Location', 'Address (host or URL)', 'Channel', 'Password'],
      ['Import Camera', warehouse.name as string, '10.1.1.1', 1, 'Imp#Pass 3'],
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await t.database.db.select({ password: hikColumn('password') }).from(hikConnectDevices).where(eq(hikColumn('name'), 'Import Camera'));
    expect(openResourceSecret(t.config, { agencyId: agencyA, resource: resourceByKey('hikConnect'), field: 'password', sealed: String(row?.password) })).toBe('Imp#Pass 3');
  });
});
