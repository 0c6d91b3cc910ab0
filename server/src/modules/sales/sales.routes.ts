import { SaleMessages, ZSaleCustomers, ZSalePositionsQuery, ZStockPositions, consigneeToCustomerTransaction } from '@tonnage/contracts';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module-context';
import { cargoRoute, registerTransaction } from '../../kit';
import { saleExportColumns } from './sales.export';
import { createSale, saleExportSource, getSale, listSales, reverseSale, saleCustomers, salePositions } from './sales.service';
import { registerTransferSlipPrint } from '../warehouse-transfer/transfer-slip.routes';

const tags = ['sales'];
const adders = { anyOf: [{ module: 'WarehouseConsigneeToCustomer', action: 'add' as const }] };

/** Consignee to Customer (`warehouse/consignee-to-customer`): the kit's routes, and the form's positions and customer pickers. */
export function registerSaleRoutes(api: FastifyInstance, context: ModuleContext): void {
  registerTransaction(api, context, consigneeToCustomerTransaction, {
    list: (tx, actor, query) => listSales(tx, { agencyId: actor.agencyId, scope: actor.scope, query }),
    exportSource: (tx, actor, query) => saleExportSource(tx, { agencyId: actor.agencyId, scope: actor.scope, query }),
    exportColumns: saleExportColumns,
    exportSheet: { en: 'Consignee to Customer', ar: 'من المستلم إلى العميل' },
    get: (tx, actor, id) => getSale(tx, { agencyId: actor.agencyId, scope: actor.scope, id }),
    create: async (tx, actor, input) => ({ message: SaleMessages.created, record: await createSale(tx, { ...actor, input }) }),
    reverse: (tx, actor, id, body) => reverseSale(tx, { ...actor, id, body }),
  });

  cargoRoute(api, context, {
    method: 'GET',
    url: '/warehouseConsigneeToCustomer/positions',
    permission: adders,
    tags,
    summary: 'Positions of consignees and shipment managers on hand in the user’s warehouses, with usable quantity: the sale form’s picker',
    querystring: ZSalePositionsQuery,
    response: ZStockPositions,
    work: async (tx, actor, { query }) => ({ rows: await salePositions(tx, { agencyId: actor.agencyId, scope: actor.scope, warehouseId: query.warehouseId, sellerId: query.sellerId }) }),
  });

  cargoRoute(api, context, {
    method: 'GET',
    url: '/warehouseConsigneeToCustomer/customers',
    permission: adders,
    tags,
    summary: 'The agency’s active customers: whom the seller may sell to',
    response: ZSaleCustomers,
    work: async (tx, actor) => ({ rows: await saleCustomers(tx, { agencyId: actor.agencyId, scope: actor.scope }) }),
  });

  // The printed transfer slip of a sale delivered by truck (404 for a sale in place), behind the sale's view flag and scope.
  registerTransferSlipPrint(api, context, consigneeToCustomerTransaction, { tags, slipOf: async (tx, actor, id) => (await getSale(tx, { agencyId: actor.agencyId, scope: actor.scope, id })).delivery?.slipId ?? null });
}
