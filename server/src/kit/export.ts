import type { Writable } from 'node:stream';
import { ZApiError, ZExportStart, ZExportStartBody, hasPermission, type PermissionRequirement, type TExportJob, type TExportStart, type TExportStartBody } from '@tonnage/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { access, requireAgency } from '../identity/access';
import { agencyTimezone } from '../identity/agency-time-zone';
import type { UserAuthority } from '../identity/sessions.service';
import { countRows, forEachCursorBatch, type CursorSource, type OpenedCursor } from '../platform/db/cursor';
import type { Db } from '../platform/db/client';
import { inAgency } from '../platform/db/tenancy';
import { sendWorkbook, writeWorkbook, type ExcelColumn, type ExcelLang, type WrittenWorkbook } from '../platform/excel';
import { actorOf, type Actor } from './actor';
import { checkAlso, Committed, flagsOf, requirementFlags, runCommand, type KitContext } from './route';

/*
 * The export kit (issue 16): a list, report or builder result declares its export once, as a dataset (columns in
 * each language, a cursor over its rows in the user's scope, the permission), and gets
 *   GET  <base>/export.xlsx  the file, streamed from the database to the response as it is written;
 *   POST <base>/export       the same query: answers "download it now" (200) for up to the threshold's rows, or
 *                            queues a background job (202) for more, or for any size with `{background: true}`.
 * The background jobs (modules/exports) run the same dataset with the same query for the same user later, through
 * the registry kept here. Every export is written by platform/excel.ts (one sheet at a time, rolling over at the
 * sheet limit) from a server-side cursor (platform/db/cursor.ts).
 */

/** An export's declaration: what it writes, from which rows, for whom. */
export interface ExportDataset<Row, Query> {
  /** `transaction:<key>`, `resource:<key>`, `report:<name>`: what a job names and the web titles. */
  key: string;
  /** The download's name. */
  fileName: string;
  sheetName: Record<ExcelLang, string>;
  /** Who may export it: the route's access, checked again when a job runs. */
  permission: PermissionRequirement;
  /** The export query (the list's filters and sort, and `lang`), as the routes validate it. */
  query: z.ZodType;
  /** The columns in a language, at the agency's time zone, for the query (a report builder's columns are its definition's; a report's grouping shows its own columns). */
  columns: (lang: ExcelLang, timeZone: string, query: Query) => ExcelColumn<Row>[];
  /** The rows matching the query in the actor's scope, in the list's order, as a cursor source. */
  source: (tx: Db, actor: Actor, query: Query) => CursorSource<Row> | Promise<CursorSource<Row>>;
  /**
   * Optional: refuses the query before anything is written (e.g. 404 for a record outside the actor's scope that
   * the query names), so `GET export.xlsx` answers the error instead of a broken download.
   */
  check?: (tx: Db, actor: Actor, query: Query) => Promise<void>;
}

/** A dataset of any row and query (the registry's view; each dataset's own types stay inside it). */
export type AnyExportDataset = ExportDataset<unknown, never>;

/** A job to queue: the user's request as it came (the raw query, replayed through the dataset's schema when it runs). */
export interface NewExportJob {
  actor: Actor;
  dataset: AnyExportDataset;
  /** The query string's values (but `lang`), as sent. */
  query: Record<string, string | string[]>;
  lang: ExcelLang;
  /** The rows counted when it was asked for (at most the threshold + 1 when the count stopped there). */
  counted: number;
}

/** The background jobs, as the kit needs them (modules/exports implements it). */
export interface ExportJobQueue {
  /** Queues a job in the request's agency transaction; 409 when the user has too many under way. */
  enqueue(tx: Db, job: NewExportJob): Promise<TExportJob>;
  /** After the commit: the runner looks for work and the user's screens hear of the job. */
  queued(job: TExportJob): void;
}

/** How exports behave on this server. */
export interface ExportSettings {
  /** Rows above which `POST <list>/export` queues a job (EXPORT_JOB_ROWS, 20,000 by default). */
  jobThreshold: number;
  /** Data rows per sheet (Excel's limit; tests use fewer). */
  sheetRowLimit: number;
  /** Rows per fetch of the cursor. */
  batchSize: number;
}

/** The datasets declared on this app, by key. */
export class ExportRegistry {
  private readonly datasets = new Map<string, AnyExportDataset>();

  /** Adds a dataset; a key declared twice is a mistake of the code, refused at start. */
  register<Row, Query>(dataset: ExportDataset<Row, Query>): void {
    if (this.datasets.has(dataset.key)) throw new Error(`Export dataset ${dataset.key} is registered twice`);
    this.datasets.set(dataset.key, dataset as unknown as AnyExportDataset);
  }

  get(key: string): AnyExportDataset | undefined {
    return this.datasets.get(key);
  }

  keys(): string[] {
    return [...this.datasets.keys()];
  }
}

/** The exports of an app: its datasets, its job queue and its settings. */
export interface ExportKit {
  datasets: ExportRegistry;
  jobs: ExportJobQueue;
  settings: ExportSettings;
}

/** Whether a user's authority passes a dataset's permission (both parts of the requirement). */
export function mayExport(authority: UserAuthority, permission: PermissionRequirement): boolean {
  return hasPermission(authority, flagsOf(permission.anyOf)) && (!permission.alsoAnyOf || hasPermission(authority, flagsOf(permission.alsoAnyOf)));
}

