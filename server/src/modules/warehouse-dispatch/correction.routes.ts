import { CorrectionMessages, ZCorrections, ZCorrectionSaved, ZIdParams, ZWarehouseInCorrection, ZWarehouseOutCorrection } from '@tonnage/contracts';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module-context';
import { cargoRoute } from '../../kit';
import { correctWarehouseIn, warehouseInCorrections } from '../receiving/correction.service';
import { correctWarehouseOut, warehouseOutCorrections } from './correction.service';

const tags = ['corrections'];

/**
 * Corrections of past records (`oldWarehouse-in/{id}/edit`, `oldWarehouse-out/{id}/edit`): the correction, behind
 * the `correct` flag of its module (canCorrectWarehouseIn, canCorrectWarehouseOut), and its history, for the
 * module's view flag or the correct flag.
 */
export function registerCorrectionRoutes(api: FastifyInstance, context: ModuleContext): void {
  cargoRoute(api, context, {
    method: 'PUT',
    url: '/warehouseIn/:id/correction',
    permission: { anyOf: [{ module: 'WarehouseIn', action: 'correct' }] },
    tags,
    summary: 'Correct a past Warehouse In’s empty weight (received quantity) and silo split with a reason: its posting reversed and posted anew',
    params: ZIdParams,
    body: ZWarehouseInCorrection,
    response: ZCorrectionSaved,
    work: async (tx, actor, { params, body }) => ({ message: CorrectionMessages.corrected, history: await correctWarehouseIn(tx, { ...actor, id: params.id, input: body }) }),
  });

  cargoRoute(api, context, {
    method: 'GET',
    url: '/warehouseIn/:id/corrections',
    permission: { anyOf: [{ module: 'WarehouseIn', action: 'view' }, { module: 'WarehouseIn', action: 'correct' }] },
    tags,
    summary: 'The corrections of a Warehouse In (who, when, why, the figures before and after), newest first',
    params: ZIdParams,
    response: ZCorrections,
    work: async (tx, actor, { params }) => ({ rows: await warehouseInCorrections(tx, { agencyId: actor.agencyId, scope: actor.scope, id: params.id }) }),
  });

  cargoRoute(api, context, {
    method: 'PUT',
    url: '/warehouseOut/:id/correction',
    permission: { anyOf: [{ module: 'WarehouseOut', action: 'correct' }] },
    tags,
    summary: 'Correct a past Warehouse Out’s quantity and destination (not once received) with a reason: its posting reversed and posted anew',
    params: ZIdParams,
    body: ZWarehouseOutCorrection,
    response: ZCorrectionSaved,
    work: async (tx, actor, { params, body }) => ({ message: CorrectionMessages.corrected, history: await correctWarehouseOut(tx, { ...actor, id: params.id, input: body }) }),
  });

  cargoRoute(api, context, {
    method: 'GET',
    url: '/warehouseOut/:id/corrections',
    permission: { anyOf: [{ module: 'WarehouseOut', action: 'view' }, { module: 'WarehouseOut', action: 'correct' }] },
    tags,
    summary: 'The corrections of a Warehouse Out (who, when, why, the figures before and after), newest first',
    params: ZIdParams,
    response: ZCorrections,
    work: async (tx, actor, { params }) => ({ rows: await warehouseOutCorrections(tx, { ...actor, id: params.id }) }),
  });
}
