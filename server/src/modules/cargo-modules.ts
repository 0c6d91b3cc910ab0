import { transactionRegistry } from '@tonnage/contracts';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from './module-context';
import { registeredTransactions } from '../kit';
import { registerOutboundWeighingRoutes } from './outbound-weighing/outbound-weighing.routes';
import { registerCameraRoutes } from './cameras/cameras.routes';
import { registerReceivingRoutes } from './receiving/receiving.routes';
import { registerPortLoadingRoutes } from './port-loading/port-loading.routes';
import { registerProcurementRoutes } from './procurement/procurement.routes';
import { registerShippingRoutes } from './shipping/shipping.routes';
import { registerVesselApprovalRoutes } from './vessel-approval/vessel-approval.routes';
import { registerConsigneeDispatchRoutes } from './consignee-dispatch/consignee-dispatch.routes';
import { registerWarehouseDispatchRoutes } from './warehouse-dispatch/warehouse-dispatch.routes';
import { registerGroupedOutRoutes } from './warehouse-dispatch/grouped-out.routes';
import { registerCorrectionRoutes } from './warehouse-dispatch/correction.routes';
import { registerOwnershipTransferRoutes } from './ownership-transfer/ownership-transfer.routes';
import { registerSiloTransferRoutes } from './silo-transfer/silo-transfer.routes';
import { registerSwapCargoRoutes } from './swap-cargo/swap-cargo.routes';
import { registerHandlingRoutes } from './handling/handling.routes';
import { registerLoanRoutes } from './loans/loans.routes';
import { registerSaleRoutes } from './sales/sales.routes';
import { registerWarehouseTransferRoutes } from './warehouse-transfer/warehouse-transfer.routes';
import { registerReportRoutes } from './reports/reports.routes';
import { registerReportBuilderRoutes } from './report-builder/report-builder.routes';

/** The route modules of the cargo flows, each registering its declared transactions and extra routes: a new flow adds one line. */
export const cargoModules: readonly ((api: FastifyInstance, context: ModuleContext) => void)[] = [
  registerProcurementRoutes,
  registerShippingRoutes,
  registerVesselApprovalRoutes,
  registerPortLoadingRoutes,
  registerOutboundWeighingRoutes,
  registerCameraRoutes,
  registerReceivingRoutes,
  registerWarehouseDispatchRoutes,
  registerConsigneeDispatchRoutes,
  registerGroupedOutRoutes,
  registerCorrectionRoutes,
  registerOwnershipTransferRoutes,
  registerSiloTransferRoutes,
  registerSwapCargoRoutes,
  registerHandlingRoutes,
  registerLoanRoutes,
  registerSaleRoutes,
  registerWarehouseTransferRoutes,
  registerReportRoutes,
  registerReportBuilderRoutes,
];

/** Registers every cargo module, and refuses to start when a declared transaction got no routes. */
export function registerCargoModules(api: FastifyInstance, context: ModuleContext): void {
  for (const register of cargoModules) register(api, context);
  const registered = registeredTransactions(api);
  const forgotten = transactionRegistry.filter((declaration) => !registered.has(declaration.key)).map((declaration) => declaration.key);
  if (forgotten.length > 0) throw new Error(`Declared transactions without routes: ${forgotten.join(', ')}`);
}
