import { ZApiError, ZWeightMachineRegister, ZWeightMachineRegistered, WeightDisplayMessages } from '@tonnage/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { access, requireAgency, requireSession } from '../../identity/access';
import type { ModuleContext } from '../module-context';
import { WEIGHT_DISPLAY_PERMISSION, displayMachineOf } from './display';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError };

/**
 * The register call of spec section 7: the live weight display asks whether it may watch a weight machine of a
 * location (the same checks as the socket's handshake). Changes nothing; `accepted: false` says why.
 */
export function registerWeightDisplayRoutes(instance: FastifyInstance, context: ModuleContext): void {
  const api = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = context.database;

  // A static path beside the generic `/weightMachine/:id` of master data; the router gives it precedence.
  api.post(
    '/weightMachine/register',
    {
      config: { access: access.permission(WEIGHT_DISPLAY_PERMISSION, { agency: 'required' }) },
      schema: {
        tags: ['weightMachine'],
        summary: 'Live weight display: may this display watch the weight machine (device serial) of the location?',
        description:
          'Answers accepted true with the machine id when the machine is an active weight machine of the location and the location is in the ' +
          "user's data scope. The display then opens a socket with query token, agencyId, locationId and weightMachineId and receives the " +
          'event `weightMachine` ({machineId, weightMachineId, quantity in MT, stable, online, overload, at}).',
        body: ZWeightMachineRegister,
        response: { 200: ZWeightMachineRegistered, ...errors },
      },
    },
    async (request) => {
      const machineId = await displayMachineOf(db, {
        session: requireSession(request),
        agencyId: requireAgency(request),
        locationId: request.body.locationId,
        weightMachineId: request.body.weightMachineId,
      });
      return machineId === null
        ? { accepted: false, machineId: null, message: WeightDisplayMessages.machineNotAvailable }
        : { accepted: true, machineId, message: null };
    },
  );
}
