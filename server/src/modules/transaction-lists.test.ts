import {
  CONSIGNMENT_SORT_FIELDS,
  LOADING_SLIP_SORT_FIELDS,
  ListMessages,
  PORT_LOADING_SORT_FIELDS,
  SALE_ORDER_SORT_FIELDS,
  SHIPMENT_SORT_FIELDS,
  permissionFlag,
  type TConsignment,
  type TLoadingSlip,
  type TPortLoading,
  type TSaleOrder,
  type TShipment,
} from '@tonnage/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { inAgency } from '../platform/db/tenancy';
import { wallClockTime } from '../platform/time-zone';
import { bearer, loginAs, makeAgency, makeRole, makeUser } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/harness';
import { shipments as shipmentRows, voyages } from './shipping/shipping.schema';
import { makeCargoWorld, makeShipment, portLoadingBody, type CargoWorld, type Writer } from './port-loading/port-loading.fixtures';

/*
 * Sorting and Excel export of the five transaction lists (sale orders, consignments, shipments, port loadings,
 * loading slips): every allowed sort column both ways checked against the rows, unknown columns refused, and the
 * export's rows equal to the filtered list's, within the user's data scope and permissions, in English and Arabic.
 */

let t: TestApp;
let writer: Writer;
let world: CargoWorld;
let other: CargoWorld;
let admin: Record<string, string>;
let agencyId: number;

type Key = string | number | null;
type AnyRow = { id: number; status: string; reverseReason: string | null };

async function call<T>(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>, headers = admin) {
  const response = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  return { status: response.statusCode, body: response.json<T>(), raw: response };
}

async function created<T>(url: string, payload: Record<string, unknown>): Promise<T> {
  const response = await call<T>('POST', url, payload);
  expect(response.status, JSON.stringify(response.body)).toBeLessThan(300);
  return response.body;
}

/** The sheet of an export response, as rows of cell values (header row first). */
async function sheetOf(response: { statusCode: number; rawPayload: Buffer }): Promise<ExcelJS.Worksheet> {
  expect(response.statusCode).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  return sheet;
}

const headerOf = (sheet: ExcelJS.Worksheet) => (sheet.getRow(1).values as unknown[]).slice(1).map(String);
const bodyRows = (sheet: ExcelJS.Worksheet) => {
  const rows: ExcelJS.Row[] = [];
  sheet.eachRow((row, number) => {
    if (number > 1) rows.push(row);
  });
  return rows;
};

/** PostgreSQL's order: nulls after every value ascending (first descending); texts were compared lower-cased. */
function compare(a: Key, b: Key): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a) < String(b) ? -1 : 1;
}
const lower = (value: string | null): Key => (value === null ? null : value.toLowerCase());

interface ListSpec<Row extends AnyRow> {
  name: string;
  url: string;
  fields: readonly string[];
  defaultSort: string;
  key: (row: Row, field: string) => Key;
  /** A filter that narrows the list (query string). */
  filter: () => string;
  /** The cell (1-based column) that names a row in the export, and its value from the list's row. */
  identity: { column: number; value: (row: Row) => string | number };
  quantity: { column: number; value: (row: Row) => string };
  /** A date column; `instant` when it holds a date-time, written at the agency's (Riyadh's) wall-clock time. */
  date: { column: number; value: (row: Row) => string; instant?: true };
  header: { en: string; ar: string };
  viewFlag: string;
  /** Present when the list is narrowed by the data scope: the user is scoped to the world's consignee. */
  scope?: (row: Row) => boolean;
}

const saleOrders: ListSpec<TSaleOrder> = {
  name: 'sale orders',
  url: '/api/saleOrder',
  fields: SALE_ORDER_SORT_FIELDS,
  defaultSort: 'orderDate',
  key: (row, field) => {
    switch (field) {
      case 'quantity':
        return Number(row.quantity);
      case 'orderDate':
      case 'createdAt':
        return row[field];
      case 'number':
      case 'sellerName':
      case 'buyerName':
      case 'cargoTypeName':
        return lower(row[field]);
      default:
        throw new Error(field);
    }
  },
  filter: () => `sellerId=${world.sellerId}`,
  identity: { column: 1, value: (row) => row.number },
  quantity: { column: 6, value: (row) => row.quantity },
  date: { column: 2, value: (row) => row.orderDate },
  header: { en: 'Sale order number', ar: 'رقم أمر البيع' },
  viewFlag: permissionFlag('SaleOrder', 'view'),
};

