import type { HelpSource } from '../model';
import { flow as cmsCompleteFlow } from './flows/cms-complete-flow';
import { flow as completeBlFlow } from './flows/complete-bl-flow';
import { flow as loanDifferentLocation } from './flows/bl-flow-consignee-to-sm-loan-different-location';
import { flow as loanSameWarehouse } from './flows/bl-flow-consignee-to-sm-loan-same-warehouse';
import { flow as loanTransferSwapSameWarehouse } from './flows/bl-flow-consignee-to-sm-loan-ownership-transfer-swap-cargo-same-warehouse';
import { flow as loanWarehouseAndConsigneeLocation } from './flows/bl-flow-consignee-to-sm-loan-same-warehouse-and-consignee-location';
import { flow as returnSameWarehouse } from './flows/bl-flow-sm-to-consignee-loan-same-warehouse';
import { flow as returnTransferSwap } from './flows/bl-flow-sm-to-consignee-loan-ownership-transfer-swap-cargo';
import { flow as returnDifferentLocation } from './flows/bl-flow-sm-to-consignee-different-location';
import { flow as toConsigneeLocation1 } from './flows/bl-flow-to-consignee-location-1';
import { flow as toConsigneeLocation2 } from './flows/bl-flow-to-consignee-location-2';
import { flow as toWarehouseAndConsigneeLocation } from './flows/bl-flow-to-warehouse-and-consignee-location';
import { flow as transferSwap } from './flows/bl-flow-ownership-transfer-swap-cargo';
import { guide as consigneeToSm } from './modules/consignee-to-sm';
import { guide as portLoading } from './modules/port-loading';
import { guide as procurement } from './modules/procurement';
import { guide as shipping } from './modules/shipping';
import { guide as smToConsignee } from './modules/sm-to-consignee';
import { guide as swapCargo } from './modules/swap-cargo';
import { guide as warehouseIn } from './modules/warehouse-in';
import { guide as warehouseOut } from './modules/warehouse-out';
import { guide as warehouseTransfer } from './modules/warehouse-transfer';
import { guide as loanStatement } from './reports/loan-statement';

/** Every document's source by its file name (contracts' HELP_DOCUMENTS). */
export const sources: Readonly<Record<string, HelpSource>> = Object.fromEntries(
  [
    cmsCompleteFlow,
    completeBlFlow,
    loanDifferentLocation,
    loanSameWarehouse,
    loanTransferSwapSameWarehouse,
    loanWarehouseAndConsigneeLocation,
    returnSameWarehouse,
    returnTransferSwap,
    returnDifferentLocation,
    toConsigneeLocation1,
    toConsigneeLocation2,
    toWarehouseAndConsigneeLocation,
    transferSwap,
    procurement,
    shipping,
    portLoading,
    consigneeToSm,
    smToConsignee,
    warehouseTransfer,
    warehouseIn,
    warehouseOut,
    swapCargo,
    loanStatement,
  ].map((source) => [source.name, source]),
);
