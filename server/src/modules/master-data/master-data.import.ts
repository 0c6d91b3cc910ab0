import {
  ErrorCode,
  IMPORT_MAX_MB,
  ImportMessages,
  IMPORT_MAX_ROWS,
  fieldMessages,
  importRejectedMessage,
  resourceByKey,
  resourceSchemas,
  type FieldDef,
  type ResourceDef,
  type TImportError,
  type TImportRowError,
} from '@tonnage/contracts';
import { and, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { Readable } from 'node:stream';
import { createInflateRaw, inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { recordAudit } from '../../platform/audit/audit';
import type { Db } from '../../platform/db/client';
import type { DataScope } from '../../identity/data-scope';
import { AppError, badRequest, runtimeMessage } from '../../platform/errors';
import { beforeWrite } from './master-data.rules';
import { columnOf, fixedConditions, tableFor, uniqueTogetherPart, uniqueTogetherValue } from './master-data.schema';
import { assertCreatableInScope, scopeConditions } from './master-data.scope';
import { uniqueTogetherDetails, withUniqueConflict, type Writer } from './master-data.service';
import { assertImagesUploaded, storedValues, type ResourceInput } from './master-data.values';

/** Columns of the registry's tables by field name. */
const col = columnOf;

/**
 * Import of a resource's rows from an .xlsx or a CSV file: the header row names the fields (English or Arabic
 * label, or field name), references are given by the referenced row's display name, every row is validated with
 * the create schema (its cross-field rules included), the create checks of images and database rules, and the
 * create uniqueness rules (also against the other rows of the file), and the rows are inserted all together in one
 * transaction, or none of them when any row is wrong. Secret fields are sealed as on create.
 */

/** A cell as read from either format: text (CSV, text cells), a number, a boolean, a date, or empty. */
export type ImportCell = string | number | boolean | Date | null;
/** A non-empty row of the file with its spreadsheet row number (the first row is 1). */
export interface ImportRow {
  row: number;
  cells: ImportCell[];
}

export const IMPORT_MAX_BYTES = IMPORT_MAX_MB * 1024 * 1024;

export const importMessages = {
  ...ImportMessages,
  imported: (resource: ResourceDef, count: number) => `${count} ${(count === 1 ? resource.labels.one.en : resource.labels.many.en).toLowerCase()} imported successfully!`,
};

const unsupported = () => new AppError(400, ErrorCode.UNSUPPORTED_FILE, importMessages.unsupported, { file: importMessages.unsupported });
const tooManyRows = () => badRequest(importMessages.tooManyRows, { file: importMessages.tooManyRows });

// --- reading the file ---------------------------------------------------------------------------------------

/** An .xlsx is a zip (local file header `PK\3\4`); anything else must be UTF-8 text without NUL bytes (CSV). */
export function detectSpreadsheet(bytes: Buffer): 'xlsx' | 'csv' | null {
  if (bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) return 'xlsx';
  if (bytes.length === 0 || bytes.includes(0)) return null;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return 'csv';
  } catch {
    return null;
  }
}

/**
 * The records of a CSV text (RFC 4180): fields separated by the delimiter, optionally in double quotes (a quote
 * inside written twice; quoted fields may hold delimiters and line breaks), records ended by CRLF, LF or CR.
 * Each record keeps its row number as a spreadsheet would show it.
 */
export function parseCsv(text: string, delimiter: ',' | ';', stopAfter: number = Number.POSITIVE_INFINITY): ImportRow[] {
  const rows: ImportRow[] = [];
  let filled = 0;
  let fields: string[] = [];
  let field = '';
  let row = 1;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let atFieldStart = true;
  const endRecord = () => {
    fields.push(field);
    rows.push({ row, cells: fields });
    if (fields.some((f) => f.trim() !== '')) filled += 1;
    fields = [];
    field = '';
    row += 1;
    atFieldStart = true;
  };
  // Stops once `stopAfter` records with content are read (the caller only needs to know there are too many).
  while (i < text.length && filled < stopAfter) {
    const c = text[i];
    if (atFieldStart && c === '"') {
      // A quoted field: up to the closing quote; "" is one quote.
      const startRow = row;
      i += 1;
      for (;;) {
        if (i >= text.length) throw badRequest(runtimeMessage(`The CSV file has a quoted field that is never closed (row ${startRow}).`), { file: `Row ${startRow}: unclosed quote` });
        const q = text[i];
        if (q === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i += 1;
          break;
        }
        field += q;
        i += 1;
      }
      const next = text[i];
      if (next !== undefined && next !== delimiter && next !== '\r' && next !== '\n') {
        throw badRequest(runtimeMessage(`The CSV file has text after a closing quote (row ${startRow}).`), { file: `Row ${startRow}: text after a closing quote` });
      }
      atFieldStart = false;
      continue;
    }
    atFieldStart = false;
    if (c === delimiter) {
      fields.push(field);
      field = '';
      atFieldStart = true;
      i += 1;
    } else if (c === '\r' || c === '\n') {
      endRecord();
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
    } else {
      field += c;
      i += 1;
    }
  }
  if (filled < stopAfter && (!atFieldStart || field !== '' || fields.length > 0)) endRecord();
  return rows;
}

/** The delimiter of a CSV: semicolon when the first line (outside quotes) has more semicolons than commas. */
export function csvDelimiter(text: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const c of text) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && c === ',') commas += 1;
    else if (!quoted && c === ';') semicolons += 1;
  }
  return semicolons > commas ? ';' : ',';
}

