import { ZOptionalId } from '../cargo';
import { defineReport, reportRequiredId } from './define';

/**
 * Vessel Delivery Detail (`vessel-delivery-detail-report`): one voyage's every live loading slip (the voyage is
 * required: the page asks for it first): slip, day, LC/PO and BL, truck and driver, the port's weighbridge ticket,
 * destination, what the truck loaded, the weights where it was received at a warehouse (gross on arrival, tare
 * after unloading), what was received, the transit loss, what is still in transit, and the day it was received.
 */
export const vesselDeliveryDetailReport = defineReport({
  key: 'vessel-delivery-detail-report',
  permissionModule: 'VesselDeliveryDetailReport',
  title: 'reports.vesselDelivery.title',
  filters: {
    voyageId: reportRequiredId('Please select a vessel / voyage.'),
    consignmentId: ZOptionalId,
    toLocationId: ZOptionalId,
    truckId: ZOptionalId,
  },
  filterControls: [
    { kind: 'voyage', param: 'voyageId', label: 'reports.voyage' },
    { kind: 'consignment', param: 'consignmentId', label: 'reports.lcPo' },
    { kind: 'location', param: 'toLocationId', label: 'reports.vesselDelivery.destination' },
    { kind: 'reference', param: 'truckId', label: 'reports.vesselDelivery.truck', resource: 'truck' },
  ],
  columns: [
    { key: 'slipId', label: 'reports.vesselDelivery.slip', kind: 'id' },
    { key: 'slipNumber', label: 'reports.vesselDelivery.slip', kind: 'count', sort: true },
    { key: 'loadedOn', label: 'reports.vesselDelivery.loadedOn', kind: 'date', sort: true },
    { key: 'lcPo', label: 'reports.lcPo', kind: 'text', sort: true },
    { key: 'blNumber', label: 'reports.vesselDelivery.blNumber', kind: 'text', sort: true },
    { key: 'truck', label: 'reports.vesselDelivery.truck', kind: 'text', sort: true },
    { key: 'driver', label: 'reports.vesselDelivery.driver', kind: 'text', sort: true },
    { key: 'wbtNumber', label: 'reports.vesselDelivery.wbtNumber', kind: 'text', sort: true },
    { key: 'destination', label: 'reports.vesselDelivery.destination', kind: 'text', sort: true },
    { key: 'loaded', label: 'reports.vesselDelivery.loaded', kind: 'tonnes', sort: true, total: true },
    { key: 'gross', label: 'reports.vesselDelivery.gross', kind: 'tonnes', sort: true },
    { key: 'tare', label: 'reports.vesselDelivery.tare', kind: 'tonnes', sort: true },
    { key: 'received', label: 'reports.vesselDelivery.received', kind: 'tonnes', sort: true, total: true },
    { key: 'transitLoss', label: 'reports.transitLoss', kind: 'tonnes', sort: true, total: true },
    { key: 'inTransit', label: 'reports.inTransit', kind: 'tonnes', sort: true, total: true },
    { key: 'receivedOn', label: 'reports.vesselDelivery.receivedOn', kind: 'date', sort: true },
  ],
  defaultSort: { key: 'slipNumber', order: 'asc' },
  exportFile: 'vessel-delivery-detail.xlsx',
  exportSheet: { en: 'Vessel delivery detail', ar: 'تفاصيل تسليم السفينة' },
});
