import { ZOptionalDate, ZOptionalId } from '../cargo';
import { periodInOrder } from '../dashboard-filters';
import { defineReport } from './define';

/**
 * Sale Order report (`so-report`): per sale order, its quantity, the LCs/POs under it (how many, their quantity), what
 * they shipped on BLs, what of it was discharged from the vessel onto trucks, what those trucks delivered (received at
 * warehouses, consignee and customer sites) and what remains to deliver (quantity − delivered). The period filters
 * the sale orders by their order date (both ends inclusive). docs/decisions.md "Reports" says what each figure counts.
 */
export const soReport = defineReport({
  key: 'so-report',
  permissionModule: 'SoReport',
  title: 'reports.so.title',
  filters: {
    saleOrderId: ZOptionalId,
    sellerId: ZOptionalId,
    buyerId: ZOptionalId,
    cargoTypeId: ZOptionalId,
    fromDate: ZOptionalDate,
    toDate: ZOptionalDate,
  },
  check: periodInOrder,
  filterControls: [
    { kind: 'saleOrder', param: 'saleOrderId', label: 'reports.so.saleOrder' },
    { kind: 'reference', param: 'sellerId', label: 'reports.so.seller', resource: 'seller' },
    { kind: 'reference', param: 'buyerId', label: 'reports.so.buyer', resource: 'buyer' },
    { kind: 'reference', param: 'cargoTypeId', label: 'reports.cargoType', resource: 'cargoType' },
    { kind: 'dateRange', from: 'fromDate', to: 'toDate', label: 'reports.so.orderPeriod' },
  ],
  columns: [
    { key: 'saleOrderId', label: 'reports.so.saleOrder', kind: 'id' },
    { key: 'saleOrder', label: 'reports.so.saleOrder', kind: 'text', sort: true },
    { key: 'orderDate', label: 'reports.so.orderDate', kind: 'date', sort: true },
    { key: 'seller', label: 'reports.so.seller', kind: 'text', sort: true },
    { key: 'buyer', label: 'reports.so.buyer', kind: 'text', sort: true },
    { key: 'cargoType', label: 'reports.cargoType', kind: 'text', sort: true },
    { key: 'quantity', label: 'reports.so.quantity', kind: 'tonnes', sort: true, total: true },
    { key: 'lcCount', label: 'reports.so.lcCount', kind: 'count', sort: true, total: true },
    { key: 'lcQuantity', label: 'reports.so.lcQuantity', kind: 'tonnes', sort: true, total: true },
    { key: 'blQuantity', label: 'reports.so.blQuantity', kind: 'tonnes', sort: true, total: true },
    { key: 'discharged', label: 'reports.so.discharged', kind: 'tonnes', sort: true, total: true },
    { key: 'delivered', label: 'reports.so.delivered', kind: 'tonnes', sort: true, total: true },
    { key: 'remaining', label: 'reports.so.remaining', kind: 'tonnes', sort: true, total: true },
  ],
  defaultSort: { key: 'orderDate', order: 'desc' },
  exportFile: 'sale-order-report.xlsx',
  exportSheet: { en: 'Sale order report', ar: 'تقرير أوامر البيع' },
});
