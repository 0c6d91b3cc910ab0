import { ZOptionalDate, ZOptionalId } from '../cargo';
import { periodInOrder } from '../dashboard-filters';
import { defineReport } from './define';

/**
 * Consignee Warehouse Loading report (`consignee-warehouse-loading-report`): per owner of the cargo (a consignee;
 * also a shipment manager's borrowed or a customer's bought cargo) and warehouse, over a period of business dates,
 * the trucks that brought its cargo in (trips, quantity received) and took it out (trips, quantity loaded).
 */
export const consigneeWarehouseLoadingReport = defineReport({
  key: 'consignee-warehouse-loading-report',
  permissionModule: 'ConsigneeWarehouseLoadingReport',
  title: 'reports.consigneeWarehouseLoading.title',
  filters: {
    fromDate: ZOptionalDate,
    toDate: ZOptionalDate,
    ownerId: ZOptionalId,
    warehouseId: ZOptionalId,
    cargoTypeId: ZOptionalId,
  },
  check: periodInOrder,
  filterControls: [
    { kind: 'dateRange', from: 'fromDate', to: 'toDate', label: 'reports.period' },
    { kind: 'consignee', param: 'ownerId', label: 'reports.consigneeWarehouseLoading.consignee', mode: 'both' },
    { kind: 'location', param: 'warehouseId', label: 'reports.consigneeWarehouseLoading.warehouse', places: 'warehouse' },
    { kind: 'reference', param: 'cargoTypeId', label: 'reports.cargoType', resource: 'cargoType' },
  ],
  columns: [
    { key: 'ownerId', label: 'reports.consigneeWarehouseLoading.consignee', kind: 'id' },
    { key: 'warehouseId', label: 'reports.consigneeWarehouseLoading.warehouse', kind: 'id' },
    { key: 'owner', label: 'reports.consigneeWarehouseLoading.consignee', kind: 'text', sort: true },
    { key: 'warehouse', label: 'reports.consigneeWarehouseLoading.warehouse', kind: 'text', sort: true },
    { key: 'tripsIn', label: 'reports.consigneeWarehouseLoading.tripsIn', kind: 'count', sort: true, total: true },
    { key: 'quantityIn', label: 'reports.consigneeWarehouseLoading.quantityIn', kind: 'tonnes', sort: true, total: true },
    { key: 'tripsOut', label: 'reports.consigneeWarehouseLoading.tripsOut', kind: 'count', sort: true, total: true },
    { key: 'quantityOut', label: 'reports.consigneeWarehouseLoading.quantityOut', kind: 'tonnes', sort: true, total: true },
  ],
  defaultSort: { key: 'owner', order: 'asc' },
  exportFile: 'consignee-warehouse-loading.xlsx',
  exportSheet: { en: 'Consignee warehouse loading', ar: 'تحميل المستلمين في المستودعات' },
});
