import { permissionFlag } from './permissions';

/**
 * The whole sidebar of spec section 2.4, one catalogue for the sidebar and the web's route guards.
 * `key` is also the path under `/agencies/{agencyId}/` (or under `/` when `withoutDashboard`).
 */
export interface MenuEntry {
  key: string;
  /** i18n key of the label: `menu.<labelKey>`. */
  labelKey: string;
  /** Comma-separated permissions, any of which shows the entry (spec section 6). */
  permission: string;
  superAdminOnly?: boolean;
  withoutDashboard?: boolean;
  /** Hidden in production builds (spec section 2.4: buyer and cargoControlRules). */
  developmentOnly?: boolean;
}

export interface MenuGroup {
  key: string;
  labelKey: string;
  entries: readonly MenuEntry[];
}

const view = (moduleKey: string) => permissionFlag(moduleKey, 'view');
const entry = (key: string, moduleKey: string, extra: Partial<MenuEntry> = {}): MenuEntry => ({
  key,
  labelKey: key.replace(/[/-]([a-z])/g, (_m, c: string) => c.toUpperCase()),
  permission: view(moduleKey),
  ...extra,
});

export const DASHBOARD_TAB_PERMISSIONS = {
  vessel: 'canViewDashboard',
  warehouse: 'canViewWarehouseDashboard',
  consignee: 'canViewConsigneeDashboard',
  customer: 'canViewCustomerDashboard',
  stats: 'canViewInOutStatsDashboard',
  map: 'canViewMapDashboard',
} as const;
export type DashboardTab = keyof typeof DASHBOARD_TAB_PERMISSIONS;