/** The plain value of an ExcelJS cell: formulas give their result, rich text and links their text. */
function xlsxCell(value: ExcelJS.CellValue): ImportCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) return value;
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('formula' in value || 'sharedFormula' in value) {
    const result = (value as { result?: unknown }).result;
    if (result === undefined || result === null || typeof result === 'object' && !(result instanceof Date)) return null;
    return result as string | number | boolean | Date;
  }
  if ('text' in value) {
    const text = (value as { text: unknown }).text;
    return typeof text === 'string' ? text : xlsxCell(text as ExcelJS.CellValue);
  }
  if ('error' in value) return String(value.error);
  return null;
}

/**
 * What an .xlsx may hold once inflated. A 5MB file of 5,000 rows of any resource inflates to a few megabytes; a
 * file that inflates past this (a zip bomb, or a sheet of far more rows) is refused before it is parsed.
 */
export const XLSX_MAX_INFLATED_BYTES = 64 * 1024 * 1024;

const ZIP_CENTRAL_END = 0x06054b50;
const ZIP_CENTRAL_ENTRY = 0x02014b50;
const ZIP_LOCAL_ENTRY = 0x04034b50;

/** One entry of the zip: its stored bytes and how they are compressed (0 stored, 8 deflate). */
interface ZipEntry {
  method: number;
  data: Buffer;
}

/**
 * The entries of the zip by name (still compressed), read through its central directory. Every entry is inflated
 * once here only to measure it, all together at most `XLSX_MAX_INFLATED_BYTES` (zlib stops at its
 * `maxOutputLength`, so no more is ever held): a file past it is refused, and so is a zip this reader cannot walk.
 * The parts read later are inflated again, as streams (`entryStream`).
 */
function zipEntries(bytes: Buffer): Map<string, ZipEntry> {
  const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0 || end + 22 > bytes.length || bytes.readUInt32LE(end) !== ZIP_CENTRAL_END) throw unsupported();
  const count = bytes.readUInt16LE(end + 10);
  let offset = bytes.readUInt32LE(end + 16);
  let left = XLSX_MAX_INFLATED_BYTES;
  const entries = new Map<string, ZipEntry>();
  for (let index = 0; index < count; index += 1) {
    if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== ZIP_CENTRAL_ENTRY) throw unsupported();
    const method = bytes.readUInt16LE(offset + 10);
    const compressed = bytes.readUInt32LE(offset + 20);
    const nameLength = bytes.readUInt16LE(offset + 28);
    const local = bytes.readUInt32LE(offset + 42);
    const name = bytes.toString('utf8', offset + 46, offset + 46 + nameLength);
    offset += 46 + nameLength + bytes.readUInt16LE(offset + 30) + bytes.readUInt16LE(offset + 32);
    if (local + 30 > bytes.length || bytes.readUInt32LE(local) !== ZIP_LOCAL_ENTRY) throw unsupported();
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    if (start + compressed > bytes.length) throw unsupported();
    const data = bytes.subarray(start, start + compressed);
    let inflated: number;
    if (method === 0) inflated = data.length;
    else if (method === 8) {
      try {
        inflated = inflateRawSync(data, { maxOutputLength: left + 1 }).length;
      } catch (error) {
        if ((error as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE') throw tooManyRows();
        throw unsupported();
      }
    } else throw unsupported();
    left -= inflated;
    if (left < 0) throw tooManyRows();
    entries.set(name, { method, data });
  }
  return entries;
}

