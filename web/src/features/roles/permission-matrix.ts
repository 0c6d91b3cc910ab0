import { permissionFlag, permissionModules, specialPermissions, type Language, type PermissionAction, type PermissionGroup } from '@tonnage/contracts';

/** The columns of the matrix, in display order. */
export const PERMISSION_ACTIONS: readonly PermissionAction[] = ['view', 'add', 'edit', 'reverse', 'approve', 'export', 'correct'];

/** The module groups in catalogue order. */
export const PERMISSION_GROUPS: readonly PermissionGroup[] = [...new Set(permissionModules.map((module) => module.group))];

export interface MatrixRow {
  moduleKey: string;
  label: string;
  /** The flag of each action the module has; actions it lacks have no cell. */
  cells: Partial<Record<PermissionAction, string>>;
  flags: string[];
}

export interface MatrixSpecial {
  flag: string;
  label: string;
}

export interface MatrixGroup {
  group: PermissionGroup;
  rows: MatrixRow[];
  specials: MatrixSpecial[];
  /** Every flag shown in the group (rows and specials). */
  flags: string[];
}

/** The catalogue has English and Arabic labels; the other languages read the English ones. */
export function catalogueLabel(entry: { en: string; ar: string }, language: Language): string {
  return language === 'ar' ? entry.ar : entry.en;
}

function matches(label: string, needle: string, language: Language): boolean {
  return needle === '' || label.toLocaleLowerCase(language).includes(needle);
}

/**
 * The permission catalogue as a matrix grouped by module group: rows are modules, columns are actions, and
 * the group's special flags listed below. A search keeps the modules and special flags whose label (in the
 * current language) contains it; groups left empty are dropped.
 */
export function buildMatrix(language: Language, search = ''): MatrixGroup[] {
  const needle = search.trim().toLocaleLowerCase(language);
  return PERMISSION_GROUPS.map((group) => {
    const rows = permissionModules
      .filter((module) => module.group === group)
      .map((module): MatrixRow => {
        const cells: Partial<Record<PermissionAction, string>> = {};
        for (const action of module.actions) cells[action] = permissionFlag(module.key, action);
        return { moduleKey: module.key, label: catalogueLabel(module, language), cells, flags: Object.values(cells) };
      })
      .filter((row) => matches(row.label, needle, language));
    const specials = specialPermissions
      .filter((special) => special.group === group)
      .map((special): MatrixSpecial => ({ flag: special.flag, label: catalogueLabel(special, language) }))
      .filter((special) => matches(special.label, needle, language));
    return { group, rows, specials, flags: [...rows.flatMap((row) => row.flags), ...specials.map((special) => special.flag)] };
  }).filter((group) => group.flags.length > 0);
}

export interface CheckState {
  checked: boolean;
  indeterminate: boolean;
}

/** A select-all box over `flags`: checked when all are selected, indeterminate when some are. */
export function checkState(flags: readonly string[], selected: ReadonlySet<string>): CheckState {
  const count = flags.filter((flag) => selected.has(flag)).length;
  return { checked: flags.length > 0 && count === flags.length, indeterminate: count > 0 && count < flags.length };
}

/** The selection with `flags` all added (on) or all removed (off). */
export function setFlags(selected: ReadonlySet<string>, flags: readonly string[], on: boolean): Set<string> {
  const next = new Set(selected);
  for (const flag of flags) {
    if (on) next.add(flag);
    else next.delete(flag);
  }
  return next;
}

export function sameSelection(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  return a.size === b.size && [...a].every((flag) => b.has(flag));
}
