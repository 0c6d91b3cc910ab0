import { ZIdParams, ZReasonBody, operationPermission, type TransactionDeclaration, type TransactionOperation, type TReasonBody } from '@tonnage/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../platform/db/client';
import type { CursorSource } from '../platform/db/cursor';
import type { ExcelColumn, ExcelLang } from '../platform/excel';
import type { Actor } from './actor';
import { registerExportRoutes } from './export';
import { cargoRoute, type KitContext } from './route';

/*
 * The generator of the transaction kit: from a declaration (contracts) and the flow's hand-written service functions,
 * the list, export, get, create, update and reverse routes, each through the one route wrapper (`cargoRoute`) with
 * the permission the declaration gives the operation, the agency, the actor with its data scope, one transaction,
 * and the declaration's realtime event after the commit of a write.
 */

type Schemas<D extends TransactionDeclaration> = D['schemas'];
/** A row as the service produces it (what the list, the export and the detail are made of). */
export type RowOfTransaction<D extends TransactionDeclaration> = z.output<Schemas<D>['row']>;
type Detail<D extends TransactionDeclaration> = Schemas<D>['detail'] extends z.ZodType ? z.output<Schemas<D>['detail']> : RowOfTransaction<D>;
type ExportQuery<D extends TransactionDeclaration> = Schemas<D>['exportQuery'] extends z.ZodType ? Omit<z.output<Schemas<D>['exportQuery']>, 'lang'> : never;
type ReverseBody<D extends TransactionDeclaration> = Schemas<D>['reverseBody'] extends z.ZodType ? z.output<Schemas<D>['reverseBody']> : TReasonBody;
type Input<D extends TransactionDeclaration> = z.output<Schemas<D>['input']>;
type UpdateInput<D extends TransactionDeclaration> = Schemas<D>['updateInput'] extends z.ZodType ? z.output<Schemas<D>['updateInput']> : Input<D>;
/** What a write answers: its response body, or that body with after-commit work (`Committed`). */
type WriteResult = Promise<unknown>;

/** The hand-written service functions of a flow, typed from its declaration's schemas. */
export interface TransactionHandlers<D extends TransactionDeclaration> {
  list?: (tx: Db, actor: Actor, query: z.output<Schemas<D>['listQuery']>) => Promise<z.output<Schemas<D>['list']>>;
  /**
   * Every row matching the export's filters and sort in the actor's scope, as a cursor source: the list's select
   * without paging, and its row mapping (the export reads it batch by batch, see platform/db/cursor.ts).
   */
  exportSource?: (tx: Db, actor: Actor, query: ExportQuery<D>) => CursorSource<RowOfTransaction<D>> | Promise<CursorSource<RowOfTransaction<D>>>;
  /** The export's columns in a language and the agency's time zone. */
  exportColumns?: (lang: ExcelLang, timeZone: string) => ExcelColumn<RowOfTransaction<D>>[];
  /** The export's sheet name per language. */
  exportSheet?: Record<ExcelLang, string>;
  get?: (tx: Db, actor: Actor, id: number) => Promise<Detail<D>>;
  create?: (tx: Db, actor: Actor, body: Input<D>) => WriteResult;
  update?: (tx: Db, actor: Actor, id: number, body: UpdateInput<D>) => WriteResult;
  /** Reverses a record; answering nothing answers `{message: reversal.message}` of the declaration. */
  reverse?: (tx: Db, actor: Actor, id: number, body: ReverseBody<D>) => WriteResult;
}

/** The keys of the declarations registered on each app, so the app can check that none was forgotten. */
const registeredKeys = new WeakMap<FastifyInstance, Set<string>>();

/** The declarations' keys registered on `api` so far. */
export function registeredTransactions(api: FastifyInstance): ReadonlySet<string> {
  return registeredKeys.get(api) ?? new Set();
}

function missing(declaration: TransactionDeclaration, operation: string): Error {
  return new Error(`Transaction ${declaration.key} offers ${operation} but its module gives no handler for it`);
}

