import { ZApiError, ZMessageResponse, permissionFlag, resourceRegistry, resourceSchemas, type ResourceDef, ZIdParams } from '@tonnage/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ModuleContext } from '../module-context';
import { access } from '../../identity/access';
import { registerExportRoutes } from '../../kit/export';
import { runCommand } from '../../kit/route';
import { assertDerivedColumnsKnown } from './master-data.derived';
import { resourceExportDataset } from './master-data.export';
import { registerMasterDataImportRoutes } from './master-data.import.routes';
import {
  createResource,
  deleteResource,
  getResource,
  listResource,
  resourceMessages,
  toggleResource,
  updateResource,
  type ResourceListQuery,
} from './master-data.service';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
const agency = { agency: 'required' } as const;

/**
 * The REST routes of one declared resource under `/api/<key>`: list (paged, sorted, filtered, searched), Excel
 * export of the same list, get, create, update, toggle status, and delete when nothing refers to the row. Guarded
 * by the resource's view/add/edit flags; each request's work runs in one agency transaction (row-level security)
 * as the kit's actor, whose data scope narrows every read and write.
 */
export function registerResourceRoutes(instance: FastifyInstance, context: ModuleContext, resource: ResourceDef): void {
  const api = instance.withTypeProvider<ZodTypeProvider>();
  const schemas = resourceSchemas(resource);
  const base = `/${resource.key}`;
  const tags = [resource.key];
  const name = resource.labels.one.en;
  const can = (action: 'view' | 'add' | 'edit') => access.permission(permissionFlag(resource.permissionModule, action), agency);
  const { config } = context;

  api.get(
    base,
    {
      config: { access: can('view') },
      schema: { tags, summary: `${resource.labels.many.en}: search, filters, sorting, paging`, querystring: schemas.listQuery, response: { 200: schemas.list, ...errors } },
    },
    (request) => runCommand(context, request, (tx, actor) => listResource(tx, { ...actor, resource, query: request.query as ResourceListQuery })),
  );

  registerExportRoutes(instance, context, { base, tags, summary: resource.labels.many.en, dataset: resourceExportDataset(resource) });

  api.get(
    `${base}/:id`,
    {
      config: { access: can('view') },
      schema: { tags, summary: `One ${name.toLowerCase()}`, params: ZIdParams, response: { 200: schemas.row, ...errors } },
    },
    (request) => runCommand(context, request, (tx, actor) => getResource(tx, { ...actor, resource, id: request.params.id })),
  );

  api.post(
    base,
    {
      config: { access: can('add') },
      schema: { tags, summary: `Add a ${name.toLowerCase()}`, body: schemas.input, response: { 201: schemas.row, ...errors, 409: ZApiError } },
    },
    async (request, reply) => reply.status(201).send(await runCommand(context, request, (tx, actor) => createResource(tx, { ...actor, config, resource, input: request.body }))),
  );

  api.put(
    `${base}/:id`,
    {
      config: { access: can('edit') },
      schema: { tags, summary: `Update a ${name.toLowerCase()}`, params: ZIdParams, body: schemas.input, response: { 200: schemas.row, ...errors, 409: ZApiError } },
    },
    (request) => runCommand(context, request, (tx, actor) => updateResource(tx, { ...actor, config, resource, id: request.params.id, input: request.body })),
  );

  api.put(
    `${base}/:id/toggle-status`,
    {
      config: { access: can('edit') },
      schema: { tags, summary: `Activate or deactivate a ${name.toLowerCase()}`, params: ZIdParams, response: { 200: schemas.toggle, ...errors } },
    },
    (request) => runCommand(context, request, (tx, actor) => toggleResource(tx, { ...actor, resource, id: request.params.id })),
  );

  api.delete(
    `${base}/:id`,
    {
      config: { access: can('edit') },
      schema: { tags, summary: `Delete a ${name.toLowerCase()} nothing refers to`, params: ZIdParams, response: { 200: ZMessageResponse, ...errors, 409: ZApiError } },
    },
    async (request) => {
      await runCommand(context, request, (tx, actor) => deleteResource(tx, { ...actor, resource, id: request.params.id }));
      return { message: resourceMessages(resource).deleted };
    },
  );
}

/** Registers the routes of every resource in the registry. */
export function registerMasterDataRoutes(api: FastifyInstance, context: ModuleContext): void {
  assertDerivedColumnsKnown();
  for (const resource of resourceRegistry) registerResourceRoutes(api, context, resource);
  registerMasterDataImportRoutes(api, context);
}
