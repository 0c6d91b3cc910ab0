import { allMenuEntries, hasPermission, menu, type MenuEntry, type MenuItem, type PermissionSubject } from '@tonnage/contracts';

export interface MenuFilterOptions {
  /** Production build: developmentOnly entries are hidden (spec section 2.4). */
  production: boolean;
  /** Entries under `/agencies/{agencyId}/` need a selected agency. */
  agencyId: number | null;
}

/** Whether one sidebar entry is shown to this user. */
export function isEntryVisible(entry: MenuEntry, subject: PermissionSubject, options: MenuFilterOptions): boolean {
  if (entry.developmentOnly && options.production) return false;
  if (entry.superAdminOnly && !subject.isSuperAdmin) return false;
  if (!entry.withoutDashboard && options.agencyId === null) return false;
  return hasPermission(subject, entry.permission);
}

/** The sidebar of spec section 2.4 for one user: hidden entries dropped, groups left empty dropped. */
export function visibleMenu(subject: PermissionSubject, options: MenuFilterOptions): MenuItem[] {
  const items: MenuItem[] = [];
  for (const item of menu) {
    if (item.type === 'entry') {
      if (isEntryVisible(item, subject, options)) items.push(item);
      continue;
    }
    const entries = item.entries.filter((entry) => isEntryVisible(entry, subject, options));
    if (entries.length > 0) items.push({ ...item, entries });
  }
  return items;
}

/** Address of an entry: `/{key}` without dashboard, else `/agencies/{agencyId}/{key}`. */
export function menuPath(entry: MenuEntry, agencyId: number | null): string {
  if (entry.withoutDashboard || agencyId === null) return `/${entry.key}`;
  return `/agencies/${agencyId}/${entry.key}`;
}

/**
 * The menu entry a path inside an agency belongs to: the entry whose key is the path or a prefix of it
 * (`vessel/add` belongs to `vessel`); the longest key wins.
 */
export function findAgencyMenuEntry(subPath: string): MenuEntry | null {
  const path = subPath.replace(/^\/+|\/+$/g, '');
  let found: MenuEntry | null = null;
  for (const entry of allMenuEntries) {
    if (entry.withoutDashboard) continue;
    if (path === entry.key || path.startsWith(`${entry.key}/`)) {
      if (!found || entry.key.length > found.key.length) found = entry;
    }
  }
  return found;
}

/** The visible entry the current address belongs to, and its group, for the selected and open keys. */
export function activeMenuKeys(items: readonly MenuItem[], pathname: string, agencyId: number | null): { selected: string | null; group: string | null } {
  const candidates = items.flatMap((item): { path: string; group: string | null }[] =>
    item.type === 'entry'
      ? [{ path: menuPath(item, agencyId), group: null }]
      : item.entries.map((entry) => ({ path: menuPath(entry, agencyId), group: item.key })),
  );
  const matches = candidates
    .filter(({ path }) => pathname === path || pathname.startsWith(`${path}/`))
    .sort((a, b) => b.path.length - a.path.length);
  const best = matches[0];
  return best ? { selected: best.path, group: best.group } : { selected: null, group: null };
}
