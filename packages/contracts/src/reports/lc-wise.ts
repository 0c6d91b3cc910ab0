import { ZOptionalId } from '../cargo';
import { defineReport } from './define';

/**
 * LC Wise Report (`lc-wise-report`): per LC/PO, its quantity, what it shipped on BLs, what was discharged from the
 * vessel onto trucks, what those trucks delivered per kind of destination (warehouses, consignee sites, customer
 * sites), its loans still outstanding (lent to the shipment manager, not yet returned), what was sold of it to
 * customers, and what remains to deliver (quantity − delivered). docs/decisions.md "Reports" says what each counts.
 */
export const lcWiseReport = defineReport({
  key: 'lc-wise-report',
  permissionModule: 'LcWiseReport',
  title: 'reports.lcWise.title',
  filters: {
    consignmentId: ZOptionalId,
    saleOrderId: ZOptionalId,
    consigneeId: ZOptionalId,
    shipmentManagerId: ZOptionalId,
    cargoTypeId: ZOptionalId,
  },
  filterControls: [
    { kind: 'consignment', param: 'consignmentId', label: 'reports.lcPo' },
    { kind: 'saleOrder', param: 'saleOrderId', label: 'reports.so.saleOrder' },
    { kind: 'consignee', param: 'consigneeId', label: 'reports.lcWise.blConsignee', mode: 'consignee' },
    { kind: 'reference', param: 'shipmentManagerId', label: 'reports.lcWise.shipmentManager', resource: 'shipmentManager' },
    { kind: 'reference', param: 'cargoTypeId', label: 'reports.cargoType', resource: 'cargoType' },
  ],
  columns: [
    { key: 'consignmentId', label: 'reports.lcPo', kind: 'id' },
    { key: 'lcPo', label: 'reports.lcPo', kind: 'text', sort: true },
    { key: 'saleOrder', label: 'reports.so.saleOrder', kind: 'text', sort: true },
    { key: 'blConsignee', label: 'reports.lcWise.blConsignee', kind: 'text', sort: true },
    { key: 'shipmentManager', label: 'reports.lcWise.shipmentManager', kind: 'text', sort: true },
    { key: 'cargoType', label: 'reports.cargoType', kind: 'text', sort: true },
    { key: 'quantity', label: 'reports.lcWise.quantity', kind: 'tonnes', sort: true, total: true },
    { key: 'blQuantity', label: 'reports.so.blQuantity', kind: 'tonnes', sort: true, total: true },
    { key: 'discharged', label: 'reports.so.discharged', kind: 'tonnes', sort: true, total: true },
    { key: 'toWarehouses', label: 'reports.lcWise.toWarehouses', kind: 'tonnes', sort: true, total: true },
    { key: 'toConsignees', label: 'reports.lcWise.toConsignees', kind: 'tonnes', sort: true, total: true },
    { key: 'toCustomers', label: 'reports.lcWise.toCustomers', kind: 'tonnes', sort: true, total: true },
    { key: 'loaned', label: 'reports.lcWise.loaned', kind: 'tonnes', sort: true, total: true },
    { key: 'sold', label: 'reports.lcWise.sold', kind: 'tonnes', sort: true, total: true },
    { key: 'remaining', label: 'reports.so.remaining', kind: 'tonnes', sort: true, total: true },
  ],
  defaultSort: { key: 'lcPo', order: 'asc' },
  exportFile: 'lc-wise-report.xlsx',
  exportSheet: { en: 'LC wise report', ar: 'تقرير الاعتمادات' },
});
