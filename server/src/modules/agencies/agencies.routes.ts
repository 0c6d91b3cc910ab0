import { ZAgency, ZAgencyData, ZAgencyInput, ZAgencyList, ZAgencyListQuery, ZAgencyToggleResponse, ZApiError, ZIdParams } from '@tonnage/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ModuleContext } from '../module-context';
import { access, requireSession } from '../../identity/access';
import { actorOf } from '../../kit/actor';
import { inAgency } from '../../platform/db/tenancy';
import {
  assertCanEditAgency,
  assertCanViewAgency,
  createAgency,
  getAgency,
  getAgencyData,
  listAgencies,
  toggleAgencyStatus,
  updateAgency,
} from './agencies.service';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
const tags = ['agencies'];

/** Agency routes (spec sections 2.9 and 7): list, read, agency data, create, update, activate/deactivate. */
export function registerAgencyRoutes(api: FastifyInstance, context: ModuleContext): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const { db } = context.database;

  r.get(
    '/agencies',
    {
      config: { access: access.superAdmin() },
      schema: { tags, summary: 'List agencies (super admin)', querystring: ZAgencyListQuery, response: { 200: ZAgencyList, ...errors } },
    },
    (request) => listAgencies(db, request.query),
  );

  r.get(
    '/agencies/:id',
    {
      config: { access: access.signedIn() },
      schema: { tags, summary: 'One agency (super admin: any; others: their own)', params: ZIdParams, response: { 200: ZAgency, ...errors } },
    },
    (request) => {
      assertCanViewAgency(requireSession(request), { agencyId: request.params.id });
      return getAgency(db, { agencyId: request.params.id });
    },
  );

  r.get(
    '/agencies/:id/agencyData',
    {
      config: { access: access.signedIn() },
      schema: { tags, summary: 'Data the web loads for a selected agency', params: ZIdParams, response: { 200: ZAgencyData, ...errors } },
    },
    async (request) => {
      assertCanViewAgency(requireSession(request), { agencyId: request.params.id });
      const agency = await getAgency(db, { agencyId: request.params.id });
      // The agency is the path's (checked above), not the selected one: the actor is of this agency.
      return inAgency(db, agency.id, async (tx) => getAgencyData(tx, { ...(await actorOf(tx, request, context.clock, agency.id)), agency }));
    },
  );

  // The web posts to `/api/agencies/` (spec: POST /api/agencies/{id} with no id); both spellings create.
  for (const url of ['/agencies', '/agencies/']) {
    r.post(
      url,
      {
        config: { access: access.superAdmin() },
        schema: {
          tags,
          summary: 'Create an agency (super admin)',
          hide: url.endsWith('/'),
          body: ZAgencyInput,
          response: { 201: ZAgency, ...errors, 409: ZApiError },
        },
      },
      async (request, reply) => {
        const session = requireSession(request);
        const agency = await createAgency(db, { input: request.body, actorId: session.user.id, now: context.clock.now() });
        return reply.status(201).send(agency);
      },
    );
  }

  r.put(
    '/agencies/:id',
    {
      config: { access: access.signedIn() },
      schema: {
        tags,
        summary: 'Update an agency (super admin, or the admin of that agency)',
        params: ZIdParams,
        body: ZAgencyInput,
        response: { 200: ZAgency, ...errors, 409: ZApiError },
      },
    },
    (request) => {
      const session = requireSession(request);
      assertCanEditAgency(session, { agencyId: request.params.id });
      return updateAgency(db, { agencyId: request.params.id, input: request.body, actorId: session.user.id, now: context.clock.now() });
    },
  );

  r.put(
    '/agencies/:id/toggle-status',
    {
      config: { access: access.superAdmin() },
      schema: { tags, summary: 'Activate or deactivate an agency (super admin)', params: ZIdParams, response: { 200: ZAgencyToggleResponse, ...errors } },
    },
    async (request) => {
      const toggled = await toggleAgencyStatus(db, { agencyId: request.params.id, actorId: requireSession(request).user.id, now: context.clock.now() });
      // The session lookup refuses the users of an inactive agency from now on; their open sockets end too.
      if (!toggled.agency.isActive) context.realtime.endAgencySessions(toggled.agency.id);
      return toggled;
    },
  );
}
