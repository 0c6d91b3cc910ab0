import { z } from 'zod';
import { ZPageSize } from '../cargo';
import { ZExportLang } from '../list-query';
import { LEDGER_ACCOUNT_KINDS, POSTING_TYPES } from '../ledger';
import { BUILDER_TEXTS } from './builder-texts';

/*
 * The report builder (issue 16, spec route `reportBuilder`): a user picks a dataset, its columns (dimensions to group
 * by, measures with an aggregation), filters, a sort, optionally a pivot (one dimension's values as columns) and a
 * chart; runs it; saves it with a name and shares it with roles. A report is this JSON definition, never SQL: every
 * field it names must be one of its dataset's whitelisted fields below (with the kind and aggregation declared), and
 * the server compiles it into one parameterised statement over the dataset's base relation, within the agency and
 * the user's data scope (docs/architecture.md, "The report builder").
 */

/** How a field's values read: text; a business date (YYYY-MM-DD) or month (YYYY-MM); tonnes (MT); a whole number. */
export type BuilderFieldType = 'text' | 'date' | 'month' | 'tonnes' | 'count';
export type BuilderAggregation = 'sum' | 'avg' | 'min' | 'max' | 'count';
export const BUILDER_AGGREGATIONS = ['sum', 'avg', 'min', 'max', 'count'] as const satisfies readonly BuilderAggregation[];

/** A whitelisted field of a dataset: a dimension (group by, filter, pivot) or a measure (aggregated). */
export interface BuilderField {
  key: string;
  /** i18n key (`reportBuilder.fields.<key>`; the export's header in English and Arabic). */
  label: string;
  kind: 'dimension' | 'measure';
  type: BuilderFieldType;
  /** A measure's allowed aggregations (the first is the default). */
  aggregations?: readonly BuilderAggregation[];
  /** A dimension of coded values (shown through `reportBuilder.values.<code>`), e.g. an account kind. */
  codes?: readonly string[];
}

export interface BuilderDataset {
  key: string;
  /** i18n key of its name. */
  label: string;
  fields: readonly BuilderField[];
}

const TONNES: readonly BuilderAggregation[] = ['sum', 'avg', 'min', 'max'];
const COUNT: readonly BuilderAggregation[] = ['count'];
const dim = (key: string, type: BuilderFieldType = 'text'): BuilderField => ({ key, label: `reportBuilder.fields.${key}`, kind: 'dimension', type });
const tonnes = (key: string): BuilderField => ({ key, label: `reportBuilder.fields.${key}`, kind: 'measure', type: 'tonnes', aggregations: TONNES });
const coded = (key: string, codes: readonly string[]): BuilderField => ({ ...dim(key), codes });
const count = (key: string): BuilderField => ({ key, label: `reportBuilder.fields.${key}`, kind: 'measure', type: 'count', aggregations: COUNT });

/** The datasets and their whitelisted fields; the server gives each a base relation with a column per field. */
export const builderDatasets = [
  {
    key: 'stockPositions',
    label: 'reportBuilder.datasets.stockPositions',
    fields: [dim('place'), dim('silo'), dim('owner'), dim('cargoType'), dim('lcPo'), dim('voyage'), tonnes('onHand'), tonnes('committed'), tonnes('usable'), count('positions')],
  },
  {
    key: 'ledgerMovements',
    label: 'reportBuilder.datasets.ledgerMovements',
    fields: [
      dim('date', 'date'),
      dim('month', 'month'),
      coded('accountKind', LEDGER_ACCOUNT_KINDS),
      coded('transactionType', POSTING_TYPES),
      dim('place'),
      dim('silo'),
      dim('owner'),
      dim('cargoType'),
      dim('lcPo'),
      dim('voyage'),
      tonnes('quantity'),
      tonnes('quantityIn'),
      tonnes('quantityOut'),
      count('entries'),
    ],
  },
  {
    key: 'loadingSlips',
    label: 'reportBuilder.datasets.loadingSlips',
    fields: [
      dim('date', 'date'),
      dim('month', 'month'),
      dim('port'),
      dim('voyage'),
      dim('lcPo'),
      dim('cargoType'),
      dim('owner'),
      dim('destination'),
      dim('transporter'),
      dim('truck'),
      dim('driver'),
      coded('slipState', ['inTransit', 'received']),
      tonnes('quantity'),
      count('trips'),
    ],
  },
  {
    key: 'weighings',
    label: 'reportBuilder.datasets.weighings',
    fields: [dim('date', 'date'), dim('month', 'month'), dim('warehouse'), dim('truck'), dim('driver'), dim('owner'), coded('weightEntry', ['captured', 'manual']), tonnes('netWeight'), tonnes('firstWeight'), tonnes('secondWeight'), count('weighings')],
  },
  {
    key: 'loans',
    label: 'reportBuilder.datasets.loans',
    fields: [dim('date', 'date'), dim('month', 'month'), dim('lender'), dim('borrower'), dim('lcPo'), dim('cargoType'), dim('place'), tonnes('loaned'), tonnes('returned'), tonnes('outstanding'), count('loans')],
  },
] as const satisfies readonly BuilderDataset[];

