import { ALL_PERMISSION_FLAGS, SUPER_ADMIN_FLAGS, hasPermission, resourceByKey, resourceRegistry } from '@tonnage/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ROUTE_SWEEP_BUDGET_MS, type TestApp } from '../test/harness';
import { bearer, loginAs, makeAgency, makeRole, makeUser } from '../test/fixtures';
import { tableFor } from '../modules/master-data/master-data.schema';
import { consignments, saleOrders } from '../modules/procurement/procurement.schema';
import { referencedKeys, sampleInput } from '../test/resource-samples';
import type { Access } from '../identity/access';

/**
 * The authorization matrix of the access issue: every registered route, called by each kind of principal against
 * its own agency and a foreign one. Forbidden calls must answer 403 (401 without a session); allowed calls must
 * never answer 401 or 403 (400 or 404 for the deliberately empty bodies and made-up ids are fine).
 */
type PrincipalName = 'superAdmin' | 'agencyAdmin' | 'userWith' | 'userWithout' | 'companyAdminSm' | 'companyAdminOther';

interface Principal {
  name: PrincipalName;
  isSuperAdmin: boolean;
  isAgencyAdmin: boolean;
  /** Grants the route's first permission flag (the "with" principals) or none. */
  holdsRoutePermission: boolean;
}

const principals: Principal[] = [
  { name: 'superAdmin', isSuperAdmin: true, isAgencyAdmin: false, holdsRoutePermission: false },
  { name: 'agencyAdmin', isSuperAdmin: false, isAgencyAdmin: true, holdsRoutePermission: false },
  { name: 'userWith', isSuperAdmin: false, isAgencyAdmin: false, holdsRoutePermission: true },
  { name: 'userWithout', isSuperAdmin: false, isAgencyAdmin: false, holdsRoutePermission: false },
  { name: 'companyAdminSm', isSuperAdmin: false, isAgencyAdmin: false, holdsRoutePermission: true },
  { name: 'companyAdminOther', isSuperAdmin: false, isAgencyAdmin: false, holdsRoutePermission: false },
];

/** Routes left out of the matrix, each with the test that covers it instead. */
const leftOut = new Map<string, string>([['GET /api/auth/logout', 'ends the caller’s own session; covered in auth.test.ts']]);

/** Rules a handler adds to its declared access, as "METHOD url" -> who may pass in their own agency. */
const handlerRules = new Map<string, (principal: Principal) => boolean>([
  ['PUT /api/agencies/:id', (p) => p.isSuperAdmin || p.isAgencyAdmin],
  // Declared with the export flag; the handler also needs a view flag of the slips, which the "with" users lack.
  ['GET /api/loadingSlips/export.xlsx', (p) => p.isSuperAdmin || p.isAgencyAdmin],
  // The same for the captured images: the export flag, and the view flag too.
  ['GET /api/captureImage/export.xlsx', (p) => p.isSuperAdmin || p.isAgencyAdmin],
  // And for the warehouse loading slips: the export flag, and a view flag of the slips or of the Warehouse Out.
  ['GET /api/warehouseLoadingSlips/export.xlsx', (p) => p.isSuperAdmin || p.isAgencyAdmin],
  // And the consignee loading slips: the export flag, and a view flag of the slips or of the Consignee Out.
  ['GET /api/consigneeLoadingSlips/export.xlsx', (p) => p.isSuperAdmin || p.isAgencyAdmin],
  // The warehouse dashboard's exports: declared with the tab's view flag; the handler also needs the Excel flag.
  ['GET /api/reports-excel/:agencyId/warehouse-dashboard-excel-report.xlsx', (p) => p.isSuperAdmin || p.isAgencyAdmin],
  ['GET /api/reports-excel/:agencyId/warehouse-dashboard-lc-excel-report.xlsx', (p) => p.isSuperAdmin || p.isAgencyAdmin],
]);
// `POST <list>/export` (issue 16: start the export, now or as a background job) asks what its `GET <list>/export.xlsx` asks.
for (const [key, rule] of [...handlerRules]) {
  const list = /^GET (.+)\/export\.xlsx$/.exec(key)?.[1];
  if (list && !list.startsWith('/api/reports-excel/')) handlerRules.set(`POST ${list}/export`, rule);
}

