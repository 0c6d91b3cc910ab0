import type { z } from 'zod';
import type { PermissionAction } from '../permissions';
import type { StatsType } from '../realtime';

/*
 * The transaction kit's declaration: what a cargo transaction screen (sale order, consignment, BL, out-turn, port
 * loading, loading slip, and the warehouse, consignee, customer, loan and transfer flows to come) is, in one place,
 * shared by the server and the web. From a declaration the server generates its list, export, get, create, update
 * and reverse routes (permission at the route, agency, actor, data scope, one transaction, audit row, realtime
 * event after commit), and the web its hooks, list page, form page and reason dialog, its route and menu entry.
 * What truly differs per flow (its rules and its postings) stays hand-written in the flow's service.
 *
 * Zod schemas are typed structurally (`ZodType`), so contracts declare and both sides infer.
 */

/** The operations a transaction may offer; each becomes one route with the permission action named here. */
export const TRANSACTION_OPERATIONS = ['list', 'export', 'get', 'create', 'update', 'reverse'] as const;
export type TransactionOperation = (typeof TRANSACTION_OPERATIONS)[number];

/** The permission action (of the declaration's permission module) each operation requires by default. */
export const OPERATION_ACTIONS: Readonly<Record<TransactionOperation, PermissionAction>> = {
  list: 'view',
  export: 'view',
  get: 'view',
  create: 'add',
  update: 'edit',
  reverse: 'reverse',
};

export type HttpWriteMethod = 'POST' | 'PUT' | 'DELETE';

/** A permission flag named by its module and action (`permissionFlag(module, action)`). */
export interface PermissionRef {
  module: string;
  action: PermissionAction;
}

/**
 * Who may call an operation, where it is not the declaration's module with `OPERATION_ACTIONS`: any one of `anyOf`
 * (the route's declared access), and, when given, also any one of `alsoAnyOf` (checked in the handler, e.g. the
 * loading slip export: its export flag, and the list's view flag too).
 */
export interface PermissionRequirement {
  anyOf: readonly PermissionRef[];
  alsoAnyOf?: readonly PermissionRef[];
}

/** How a cell of the list shows its row's value. */
export type ColumnKind = 'text' | 'quantity' | 'count' | 'date' | 'dateTime' | 'status' | 'enum' | 'custom';

/**
 * A column of the generic list page. `label` is an i18n key of the web (English and Arabic in its locale section);
 * `field` the row property shown (not for `custom`, which the page renders by `key`); `sort` a declared sort field
 * (the server's allow-list), which makes the column sortable.
 */
export interface TransactionColumn<Row, Sort extends string> {
  key: string;
  label: string;
  kind: ColumnKind;
  field?: keyof Row & string;
  sort?: Sort;
  /** An `enum` column: its values, each shown as the text `<labelPrefix>.<value>`. */
  options?: readonly string[];
  labelPrefix?: string;
}

/**
 * A filter control of the generic list page, bound to query parameters (the same names the server's list query
 * parses, kept in the page's URL):
 * - `voyage`: the vessel/voyage picker (`/api/voyage/vessel-voyage-number`);
 * - `reference`: a master-data select of `resource` (a resource registry key);
 * - `location`: the warehouse / delivery location picker; `places` narrows it as the server's list does: `warehouse`
 *   (warehouses only, the warehouse picker: no consignee- or customer-owned place, spec 6), `consigneeLocation` or
 *   `customerLocation` (delivery locations of consignees or of customers); every place the user may see without it;
 * - `consignee`: the consignee picker (data scope applied); `mode` as the picker's: `consignee` (default), `sm`
 *   (shipment managers), `both` (consignees and shipment managers, the latter marked SM);
 * - `enum`: one of `options`, labelled `<labelPrefix>.<option>`;
 * - `status`: Active / Reversed / all;
 * - `dateRange`: two parameters `from` and `to` (ISO dates);
 * - `search`: free text (the server ignores it under 3 characters).
 */
