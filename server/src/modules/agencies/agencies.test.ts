import { Messages, type TAgency, type TAgencyData, type TAgencyList, type TApiError } from '@tonnage/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit/audit.schema';
import { createSession } from '../../identity/sessions.service';
import { bearer, makeAgency, makeRole, makeUser } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { agencies } from '../../identity/agencies.schema';

let t: TestApp;
let agencyA: TAgencyRow;
let agencyB: TAgencyRow;
const tokens = { superAdmin: '', adminA: '', adminB: '', userA: '', companyAdminA: '' };
type TAgencyRow = Awaited<ReturnType<typeof makeAgency>>;
type Who = keyof typeof tokens | 'anonymous';

async function tokenFor(userId: number): Promise<string> {
  return (await createSession(t.database.db, { userId, rememberMe: false, lifetimeSeconds: 3600, now: t.clock.now() })).token;
}

function call(who: Who, method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) {
  return t.app.inject({ method, url, headers: who === 'anonymous' ? {} : bearer(tokens[who]), ...(payload ? { payload } : {}) });
}

async function agencyCount(): Promise<number> {
  const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(agencies);
  return row?.n ?? 0;
}

async function auditRows(agencyId: number) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'agency'), eq(auditLog.entityId, String(agencyId))))
    .orderBy(auditLog.id);
}

const validInput = (name: string) => ({
  name,
  timezone: 'Asia/Dubai',
  countryCode: 'AE',
  address: 'Jebel Ali Port',
  contactName: 'Huda',
  contactEmail: 'ops@example.test',
  contactPhone: '+971 4 000 0000',
  logo: 'agency/2026/11/logo.png',
});

beforeAll(async () => {
  t = await createTestApp();
  agencyA = await makeAgency(t.database.db, { name: 'Alpha Shipping' });
  agencyB = await makeAgency(t.database.db, { name: 'Bravo Logistics' });
  tokens.superAdmin = await tokenFor((await makeUser(t.database.db, { kind: 'superAdmin' })).id);
  tokens.adminA = await tokenFor((await makeUser(t.database.db, { kind: 'agencyAdmin', agencyId: agencyA.id })).id);
  tokens.adminB = await tokenFor((await makeUser(t.database.db, { kind: 'agencyAdmin', agencyId: agencyB.id })).id);
  // Agency data needs a permission, any one (spec 2.1); a user without any is refused (no-permission.test.ts).
  const viewerA = await makeRole(t.database.db, { agencyId: agencyA.id, permissions: ['canViewDashboard'] });
  tokens.userA = await tokenFor((await makeUser(t.database.db, { kind: 'agencyUser', agencyId: agencyA.id, roleId: viewerA.id })).id);
  tokens.companyAdminA = await tokenFor((await makeUser(t.database.db, { kind: 'companyAdmin', agencyId: agencyA.id, roleId: viewerA.id })).id);
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/agencies (list)', () => {
  beforeAll(async () => {
    await makeAgency(t.database.db, { name: 'Zeta Marine' });
    await makeAgency(t.database.db, { name: 'zeta bulk' });
    await makeAgency(t.database.db, { name: 'ZETA Cargo', isActive: false });
    await makeAgency(t.database.db, { name: 'Zet_100% Freight' });
  });

  it('gives a super admin rows and count, ordered by name, case-insensitive search on any part', async () => {
    const response = await call('superAdmin', 'GET', '/api/agencies?search=ZeTa');
    expect(response.statusCode).toBe(200);
    const body = response.json<TAgencyList>();
    expect(body.rows.map((a) => a.name)).toEqual(['zeta bulk', 'ZETA Cargo', 'Zeta Marine']);
    expect(body.count).toBe(3);
    expect((await call('superAdmin', 'GET', '/api/agencies?search=ul')).json<TAgencyList>().rows.map((a) => a.name)).toEqual(['zeta bulk']);
    // One character is enough: search starts at any length.
    expect((await call('superAdmin', 'GET', '/api/agencies?search=K')).json<TAgencyList>().rows.map((a) => a.name)).toEqual(['zeta bulk']);
    expect((await call('superAdmin', 'GET', '/api/agencies')).json<TAgencyList>().count).toBe(await agencyCount());
  });

  it('treats % and _ in the search as plain characters', async () => {
    expect((await call('superAdmin', 'GET', '/api/agencies?search=%25')).json<TAgencyList>().rows.map((a) => a.name)).toEqual(['Zet_100% Freight']);
    expect((await call('superAdmin', 'GET', '/api/agencies?search=t_1')).json<TAgencyList>().rows.map((a) => a.name)).toEqual(['Zet_100% Freight']);
  });

  it('filters by status and pages with the full count', async () => {
    const active = (await call('superAdmin', 'GET', '/api/agencies?search=zeta&status=active')).json<TAgencyList>();
    expect(active.rows.map((a) => a.name)).toEqual(['zeta bulk', 'Zeta Marine']);
    const inactive = (await call('superAdmin', 'GET', '/api/agencies?search=zeta&status=inactive')).json<TAgencyList>();
    expect(inactive.rows.map((a) => a.name)).toEqual(['ZETA Cargo']);
    const page2 = (await call('superAdmin', 'GET', '/api/agencies?search=zeta&page=2&limit=2')).json<TAgencyList>();
    expect(page2).toMatchObject({ count: 3, rows: [{ name: 'Zeta Marine' }] });
  });

  it('refuses a bad query with 400', async () => {
    expect((await call('superAdmin', 'GET', '/api/agencies?limit=1000')).statusCode).toBe(400);
    expect((await call('superAdmin', 'GET', '/api/agencies?status=closed')).statusCode).toBe(400);
  });

  it('is for super admins only', async () => {
    for (const who of ['adminA', 'userA', 'companyAdminA'] as const) {
      const response = await call(who, 'GET', '/api/agencies');
      expect(response.statusCode, who).toBe(403);
      expect(response.json<TApiError>().message).toBe(Messages.forbidden);
    }
    expect((await call('anonymous', 'GET', '/api/agencies')).statusCode).toBe(401);
  });
});

