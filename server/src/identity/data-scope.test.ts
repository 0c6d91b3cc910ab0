import type { TUser } from '@tonnage/contracts';
import { sql } from 'drizzle-orm';
import { integer, pgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/harness';
import type { Database } from '../platform/db/client';
import { dataScopeOf, dataScopeOfSession, inScope, scopeCondition, UNRESTRICTED } from './data-scope';

const baseUser: TUser = {
  id: 1,
  agencyId: 1,
  username: 'u',
  kind: 'agencyUser',
  firstName: 'U',
  lastName: null,
  initials: null,
  email: 'u@example.test',
  phone: null,
  address: null,
  residenceCountryId: null,
  cityId: null,
  originCountryId: null,
  idNumber: null,
  profilePic: null,
  passwordResetAt: null,
  companyId: null,
  roleId: null,
  shipmentManagerIds: [],
  consigneeIds: [],
  locationIds: [],
  isActive: true,
};
const as = (user: Partial<TUser>, isSuperAdmin = false) => ({ isSuperAdmin, user: { ...baseUser, ...user } });

describe('data scope rules (spec section 6)', () => {
  it('leaves a super admin unrestricted whatever is assigned', () => {
    expect(dataScopeOf(as({ kind: 'superAdmin', shipmentManagerIds: [3] }, true), null)).toEqual(UNRESTRICTED);
  });

  it('treats empty assignment lists as unrestricted', () => {
    expect(dataScopeOf(as({}), null)).toEqual(UNRESTRICTED);
    expect(dataScopeOf(as({ kind: 'agencyAdmin' }), null)).toEqual(UNRESTRICTED);
  });

  it('limits other users to their assigned shipment managers, consignees and locations', () => {
    expect(dataScopeOf(as({ shipmentManagerIds: [7, 3, 7], consigneeIds: [], locationIds: [12] }), null)).toEqual({
      shipmentManagerIds: [3, 7],
      consigneeIds: null,
      locationIds: [12],
    });
  });

  it('limits a company admin of a shipment-manager company to that company only', () => {
    const scope = dataScopeOf(as({ kind: 'companyAdmin', companyId: 40, shipmentManagerIds: [1, 2] }), { id: 40, isShipmentManager: true });
    expect(scope.shipmentManagerIds).toEqual([40]);
    expect(scope.locationIds).toBeNull();
  });

  it('scopes a company admin of another company by its assignments', () => {
    const scope = dataScopeOf(as({ kind: 'companyAdmin', companyId: 41, consigneeIds: [9] }), { id: 41, isShipmentManager: false });
    expect(scope).toEqual({ shipmentManagerIds: null, consigneeIds: [9], locationIds: null });
  });

  it('reads no company for a super admin or a user who is no company admin', async () => {
    const untouchable = new Proxy({}, { get: () => { throw new Error('no query expected'); } }) as Database['db'];
    expect(await dataScopeOfSession(untouchable, as({ kind: 'superAdmin' }, true))).toEqual(UNRESTRICTED);
    expect(await dataScopeOfSession(untouchable, as({ consigneeIds: [4] }))).toEqual({ shipmentManagerIds: null, consigneeIds: [4], locationIds: null });
    expect(await dataScopeOfSession(untouchable, as({ kind: 'companyAdmin', companyId: null }))).toEqual(UNRESTRICTED);
  });

  it('checks single records', () => {
    expect(inScope(null, 5)).toBe(true);
    expect(inScope([5], 5)).toBe(true);
    expect(inScope([5], 6)).toBe(false);
    expect(inScope([5], null)).toBe(false);
  });
});

const stock = pgTable('scope_probe', {
  id: integer('id').primaryKey(),
  shipmentManagerId: integer('shipment_manager_id'),
  consigneeId: integer('consignee_id'),
  locationId: integer('location_id'),
});

describe('scope conditions in SQL', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const created = await createTestDatabase();
    database = created.database;
    drop = () => created.drop();
    await database.db.execute(sql`create table scope_probe (id int primary key, shipment_manager_id int, consignee_id int, location_id int)`);
    await database.db.insert(stock).values([
      { id: 1, shipmentManagerId: 10, consigneeId: 100, locationId: 1000 },
      { id: 2, shipmentManagerId: 10, consigneeId: 101, locationId: 1001 },
      { id: 3, shipmentManagerId: 11, consigneeId: 100, locationId: 1000 },
      { id: 4, shipmentManagerId: 12, consigneeId: 102, locationId: 1002 },
    ]);
  });
  afterAll(async () => {
    await drop();
  });

  const ids = async (condition: ReturnType<typeof scopeCondition>) =>
    (await database.db.select({ id: stock.id }).from(stock).where(condition).orderBy(stock.id)).map((r) => r.id);
  const columns = { shipmentManager: stock.shipmentManagerId, consignee: stock.consigneeId, location: stock.locationId };

  it('returns every row when unrestricted', async () => {
    expect(scopeCondition(UNRESTRICTED, columns)).toBeUndefined();
    expect(await ids(scopeCondition(UNRESTRICTED, columns))).toEqual([1, 2, 3, 4]);
  });

  it('narrows by every restricted list at once', async () => {
    expect(await ids(scopeCondition({ shipmentManagerIds: [10, 11], consigneeIds: null, locationIds: null }, columns))).toEqual([1, 2, 3]);
    expect(await ids(scopeCondition({ shipmentManagerIds: [10, 11], consigneeIds: [100], locationIds: null }, columns))).toEqual([1, 3]);
    expect(await ids(scopeCondition({ shipmentManagerIds: [10, 11], consigneeIds: [100], locationIds: [1001] }, columns))).toEqual([]);
  });

  it('ignores restrictions on columns the query does not have', async () => {
    expect(await ids(scopeCondition({ shipmentManagerIds: null, consigneeIds: null, locationIds: [1002] }, { consignee: stock.consigneeId }))).toEqual([1, 2, 3, 4]);
  });
});
