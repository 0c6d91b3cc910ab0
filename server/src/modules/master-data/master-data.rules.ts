import { resourceByKey, type ResourceDef, type TResourceRow } from '@tonnage/contracts';
import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { badRequest, runtimeMessage } from '../../platform/errors';
import { columnOf, fixedConditions, tableFor } from './master-data.schema';
import type { ResourceInput } from './master-data.values';

/** Columns of the registry's tables by field name. */
const column = columnOf;

/**
 * Rules of single resources that need the database (the declarations' `validate` sees one body only). Each runs in
 * the create or update transaction, after the references were checked, and for each row of an import.
 */
export interface WriteRuleContext {
  resource: ResourceDef;
  input: ResourceInput;
  /** The row as it was, on update. */
  before?: TResourceRow;
  agencyId: number;
}

/** A rule's findings: field name to message (empty when the write may go ahead). */
type Findings = Record<string, string>;
type WriteRule = (tx: Db, context: WriteRuleContext) => Promise<Findings>;

/** One column of a row of a resource in the agency, or undefined when there is no such row. */
async function valueOf(tx: Db, params: { resource: string; id: number; column: string }): Promise<unknown> {
  const target = resourceByKey(params.resource);
  const table = tableFor(target);
  const [row] = await tx
    .select({ value: column(table, params.column) })
    .from(table)
    .where(and(eq(column(table, 'id'), params.id), ...fixedConditions(target, table)))
    .limit(1);
  return row?.value;
}

/**
 * The row named by `field` must belong to the same owner as the written row: its `ownerColumn` equals the input's
 * `ownerField` (a truck rule's truck is a truck of the rule's transporter).
 */
function sameOwner(params: { field: string; resource: string; ownerColumn: string; ownerField: string; message: string }): WriteRule {
  return async (tx, { input }): Promise<Findings> => {
    const id = input[params.field];
    if (typeof id !== 'number') return {};
    const owner = await valueOf(tx, { resource: params.resource, id, column: params.ownerColumn });
    return owner === undefined || owner === input[params.ownerField] ? {} : { [params.field]: params.message };
  };
}

const STORAGE_WITH_SILOS: readonly unknown[] = ['silo', 'both'];

/** A silo goes into a warehouse that has silos. */
const siloInSiloWarehouse: WriteRule = async (tx, { input }): Promise<Findings> => {
  const id = input.warehouseId;
  if (typeof id !== 'number') return {};
  const storageType = await valueOf(tx, { resource: 'warehouse', id, column: 'storageType' });
  return storageType === undefined || STORAGE_WITH_SILOS.includes(storageType)
    ? {}
    : { warehouseId: 'Silos can only be added to a warehouse with silos (storage type Silos or Both).' };
};

/** A warehouse becomes an open area only once its silos are deactivated (they would stand in no silo warehouse). */
const openAreaWithoutSilos: WriteRule = async (tx, { input, before }): Promise<Findings> => {
  if (!before || input.storageType !== 'openArea' || before.storageType === 'openArea') return {};
  const silo = resourceByKey('silo');
  const table = tableFor(silo);
  const [active] = await tx
    .select({ count: count() })
    .from(table)
    .where(and(eq(column(table, 'warehouseId'), before.id), eq(column(table, 'isActive'), true), ...fixedConditions(silo, table)));
  return (active?.count ?? 0) > 0 ? { storageType: 'This warehouse has silos; deactivate them before making it an open area.' } : {};
};

const writeRules: Readonly<Record<string, readonly WriteRule[]>> = {
  silo: [siloInSiloWarehouse],
  warehouse: [openAreaWithoutSilos],
  truckRule: [sameOwner({ field: 'truckId', resource: 'truck', ownerColumn: 'transporterId', ownerField: 'transporterId', message: 'This truck belongs to another transporter.' })],
  driverRule: [sameOwner({ field: 'driverId', resource: 'driver', ownerColumn: 'transporterId', ownerField: 'transporterId', message: 'This driver works for another transporter.' })],
  hikConnect: [sameOwner({ field: 'machineId', resource: 'weightMachine', ownerColumn: 'locationId', ownerField: 'locationId', message: 'This weight machine stands at another location.' })],
};

/** Runs the resource's database rules on a write; 400 with every finding in details. */
export async function beforeWrite(tx: Db, context: WriteRuleContext): Promise<void> {
  const details: Record<string, string> = {};
  for (const rule of writeRules[context.resource.key] ?? []) Object.assign(details, await rule(tx, context));
  const first = Object.values(details)[0];
  if (first) throw badRequest(runtimeMessage(first), details);
}