const consignments: ListSpec<TConsignment> = {
  name: 'consignments',
  url: '/api/consignments',
  fields: CONSIGNMENT_SORT_FIELDS,
  defaultSort: 'createdAt',
  key: (row, field) => {
    switch (field) {
      case 'quantity':
        return Number(row.quantity);
      case 'createdAt':
        return row.createdAt;
      case 'LCPONumber':
      case 'refNumber':
      case 'saleOrderNumber':
      case 'blConsigneeName':
      case 'shipmentManagerName':
      case 'cargoTypeName':
        return lower(row[field]);
      default:
        throw new Error(field);
    }
  },
  filter: () => `blConsigneeId=${world.consigneeId}`,
  identity: { column: 1, value: (row) => row.LCPONumber },
  quantity: { column: 8, value: (row) => row.quantity },
  date: { column: 14, value: (row) => row.createdAt, instant: true },
  header: { en: 'LC/PO number', ar: 'رقم الاعتماد/أمر الشراء' },
  viewFlag: permissionFlag('Consignment', 'view'),
  scope: (row) => row.blConsigneeId === world.consigneeId,
};

const shipments: ListSpec<TShipment> = {
  name: 'shipments',
  url: '/api/shipments',
  fields: SHIPMENT_SORT_FIELDS,
  defaultSort: 'createdAt',
  key: (row, field) => {
    switch (field) {
      case 'blQuantity':
        return Number(row.blQuantity);
      case 'createdAt':
      case 'blDate':
        return row[field];
      case 'arrivalDate':
        return row.voyage.arrivalDate;
      case 'blNumber':
      case 'blConsigneeName':
        return lower(row[field]);
      case 'vesselName':
      case 'voyageNumber':
        return lower(row.voyage[field]);
      case 'lcPoNumber':
        return lower(row.Consignment.LC.LCPONumber);
      case 'cargoTypeName':
        return lower(row.Consignment.cargoTypeName);
      default:
        throw new Error(field);
    }
  },
  filter: () => `blConsigneeId=${world.consigneeId}`,
  identity: { column: 1, value: (row) => row.blNumber },
  quantity: { column: 10, value: (row) => row.blQuantity },
  date: { column: 15, value: (row) => row.createdAt, instant: true },
  header: { en: 'BL number', ar: 'رقم بوليصة الشحن' },
  viewFlag: permissionFlag('Shipping', 'view'),
  scope: (row) => row.blConsigneeId === world.consigneeId,
};

const portLoadings: ListSpec<TPortLoading> = {
  name: 'port loadings',
  url: '/api/portLoading',
  fields: PORT_LOADING_SORT_FIELDS,
  defaultSort: 'loadingDate',
  key: (row, field) => {
    switch (field) {
      case 'quantity':
        return Number(row.quantity);
      case 'loadingDate':
      case 'createdAt':
        return row[field];
      case 'transporterName':
        return lower(row.transporterName ?? row.thirdPartyName);
      case 'vesselName':
      case 'blNumber':
      case 'lcPoNumber':
      case 'blConsigneeName':
      case 'toLocationName':
        return lower(row[field]);
      default:
        throw new Error(field);
    }
  },
  filter: () => `transportationType=warehouse`,
  identity: { column: 4, value: (row) => row.blNumber },
  quantity: { column: 13, value: (row) => row.quantity },
  date: { column: 1, value: (row) => row.loadingDate },
  header: { en: 'Loading date', ar: 'تاريخ التحميل' },
  viewFlag: permissionFlag('PortLoading', 'view'),
  scope: (row) => row.blConsigneeId === world.consigneeId,
};

