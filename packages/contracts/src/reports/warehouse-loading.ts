import { ZOptionalDate, ZOptionalId } from '../cargo';
import { periodInOrder } from '../dashboard-filters';
import { defineReport } from './define';

/**
 * Warehouse Loading report (`reports/warehouse-loading`): the live Warehouse Outs (warehouse loading slips) per
 * warehouse, day (the out's business date), destination, transporter and truck: the trips, what the trucks loaded
 * out of the warehouse, and of it what is still in transit, what was delivered and the transit loss.
 */
export const warehouseLoadingReport = defineReport({
  key: 'reports/warehouse-loading',
  permissionModule: 'WarehouseLoadingReport',
  title: 'reports.warehouseLoading.title',
  filters: {
    fromDate: ZOptionalDate,
    toDate: ZOptionalDate,
    warehouseId: ZOptionalId,
    toLocationId: ZOptionalId,
    transporterId: ZOptionalId,
    truckId: ZOptionalId,
  },
  check: periodInOrder,
  filterControls: [
    { kind: 'dateRange', from: 'fromDate', to: 'toDate', label: 'reports.period' },
    { kind: 'location', param: 'warehouseId', label: 'reports.warehouseLoading.warehouse', places: 'warehouse' },
    { kind: 'location', param: 'toLocationId', label: 'reports.warehouseLoading.destination' },
    { kind: 'reference', param: 'transporterId', label: 'reports.warehouseLoading.transporter', resource: 'transporter' },
    { kind: 'reference', param: 'truckId', label: 'reports.warehouseLoading.truck', resource: 'truck' },
  ],
  columns: [
    { key: 'warehouseId', label: 'reports.warehouseLoading.warehouse', kind: 'id' },
    { key: 'destinationId', label: 'reports.warehouseLoading.destination', kind: 'id' },
    { key: 'truckId', label: 'reports.warehouseLoading.truck', kind: 'id' },
    { key: 'day', label: 'reports.warehouseLoading.day', kind: 'date', sort: true },
    { key: 'warehouse', label: 'reports.warehouseLoading.warehouse', kind: 'text', sort: true },
    { key: 'destination', label: 'reports.warehouseLoading.destination', kind: 'text', sort: true },
    { key: 'transporter', label: 'reports.warehouseLoading.transporter', kind: 'text', sort: true },
    { key: 'truck', label: 'reports.warehouseLoading.truck', kind: 'text', sort: true },
    { key: 'trips', label: 'reports.warehouseLoading.trips', kind: 'count', sort: true, total: true },
    { key: 'quantity', label: 'reports.warehouseLoading.quantity', kind: 'tonnes', sort: true, total: true },
    { key: 'inTransit', label: 'reports.inTransit', kind: 'tonnes', sort: true, total: true },
    { key: 'delivered', label: 'reports.delivered', kind: 'tonnes', sort: true, total: true },
    { key: 'transitLoss', label: 'reports.transitLoss', kind: 'tonnes', sort: true, total: true },
  ],
  defaultSort: { key: 'day', order: 'desc' },
  exportFile: 'warehouse-loading.xlsx',
  exportSheet: { en: 'Warehouse loading', ar: 'التحميل من المستودعات' },
});
