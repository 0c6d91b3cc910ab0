import { z } from 'zod';
import { ZRecordIdText, recordId } from '../ids';
import { textInput } from '../text';
import { PAGE_SIZES, SEARCH_MIN_CHARS } from '../constants';
import { SYSTEM_SORT_FIELDS, fieldMessages, type FieldDef, type ResourceDef } from './define';
import { PAGING_KEYS, sortQuery, ZExportLang } from '../list-query';

/** Decimals a numeric field keeps (latitude and longitude: 6, spec 5 "up to 6 decimals"). */
export function fieldScale(field: FieldDef): number {
  switch (field.kind) {
    case 'decimal':
      return field.scale;
    case 'quantity':
      return 3;
    case 'latitude':
    case 'longitude':
      return 6;
    case 'boolean':
    case 'date':
    case 'email':
    case 'enum':
    case 'image':
    case 'integer':
    case 'phone':
    case 'reference':
    case 'secret':
    case 'text':
      return 0;
  }
}

const PHONE_PATTERN = /^\+?[0-9][0-9 ()-]{4,19}$/;

function hasAtMostDecimals(value: number, scale: number): boolean {
  const factor = 10 ** scale;
  return Math.abs(Math.round(value * factor) - value * factor) < 1e-6;
}

/** The zod schema of one field's input value (present and valid, before the required/optional wrapper). */
function valueSchema(field: FieldDef): z.ZodType {
  const m = fieldMessages(field);
  const err = { error: (issue: { input: unknown }) => (issue.input === undefined || issue.input === null ? m.required.en : m.invalid.en) };
  switch (field.kind) {
    case 'text': {
      let schema = textInput(err).trim().max(field.max, m.max.en);
      if (field.required) schema = schema.min(1, m.required.en);
      const upper = field.upperCase ? schema.transform((v) => v.toUpperCase()) : schema;
      const pattern = field.pattern;
      return pattern ? upper.refine((v) => v === '' || pattern.test(v), m.invalid.en) : upper;
    }
    case 'email': {
      const schema = textInput(err).trim().max(50, m.max.en);
      return (field.required ? schema.min(1, m.required.en) : schema).refine((v) => v === '' || z.email().safeParse(v).success, m.invalid.en);
    }
    case 'phone': {
      const schema = textInput(err).trim().max(20, 'Maximum 20 characters');
      return (field.required ? schema.min(1, m.required.en) : schema).refine((v) => v === '' || PHONE_PATTERN.test(v), m.invalid.en);
    }
    case 'integer':
      return z.number(err).int(m.invalid.en).min(field.min, m.min.en).max(field.max, m.max.en);
    case 'decimal':
    case 'quantity':
    case 'latitude':
    case 'longitude': {
      const [min, max] = field.kind === 'latitude' ? [-90, 90] : field.kind === 'longitude' ? [-180, 180] : [field.min, field.max];
      const scale = fieldScale(field);
      return z
        .number(err)
        .min(min, m.min.en)
        .max(max, m.max.en)
        .refine((v) => hasAtMostDecimals(v, scale), `${field.label.en}: at most ${scale} decimals`);
    }
    case 'boolean':
      return z.boolean(err);
    case 'enum':
      return z.enum(field.options.map((o) => o.value) as [string, ...string[]], err);
    case 'reference':
      return recordId(m.required.en);
    case 'date':
      return z.iso.date(err);
    case 'image': {
      const pattern = imagePathPattern(field.folder);
      return textInput(err).trim().refine((v) => v === '' || pattern.test(v), m.invalid.en);
    }
    case 'secret': {
      // Not trimmed: a credential is taken as typed.
      const schema = textInput(err).max(field.max, m.max.en);
      return field.required ? schema.min(1, m.required.en) : schema;
    }
  }
}

/** The storage path pattern of an image field's uploads (`drivers/2026/11/<uuid>.png`). */
export function imagePathPattern(folder: string): RegExp {
  return new RegExp(`^${folder}/\\d{4}/\\d{2}/[0-9a-f-]{36}\\.(png|jpe?g)$`);
}

/** One field's schema with its presence rule: required fields refuse null/missing, others store null (booleans false). */
export function fieldSchema(field: FieldDef): z.ZodType {
  const value = valueSchema(field);
  if (field.kind === 'boolean') return value.optional().transform((v) => v ?? false);
  const fallback = field.default;
  if (field.required && fallback !== undefined) return z.union([z.literal(''), value]).nullish().transform((v) => (v === undefined || v === null || v === '' ? fallback : v));
  if (field.required) return value;
  return z
    .union([z.literal(''), value])
    .nullish()
    .transform((v) => (v === undefined || v === '' ? null : v));
}

/**
 * The body of create and update (update replaces every field, as the form sends them all; a secret left empty keeps
 * the stored one). The resource's cross-field rules run once every field is valid on its own.
 */
export function inputSchema(resource: ResourceDef): z.ZodType<Record<string, unknown>> {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, field] of Object.entries(resource.fields)) shape[name] = fieldSchema(field);
  const object = z.object(shape);
  const { validate } = resource;
  if (!validate) return object;
  return object.superRefine((values, ctx) => {
    for (const issue of validate(values)) ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message.en });
  });
}

