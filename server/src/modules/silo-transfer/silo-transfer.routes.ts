import { SiloTransferMessages, ZStockPositions, ZStockPositionsQuery, siloTransferTransaction } from '@tonnage/contracts';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module-context';
import { cargoRoute, registerTransaction } from '../../kit';
import { warehousePositions } from '../warehouse-dispatch/warehouse-dispatch.service';
import { siloTransferExportColumns } from './silo-transfer.export';
import { createSiloTransfer, siloTransferExportSource, getSiloTransfer, listSiloTransfers, reverseSiloTransfer } from './silo-transfer.service';

/** Silo transfer (`siloTransfer` screen): the kit's routes and the form's positions picker. */
export function registerSiloTransferRoutes(api: FastifyInstance, context: ModuleContext): void {
  registerTransaction(api, context, siloTransferTransaction, {
    list: (tx, actor, query) => listSiloTransfers(tx, { agencyId: actor.agencyId, scope: actor.scope, query }),
    exportSource: (tx, actor, query) => siloTransferExportSource(tx, { agencyId: actor.agencyId, scope: actor.scope, query }),
    exportColumns: siloTransferExportColumns,
    exportSheet: { en: 'Silo transfers', ar: 'النقل بين الصوامع' },
    get: (tx, actor, id) => getSiloTransfer(tx, { agencyId: actor.agencyId, scope: actor.scope, id }),
    create: async (tx, actor, input) => ({ message: SiloTransferMessages.created, record: await createSiloTransfer(tx, { ...actor, input }) }),
    reverse: (tx, actor, id, body) => reverseSiloTransfer(tx, { ...actor, id, body }),
  });

  cargoRoute(api, context, {
    method: 'GET',
    url: '/siloTransfer/positions',
    permission: { anyOf: [{ module: 'SiloTransfer', action: 'add' }] },
    tags: ['silo transfer'],
    summary: 'On-hand positions at warehouses in the user’s scope with usable quantity: the form’s picker',
    querystring: ZStockPositionsQuery,
    response: ZStockPositions,
    work: async (tx, actor, { query }) => ({ rows: await warehousePositions(tx, { agencyId: actor.agencyId, scope: actor.scope, warehouseId: query.warehouseId, consignmentId: query.consignmentId }) }),
  });
}