function expectedAllowed(principal: Principal, access: Access, foreignAgency: boolean, routeKey: string): boolean {
  if (access.kind === 'public') return true;
  const handlerRule = handlerRules.get(routeKey);
  if (handlerRule && !handlerRule(principal)) return false;
  if (foreignAgency && !principal.isSuperAdmin) return false;
  if (access.kind === 'account') return true;
  // Spec 2.1: signed-in routes give agency data, so they need at least one permission.
  if (access.kind === 'signedIn') return principal.isSuperAdmin || principal.isAgencyAdmin || principal.holdsRoutePermission;
  const flags = access.permission.split(',').map((f) => f.trim());
  const permissions = principal.holdsRoutePermission ? [routeFlag(access, routeKey)] : [];
  const subject = { isSuperAdmin: principal.isSuperAdmin, isAgencyAdmin: principal.isAgencyAdmin, permissions };
  if (flags.every((f) => (SUPER_ADMIN_FLAGS as readonly string[]).includes(f))) return principal.isSuperAdmin;
  return hasPermission(subject, access.permission);
}

let serial = 0;
/** A valid body for each route that changes something, so a missing check in a handler cannot hide behind a 400. */
function sampleBody(routeKey: string): Record<string, unknown> {
  serial += 1;
  switch (routeKey) {
    case 'POST /api/users':
    case 'POST /api/users/':
      return { username: `matrix.${serial}`, email: `matrix.${serial}@example.test`, firstName: 'Matrix', kind: 'agencyUser', roleId: ids.stableRole, password: 'Matrix#Pass1' };
    case 'PUT /api/users/:id':
      return { username: `target.${serial}`, email: `target.${serial}@example.test`, firstName: 'Target', kind: 'agencyUser', roleId: ids.stableRole };
    case 'POST /api/roles':
    case 'POST /api/roles/':
    case 'PUT /api/roles/:id':
      return { name: `Matrix role ${serial}` };
    case 'PUT /api/roles/:id/permissions':
      return { permissions: [] };
    case 'POST /api/agencies':
    case 'POST /api/agencies/':
      return { name: `Matrix agency ${serial}`, timezone: 'Asia/Riyadh' };
    case 'PUT /api/agencies/:id':
      return { name: `Renamed agency ${serial}`, timezone: 'Asia/Riyadh' };
    case 'PUT /api/approval-rules/:kind':
      return { kind: 'handlingLoss', approvers: [{ order: 1, userId: ids.approver }] };
    case 'POST /api/weightMachine/register':
      return { locationId: ids['warehouse:own'] ?? 0, weightMachineId: 'WB-MATRIX' };
    case 'PUT /api/email-settings':
      return { host: '127.0.0.1', port: 2525, security: 'none', fromName: 'Matrix', fromEmail: 'matrix@example.test' };
    default: {
      // Master-data resources: a valid body of the declaration, its references in the caller's own agency.
      const resource = resourceRegistry.find((r) => routeKey === `POST /api/${r.key}` || routeKey === `PUT /api/${r.key}/:id`);
      if (!resource) return {};
      return sampleInput(resource, serial, Object.fromEntries(referencedKeys(resource).map((key) => [key, ids[`${key}:own`] ?? 0])));
    }
  }
}

let t: TestApp;
let own: number;
let foreign: number;
let spare: number;
const tokens = new Map<string, string>();
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  own = (await makeAgency(db, { name: 'Own Agency' })).id;
  foreign = (await makeAgency(db, { name: 'Foreign Agency' })).id;
  spare = (await makeAgency(db, { name: 'Spare Agency' })).id;
  ids.targetUser = (await makeUser(db, { kind: 'agencyUser', agencyId: own })).id;
  ids.foreignUser = (await makeUser(db, { kind: 'agencyUser', agencyId: foreign })).id;
  ids.spareRole = (await makeRole(db, { agencyId: own, permissions: [], name: 'Spare role' })).id;
  ids.stableRole = (await makeRole(db, { agencyId: own, permissions: [], name: 'Stable role' })).id;
  ids.approver = (await makeUser(db, { kind: 'agencyUser', agencyId: own })).id;
  ids.foreignRole = (await makeRole(db, { agencyId: foreign, permissions: [], name: 'Foreign role' })).id;
  for (const resource of resourceRegistry) {
    for (const [side, agencyId] of [['own', own], ['foreign', foreign]] as const) {
      serial += 1;
      const references = Object.fromEntries(referencedKeys(resource).map((key) => [key, ids[`${key}:${side}`] ?? 0]));
      const [row] = await db.insert(tableFor(resource)).values({ ...sampleInput(resource, serial, references), ...resource.fixed, agencyId }).returning();
      ids[`${resource.key}:${side}`] = Number(row?.id);
    }
  }
  const superAdmin = await makeUser(db, { kind: 'superAdmin' });
  tokens.set('superAdmin', await loginAs(t.app, superAdmin.username));
  const agencyAdmin = await makeUser(db, { kind: 'agencyAdmin', agencyId: own });
  tokens.set('agencyAdmin', await loginAs(t.app, agencyAdmin.username));
  const empty = await makeRole(db, { agencyId: own, permissions: [], name: 'No permissions' });
  const without = await makeUser(db, { kind: 'agencyUser', agencyId: own, roleId: empty.id });
  tokens.set('userWithout', await loginAs(t.app, without.username));
  const other = await makeUser(db, { kind: 'companyAdmin', agencyId: own, roleId: empty.id, companyId: 902 });
  tokens.set('companyAdminOther', await loginAs(t.app, other.username));
  for (const routeKey of flagForRoute.keys()) {
    const [method, url] = routeKey.split(' ') as ['PUT', string];
    const seeded = await t.app.inject({
      method,
      url: concreteUrl(url, false),
      headers: { ...bearer(await loginAs(t.app, agencyAdmin.username)), 'x-agency-id': String(own) },
      payload: sampleBody(routeKey),
    });
    if (seeded.statusCode !== 200) throw new Error(`could not seed ${routeKey}: ${seeded.statusCode} ${seeded.body}`);
  }
  // One "with" user per distinct first flag, created on demand.
});
afterAll(async () => {
  await t.close();
});

