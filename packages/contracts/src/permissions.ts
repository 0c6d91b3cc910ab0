/**
 * The one permission catalogue (spec section 6). Server route guards, the sidebar, the web's route guards and
 * the roles page all read it. Each module has a view flag and the action flags that apply to it.
 */
/** `correct`: correct a past record's figures by reverse-and-repost with a reason (canCorrectWarehouseIn, canCorrectWarehouseOut). */
export type PermissionAction = 'view' | 'add' | 'edit' | 'reverse' | 'approve' | 'export' | 'correct';

export interface PermissionModule {
  /** Suffix of the flag names: canView<key>, canAdd<key>, ... */
  key: string;
  group: PermissionGroup;
  en: string;
  ar: string;
  actions: readonly PermissionAction[];
}

export type PermissionGroup =
  | 'dashboard'
  | 'procurement'
  | 'shipping'
  | 'ports'
  | 'wareHouse'
  | 'consignees'
  | 'customer'
  | 'reports'
  | 'vesselQuantityApproval'
  | 'outboundWeight'
  | 'staff'
  | 'masterData';

const CRUD = ['view', 'add', 'edit'] as const;
const TXN = ['view', 'add', 'edit', 'reverse'] as const;
const REPORT = ['view', 'export'] as const;
const VIEW = ['view'] as const;

