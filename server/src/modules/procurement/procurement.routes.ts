import { ZConsignmentFilters, ZConsignmentTotal, ZLcPoList, ZLcPoQuery, consignmentTransaction, saleOrderTransaction } from '@tonnage/contracts';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module-context';
import { cargoRoute, registerTransaction } from '../../kit';
import { consignmentOwner, consignmentTotal, createConsignment, consignmentExportSource, getConsignment, lcPoOptions, listConsignments, reverseConsignment, updateConsignment } from './consignments.service';
import { registerDocumentRoutes } from './documents.routes';
import { consignmentExportColumns, saleOrderExportColumns } from './procurement.export';
import { createSaleOrder, saleOrderExportSource, getSaleOrder, listSaleOrders, reverseSaleOrder, updateSaleOrder } from './sale-orders.service';

/**
 * Procurement (spec 2.3, 5, 7): sale orders under `/api/saleOrder`, consignments (LCs/POs) under
 * `/api/consignments`, and the documents of both. Each write runs in one agency transaction with its audit row;
 * the dashboards are told after it commits.
 */
export function registerProcurementRoutes(api: FastifyInstance, context: ModuleContext): void {
  registerTransaction(api, context, saleOrderTransaction, {
    list: (tx, actor, query) => listSaleOrders(tx, { ...actor, query }),
    exportSource: (tx, actor, query) => saleOrderExportSource(tx, { ...actor, query }),
    exportColumns: saleOrderExportColumns,
    exportSheet: { en: 'Sale orders', ar: 'أوامر البيع' },
    get: (tx, actor, id) => getSaleOrder(tx, { ...actor, id }),
    create: (tx, actor, input) => createSaleOrder(tx, { ...actor, input }),
    update: (tx, actor, id, input) => updateSaleOrder(tx, { ...actor, id, input }),
    reverse: async (tx, actor, id, body) => {
      await reverseSaleOrder(tx, { ...actor, id, reason: body.reason });
    },
  });

  registerDocumentRoutes(api, context, {
    base: '/saleOrder',
    ownerType: 'saleOrder',
    permissionModule: 'SaleOrder',
    tag: 'sale orders',
    findOwner: (tx, actor) => getSaleOrder(tx, actor),
  });

  registerTransaction(api, context, consignmentTransaction, {
    list: (tx, actor, query) => listConsignments(tx, { ...actor, query }),
    exportSource: (tx, actor, query) => consignmentExportSource(tx, { ...actor, query }),
    exportColumns: consignmentExportColumns,
    exportSheet: { en: 'Consignments', ar: 'الإرساليات' },
    get: (tx, actor, id) => getConsignment(tx, { ...actor, id }),
    create: (tx, actor, input) => createConsignment(tx, { ...actor, input }),
    update: (tx, actor, id, input) => updateConsignment(tx, { ...actor, id, input }),
    reverse: async (tx, actor, id, body) => {
      await reverseConsignment(tx, { ...actor, id, reason: body.reason });
    },
  });

  const lcTags = ['consignments'];

  cargoRoute(api, context, {
    method: 'GET',
    url: '/consignments/total-quantity',
    permission: { anyOf: [{ module: 'Consignment', action: 'view' }] },
    tags: lcTags,
    summary: 'Total quantity (MT) and count of the consignments the filters select',
    querystring: ZConsignmentFilters,
    response: ZConsignmentTotal,
    work: (tx, actor, { query }) => consignmentTotal(tx, { ...actor, query }),
  });

  cargoRoute(api, context, {
    method: 'GET',
    url: '/consignments/lcPos',
    // The LC/PO picker serves the shipping and port loading screens too: their view flags read it (still scoped).
    permission: {
      anyOf: [
        { module: 'Consignment', action: 'view' },
        { module: 'Shipping', action: 'view' },
        { module: 'PortLoading', action: 'view' },
      ],
    },
    tags: lcTags,
    summary: 'LC/PO picker: search over 2 characters (10 at most) or consignmentIdList',
    querystring: ZLcPoQuery,
    response: ZLcPoList,
    work: (tx, actor, { query }) => lcPoOptions(tx, { ...actor, query }),
  });

  registerDocumentRoutes(api, context, {
    base: '/consignments',
    ownerType: 'consignment',
    permissionModule: 'Consignment',
    tag: 'consignments',
    findOwner: consignmentOwner,
  });
}