/**
 * Create-or-replace routes need the add flag to create and the edit flag to replace; the matrix seeds the record
 * first (beforeAll), so the "with" principals hold the edit flag for them.
 */
const flagForRoute = new Map<string, string>([
  ['PUT /api/approval-rules/:kind', 'canEditApprovalRule'],
  ['PUT /api/email-settings', 'canEditEmailSettings'],
]);

/** The flag a "with" principal holds: the route's first flag, or any flag for a route that needs just one. */
function routeFlag(access: Access, routeKey: string): string {
  if (access.kind === 'signedIn') return 'canViewDashboard';
  return flagForRoute.get(routeKey) ?? (access.kind === 'permission' ? (access.permission.split(',')[0] ?? '').trim() : '');
}

async function tokenFor(principal: Principal, access: Access, routeKey: string): Promise<string> {
  if (!principal.holdsRoutePermission) {
    const token = tokens.get(principal.name);
    if (!token) throw new Error(`no token for ${principal.name}`);
    return token;
  }
  const flag = routeFlag(access, routeKey);
  const key = `${principal.name}:${flag}`;
  const cached = tokens.get(key);
  if (cached) return cached;
  const role = await makeRole(t.database.db, { agencyId: own, permissions: flag && !(SUPER_ADMIN_FLAGS as readonly string[]).includes(flag) ? [flag] : [] });
  const user =
    principal.name === 'companyAdminSm'
      ? await makeUser(t.database.db, { kind: 'companyAdmin', agencyId: own, roleId: role.id, companyId: 901 })
      : await makeUser(t.database.db, { kind: 'agencyUser', agencyId: own, roleId: role.id });
  const token = await loginAs(t.app, user.username);
  tokens.set(key, token);
  return token;
}

/** Fills a route's path parameters with rows of the caller's own agency (or of another agency with `foreignRows`). */
function concreteUrl(url: string, foreignRows: boolean): string {
  return url
    .replace(/^\/api\/agencies\/:id\/toggle-status$/, `/api/agencies/${spare}/toggle-status`)
    .replace(/^\/api\/agencies\/:id/, `/api/agencies/${foreignRows ? foreign : own}`)
    .replace(/^\/api\/users\/:id/, `/api/users/${foreignRows ? ids.foreignUser : ids.targetUser}`)
    .replace(/^\/api\/roles\/:id/, `/api/roles/${foreignRows ? ids.foreignRole : ids.spareRole}`)
    // The location pickers read warehouses; the weight machines of a location need one to list.
    .replace(/^\/api\/locations\/:id$/, `/api/locations/${ids[`warehouse:${foreignRows ? 'foreign' : 'own'}`]}`)
    .replace(/^\/api\/weightMachine\/location$/, `/api/weightMachine/location?locationId=${ids['warehouse:own']}`)
    .replace(/^\/api\/([A-Za-z]+)\/:id/, (whole, key: string) => {
      const id = ids[`${key}:${foreignRows ? 'foreign' : 'own'}`];
      return id === undefined ? whole : `/api/${key}/${id}`;
    })
    .replace(/:kind/g, 'handlingLoss')
    .replace(/:token/g, 'not-a-real-token')
    .replace(/\*$/, 'documents/2026/11/none.pdf')
    .replace(/:[A-Za-z]+/g, '1');
}

