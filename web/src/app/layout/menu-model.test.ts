import { describe, expect, it } from 'vitest';
import { allMenuEntries, type MenuItem, type PermissionSubject } from '@tonnage/contracts';
import { activeMenuKeys, findAgencyMenuEntry, menuPath, visibleMenu } from './menu-model';

const superAdmin: PermissionSubject = { isSuperAdmin: true, isAgencyAdmin: false, permissions: [] };
const agencyAdmin: PermissionSubject = { isSuperAdmin: false, isAgencyAdmin: true, permissions: [] };
const user = (permissions: string[]): PermissionSubject => ({ isSuperAdmin: false, isAgencyAdmin: false, permissions });

const keys = (items: MenuItem[]) => items.flatMap((item) => (item.type === 'group' ? item.entries.map((e) => e.key) : [item.key]));
const groups = (items: MenuItem[]) => items.filter((item) => item.type === 'group').map((item) => item.key);

describe('visibleMenu', () => {
  it('shows a super admin everything, in development', () => {
    const items = visibleMenu(superAdmin, { production: false, agencyId: 1 });
    expect(keys(items)).toHaveLength(allMenuEntries.length);
  });

  it('hides development-only entries in production builds', () => {
    const items = keys(visibleMenu(superAdmin, { production: true, agencyId: 1 }));
    expect(items).not.toContain('buyer');
    expect(items).not.toContain('cargoControlRules');
    expect(items).toContain('seller');
  });

  it('shows a super admin without a selected agency only the agency list', () => {
    expect(keys(visibleMenu(superAdmin, { production: true, agencyId: null }))).toEqual(['agencies/list']);
  });

  it('gives an agency admin everything but the super-admin-only entries', () => {
    const items = keys(visibleMenu(agencyAdmin, { production: false, agencyId: 4 }));
    expect(items).not.toContain('agencies/list');
    expect(items).not.toContain('settings');
    expect(items).toContain('users');
    expect(items).toContain('dashboard');
  });

  it('shows a user only the entries of their permissions and drops empty groups', () => {
    const items = visibleMenu(user(['canViewSaleOrder', 'canViewWarehouseDashboard', 'canViewTruck']), {
      production: false,
      agencyId: 4,
    });
    expect(keys(items)).toEqual(['dashboard', 'saleOrder', 'Truck']);
    expect(groups(items)).toEqual(['procurement', 'masterData']);
  });

  it('shows nothing to a user without permissions', () => {
    expect(visibleMenu(user([]), { production: false, agencyId: 4 })).toEqual([]);
  });
});

describe('menu paths', () => {
  it('roots entries in the agency unless they have no dashboard', () => {
    const [agencies] = allMenuEntries;
    const saleOrder = allMenuEntries.find((e) => e.key === 'saleOrder');
    expect(agencies && menuPath(agencies, 3)).toBe('/agencies/list');
    expect(saleOrder && menuPath(saleOrder, 3)).toBe('/agencies/3/saleOrder');
  });

  it('finds the entry a sub-path belongs to, longest key first', () => {
    expect(findAgencyMenuEntry('vessel/add')?.key).toBe('vessel');
    expect(findAgencyMenuEntry('vesselQuantityApproval/vessel/3/edit')?.key).toBe('vesselQuantityApproval/vessel');
    expect(findAgencyMenuEntry('warehouse/consignee-to-sm/add')?.key).toBe('warehouse/consignee-to-sm');
    expect(findAgencyMenuEntry('nothing-here')).toBeNull();
  });

  it('marks the current entry and opens its group', () => {
    const items = visibleMenu(agencyAdmin, { production: false, agencyId: 2 });
    expect(activeMenuKeys(items, '/agencies/2/truckRules/add', 2)).toEqual({ selected: '/agencies/2/truckRules', group: 'staff' });
    expect(activeMenuKeys(items, '/agencies/2/dashboard', 2)).toEqual({ selected: '/agencies/2/dashboard', group: null });
    expect(activeMenuKeys(items, '/help', 2)).toEqual({ selected: null, group: null });
  });
});
