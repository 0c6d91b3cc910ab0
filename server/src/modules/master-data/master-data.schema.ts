import {
  berthResource,
  cargoControlRuleResource,
  cargoTypeResource,
  columnName,
  destinationResource,
  driverResource,
  driverRuleResource,
  fieldScale,
  handlingLossRuleResource,
  hikConnectResource,
  portResource,
  resourceByKey,
  resourceRegistry,
  shipmentManagerResource,
  siloResource,
  truckResource,
  vesselResource,
  warehouseResource,
  weightMachineResource,
  type FieldDef,
  type ResourceDef,
} from '@tonnage/contracts';
import { eq, getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
  type ExtraConfigColumn,
  type PgColumnBuilderBase,
  type PgTableWithColumns,
} from 'drizzle-orm/pg-core';
import { tenantPolicy } from '../../platform/db/tenancy';
import { agencies } from '../../identity/agencies.schema';

/** The Drizzle table of a resource; its columns are reached by field name through `columnsOf`. */
export type ResourceTable = PgTableWithColumns<{
  name: string;
  schema: undefined;
  columns: Record<string, AnyPgColumn>;
  dialect: 'pg';
}>;

/** Numeric precision per kind: quantities up to 99,999,999,999.999 MT, coordinates to 6 decimals. */
function precisionOf(field: FieldDef): number {
  switch (field.kind) {
    case 'quantity':
      return 14;
    case 'latitude':
      return 8;
    case 'longitude':
      return 9;
    case 'boolean':
    case 'date':
    case 'decimal':
    case 'email':
    case 'enum':
    case 'image':
    case 'integer':
    case 'phone':
    case 'reference':
    case 'secret':
    case 'text':
      return 12;
  }
}

function columnFor(name: string, field: FieldDef): PgColumnBuilderBase {
  const built = columnWithoutDefault(name, field);
  // Rows existing when the field was added get its default (the migration's ADD COLUMN ... DEFAULT).
  return field.default === undefined ? built : (built as unknown as { default(value: unknown): PgColumnBuilderBase }).default(field.default);
}

function columnWithoutDefault(name: string, field: FieldDef): PgColumnBuilderBase {
  const column = columnName(name);
  switch (field.kind) {
    case 'text':
    case 'email':
    case 'phone':
    case 'enum':
    case 'image':
    case 'secret': {
      // A secret's column holds its AES-256-GCM ciphertext (platform/secret-box), never the value.
      const built = text(column);
      return field.required ? built.notNull() : built;
    }
    case 'integer': {
      const built = integer(column);
      return field.required ? built.notNull() : built;
    }
    case 'decimal':
    case 'quantity':
    case 'latitude':
    case 'longitude': {
      // numeric keeps every decimal exactly (quantities: MT with 3 decimals, i.e. whole kilograms).
      const built = numeric(column, { precision: precisionOf(field), scale: fieldScale(field), mode: 'number' });
      return field.required ? built.notNull() : built;
    }
    case 'boolean':
      return boolean(column).notNull().default(false);
    case 'date': {
      const built = date(column, { mode: 'string' });
      return field.required ? built.notNull() : built;
    }
    case 'reference': {
      const target = (): AnyPgColumn => {
        const id = tableFor(resourceByKey(field.resource)).id;
        if (!id) throw new Error(`${field.resource}: no id column`);
        return id;
      };
      const built = integer(column).references(target, { onDelete: 'restrict' });
      return field.required ? built.notNull() : built;
    }
  }
}

const tables = new Map<string, ResourceTable>();

/** Kinds whose searchable fields get a trigram index (and so match through `tenantSearch`, see master-data.service.ts). */
export function isTrigramIndexed(kind: string): boolean {
  return kind === 'text' || kind === 'email' || kind === 'phone';
}

