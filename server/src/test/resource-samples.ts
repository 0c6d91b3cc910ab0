import { randomUUID } from 'node:crypto';
import { fieldScale, resourceByKey, type FieldDef, type ResourceDef } from '@tonnage/contracts';
import type { Db } from '../platform/db/client';
import { storedFiles } from '../identity/files.schema';

const words = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf', 'Hotel', 'India', 'Juliett'];

function round(value: number, scale: number): number {
  const factor = 10 ** scale;
  return Math.round(value * factor) / factor;
}

/** A valid value of a field for the n-th sample record (distinct per n for unique and searchable fields). */
export function sampleValue(name: string, field: FieldDef, n: number, references: Record<string, number>): unknown {
  switch (field.kind) {
    case 'text':
      return field.example ? field.example(n) : `${words[n % words.length] ?? 'Sample'} ${name} ${n}`.slice(0, field.max);
    case 'email':
      return `sample.${n}@example.test`;
    case 'phone':
      return `+966 12 555 ${String(n).padStart(4, '0')}`;
    case 'integer':
      return Math.min(field.max, field.min + n);
    case 'decimal':
    case 'quantity':
      return round(Math.min(field.max, field.min + n * 0.5 + 0.125), fieldScale(field));
    case 'latitude':
      return round(21 + n / 1000, 6);
    case 'longitude':
      return round(39 + n / 1000, 6);
    case 'boolean':
      return n % 2 === 0;
    case 'enum':
      return field.options[n % field.options.length]?.value;
    case 'date':
      // Distinct valid days from 2027-01-01 on.
      return new Date(Date.UTC(2027, 0, 1 + (n % 3000))).toISOString().slice(0, 10);
    case 'reference': {
      const id = references[field.resource];
      if (id === undefined) throw new Error(`sample of ${name} needs a ${field.resource} id`);
      return id;
    }
    case 'image':
      // A well-formed path; `withUploadedImages` swaps it for a file stored in the agency where the server checks that.
      return `${field.folder}/2027/01/00000000-0000-4000-8000-${String(n).padStart(12, '0')}.png`;
    case 'secret':
      return `Secret#${n}`.slice(0, field.max);
  }
}

/** Per resource, values that make every sample keep the resource's cross-field and database rules. */
const sampleOverrides: Readonly<Record<string, (n: number) => Record<string, unknown>>> = {
  // A consignee's own site: the owner's reference set, the other one empty.
  deliveryLocation: () => ({ ownerType: 'consignee', customerId: null }),
  // Reached over TCP: host and port (the samples fill both).
  weightMachine: () => ({ protocol: 'tcp', zeroBand: 200, threshold: 1000 }),
  truckRule: () => ({ ruleType: 'block' }),
  driverRule: () => ({ ruleType: 'block' }),
  // Warehouses that may hold silos, so a silo sample can go into any of them.
  warehouse: (n) => ({ storageType: n % 2 === 0 ? 'both' : 'silo' }),
};

/** A valid create/update body of a resource for the n-th sample record; references are ids by resource key. */
export function sampleInput(resource: ResourceDef, n: number, references: Record<string, number> = {}): Record<string, unknown> {
  const values = Object.fromEntries(Object.entries(resource.fields).map(([name, field]) => [name, sampleValue(name, field, n, references)]));
  return { ...values, ...sampleOverrides[resource.key]?.(n) };
}

/** Per resource and reference field, what else a sample changes to refer to a row through that field. */
const referringOverrides: Readonly<Record<string, Readonly<Record<string, Record<string, unknown>>>>> = {
  deliveryLocation: { customerId: { ownerType: 'customer', consigneeId: null } },
};

/** The overrides of a sample that refers to row `id` through `field` and still keeps the resource's rules. */
export function sampleReferring(resource: ResourceDef, field: string, id: number): Record<string, unknown> {
  return { [field]: id, ...referringOverrides[resource.key]?.[field] };
}

/** The references a row holds, by resource key, plus the row itself: what a sample referring to it shares. */
export function referencesOf(resource: ResourceDef, row: Record<string, unknown>): Record<string, number> {
  const shared: Record<string, number> = {};
  for (const [name, field] of Object.entries(resource.fields)) {
    const id = row[name];
    if (field.kind === 'reference' && typeof id === 'number') shared[field.resource] = id;
  }
  if (typeof row.id === 'number') shared[resource.key] = row.id;
  return shared;
}

/**
 * The reference ids of a sample, by resource key: the `shared` ones, the others made by `create` (which gets the
 * ids made so far to share in turn). Sharing keeps the rules over several references: a truck rule's truck is made
 * with the rule's transporter, a Hik-Connect device's weight machine at the device's location.
 */
export async function sampleReferences(
  resource: ResourceDef,
  create: (target: ResourceDef, shared: Record<string, number>) => Promise<number>,
  shared: Record<string, number> = {},
): Promise<Record<string, number>> {
  const references = { ...shared };
  for (const key of referencedKeys(resource)) references[key] ??= await create(resourceByKey(key), references);
  return references;
}

/** A sample whose image paths are files stored in the agency (stored_files rows), as an upload would leave them. */
export async function withUploadedImages(db: Db, params: { resource: ResourceDef; agencyId: number; input: Record<string, unknown> }): Promise<Record<string, unknown>> {
  const input = { ...params.input };
  for (const [name, field] of Object.entries(params.resource.fields)) {
    if (field.kind !== 'image' || typeof input[name] !== 'string') continue;
    const path = `${field.folder}/2027/01/${randomUUID()}.png`;
    await db.insert(storedFiles).values({ path, agencyId: params.agencyId, directory: field.folder, originalName: 'sample.png', mimeType: 'image/png', size: 68 });
    input[name] = path;
  }
  return input;
}

/** The resource keys a resource refers to, directly. */
export function referencedKeys(resource: ResourceDef): string[] {
  return Object.values(resource.fields).flatMap((field) => (field.kind === 'reference' ? [field.resource] : []));
}
