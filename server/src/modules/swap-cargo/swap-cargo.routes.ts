import { SwapCargoMessages, ZStockPositions, ZSwapPositionsQuery, swapCargoTransaction } from '@tonnage/contracts';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module-context';
import { cargoRoute, registerTransaction } from '../../kit';
import { swapExportColumns } from './swap-cargo.export';
import { createSwap, swapExportSource, getSwap, listSwaps, reverseSwap, swapPositions } from './swap-cargo.service';

const tags = ['swap cargo'];
const adders = { anyOf: [{ module: 'SwapCargo', action: 'add' as const }] };

/** Swap cargo (`swapCargo` screen): the kit's routes, and the form's positions picker (both sides). */
export function registerSwapCargoRoutes(api: FastifyInstance, context: ModuleContext): void {
  registerTransaction(api, context, swapCargoTransaction, {
    list: (tx, actor, query) => listSwaps(tx, { agencyId: actor.agencyId, scope: actor.scope, query }),
    exportSource: (tx, actor, query) => swapExportSource(tx, { agencyId: actor.agencyId, scope: actor.scope, query }),
    exportColumns: swapExportColumns,
    exportSheet: { en: 'Cargo swaps', ar: 'مبادلة البضائع' },
    get: (tx, actor, id) => getSwap(tx, { agencyId: actor.agencyId, scope: actor.scope, id }),
    create: async (tx, actor, input) => ({ message: SwapCargoMessages.created, record: await createSwap(tx, { ...actor, input }) }),
    reverse: (tx, actor, id, body) => reverseSwap(tx, { ...actor, id, body }),
  });
  cargoRoute(api, context, {
    method: 'GET',
    url: '/swapCargo/positions',
    permission: adders,
    tags,
    summary: 'On-hand positions at warehouses or consignee locations in the user’s scope, with usable quantity: the form’s pickers of both sides',
    querystring: ZSwapPositionsQuery,
    response: ZStockPositions,
    work: async (tx, actor, { query }) => ({ rows: await swapPositions(tx, { agencyId: actor.agencyId, scope: actor.scope, place: query.place, locationId: query.locationId }) }),
  });
}