/**
 * The table of a resource: id, agency_id (row-level security), one column per field, is_active and who/when
 * columns; a unique index per unique field on (agency_id, lower(column)) for text; an index per filterable or
 * sortable column led by agency_id; references are foreign keys ON DELETE RESTRICT. Built once per resource.
 */
export function tableFor(resource: ResourceDef): ResourceTable {
  const existing = tables.get(resource.table);
  if (existing) return existing;
  // Resources sharing a table (companies by type) give one table: the union of their fields, a field NOT NULL only
  // when every sharer requires it, plus their fixed (discriminator) columns; unique fields are unique per type.
  const sharers = resourceRegistry.filter((r) => r.table === resource.table);
  if (!sharers.includes(resource)) sharers.push(resource);
  const fields = new Map<string, FieldDef>();
  for (const sharer of sharers) {
    for (const [name, field] of Object.entries(sharer.fields)) {
      const required = sharers.every((r) => r.fields[name]?.required === true);
      const known = fields.get(name);
      if (known && known.kind !== field.kind) throw new Error(`${resource.table}: field ${name} differs between resources`);
      fields.set(name, { ...field, required });
    }
  }
  const fixedNames = [...new Set(sharers.flatMap((r) => Object.keys(r.fixed ?? {})))];
  const columns: Record<string, PgColumnBuilderBase> = {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
  };
  for (const name of fixedNames) columns[name] = integer(columnName(name)).notNull();
  for (const [name, field] of fields) columns[name] = columnFor(name, field);
  columns.isActive = boolean('is_active').notNull().default(true);
  columns.createdAt = timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
  columns.createdBy = integer('created_by');
  columns.updatedAt = timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
  columns.updatedBy = integer('updated_by');

  const table = pgTable(resource.table, columns, (t) => {
    const all = t as Record<string, AnyPgColumn>;
    const col = (name: string): AnyPgColumn => {
      const found = all[name];
      if (!found) throw new Error(`${resource.table}: no column ${name}`);
      return found;
    };
    const agency = col('agencyId');
    const scope = fixedNames.map(col);
    const extras = [tenantPolicy(resource.table), index(`${resource.table}_agency_created_idx`).on(agency, ...scope, col('createdAt'))];
    for (const [name, field] of fields) {
      const column = col(name);
      const textual = isTrigramIndexed(field.kind);
      // Search is a case-insensitive substring match (ILIKE '%...%'): a trigram index answers it without a scan.
      if (field.searchable && textual) extras.push(index(`${resource.table}_${columnName(name)}_trgm_idx`).using('gin', (column as unknown as ExtraConfigColumn).op('gin_trgm_ops')));
      if (field.unique) {
        extras.push(uniqueIndex(uniqueIndexName(resource, name)).on(agency, ...scope, textual ? sql`lower(${column})` : column));
      } else if (field.filterable || field.sortable || field.kind === 'reference') {
        extras.push(index(`${resource.table}_${columnName(name)}_idx`).on(agency, ...scope, column));
      }
    }
    for (const sharer of sharers) {
      for (const combo of sharer.uniqueTogether ?? []) {
        // Nulls compare equal (one "every warehouse" rule per cargo type): each nullable part is coalesced.
        const parts = combo.fields.map((name) => {
          const field = fields.get(name);
          if (!field) throw new Error(`${resource.table}: no field ${name}`);
          return uniqueTogetherPart(field, col(name));
        });
        extras.push(uniqueIndex(uniqueTogetherIndexName(sharer, combo.fields)).on(agency, ...scope, ...parts));
      }
      // A list's common filter-and-sort pair (a transporter's trucks by capacity) answered from one index.
      for (const combo of sharer.indexes ?? []) {
        extras.push(index(`${resource.table}_${combo.map(columnName).join('_')}_idx`).on(agency, ...scope, ...combo.map(col)));
      }
    }
    return extras;
  }) as unknown as ResourceTable;
  tables.set(resource.table, table);
  return table;
}

