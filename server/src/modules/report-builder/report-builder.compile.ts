import {
  BUILDER_LIMITS,
  builderDataset,
  kgToTonnes,
  measureKey,
  type BuilderField,
  type TBuilderColumn,
  type TBuilderDefinition,
  type TBuilderFilter,
  type TBuilderMeasure,
  type TBuilderResult,
} from '@tonnage/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { ReadActor } from '../../kit/actor';
import { queryRows, type Db } from '../../platform/db/client';
import { escapeLike } from '../../platform/db/query-helpers';
import { badRequest, runtimeMessage } from '../../platform/errors';
import { builderBases, type TimeBounds } from './report-builder.datasets';

/*
 * The report builder's compiler (docs/architecture.md, "The report builder"): a definition the contracts' schema
 * accepted (every name on its dataset's whitelist) becomes ONE parameterised statement over the dataset's base
 * relation (report-builder.datasets.ts, already in the agency and the user's scope). Field names reach the SQL only
 * as identifiers of the whitelist (`sql.identifier` of a declared key); every value is a parameter.
 *
 * - A grouped report: `group by grouping sets ((<dimensions>), ())`: the groups and the totals row in one pass, the
 *   groups numbered by the asked sort with a window (`row_number`, and `count(*)` of the groups) and only the asked
 *   page returned with the totals row.
 * - A pivot: `group by grouping sets ((<dims>, <pivot>), (<dims>), (<pivot>), ())`: the cells, each row's total,
 *   each pivot column's total and the grand total, in one statement; the rows paged as above. The answer is laid out
 *   from those aggregates (no figure is summed outside the database).
 * - No grouping: one row of the measures over every matching row (it is its own total).
 */

const ident = (name: string) => sql.identifier(name);
const base = (name: string) => sql`b.${ident(name)}`;

/** The fields of a definition's dataset (the schema checked every name; a miss here is a bug). */
function fieldsOf(definition: TBuilderDefinition): (key: string) => BuilderField {
  const dataset = builderDataset(definition.dataset);
  if (!dataset) throw new Error(`No dataset ${definition.dataset}`);
  return (key) => {
    const field = dataset.fields.find((f) => f.key === key);
    if (!field) throw new Error(`No field ${key} in ${definition.dataset}`);
    return field;
  };
}

function filterCondition(filter: TBuilderFilter): SQL {
  const column = base(filter.field);
  const value = filter.value;
  switch (filter.op) {
    case 'eq':
      return sql`${column} = ${String(value)}::text`;
    case 'ne':
      return sql`${column} is distinct from ${String(value)}::text`;
    case 'in':
      return sql`${column} in (${sql.join((Array.isArray(value) ? value : [value]).map((v) => sql`${v}::text`), sql`, `)})`;
    case 'contains':
      return sql`${column} ilike ${`%${escapeLike(String(value))}%`}::text`;
    case 'from':
      return sql`${column} >= ${String(value)}::text`;
    case 'to':
      return sql`${column} <= ${String(value)}::text`;
  }
}

function measureSql(measure: TBuilderMeasure): SQL {
  const column = base(measure.field);
  const as = ident(measureKey(measure));
  switch (measure.agg) {
    case 'count':
      return sql`count(*)::bigint as ${as}`;
    case 'sum':
      return sql`coalesce(sum(${column}), 0)::numeric as ${as}`;
    case 'avg':
      return sql`round(avg(${column}))::numeric as ${as}`;
    case 'min':
      return sql`min(${column})::numeric as ${as}`;
    case 'max':
      return sql`max(${column})::numeric as ${as}`;
  }
}

/** The columns of a result without a pivot: the dimensions, then the measures. */
export function resultColumns(definition: TBuilderDefinition): TBuilderColumn[] {
  const field = fieldsOf(definition);
  return [
    ...definition.dimensions.map((key): TBuilderColumn => ({ key, label: field(key).label, type: field(key).type, kind: 'dimension' })),
    ...definition.measures.map((m): TBuilderColumn => {
      const f = field(m.field);
      return { key: measureKey(m), label: f.label, type: m.agg === 'count' ? 'count' : f.type, kind: 'measure', agg: m.agg };
    }),
  ];
}

