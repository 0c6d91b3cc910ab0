import { ZOptionalId } from '../cargo';
import { requiredId } from '../ids';
import { defineReport } from './define';

/** The consignee stock report answers for one consignee, which the query must name. */
export const ConsigneeStockMessages = { consigneeRequired: 'Please select a consignee!' } as const;

/**
 * Consignee Stock (`consignee-stock-report`): one consignee's (or shipment manager's) stock now, by place and cargo
 * type: what it owns there, what it lent from there and is not yet returned (its cargo in the borrower's hands), what
 * it borrowed there and still owes, and its net (own + lent − borrowed). Loans of cargo on board show the vessel as
 * their place. The consignee is required (the page asks for it before it answers).
 */
export const consigneeStockReport = defineReport({
  key: 'consignee-stock-report',
  permissionModule: 'ConsigneeStockReport',
  title: 'reports.consigneeStock.title',
  filters: {
    consigneeId: requiredId(ConsigneeStockMessages.consigneeRequired),
    cargoTypeId: ZOptionalId,
  },
  filterControls: [
    { kind: 'consignee', param: 'consigneeId', label: 'reports.cargoStats.consignee', mode: 'both' },
    { kind: 'reference', param: 'cargoTypeId', label: 'reports.cargoType', resource: 'cargoType' },
  ],
  columns: [
    { key: 'locationId', label: 'reports.place', kind: 'id' },
    { key: 'voyageId', label: 'reports.voyage', kind: 'id' },
    { key: 'place', label: 'reports.place', kind: 'text', sort: true },
    { key: 'cargoTypeId', label: 'reports.cargoType', kind: 'id' },
    { key: 'cargoType', label: 'reports.cargoType', kind: 'text', sort: true },
    { key: 'own', label: 'reports.consigneeStock.own', kind: 'tonnes', sort: true, total: true },
    { key: 'lent', label: 'reports.cargoStats.lent', kind: 'tonnes', sort: true, total: true },
    { key: 'borrowed', label: 'reports.cargoStats.borrowed', kind: 'tonnes', sort: true, total: true },
    { key: 'net', label: 'reports.consigneeStock.net', kind: 'tonnes', sort: true, total: true },
  ],
  defaultSort: { key: 'place', order: 'asc' },
  exportFile: 'consignee-stock.xlsx',
  exportSheet: { en: 'Consignee stock', ar: 'مخزون المستلم' },
});
