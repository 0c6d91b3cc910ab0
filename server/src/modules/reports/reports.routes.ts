import {
  allConsigneeStockReport,
  consigneeCargoOldReport,
  consigneeCargoReport,
  consigneeCargoStatsReport,
  consigneeStockReport,
  consigneeWarehouseLoadingReport,
  currentStockReport,
  lcWiseReport,
  loanReport,
  portLoadingReport,
  reportRegistry,
  soReport,
  vesselDeliveryDetailReport,
  vesselReport,
  warehouseLoadingReport,
  warehouseMonthlyReport,
  warehouseVesselDetailReport,
} from '@tonnage/contracts';
import type { FastifyInstance } from 'fastify';
import { registeredReports, registerReport } from '../../kit';
import type { ModuleContext } from '../module-context';
import { currentStockSource } from './current-stock.report';
import { registerLcReconciliationRoutes } from './lc-reconciliation.routes';
import { loanSource } from './loan.report';
import { vesselSource } from './vessel.report';
import { allConsigneeStockSource } from './all-consignee-stock.report';
import { warehouseMonthlySource } from './warehouse-monthly.report';
import { warehouseVesselDetailSource } from './warehouse-vessel-detail.report';
import { consigneeCargoOldSource, consigneeCargoSource } from './consignee-cargo.report';
import { soSource } from './so.report';
import { lcWiseSource } from './lc-wise.report';
import { consigneeCargoStatsSource } from './consignee-cargo-stats.report';
import { consigneeStockSource } from './consignee-stock.report';
import { portLoadingSource } from './port-loading.report';
import { warehouseLoadingSource } from './warehouse-loading.report';
import { consigneeWarehouseLoadingSource } from './consignee-warehouse-loading.report';
import { vesselDeliveryDetailSource } from './vessel-delivery-detail.report';

/** The reports (issue 16): each declared report (contracts `reportRegistry`) with its rows' statement. */
export function registerReportRoutes(api: FastifyInstance, context: ModuleContext): void {
  registerReport(api, context, currentStockReport, currentStockSource);
  registerReport(api, context, loanReport, loanSource);
  registerReport(api, context, vesselReport, vesselSource);
  registerReport(api, context, soReport, soSource);
  registerReport(api, context, lcWiseReport, lcWiseSource);
  registerReport(api, context, consigneeCargoStatsReport, consigneeCargoStatsSource);
  registerReport(api, context, consigneeStockReport, consigneeStockSource);
  registerReport(api, context, allConsigneeStockReport, allConsigneeStockSource);
  registerReport(api, context, warehouseMonthlyReport, warehouseMonthlySource);
  registerReport(api, context, warehouseVesselDetailReport, warehouseVesselDetailSource);
  registerReport(api, context, consigneeCargoReport, consigneeCargoSource);
  registerReport(api, context, consigneeCargoOldReport, consigneeCargoOldSource);
  registerReport(api, context, portLoadingReport, portLoadingSource);
  registerReport(api, context, warehouseLoadingReport, warehouseLoadingSource);
  registerReport(api, context, consigneeWarehouseLoadingReport, consigneeWarehouseLoadingSource);
  registerReport(api, context, vesselDeliveryDetailReport, vesselDeliveryDetailSource);
  registerLcReconciliationRoutes(api, context);
  const forgotten = reportRegistry.filter((report) => !registeredReports(api).has(report.key)).map((report) => report.key);
  if (forgotten.length > 0) throw new Error(`Declared reports without routes: ${forgotten.join(', ')}`);
}