export type BuilderDatasetKey = (typeof builderDatasets)[number]['key'];
export const BUILDER_DATASET_KEYS = builderDatasets.map((d) => d.key) as [BuilderDatasetKey, ...BuilderDatasetKey[]];

export function builderDataset(key: string): BuilderDataset | undefined {
  return (builderDatasets as readonly BuilderDataset[]).find((d) => d.key === key);
}

/** At most this many grouping columns, measures, filters, and pivot columns (distinct values of the pivot field). */
export const BUILDER_LIMITS = { dimensions: 6, measures: 8, filters: 12, values: 50, pivotColumns: 40, nameLength: 120 } as const;

/** A filter on a dimension: equals / differs / one of / contains (text), from / to (dates and months, inclusive). */
export const BUILDER_OPERATORS = ['eq', 'ne', 'in', 'contains', 'from', 'to'] as const;
export type BuilderOperator = (typeof BUILDER_OPERATORS)[number];

const ZText = z.string().trim().min(1, 'A filter value cannot be empty.').max(200, 'A filter value is at most 200 characters.');

export const ZBuilderFilter = z.object({
  field: z.string().max(60),
  op: z.enum(BUILDER_OPERATORS, { error: 'The operator must be one of eq, ne, in, contains, from, to.' }),
  value: z.union([ZText, z.array(ZText).min(1, 'Pick at least one value.').max(BUILDER_LIMITS.values, `At most ${BUILDER_LIMITS.values} values.`)]),
});
export type TBuilderFilter = z.infer<typeof ZBuilderFilter>;

export const ZBuilderMeasure = z.object({
  field: z.string().max(60),
  agg: z.enum(BUILDER_AGGREGATIONS, { error: 'The aggregation must be one of sum, avg, min, max, count.' }),
});
export type TBuilderMeasure = z.infer<typeof ZBuilderMeasure>;

/** The output column of a measure: `<field>_<aggregation>`. */
export const measureKey = (measure: TBuilderMeasure): string => `${measure.field}_${measure.agg}`;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
/** A real calendar date written YYYY-MM-DD (not 2026-02-30). */
const isDate = (text: string) => DATE.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) === text;
const isMonth = (text: string) => MONTH.test(text);

