import { ZApiError, ZLocationDetail, ZLocationList, ZLocationListQuery, ZLocationWeightMachineList, ZSiloLocationList, ZSiloLocationQuery, ZWeightMachineLocationQuery, ZIdParams } from '@tonnage/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ModuleContext } from '../module-context';
import { access } from '../../identity/access';
import { runCommand } from '../../kit/route';
import { getLocation, listLocations, listLocationWeightMachines, listSiloLocations } from './locations.service';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
const tags = ['locations'];
const signedInWithAgency = access.signedIn({ agency: 'required' });

/**
 * The location pickers' calls (spec 7). Any signed-in user of the agency may call them: what they answer is already
 * narrowed to the user's data scope, so a permission flag would only hide the pickers of screens the user may open.
 * The weight machines of a location feed the live weight display and carry its flags.
 */
export function registerLocationRoutes(instance: FastifyInstance, context: ModuleContext): void {
  const api = instance.withTypeProvider<ZodTypeProvider>();
  // Each read runs in the request's agency transaction with the kit's actor, whose data scope narrows it.

  api.get(
    '/locations',
    {
      config: { access: signedInWithAgency },
      schema: {
        tags,
        summary: 'Location picker: warehouses and delivery locations by kind, storage type, owner, ids and name',
        querystring: ZLocationListQuery,
        response: { 200: ZLocationList, ...errors },
      },
    },
    (request) => runCommand(context, request, (tx, { scope }) => listLocations(tx, { scope, query: request.query })),
  );

  // Registered before `/locations/:id` only for reading order: find-my-way prefers static segments anyway.
  api.get(
    '/locations/silo-locations',
    {
      config: { access: signedInWithAgency },
      schema: { tags, summary: 'Silo picker: silos of the locations the user may see', querystring: ZSiloLocationQuery, response: { 200: ZSiloLocationList, ...errors } },
    },
    (request) => runCommand(context, request, (tx, { scope }) => listSiloLocations(tx, { scope, query: request.query })),
  );

  api.get(
    '/locations/:id',
    {
      config: { access: signedInWithAgency },
      schema: { tags, summary: 'One location the user may see, with its silos and weight machines', params: ZIdParams, response: { 200: ZLocationDetail, ...errors } },
    },
    (request) => runCommand(context, request, (tx, { scope }) => getLocation(tx, { scope, id: request.params.id })),
  );

  // A static path beside the generic `/weightMachine/:id` of master data; the router gives it precedence.
  api.get(
    '/weightMachine/location',
    {
      config: { access: access.permission('canViewWeightDisplay,canViewWeightMachine', { agency: 'required' }) },
      schema: {
        tags: [...tags, 'weightMachine'],
        summary: 'Weight machines of one location (live weight display)',
        querystring: ZWeightMachineLocationQuery,
        response: { 200: ZLocationWeightMachineList, ...errors },
      },
    },
    (request) => runCommand(context, request, (tx, { scope }) => listLocationWeightMachines(tx, { scope, query: request.query })),
  );
}