/** Names the list may sort by: sortable fields and the row's timestamps. */
export function sortFields(resource: ResourceDef): [string, ...string[]] {
  const fields = Object.entries(resource.fields).filter(([, f]) => f.sortable).map(([name]) => name);
  return [...SYSTEM_SORT_FIELDS, ...fields];
}

export const isRangeFiltered = (field: FieldDef) => field.kind === 'integer' || field.kind === 'decimal' || field.kind === 'quantity';

const pageSize = z.coerce
  .number()
  .int()
  .refine((v) => (PAGE_SIZES as readonly number[]).includes(v), 'Page size must be one of 20, 30, 40, 50, 100')
  .default(20);

/**
 * The list query: page (from 1), limit (20/30/40/50/100), sortBy/sortOrder, status, search (ignored unless longer
 * than 2 characters: it becomes undefined), and one filter per filterable field (`<field>` for equality,
 * `<field>Min`/`<field>Max` for numbers). Empty values are dropped (spec 5).
 */
export function listQuerySchema(resource: ResourceDef): z.ZodObject {
  const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);
  const shape: Record<string, z.ZodType> = {
    page: z.coerce.number().int().min(1).default(1),
    limit: pageSize,
    search: textInput()
      .trim()
      .max(100)
      .optional()
      .transform((v) => (v !== undefined && v.length > SEARCH_MIN_CHARS ? v : undefined)),
    ...sortQuery(sortFields(resource), resource.list.defaultSort),
    status: z.preprocess(emptyToUndefined, z.enum(['active', 'inactive', 'all']).default('all')),
  };
  for (const [name, field] of Object.entries(resource.fields)) {
    if (!field.filterable) continue;
    let filter: z.ZodType;
    if (isRangeFiltered(field)) {
      shape[`${name}Min`] = z.preprocess(emptyToUndefined, z.coerce.number().optional());
      shape[`${name}Max`] = z.preprocess(emptyToUndefined, z.coerce.number().optional());
      continue;
    }
    switch (field.kind) {
      case 'reference':
        filter = ZRecordIdText;
        break;
      case 'boolean':
        filter = z.enum(['true', 'false']).transform((v) => v === 'true');
        break;
      case 'enum':
        filter = z.enum(field.options.map((o) => o.value) as [string, ...string[]]);
        break;
      case 'date':
        filter = z.iso.date();
        break;
      case 'email':
      case 'image':
      case 'latitude':
      case 'longitude':
      case 'phone':
      case 'secret':
      case 'text':
        filter = textInput().trim().max(255);
    }
    shape[name] = z.preprocess(emptyToUndefined, filter.optional());
  }
  return z.object(shape);
}

/** The Excel export query: the list's filters, search and sort (every matching row, no paging) and the header language. */
export function exportQuerySchema(resource: ResourceDef): z.ZodObject {
  return listQuerySchema(resource).omit(PAGING_KEYS).extend({ lang: ZExportLang });
}

function outputValue(field: FieldDef): z.ZodType {
  switch (field.kind) {
    case 'boolean':
      return z.boolean();
    case 'integer':
    case 'decimal':
    case 'quantity':
    case 'latitude':
    case 'longitude':
    case 'reference':
      return z.number().nullable();
    case 'date':
    case 'email':
    case 'enum':
    case 'image':
    case 'phone':
    case 'text':
      return z.string().nullable();
    case 'secret':
      return z.null();
  }
}

/** A row as the API returns it: id, every field, `<reference>Name` for each reference, status and timestamps. */
export function rowSchema(resource: ResourceDef): z.ZodObject {
  const shape: Record<string, z.ZodType> = { id: z.number().int() };
  for (const [name, field] of Object.entries(resource.fields)) {
    shape[name] = outputValue(field);
    if (field.kind === 'reference') shape[`${name}Name`] = z.string().nullable();
    if (field.kind === 'secret') shape[`${name}Set`] = z.boolean();
  }
  for (const name of Object.keys(resource.derived ?? {})) shape[name] = z.string().nullable();
  shape.isActive = z.boolean();
  shape.createdAt = z.string();
  shape.updatedAt = z.string();
  return z.object(shape);
}

/** The schemas of one resource, derived once. */
export interface ResourceSchemas {
  input: z.ZodType<Record<string, unknown>>;
  listQuery: z.ZodObject;
  exportQuery: z.ZodObject;
  row: z.ZodObject;
  list: z.ZodObject;
  toggle: z.ZodObject;
}

const cache = new WeakMap<ResourceDef, ResourceSchemas>();

/** Every schema of a resource (cached per declaration). */
export function resourceSchemas(resource: ResourceDef): ResourceSchemas {
  const cached = cache.get(resource);
  if (cached) return cached;
  const row = rowSchema(resource);
  const schemas: ResourceSchemas = {
    input: inputSchema(resource),
    listQuery: listQuerySchema(resource),
    exportQuery: exportQuerySchema(resource),
    row,
    list: z.object({ rows: z.array(row), count: z.number().int() }),
    toggle: z.object({ row, message: z.string() }),
  };
  cache.set(resource, schemas);
  return schemas;
}

/** A row of any resource, as the web reads it. */
export type TResourceRow = { id: number; isActive: boolean; createdAt: string; updatedAt: string } & Record<string, unknown>;
