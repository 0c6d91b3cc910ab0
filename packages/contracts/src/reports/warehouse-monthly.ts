import { ZOptionalDate, ZOptionalId } from '../cargo';
import { periodInOrder } from '../dashboard-filters';
import { defineReport } from './define';

/**
 * Warehouse Monthly Stats (`warehouse-monthly-report`): per warehouse and calendar month (the agency's time zone),
 * from the ledger's ON_HAND entries at the warehouse: opening (the previous month's closing), in (receipts), out
 * (dispatches), handling loss and excess, ownership changes in place (net; nil for the whole warehouse, not for one
 * owner), closing; and the transit loss of the trucks received there. The period picks the months it touches
 * (whole months).
 */
export const warehouseMonthlyReport = defineReport({
  key: 'warehouse-monthly-report',
  permissionModule: 'WarehouseMonthlyReport',
  title: 'reports.warehouseMonthly.title',
  filters: {
    locationId: ZOptionalId,
    ownerId: ZOptionalId,
    cargoTypeId: ZOptionalId,
    fromDate: ZOptionalDate,
    toDate: ZOptionalDate,
  },
  check: periodInOrder,
  filterControls: [
    { kind: 'location', param: 'locationId', label: 'reports.warehouseMonthly.warehouse', places: 'warehouse' },
    { kind: 'consignee', param: 'ownerId', label: 'reports.owner', mode: 'both' },
    { kind: 'reference', param: 'cargoTypeId', label: 'reports.cargoType', resource: 'cargoType' },
    { kind: 'dateRange', from: 'fromDate', to: 'toDate', label: 'reports.period' },
  ],
  columns: [
    { key: 'locationId', label: 'reports.warehouseMonthly.warehouse', kind: 'id' },
    { key: 'warehouse', label: 'reports.warehouseMonthly.warehouse', kind: 'text', sort: true },
    { key: 'month', label: 'reports.warehouseMonthly.month', kind: 'text', sort: true },
    // Opening and closing are balances: summed over months they would mean nothing, so the totals row leaves them out.
    { key: 'opening', label: 'reports.warehouseMonthly.opening', kind: 'tonnes', sort: true },
    { key: 'received', label: 'reports.warehouseMonthly.received', kind: 'tonnes', sort: true, total: true },
    { key: 'dispatched', label: 'reports.warehouseMonthly.dispatched', kind: 'tonnes', sort: true, total: true },
    { key: 'transitLoss', label: 'reports.warehouseMonthly.transitLoss', kind: 'tonnes', sort: true, total: true },
    { key: 'handlingLoss', label: 'reports.warehouseMonthly.handlingLoss', kind: 'tonnes', sort: true, total: true },
    { key: 'excess', label: 'reports.warehouseMonthly.excess', kind: 'tonnes', sort: true, total: true },
    { key: 'inPlace', label: 'reports.warehouseMonthly.inPlace', kind: 'tonnes', sort: true, total: true },
    { key: 'closing', label: 'reports.warehouseMonthly.closing', kind: 'tonnes', sort: true },
  ],
  defaultSort: { key: 'month', order: 'desc' },
  exportFile: 'warehouse-monthly-stats.xlsx',
  exportSheet: { en: 'Warehouse monthly stats', ar: 'الإحصاءات الشهرية' },
});