const slips: ListSpec<TLoadingSlip> = {
  name: 'loading slips',
  url: '/api/loadingSlips',
  fields: LOADING_SLIP_SORT_FIELDS,
  defaultSort: 'loadedAt',
  key: (row, field) => {
    switch (field) {
      case 'quantity':
        return Number(row.quantity);
      case 'slipNumber':
        return row.slipNumber;
      case 'loadedAt':
      case 'createdAt':
        return row[field];
      case 'vesselName':
      case 'lcPoNumber':
      case 'toLocationName':
      case 'truckPlate':
      case 'driverName':
      case 'wbtNumber':
        return lower(row[field]);
      default:
        throw new Error(field);
    }
  },
  filter: () => `truckId=${truckA}`,
  identity: { column: 1, value: (row) => row.slipNumber },
  quantity: { column: 13, value: (row) => row.quantity },
  date: { column: 2, value: (row) => row.loadedAt, instant: true },
  header: { en: 'Slip number', ar: 'رقم الإيصال' },
  viewFlag: permissionFlag('LoadingSlips', 'view'),
  scope: (row) => row.blConsigneeName === consigneeName,
};

let truckA = 0;
/** The name of the world's consignee, the scoped user's only one (slips carry the name, not the id). */
let consigneeName = '';
let scopedUser: Record<string, string>;
let noPermissionUser: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const agency = await makeAgency(db, { name: 'Lists agency', timezone: 'Asia/Riyadh' });
  agencyId = agency.id;
  const adminUser = await makeUser(db, { kind: 'agencyAdmin', agencyId, firstName: 'Amal', lastName: 'Admin' });
  writer = { agencyId, userId: adminUser.id, now: new Date('2026-11-21T08:00:00Z'), config: t.config };
  world = await makeCargoWorld(db, writer);
  other = await makeCargoWorld(db, writer);
  admin = { ...bearer(await loginAs(t.app, adminUser.username)), 'x-agency-id': String(agencyId) };

  // Sale orders of both worlds' parties, on different days and quantities; one reversed with a reason.
  const saleOrder = (number: string, w: CargoWorld, quantity: string, orderDate: string) =>
    created<TSaleOrder>('/api/saleOrder', { number, sellerId: w.sellerId, buyerId: w.buyerId, cargoTypeId: w.cargoTypeId, quantity, orderDate });
  const soA = await saleOrder('alpha-SO', world, '900', '2026-10-05');
  const soB = await saleOrder('Bravo-SO', other, '1200.5', '2026-11-02');
  const soC = await saleOrder('charlie-SO', world, '300.25', '2026-09-12');
  expect((await call('DELETE', `/api/saleOrder/${soC.id}/reverse`, { reason: 'Entered twice' })).status).toBe(200);

  // Consignments: LC and PO numbers, with and without a ref number and a shipment manager, of both consignees.
  const consignment = (body: Record<string, unknown>) => created('/api/consignments', { cargoTypeId: world.cargoTypeId, ...body });
  await consignment({ lcNumber: 'lc-delta', refNumber: 'ref-b', saleOrderId: soA.id, blConsigneeId: world.consigneeId, quantity: '100' });
  await consignment({ poNumber: 'PO-echo', saleOrderId: soA.id, blConsigneeId: world.strangerConsigneeId, quantity: '250.5' });
  await consignment({ lcNumber: 'LC-foxtrot', refNumber: 'REF-A', saleOrderId: soB.id, blConsigneeId: other.consigneeId, cargoTypeId: other.cargoTypeId, quantity: '40' });

  // Shipments (each with its own sale order and consignment) of both consignees, different BL quantities.
  const shipA = await makeShipment(db, writer, world, { blTonnes: '500' });
  const shipB = await makeShipment(db, writer, world, { blTonnes: '320.125', consigneeId: world.sisterConsigneeId });
  const shipC = await makeShipment(db, writer, world, { blTonnes: '700', voyageId: shipA.voyageId });
  const shipOther = await makeShipment(db, writer, other, { blTonnes: '90' });
  await inAgency(db, agencyId, async (tx) => {
    await tx.update(voyages).set({ arrivalDate: '2026-11-10' }).where(eq(voyages.id, shipA.voyageId));
    await tx.update(voyages).set({ arrivalDate: '2026-11-03' }).where(eq(voyages.id, shipOther.voyageId));
    await tx.update(shipmentRows).set({ blDate: '2026-10-30' }).where(eq(shipmentRows.id, shipB.shipmentId));
    await tx.update(shipmentRows).set({ blDate: '2026-10-28' }).where(eq(shipmentRows.id, shipC.shipmentId));
  });

  // Port loadings to a warehouse, a consignee site and a customer, by a company, self and a third party.
  const portLoading = (shipment: { voyageId: number; shipmentId: number }, body: Record<string, unknown>) =>
    created<{ id: number }>('/api/portLoading', portLoadingBody(world, shipment, body));
  const plA = await portLoading(shipA, { quantity: '200' });
  await portLoading(shipB, { transportationType: 'directDelivery', toLocationId: world.sisterLocationId, transporterKind: 'self', quantity: '50.5', loadingDate: '2026-11-19' });
  const plC = await portLoading(shipC, { transportationType: 'customerDelivery', toLocationId: world.customerLocationId, transporterKind: 'thirdParty', thirdPartyName: 'Quick Trucks', quantity: '300', loadingDate: '2026-11-20' });
  await portLoading(shipC, { transporterId: world.otherTransporterId, quantity: '75', loadingDate: '2026-11-18' });
  const plOther = await portLoading(shipOther, { quantity: '10', loadingDate: '2026-11-17' });

  // Loading slips of different trucks, drivers, times and quantities; one reversed.
  truckA = await world.truck('TRK A');
  const truckB = await world.truck('TRK B');
  const driverA = await world.driver('Ali');
  const driverB = await world.driver('Badr');
  const slip = (portLoadingId: number, body: Record<string, unknown>) => created<{ slip: TLoadingSlip }>(`/api/portLoading/${portLoadingId}/loadingSlips`, body);
  await slip(plA.id, { truckId: truckA, driverId: driverA, wbtNumber: 'wbt-3', quantity: '30', loadedAt: '2026-11-21T05:00:00Z' });
  const reversedSlip = await slip(plA.id, { truckId: truckB, driverId: driverB, wbtNumber: 'WBT-1', quantity: '12.345', loadedAt: '2026-11-21T06:00:00Z' });
  await slip(plC.id, { truckId: truckA, driverId: driverB, wbtNumber: 'WBT-2', quantity: '25', loadedAt: '2026-11-20T22:00:00Z' });
  await slip(plOther.id, { truckId: truckB, driverId: driverA, wbtNumber: 'WBT-9', quantity: '5.5', loadedAt: '2026-11-21T07:00:00Z' });
  expect((await call('DELETE', `/api/loadingSlips/${reversedSlip.slip.id}/reverse`, { reason: 'Wrong truck' })).status).toBe(200);
  consigneeName = (await call<{ name: string }>('GET', `/api/consignee/${world.consigneeId}`)).body.name;

  const flags = [saleOrders, consignments, shipments, portLoadings, slips].map((spec) => spec.viewFlag);
  const role = await makeRole(db, { agencyId, permissions: [...flags, permissionFlag('LoadingSlips', 'export')] });
  const scoped = await makeUser(db, { kind: 'agencyUser', agencyId, roleId: role.id, consigneeIds: [world.consigneeId] });
  scopedUser = { ...bearer(await loginAs(t.app, scoped.username)), 'x-agency-id': String(agencyId) };
  const empty = await makeRole(db, { agencyId, permissions: [] });
  const nobody = await makeUser(db, { kind: 'agencyUser', agencyId, roleId: empty.id });
  noPermissionUser = { ...bearer(await loginAs(t.app, nobody.username)), 'x-agency-id': String(agencyId) };
});

