import { Column, getTableColumns, is, SQL, sql, Subquery, Table } from 'drizzle-orm';
import { PgDialect, type PgColumn, type SelectedFieldsOrdered } from 'drizzle-orm/pg-core';
import type { Database, Db } from './client';
import { inAgency } from './tenancy';

/*
 * Reading one statement's rows batch by batch through a server-side cursor (`DECLARE ... CURSOR`, `FETCH`), as the
 * exports do: the statement runs once, in order, and each batch costs what its rows cost, however deep it is (where
 * LIMIT/OFFSET pages cost more the further they go). Works on PostgreSQL and PGlite, each in its own way:
 *
 * - PostgreSQL: one agency transaction (row-level security, the app role) declares the cursor and fetches every
 *   batch; the pool gives the export its own connection for as long as it runs.
 * - PGlite has one connection, and a transaction holds it: a long export in one transaction would stop every other
 *   request. The cursor is declared WITH HOLD in a first agency transaction (at its commit PostgreSQL runs the
 *   statement to its end into a temporary store, under that transaction's agency and role), and each batch is then
 *   fetched in a short agency transaction of its own, between other requests' transactions.
 *
 * Either way `map` turns a batch of the statement's rows into the caller's rows inside the transaction of that
 * batch (it may read more, e.g. the states of a batch of handling records), and `visit` runs after it.
 */

/** A Drizzle select: its SQL and its fields (each batch is mapped as the select maps its own rows). */
interface SelectLike<Raw> {
  getSQL(): SQL;
  readonly _: { readonly result: Raw[]; readonly config: { readonly fields: Record<string, unknown> } };
}

/** A raw statement whose rows come as objects keyed by column name. */
interface RawStatement<Raw> {
  readonly raw: SQL;
  /** Only carries the row type. */
  readonly row?: Raw;
}

/** The statement an export reads, and how a batch of its rows becomes the export's rows. */
export interface CursorSource<Row> {
  readonly statement: SQL;
  /** The select's fields in column order (Drizzle's row mapping), or undefined for a raw statement. */
  readonly fields: SelectedFieldsOrdered | undefined;
  readonly joinsNotNullableMap: Record<string, boolean> | undefined;
  readonly map: (tx: Db, rows: unknown[]) => Row[] | Promise<Row[]>;
}

/** A raw statement for `cursorSource` (rows as objects keyed by column name). */
export function rawStatement<Raw>(statement: SQL): RawStatement<Raw> {
  return { raw: statement };
}

/** Drizzle's order of a select's fields (as its own `orderSelectedFields`): nested objects and tables flattened. */
function orderedFields(fields: Record<string, unknown>, prefix: string[] = []): SelectedFieldsOrdered {
  const ordered: SelectedFieldsOrdered = [];
  for (const [name, field] of Object.entries(fields)) {
    const path = [...prefix, name];
    if (is(field, Column) || is(field, SQL) || is(field, SQL.Aliased) || is(field, Subquery)) ordered.push({ path, field: field as PgColumn });
    else if (is(field, Table)) ordered.push(...orderedFields(getTableColumns(field), path));
    else if (typeof field === 'object' && field !== null) ordered.push(...orderedFields(field as Record<string, unknown>, path));
  }
  return ordered;
}

function isSelect<Raw>(query: SelectLike<Raw> | RawStatement<Raw>): query is SelectLike<Raw> {
  return 'getSQL' in query;
}

/**
 * The source of an export: a Drizzle select (or `rawStatement(sql)`) and the mapping of a batch of its rows to the
 * export's rows (the list's own row mapping; it may query more in `tx`, the batch's agency transaction).
 */
export function cursorSource<Raw, Row>(query: SelectLike<Raw> | RawStatement<Raw>, map: (tx: Db, rows: Raw[]) => Row[] | Promise<Row[]>): CursorSource<Row> {
  if (!isSelect(query)) return { statement: query.raw, fields: undefined, joinsNotNullableMap: undefined, map: (tx, rows) => map(tx, rows as Raw[]) };
  // Which joined tables may come back all-null (a left join): Drizzle keeps it on the builder, not in its types.
  const joins: unknown = Reflect.get(query, 'joinsNotNullableMap');
  return {
    statement: query.getSQL(),
    fields: orderedFields(query._.config.fields),
    joinsNotNullableMap: typeof joins === 'object' && joins !== null ? (joins as Record<string, boolean>) : undefined,
    map: (tx, rows) => map(tx, rows as Raw[]),
  };
}

