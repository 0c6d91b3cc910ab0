import { ZOptionalDate, ZOptionalId } from '../cargo';
import { ZHideEmpty } from './current-stock';
import { defineReport } from './define';

/**
 * All Consignee Stock (`all-consignee-stock-report`): every owner's stock (consignees, and the shipment managers and
 * customers who hold cargo) by place, silo (or open area), owner and cargo type at a chosen date ("at", default the
 * agency's today): the ledger's ON_HAND entries up to the end of that date in the agency's time zone.
 */
export const allConsigneeStockReport = defineReport({
  key: 'all-consignee-stock-report',
  permissionModule: 'AllConsigneeStockReport',
  title: 'reports.allConsigneeStock.title',
  filters: {
    at: ZOptionalDate,
    locationId: ZOptionalId,
    siloId: ZOptionalId,
    ownerId: ZOptionalId,
    cargoTypeId: ZOptionalId,
    hideEmpty: ZHideEmpty,
  },
  filterControls: [
    { kind: 'date', param: 'at', label: 'reports.allConsigneeStock.at', placeholder: 'reports.allConsigneeStock.today' },
    { kind: 'location', param: 'locationId', label: 'reports.place' },
    { kind: 'reference', param: 'siloId', label: 'reports.silo', resource: 'silo' },
    { kind: 'consignee', param: 'ownerId', label: 'reports.owner', mode: 'both' },
    { kind: 'reference', param: 'cargoTypeId', label: 'reports.cargoType', resource: 'cargoType' },
    { kind: 'flag', param: 'hideEmpty', label: 'reports.hideEmpty', default: true },
  ],
  columns: [
    { key: 'locationId', label: 'reports.place', kind: 'id' },
    { key: 'siloId', label: 'reports.silo', kind: 'id' },
    { key: 'ownerId', label: 'reports.owner', kind: 'id' },
    { key: 'cargoTypeId', label: 'reports.cargoType', kind: 'id' },
    { key: 'location', label: 'reports.place', kind: 'text', sort: true },
    { key: 'silo', label: 'reports.silo', kind: 'text', sort: true },
    { key: 'owner', label: 'reports.owner', kind: 'text', sort: true },
    { key: 'ownerType', label: 'reports.allConsigneeStock.ownerType', kind: 'text', sort: true, values: 'reports.allConsigneeStock.ownerTypes' },
    { key: 'cargoType', label: 'reports.cargoType', kind: 'text', sort: true },
    { key: 'stock', label: 'reports.allConsigneeStock.stock', kind: 'tonnes', sort: true, total: true },
  ],
  defaultSort: { key: 'location', order: 'asc' },
  exportFile: 'all-consignee-stock.xlsx',
  exportSheet: { en: 'All consignee stock', ar: 'مخزون جميع المستلمين' },
});
