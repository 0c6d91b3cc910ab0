import { describe, expect, it } from 'vitest';
import { hasPermission } from '@tonnage/contracts';
import { entryPermission } from './guards';

describe('entryPermission', () => {
  it('is the menu entry’s permission for its list page and the module’s add/edit flag for the others', () => {
    expect(entryPermission('users')).toBe('canViewUserStaffManagement');
    expect(entryPermission('users', 'add')).toBe('canAddUserStaffManagement');
    expect(entryPermission('roles', 'edit')).toBe('canEditRolesStaffManagement');
    expect(entryPermission('approvalRules')).toBe('canViewApprovalRule');
    expect(entryPermission('emailSettings', 'edit')).toBe('canEditEmailSettings');
  });

  it('keeps the settings page to super admins', () => {
    const permission = entryPermission('settings');
    expect(hasPermission({ isSuperAdmin: true, isAgencyAdmin: false, permissions: [] }, permission)).toBe(true);
    expect(hasPermission({ isSuperAdmin: false, isAgencyAdmin: true, permissions: [] }, permission)).toBe(false);
  });

  it('refuses unknown entries', () => {
    expect(() => entryPermission('nope')).toThrow();
  });
});