/** Registers the routes of a declared transaction (see the file's comment). */
export function registerTransaction<D extends TransactionDeclaration>(api: FastifyInstance, context: KitContext, declaration: D, handlers: TransactionHandlers<D>): void {
  const keys = registeredKeys.get(api) ?? new Set<string>();
  registeredKeys.set(api, keys);
  if (keys.has(declaration.key)) throw new Error(`Transaction ${declaration.key} is registered twice`);
  keys.add(declaration.key);

  const { schemas, api: base } = declaration;
  const tags = [declaration.docs?.tag ?? declaration.key];
  const summary = (operation: TransactionOperation) => declaration.docs?.summaries[operation] ?? `${operation} ${declaration.key}`;
  const offers = (operation: TransactionOperation) => declaration.operations.includes(operation);
  const permission = (operation: TransactionOperation) => operationPermission(declaration, operation);
  const event = declaration.event;

  if (offers('list')) {
    const list = handlers.list;
    if (!list) throw missing(declaration, 'list');
    cargoRoute(api, context, {
      method: 'GET',
      url: base,
      permission: permission('list'),
      tags,
      summary: summary('list'),
      querystring: schemas.listQuery,
      response: schemas.list,
      work: (tx, actor, { query }) => list(tx, actor, query as z.output<Schemas<D>['listQuery']>),
    });
  }

  if (offers('export')) {
    const { exportSource, exportColumns, exportSheet } = handlers;
    const exportQuery = schemas.exportQuery;
    if (!exportSource || !exportColumns || !exportSheet || !exportQuery) throw missing(declaration, 'export (exportSource, exportColumns, exportSheet and schemas.exportQuery)');
    registerExportRoutes(api, context, {
      base,
      tags,
      summary: summary('export'),
      dataset: {
        key: `transaction:${declaration.key}`,
        fileName: declaration.list.exportFile ?? `${declaration.key}.xlsx`,
        sheetName: exportSheet,
        permission: permission('export'),
        query: exportQuery,
        columns: exportColumns,
        source: exportSource,
      },
    });
  }

  if (offers('get')) {
    const get = handlers.get;
    if (!get) throw missing(declaration, 'get');
    cargoRoute(api, context, {
      method: 'GET',
      url: `${base}/:id`,
      permission: permission('get'),
      tags,
      summary: summary('get'),
      params: ZIdParams,
      response: schemas.detail ?? schemas.row,
      work: (tx, actor, { params }) => get(tx, actor, params.id),
    });
  }

  const write = (operation: 'create' | 'update' | 'reverse') => declaration.routes?.[operation];

  if (offers('create')) {
    const create = handlers.create;
    if (!create) throw missing(declaration, 'create');
    const shape = write('create');
    cargoRoute(api, context, {
      method: shape?.method ?? 'POST',
      url: `${base}${shape?.path ?? ''}`,
      permission: permission('create'),
      tags,
      summary: summary('create'),
      body: schemas.input,
      response: shape?.response ?? schemas.detail ?? schemas.row,
      status: shape?.status ?? 200,
      event,
      work: (tx, actor, { body }) => create(tx, actor, body as Input<D>),
    });
  }

  if (offers('update')) {
    const update = handlers.update;
    if (!update) throw missing(declaration, 'update');
    const shape = write('update');
    cargoRoute(api, context, {
      method: shape?.method ?? 'PUT',
      url: `${base}${shape?.path ?? '/:id'}`,
      permission: permission('update'),
      tags,
      summary: summary('update'),
      params: ZIdParams,
      body: schemas.updateInput ?? schemas.input,
      response: shape?.response ?? schemas.detail ?? schemas.row,
      status: shape?.status ?? 200,
      event,
      work: (tx, actor, { params, body }) => update(tx, actor, params.id, body as UpdateInput<D>),
    });
  }

  if (offers('reverse')) {
    const reverse = handlers.reverse;
    if (!reverse) throw missing(declaration, 'reverse');
    const shape = write('reverse');
    const message = declaration.reversal?.message;
    cargoRoute(api, context, {
      method: shape?.method ?? 'DELETE',
      url: `${base}${shape?.path ?? '/:id/reverse'}`,
      permission: permission('reverse'),
      tags,
      summary: summary('reverse'),
      params: ZIdParams,
      body: schemas.reverseBody ?? ZReasonBody,
      response: shape?.response ?? schemas.detail ?? schemas.row,
      status: shape?.status ?? 200,
      event,
      work: async (tx, actor, { params, body }) => {
        const result = await reverse(tx, actor, params.id, body as ReverseBody<D>);
        return result === undefined && message !== undefined ? { message } : result;
      },
    });
  }
}