/** How many rows the source's statement has; with `atMost`, stops counting past it (answers at most atMost + 1). */
export async function countRows(tx: Db, source: CursorSource<unknown>, atMost?: number): Promise<number> {
  const limited = atMost === undefined ? source.statement : sql`select 1 from (${source.statement}) as export_all limit ${atMost + 1}`;
  const result: unknown = await tx.execute(sql`select count(*)::int as n from (${limited}) as export_rows`);
  const [row] = (result as { rows: { n: number | string }[] }).rows;
  return Number(row?.n ?? 0);
}

const dialect = new PgDialect();
let cursorSerial = 0;

async function declare(tx: Db, name: string, source: CursorSource<unknown>, hold: boolean): Promise<void> {
  const built = dialect.sqlToQuery(source.statement);
  await tx._.session.prepareQuery({ sql: `declare ${name} no scroll cursor ${hold ? 'with hold ' : ''}for ${built.sql}`, params: built.params }, undefined, undefined, false).execute();
}

async function fetchBatch<Row>(tx: Db, name: string, source: CursorSource<Row>, batchSize: number): Promise<{ raw: number; rows: Row[] }> {
  const query = { sql: `fetch forward ${batchSize} from ${name}`, params: [] };
  const prepared = tx._.session.prepareQuery(query, source.fields, undefined, source.fields !== undefined);
  if (source.joinsNotNullableMap) Reflect.set(prepared, 'joinsNotNullableMap', source.joinsNotNullableMap);
  const result: unknown = await prepared.execute();
  const raw = source.fields ? (result as unknown[]) : (result as { rows: unknown[] }).rows;
  return { raw: raw.length, rows: raw.length === 0 ? [] : await source.map(tx, raw) };
}

/** What `forEachCursorBatch` opens: the source to read, and whatever else the caller prepared with it. */
export interface OpenedCursor<Row> {
  source: CursorSource<Row>;
}

/**
 * Reads the source `open` gives (in the first agency transaction, where it may read what else it needs: the actor's
 * scope, the agency's time zone, a count) batch by batch, calling `visit` with each batch of rows and what `open`
 * answered. See the file's comment for the two engines. Answers what `open` answered.
 */
export async function forEachCursorBatch<Row, Opened extends OpenedCursor<Row>>(params: {
  database: Database;
  agencyId: number;
  open: (tx: Db) => Promise<Opened>;
  visit: (rows: Row[], opened: Opened) => Promise<void>;
  batchSize?: number;
}): Promise<Opened> {
  const { database, agencyId, visit } = params;
  const batchSize = params.batchSize ?? 1000;
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new Error(`batchSize must be a positive integer, got ${batchSize}`);
  cursorSerial += 1;
  const name = `tonnage_rows_${cursorSerial}`;
  if (database.kind === 'postgres') {
    let visited = false;
    return inAgency(database.db, agencyId, async (tx) => {
      // inAgency runs a deadlocked transaction again; rows already handed on cannot be taken back.
      if (visited) throw new Error('the export transaction was retried after rows were written');
      const opened = await params.open(tx);
      await declare(tx, name, opened.source, false);
      for (;;) {
        const batch = await fetchBatch(tx, name, opened.source, batchSize);
        if (batch.rows.length > 0) {
          visited = true;
          await visit(batch.rows, opened);
        }
        if (batch.raw < batchSize) break;
      }
      await tx.execute(sql.raw(`close ${name}`));
      return opened;
    });
  }
  const opened = await inAgency(database.db, agencyId, async (tx) => {
    const result = await params.open(tx);
    await declare(tx, name, result.source, true);
    return result;
  });
  try {
    for (;;) {
      const batch = await inAgency(database.db, agencyId, (tx) => fetchBatch(tx, name, opened.source, batchSize));
      if (batch.rows.length > 0) await visit(batch.rows, opened);
      if (batch.raw < batchSize) break;
    }
  } finally {
    await database.db.execute(sql.raw(`close ${name}`)).catch(() => undefined);
  }
  return opened;
}