/** An entry's content as a stream, inflated as it is read (the whole entry is never held inflated). */
function entryStream(entry: ZipEntry): Readable {
  const stored = Readable.from([entry.data]);
  return entry.method === 8 ? stored.pipe(createInflateRaw()) : stored;
}

/**
 * The parts of ExcelJS's streaming reader (4.4) that read one part of a workbook each. Its own `parse` reads the
 * zip in one streaming pass and, under load, sometimes loses an entry: a worksheet is then read before
 * `xl/workbook.xml` and the reader throws (exceljs issue 3064), or before the shared strings and its text cells
 * come back as indexes. Fed here from the central directory, in the order they depend on each other.
 */
interface WorkbookParts {
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncIterable<unknown>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseWorksheet(iterator: AsyncIterable<unknown>, sheetNo: string): Iterable<{ eventType: string; value: ExcelJS.stream.xlsx.WorksheetReader }>;
}

/** The worksheets of the workbook in sheet-number order, each read row by row as it is iterated. */
async function* worksheets(entries: Map<string, ZipEntry>): AsyncGenerator<ExcelJS.stream.xlsx.WorksheetReader> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([]), { worksheets: 'emit', sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', entries: 'ignore' });
  const parts = reader as unknown as WorkbookParts;
  const part = (name: string) => {
    const entry = entries.get(name);
    return entry ? entryStream(entry) : null;
  };
  const rels = part('xl/_rels/workbook.xml.rels');
  const workbook = part('xl/workbook.xml');
  if (!rels || !workbook) throw unsupported();
  await parts._parseRels(rels);
  await parts._parseWorkbook(workbook);
  const sharedStrings = part('xl/sharedStrings.xml');
  if (sharedStrings) for await (const _ of parts._parseSharedStrings(sharedStrings));
  const styles = part('xl/styles.xml');
  if (styles) await parts._parseStyles(styles);
  const sheets = [...entries.keys()]
    .map((name) => /^xl\/worksheets\/sheet(\d+)\.xml$/.exec(name)?.[1])
    .filter((n): n is string => n !== undefined)
    .sort((a, b) => Number(a) - Number(b));
  for (const sheetNo of sheets) {
    for (const event of parts._parseWorksheet(entryStream(entries.get(`xl/worksheets/sheet${sheetNo}.xml`) as ZipEntry), sheetNo)) yield event.value;
  }
}

/**
 * The rows of the first sheet that has any, read as a stream: at most the header, the largest allowed number of
 * rows and one more are kept, so a long sheet never sits in memory whole. `zipEntries` bounds what the file inflates
 * to before anything is parsed.
 */
async function readXlsx(bytes: Buffer): Promise<ImportRow[]> {
  const entries = zipEntries(bytes);
  const keep = IMPORT_MAX_ROWS + 2;
  const rows: ImportRow[] = [];
  try {
    for await (const sheet of worksheets(entries)) {
      for await (const row of sheet) {
        if (rows.length >= keep) break;
        const cells: ImportCell[] = [];
        row.eachCell({ includeEmpty: true }, (cell, col) => {
          cells[col - 1] = xlsxCell(cell.value);
        });
        for (let c = 0; c < cells.length; c += 1) cells[c] ??= null;
        if (!cells.some((cell) => !isBlank(cell))) continue;
        rows.push({ row: row.number, cells });
      }
      if (rows.length > 0) break;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unsupported();
  }
  return rows;
}

const isBlank = (cell: ImportCell | undefined) => cell === null || cell === undefined || typeof cell === 'string' && cell.trim() === '';

/** The non-empty rows of an uploaded .xlsx or CSV file, the type decided from the content. */
export async function readSpreadsheet(bytes: Buffer): Promise<ImportRow[]> {
  const type = detectSpreadsheet(bytes);
  if (!type) throw unsupported();
  const rows = type === 'xlsx' ? await readXlsx(bytes) : (() => {
    const text = bytes.toString('utf8');
    // The header, the largest allowed number of rows, and one more to tell that there are too many.
    return parseCsv(text, csvDelimiter(text.replace(/^\uFEFF/, '')), IMPORT_MAX_ROWS + 2);
  })();
  return rows.filter((r) => r.cells.some((cell) => !isBlank(cell)));
}

// --- the header row -----------------------------------------------------------------------------------------

/** A header or label compared without letter case, spaces, a byte order mark or a trailing "*" (required mark). */
export const headerKey = (text: string) => text.replace(/^\uFEFF/, '').replace(/\*+\s*$/, '').replace(/\s+/g, '').toLowerCase();

function cellText(cell: ImportCell | undefined): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  return String(cell).trim();
}