afterAll(async () => {
  await t.close();
});

function describeList<Row extends AnyRow>(spec: ListSpec<Row>) {
  const exportUrl = `${spec.url}/export.xlsx`;
  const list = async (query: string, headers = admin) => {
    const response = await call<{ rows: Row[]; count: number }>('GET', `${spec.url}?${query}`, undefined, headers);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  };
  const exported = async (query: string, headers = admin) => sheetOf(await t.app.inject({ method: 'GET', url: `${exportUrl}?${query}`, headers }));

  describe(spec.name, () => {
    it('sorts by every allowed column both ways, ties by id, newest first by default', async () => {
      for (const field of spec.fields) {
        const values = new Set<Key>();
        for (const order of ['asc', 'desc'] as const) {
          const { rows } = await list(`status=all&limit=100&sortBy=${field}&sortOrder=${order}`);
          expect(rows.length).toBeGreaterThan(2);
          for (let i = 1; i < rows.length; i += 1) {
            const [before, after] = [rows[i - 1], rows[i]];
            if (!before || !after) throw new Error('row');
            const step = order === 'asc' ? compare(spec.key(before, field), spec.key(after, field)) : compare(spec.key(after, field), spec.key(before, field));
            expect(step, `${field} ${order} at row ${i}`).toBeLessThanOrEqual(0);
            if (step === 0) expect(order === 'asc' ? before.id < after.id : before.id > after.id, `${field} ${order} tie at row ${i}`).toBe(true);
          }
          for (const row of rows) values.add(spec.key(row, field));
        }
        if (field !== 'createdAt') expect(values.size, `${field} has different values to sort`).toBeGreaterThan(1);
      }
      const byDefault = await list('status=all&limit=100');
      const explicit = await list(`status=all&limit=100&sortBy=${spec.defaultSort}&sortOrder=desc`);
      expect(byDefault.rows.map((r) => r.id)).toEqual(explicit.rows.map((r) => r.id));
    });

    it('refuses an unknown sort column or order with 400 on the list and the export', async () => {
      for (const url of [spec.url, exportUrl]) {
        const unknown = await call<{ message: string; details: Record<string, string> }>('GET', `${url}?sortBy=password`);
        expect(unknown.status).toBe(400);
        expect(unknown.body.details.sortBy).toBe(ListMessages.sortByUnknown);
        const order = await call<{ details: Record<string, string> }>('GET', `${url}?sortOrder=sideways`);
        expect(order.status).toBe(400);
        expect(order.body.details.sortOrder).toBe(ListMessages.sortOrderUnknown);
      }
    });

    it('exports the filtered, sorted list: every row, quantities as numbers with 3 decimals, dates as dates, the status with its reason', async () => {
      const query = `status=all&${spec.filter()}&sortBy=${spec.fields[1] ?? spec.defaultSort}&sortOrder=asc`;
      const all = await list('status=all&limit=100');
      const { rows, count } = await list(`${query}&limit=100`);
      expect(count).toBe(rows.length);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.length).toBeLessThan(all.count);
      const sheet = await exported(query);
      const header = headerOf(sheet);
      expect(header[0]).toBe(spec.header.en);
      const statusColumn = header.indexOf('Status') + 1;
      const reasonColumn = header.indexOf('Reversal reason') + 1;
      expect(statusColumn).toBeGreaterThan(0);
      const cells = bodyRows(sheet);
      expect(cells.map((r) => r.getCell(spec.identity.column).value)).toEqual(rows.map(spec.identity.value));
      rows.forEach((row, i) => {
        const cells_ = cells[i];
        if (!cells_) throw new Error('row');
        const quantity = cells_.getCell(spec.quantity.column);
        expect(quantity.value).toBe(Number(spec.quantity.value(row)));
        expect(quantity.numFmt).toBe('0.000');
        const date = cells_.getCell(spec.date.column).value;
        expect(date).toBeInstanceOf(Date);
        const expected = spec.date.instant ? wallClockTime(spec.date.value(row), 'Asia/Riyadh').toISOString() : spec.date.value(row);
        // An Excel date-time keeps the second, not always the millisecond.
        expect(date instanceof Date ? date.toISOString().slice(0, spec.date.instant ? 19 : 10) : null).toBe(expected.slice(0, spec.date.instant ? 19 : 10));
        expect(cells_.getCell(statusColumn).value).toBe(row.status);
        expect(cells_.getCell(reasonColumn).value ?? null).toBe(row.reverseReason);
      });
    });

    it('writes the headers in Arabic with lang=ar, right to left', async () => {
      const sheet = await exported('status=all&lang=ar');
      const header = headerOf(sheet);
      expect(header[0]).toBe(spec.header.ar);
      expect(header).toContain('الحالة');
      expect(header).not.toContain(spec.header.en);
      expect(sheet.views[0]?.rightToLeft).toBe(true);
    });

    it('refuses the export without the list’s view permission (403)', async () => {
      const response = await t.app.inject({ method: 'GET', url: exportUrl, headers: noPermissionUser });
      expect(response.statusCode).toBe(403);
    });

    const scope = spec.scope;
    if (scope) {
      it('exports only the rows of the user’s data scope, as the list shows them', async () => {
        const everything = await list('status=all&limit=100');
        const { rows } = await list('status=all&limit=100', scopedUser);
        expect(rows.length).toBeGreaterThan(0);
        expect(rows.length).toBeLessThan(everything.count);
        expect(rows.every(scope)).toBe(true);
        const sheet = await exported('status=all', scopedUser);
        expect(bodyRows(sheet).map((r) => r.getCell(spec.identity.column).value)).toEqual(rows.map(spec.identity.value));
      });
    }
  });
}