/** Checks a definition's names against its dataset's whitelist (the zod refinement of `ZBuilderDefinition`). */
function checkDefinition(value: { dataset: string; dimensions: string[]; measures: TBuilderMeasure[]; filters: TBuilderFilter[]; sort?: { key: string } | undefined; pivot?: { field: string } | undefined; chart?: { measure: string } | undefined }, ctx: z.RefinementCtx): void {
  const dataset = builderDataset(value.dataset);
  if (!dataset) return;
  const fieldOf = (key: string) => dataset.fields.find((f) => f.key === key);
  const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
  const seen = new Set<string>();
  value.dimensions.forEach((key, i) => {
    const field = fieldOf(key);
    if (!field) issue(['dimensions', i], `"${key}" is not a field of the dataset ${value.dataset}.`);
    else if (field.kind !== 'dimension') issue(['dimensions', i], `"${key}" is a measure: it cannot group rows.`);
    else if (seen.has(key)) issue(['dimensions', i], `"${key}" is grouped by twice.`);
    seen.add(key);
  });
  const measures = new Set<string>();
  value.measures.forEach((m, i) => {
    const field = fieldOf(m.field);
    if (!field) issue(['measures', i, 'field'], `"${m.field}" is not a field of the dataset ${value.dataset}.`);
    else if (field.kind !== 'measure') issue(['measures', i, 'field'], `"${m.field}" is a dimension: it cannot be aggregated.`);
    else if (!field.aggregations?.includes(m.agg)) issue(['measures', i, 'agg'], `"${m.field}" cannot be aggregated with ${m.agg} (allowed: ${field.aggregations?.join(', ') ?? 'none'}).`);
    if (measures.has(measureKey(m))) issue(['measures', i], `"${measureKey(m)}" is asked twice.`);
    measures.add(measureKey(m));
  });
  value.filters.forEach((f, i) => {
    const field = fieldOf(f.field);
    if (!field) return issue(['filters', i, 'field'], `"${f.field}" is not a field of the dataset ${value.dataset}.`);
    if (field.kind !== 'dimension') return issue(['filters', i, 'field'], `"${f.field}" is a measure: filters apply to dimensions.`);
    const list = Array.isArray(f.value);
    if ((f.op === 'in') !== list) return issue(['filters', i, 'value'], f.op === 'in' ? 'The operator "in" takes a list of values.' : `The operator "${f.op}" takes one value.`);
    if ((f.op === 'from' || f.op === 'to') && field.type !== 'date' && field.type !== 'month') return issue(['filters', i, 'op'], `"${f.field}" is not a date: "${f.op}" does not apply.`);
    if (f.op === 'contains' && (field.type === 'date' || field.type === 'month')) return issue(['filters', i, 'op'], `"${f.field}" is a date: use from, to, equals or one of.`);
    if (field.type === 'date' || field.type === 'month') {
      const valid = field.type === 'date' ? isDate : isMonth;
      if (!(Array.isArray(f.value) ? f.value : [f.value]).every(valid)) return issue(['filters', i, 'value'], field.type === 'date' ? 'A date is written YYYY-MM-DD.' : 'A month is written YYYY-MM.');
    }
    return undefined;
  });
  const columns = new Set([...value.dimensions, ...measures]);
  if (value.pivot) {
    const field = fieldOf(value.pivot.field);
    if (!field || field.kind !== 'dimension') issue(['pivot', 'field'], `"${value.pivot.field}" is not a dimension of the dataset ${value.dataset}.`);
    else if (value.dimensions.includes(value.pivot.field)) issue(['pivot', 'field'], 'The pivot field cannot also be a row grouping.');
    if (value.dimensions.length === 0) issue(['pivot'], 'A pivot needs at least one row grouping.');
  }
  if (value.sort && !columns.has(value.sort.key)) issue(['sort', 'key'], `"${value.sort.key}" is not a column of the report.`);
  if (value.chart && !measures.has(value.chart.measure)) issue(['chart', 'measure'], `"${value.chart.measure}" is not a measure of the report.`);
  if (value.chart && value.dimensions.length === 0) issue(['chart'], 'A chart needs a row grouping for its categories.');
}

/** A report of the builder: what it reads and how it groups, never SQL. */
export const ZBuilderDefinition = z
  .object({
    dataset: z.enum(BUILDER_DATASET_KEYS, { error: `The dataset must be one of ${BUILDER_DATASET_KEYS.join(', ')}.` }),
    dimensions: z.array(z.string().max(60)).max(BUILDER_LIMITS.dimensions, `Group by at most ${BUILDER_LIMITS.dimensions} fields.`).default([]),
    measures: z.array(ZBuilderMeasure).min(1, 'Pick at least one measure.').max(BUILDER_LIMITS.measures, `Pick at most ${BUILDER_LIMITS.measures} measures.`),
    filters: z.array(ZBuilderFilter).max(BUILDER_LIMITS.filters, `At most ${BUILDER_LIMITS.filters} filters.`).default([]),
    sort: z.object({ key: z.string().max(80), order: z.enum(['asc', 'desc']) }).optional(),
    pivot: z.object({ field: z.string().max(60) }).optional(),
    chart: z.object({ type: z.enum(['bar', 'pie']), measure: z.string().max(80) }).optional(),
  })
  .strict()
  .superRefine(checkDefinition);
export type TBuilderDefinition = z.output<typeof ZBuilderDefinition>;

/** `POST /api/report-builder/run`: a definition and the page. */
export const ZBuilderRunBody = z.object({
  definition: ZBuilderDefinition,
  page: z.number().int().min(1, 'The page must be a whole number from 1.').max(1_000_000, 'The page must be a whole number from 1.').default(1),
  limit: ZPageSize,
});
export type TBuilderRunBody = z.input<typeof ZBuilderRunBody>;

