import { columnName, resourceRegistry, type ResourceDef } from '@tonnage/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from '../../identity/users.schema';
import { columnsOf, type ResourceTable } from './master-data.schema';

/**
 * The read-only columns declarations may list (`derived`), each computed by a correlated subquery of the row's
 * table. They run inside the agency's transaction, so row-level security limits what they read to the agency.
 */
const derivedColumns: Readonly<Record<string, (table: ResourceTable) => SQL>> = {
  /** The company's admin: the first active company admin user (lowest id) of the company, by full name. */
  adminName: (table) => {
    const { id, agencyId } = columnsOf(table) as Record<'id' | 'agencyId', AnyPgColumn>;
    return sql`(select nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), '') from ${users}
      where ${users.companyId} = ${id} and ${users.agencyId} = ${agencyId} and ${users.kind} = 'companyAdmin' and ${users.isActive}
      order by ${users.id} limit 1)`;
  },
};

/** The derived columns of a resource for a select, each aliased to its name. */
export function derivedSelection(resource: ResourceDef, table: ResourceTable): Record<string, SQL.Aliased<string | null>> {
  const selection: Record<string, SQL.Aliased<string | null>> = {};
  for (const name of Object.keys(resource.derived ?? {})) {
    const build = derivedColumns[name];
    if (!build) throw new Error(`${resource.key}: the server has no derived column ${name}`);
    selection[name] = sql<string | null>`${build(table)}`.as(`derived_${columnName(name)}`);
  }
  return selection;
}

/** Fails at start-up when a declaration names a derived column the server cannot compute. */
export function assertDerivedColumnsKnown(): void {
  for (const resource of resourceRegistry) {
    for (const name of Object.keys(resource.derived ?? {})) if (!derivedColumns[name]) throw new Error(`${resource.key}: the server has no derived column ${name}`);
  }
}
