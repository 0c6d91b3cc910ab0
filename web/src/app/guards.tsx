import { useEffect, type ReactNode } from 'react';
import { Outlet, useParams } from 'react-router';
import { allMenuEntries, hasPermission, permissionFlag, type PermissionAction } from '@tonnage/contracts';
import { PageLoader } from '../components/PageLoader';
import { NotFoundPage, UnauthorizedPage } from '../features/errors/ErrorPages';
import { findAgencyMenuEntry } from './layout/menu-model';
import { ownAgencyId, useSession, useUserContext } from './session';

/** Shows the page only to users holding one of the comma-separated permissions (the UI hides; the server forbids). */
export function RequirePermission({ permission, children }: { permission: string; children: ReactNode }) {
  const context = useUserContext();
  return hasPermission(context, permission) ? children : <UnauthorizedPage />;
}

/** Whether the signed-in user holds one of the comma-separated permissions (to show or hide actions). */
export function useCan(permission: string): boolean {
  return hasPermission(useUserContext(), permission);
}

/**
 * The permission a page of a sidebar entry needs: the entry's own view permission, or the add/edit flag of
 * the same module for its add and edit pages (`users` → canViewUserStaffManagement, canAddUserStaffManagement).
 */
export function entryPermission(entryKey: string, action: PermissionAction = 'view'): string {
  const entry = allMenuEntries.find((candidate) => candidate.key === entryKey);
  if (!entry) throw new Error(`Unknown menu entry ${entryKey}`);
  if (action === 'view') return entry.permission;
  const moduleKey = /^canView(\w+)$/.exec(entry.permission)?.[1];
  if (!moduleKey) throw new Error(`Menu entry ${entryKey} has no module permission`);
  return permissionFlag(moduleKey, action);
}

/** A page of a sidebar entry, shown only with the entry's permission (or its add/edit flag); else Unauthorized. */
export function RequireMenuEntry({ entry, action = 'view', children }: { entry: string; action?: PermissionAction; children: ReactNode }) {
  const context = useUserContext();
  const superAdminOnly = allMenuEntries.find((candidate) => candidate.key === entry)?.superAdminOnly === true;
  if (superAdminOnly && !context.isSuperAdmin) return <UnauthorizedPage />;
  return hasPermission(context, entryPermission(entry, action)) ? children : <UnauthorizedPage />;
}

/**
 * Editing an agency: super admins, and the admin of that agency (AgencyScope has already limited a
 * non-super-admin to their own agency).
 */
export function RequireAgencyEditor({ children }: { children: ReactNode }) {
  const context = useUserContext();
  return context.isSuperAdmin || context.isAgencyAdmin ? children : <UnauthorizedPage />;
}

export function parseId(value: string | undefined): number | null {
  return value && /^\d+$/.test(value) ? Number(value) : null;
}

/**
 * `/agencies/{agencyId}/…`: a super admin works in the agency of the address (stored as the selected
 * agency, spec section 4); anyone else only in their own agency.
 */
export function AgencyScope() {
  const { agencyId } = useParams();
  const context = useUserContext();
  const { selectedAgencyId, selectAgency } = useSession();
  const id = parseId(agencyId);
  const superAdmin = context.isSuperAdmin;

  useEffect(() => {
    if (superAdmin && id !== null && selectedAgencyId !== id) selectAgency(id);
  }, [superAdmin, id, selectedAgencyId, selectAgency]);

  if (id === null) return <NotFoundPage />;
  if (!superAdmin) return id === ownAgencyId(context) ? <Outlet /> : <UnauthorizedPage />;
  if (selectedAgencyId !== id) return <PageLoader />;
  return <Outlet />;
}

/**
 * Any other address inside an agency: a menu entry whose permission the user lacks is unauthorised;
 * everything else (screens of later issues, unknown paths) is the 404 page.
 */
export function AgencyAreaFallback() {
  const { '*': rest = '' } = useParams();
  const context = useUserContext();
  const entry = findAgencyMenuEntry(rest);
  const hiddenInThisBuild = entry?.developmentOnly === true && import.meta.env.PROD;
  if (entry && !hiddenInThisBuild && !hasPermission(context, entry.permission)) return <UnauthorizedPage />;
  return <NotFoundPage />;
}