/** What `writeDataset` writes for whom. */
export interface DatasetWrite<Row, Query> {
  context: KitContext;
  agencyId: number;
  /** The actor, built in the first agency transaction (the request's, or a job's user). */
  actor: (tx: Db) => Promise<Actor>;
  dataset: ExportDataset<Row, Query>;
  query: Query;
  lang: ExcelLang;
  stream: Writable;
  /** Count the rows first and tell `onTotal` (a job's progress bar). */
  onTotal?: (total: number) => Promise<void> | void;
  onProgress?: (rowsWritten: number) => Promise<void> | void;
}

/**
 * Writes a dataset as .xlsx to `stream`: the actor, the agency's time zone (and the count, for a job) in a first
 * agency transaction, then the rows through a cursor in the same scope, each batch committed to the sheet.
 */
export async function writeDataset<Row, Query>(params: DatasetWrite<Row, Query>): Promise<WrittenWorkbook> {
  const { context, agencyId, dataset, query, lang } = params;
  const { database } = context;
  const settings = context.exports.settings;
  const prepared = await inAgency(database.db, agencyId, async (tx) => {
    const actor = await params.actor(tx);
    const timeZone = await agencyTimezone(tx, agencyId);
    const total = params.onTotal ? await countRows(tx, await dataset.source(tx, actor, query)) : undefined;
    return { actor, timeZone, total };
  });
  if (prepared.total !== undefined) await params.onTotal?.(prepared.total);
  return writeWorkbook({
    stream: params.stream,
    lang,
    sheetName: dataset.sheetName[lang],
    columns: dataset.columns(lang, prepared.timeZone, query),
    sheetRowLimit: settings.sheetRowLimit,
    ...(params.onProgress ? { onProgress: params.onProgress } : {}),
    rows: async (visit) => {
      await forEachCursorBatch<Row, OpenedCursor<Row>>({
        database,
        agencyId,
        batchSize: settings.batchSize,
        open: async (tx) => ({ source: await dataset.source(tx, prepared.actor, query) }),
        visit: async (rows) => visit(rows),
      });
    },
  });
}

/** The query string's values as sent (the raw URL's), without `lang`: what a job replays. */
function rawQuery(request: FastifyRequest): Record<string, string | string[]> {
  const search = new URL(request.url, 'http://localhost').searchParams;
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(search.keys())) {
    if (key === 'lang') continue;
    const values = search.getAll(key);
    query[key] = values.length === 1 ? (values[0] ?? '') : values;
  }
  return query;
}

const ERRORS = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError } as const;

/** Where and how a dataset's routes are registered. */
export interface ExportRoutes<Row, Query> {
  /** The list's path under /api (`/portLoading`, `/cargoType`). */
  base: string;
  tags: readonly string[];
  /** What the file holds, for the OpenAPI summaries. */
  summary: string;
  dataset: ExportDataset<Row, Query>;
}

/**
 * Registers a dataset's export routes (see the file's comment) and the dataset for the jobs. Both routes take the
 * dataset's query, need its permission in the request's agency, and read in the user's data scope.
 */
export function registerExportRoutes<Row, Query>(instance: FastifyInstance, context: KitContext, routes: ExportRoutes<Row, Query>): void {
  const { dataset, base } = routes;
  context.exports.datasets.register(dataset);
  const api = instance.withTypeProvider<ZodTypeProvider>();
  const config = { access: access.permission(requirementFlags(dataset.permission), { agency: 'required' }) };
  const split = (parsed: unknown) => {
    const { lang, ...query } = parsed as { lang: ExcelLang } & Record<string, unknown>;
    return { lang, query: query as Query };
  };

  api.route({
    method: 'GET',
    url: `${base}/export.xlsx`,
    config,
    schema: { tags: [...routes.tags], summary: `${routes.summary} as an Excel file: every row matching the list's filters and sort, streamed`, querystring: dataset.query },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      checkAlso(request, dataset.permission);
      const { lang, query } = split(request.query);
      const agencyId = requireAgency(request);
      const check = dataset.check;
      if (check) await runCommand(context, request, (tx, actor) => check(tx, actor, query));
      return sendWorkbook(request, reply, dataset.fileName, (stream) =>
        writeDataset({ context, agencyId, actor: (tx) => actorOf(tx, request, context.clock, agencyId), dataset, query, lang, stream }),
      );
    },
  });

  api.route({
    method: 'POST',
    url: `${base}/export`,
    config,
    schema: {
      tags: [...routes.tags],
      summary: `Starts an Excel export of ${routes.summary.toLowerCase()}: download it now (200) or follow the background job (202)`,
      querystring: dataset.query,
      body: ZExportStartBody.optional(),
      response: { 200: ZExportStart, 202: ZExportStart, ...ERRORS },
    },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      checkAlso(request, dataset.permission);
      const { lang, query } = split(request.query);
      const background = (request.body as TExportStartBody | undefined)?.background === true;
      const { jobThreshold } = context.exports.settings;
      const answer = await runCommand<TExportStart>(context, request, async (tx, actor) => {
        await dataset.check?.(tx, actor, query);
        const source = await dataset.source(tx, actor, query);
        const counted = await countRows(tx, source, background ? undefined : jobThreshold);
        if (!background && counted <= jobThreshold) return { mode: 'direct', count: counted };
        const job = await context.exports.jobs.enqueue(tx, { actor, dataset: dataset as unknown as AnyExportDataset, query: rawQuery(request), lang, counted });
        return new Committed<TExportStart>({ mode: 'job', job }, { afterCommit: () => context.exports.jobs.queued(job), statsChanged: false });
      });
      return reply.status(answer.mode === 'job' ? 202 : 200).send(answer);
    },
  });
}