/** A scalar of the database as text (numbers, bigints and strings; anything else is not a value of ours). */
function scalar(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  return null;
}

/** A value of the database as the answer shows it: tonnes as MT text, counts as numbers, texts as they are. */
function answerValue(column: Pick<TBuilderColumn, 'type'>, value: unknown): string | number | null {
  const text = scalar(value);
  if (text === null) return column.type === 'count' ? 0 : null;
  switch (column.type) {
    case 'tonnes':
      return kgToTonnes(BigInt(text));
    case 'count':
      return Number(text);
    case 'text':
    case 'date':
    case 'month':
      return text;
  }
}

/** The first day after a month (YYYY-MM) and after a date (YYYY-MM-DD), as YYYY-MM-DD. */
function nextDay(date: string): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}
function nextMonth(month: string): string {
  const next = new Date(`${month}-01T00:00:00Z`);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next.toISOString().slice(0, 10);
}

/** The period the definition's `date` and `month` filters (eq, from, to) imply, for the dataset's time column. */
export function timeBounds(definition: TBuilderDefinition): TimeBounds {
  const bounds: TimeBounds = { from: [], before: [] };
  for (const f of definition.filters) {
    if ((f.field !== 'date' && f.field !== 'month') || Array.isArray(f.value)) continue;
    const start = f.field === 'date' ? f.value : `${f.value}-01`;
    const end = f.field === 'date' ? nextDay(f.value) : nextMonth(f.value);
    if (f.op === 'eq' || f.op === 'from') bounds.from.push(start);
    if (f.op === 'eq' || f.op === 'to') bounds.before.push(end);
  }
  return bounds;
}

/** The parts every statement shares: the filtered base relation, the dimensions' and measures' SQL. */
function parts(actor: ReadActor, definition: TBuilderDefinition) {
  const filters = definition.filters.map(filterCondition);
  const from = sql`from (${builderBases[definition.dataset](actor, timeBounds(definition))}) b${filters.length > 0 ? sql` where ${sql.join(filters, sql` and `)}` : sql``}`;
  const measures = sql.join(
    definition.measures.map((m) => measureSql(m)),
    sql`, `,
  );
  return { from, measures };
}

/** `order by` of the asked sort (nulls last ascending, first descending), then every dimension: a stable order for paging. */
function orderOf(definition: TBuilderDefinition, alias: string): SQL {
  const sort = definition.sort ?? (definition.dimensions[0] ? { key: definition.dimensions[0], order: 'asc' as const } : undefined);
  const keys: SQL[] = [];
  const at = (key: string) => sql`${ident(alias)}.${ident(key)}`;
  if (sort) keys.push(sql`${at(sort.key)} ${sort.order === 'desc' ? sql`desc nulls first` : sql`asc nulls last`}`);
  for (const d of definition.dimensions) if (d !== sort?.key) keys.push(sql`${at(d)} asc nulls last`);
  if (keys.length === 0) keys.push(sql`1`);
  return sql.join(keys, sql`, `);
}

/**
 * The statement of every grouped row, in the report's order, without totals: what the Excel export reads through a
 * cursor. A pivot is exported in its long form (the pivot field as one more grouping column).
 */
export function exportStatement(actor: ReadActor, definition: TBuilderDefinition): { statement: SQL; columns: TBuilderColumn[] } {
  const flat: TBuilderDefinition = definition.pivot ? { ...definition, dimensions: [...definition.dimensions, definition.pivot.field], pivot: undefined } : definition;
  const { from, measures } = parts(actor, flat);
  const dims = flat.dimensions.map(base);
  const select = flat.dimensions.length > 0 ? sql`${sql.join(flat.dimensions.map((d) => sql`${base(d)} as ${ident(d)}`), sql`, `)}, ${measures}` : measures;
  const group = dims.length > 0 ? sql` group by ${sql.join(dims, sql`, `)}` : sql``;
  return { statement: sql`select * from (select ${select} ${from}${group}) g order by ${orderOf(flat, 'g')}`, columns: resultColumns(flat) };
}

