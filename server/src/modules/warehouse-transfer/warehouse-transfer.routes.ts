import { WarehouseTransferMessages, ZIdParams, ZStockPositions, ZWarehouseTransferPositionsQuery, ZWarehouseTransferSlipView, operationPermission, warehouseTransferTransaction } from '@tonnage/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module-context';
import { cargoRoute, fileRoute, registerTransaction, runCommand } from '../../kit';
import { agencyTimezone } from '../../identity/agency-time-zone';
import { agencies } from '../../identity/agencies.schema';
import type { Db } from '../../platform/db/client';
import type { DataScope } from '../../identity/data-scope';
import { renderTransferSlipPdf } from './transfer-slip.pdf';
import { warehouseTransferExportColumns } from './warehouse-transfer.export';
import {
  createWarehouseTransfer,
  forEachWarehouseTransfer,
  getWarehouseTransfer,
  listWarehouseTransfers,
  reverseWarehouseTransfer,
  transferPositions,
  updateWarehouseTransfer,
} from './warehouse-transfer.service';

const tags = ['warehouse transfer'];

/** The printed slip's data: the transfer in the reader's scope (404 otherwise), the agency's name and time zone. */
async function slipView(tx: Db, actor: { agencyId: number; scope: DataScope }, id: number) {
  const slip = await getWarehouseTransfer(tx, { agencyId: actor.agencyId, scope: actor.scope, id });
  const [agency] = await tx.select({ name: agencies.name }).from(agencies).where(eq(agencies.id, actor.agencyId));
  return { slip, agencyName: agency?.name ?? '', timeZone: await agencyTimezone(tx, actor.agencyId) };
}

/** Warehouse Transfer (`warehouseTransfer` screen): the kit's routes, the positions picker of its form, the printed transfer slip (view and PDF). */
export function registerWarehouseTransferRoutes(api: FastifyInstance, context: ModuleContext): void {
  registerTransaction(api, context, warehouseTransferTransaction, {
    list: (tx, actor, query) => listWarehouseTransfers(tx, { agencyId: actor.agencyId, scope: actor.scope, query }),
    forEach: (tx, actor, query, visit) => forEachWarehouseTransfer(tx, { agencyId: actor.agencyId, scope: actor.scope, query }, visit),
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

  cargoRoute(api, context, {
    method: 'GET',
    url: '/warehouseTransfer/:id/view',
    permission: operationPermission(warehouseTransferTransaction, 'get'),
    tags,
    summary: 'The printed transfer slip of a Warehouse Transfer (English and Arabic side by side)',
    params: ZIdParams,
    response: ZWarehouseTransferSlipView,
    work: (tx, actor, { params }) => slipView(tx, actor, params.id),
  });

  fileRoute(api, {
    url: '/warehouseTransfer/:id/pdf',
    permission: operationPermission(warehouseTransferTransaction, 'get'),
    tags,
    summary: 'The transfer slip of a Warehouse Transfer as a PDF, English and Arabic side by side',
    params: ZIdParams,
    send: async (request, reply, { params }) => {
      const data = await runCommand(context, request, (tx, actor) => slipView(tx, actor, params.id));
      const pdf = await renderTransferSlipPdf(data);
      return reply.header('Content-Type', 'application/pdf').header('Content-Disposition', `inline; filename="transfer-slip-${data.slip.slipNumber}.pdf"`).send(pdf);
    },
  });
}
