import { z } from 'zod';
import { ZOptionalId } from '../cargo';
import { defineReport } from './define';

/** "hide empty" (`true`/`false`), on unless `false`. */
export const ZHideEmpty = z
  .preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(['true', 'false'], { error: 'Please give true or false.' }).optional())
  .transform((v) => v !== 'false');

/**
 * Current Stocks (`current-stock-report`): the stock now (the ledger's kept ON_HAND balances) by place, silo (or
 * open area), owner, cargo type, LC/PO and voyage: on hand, committed to pre-outs, usable (on hand − committed).
 */
export const currentStockReport = defineReport({
  key: 'current-stock-report',
  permissionModule: 'CurrentStockReport',
  title: 'reports.currentStockTitle',
  filters: {
    locationId: ZOptionalId,
    siloId: ZOptionalId,
    ownerId: ZOptionalId,
    cargoTypeId: ZOptionalId,
    consignmentId: ZOptionalId,
    voyageId: ZOptionalId,
    hideEmpty: ZHideEmpty,
  },
  filterControls: [
    { kind: 'location', param: 'locationId', label: 'reports.place' },
    { kind: 'reference', param: 'siloId', label: 'reports.silo', resource: 'silo' },
    { kind: 'consignee', param: 'ownerId', label: 'reports.owner', mode: 'both' },
    { kind: 'reference', param: 'cargoTypeId', label: 'reports.cargoType', resource: 'cargoType' },
    { kind: 'consignment', param: 'consignmentId', label: 'reports.lcPo' },
    { kind: 'voyage', param: 'voyageId', label: 'reports.voyage' },
    { kind: 'flag', param: 'hideEmpty', label: 'reports.hideEmpty', default: true },
  ],
  columns: [
    { key: 'locationId', label: 'reports.place', kind: 'id' },
    { key: 'location', label: 'reports.place', kind: 'text', sort: true },
    { key: 'silo', label: 'reports.silo', kind: 'text', sort: true },
    { key: 'owner', label: 'reports.owner', kind: 'text', sort: true },
    { key: 'cargoType', label: 'reports.cargoType', kind: 'text', sort: true },
    { key: 'consignmentId', label: 'reports.lcPo', kind: 'id' },
    { key: 'lcPo', label: 'reports.lcPo', kind: 'text', sort: true },
    { key: 'voyage', label: 'reports.voyage', kind: 'text', sort: true },
    { key: 'onHand', label: 'reports.onHand', kind: 'tonnes', sort: true, total: true },
    { key: 'committed', label: 'reports.committed', kind: 'tonnes', sort: true, total: true },
    { key: 'usable', label: 'reports.usable', kind: 'tonnes', sort: true, total: true },
  ],
  defaultSort: { key: 'location', order: 'asc' },
  exportFile: 'current-stocks.xlsx',
  exportSheet: { en: 'Current stocks', ar: 'المخزون الحالي' },
});