/** Maps a database row of the export statement to the answer's row. */
export function exportRow(columns: readonly TBuilderColumn[], raw: Record<string, unknown>): Record<string, string | number | null> {
  return Object.fromEntries(columns.map((c) => [c.key, answerValue(c, raw[c.key])]));
}

type Raw = Record<string, unknown>;

/** Runs a definition: one statement, one page of rows and the totals (see the file's comment). */
export async function runDefinition(
  tx: Db,
  actor: ReadActor,
  definition: TBuilderDefinition,
  page: { page: number; limit: number },
  options: { pivotColumns: number } = { pivotColumns: BUILDER_LIMITS.pivotColumns },
): Promise<TBuilderResult> {
  const columns = resultColumns(definition);
  const { from, measures } = parts(actor, definition);
  const offset = (page.page - 1) * page.limit;
  const measureColumns = columns.filter((c) => c.kind === 'measure');
  const row = (raw: Raw, cols: readonly TBuilderColumn[]) => Object.fromEntries(cols.map((c) => [c.key, answerValue(c, raw[c.key])]));

  if (definition.dimensions.length === 0) {
    const [raw] = await queryRows<Raw>(tx, sql`select ${measures} ${from}`);
    const only = row(raw ?? {}, measureColumns);
    return { columns, rows: [only], count: 1, totals: only };
  }
  if (definition.pivot) return runPivot(tx, definition, { columns, from, measures, offset, limit: page.limit, maxColumns: options.pivotColumns });

  const dims = definition.dimensions.map(base);
  const raws = await queryRows<Raw>(
    tx,
    sql`select * from (
          select g.*, row_number() over (partition by g.__gid order by ${orderOf(definition, 'g')}) as __rn,
                 count(*) filter (where g.__gid = 0) over () as __count
          from (select ${sql.join(definition.dimensions.map((d) => sql`${base(d)} as ${ident(d)}`), sql`, `)}, ${measures}, grouping(${sql.join(dims, sql`, `)}) as __gid
                ${from}
                group by grouping sets ((${sql.join(dims, sql`, `)}), ())) g
        ) x
        where x.__gid <> 0 or (x.__rn > ${offset}::integer and x.__rn <= ${offset + page.limit}::integer)
        order by x.__gid, x.__rn`,
  );
  const totalsRaw = raws.find((r) => Number(r.__gid) !== 0) ?? {};
  return {
    columns,
    rows: raws.filter((r) => Number(r.__gid) === 0).map((r) => row(r, columns)),
    count: Number(totalsRaw.__count ?? 0),
    totals: row(totalsRaw, measureColumns),
  };
}