export type TransactionFilter =
  | { kind: 'voyage' | 'status' | 'search'; param: string; label: string }
  | { kind: 'consignee'; param: string; label: string; mode?: ConsigneeFilterMode }
  | { kind: 'location'; param: string; label: string; places?: LocationFilterPlaces }
  | { kind: 'reference'; param: string; label: string; resource: string }
  | { kind: 'enum'; param: string; label: string; options: readonly string[]; labelPrefix: string }
  | { kind: 'dateRange'; from: string; to: string; label: string };

/** Which companies a `consignee` filter offers (see `TransactionFilter`; the web's ConsigneePicker modes). */
export type ConsigneeFilterMode = 'consignee' | 'sm' | 'both';

/** Which places a `location` filter offers (see `TransactionFilter`). */
export type LocationFilterPlaces = 'warehouse' | 'consigneeLocation' | 'customerLocation';

/** A section of the form page: an i18n title and rows of input field names (keys of the input schema). */
export interface TransactionFormSection<Field extends string> {
  title: string;
  rows: readonly (readonly Field[])[];
}

/** One write operation's HTTP shape, where a flow's spec path or status differs from the defaults. */
export interface WriteRoute {
  /** Path below the declaration's `api`, e.g. `/:id/consignment-reverse`. */
  path?: string;
  method?: HttpWriteMethod;
  /** Success status: 200 unless the spec says 201. */
  status?: 200 | 201;
  /** Response body schema (the record, `{message}`, `{id, message}`, ...). */
  response: z.ZodType;
}

export interface TransactionSchemas {
  /** Body of create and update: the same schema validates the web form and the server. */
  input: z.ZodType;
  /** Body of update where it is not `input` (a weighing's edit never changes its weight). */
  updateInput?: z.ZodType;
  /** Query of the list (filters, `page`, `limit`, `sortBy`, `sortOrder`). */
  listQuery: z.ZodType;
  /** Query of the export: the list's without paging, plus `lang`. */
  exportQuery?: z.ZodType;
  /** A row of the list. */
  row: z.ZodType;
  /** `{rows, count}`. */
  list: z.ZodType;
  /** The record as `GET :id` answers it (defaults to `row`). */
  detail?: z.ZodType;
  /** Body of the reversal (defaults to `{reason}`). */
  reverseBody?: z.ZodType;
}

/** A transaction as declared. `Row` and `Input` are inferred from the schemas. */
export interface TransactionDeclaration<S extends TransactionSchemas = TransactionSchemas, SortField extends string = string> {
  /** Stable name: query keys of the web, audit entity, test ids prefix, i18n section of the flow. */
  key: string;
  /** API path under `/api` (spec section 7), e.g. `/portLoading`. */
  api: string;
  /** Web route under `/agencies/{agencyId}/` and the key of its menu entry (spec 2.3/2.4), e.g. `portLoading`. */
  route: string;
  /** Key of `permissionModules`; its view/add/edit/reverse flags guard the operations. */
  permissionModule: string;
  /** The i18n keys of the screen's title, its "add" button and "N records" total. */
  labels: { title: string; add?: string; total: string };
  /** The operations offered; each gets its route. */
  operations: readonly TransactionOperation[];
  schemas: S;
  /**
   * The list's sort allow-list and default (also `sortQuery` in `listQuery`). A list in a fixed order (the
   * out-turns: newest first) declares that one field and no sortable column.
   */
  sort: { fields: readonly SortField[]; default: { field: SortField; order: 'asc' | 'desc' } };
  /** Per-operation HTTP shapes where they are not `{POST /, PUT /:id, DELETE /:id/reverse}` answering `detail`. */
  routes?: Partial<Record<'create' | 'update' | 'reverse', WriteRoute>>;
  /** Per-operation permissions where they are not `OPERATION_ACTIONS` of `permissionModule`. */
  permissions?: Partial<Record<TransactionOperation, PermissionRequirement>>;
  /** OpenAPI tag and per-operation summaries of the generated routes. */
  docs?: { tag: string; summaries: Partial<Record<TransactionOperation, string>> };
  /**
   * Dashboard tab refreshed after a commit that changed this transaction's figures WITHOUT a ledger posting (a plan,
   * an order, an approval). The tabs a posting touches are derived from its accounts by the kit (`dashboard-touch`).
   */
  event?: StatsType;
  /** Reversal: a reason is always required; `message` is the spec's success text, when the flow answers one. */
  reversal?: { message?: string };
  /**
   * The web's test ids, kept from the hand-built pages so the browser tests stay unchanged: `page` the page's,
   * `list` the prefix of the table, export, search and filters (`<list>-table`, `<list>-filter-status`), `row` the
   * prefix of the add button, the cells and the row actions (`<row>-add`, `<row>-status`, `<row>-reverse`).
   * Defaults: `<key>-page`, `<key>`, `<key>`.
   */
  testIds?: { page: string; list: string; row: string };
  /** The generic list page. */
  list: {
    columns: readonly TransactionColumn<z.output<S['row']>, SortField>[];
    filters: readonly TransactionFilter[];
    /** File name of the Excel export (`GET <api>/export.xlsx`). */
    exportFile?: string;
  };
  /** The generic form page, when the flow has one. */
  form?: { sections: readonly TransactionFormSection<string>[] };
}

