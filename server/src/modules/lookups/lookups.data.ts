import { VESSEL_TYPES as VESSEL_TYPE_ROWS, type TLookupRow } from '@tonnage/contracts';

/**
 * The fixed lookup tables of `GET /api/lookups` (spec sections 3 and 7). Ids are stable: other tables store
 * them, so a row is never renumbered; new rows take the next id.
 *
 * Company types follow the order in which the spec lists them, so ids 2 to 5 (which the spec says are used for
 * specific types) are buyer, consignee, seller and shipment manager, the types procurement and the consignee
 * and shipment-manager pickers single out.
 */
export const COMPANY_TYPES = [
  { id: 1, key: 'transporter', name: 'Transporter', nameAr: 'ناقل' },
  { id: 2, key: 'buyer', name: 'Buyer', nameAr: 'مشترٍ' },
  { id: 3, key: 'consignee', name: 'Consignee', nameAr: 'مستلم' },
  { id: 4, key: 'seller', name: 'Seller', nameAr: 'بائع' },
  { id: 5, key: 'shipmentManager', name: 'Shipment Manager', nameAr: 'مدير الشحنة' },
  { id: 6, key: 'customer', name: 'Customer', nameAr: 'عميل' },
  { id: 7, key: 'supplier', name: 'Supplier', nameAr: 'مورد' },
] as const satisfies readonly TLookupRow[];

export type CompanyTypeKey = (typeof COMPANY_TYPES)[number]['key'];

/** Company type ids by key, for the modules that store or filter by a company type. */
export const CompanyTypeId = Object.fromEntries(COMPANY_TYPES.map((row) => [row.key, row.id])) as Record<CompanyTypeKey, number>;

/** Vessel classes of the dry bulk trade, plus general cargo and other: declared with the vessel resource. */
export const VESSEL_TYPES: readonly TLookupRow[] = VESSEL_TYPE_ROWS;

/** Whom a consignee record stands for: a consignee proper, or a shipment manager (shown marked SM in pickers). */
export const CONSIGNEE_TYPES = [
  { id: 1, key: 'consignee', name: 'Consignee', nameAr: 'مستلم' },
  { id: 2, key: 'shipmentManager', name: 'Shipment Manager (SM)', nameAr: 'مدير الشحنة (SM)' },
] as const satisfies readonly TLookupRow[];

/** Transaction type codes of spec section 3: L (loan), LR (loan return), sale. */
export const TRANSACTION_TYPES = [
  { id: 1, key: 'L', name: 'Loan', nameAr: 'قرض' },
  { id: 2, key: 'LR', name: 'Loan return', nameAr: 'إرجاع القرض' },
  { id: 3, key: 'sale', name: 'Sale', nameAr: 'بيع' },
] as const satisfies readonly TLookupRow[];

/** Location kinds of spec section 3. */
export const LOCATION_TYPES = [
  { id: 1, key: 'PORT', name: 'Port', nameAr: 'ميناء' },
  { id: 2, key: 'WAREHOUSE', name: 'Warehouse', nameAr: 'مستودع' },
  { id: 3, key: 'DD', name: 'Direct delivery', nameAr: 'تسليم مباشر' },
  { id: 4, key: 'CD', name: 'Customer delivery', nameAr: 'تسليم العميل' },
] as const satisfies readonly TLookupRow[];

/** ISO 3166-1 alpha-2 code of the country forms start with. */
export const DEFAULT_COUNTRY_CODE = 'SA';
