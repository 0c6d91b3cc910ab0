import { randomBytes } from 'node:crypto';
import { fieldMessages, permissionFlag, resourceByKey, resourceRegistry, type ResourceDef, type TImportError, type TImportResult, type TResourceRow } from '@tonnage/contracts';
import { and, count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/audit.schema';
import { bearer, loginAs, makeAgency, makeRole, makeUser } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { sampleInput, sampleReferences, withUploadedImages } from '../../test/resource-samples';
import { csvDelimiter, parseCsv, readSpreadsheet, strictNumber, XLSX_MAX_INFLATED_BYTES } from './master-data.import';

/**
 * Import from Excel or CSV: a generic part over every registry entry (template, a real .xlsx, a bad row) and the
 * specific rules (Arabic headers, every kind of row error with its row number, file type, limits, permission,
 * agency isolation).
 */
let t: TestApp;
let agencyA: number;
let agencyB: number;
let adminA: string;
let adminB: string;
let serial = 3000;

type Json = Record<string, unknown>;
type Cell = string | number | boolean | Date | null;

const headers = (token: string, agencyId: number = agencyA) => ({ ...bearer(token), 'x-agency-id': String(agencyId) });

/** The references of a sample, made in the agency and shared down (see `sampleReferences`). */
function referencesFor(resource: ResourceDef, options: { token?: string; agencyId?: number; shared?: Record<string, number> }) {
  return sampleReferences(resource, async (target, shared) => (await createRow(target, { ...options, shared })).id, options.shared);
}

async function createRow(resource: ResourceDef, options: { token?: string; agencyId?: number; overrides?: Json; shared?: Record<string, number> } = {}): Promise<TResourceRow> {
  const token = options.token ?? adminA;
  const agencyId = options.agencyId ?? agencyA;
  const refs = await referencesFor(resource, { token, agencyId, shared: options.shared ?? {} });
  serial += 1;
  const input = await withUploadedImages(t.database.db, { resource, agencyId, input: sampleInput(resource, serial, refs) });
  const response = await t.app.inject({ method: 'POST', url: `/api/${resource.key}`, headers: headers(token, agencyId), payload: { ...input, ...options.overrides } });
  if (response.statusCode !== 201) throw new Error(`create ${resource.key}: ${response.statusCode} ${response.body}`);
  return response.json<TResourceRow>();
}

async function rowCount(resource: ResourceDef, agencyId: number = agencyA): Promise<number> {
  const response = await t.app.inject({ method: 'GET', url: `/api/${resource.key}?limit=20`, headers: headers(agencyId === agencyA ? adminA : adminB, agencyId) });
  return response.json<{ count: number }>().count;
}

async function xlsx(rows: Cell[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Import');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function multipart(fileName: string, bytes: Buffer) {
  const boundary = `----tonnage${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return { payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}

function importFile(resource: ResourceDef, bytes: Buffer, options: { token?: string; agencyId?: number; fileName?: string } = {}) {
  const body = multipart(options.fileName ?? 'import.xlsx', bytes);
  return t.app.inject({
    method: 'POST',
    url: `/api/${resource.key}/import`,
    headers: { ...headers(options.token ?? adminA, options.agencyId), 'content-type': body.contentType },
    payload: body.payload,
  });
}

/** A valid spreadsheet row of a resource: references by the referenced row's name, booleans as Yes/No. */
async function sampleCells(resource: ResourceDef, n: number, agencyId: number = agencyA): Promise<Cell[]> {
  const cells: Cell[] = [];
  const refs = await referencesFor(resource, { agencyId, token: agencyId === agencyA ? adminA : adminB });
  const input = await withUploadedImages(t.database.db, { resource, agencyId, input: sampleInput(resource, n, refs) });
  for (const [name, field] of Object.entries(resource.fields)) {
    const value = input[name];
    if (field.kind === 'reference') cells.push(typeof value === 'number' ? await displayName(resourceByKey(field.resource), value, agencyId) : null);
    else if (typeof value === 'boolean') cells.push(value ? 'Yes' : 'No');
    else cells.push((value ?? null) as Cell);
  }
  return cells;
}

/** The display name of a row, as an import file names it. */
async function displayName(resource: ResourceDef, id: number, agencyId: number): Promise<string> {
  const response = await t.app.inject({ method: 'GET', url: `/api/${resource.key}/${id}`, headers: headers(agencyId === agencyA ? adminA : adminB, agencyId) });
  return String(response.json<TResourceRow>()[resource.display]);
}

const labels = (resource: ResourceDef, lang: 'en' | 'ar') => Object.values(resource.fields).map((f) => f.label[lang]);

async function importAudits(resource: ResourceDef): Promise<number> {
  const [row] = await t.database.db.select({ count: count() }).from(auditLog).where(and(eq(auditLog.entity, resource.key), eq(auditLog.action, 'import')));
  return row?.count ?? 0;
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  agencyA = (await makeAgency(db, { name: 'Import A' })).id;
  agencyB = (await makeAgency(db, { name: 'Import B' })).id;
  adminA = await loginAs(t.app, (await makeUser(db, { kind: 'agencyAdmin', agencyId: agencyA })).username);
  adminB = await loginAs(t.app, (await makeUser(db, { kind: 'agencyAdmin', agencyId: agencyB })).username);
});
afterAll(async () => {
  await t.close();
});

describe.each(resourceRegistry.map((resource) => [resource.key, resource] as const))('import of %s', (_key, resource) => {
  it('gives a template whose header row holds every field, in English or Arabic', async () => {
    for (const lang of ['en', 'ar'] as const) {
      const response = await t.app.inject({ method: 'GET', url: `/api/${resource.key}/import-template.xlsx?lang=${lang}`, headers: headers(adminA) });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('spreadsheetml');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0];
      expect((sheet?.getRow(1).values as unknown[]).slice(1)).toEqual(labels(resource, lang));
      expect(sheet?.actualRowCount).toBe(1);
    }
  });

  it('imports every row of a real .xlsx in one go, with one audit row', async () => {
    const before = await rowCount(resource);
    const audits = await importAudits(resource);
    const rows = [labels(resource, 'en'), await sampleCells(resource, 11), await sampleCells(resource, 12), await sampleCells(resource, 13)];
    const response = await importFile(resource, await xlsx(rows));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TImportResult>()).toEqual({ imported: 3, message: `3 ${resource.labels.many.en.toLowerCase()} imported successfully!` });
    expect(await rowCount(resource)).toBe(before + 3);
    expect(await importAudits(resource)).toBe(audits + 1);
    // The rows are there as created: the display value of the first one finds it.
    const display = rows[1]?.[Object.keys(resource.fields).indexOf(resource.display)];
    const list = await t.app.inject({ method: 'GET', url: `/api/${resource.key}?limit=100&status=all&search=${encodeURIComponent(String(display))}`, headers: headers(adminA) });
    expect(list.json<{ rows: TResourceRow[] }>().rows.map((r) => String(r[resource.display]).toLowerCase())).toContain(String(display).toLowerCase());
  });

  it('imports nothing when one row is wrong, naming its spreadsheet row', async () => {
    const before = await rowCount(resource);
    const bad = await sampleCells(resource, 22);
    bad[Object.keys(resource.fields).indexOf(resource.display)] = null;
    const response = await importFile(resource, await xlsx([labels(resource, 'en'), await sampleCells(resource, 21), bad, await sampleCells(resource, 23)]));
    expect(response.statusCode).toBe(400);
    const body = response.json<TImportError>();
    expect(body.message).toBe('Nothing was imported: 1 row has errors.');
    expect(body.code).toBe('VALIDATION');
    const field = resource.fields[resource.display];
    if (!field) throw new Error('no display field');
    const required = fieldMessages(field).required.en;
    expect(body.rows).toEqual([{ row: 3, errors: { [resource.display]: required } }]);
    expect(body.details).toEqual({ [`3.${resource.display}`]: required });
    expect(await rowCount(resource)).toBe(before);
  });

  it('needs the add flag', async () => {
    const role = await makeRole(t.database.db, { agencyId: agencyA, permissions: [permissionFlag(resource.permissionModule, 'view'), permissionFlag(resource.permissionModule, 'edit')] });
    const token = await loginAs(t.app, (await makeUser(t.database.db, { kind: 'agencyUser', agencyId: agencyA, roleId: role.id })).username);
    const file = await xlsx([labels(resource, 'en'), await sampleCells(resource, 31)]);
    expect((await importFile(resource, file, { token })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/${resource.key}/import-template.xlsx`, headers: headers(token) })).statusCode).toBe(403);
    const adder = await makeRole(t.database.db, { agencyId: agencyA, permissions: [permissionFlag(resource.permissionModule, 'add')] });
    const addToken = await loginAs(t.app, (await makeUser(t.database.db, { kind: 'agencyUser', agencyId: agencyA, roleId: adder.id })).username);
    const added = await importFile(resource, file, { token: addToken });
    expect(added.statusCode, added.body).toBe(200);
  });
});