const groups: readonly MenuGroup[] = [
  { key: 'procurement', labelKey: 'procurement', entries: [entry('saleOrder', 'SaleOrder'), entry('consignments', 'Consignment')] },
  { key: 'ports', labelKey: 'ports', entries: [entry('loadingSlips', 'LoadingSlips'), entry('portLoading', 'PortLoading')] },
  {
    key: 'wareHouse',
    labelKey: 'wareHouse',
    entries: [
      entry('warehouse-pre-in', 'WarehousePreIn'),
      entry('warehouse-in', 'WarehouseIn'),
      entry('warehouse-pre-out', 'WarehousePreOut'),
      entry('warehouse-out', 'WarehouseOut'),
      entry('warehouse-out-grouped', 'WarehouseOut'),
      entry('display-weight', 'WeightDisplay'),
      entry('warehouseLoadingSlips', 'WarehouseLoadingSlips'),
      entry('warehouse/consignee-to-sm', 'WarehouseConsigneeToSm'),
      entry('warehouse/consignee-to-customer', 'WarehouseConsigneeToCustomer'),
      entry('warehouse/sm-to-consignee', 'WarehouseSmToConsignee'),
      entry('warehouseTransfer', 'WarehouseTransfer'),
      entry('ownershipTransfer', 'OwnershipTransfer'),
      entry('handlingLoss', 'HandlingLoss'),
      entry('handlingExcess', 'HandlingExcess'),
      entry('siloTransfer', 'SiloTransfer'),
      entry('swapCargo', 'SwapCargo'),
    ],
  },
  {
    key: 'consignees',
    labelKey: 'consignees',
    entries: [
      entry('consignee-in', 'ConsigneeIn'),
      entry('consignee-out', 'ConsigneeOut'),
      entry('consignee/consignee-to-sm', 'ConsigneeToSm'),
      entry('consignee/consignee-transfer', 'ConsigneeTransfer'),
      entry('consigneeLoadingSlips', 'ConsigneeLoadingSlips'),
    ],
  },
  { key: 'customer', labelKey: 'customerGroup', entries: [entry('customer-in', 'CustomerIn')] },
  {
    key: 'reports',
    labelKey: 'reports',
    entries: [
      entry('loan-report', 'LoanReport'),
      entry('so-report', 'SoReport'),
      entry('consignee-cargo-stats', 'ConsigneeCargoStats'),
      entry('port-loading-report', 'PortLoadingReport'),
      entry('vessel-report', 'VesselReport'),
      entry('reports/warehouse-loading', 'WarehouseLoadingReport'),
      entry('consignee-warehouse-loading-report', 'ConsigneeWarehouseLoadingReport'),
      entry('all-consignee-stock-report', 'AllConsigneeStockReport'),
      entry('warehouse-monthly-report', 'WarehouseMonthlyReport'),
      entry('warehouse-vessel-detail-report', 'WarehouseVesselDetailReport'),
      entry('consignee-cargo-report', 'ConsigneeCargoReport'),
      entry('consignee-stock-report', 'ConsigneeStockReport'),
      entry('vessel-delivery-detail-report', 'VesselDeliveryDetailReport'),
      entry('current-stock-report', 'CurrentStockReport'),
      entry('lc-wise-report', 'LcWiseReport'),
      // Not in the spec's sidebar: the LC/PO reconciliation (issue 16), read with the LC wise report's flags.
      entry('lc-reconciliation', 'LcWiseReport'),
      entry('reportBuilder', 'ReportBuilder'),
    ],
  },
  {
    key: 'vesselQuantityApproval',
    labelKey: 'vesselQuantityApproval',
    entries: [
      entry('vesselQuantityApproval/vessel', 'ApprovalVessel'),
      entry('vesselQuantityApproval/quantityApproval', 'VesselQuantityApproval'),
    ],
  },
  {
    key: 'outboundWeight',
    labelKey: 'outboundWeight',
    entries: [entry('outbound-first-weight', 'OutboundFirstWeight'), entry('outbound-second-weight', 'OutboundSecondWeight')],
  },
  {
    key: 'staff',
    labelKey: 'staff',
    entries: [
      entry('users', 'UserStaffManagement'),
      entry('roles', 'RolesStaffManagement'),
      entry('approvalRules', 'ApprovalRule'),
      entry('emailSettings', 'EmailSettings'),
      entry('truckRules', 'TruckRule'),
      entry('driverRules', 'DriverRule'),
      { key: 'settings', labelKey: 'settings', permission: 'canViewSettings', superAdminOnly: true },
    ],
  },
  {
    key: 'masterData',
    labelKey: 'masterData',
    entries: [
      entry('cargoControlRules', 'CargoControlRule', { developmentOnly: true }),
      entry('handlingLossRules', 'HandlingLossRule'),
      entry('consignee', 'Consignee'),
      entry('seller', 'Seller'),
      entry('buyer', 'Buyer', { developmentOnly: true }),
      entry('customer', 'Customer'),
      entry('shipmentManager', 'ShipmentManager'),
      entry('transporter', 'Transporter'),
      entry('supplier', 'Supplier'),
      entry('vessel', 'Vessel'),
      entry('cargoType', 'CargoType'),
      entry('driver', 'Driver'),
      { ...entry('Truck', 'Truck'), labelKey: 'truck' },
      entry('warehouse', 'Warehouse'),
      entry('warehouse-silos', 'Warehouse'),
      entry('deliveryLocation', 'DeliveryLocation'),
      entry('port', 'Port'),
      entry('berth', 'Berth'),
      entry('weightMachine', 'WeightMachine'),
      entry('hik-connect', 'HikConnect'),
      entry('capture-image', 'CaptureImage'),
      entry('destination', 'Destination'),
    ],
  },
];

const group = (key: string): MenuGroup => {
  const found = groups.find((g) => g.key === key);
  if (!found) throw new Error(`Unknown menu group ${key}`);
  return found;
};

export type MenuItem = ({ type: 'entry' } & MenuEntry) | ({ type: 'group' } & MenuGroup);

/** The sidebar in the order of spec section 2.4. */
export const menu: readonly MenuItem[] = [
  { type: 'entry', key: 'agencies/list', labelKey: 'agencies', permission: 'canViewAgencies', superAdminOnly: true, withoutDashboard: true },
  { type: 'entry', key: 'dashboard', labelKey: 'dashboard', permission: Object.values(DASHBOARD_TAB_PERMISSIONS).join(',') },
  { type: 'group', ...group('procurement') },
  { type: 'entry', ...entry('shipping', 'Shipping') },
  ...['ports', 'wareHouse', 'consignees', 'customer', 'reports', 'vesselQuantityApproval', 'outboundWeight', 'staff', 'masterData'].map(
    (key): MenuItem => ({ type: 'group', ...group(key) }),
  ),
];

/** Every menu entry, top-level and grouped. */
export const allMenuEntries: readonly MenuEntry[] = menu.flatMap((item) => (item.type === 'group' ? item.entries : [item]));
