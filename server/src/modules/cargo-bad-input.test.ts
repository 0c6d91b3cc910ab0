import { Headers } from '@tonnage/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findLedgerDifferences } from '../ledger/ledger.check';
import { queryRows } from '../platform/db/client';
import { findDemoAgency, seedFirstRun } from '../seed/first-run';
import { bearer, loginAs } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/harness';

/*
 * Bad input of every kind against every endpoint of the cargo flows (sale orders, consignments, documents,
 * shipments, voyages, out-turns, port loadings, loading slips), as an agency admin who may do everything, on the
 * demo season: each answer is a 4xx with a message (never a 500), and nothing in the database changes.
 */

let t: TestApp;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ config: { seedDemo: true, demoPassword: 'Demo#Pass1', adminPassword: 'Admin#Pass1' } });
  await seedFirstRun(t.database.db, { config: t.config, clock: t.clock, log: () => undefined });
  const agencyId = (await findDemoAgency(t.database.db)) ?? 0;
  headers = { ...bearer(await loginAs(t.app, 'demo.admin', 'Demo#Pass1')), [Headers.agencyId]: String(agencyId) };
});
afterAll(async () => {
  await t.close();
});

/** Every business table's row count and the ledger's, as one comparable object. */
async function census(): Promise<Record<string, string>> {
  const tables = ['sale_orders', 'consignments', 'documents', 'voyages', 'shipments', 'voyage_approvals', 'quantity_approvals', 'trips', 'port_loadings', 'loading_slips', 'ledger_transactions', 'ledger_entries', 'audit_log', 'agency_counters'];
  const [row] = await queryRows<Record<string, string>>(
    t.database.db,
    sql.raw(`select ${tables.map((name) => `(select count(*) from ${name})::text as ${name}`).join(', ')}, (select coalesce(sum(balance_kg), 0)::text from ledger_accounts) as balances, (select string_agg(status, ',' order by id) from consignments) as consignment_statuses`),
  );
  return row ?? {};
}

const ids = ['abc', '0', '-1', '1.5', '99999999999', '1e3'];
const bodies: unknown[] = [
  {},
  [],
  'text',
  null,
  { quantity: '1.2345' },
  { quantity: -5, dischargedQuantity: -5 },
  { quantity: 'abc', dischargedQuantity: 'abc', blQuantity: 'abc' },
  { quantity: '1e21', blQuantity: 1e21, dischargedQuantity: '99999999999999999999' },
  { sellerId: 'x', buyerId: 99999999999, cargoTypeId: -1, orderDate: '2026-13-45', number: 'x'.repeat(10_000) },
  { lcNumber: 'LC-1', poNumber: 'PO-1', saleOrderId: 1, blConsigneeId: 1, cargoTypeId: 1, quantity: '1' },
  { voyageId: 99999999999, shipmentId: 'x', transportationType: 'boat', transporterKind: 'ship', loadingDate: 'yesterday', quantity: '1' },
  { truckId: 99999999999, driverId: 'x', wbtNumber: '', quantity: '0' },
  { decision: 'Maybe', comment: 'x'.repeat(5000) },
  { reason: '   ' },
  // Well-formed but for one id beyond any table's range.
  { voyageId: 99999999999, vesselId: 1, voyageNumber: 'V1', portId: 1, consignmentId: 1, blNumber: 'BL-X', blQuantity: '1', blConsigneeId: 1 },
  { saleOrderId: 99999999999, lcNumber: 'LC-X', blConsigneeId: 1, cargoTypeId: 1, quantity: '1' },
  { shipmentId: 99999999999, dischargedQuantity: '1' },
  { truckId: 99999999999, driverId: 1, wbtNumber: 'WBT-X', quantity: '1' },
  { path: '../../etc/passwd', title: 'x'.repeat(500) },
];
const queries = ['page=-1', 'limit=7', 'page=abc', 'voyageId=abc', 'fromDate=2026-13-45', 'status=Deleted', `search=${'x'.repeat(5000)}`, 'consignmentIdList=a,b', 'type=boat', 'limit=99999999999', 'voyageId=99999999999', 'consignmentId=99999999999', 'saleOrderId=99999999999', 'consignmentIdList=99999999999'];