describe('import rules', () => {
  const truck = resourceByKey('truck');
  const berth = resourceByKey('berth');
  const port = resourceByKey('port');

  it('reads a CSV with Arabic headers (BOM, semicolons, quotes, CRLF, Arabic-Indic digits)', async () => {
    await createRow(resourceByKey('transporter'), { overrides: { name: 'ناقلات الخليج' } });
    const before = await rowCount(truck);
    const csv = '\uFEFFرقم اللوحة;الناقل;الوزن الفارغ (طن);"الحمولة (طن)"\r\n"csv 101";ناقلات الخليج;14.355;38\r\nCSV 102;ناقلات الخليج;١٢٫٥;"40.125"\r\n\r\n';
    const response = await importFile(truck, Buffer.from(csv, 'utf8'), { fileName: 'trucks.csv' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TImportResult>().imported).toBe(2);
    expect(await rowCount(truck)).toBe(before + 2);
    const list = await t.app.inject({ method: 'GET', url: '/api/truck?limit=100&search=CSV%2010&sortBy=plateNumber', headers: headers(adminA) });
    expect(list.json<{ rows: TResourceRow[] }>().rows.map((r) => [r.plateNumber, r.tareWeight, r.capacity])).toEqual([
      ['CSV 101', 14.355, 38],
      ['CSV 102', 12.5, 40.125],
    ]);
  });

  it('matches headers by field name too, ignoring letter case and spaces, and a comma CSV with quoted commas', async () => {
    const ok = await importFile(port, Buffer.from('NAME , Code,country CODE,latitude,Longitude\n"Port, Comma",saqqq,sa,21.5,"39.25"\n', 'utf8'));
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('reports every wrong row: missing required, bad number, unknown reference, duplicate of a row, duplicate in the file', async () => {
    const jeddah = await createRow(port, { overrides: { name: 'Import Jeddah', code: 'SAJIP', countryCode: 'SA' } });
    await createRow(berth, { overrides: { name: 'Existing Berth', portId: jeddah.id, maxDraft: 10 } });
    // A port of that name exists only in the other agency: it is unknown here.
    await createRow(port, { token: adminB, agencyId: agencyB, overrides: { name: 'Foreign Port', code: 'SAFPT', countryCode: 'SA' } });
    const before = await rowCount(berth);
    const audits = await importAudits(berth);
    const file = await xlsx([
      ['Name', 'Port', 'Maximum draft (m)'],
      ['Berth North', 'import jeddah', 12.5],
      [null, 'Import Jeddah', 11],
      ['Berth South', 'Import Jeddah', '12,5'],
      ['Berth East', 'Nowhere Port', 9],
      ['existing berth', 'Import Jeddah', 9],
      ['BERTH NORTH', 'Import Jeddah', 9],
      ['Berth West', 'Foreign Port', 9],
      ['Berth Deep', 'Import Jeddah', 31],
    ]);
    const response = await importFile(berth, file);
    expect(response.statusCode).toBe(400);
    const body = response.json<TImportError>();
    expect(body.message).toBe('Nothing was imported: 7 rows have errors.');
    expect(body.rows).toEqual([
      { row: 3, errors: { name: 'Please input name!' } },
      { row: 4, errors: { maxDraft: 'Please enter a valid maximum draft (m)!' } },
      { row: 5, errors: { portId: 'No port named "Nowhere Port" in this agency.' } },
      { row: 6, errors: { name: 'This name is already used by another record.' } },
      { row: 7, errors: { name: 'The same name is in row 2.' } },
      { row: 8, errors: { portId: 'No port named "Foreign Port" in this agency.' } },
      { row: 9, errors: { maxDraft: 'Maximum draft (m) must be at most 30' } },
    ]);
    expect(await rowCount(berth)).toBe(before);
    expect(await importAudits(berth)).toBe(audits);
  });

  it('numbers rows as the spreadsheet does, blank rows included, and limits an .xlsx to 5,000 rows too', async () => {
    const cargo = resourceByKey('cargoType');
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Cargo');
    sheet.getCell('B3').value = 'Name';
    sheet.getCell('C3').value = 'Code';
    sheet.getCell('B4').value = 'Sorghum import';
    sheet.getCell('B6').value = { richText: [{ text: 'Millet ' }, { text: 'import' }] };
    sheet.getCell('C6').value = 'bad code!';
    const response = await importFile(cargo, Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(response.statusCode).toBe(400);
    expect(response.json<TImportError>().rows).toEqual([{ row: 6, errors: { code: 'Code may hold letters, digits and dashes only.' } }]);
    const many = await xlsx([['Name'], ...Array.from({ length: 5001 }, (_, i) => [`Xlsx cargo ${i}`])]);
    const tooMany = await importFile(cargo, many);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json<TImportError>().message).toBe('The file has more than 5,000 rows; at most 5,000 rows can be imported at once.');
  });

  it('parses quantities strictly and refuses an inactive reference', async () => {
    const inactive = await createRow(port, { overrides: { name: 'Closed Port', code: 'SACLP', countryCode: 'SA' } });
    await t.app.inject({ method: 'PUT', url: `/api/port/${inactive.id}/toggle-status`, headers: headers(adminA) });
    await createRow(resourceByKey('transporter'), { overrides: { name: 'Strict Haulage' } });
    const trucks = await importFile(
      truck,
      Buffer.from('Plate number,Transporter,Tare weight (MT),Capacity (MT)\nSTR 1,Strict Haulage,1e3,30\nSTR 2,Strict Haulage,14.3555,30\nSTR 3,Strict Haulage,14 t,30\nSTR 4,Strict Haulage,-,30\n', 'utf8'),
    );
    expect(trucks.statusCode).toBe(400);
    expect(trucks.json<TImportError>().rows).toEqual([
      { row: 2, errors: { tareWeight: 'Please enter a valid tare weight (MT)!' } },
      { row: 3, errors: { tareWeight: 'Tare weight (MT): at most 3 decimals' } },
      { row: 4, errors: { tareWeight: 'Please enter a valid tare weight (MT)!' } },
      { row: 5, errors: { tareWeight: 'Please enter a valid tare weight (MT)!' } },
    ]);
    const berths = await importFile(berth, Buffer.from('Name,Port\nBerth Closed,Closed Port\n', 'utf8'));
    expect(berths.json<TImportError>().rows).toEqual([{ row: 2, errors: { portId: 'This port is inactive; please select an active one.' } }]);
  });

  it('imports into a company type only: rows of that type, references resolved within their type', async () => {
    const transporter = resourceByKey('transporter');
    const customer = resourceByKey('customer');
    const consignee = resourceByKey('consignee');
    const customersBefore = await rowCount(customer);
    // A customer of the same name does not block a transporter: names are unique per type.
    await createRow(customer, { overrides: { name: 'Gulf Link Carriers' } });
    const response = await importFile(transporter, await xlsx([['Name', 'City'], ['Gulf Link Carriers', 'Jeddah'], ['Dammam Road Freight', 'Dammam']]));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TImportResult>().imported).toBe(2);
    expect(await rowCount(customer)).toBe(customersBefore + 1);
    const list = await t.app.inject({ method: 'GET', url: '/api/transporter?limit=100&search=Gulf%20Link', headers: headers(adminA) });
    expect(list.json<{ rows: TResourceRow[] }>().rows.map((r) => r.name)).toEqual(['Gulf Link Carriers']);
    const customers = await t.app.inject({ method: 'GET', url: '/api/customer?limit=100&search=Dammam%20Road', headers: headers(adminA) });
    expect(customers.json<{ count: number }>().count).toBe(0);
    // A consignee's shipment manager is looked up among shipment managers only, not the transporter of that name.
    const consignees = await importFile(consignee, await xlsx([['Name', 'Shipment Manager'], ['Wrong SM Consignee', 'Dammam Road Freight']]));
    expect(consignees.json<TImportError>().rows).toEqual([{ row: 2, errors: { shipmentManagerId: 'No shipment manager named "Dammam Road Freight" in this agency.' } }]);
  });

  it('reads a date from an Excel date cell or ISO text, and reports a wrong one', async () => {
    const driver = resourceByKey('driver');
    await createRow(resourceByKey('transporter'), { overrides: { name: 'Date Haulage' } });
    const bad = await importFile(driver, await xlsx([['Transporter', 'Name', 'Licence number', 'Licence expiry'], ['Date Haulage', 'Bad Date', 'IMP-DL-1', '31-02-2028']]));
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json<TImportError>().rows).toEqual([{ row: 2, errors: { licenceExpiry: 'Please enter a valid licence expiry!' } }]);
    const ok = await importFile(
      driver,
      await xlsx([
        ['Transporter', 'Name', 'Licence number', 'Licence expiry'],
        ['Date Haulage', 'Cell Date', 'IMP-DL-2', new Date(Date.UTC(2028, 4, 17))],
        ['Date Haulage', 'Text Date', 'IMP-DL-3', '2029-01-05'],
      ]),
    );
    expect(ok.statusCode, ok.body).toBe(200);
    const list = await t.app.inject({ method: 'GET', url: '/api/driver?limit=100&search=IMP-DL&sortBy=licenceNumber', headers: headers(adminA) });
    expect(list.json<{ rows: TResourceRow[] }>().rows.map((r) => r.licenceExpiry)).toEqual(['2028-05-17', '2029-01-05']);
  });

  it('refuses what is not an .xlsx or a UTF-8 CSV, and a missing file', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    const notXlsx = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomBytes(64)]);
    const latin1 = Buffer.from('Name,Code\nCaf\xe9,CF-1\n', 'latin1');
    for (const bytes of [png, notXlsx, latin1]) {
      const response = await importFile(resourceByKey('cargoType'), bytes);
      expect(response.statusCode).toBe(400);
      expect(response.json<TImportError>()).toMatchObject({ code: 'UNSUPPORTED_FILE', message: 'Please upload an Excel workbook (.xlsx) or a CSV file in UTF-8.' });
    }
    const json = await t.app.inject({ method: 'POST', url: '/api/cargoType/import', headers: headers(adminA), payload: { name: 'x' } });
    expect(json.statusCode).toBe(400);
    expect(json.json<TImportError>().message).toBe('Upload file is required.');
  });

  it('refuses a wrong header row, an empty file and more than 5,000 rows or 5MB', async () => {
    const cargo = resourceByKey('cargoType');
    const unknown = await importFile(cargo, Buffer.from('Name,Colour\nWheat,Gold\n', 'utf8'));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<TImportError>().message).toBe('Nothing was imported: the header row (row 1) has unknown column "Colour". Download the import template for the right columns.');
    const missing = await importFile(cargo, Buffer.from('Code\nWHT\n', 'utf8'));
    expect(missing.json<TImportError>().message).toContain('missing column "Name"');
    const empty = await importFile(cargo, Buffer.from('Name,Code\n', 'utf8'));
    expect(empty.json<TImportError>().message).toBe('The file has no rows to import.');
    const before = await rowCount(cargo);
    const many = ['Name', ...Array.from({ length: 5001 }, (_, i) => `Bulk cargo ${i}`)].join('\n');
    const tooMany = await importFile(cargo, Buffer.from(many, 'utf8'));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json<TImportError>().message).toBe('The file has more than 5,000 rows; at most 5,000 rows can be imported at once.');
    const huge = await importFile(cargo, Buffer.from(`Name\n${'x'.repeat(5 * 1024 * 1024)}\n`, 'utf8'));
    expect(huge.statusCode).toBe(413);
    expect(huge.json<TImportError>().message).toBe('The file must be smaller than 5MB.');
    expect(await rowCount(cargo)).toBe(before);
  });

  it('refuses an .xlsx that inflates past its bound (a zip bomb) before parsing it, and reads a long sheet as a stream', async () => {
    const cargo = resourceByKey('cargoType');
    const before = await rowCount(cargo);
    // A real workbook with one more entry of zeros: 70 MB inflated, some 70 KB in the file.
    const zip = await JSZip.loadAsync(await xlsx([['Name'], ['Bomb cargo']]));
    zip.file('xl/media/padding.bin', Buffer.alloc(XLSX_MAX_INFLATED_BYTES + 1024 * 1024));
    const bomb = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const refused = await importFile(cargo, bomb);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<TImportError>().message).toBe('The file has more than 5,000 rows; at most 5,000 rows can be imported at once.');
    // A sheet of 20,000 rows: refused for its rows, only the first 5,002 of them kept while reading.
    const long = await importFile(cargo, await xlsx([['Name'], ...Array.from({ length: 20_000 }, (_, i) => [`Long sheet cargo ${i}`])]));
    expect(long.statusCode).toBe(400);
    expect(long.json<TImportError>().message).toBe('The file has more than 5,000 rows; at most 5,000 rows can be imported at once.');
    // A zip whose directory does not lead to its entries is not a workbook.
    const broken = Buffer.from(bomb);
    broken.writeUInt32LE(0, broken.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06])) + 16);
    expect((await importFile(cargo, broken)).json<TImportError>().code).toBe('UNSUPPORTED_FILE');
    expect(await rowCount(cargo)).toBe(before);
  });

  it('imports 5,000 rows in one transaction', async () => {
    const cargo = resourceByKey('cargoType');
    const before = await rowCount(cargo);
    const rows = ['Name;Code', ...Array.from({ length: 5000 }, (_, i) => `Many cargo ${i};MC-${i}`)].join('\n');
    const response = await importFile(cargo, Buffer.from(rows, 'utf8'));
    expect(response.statusCode, response.body).toBe(200);
    expect(await rowCount(cargo)).toBe(before + 5000);
  }, 60_000);

  it('keeps agencies apart: the same names import in another agency', async () => {
    await createRow(port, { overrides: { name: 'Shared Name Port', code: 'SASNP', countryCode: 'SA' } });
    await createRow(port, { token: adminB, agencyId: agencyB, overrides: { name: 'Shared Name Port', code: 'SASNP', countryCode: 'SA' } });
    const file = Buffer.from('Name,Port,Maximum draft (m)\nShared Berth,Shared Name Port,10\n', 'utf8');
    expect((await importFile(berth, file)).statusCode).toBe(200);
    const inB = await importFile(berth, file, { token: adminB, agencyId: agencyB });
    expect(inB.statusCode, inB.body).toBe(200);
    expect((await importFile(berth, file, { token: adminB, agencyId: agencyA })).statusCode).toBe(403);
    const listB = await t.app.inject({ method: 'GET', url: '/api/berth?limit=100&search=Shared%20Berth', headers: headers(adminB, agencyB) });
    const rowsB = listB.json<{ rows: TResourceRow[] }>().rows;
    expect(rowsB).toHaveLength(1);
    expect(rowsB[0]?.portIdName).toBe('Shared Name Port');
  });
});