describe('GET /api/agencies/:id and /agencyData', () => {
  it('gives a super admin any agency', async () => {
    const response = await call('superAdmin', 'GET', `/api/agencies/${agencyB.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json<TAgency>()).toMatchObject({ id: agencyB.id, name: 'Bravo Logistics', isActive: true, timezone: 'Asia/Riyadh' });
  });

  it('gives agency admins, agency users and company admins their own agency only', async () => {
    for (const who of ['adminA', 'userA', 'companyAdminA'] as const) {
      expect((await call(who, 'GET', `/api/agencies/${agencyA.id}`)).json<TAgency>().id, who).toBe(agencyA.id);
      const foreign = await call(who, 'GET', `/api/agencies/${agencyB.id}`);
      expect(foreign.statusCode, who).toBe(403);
      expect(foreign.json<TApiError>().message).toBe(Messages.forbidden);
    }
    // An unknown id is no different from another agency's for them: nothing leaks.
    expect((await call('adminA', 'GET', '/api/agencies/987654')).statusCode).toBe(403);
  });

  it('answers 404 for an unknown agency, 400 for a malformed id, 401 without a token', async () => {
    expect((await call('superAdmin', 'GET', '/api/agencies/987654')).statusCode).toBe(404);
    expect((await call('superAdmin', 'GET', '/api/agencies/abc')).statusCode).toBe(400);
    expect((await call('anonymous', 'GET', `/api/agencies/${agencyA.id}`)).statusCode).toBe(401);
  });

  it('gives agency data with the same rule', async () => {
    const response = await call('userA', 'GET', `/api/agencies/${agencyA.id}/agencyData`);
    expect(response.statusCode).toBe(200);
    const data = response.json<TAgencyData>();
    expect(data.agency.id).toBe(agencyA.id);
    expect(data).toMatchObject({ Locations: [], Cargo: [], Companies: [], Timezone: ['Asia/Riyadh'] });
    expect((await call('superAdmin', 'GET', `/api/agencies/${agencyB.id}/agencyData`)).statusCode).toBe(200);
    expect((await call('adminA', 'GET', `/api/agencies/${agencyB.id}/agencyData`)).statusCode).toBe(403);
    expect((await call('superAdmin', 'GET', '/api/agencies/987654/agencyData')).statusCode).toBe(404);
    expect((await call('anonymous', 'GET', `/api/agencies/${agencyA.id}/agencyData`)).statusCode).toBe(401);
  });
});

describe('POST /api/agencies', () => {
  it('lets a super admin create an agency, at /api/agencies and /api/agencies/, with an audit row', async () => {
    const response = await call('superAdmin', 'POST', '/api/agencies', validInput('  Gulf Bulk Agency  '));
    expect(response.statusCode).toBe(201);
    const created = response.json<TAgency>();
    expect(created).toMatchObject({ ...validInput('Gulf Bulk Agency'), isActive: true });
    const [row] = await t.database.db.select().from(agencies).where(eq(agencies.id, created.id));
    expect(row).toMatchObject({ name: 'Gulf Bulk Agency', timezone: 'Asia/Dubai', contactEmail: 'ops@example.test', isActive: true });
    const audit = await auditRows(created.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'create', agencyId: created.id, changes: { before: null, after: created } });

    const slash = await call('superAdmin', 'POST', '/api/agencies/', { name: 'Red Sea Agency', timezone: 'Africa/Cairo' });
    expect(slash.statusCode).toBe(201);
    expect(slash.json<TAgency>()).toMatchObject({ name: 'Red Sea Agency', timezone: 'Africa/Cairo', logo: null, contactEmail: null });
  });

  it('refuses a duplicate name in any case with 409 and a field message', async () => {
    const before = await agencyCount();
    const response = await call('superAdmin', 'POST', '/api/agencies', validInput('alpha SHIPPING'));
    expect(response.statusCode).toBe(409);
    expect(response.json<TApiError>()).toMatchObject({ code: 'CONFLICT', details: { name: 'An agency with this name already exists.' } });
    expect(await agencyCount()).toBe(before);
  });

  it('creates one agency when the same name is posted several times at once', async () => {
    const responses = await Promise.all(
      ['Foxtrot Agency', 'FOXTROT agency', 'foxtrot Agency', 'Foxtrot AGENCY'].map((name) => call('superAdmin', 'POST', '/api/agencies', validInput(name))),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(agencies).where(sql`lower(${agencies.name}) = 'foxtrot agency'`);
    expect(row?.n).toBe(1);
  });

  it('answers 400 with field messages for an empty name, a bad timezone and a bad e-mail, and creates nothing', async () => {
    const before = await agencyCount();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...validInput('x'), name: '   ' }, 'name', 'Please input agency name!'],
      [{ timezone: 'Asia/Riyadh' }, 'name', 'Please input agency name!'],
      [{ ...validInput('Tz Agency'), timezone: 'Mars/Olympus' }, 'timezone', 'Please select a valid timezone!'],
      [{ ...validInput('Mail Agency'), contactEmail: 'not-an-email' }, 'contactEmail', 'Please enter a valid email!'],
    ];
    for (const [payload, field, message] of cases) {
      const response = await call('superAdmin', 'POST', '/api/agencies', payload);
      expect(response.statusCode, field).toBe(400);
      const body = response.json<TApiError>();
      expect(body.code).toBe('VALIDATION');
      expect(body.details?.[field]).toBe(message);
    }
    expect(await agencyCount()).toBe(before);
  });

  it('is for super admins only', async () => {
    const before = await agencyCount();
    for (const who of ['adminA', 'userA'] as const) {
      expect((await call(who, 'POST', '/api/agencies', validInput(`By ${who}`))).statusCode, who).toBe(403);
    }
    expect((await call('anonymous', 'POST', '/api/agencies', validInput('Anonymous'))).statusCode).toBe(401);
    expect(await agencyCount()).toBe(before);
  });
});

describe('PUT /api/agencies/:id', () => {
  it('lets a super admin update any agency and records before and after', async () => {
    const target = await makeAgency(t.database.db, { name: 'Delta Ports' });
    t.clock.advance(60_000);
    const response = await call('superAdmin', 'PUT', `/api/agencies/${target.id}`, validInput('Delta Ports & Silos'));
    expect(response.statusCode).toBe(200);
    const updated = response.json<TAgency>();
    expect(updated).toMatchObject({ ...validInput('Delta Ports & Silos'), id: target.id, isActive: true });
    expect(updated.updatedAt).toBe(t.clock.now().toISOString());
    const audit = await auditRows(target.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'update', changes: { before: { name: 'Delta Ports' }, after: { name: 'Delta Ports & Silos' } } });
  });

  it("lets an agency admin update their own agency, and nobody else's", async () => {
    const own = await call('adminA', 'PUT', `/api/agencies/${agencyA.id}`, { ...validInput('Alpha Shipping'), contactName: 'Nadia' });
    expect(own.statusCode).toBe(200);
    expect(own.json<TAgency>().contactName).toBe('Nadia');

    const foreign = await call('adminA', 'PUT', `/api/agencies/${agencyB.id}`, validInput('Taken Over'));
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json<TApiError>().message).toBe(Messages.forbidden);
    for (const who of ['userA', 'companyAdminA'] as const) {
      expect((await call(who, 'PUT', `/api/agencies/${agencyA.id}`, validInput('Alpha Shipping'))).statusCode, who).toBe(403);
    }
    expect((await call('anonymous', 'PUT', `/api/agencies/${agencyA.id}`, validInput('Alpha Shipping'))).statusCode).toBe(401);
    const [b] = await t.database.db.select().from(agencies).where(eq(agencies.id, agencyB.id));
    expect(b?.name).toBe('Bravo Logistics');
  });

  it('keeps its own name in another case, refuses a name taken by another agency with 409', async () => {
    expect((await call('adminB', 'PUT', `/api/agencies/${agencyB.id}`, { name: 'BRAVO logistics', timezone: 'Asia/Riyadh' })).statusCode).toBe(200);
    const taken = await call('adminB', 'PUT', `/api/agencies/${agencyB.id}`, { name: 'alpha shipping', timezone: 'Asia/Riyadh' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json<TApiError>().details).toEqual({ name: 'An agency with this name already exists.' });
    const [b] = await t.database.db.select().from(agencies).where(eq(agencies.id, agencyB.id));
    expect(b?.name).toBe('BRAVO logistics');
  });

  it('answers 400 with field messages and changes nothing; 404 for an unknown agency', async () => {
    const [before] = await t.database.db.select().from(agencies).where(eq(agencies.id, agencyA.id));
    for (const payload of [{ name: '', timezone: 'Asia/Riyadh' }, { name: 'Alpha', timezone: 'Nowhere/City' }, { name: 'Alpha', timezone: 'UTC', contactEmail: 'a@' }]) {
      const response = await call('superAdmin', 'PUT', `/api/agencies/${agencyA.id}`, payload);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json<TApiError>().details ?? {})).toHaveLength(1);
    }
    const [after] = await t.database.db.select().from(agencies).where(eq(agencies.id, agencyA.id));
    expect(after).toEqual(before);
    expect((await call('superAdmin', 'PUT', '/api/agencies/987654', validInput('Ghost'))).statusCode).toBe(404);
  });
});

describe('PUT /api/agencies/:id/toggle-status', () => {
  it("flips the status with the spec's message and switches the agency's sessions off and on", async () => {
    const agency = await makeAgency(t.database.db, { name: 'Echo Terminals' });
    const member = await tokenFor((await makeUser(t.database.db, { kind: 'agencyUser', agencyId: agency.id })).id);
    const asMember = () => t.app.inject({ method: 'GET', url: '/api/user-context', headers: bearer(member) });
    expect((await asMember()).statusCode).toBe(200);

    const off = await call('superAdmin', 'PUT', `/api/agencies/${agency.id}/toggle-status`);
    expect(off.statusCode).toBe(200);
    expect(off.json<{ agency: TAgency; message: string }>()).toMatchObject({ agency: { id: agency.id, isActive: false }, message: Messages.agencyDeactivated });
    expect((await asMember()).statusCode).toBe(401);
    // The super admin still sees it.
    expect((await call('superAdmin', 'GET', `/api/agencies/${agency.id}`)).json<TAgency>().isActive).toBe(false);

    const on = await call('superAdmin', 'PUT', `/api/agencies/${agency.id}/toggle-status`);
    expect(on.json<{ agency: TAgency; message: string }>()).toMatchObject({ agency: { isActive: true }, message: Messages.agencyActivated });
    expect((await asMember()).statusCode).toBe(200);

    expect((await auditRows(agency.id)).map((row) => row.action)).toEqual(['deactivate', 'activate']);
  });

  it('is for super admins only; 404 for an unknown agency', async () => {
    for (const who of ['adminA', 'userA'] as const) {
      expect((await call(who, 'PUT', `/api/agencies/${agencyA.id}/toggle-status`)).statusCode, who).toBe(403);
    }
    expect((await call('anonymous', 'PUT', `/api/agencies/${agencyA.id}/toggle-status`)).statusCode).toBe(401);
    const [a] = await t.database.db.select().from(agencies).where(eq(agencies.id, agencyA.id));
    expect(a?.isActive).toBe(true);
    expect((await call('superAdmin', 'PUT', '/api/agencies/987654/toggle-status')).statusCode).toBe(404);
  });
});

describe('GET /api/agencies/:id/agencyData: locations, cargo and companies in the user’s scope', () => {
  let agencyC: TAgencyRow;
  const id: Record<string, number> = {};
  const who: Record<string, string> = {};

  /** Makes a row through the generic master-data API, as the agency admin. */
  async function create(key: string, payload: Record<string, unknown>): Promise<number> {
    const response = await t.app.inject({ method: 'POST', url: `/api/${key}`, headers: bearer(who.admin ?? ''), payload });
    if (response.statusCode !== 201) throw new Error(`POST /api/${key}: ${response.statusCode} ${response.body}`);
    return response.json<{ id: number }>().id;
  }
  async function deactivate(key: string, rowId: number): Promise<void> {
    const response = await t.app.inject({ method: 'PUT', url: `/api/${key}/${rowId}/toggle-status`, headers: bearer(who.admin ?? '') });
    if (response.statusCode !== 200) throw new Error(`toggle ${key}: ${response.statusCode} ${response.body}`);
  }
  async function dataFor(token: string): Promise<TAgencyData> {
    const response = await t.app.inject({ method: 'GET', url: `/api/agencies/${agencyC.id}/agencyData`, headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    return response.json<TAgencyData>();
  }
  const place = { latitude: 24.7136, longitude: 46.675296 };

  beforeAll(async () => {
    const db = t.database.db;
    agencyC = await makeAgency(db, { name: 'Charlie Bulk', timezone: 'Asia/Dubai' });
    who.admin = await tokenFor((await makeUser(db, { kind: 'agencyAdmin', agencyId: agencyC.id })).id);

    id.smNorth = await create('shipmentManager', { name: 'North SM' });
    id.smSouth = await create('shipmentManager', { name: 'South SM' });
    id.millA = await create('consignee', { name: 'Mill A', shipmentManagerId: id.smNorth });
    id.millB = await create('consignee', { name: 'mill B', shipmentManagerId: id.smSouth });
    id.millC = await create('consignee', { name: 'Mill C' });
    id.millRetired = await create('consignee', { name: 'Mill Retired', shipmentManagerId: id.smNorth });
    id.bakery = await create('customer', { name: 'Bakery' });
    id.trucking = await create('transporter', { name: 'Trucking' });
    await deactivate('consignee', id.millRetired);

    id.wheat = await create('cargoType', { name: 'Wheat' });
    id.barley = await create('cargoType', { name: 'barley' });
    await deactivate('cargoType', await create('cargoType', { name: 'Corn' }));

    id.alpha = await create('warehouse', { name: 'Alpha Store', storageType: 'silo', ...place });
    id.beta = await create('warehouse', { name: 'beta Store', storageType: 'openArea', ...place });
    const closed = await create('warehouse', { name: 'Closed Store', storageType: 'both', ...place });
    id.millSite = await create('deliveryLocation', { name: 'Mill A Site', ownerType: 'consignee', consigneeId: id.millA, storageType: 'openArea', ...place });
    id.bakerySite = await create('deliveryLocation', { name: 'Bakery Site', ownerType: 'customer', customerId: id.bakery, storageType: 'both', ...place });
    id.silo2 = await create('silo', { name: 'S2', warehouseId: id.alpha, capacity: 500 });
    id.silo1 = await create('silo', { name: 'S1', warehouseId: id.alpha, capacity: 1200.75 });
    await deactivate('silo', await create('silo', { name: 'S0', warehouseId: id.alpha, capacity: 1 }));
    await create('silo', { name: 'C1', warehouseId: closed, capacity: 1 });
    await deactivate('warehouse', closed);

    // Mill A's admins: an inactive one first (lowest id), then two active ones; the first active one is its admin.
    await makeUser(db, { kind: 'companyAdmin', agencyId: agencyC.id, companyId: id.millA, isActive: false });
    id.millAdmin = (await makeUser(db, { kind: 'companyAdmin', agencyId: agencyC.id, companyId: id.millA })).id;
    await makeUser(db, { kind: 'companyAdmin', agencyId: agencyC.id, companyId: id.millA });
    const viewer = await makeRole(db, { agencyId: agencyC.id, permissions: ['canViewDashboard'] });
    id.northAdmin = (await makeUser(db, { kind: 'companyAdmin', agencyId: agencyC.id, companyId: id.smNorth, roleId: viewer.id })).id;

    who.northAdmin = await tokenFor(id.northAdmin);
    who.superAdmin = tokens.superAdmin;
    who.scoped = await tokenFor((await makeUser(db, { kind: 'agencyUser', agencyId: agencyC.id, roleId: viewer.id, consigneeIds: [id.millA, id.millC], locationIds: [id.alpha, id.millSite] })).id);
    who.south = await tokenFor((await makeUser(db, { kind: 'agencyUser', agencyId: agencyC.id, roleId: viewer.id, shipmentManagerIds: [id.smSouth] })).id);
  });

  it('gives locations with storage type, owner, active silos and the consignee’s shipment manager, by name', async () => {
    const data = await dataFor(who.admin ?? '');
    expect(data.Timezone).toEqual(['Asia/Dubai']);
    const at = { latitude: 24.7136, longitude: 46.675296 };
    const unowned = { customerId: null, consigneeId: null, shipmentManagerIds: [] };
    expect(data.Locations).toEqual([
      {
        id: id.alpha,
        name: 'Alpha Store',
        locationKindId: 1,
        storageTypeId: 1,
        ...unowned,
        ...at,
        // Active silos only, by name.
        Silo: [
          { id: id.silo1, name: 'S1', capacity: 1200.75 },
          { id: id.silo2, name: 'S2', capacity: 500 },
        ],
      },
      { id: id.bakerySite, name: 'Bakery Site', locationKindId: 2, storageTypeId: 3, ...unowned, customerId: id.bakery, ...at, Silo: [] },
      { id: id.beta, name: 'beta Store', locationKindId: 1, storageTypeId: 2, ...unowned, ...at, Silo: [] },
      // A consignee's location carries the consignee's shipment manager, which the pickers filter by.
      { id: id.millSite, name: 'Mill A Site', locationKindId: 2, storageTypeId: 2, ...unowned, consigneeId: id.millA, shipmentManagerIds: [id.smNorth], ...at, Silo: [] },
    ]);
  });

  it('gives active cargo types by name', async () => {
    expect((await dataFor(who.admin ?? '')).Cargo).toEqual([{ id: id.barley, name: 'barley' }, { id: id.wheat, name: 'Wheat' }]);
  });

  it('gives active companies by name with their type, first active admin and shipment manager', async () => {
    const companies = (await dataFor(who.admin ?? '')).Companies;
    expect(companies.map((c) => c.name)).toEqual(['Bakery', 'Mill A', 'mill B', 'Mill C', 'North SM', 'South SM', 'Trucking']);
    expect(companies.find((c) => c.id === id.millA)).toEqual({
      id: id.millA,
      name: 'Mill A',
      companyTypeId: 3,
      CompanyType: { id: 3, name: 'Consignee' },
      adminId: id.millAdmin,
      ShipmentManagerId: id.smNorth,
    });
    expect(companies.find((c) => c.id === id.smNorth)).toMatchObject({ companyTypeId: 5, CompanyType: { id: 5, name: 'Shipment Manager' }, adminId: id.northAdmin, ShipmentManagerId: null });
    expect(companies.find((c) => c.id === id.millC)).toMatchObject({ adminId: null, ShipmentManagerId: null });
    expect(companies.find((c) => c.id === id.trucking)).toMatchObject({ CompanyType: { id: 1, name: 'Transporter' } });
  });

  it('shows a super admin everything', async () => {
    const data = await dataFor(who.superAdmin ?? '');
    expect(data.Locations).toHaveLength(4);
    expect(data.Companies).toHaveLength(7);
  });

  it('limits locations to assigned ones and consignees to assigned ones', async () => {
    const data = await dataFor(who.scoped ?? '');
    expect(data.Locations.map((l) => l.name)).toEqual(['Alpha Store', 'Mill A Site']);
    expect(data.Companies.map((c) => c.name)).toEqual(['Bakery', 'Mill A', 'Mill C', 'North SM', 'South SM', 'Trucking']);
    expect(data.Cargo).toHaveLength(2);
  });

  it('limits shipment managers, and consignees by their shipment manager, to assigned ones', async () => {
    const data = await dataFor(who.south ?? '');
    expect(data.Companies.map((c) => c.name)).toEqual(['Bakery', 'mill B', 'South SM', 'Trucking']);
    // Mill A's site is a North consignee's: out of this user's scope, like Mill A itself.
    expect(data.Locations.map((l) => l.name)).not.toContain('Mill A Site');
    expect(data.Locations).toHaveLength(3);
  });

  it('shows a shipment-manager company admin only their own company and its consignees', async () => {
    const data = await dataFor(who.northAdmin ?? '');
    expect(data.Companies.map((c) => c.name)).toEqual(['Bakery', 'Mill A', 'North SM', 'Trucking']);
    expect(data.Locations).toHaveLength(4);
  });
});