export const permissionModules: readonly PermissionModule[] = [
  { key: 'Dashboard', group: 'dashboard', en: 'Vessel dashboard', ar: 'لوحة السفن', actions: VIEW },
  { key: 'WarehouseDashboard', group: 'dashboard', en: 'Warehouse dashboard', ar: 'لوحة المستودعات', actions: VIEW },
  { key: 'ConsigneeDashboard', group: 'dashboard', en: 'Consignee dashboard', ar: 'لوحة المستلمين', actions: VIEW },
  { key: 'CustomerDashboard', group: 'dashboard', en: 'Customer dashboard', ar: 'لوحة العملاء', actions: VIEW },
  { key: 'InOutStatsDashboard', group: 'dashboard', en: 'IN/OUT stats dashboard', ar: 'لوحة إحصاءات الدخول والخروج', actions: VIEW },
  { key: 'MapDashboard', group: 'dashboard', en: 'Map dashboard', ar: 'لوحة الخريطة', actions: VIEW },
  { key: 'SaleOrder', group: 'procurement', en: 'Sale orders', ar: 'أوامر البيع', actions: TXN },
  { key: 'Consignment', group: 'procurement', en: 'Consignments', ar: 'الإرساليات', actions: TXN },
  { key: 'Shipping', group: 'shipping', en: 'Shipping', ar: 'الشحن', actions: TXN },
  { key: 'LoadingSlips', group: 'ports', en: 'Loading slips', ar: 'إيصالات التحميل', actions: REPORT },
  { key: 'PortLoading', group: 'ports', en: 'Port loading', ar: 'التحميل من الميناء', actions: TXN },
  { key: 'WarehousePreIn', group: 'wareHouse', en: 'Warehouse pre in', ar: 'ما قبل دخول المستودع', actions: TXN },
  { key: 'WarehouseIn', group: 'wareHouse', en: 'Warehouse in', ar: 'دخول المستودع', actions: [...TXN, 'correct'] },
  { key: 'WarehousePreOut', group: 'wareHouse', en: 'Warehouse pre out', ar: 'ما قبل خروج المستودع', actions: TXN },
  // Warehouse out grouped (`warehouse-out-grouped`) works with the Warehouse Out's flags: a group's trucks are Pre Outs and Outs.
  { key: 'WarehouseOut', group: 'wareHouse', en: 'Warehouse out', ar: 'خروج المستودع', actions: [...TXN, 'correct'] },
  { key: 'WeightDisplay', group: 'wareHouse', en: 'Live weight display', ar: 'عرض الوزن المباشر', actions: VIEW },
  { key: 'WarehouseLoadingSlips', group: 'wareHouse', en: 'Warehouse loading slips', ar: 'إيصالات تحميل المستودع', actions: REPORT },
  { key: 'WarehouseConsigneeToSm', group: 'wareHouse', en: 'Warehouse consignee to SM', ar: 'من المستلم إلى مدير الشحنة (مستودع)', actions: TXN },
  { key: 'WarehouseConsigneeToCustomer', group: 'wareHouse', en: 'Warehouse consignee to customer', ar: 'من المستلم إلى العميل (مستودع)', actions: TXN },
  { key: 'WarehouseSmToConsignee', group: 'wareHouse', en: 'Warehouse SM to consignee', ar: 'من مدير الشحنة إلى المستلم (مستودع)', actions: TXN },
  { key: 'WarehouseTransfer', group: 'wareHouse', en: 'Warehouse transfer', ar: 'نقل بين المستودعات', actions: TXN },
  { key: 'OwnershipTransfer', group: 'wareHouse', en: 'Ownership transfer', ar: 'نقل الملكية', actions: TXN },
  { key: 'HandlingLoss', group: 'wareHouse', en: 'Handling loss', ar: 'فاقد المناولة', actions: TXN },
  { key: 'HandlingExcess', group: 'wareHouse', en: 'Handling excess', ar: 'زيادة المناولة', actions: TXN },
  { key: 'SiloTransfer', group: 'wareHouse', en: 'Silo transfer', ar: 'نقل بين الصوامع', actions: TXN },
  { key: 'SwapCargo', group: 'wareHouse', en: 'Swap cargo', ar: 'مبادلة البضائع', actions: TXN },
  { key: 'ConsigneeIn', group: 'consignees', en: 'Consignee in', ar: 'دخول المستلم', actions: TXN },
  { key: 'ConsigneeOut', group: 'consignees', en: 'Consignee out', ar: 'خروج المستلم', actions: TXN },
  { key: 'ConsigneeToSm', group: 'consignees', en: 'Consignee to SM', ar: 'من المستلم إلى مدير الشحنة', actions: TXN },
  { key: 'ConsigneeTransfer', group: 'consignees', en: 'Consignee transfer', ar: 'نقل المستلم', actions: TXN },
  { key: 'ConsigneeLoadingSlips', group: 'consignees', en: 'Consignee loading slips', ar: 'إيصالات تحميل المستلم', actions: REPORT },
  { key: 'CustomerIn', group: 'customer', en: 'Customer in', ar: 'دخول العميل', actions: TXN },
  { key: 'LoanReport', group: 'reports', en: 'Loan report', ar: 'تقرير القروض', actions: REPORT },
  { key: 'SoReport', group: 'reports', en: 'Sale order report', ar: 'تقرير أوامر البيع', actions: REPORT },
  { key: 'ConsigneeCargoStats', group: 'reports', en: 'Consignee cargo stats', ar: 'إحصاءات بضائع المستلم', actions: REPORT },
  { key: 'PortLoadingReport', group: 'reports', en: 'Port loading report', ar: 'تقرير التحميل من الميناء', actions: REPORT },
  { key: 'VesselReport', group: 'reports', en: 'Vessel report', ar: 'تقرير السفن', actions: REPORT },
  { key: 'WarehouseLoadingReport', group: 'reports', en: 'Warehouse loading report', ar: 'تقرير تحميل المستودع', actions: REPORT },
  { key: 'ConsigneeWarehouseLoadingReport', group: 'reports', en: 'Consignee warehouse loading report', ar: 'تقرير تحميل مستودع المستلم', actions: REPORT },
  { key: 'AllConsigneeStockReport', group: 'reports', en: 'All consignee stock report', ar: 'تقرير مخزون جميع المستلمين', actions: REPORT },
  { key: 'WarehouseMonthlyReport', group: 'reports', en: 'Warehouse monthly report', ar: 'التقرير الشهري للمستودع', actions: REPORT },
  { key: 'WarehouseVesselDetailReport', group: 'reports', en: 'Warehouse vessel detail report', ar: 'تقرير تفاصيل سفن المستودع', actions: REPORT },
  { key: 'ConsigneeCargoReport', group: 'reports', en: 'Consignee cargo report', ar: 'تقرير بضائع المستلم', actions: REPORT },
  { key: 'ConsigneeStockReport', group: 'reports', en: 'Consignee stock report', ar: 'تقرير مخزون المستلم', actions: REPORT },
  { key: 'VesselDeliveryDetailReport', group: 'reports', en: 'Vessel delivery detail report', ar: 'تقرير تفاصيل تسليم السفن', actions: REPORT },
  { key: 'CurrentStockReport', group: 'reports', en: 'Current stock report', ar: 'تقرير المخزون الحالي', actions: REPORT },
  { key: 'LcWiseReport', group: 'reports', en: 'LC wise report', ar: 'تقرير حسب الاعتماد', actions: REPORT },
  { key: 'ReportBuilder', group: 'reports', en: 'Report builder', ar: 'منشئ التقارير', actions: REPORT },
  { key: 'ApprovalVessel', group: 'vesselQuantityApproval', en: 'Vessel quantity approval (vessel)', ar: 'اعتماد كمية السفينة', actions: [...TXN, 'approve'] },
  { key: 'VesselQuantityApproval', group: 'vesselQuantityApproval', en: 'Quantity approval', ar: 'اعتماد الكمية', actions: [...TXN, 'approve'] },
  { key: 'OutboundFirstWeight', group: 'outboundWeight', en: 'Outbound first weight', ar: 'الوزن الأول للخروج', actions: TXN },
  { key: 'OutboundSecondWeight', group: 'outboundWeight', en: 'Outbound second weight', ar: 'الوزن الثاني للخروج', actions: TXN },
  // A weight typed by the user instead of captured from the weighbridge (with a reason, shown as MANUAL): canAddManualWeight.
  { key: 'ManualWeight', group: 'outboundWeight', en: 'Manual weight', ar: 'الوزن اليدوي', actions: ['add'] },
  { key: 'UserStaffManagement', group: 'staff', en: 'Users', ar: 'المستخدمون', actions: CRUD },
  { key: 'RolesStaffManagement', group: 'staff', en: 'Roles', ar: 'الأدوار', actions: CRUD },
  { key: 'ApprovalRule', group: 'staff', en: 'Approval rules', ar: 'قواعد الاعتماد', actions: CRUD },
  { key: 'EmailSettings', group: 'staff', en: 'E-mail settings', ar: 'إعدادات البريد الإلكتروني', actions: CRUD },
  { key: 'TruckRule', group: 'staff', en: 'Truck rules', ar: 'قواعد الشاحنات', actions: CRUD },
  { key: 'DriverRule', group: 'staff', en: 'Driver rules', ar: 'قواعد السائقين', actions: CRUD },
  { key: 'CargoControlRule', group: 'masterData', en: 'Cargo control rules', ar: 'قواعد التحكم بالبضائع', actions: CRUD },
  { key: 'HandlingLossRule', group: 'masterData', en: 'Handling loss rules', ar: 'قواعد فاقد المناولة', actions: CRUD },
  { key: 'Consignee', group: 'masterData', en: 'Consignees', ar: 'المستلمون', actions: CRUD },
  { key: 'Seller', group: 'masterData', en: 'Sellers', ar: 'البائعون', actions: CRUD },
  { key: 'Buyer', group: 'masterData', en: 'Buyers', ar: 'المشترون', actions: CRUD },
  { key: 'Customer', group: 'masterData', en: 'Customers', ar: 'العملاء', actions: CRUD },
  { key: 'ShipmentManager', group: 'masterData', en: 'Shipment managers', ar: 'مديرو الشحنات', actions: CRUD },
  { key: 'Transporter', group: 'masterData', en: 'Transporters', ar: 'الناقلون', actions: CRUD },
  { key: 'Supplier', group: 'masterData', en: 'Suppliers', ar: 'الموردون', actions: CRUD },
  { key: 'Vessel', group: 'masterData', en: 'Vessels', ar: 'السفن', actions: CRUD },
  { key: 'CargoType', group: 'masterData', en: 'Cargo types', ar: 'أنواع البضائع', actions: CRUD },
  { key: 'Driver', group: 'masterData', en: 'Drivers', ar: 'السائقون', actions: CRUD },
  { key: 'Truck', group: 'masterData', en: 'Trucks', ar: 'الشاحنات', actions: CRUD },
  { key: 'Warehouse', group: 'masterData', en: 'Warehouses and silos', ar: 'المستودعات والصوامع', actions: CRUD },
  { key: 'DeliveryLocation', group: 'masterData', en: 'Delivery locations', ar: 'مواقع التسليم', actions: CRUD },
  { key: 'Port', group: 'masterData', en: 'Ports', ar: 'الموانئ', actions: CRUD },
  { key: 'Berth', group: 'masterData', en: 'Berths', ar: 'الأرصفة', actions: CRUD },
  { key: 'WeightMachine', group: 'masterData', en: 'Weight machines', ar: 'موازين الشاحنات', actions: CRUD },
  { key: 'HikConnect', group: 'masterData', en: 'Hik-Connect devices', ar: 'أجهزة Hik-Connect', actions: CRUD },
  { key: 'CaptureImage', group: 'masterData', en: 'Captured images', ar: 'الصور الملتقطة', actions: ['view', 'add', 'export'] },
  { key: 'Destination', group: 'masterData', en: 'Destinations', ar: 'الوجهات', actions: CRUD },
];