describe('CSV reading', () => {
  it('parses quoted fields with delimiters, quotes and line breaks, keeping row numbers', () => {
    expect(parseCsv('a,"b,1","say ""hi"""\r\n"multi\nline",x\n\nlast', ',')).toEqual([
      { row: 1, cells: ['a', 'b,1', 'say "hi"'] },
      { row: 2, cells: ['multi\nline', 'x'] },
      { row: 3, cells: [''] },
      { row: 4, cells: ['last'] },
    ]);
    expect(() => parseCsv('a,"open\n', ',')).toThrow(/never closed/);
    expect(parseCsv('h\n1\n\n2\n3\n4\n', ',', 3).map((r) => r.row)).toEqual([1, 2, 3, 4]);
    expect(csvDelimiter('"a;b",c,d\nx;y;z;w')).toBe(',');
    expect(csvDelimiter('a;b;"c,d,e"')).toBe(';');
  });

  it('reads numbers strictly', () => {
    expect(['12', '-1.5', '.5', '١٢٫٥', ' 7 '].map(strictNumber)).toEqual([12, -1.5, 0.5, 12.5, 7]);
    expect(['1e3', '1,5', '12abc', '', '0x10', 'Infinity'].map(strictNumber)).toEqual([null, null, null, null, null, null]);
  });
});

