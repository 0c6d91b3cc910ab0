import { ConsigneeTransferMessages, OwnershipTransferMessages, ZConsigneePositionsQuery, ZNewOwners, ZOwnershipPositionsQuery, ZStockPositions, consigneeTransferTransaction, ownershipTransferTransaction } from '@tonnage/contracts';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module-context';
import { cargoRoute, registerTransaction } from '../../kit';
import { registerTransferSlipPrint } from '../warehouse-transfer/transfer-slip.routes';
import { consigneeTransferExportColumns, transferExportColumns } from './ownership-transfer.export';
import { consigneeTransferPositions, createConsigneeTransfer, createTransfer, transferExportSource, getTransfer, listTransfers, newOwners, reverseTransfer, transferPositions } from './ownership-transfer.service';

const tags = ['ownership transfer'];
const adders = { anyOf: [{ module: 'OwnershipTransfer', action: 'add' as const }] };

/** Ownership transfer (`ownershipTransfer` screen): the kit's routes, and the form's positions and new-owner pickers. */
export function registerOwnershipTransferRoutes(api: FastifyInstance, context: ModuleContext): void {
  registerTransaction(api, context, ownershipTransferTransaction, {
    list: (tx, actor, query) => listTransfers(tx, { agencyId: actor.agencyId, scope: actor.scope, kind: 'ownershipTransfer', query }),
    exportSource: (tx, actor, query) => transferExportSource(tx, { agencyId: actor.agencyId, scope: actor.scope, kind: 'ownershipTransfer', query }),
    exportColumns: transferExportColumns,
    exportSheet: { en: 'Ownership transfers', ar: 'نقل الملكية' },
    get: (tx, actor, id) => getTransfer(tx, { agencyId: actor.agencyId, scope: actor.scope, kind: 'ownershipTransfer', id }),
    create: async (tx, actor, input) => ({ message: OwnershipTransferMessages.created, record: await createTransfer(tx, { ...actor, input }) }),
    reverse: (tx, actor, id, body) => reverseTransfer(tx, { ...actor, kind: 'ownershipTransfer', id, body }),
  });

  // Consignee transfer (`consignee/consignee-transfer`): the same records of kind consigneeTransfer, on their own screen.
  registerTransaction(api, context, consigneeTransferTransaction, {
    list: (tx, actor, query) => listTransfers(tx, { agencyId: actor.agencyId, scope: actor.scope, kind: 'consigneeTransfer', query }),
    exportSource: (tx, actor, query) => transferExportSource(tx, { agencyId: actor.agencyId, scope: actor.scope, kind: 'consigneeTransfer', query }),
    exportColumns: consigneeTransferExportColumns,
    exportSheet: { en: 'Consignee transfers', ar: 'نقل المستلم' },
    get: (tx, actor, id) => getTransfer(tx, { agencyId: actor.agencyId, scope: actor.scope, kind: 'consigneeTransfer', id }),
    create: async (tx, actor, input) => ({ message: ConsigneeTransferMessages.created, record: await createConsigneeTransfer(tx, { ...actor, input }) }),
    reverse: (tx, actor, id, body) => reverseTransfer(tx, { ...actor, kind: 'consigneeTransfer', id, body }),
  });

  // The printed transfer slip of a consignee transfer delivered by truck (404 in place), behind its view flag and scope.
  registerTransferSlipPrint(api, context, consigneeTransferTransaction, {
    tags: ['consignee transfer'],
    slipOf: async (tx, actor, id) => (await getTransfer(tx, { agencyId: actor.agencyId, scope: actor.scope, kind: 'consigneeTransfer', id })).delivery?.slipId ?? null,
  });

  cargoRoute(api, context, {
    method: 'GET',
    url: '/consigneeTransfer/positions',
    permission: { anyOf: [{ module: 'ConsigneeTransfer', action: 'add' }] },
    tags: ['consignee transfer'],
    summary: 'Consignees’ positions on hand at consignee locations in the user’s scope, with usable quantity: the consignee transfer form’s picker',
    querystring: ZConsigneePositionsQuery,
    response: ZStockPositions,
    work: async (tx, actor, { query }) => ({ rows: await consigneeTransferPositions(tx, { agencyId: actor.agencyId, scope: actor.scope, locationId: query.locationId }) }),
  });

  cargoRoute(api, context, {
    method: 'GET',
    url: '/ownershipTransfer/positions',
    permission: adders,
    tags,
    summary: 'On-hand positions at warehouses or consignee locations in the user’s scope, with usable quantity: the form’s picker',
    querystring: ZOwnershipPositionsQuery,
    response: ZStockPositions,
    work: async (tx, actor, { query }) => ({ rows: await transferPositions(tx, { agencyId: actor.agencyId, scope: actor.scope, place: query.place, locationId: query.locationId }) }),
  });

  cargoRoute(api, context, {
    method: 'GET',
    url: '/ownershipTransfer/owners',
    permission: adders,
    tags,
    summary: 'Consignees and shipment managers (marked) in the user’s scope: who may become the owner',
    response: ZNewOwners,
    work: async (tx, actor) => ({ rows: await newOwners(tx, { agencyId: actor.agencyId, scope: actor.scope }) }),
  });
}