export type RowOf<D extends TransactionDeclaration> = z.output<D['schemas']['row']>;
export type InputOf<D extends TransactionDeclaration> = z.input<D['schemas']['input']>;
export type ListQueryOf<D extends TransactionDeclaration> = z.input<D['schemas']['listQuery']>;

/**
 * Declares a transaction, checking at load that its columns sort only by declared sort fields and that it offers
 * what its routes and form need. Returns the declaration unchanged with its types kept.
 */
export function defineTransaction<const S extends TransactionSchemas, const SortField extends string>(declaration: TransactionDeclaration<S, SortField>): TransactionDeclaration<S, SortField> {
  const offered = new Set(declaration.operations);
  const problems: string[] = [];
  for (const column of declaration.list.columns) {
    if (column.sort !== undefined && !declaration.sort.fields.includes(column.sort)) problems.push(`column ${column.key} sorts by undeclared ${column.sort}`);
    if (column.kind !== 'custom' && column.field === undefined) problems.push(`column ${column.key} names no field`);
    if (column.kind === 'enum' && (column.labelPrefix === undefined || column.options === undefined)) problems.push(`enum column ${column.key} without options and labelPrefix`);
  }
  if (!declaration.sort.fields.includes(declaration.sort.default.field)) problems.push(`default sort ${declaration.sort.default.field} is not a sort field`);
  if (declaration.list.exportFile !== undefined && !offered.has('export')) problems.push('exportFile without the export operation');
  if (declaration.form !== undefined && !offered.has('create') && !offered.has('update')) problems.push('a form without create or update');
  if (declaration.schemas.updateInput !== undefined && !offered.has('update')) problems.push('updateInput without the update operation');
  if (!declaration.api.startsWith('/')) problems.push('api must start with /');
  for (const operation of Object.keys(declaration.permissions ?? {})) {
    if (!offered.has(operation as TransactionOperation)) problems.push(`permissions of ${operation}, which is not offered`);
  }
  if (problems.length > 0) throw new Error(`Transaction ${declaration.key}: ${problems.join('; ')}`);
  return declaration;
}

/** The permission of an operation as declared: its override, else `OPERATION_ACTIONS` of the permission module. */
export function operationPermission(declaration: TransactionDeclaration, operation: TransactionOperation): PermissionRequirement {
  return declaration.permissions?.[operation] ?? { anyOf: [{ module: declaration.permissionModule, action: OPERATION_ACTIONS[operation] }] };
}
