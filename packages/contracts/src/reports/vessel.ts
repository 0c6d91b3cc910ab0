import { ZOptionalDate, ZOptionalId } from '../cargo';
import { periodInOrder } from '../dashboard-filters';
import { defineReport } from './define';

/**
 * Vessel report (`vessel-report`): per vessel and voyage, the BL quantity, the out-turn (discharged onto the
 * voyage's on-board accounts), what left the port on trucks (loading slips), what of it was delivered (received at
 * warehouses, consignee and customer sites), is still in transit or was lost in transit, and what remains on board.
 * The period filters the voyages by their arrival date (both ends inclusive).
 */
export const vesselReport = defineReport({
  key: 'vessel-report',
  permissionModule: 'VesselReport',
  title: 'reports.vesselTitle',
  filters: {
    voyageId: ZOptionalId,
    vesselId: ZOptionalId,
    cargoTypeId: ZOptionalId,
    fromDate: ZOptionalDate,
    toDate: ZOptionalDate,
  },
  check: periodInOrder,
  filterControls: [
    { kind: 'voyage', param: 'voyageId', label: 'reports.voyage' },
    { kind: 'reference', param: 'vesselId', label: 'reports.vessel', resource: 'vessel' },
    { kind: 'reference', param: 'cargoTypeId', label: 'reports.cargoType', resource: 'cargoType' },
    { kind: 'dateRange', from: 'fromDate', to: 'toDate', label: 'reports.arrivalPeriod' },
  ],
  columns: [
    { key: 'voyageId', label: 'reports.voyage', kind: 'id' },
    { key: 'vessel', label: 'reports.vessel', kind: 'text', sort: true },
    { key: 'voyageNumber', label: 'reports.voyageNumber', kind: 'text', sort: true },
    { key: 'arrivalDate', label: 'reports.arrivalDate', kind: 'date', sort: true },
    { key: 'blQuantity', label: 'reports.blQuantity', kind: 'tonnes', sort: true, total: true },
    { key: 'outturn', label: 'reports.outturn', kind: 'tonnes', sort: true, total: true },
    { key: 'loaded', label: 'reports.loaded', kind: 'tonnes', sort: true, total: true },
    { key: 'delivered', label: 'reports.delivered', kind: 'tonnes', sort: true, total: true },
    { key: 'inTransit', label: 'reports.inTransit', kind: 'tonnes', sort: true, total: true },
    { key: 'transitLoss', label: 'reports.transitLoss', kind: 'tonnes', sort: true, total: true },
    { key: 'onBoard', label: 'reports.onBoard', kind: 'tonnes', sort: true, total: true },
  ],
  defaultSort: { key: 'arrivalDate', order: 'desc' },
  exportFile: 'vessel-report.xlsx',
  exportSheet: { en: 'Vessel report', ar: 'تقرير السفن' },
});