describeList(saleOrders);
describeList(consignments);
describeList(shipments);
describeList(portLoadings);
describeList(slips);

describe('date-times of the exports', () => {
  it('writes the loading time and the creation time at the agency’s wall-clock time (Asia/Riyadh), headers without a zone', async () => {
    const { rows } = (await call<{ rows: TLoadingSlip[] }>('GET', `/api/loadingSlips?status=all&truckId=${truckA}&sortBy=loadedAt&sortOrder=asc&limit=100`)).body;
    expect(rows.map((r) => r.loadedAt)).toEqual(['2026-11-20T22:00:00.000Z', '2026-11-21T05:00:00.000Z']);
    const sheet = await sheetOf(await t.app.inject({ method: 'GET', url: `/api/loadingSlips/export.xlsx?status=all&truckId=${truckA}&sortBy=loadedAt&sortOrder=asc`, headers: admin }));
    const header = headerOf(sheet);
    expect(header[1]).toBe('Loaded at');
    expect(header.join('|')).not.toContain('UTC');
    const loadedAt = header.indexOf('Loaded at') + 1;
    const createdAt = header.indexOf('Created at') + 1;
    expect(createdAt).toBeGreaterThan(0);
    const cells = bodyRows(sheet);
    // 22:00 UTC on the 20th is 01:00 on the 21st in Riyadh (UTC+3); 05:00 UTC is 08:00. The cell has no zone: it
    // holds the local date and time (read back by its UTC components).
    expect(cells.map((r) => r.getCell(loadedAt).value)).toEqual([new Date('2026-11-21T01:00:00.000Z'), new Date('2026-11-21T08:00:00.000Z')]);
    expect(cells[0]?.getCell(loadedAt).numFmt).toBe('dd-mmm-yyyy hh:mm');
    rows.forEach((row, i) => {
      const value = cells[i]?.getCell(createdAt).value;
      const local = new Date(new Date(row.createdAt).getTime() + 3 * 3600_000);
      expect(value instanceof Date ? Math.abs(value.getTime() - local.getTime()) : null).toBeLessThan(1000);
    });
  });

  it('labels the date-time columns in Arabic without a zone', async () => {
    const header = headerOf(await sheetOf(await t.app.inject({ method: 'GET', url: '/api/loadingSlips/export.xlsx?status=all&lang=ar', headers: admin })));
    expect(header[1]).toBe('وقت التحميل');
    expect(header).toContain('تاريخ الإنشاء');
    expect(header.join('|')).not.toContain('UTC');
  });
});

describe('loading slip export permission', () => {
  it('needs the export flag and a view flag of the slips', async () => {
    const db = t.database.db;
    const as = async (permissions: string[]) => {
      const role = await makeRole(db, { agencyId, permissions });
      const user = await makeUser(db, { kind: 'agencyUser', agencyId, roleId: role.id });
      const headers = { ...bearer(await loginAs(t.app, user.username)), 'x-agency-id': String(agencyId) };
      return (await t.app.inject({ method: 'GET', url: '/api/loadingSlips/export.xlsx', headers })).statusCode;
    };
    expect(await as([permissionFlag('LoadingSlips', 'view')])).toBe(403);
    expect(await as([permissionFlag('LoadingSlips', 'export')])).toBe(403);
    expect(await as([permissionFlag('LoadingSlips', 'view'), permissionFlag('LoadingSlips', 'export')])).toBe(200);
    expect(await as([permissionFlag('PortLoading', 'view'), permissionFlag('LoadingSlips', 'export')])).toBe(200);
  });
});