const lists = [
  '/api/saleOrder',
  '/api/consignments',
  '/api/consignments/total-quantity',
  '/api/consignments/lcPos',
  '/api/shipments',
  '/api/shipments/total-quantity',
  '/api/voyage',
  '/api/voyage/consignee-voyages',
  '/api/voyage/vessel-voyage-number',
  '/api/vesselQuantityApproval/vessel',
  '/api/vesselQuantityApproval/quantityApproval',
  '/api/portLoading',
  '/api/loadingSlips',
];
const reads = [
  '/api/saleOrder/:id',
  '/api/saleOrder/:id/documents',
  '/api/consignments/:id',
  '/api/consignments/:id/documents',
  '/api/shipments/:id',
  '/api/voyage/:id',
  '/api/vesselQuantityApproval/vessel/:id',
  '/api/vesselQuantityApproval/quantityApproval/:id',
  '/api/vesselQuantityApproval/voyages/:id/shipments',
  '/api/portLoading/:id',
  '/api/portLoading/voyages/:id/shipments',
  '/api/loadingSlips/:id',
  '/api/loadingSlips/:id/pdf',
];
const creates = ['/api/saleOrder', '/api/consignments', '/api/shipments', '/api/vesselQuantityApproval/vessel', '/api/vesselQuantityApproval/quantityApproval', '/api/portLoading'];
const writesById: [string, string][] = [
  ['PUT', '/api/saleOrder/:id'],
  ['DELETE', '/api/saleOrder/:id/reverse'],
  ['POST', '/api/saleOrder/:id/documents'],
  ['DELETE', '/api/saleOrder/:id/documents/:id'],
  ['PUT', '/api/consignments/:id'],
  ['DELETE', '/api/consignments/:id/consignment-reverse'],
  ['POST', '/api/consignments/:id/documents'],
  ['DELETE', '/api/consignments/:id/documents/:id'],
  ['PUT', '/api/shipments/:id'],
  ['DELETE', '/api/shipments/:id/shipment-reverse'],
  ['PUT', '/api/voyage/:id'],
  ['PUT', '/api/vesselQuantityApproval/vessel/:id'],
  ['POST', '/api/vesselQuantityApproval/vessel/:id/decision'],
  ['PUT', '/api/vesselQuantityApproval/quantityApproval/:id'],
  ['POST', '/api/vesselQuantityApproval/quantityApproval/:id/decision'],
  ['PUT', '/api/portLoading/:id'],
  ['DELETE', '/api/portLoading/:id/reverse'],
  ['POST', '/api/portLoading/:id/loadingSlips'],
  ['PUT', '/api/loadingSlips/:id'],
  ['DELETE', '/api/loadingSlips/:id/reverse'],
];

interface Answer {
  request: string;
  status: number;
  message: unknown;
}

async function send(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown): Promise<Answer> {
  const response = await t.app.inject({
    method,
    url,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  const json = response.headers['content-type']?.toString().includes('json') ? response.json<{ message?: unknown }>() : {};
  return { request: `${method} ${url} ${body === undefined ? '' : JSON.stringify(body).slice(0, 80)}`, status: response.statusCode, message: json.message };
}

/** The answers that are not a 4xx with a message: what the test reports when it fails. */
const unclear = (answers: Answer[]) => answers.filter((a) => a.status < 400 || a.status >= 500 || typeof a.message !== 'string' || a.message === '');

describe('bad input to the cargo flows', () => {
  it('gets a 4xx with a message for ids that are not ids, and changes nothing', async () => {
    const before = await census();
    const answers: Answer[] = [];
    for (const id of ids) {
      for (const path of reads) answers.push(await send('GET', path.replaceAll(':id', id)));
      for (const [method, path] of writesById) answers.push(await send(method as 'PUT', path.replaceAll(':id', id), { reason: 'Because' }));
    }
    expect(unclear(answers)).toEqual([]);
    expect(await census()).toEqual(before);
  });

  it('gets a 4xx with a message for bodies of the wrong shape, type or range, and changes nothing', async () => {
    const before = await census();
    const answers: Answer[] = [];
    for (const body of bodies) {
      for (const path of creates) answers.push(await send('POST', path, body));
      // Existing records of the demo season (id 1 of each exists), so the body, not the id, is what is refused.
      for (const [method, path] of writesById) {
        if (method === 'DELETE' && !(typeof body === 'object' && body !== null && 'reason' in body)) continue;
        answers.push(await send(method as 'PUT', path.replaceAll(':id', '1'), body));
      }
    }
    expect(unclear(answers)).toEqual([]);
    expect(await census()).toEqual(before);
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });

  it('gets a 400 with a message for list filters out of range, and never a 500 for any query', async () => {
    const answers: Answer[] = [];
    for (const path of lists) {
      for (const query of queries) answers.push(await send('GET', `${path}?${query}`));
    }
    // Parameters a list does not take are ignored; what it takes and cannot use is refused with a message.
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    expect(unclear(answers.filter((a) => a.status >= 400))).toEqual([]);
    const paged = lists.filter((path) => !/total-quantity|lcPos|consignee-voyages|vessel-voyage-number/.test(path));
    const badPaging = answers.filter((a) => paged.some((path) => a.request.startsWith(`GET ${path}?`)) && /\?(page=-1|limit=7|page=abc|limit=99999999999) /.test(a.request));
    expect(badPaging).toHaveLength(paged.length * 4);
    expect(badPaging.filter((a) => a.status !== 400)).toEqual([]);
  });
});
