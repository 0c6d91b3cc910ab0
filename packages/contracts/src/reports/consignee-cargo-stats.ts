import { ZOptionalId } from '../cargo';
import { defineReport } from './define';

/**
 * Consignee Cargo Stats (`consignee-cargo-stats`): per cargo owner (a consignee, or a shipment manager, which borrows
 * and owns cargo too), the BL quantity of the LCs/POs it is the BL consignee of, what it received off the vessel
 * (port trucks received into its ownership), what it holds in warehouses now, what was delivered to its own sites,
 * what it has lent and borrowed (loans outstanding) and what it sold to customers. docs/decisions.md "Reports".
 */
export const consigneeCargoStatsReport = defineReport({
  key: 'consignee-cargo-stats',
  permissionModule: 'ConsigneeCargoStats',
  title: 'reports.cargoStats.title',
  filters: {
    consigneeId: ZOptionalId,
    shipmentManagerId: ZOptionalId,
  },
  filterControls: [
    { kind: 'consignee', param: 'consigneeId', label: 'reports.cargoStats.consignee', mode: 'both' },
    { kind: 'reference', param: 'shipmentManagerId', label: 'reports.lcWise.shipmentManager', resource: 'shipmentManager' },
  ],
  columns: [
    { key: 'companyId', label: 'reports.cargoStats.consignee', kind: 'id' },
    { key: 'consignee', label: 'reports.cargoStats.consignee', kind: 'text', sort: true },
    { key: 'shipmentManager', label: 'reports.lcWise.shipmentManager', kind: 'text', sort: true },
    { key: 'blQuantity', label: 'reports.blQuantity', kind: 'tonnes', sort: true, total: true },
    { key: 'received', label: 'reports.cargoStats.received', kind: 'tonnes', sort: true, total: true },
    { key: 'inWarehouses', label: 'reports.cargoStats.inWarehouses', kind: 'tonnes', sort: true, total: true },
    { key: 'delivered', label: 'reports.cargoStats.delivered', kind: 'tonnes', sort: true, total: true },
    { key: 'lent', label: 'reports.cargoStats.lent', kind: 'tonnes', sort: true, total: true },
    { key: 'borrowed', label: 'reports.cargoStats.borrowed', kind: 'tonnes', sort: true, total: true },
    { key: 'sold', label: 'reports.lcWise.sold', kind: 'tonnes', sort: true, total: true },
  ],
  defaultSort: { key: 'consignee', order: 'asc' },
  exportFile: 'consignee-cargo-stats.xlsx',
  exportSheet: { en: 'Consignee cargo stats', ar: 'إحصاءات بضائع المستلمين' },
});