describe('.xlsx reading', () => {
  /** The same workbook with its zip entries stored in another order. */
  async function reordered(bytes: Buffer, order: (names: string[]) => string[]): Promise<Buffer> {
    const source = await JSZip.loadAsync(bytes);
    const target = new JSZip();
    for (const name of order(Object.keys(source.files).filter((n) => !source.files[n]?.dir))) {
      target.file(name, await source.file(name)?.async('nodebuffer') ?? Buffer.alloc(0));
    }
    return target.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
  }

  it('reads a workbook whatever the order of its parts, through the zip directory', async () => {
    const bytes = await xlsx([['Name', 'Expiry', 'Trips'], ['Cell Date', new Date(Date.UTC(2028, 4, 17)), 3], ['Text', 'x', null], [null, null, null], ['Last', true, 2.5]]);
    const expected = [
      { row: 1, cells: ['Name', 'Expiry', 'Trips'] },
      { row: 2, cells: ['Cell Date', new Date(Date.UTC(2028, 4, 17)), 3] },
      { row: 3, cells: ['Text', 'x'] },
      { row: 5, cells: ['Last', true, 2.5] },
    ];
    expect(await readSpreadsheet(bytes)).toEqual(expected);
    // ExcelJS stores the sheet before its shared strings and xl/workbook.xml last; Excel stores the workbook first.
    const sheetLast = (names: string[]) => [...names.filter((n) => !n.includes('worksheets/')), ...names.filter((n) => n.includes('worksheets/'))];
    expect(await readSpreadsheet(await reordered(bytes, sheetLast))).toEqual(expected);
    expect(await readSpreadsheet(await reordered(bytes, (names) => [...names].reverse()))).toEqual(expected);
    // Without the workbook part (or the zip's directory) it is not a workbook.
    const noWorkbook = await reordered(bytes, (names) => names.filter((n) => n !== 'xl/workbook.xml'));
    await expect(readSpreadsheet(noWorkbook)).rejects.toMatchObject({ statusCode: 400, code: 'UNSUPPORTED_FILE' });
  });

  it('reads the first sheet that has rows', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Notes');
    const data = workbook.addWorksheet('Data');
    data.addRow(['Name']);
    data.addRow(['Second sheet cargo']);
    workbook.addWorksheet('More').addRow(['Other']);
    const rows = await readSpreadsheet(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(rows).toEqual([{ row: 1, cells: ['Name'] }, { row: 2, cells: ['Second sheet cargo'] }]);
  });
});

describe('OpenAPI', () => {
  it('documents the import routes of every resource', async () => {
    const paths = Object.keys((await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{ paths: Record<string, unknown> }>().paths);
    for (const resource of resourceRegistry) expect(paths).toEqual(expect.arrayContaining([`/api/${resource.key}/import`, `/api/${resource.key}/import-template.xlsx`]));
  });
});