/** The conditions of a resource's own rows in its table: its fixed (discriminator) values; none for a table of its own. */
export function fixedConditions(resource: ResourceDef, table: ResourceTable = tableFor(resource)): SQL[] {
  const columns = columnsOf(table);
  return Object.entries(resource.fixed ?? {}).map(([name, value]) => {
    const column = columns[name];
    if (!column) throw new Error(`${resource.table}: no fixed column ${name}`);
    return eq(column, value);
  });
}

/** The name of a unique field's index, so a violation can be traced back to its field. */
export function uniqueIndexName(resource: ResourceDef, field: string): string {
  return `${resource.table}_${columnName(field)}_unique`;
}

const isComparedAsText = (field: FieldDef) => field.kind === 'text' || field.kind === 'email' || field.kind === 'phone' || field.kind === 'enum';

/**
 * One part of a unique-together key as the index stores it: text without letter case, and a nullable part
 * coalesced so that nulls compare equal (one "every warehouse" rule per cargo type). The pre-check and the import
 * compare with the same expression, so they agree with the index.
 */
export function uniqueTogetherPart(field: FieldDef, column: AnyPgColumn): SQL | AnyPgColumn {
  if (isComparedAsText(field)) return field.required ? sql`lower(${column})` : sql`lower(coalesce(${column}, ''))`;
  return field.required ? column : sql`coalesce(${column}, 0)`;
}

/** A value of a unique-together part as `uniqueTogetherPart` compares it (lower-cased text, null as '' or 0). */
export function uniqueTogetherValue(field: FieldDef, value: unknown): string | number {
  if (isComparedAsText(field)) return typeof value === 'string' ? value.toLowerCase() : '';
  return typeof value === 'number' ? value : 0;
}

/** The name of a unique-together index, so a violation can be traced back to its rule. */
export function uniqueTogetherIndexName(resource: ResourceDef, fields: readonly string[]): string {
  return `${resource.table}_${fields.map(columnName).join('_')}_unique`;
}

/**
 * A column of a resource table by field name: the registry builds its tables at run time, so they are typed loosely;
 * an unknown name is a programming error and throws.
 */
export function columnOf(table: ResourceTable, name: string): AnyPgColumn {
  const found = columnsOf(table)[name];
  if (!found) throw new Error(`${getTableName(table)}: no column ${name}`);
  return found;
}

/** A resource table's columns by field name (plus id, agencyId, isActive, createdAt, ...). */
export function columnsOf(table: ResourceTable): Record<string, AnyPgColumn> {
  return getTableColumns(table);
}

// Named exports, so drizzle-kit and the relational query builder see every resource table.
/**
 * How many rows each agency has in each resource table (per discriminator value, 0 for a table of its own), active
 * and inactive: kept by statement-level triggers (migration 0003), so the total of an unfiltered list, the most
 * common one, needs no `count(*)` over every row.
 */
export const resourceRowCounts = pgTable(
  'resource_row_counts',
  {
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    tableName: text('table_name').notNull(),
    fixedValue: integer('fixed_value').notNull().default(0),
    active: integer('active').notNull().default(0),
    inactive: integer('inactive').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.agencyId, t.tableName, t.fixedValue] }), tenantPolicy('resource_row_counts')],
);

export const cargoTypes = tableFor(cargoTypeResource);
export const ports = tableFor(portResource);
export const berths = tableFor(berthResource);
export const destinations = tableFor(destinationResource);
export const companies = tableFor(shipmentManagerResource);
export const drivers = tableFor(driverResource);
export const trucks = tableFor(truckResource);
export const vessels = tableFor(vesselResource);
export const locations = tableFor(warehouseResource);
export const silos = tableFor(siloResource);
export const weightMachines = tableFor(weightMachineResource);
export const hikConnectDevices = tableFor(hikConnectResource);
export const transporterRules = tableFor(driverRuleResource);
export const cargoControlRules = tableFor(cargoControlRuleResource);
export const handlingLossRules = tableFor(handlingLossRuleResource);