/** The pivot's single statement and its layout (see the file's comment). */
async function runPivot(tx: Db, definition: TBuilderDefinition, input: { columns: TBuilderColumn[]; from: SQL; measures: SQL; offset: number; limit: number; maxColumns: number }): Promise<TBuilderResult> {
  const pivot = definition.pivot?.field ?? '';
  const field = fieldsOf(definition);
  const n = definition.dimensions.length;
  const gid = { cell: 0, rowTotal: 1, columnTotal: ((1 << n) - 1) << 1, grand: (1 << (n + 1)) - 1 };
  const dims = definition.dimensions.map(base);
  const dimList = sql.join(dims, sql`, `);
  const joinOn = sql.join(
    definition.dimensions.map((d) => sql`g.${ident(d)} is not distinct from r.${ident(d)}`),
    sql` and `,
  );
  const raws = await queryRows<Raw>(
    tx,
    sql`with g as (
          select ${sql.join(definition.dimensions.map((d) => sql`${base(d)} as ${ident(d)}`), sql`, `)}, ${base(pivot)} as __pivot, ${input.measures},
                 grouping(${dimList}, ${base(pivot)}) as __gid
          ${input.from}
          group by grouping sets ((${dimList}, ${base(pivot)}), (${dimList}), (${base(pivot)}), ())),
        r as (
          select ${sql.join(
            definition.dimensions.map((d) => sql`g.${ident(d)}`),
            sql`, `,
          )}, row_number() over (order by ${orderOf(definition, 'g')}) as __rn, count(*) over () as __count
          from g where g.__gid = ${gid.rowTotal}::integer)
        select g.*, r.__rn, r.__count, (select count(*) from g where g.__gid = ${gid.columnTotal}::integer) as __pivots
        from g left join r on ${joinOn}
        where (g.__gid in (${gid.cell}::integer, ${gid.rowTotal}::integer) and r.__rn > ${input.offset}::integer and r.__rn <= ${input.offset + input.limit}::integer)
           or g.__gid in (${gid.columnTotal}::integer, ${gid.grand}::integer)
        order by r.__rn nulls last, g.__pivot asc nulls last`,
  );
  const pivots = Number(raws[0]?.__pivots ?? 0);
  if (pivots > input.maxColumns) {
    throw badRequest(runtimeMessage(`The pivot field "${pivot}" has ${pivots} values; at most ${input.maxColumns} can be columns. Filter the data or pivot another field.`), { pivot: 'tooManyValues' });
  }
  const kind = (r: Raw) => Number(r.__gid);
  const pivotValues = raws.filter((r) => kind(r) === gid.columnTotal).map((r) => scalar(r.__pivot));
  const measureColumns = input.columns.filter((c) => c.kind === 'measure');
  const dimensionColumns = input.columns.filter((c) => c.kind === 'dimension');
  const cellKey = (i: number, m: TBuilderColumn) => `p${i}__${m.key}`;
  const pivotField = field(pivot);
  const columns: TBuilderColumn[] = [
    ...dimensionColumns,
    ...pivotValues.flatMap((value, i) => measureColumns.map((m): TBuilderColumn => ({ ...m, key: cellKey(i, m), label: pivotField.label, pivotValue: value }))),
    ...measureColumns,
  ];
  const indexOf = new Map(pivotValues.map((v, i) => [v, i]));
  const keyOf = (r: Raw) => JSON.stringify(definition.dimensions.map((d) => r[d] ?? null));
  const rows = new Map<string, Record<string, string | number | null>>();
  const count = Number(raws.find((r) => r.__count !== null && r.__count !== undefined)?.__count ?? 0);
  const totals: Record<string, string | number | null> = {};
  for (const r of raws) {
    const k = kind(r);
    if (k === gid.rowTotal) {
      const out: Record<string, string | number | null> = {};
      for (const c of dimensionColumns) out[c.key] = answerValue(c, r[c.key]);
      for (const m of measureColumns) out[m.key] = answerValue(m, r[m.key]);
      rows.set(keyOf(r), out);
    }
  }
  for (const r of raws) {
    const k = kind(r);
    const at = indexOf.get(scalar(r.__pivot));
    if (k === gid.cell && at !== undefined) {
      const out = rows.get(keyOf(r));
      if (out) for (const m of measureColumns) out[cellKey(at, m)] = answerValue(m, r[m.key]);
    } else if (k === gid.columnTotal && at !== undefined) {
      for (const m of measureColumns) totals[cellKey(at, m)] = answerValue(m, r[m.key]);
    } else if (k === gid.grand) {
      for (const m of measureColumns) totals[m.key] = answerValue(m, r[m.key]);
    }
  }
  // A row without a value under a pivot column shows nothing there (not a zero: nothing was recorded).
  return { columns, rows: [...rows.values()], count, totals };
}
