import { WarehouseTransferMessages, ZStockPositions, ZWarehouseTransferPositionsQuery, warehouseTransferTransaction } from '@tonnage/contracts';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module-context';
import { cargoRoute, registerTransaction } from '../../kit';
import { registerTransferSlipPrint } from './transfer-slip.routes';
import { warehouseTransferExportColumns } from './warehouse-transfer.export';
import {
  createWarehouseTransfer,
  warehouseTransferExportSource,
  getWarehouseTransfer,
  listWarehouseTransfers,
  reverseWarehouseTransfer,
  transferPositions,
  updateWarehouseTransfer,
} from './warehouse-transfer.service';

const tags = ['warehouse transfer'];

/** Warehouse Transfer (`warehouseTransfer` screen): the kit's routes, the positions picker of its form, the printed transfer slip (view and PDF). */
export function registerWarehouseTransferRoutes(api: FastifyInstance, context: ModuleContext): void {
  registerTransaction(api, context, warehouseTransferTransaction, {
    list: (tx, actor, query) => listWarehouseTransfers(tx, { agencyId: actor.agencyId, scope: actor.scope, query }),
    exportSource: (tx, actor, query) => warehouseTransferExportSource(tx, { agencyId: actor.agencyId, scope: actor.scope, query }),
    exportColumns: warehouseTransferExportColumns,
    exportSheet: { en: 'Warehouse transfers', ar: 'النقل بين المستودعات' },
    get: (tx, actor, id) => getWarehouseTransfer(tx, { agencyId: actor.agencyId, scope: actor.scope, id }),
    create: async (tx, actor, input) => ({ message: WarehouseTransferMessages.created, record: await createWarehouseTransfer(tx, { ...actor, input }) }),
    update: async (tx, actor, id, input) => ({ message: WarehouseTransferMessages.updated, record: await updateWarehouseTransfer(tx, { ...actor, id, input }) }),
    reverse: (tx, actor, id, body) => reverseWarehouseTransfer(tx, { ...actor, id, body }),
  });

  cargoRoute(api, context, {
    method: 'GET',
    url: '/warehouseTransfer/positions',
    permission: { anyOf: [{ module: 'WarehouseTransfer', action: 'add' }] },
    tags,
    summary: 'On-hand positions at warehouses in the user’s scope with on hand, committed and usable quantity: the Warehouse Transfer form’s picker',
    querystring: ZWarehouseTransferPositionsQuery,
    response: ZStockPositions,
    work: async (tx, actor, { query }) => ({ rows: await transferPositions(tx, { agencyId: actor.agencyId, scope: actor.scope, warehouseId: query.warehouseId, consignmentId: query.consignmentId }) }),
  });

  registerTransferSlipPrint(api, context, warehouseTransferTransaction, {
    tags,
    slipOf: async (tx, actor, id) => (await getWarehouseTransfer(tx, { agencyId: actor.agencyId, scope: actor.scope, id })).id,
    aliases: { view: '/warehouseTransfer/:id/view', pdf: '/warehouseTransfer/:id/pdf' },
  });
}
