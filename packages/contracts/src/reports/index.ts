import type { ReportDeclaration } from './define';
import { currentStockReport } from './current-stock';
import { loanReport } from './loan';
import { vesselReport } from './vessel';
import { allConsigneeStockReport } from './all-consignee-stock';
import { warehouseMonthlyReport } from './warehouse-monthly';
import { warehouseVesselDetailReport } from './warehouse-vessel-detail';
import { consigneeCargoOldReport, consigneeCargoReport } from './consignee-cargo';
import { soReport } from './so';
import { lcWiseReport } from './lc-wise';
import { consigneeCargoStatsReport } from './consignee-cargo-stats';
import { consigneeStockReport } from './consignee-stock';
import { portLoadingReport } from './port-loading';
import { warehouseLoadingReport } from './warehouse-loading';
import { consigneeWarehouseLoadingReport } from './consignee-warehouse-loading';
import { vesselDeliveryDetailReport } from './vessel-delivery-detail';

export * from './define';
export * from './current-stock';
export * from './loan';
export * from './vessel';
export * from './all-consignee-stock';
export * from './warehouse-monthly';
export * from './warehouse-vessel-detail';
export * from './consignee-cargo';
export * from './so';
export * from './lc-wise';
export * from './consignee-cargo-stats';
export * from './consignee-stock';
export * from './port-loading';
export * from './warehouse-loading';
export * from './consignee-warehouse-loading';
export * from './vessel-delivery-detail';
export * from './texts';
export * from './lc-reconciliation';

/** Every declared report: the server mounts each, the web routes each (guarded by its menu entry). */
export const reportRegistry: readonly ReportDeclaration[] = [
  currentStockReport,
  loanReport,
  vesselReport,
  soReport,
  lcWiseReport,
  consigneeCargoStatsReport,
  consigneeStockReport,
  allConsigneeStockReport,
  warehouseMonthlyReport,
  warehouseVesselDetailReport,
  consigneeCargoReport,
  consigneeCargoOldReport,
  portLoadingReport,
  warehouseLoadingReport,
  consigneeWarehouseLoadingReport,
  vesselDeliveryDetailReport,
];
export * from './builder';
export * from './builder-texts';
