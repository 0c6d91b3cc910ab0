import { fieldScale, type FieldDef, type ResourceDef } from '@tonnage/contracts';

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
  }
}

/** A valid create/update body of a resource for the n-th sample record; references are ids by resource key. */
export function sampleInput(resource: ResourceDef, n: number, references: Record<string, number> = {}): Record<string, unknown> {
  return Object.fromEntries(Object.entries(resource.fields).map(([name, field]) => [name, sampleValue(name, field, n, references)]));
}

/** The resource keys a resource refers to, directly. */
export function referencedKeys(resource: ResourceDef): string[] {
  return Object.values(resource.fields).flatMap((field) => (field.kind === 'reference' ? [field.resource] : []));
}