/** `POST /api/report-builder/reports/:id/run`: the page of a saved report. */
export const ZBuilderSavedRunBody = ZBuilderRunBody.omit({ definition: true });

/** A column of a result: a dimension, a measure, or (a pivot) a measure under one value of the pivot field. */
export const ZBuilderColumn = z.object({
  key: z.string(),
  /** The field's i18n key, or for a pivot column the pivot value itself (`pivotValue` set). */
  label: z.string(),
  type: z.enum(['text', 'date', 'month', 'tonnes', 'count']),
  kind: z.enum(['dimension', 'measure']),
  /** The measure's aggregation. */
  agg: z.enum(BUILDER_AGGREGATIONS).optional(),
  /** A pivot column's value of the pivot field (null: rows without one); absent on the row total's columns. */
  pivotValue: z.string().nullable().optional(),
});
export type TBuilderColumn = z.infer<typeof ZBuilderColumn>;

/** The answer of a run: the columns, one page of rows, how many rows there are, the totals (over every row). */
export const ZBuilderResult = z.object({
  columns: z.array(ZBuilderColumn),
  rows: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))),
  count: z.number(),
  totals: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
});
export type TBuilderResult = z.infer<typeof ZBuilderResult>;

const ZName = z.string().trim().min(1, 'The report needs a name.').max(BUILDER_LIMITS.nameLength, `A name is at most ${BUILDER_LIMITS.nameLength} characters.`);

/** `POST /api/report-builder/reports` and `PUT .../:id`: a name, the definition, the roles it is shared with. */
export const ZBuilderSaveBody = z
  .object({
    name: ZName,
    definition: ZBuilderDefinition,
    sharedRoleIds: z.array(z.number().int().positive().max(2_147_483_647)).max(100).default([]),
  })
  .strict();
export type TBuilderSaveBody = z.input<typeof ZBuilderSaveBody>;

export const ZBuilderSaved = z.object({
  id: z.number(),
  name: z.string(),
  definition: ZBuilderDefinition,
  sharedRoleIds: z.array(z.number()),
  ownerId: z.number(),
  ownerName: z.string(),
  /** The caller owns it (edits and deletes it). */
  mine: z.boolean(),
  updatedAt: z.string(),
});
export type TBuilderSaved = z.infer<typeof ZBuilderSaved>;
export const ZBuilderSavedList = z.object({ rows: z.array(ZBuilderSaved) });

/** `GET|POST /api/report-builder/export[.xlsx]`: the definition as JSON text, the headers' language. */
export const ZBuilderExportQuery = z.object({
  definition: z
    .string()
    .max(8000, 'The definition is too long.')
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'The definition is not JSON.' });
        return z.NEVER;
      }
    })
    .pipe(ZBuilderDefinition),
  lang: ZExportLang,
});

export const builderApi = { base: '/report-builder', run: '/report-builder/run', reports: '/report-builder/reports', roles: '/report-builder/roles' } as const;

/** `GET /api/report-builder/roles`: the agency's roles a report can be shared with (id and name only). */
export const ZBuilderRoles = z.object({ rows: z.array(z.object({ id: z.number(), name: z.string() })) });

/** The fixed messages of the saved reports (the web has their Arabic). */
export const ReportBuilderMessages = {
  notFound: 'Report not found.',
  duplicateName: 'You already have a report with this name.',
  unknownRole: 'A role to share with is not a role of this agency.',
  outdated: 'This saved report names a field the report builder no longer has; open it and save it again.',
} as const;

/** The text of a builder label key (`reportBuilder.fields.<key>` …) in English or Arabic (the export's headers). */
export function builderText(label: string, lang: 'en' | 'ar'): string {
  const [, group, key] = /^reportBuilder\.(\w+)\.(\w+)$/.exec(label) ?? [];
  const texts = BUILDER_TEXTS[lang] as unknown as Record<string, Record<string, string> | string>;
  const section = group ? texts[group] : undefined;
  const text = typeof section === 'object' && key ? section[key] : undefined;
  if (text === undefined) throw new Error(`No report builder text ${label}`);
  return text;
}

/** The header of a measure column: the field's text and its aggregation's. */
export function builderMeasureHeader(field: BuilderField, agg: BuilderAggregation, lang: 'en' | 'ar'): string {
  return `${builderText(field.label, lang)} (${builderText(`reportBuilder.aggregations.${agg}`, lang)})`;
}