describe('authorization matrix', () => {
  it('covers every route', () => {
    const routes = t.app.routeAccess.filter((r) => !leftOut.has(`${r.method} ${r.url}`));
    expect(routes.length).toBeGreaterThan(15);
  });

  it('answers every route for every principal, in its own agency and a foreign one, as declared', async () => {
    const failures: string[] = [];
    const routes = t.app.routeAccess.filter((r) => r.access.kind !== 'public' && !leftOut.has(`${r.method} ${r.url}`));
    for (const route of routes) {
      for (const principal of principals) {
        for (const foreignAgency of [false, true]) {
          const routeKey = `${route.method} ${route.url}`;
          const token = await tokenFor(principal, route.access, routeKey);
          const response = await t.app.inject({
            method: route.method as 'GET',
            url: concreteUrl(route.url, false),
            headers: { ...bearer(token), 'x-agency-id': String(foreignAgency ? foreign : own) },
            ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: sampleBody(routeKey) }),
          });
          const allowed = expectedAllowed(principal, route.access, foreignAgency, routeKey);
          const refused = response.statusCode === 401 || response.statusCode === 403;
          if (allowed === refused) {
            failures.push(`${route.method} ${route.url} as ${principal.name} in ${foreignAgency ? 'a foreign' : 'its own'} agency: expected ${allowed ? 'allowed' : '403'}, got ${response.statusCode} ${response.body.slice(0, 120)}`);
          }
          if (!allowed && response.statusCode !== 403) failures.push(`${route.method} ${route.url} as ${principal.name}: refused with ${response.statusCode}, not 403`);
        }
      }
    }
    expect(failures).toEqual([]);
    // Some 2,500 requests (every route x 6 principals x 2 agencies): far longer than one test's default budget.
  }, ROUTE_SWEEP_BUDGET_MS);

  it('never lets a caller reach another agency’s rows by id', async () => {
    const failures: string[] = [];
    const routes = t.app.routeAccess.filter((r) => r.access.kind !== 'public' && /\/:id\b/.test(r.url) && !leftOut.has(`${r.method} ${r.url}`));
    for (const route of routes) {
      for (const principal of principals.filter((p) => !p.isSuperAdmin)) {
        const token = await tokenFor(principal, route.access, `${route.method} ${route.url}`);
        const response = await t.app.inject({
          method: route.method as 'GET',
          url: concreteUrl(route.url, true),
          headers: { ...bearer(token), 'x-agency-id': String(own) },
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: sampleBody(`${route.method} ${route.url}`) }),
        });
        if (response.statusCode < 300) failures.push(`${route.method} ${concreteUrl(route.url, true)} as ${principal.name}: ${response.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses every protected route without a session', async () => {
    const failures: string[] = [];
    for (const route of t.app.routeAccess.filter((r) => r.access.kind !== 'public')) {
      const response = await t.app.inject({ method: route.method as 'GET', url: concreteUrl(route.url, false), ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }) });
      if (response.statusCode !== 401) failures.push(`${route.method} ${route.url}: ${response.statusCode}`);
    }
    expect(failures).toEqual([]);
  });
});

/**
 * Data scope (spec 6): two company admins of two shipment managers of the same agency, each company with its own
 * consignee, delivery location, sale order and consignment. Every GET route that is registered is called by each of
 * them: the parameterless ones (lists, pickers, Excel exports, once plain and once with a search matching both
 * companies' names), and every `/:id` route with each id of the other company's rows. No id, name, e-mail, phone or
 * number of the other company's rows may appear in any answer.
 */
describe('data scope of company admins', () => {
  type Side = 'X' | 'Y';
  interface Company {
    token: string;
    /** Ids of the company's rows, by the keys under which a response would name them. */
    ids: Record<string, number[]>;
    /** Texts only this company's rows hold. */
    texts: string[];
  }
  const companies = new Map<Side, Company>();

  async function insertRow(key: string, values: Record<string, unknown>): Promise<number> {
    const resource = resourceByKey(key);
    serial += 1;
    const references = Object.fromEntries(referencedKeys(resource).map((k) => [k, ids[`${k}:own`] ?? 0]));
    const [row] = await t.database.db
      .insert(tableFor(resource))
      .values({ ...sampleInput(resource, serial, references), ...resource.fixed, ...values, agencyId: own })
      .returning();
    return Number(row?.id);
  }

  beforeAll(async () => {
    const db = t.database.db;
    const flags = [...ALL_PERMISSION_FLAGS].filter((f) => !(SUPER_ADMIN_FLAGS as readonly string[]).includes(f));
    const role = await makeRole(db, { agencyId: own, permissions: flags, name: 'Company admins' });
    // Parties of their own: the matrix's earlier calls delete the seeded rows.
    const sellerId = await insertRow('seller', {});
    const buyerId = await insertRow('buyer', {});
    const cargoTypeId = await insertRow('cargoType', {});
    for (const [side, n] of [['X', 1], ['Y', 2]] as const) {
      const contact = (what: string) => ({ name: `Leakcheck ${what} ${side}`, email: `leak.${what.toLowerCase()}.${side.toLowerCase()}@example.test`, phone: `+966 12 888 ${n}${what.length}0${n}` });
      const manager = await insertRow('shipmentManager', { ...contact('Manager'), contactPerson: `Leakcheck Person ${side}` });
      const consignee = await insertRow('consignee', { ...contact('Consignee'), contactPerson: `Leakcheck Contact ${side}`, shipmentManagerId: manager });
      const site = await insertRow('deliveryLocation', { name: `Leakcheck Site ${side}`, ownerType: 'consignee', consigneeId: consignee, customerId: null });
      const createdBy = ids.approver ?? 0;
      const [order] = await db
        .insert(saleOrders)
        .values({ agencyId: own, number: `SO-LEAKCHECK-${side}`, sellerId, buyerId, cargoTypeId, quantityKg: 1_000_000n, orderDate: '2026-11-01', createdBy, createdAt: new Date() })
        .returning({ id: saleOrders.id });
      const [consignment] = await db
        .insert(consignments)
        .values({ agencyId: own, lcNumber: `LC-LEAKCHECK-${side}`, refNumber: `REF-LEAKCHECK-${side}`, saleOrderId: order?.id ?? 0, blConsigneeId: consignee, shipmentManagerId: manager, cargoTypeId, quantityKg: 1000n, createdBy, createdAt: new Date() })
        .returning({ id: consignments.id });
      const admin = await makeUser(db, { kind: 'companyAdmin', agencyId: own, roleId: role.id, companyId: manager, username: `leakcheck.admin.${side.toLowerCase()}`, firstName: `Leakcheck Admin ${side}`, phone: `+966 12 777 000${n}` });
      companies.set(side, {
        token: await loginAs(t.app, admin.username),
        ids: {
          shipmentManager: [manager],
          consignee: [consignee],
          deliveryLocation: [site],
          location: [site],
          saleOrder: [order?.id ?? 0],
          consignment: [consignment?.id ?? 0],
          user: [admin.id],
          company: [manager, consignee],
        },
        texts: [
          ...['Manager', 'Consignee'].flatMap((what) => Object.values(contact(what))),
          `Leakcheck Person ${side}`,
          `Leakcheck Contact ${side}`,
          `Leakcheck Site ${side}`,
          `SO-LEAKCHECK-${side}`,
          `LC-LEAKCHECK-${side}`,
          `REF-LEAKCHECK-${side}`,
          admin.username,
          admin.email,
          `Leakcheck Admin ${side}`,
          `+966 12 777 000${n}`,
        ],
      });
    }
  });

  /** Response keys that hold ids of one kind, and the kind. */
  const idKeys: Record<string, string> = {
    shipmentManagerId: 'shipmentManager',
    shipmentManagerIds: 'shipmentManager',
    smIds: 'shipmentManager',
    consigneeId: 'consignee',
    blConsigneeId: 'consignee',
    consigneeIds: 'consignee',
    companyId: 'company',
    ownerCompanyId: 'company',
    locationId: 'location',
    locationIds: 'location',
    toLocationId: 'location',
    deliveryLocationId: 'location',
    saleOrderId: 'saleOrder',
    consignmentId: 'consignment',
    userId: 'user',
  };

  /** Where a parsed body names one of the other company's ids under a key of that kind. */
  function idLeaks(value: unknown, other: Company, path: string): string[] {
    if (Array.isArray(value)) return value.flatMap((item, i) => idLeaks(item, other, `${path}[${i}]`));
    if (value === null || typeof value !== 'object') return [];
    return Object.entries(value).flatMap(([key, inner]) => {
      const kind = idKeys[key];
      const named = (kind ? [inner].flat() : []).filter((id): id is number => typeof id === 'number' && (other.ids[kind ?? ''] ?? []).includes(id));
      return [...named.map((id) => `${path}.${key}=${id}`), ...idLeaks(inner, other, `${path}.${key}`)];
    });
  }

  const contentType = (response: { headers: Record<string, unknown> }) => {
    const value = response.headers['content-type'];
    return typeof value === 'string' ? value : '';
  };

  /** The text of a response: every cell of an Excel file, else the body. */
  async function bodyText(response: { headers: Record<string, unknown>; body: string; rawPayload: Buffer }): Promise<string> {
    if (!contentType(response).includes('spreadsheetml')) return response.body;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const cells: string[] = [];
    for (const sheet of workbook.worksheets) sheet.eachRow((row) => row.eachCell((cell) => cells.push(cell.text)));
    return cells.join('\n');
  }

  /** The kinds of the other company's rows a `/:id` route may name by its first segment; every kind when unknown. */
  const kindsBySegment: Record<string, string[]> = { locations: ['location'], saleOrder: ['saleOrder'], consignments: ['consignment'], users: ['user'] };
  const kindsByTable: Record<string, string[]> = { companies: ['company'], locations: ['location'] };
  function idsFor(url: string, other: Company): number[] {
    const segment = /^\/api\/([A-Za-z]+)\//.exec(url)?.[1] ?? '';
    const resource = resourceRegistry.find((r) => r.key === segment);
    // A resource's routes read its own table: only the other company's rows in that table can show there.
    const kinds = resource ? (kindsByTable[resource.table] ?? []) : (kindsBySegment[segment] ?? Object.keys(other.ids));
    return [...new Set(kinds.flatMap((kind) => other.ids[kind] ?? []))];
  }

  /**
   * The URLs a GET route is called with to look for the other company's rows: a list plain and searched (an export
   * plain: it honours the same search), a `/:id` route with each id of the other company's rows it could read.
   */
  function probes(url: string, other: Company): string[] {
    if (!url.includes(':') && !url.endsWith('*')) {
      const plain = concreteUrl(url, false);
      return url.endsWith('.xlsx') ? [plain] : [plain, `${plain}${plain.includes('?') ? '&' : '?'}search=Leakcheck`];
    }
    if (!/\/:id\b/.test(url) || url.startsWith('/api/agencies/:id')) return [concreteUrl(url, false)];
    return idsFor(url, other).map((id) => concreteUrl(url.replace(/\/:id\b/, `/${id}`), false));
  }

  it('never shows a company admin a row of another shipment manager, by list, picker, export or id', async () => {
    const failures: string[] = [];
    const routes = t.app.routeAccess.filter((r) => r.method === 'GET' && r.access.kind !== 'public' && !leftOut.has(`${r.method} ${r.url}`));
    let calls = 0;
    // One direction is enough: both companies are made alike (X's rows come first, so Y's ids are the higher ones).
    for (const [side, otherSide] of [['X', 'Y']] as const) {
      const me = companies.get(side);
      const other = companies.get(otherSide);
      if (!me || !other) throw new Error('company admins missing');
      for (const route of routes) {
        for (const url of probes(route.url, other)) {
          calls += 1;
          const response = await t.app.inject({ method: 'GET', url, headers: { ...bearer(me.token), 'x-agency-id': String(own) } });
          const text = await bodyText(response);
          for (const leaked of other.texts.filter((secret) => text.includes(secret))) failures.push(`${url} as ${side}: shows "${leaked}"`);
          if (contentType(response).includes('json')) {
            for (const leaked of idLeaks(JSON.parse(text), other, '')) failures.push(`${url} as ${side}: names ${leaked}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    // The probes reached the rows: each admin's own consignee, sale order and site are listed for them.
    expect(calls).toBeGreaterThan(150);
    for (const side of ['X', 'Y'] as const) {
      const me = companies.get(side);
      const get = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: { ...bearer(me?.token ?? ''), 'x-agency-id': String(own) } })).body;
      expect(await get('/api/consignee?search=Leakcheck')).toContain(`Leakcheck Consignee ${side}`);
      expect(await get('/api/deliveryLocation?search=Leakcheck')).toContain(`Leakcheck Site ${side}`);
      expect(await get('/api/saleOrder?search=LEAKCHECK')).toContain(`SO-LEAKCHECK-${side}`);
    }
  }, ROUTE_SWEEP_BUDGET_MS);
});