/** The field of each column (null for a blank header); 400 naming unknown, repeated or missing required columns. */
function matchHeader(resource: ResourceDef, header: ImportRow): (string | null)[] {
  const byKey = new Map<string, string>();
  for (const [name, field] of Object.entries(resource.fields)) {
    for (const key of [name, field.label.en, field.label.ar].map(headerKey)) if (!byKey.has(key)) byKey.set(key, name);
  }
  const unknown: string[] = [];
  const repeated: string[] = [];
  const seen = new Set<string>();
  const columns = header.cells.map((cell) => {
    const text = cellText(cell);
    if (text === '') return null;
    const name = byKey.get(headerKey(text));
    if (!name) unknown.push(text);
    else if (seen.has(name)) repeated.push(text);
    else seen.add(name);
    return name ?? null;
  });
  const missing = Object.entries(resource.fields).filter(([name, field]) => field.required && !seen.has(name)).map(([, field]) => field.label.en);
  const problems = [
    ...(unknown.length > 0 ? [`unknown ${unknown.length === 1 ? 'column' : 'columns'} ${unknown.map((c) => `"${c}"`).join(', ')}`] : []),
    ...(repeated.length > 0 ? [`repeated ${repeated.length === 1 ? 'column' : 'columns'} ${repeated.map((c) => `"${c}"`).join(', ')}`] : []),
    ...(missing.length > 0 ? [`missing ${missing.length === 1 ? 'column' : 'columns'} ${missing.map((c) => `"${c}"`).join(', ')}`] : []),
  ];
  if (problems.length > 0) {
    const message = runtimeMessage(`Nothing was imported: the header row (row ${header.row}) has ${problems.join('; ')}. Download the import template for the right columns.`);
    throw badRequest(message, { header: message });
  }
  return columns;
}

// --- cells to field values ----------------------------------------------------------------------------------

const ARABIC_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;
const STRICT_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/** A number written plainly (Arabic-Indic digits and the Arabic decimal separator allowed); null otherwise. */
export function strictNumber(text: string): number | null {
  const plain = text
    .trim()
    .replace(ARABIC_DIGITS, (d) => String((d.charCodeAt(0) & 0x0f) % 10))
    .replace(/\u066B/g, '.');
  if (!STRICT_NUMBER.test(plain)) return null;
  const value = Number(plain);
  return Number.isFinite(value) ? value : null;
}

const TRUE_WORDS = new Set(['yes', 'y', 'true', '1', 'نعم']);
const FALSE_WORDS = new Set(['no', 'n', 'false', '0', 'لا']);

type Converted = { value: unknown } | { error: string };