const actionPrefix: Record<PermissionAction, string> = {
  view: 'canView',
  add: 'canAdd',
  edit: 'canEdit',
  reverse: 'canReverse',
  approve: 'canApprove',
  export: 'canExport',
  correct: 'canCorrect',
};

/** The flag name of one action on one module, e.g. permissionFlag('Truck', 'edit') === 'canEditTruck'. */
export function permissionFlag(moduleKey: string, action: PermissionAction): string {
  return `${actionPrefix[action]}${moduleKey}`;
}

/** Flags named by spec section 6 that are not a module action. */
export const specialPermissions = [
  { flag: 'canViewWarehouseDashboardExcel', group: 'dashboard', en: 'Warehouse dashboard Excel export', ar: 'تصدير لوحة المستودعات إلى Excel' },
  { flag: 'canViewWarehouseDashboardAttachedVessel', group: 'dashboard', en: 'Attached vessel filter (warehouse)', ar: 'مرشح السفينة المرتبطة (المستودع)' },
  { flag: 'canViewInOutStatsDashboardAttachedVessel', group: 'dashboard', en: 'Attached vessel filter (IN/OUT stats)', ar: 'مرشح السفينة المرتبطة (إحصاءات الدخول والخروج)' },
  { flag: 'canViewEntryTypeWarehouseOut', group: 'wareHouse', en: 'Entry type filter (warehouse out)', ar: 'مرشح نوع الإدخال (خروج المستودع)' },
  { flag: 'canFilterTransporterWarehouseOut', group: 'wareHouse', en: 'Transporter filter (warehouse out)', ar: 'مرشح الناقل (خروج المستودع)' },
] as const satisfies readonly { flag: string; group: PermissionGroup; en: string; ar: string }[];

