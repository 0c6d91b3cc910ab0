import { ZOptionalId } from '../cargo';
import { ZHideEmpty } from './current-stock';
import { defineReport } from './define';

/**
 * Warehouse Vessel Detail (`warehouse-vessel-detail-report`): per warehouse and the vessel / voyage the cargo came
 * on, from the ledger's ON_HAND entries at the warehouse: received (receipts), dispatched (trucks out), handling loss
 * and excess with ownership changes in place (net), and on hand now.
 */
export const warehouseVesselDetailReport = defineReport({
  key: 'warehouse-vessel-detail-report',
  permissionModule: 'WarehouseVesselDetailReport',
  title: 'reports.warehouseVessel.title',
  filters: {
    locationId: ZOptionalId,
    voyageId: ZOptionalId,
    ownerId: ZOptionalId,
    cargoTypeId: ZOptionalId,
    hideEmpty: ZHideEmpty,
  },
  filterControls: [
    { kind: 'location', param: 'locationId', label: 'reports.warehouseMonthly.warehouse', places: 'warehouse' },
    { kind: 'voyage', param: 'voyageId', label: 'reports.voyage' },
    { kind: 'consignee', param: 'ownerId', label: 'reports.owner', mode: 'both' },
    { kind: 'reference', param: 'cargoTypeId', label: 'reports.cargoType', resource: 'cargoType' },
    { kind: 'flag', param: 'hideEmpty', label: 'reports.hideEmpty', default: false },
  ],
  columns: [
    { key: 'locationId', label: 'reports.warehouseMonthly.warehouse', kind: 'id' },
    { key: 'voyageId', label: 'reports.voyage', kind: 'id' },
    { key: 'warehouse', label: 'reports.warehouseMonthly.warehouse', kind: 'text', sort: true },
    { key: 'vessel', label: 'reports.vessel', kind: 'text', sort: true },
    { key: 'voyageNumber', label: 'reports.voyageNumber', kind: 'text', sort: true },
    { key: 'arrivalDate', label: 'reports.arrivalDate', kind: 'date', sort: true },
    { key: 'received', label: 'reports.warehouseVessel.received', kind: 'tonnes', sort: true, total: true },
    { key: 'dispatched', label: 'reports.warehouseVessel.dispatched', kind: 'tonnes', sort: true, total: true },
    { key: 'adjusted', label: 'reports.warehouseVessel.adjusted', kind: 'tonnes', sort: true, total: true },
    { key: 'onHand', label: 'reports.warehouseVessel.onHand', kind: 'tonnes', sort: true, total: true },
  ],
  defaultSort: { key: 'warehouse', order: 'asc' },
  exportFile: 'warehouse-vessel-detail.xlsx',
  exportSheet: { en: 'Warehouse vessel detail', ar: 'تفاصيل السفن في المستودع' },
});