/** The input value of one cell for a field (before the schema), or the cell's error. References are resolved later. */
function convertCell(field: FieldDef, cell: ImportCell | undefined): Converted {
  if (isBlank(cell)) return { value: undefined };
  const invalid = { error: fieldMessages(field).invalid.en };
  switch (field.kind) {
    case 'text':
    case 'email':
    case 'phone':
    case 'reference':
    case 'image':
    case 'secret':
      return { value: cellText(cell) };
    case 'integer':
    case 'decimal':
    case 'quantity':
    case 'latitude':
    case 'longitude': {
      if (typeof cell === 'number') return Number.isFinite(cell) ? { value: cell } : invalid;
      if (typeof cell !== 'string') return invalid;
      const value = strictNumber(cell);
      return value === null ? invalid : { value };
    }
    case 'boolean': {
      if (typeof cell === 'boolean') return { value: cell };
      const word = cellText(cell).toLowerCase();
      if (TRUE_WORDS.has(word)) return { value: true };
      if (FALSE_WORDS.has(word)) return { value: false };
      return invalid;
    }
    case 'date': {
      // An Excel date cell (UTC midnight) or an ISO date written as text; the schema checks the text.
      if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? invalid : { value: cell.toISOString().slice(0, 10) };
      return { value: cellText(cell) };
    }
    case 'enum': {
      const key = headerKey(cellText(cell));
      const option = field.options.find((o) => [o.value, o.label.en, o.label.ar].some((text) => headerKey(text) === key));
      return option ? { value: option.value } : invalid;
    }
  }
}

/** The message of a schema issue; for an optional field's union ('' or a value) the value's own message. */
function issueMessage(issue: { code: string; message: string; errors?: { message: string }[][] }): string {
  if (issue.code === 'invalid_union' && issue.errors) {
    const branch = issue.errors[issue.errors.length - 1];
    if (branch?.[0]) return branch[0].message;
  }
  return issue.message;
}

const isTextual = (kind: string) => kind === 'text' || kind === 'email' || kind === 'phone' || kind === 'enum';
const uniqueKey = (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : String(value));
const chunk = <T>(items: T[], size: number): T[][] => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** Reference names to rows of the agency (row-level security limits the lookup to it): lower(name) -> rows. */
async function resolveReferences(tx: Db, resource: ResourceDef, columns: (string | null)[], rows: ImportRow[], scope: DataScope) {
  const found = new Map<string, Map<string, { id: number; isActive: boolean }[]>>();
  for (const [name, field] of Object.entries(resource.fields)) {
    if (field.kind !== 'reference') continue;
    const index = columns.indexOf(name);
    const names = index < 0 ? [] : [...new Set(rows.map((r) => cellText(r.cells[index]).toLowerCase()).filter((n) => n !== ''))];
    const byName = new Map<string, { id: number; isActive: boolean }[]>();
    const target = resourceByKey(field.resource);
    const table = tableFor(target);
    const display = col(table, target.display);
    for (const part of chunk(names, 1000)) {
      const matches = await tx
        .select({ id: col(table, 'id'), name: display, isActive: col(table, 'isActive') })
        .from(table)
        .where(and(inArray(sql`lower(${display})`, part), ...fixedConditions(target, table), ...scopeConditions(target, table, scope)));
      for (const match of matches) {
        const key = String(match.name).toLowerCase();
        byName.set(key, [...(byName.get(key) ?? []), { id: Number(match.id), isActive: match.isActive === true }]);
      }
    }
    found.set(name, byName);
  }
  return found;
}

/** The values of the unique fields already taken in the agency, per field, keyed as `uniqueKey`. */
async function takenValues(tx: Db, resource: ResourceDef, valid: Map<number, Record<string, unknown>>): Promise<Map<string, Set<string>>> {
  const table = tableFor(resource);
  const taken = new Map<string, Set<string>>();
  for (const [name, field] of Object.entries(resource.fields)) {
    if (!field.unique) continue;
    const values = [...new Set([...valid.values()].map((input) => input[name]).filter((v) => v !== null && v !== undefined))];
    const set = new Set<string>();
    const column = col(table, name);
    const key: SQL = isTextual(field.kind) ? sql`lower(${column})` : sql`${column}`;
    for (const part of chunk(values, 1000)) {
      const list = isTextual(field.kind) ? part.map((v) => (typeof v === 'string' ? v.toLowerCase() : v)) : part;
      const rows = await tx
        .select({ value: column })
        .from(table)
        .where(and(inArray(key, list), ...fixedConditions(resource, table)));
      for (const row of rows) set.add(uniqueKey(row.value));
    }
    taken.set(name, set);
  }
  return taken;
}