/** Flags only a super admin holds; they are never granted through a role. */
export const SUPER_ADMIN_FLAGS = ['canViewAgencies', 'canViewSettings'] as const;

export interface PermissionEntry {
  flag: string;
  group: PermissionGroup;
  en: string;
  ar: string;
}

const actionLabelsAr: Record<PermissionAction, string> = {
  view: 'عرض',
  add: 'إضافة',
  edit: 'تعديل',
  reverse: 'عكس',
  approve: 'اعتماد',
  export: 'تصدير',
  correct: 'تصحيح',
};

/** Every flag a role can grant, in display order. */
export const permissionCatalogue: readonly PermissionEntry[] = [
  ...permissionModules.flatMap((m) =>
    m.actions.map((action) => ({
      flag: permissionFlag(m.key, action),
      group: m.group,
      en: `${m.en}: ${action}`,
      ar: `${m.ar}: ${actionLabelsAr[action]}`,
    })),
  ),
  ...specialPermissions,
];

export const ALL_PERMISSION_FLAGS: ReadonlySet<string> = new Set(permissionCatalogue.map((p) => p.flag));

/** Who is asking, as far as a permission check needs to know. */
export interface PermissionSubject {
  isSuperAdmin: boolean;
  isAgencyAdmin: boolean;
  permissions: readonly string[];
}

/**
 * The check of spec section 6: super admins and agency admins pass every check; anyone else needs at least
 * one of the comma-separated permissions asked for. Super-admin-only flags pass for super admins alone.
 */
export function hasPermission(subject: PermissionSubject, required: string): boolean {
  const wanted = required.split(',').map((p) => p.trim()).filter(Boolean);
  if (subject.isSuperAdmin) return true;
  if (wanted.length > 0 && wanted.every((p) => (SUPER_ADMIN_FLAGS as readonly string[]).includes(p))) return false;
  if (subject.isAgencyAdmin) return true;
  return wanted.some((p) => subject.permissions.includes(p));
}

/**
 * Whether a user holds any permission at all (spec 2.1: an agency user or company admin whose role grants
 * nothing sees 'User have No Permissions, Please contact Admin' and nothing of the agency). Super admins and
 * agency admins always do; super-admin-only flags count for nobody else.
 */
export function hasAnyPermission(subject: PermissionSubject): boolean {
  if (subject.isSuperAdmin || subject.isAgencyAdmin) return true;
  return subject.permissions.some((p) => !(SUPER_ADMIN_FLAGS as readonly string[]).includes(p));
}