/** The keys of a unique-together rule's values already taken in the agency, computed as the index computes them. */
async function takenCombinations(tx: Db, resource: ResourceDef, fields: readonly string[]): Promise<Set<string>> {
  const table = tableFor(resource);
  const selection: Record<string, SQL | AnyPgColumn> = {};
  fields.forEach((name, i) => {
    const field = resource.fields[name];
    if (!field) throw new Error(`${resource.key}: no field ${name}`);
    selection[`part${i}`] = uniqueTogetherPart(field, col(table, name));
  });
  const rows = await tx.select(selection).from(table).where(and(...fixedConditions(resource, table)));
  return new Set(rows.map((row) => JSON.stringify(fields.map((_, i) => String(row[`part${i}`])))));
}

/** The key of an input's values of a unique-together rule, comparable with `takenCombinations`. */
function combinationKey(resource: ResourceDef, fields: readonly string[], input: ResourceInput): string {
  return JSON.stringify(
    fields.map((name) => {
      const field = resource.fields[name];
      return field ? String(uniqueTogetherValue(field, input[name])) : '';
    }),
  );
}

/**
 * The create rule of each unique-together key over the valid rows (in file order): not taken in the agency, and not
 * twice in the file; reported on the key's last field, as the API does.
 */
async function reportCombinationDuplicates(
  tx: Db,
  resource: ResourceDef,
  valid: ReadonlyMap<number, ResourceInput>,
  addError: (row: number, field: string, message: string) => void,
): Promise<void> {
  for (const combo of resource.uniqueTogether ?? []) {
    const taken = await takenCombinations(tx, resource, combo.fields);
    const [field, message] = Object.entries(uniqueTogetherDetails(combo))[0] ?? ['_', combo.message.en];
    const labels = combo.fields.map((name) => resource.fields[name]?.label.en.toLowerCase()).join(' and ');
    const firstRow = new Map<string, number>();
    for (const [row, input] of [...valid].sort(([a], [b]) => a - b)) {
      const key = combinationKey(resource, combo.fields, input);
      const first = firstRow.get(key);
      if (taken.has(key)) addError(row, field, message);
      else if (first !== undefined) addError(row, field, `The same ${labels} is in row ${first}.`);
      else firstRow.set(key, row);
    }
  }
}

/** The field errors of a create check (a 400 with details) for one row; other failures propagate. */
async function rowFindings(check: () => Promise<void>): Promise<Record<string, string>> {
  try {
    await check();
    return {};
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 400 && error.details) return error.details;
    throw error;
  }
}

export type ImportOutcome = { ok: true; imported: number; message: string } | { ok: false; error: TImportError };

/** An uploaded file's rows, each column matched to a field of the resource (null: a column no field takes). */
export interface ImportSheet {
  columns: (string | null)[];
  rows: ImportRow[];
}

/** Reads an uploaded file (no database): 400 when it is empty, has too many rows, or its header names no field. */
export async function readImportSheet(resource: ResourceDef, bytes: Buffer): Promise<ImportSheet> {
  const [header, ...rows] = await readSpreadsheet(bytes);
  if (!header || rows.length === 0) throw badRequest(importMessages.empty, { file: importMessages.empty });
  if (rows.length > IMPORT_MAX_ROWS) throw tooManyRows();
  return { columns: matchHeader(resource, header), rows };
}

/**
 * Validates every row of a read file and inserts them all in the caller's agency transaction, or none:
 * `{ok: false, error}` carries the per-row report.
 */
export async function importResource(tx: Db, params: Writer & { resource: ResourceDef; sheet: ImportSheet; fileName: string }): Promise<ImportOutcome> {
  const { resource, agencyId, scope } = params;
  const { columns, rows } = params.sheet;
  const schema = resourceSchemas(resource).input;

  return withUniqueConflict(resource, async () => {
    const references = await resolveReferences(tx, resource, columns, rows, scope);
    const errors = new Map<number, Record<string, string>>();
    const addError = (row: number, field: string, message: string) => {
      const own = errors.get(row) ?? {};
      own[field] ??= message;
      errors.set(row, own);
    };
    const valid = new Map<number, Record<string, unknown>>();

    for (const { row, cells } of rows) {
      const raw: Record<string, unknown> = {};
      for (const [name, field] of Object.entries(resource.fields)) {
        const index = columns.indexOf(name);
        const converted = convertCell(field, index < 0 ? null : cells[index]);
        if ('error' in converted) {
          addError(row, name, converted.error);
          continue;
        }
        if (field.kind === 'reference' && typeof converted.value === 'string') {
          const target = resourceByKey(field.resource);
          const matches = references.get(name)?.get(converted.value.toLowerCase()) ?? [];
          const label = target.labels.one.en.toLowerCase();
          const match = matches[0];
          if (!match) addError(row, name, `No ${label} named "${converted.value}" in this agency.`);
          else if (matches.length > 1) addError(row, name, `More than one ${label} is named "${converted.value}".`);
          else if (!match.isActive) addError(row, name, `This ${label} is inactive; please select an active one.`);
          else raw[name] = match.id;
          continue;
        }
        raw[name] = converted.value;
      }
      const parsed = schema.safeParse(raw);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) addError(row, String(issue.path[0] ?? '_'), issueMessage(issue));
      }
      if (parsed.success && !errors.has(row)) valid.set(row, parsed.data);
    }

    // The create checks that need the database: images uploaded in the agency, the resource's own rules.
    for (const [row, input] of valid) {
      const findings = await rowFindings(async () => {
        assertCreatableInScope(resource, input, scope);
        await assertImagesUploaded(tx, { resource, input, agencyId });
        await beforeWrite(tx, { resource, input, agencyId });
      });
      for (const [field, message] of Object.entries(findings)) addError(row, field, message);
    }

    // The create rules for unique fields: not taken in the agency, and not twice in the file.
    const taken = await takenValues(tx, resource, valid);
    for (const [name, field] of Object.entries(resource.fields)) {
      if (!field.unique) continue;
      const firstRow = new Map<string, number>();
      for (const { row } of rows) {
        const value = valid.get(row)?.[name];
        if (value === null || value === undefined) continue;
        const key = uniqueKey(value);
        const first = firstRow.get(key);
        if (taken.get(name)?.has(key)) addError(row, name, fieldMessages(field).duplicate.en);
        else if (first !== undefined) addError(row, name, `The same ${field.label.en.toLowerCase()} is in row ${first}.`);
        else firstRow.set(key, row);
      }
    }
    await reportCombinationDuplicates(tx, resource, valid, addError);

    if (errors.size > 0) {
      const reported: TImportRowError[] = [...errors.entries()].sort(([a], [b]) => a - b).map(([row, fieldErrors]) => ({ row, errors: fieldErrors }));
      const details: Record<string, string> = {};
      for (const { row, errors: fieldErrors } of reported) for (const [field, message] of Object.entries(fieldErrors)) details[`${row}.${field}`] = message;
      return { ok: false as const, error: { message: importRejectedMessage(reported.length), code: ErrorCode.VALIDATION, details, rows: reported } };
    }

    const table = tableFor(resource);
    const system = { agencyId, createdAt: params.now, createdBy: params.userId, updatedAt: params.now, updatedBy: params.userId };
    const values = rows.map(({ row }) => ({ ...storedValues(resource, valid.get(row) ?? {}, { agencyId, config: params.config, keepEmptySecrets: false }), ...system }));
    const ids: number[] = [];
    for (const part of chunk(values, 500)) {
      const inserted = await tx.insert(table).values(part).returning({ id: col(table, 'id') });
      ids.push(...inserted.map((r) => Number(r.id)));
    }
    await recordAudit(tx, {
      agencyId: params.agencyId,
      userId: params.userId,
      action: 'import',
      entity: resource.key,
      entityId: null,
      after: { fileName: params.fileName, imported: ids.length, ids, columns: columns.filter((c) => c !== null) },
      at: params.now,
    });
    return { ok: true as const, imported: ids.length, message: importMessages.imported(resource, ids.length) };
  });
}

/** An .xlsx holding only the header row (every field's label in the language) for users to fill in and import. */
export async function importTemplate(resource: ResourceDef, lang: 'en' | 'ar'): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(resource.labels.many[lang].slice(0, 31), { views: [{ rightToLeft: lang === 'ar', state: 'frozen', ySplit: 1 }] });
  sheet.columns = Object.values(resource.fields).map((field) => ({ header: field.label[lang], width: Math.max(16, field.label[lang].length + 4) }));
  sheet.getRow(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
