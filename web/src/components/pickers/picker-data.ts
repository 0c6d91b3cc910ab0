import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { COMPANY_TYPE_IDS, type TAgencyCompany, type TAgencyLocation, type TUserContext } from '@tonnage/contracts';
import { useSession } from '../../app/session';
import { useAgencyData } from '../../features/agencies/agency-api';

/** Location kinds of agency data: a warehouse, or a consignee's or customer's delivery location. */
export const LOCATION_KINDS = { warehouse: 1, delivery: 2 } as const;
/** Storage types of a location (spec 3): silos, open area (without silo), both. */
export const STORAGE_TYPES = { silo: 1, openArea: 2, both: 3 } as const;
export type StorageType = (typeof STORAGE_TYPES)[keyof typeof STORAGE_TYPES];

export type DataScope = TUserContext['dataScope'];
export const UNRESTRICTED: DataScope = { shipmentManagerIds: null, consigneeIds: null, locationIds: null };

/** Spec 6: a null list is unrestricted; otherwise only the listed ids. */
export const inScope = (ids: readonly number[] | null, id: number) => ids === null || ids.includes(id);

export interface PickerData {
  locations: readonly TAgencyLocation[];
  companies: readonly TAgencyCompany[];
  scope: DataScope;
  /** Super and agency admins: 'all' pickers ignore the data scope for them. */
  isAdmin: boolean;
  loading: boolean;
}

/**
 * What every picker chooses from: the selected agency's data (`/api/agencies/{id}/agencyData`, already limited by
 * the server to what the user may see; one cached query for the whole session) and the user's data scope.
 */
export function usePickerData(): PickerData {
  const { selectedAgencyId, userContext } = useSession();
  const data = useAgencyData(selectedAgencyId);
  return {
    locations: data.data?.Locations ?? [],
    companies: data.data?.Companies ?? [],
    scope: userContext?.dataScope ?? UNRESTRICTED,
    isAdmin: userContext?.isSuperAdmin === true || userContext?.isAgencyAdmin === true,
    loading: selectedAgencyId !== null && data.isPending,
  };
}

export const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name);

// --- consignees and shipment managers -------------------------------------------------------------------------

/**
 * consignee: consignees only; sm: shipment managers only; both: consignees and shipment managers; all: the same
 * companies, and for admins (super and agency admins) without the data scope (design choice: "all" is the
 * unfiltered list of an admin's report filters; for anyone else it equals "both").
 */
export type ConsigneePickerMode = 'all' | 'both' | 'sm' | 'consignee';

export interface ConsigneeChoice {
  id: number;
  name: string;
  isShipmentManager: boolean;
}

export function consigneeChoices(
  companies: readonly TAgencyCompany[],
  mode: ConsigneePickerMode,
  options: { scope: DataScope; isAdmin: boolean; shipmentManagerIds?: readonly number[] | null },
): ConsigneeChoice[] {
  const scope = mode === 'all' && options.isAdmin ? UNRESTRICTED : options.scope;
  const narrow = options.shipmentManagerIds ?? null;
  const consignees =
    mode === 'sm'
      ? []
      : companies.filter(
          (company) =>
            company.companyTypeId === COMPANY_TYPE_IDS.consignee &&
            inScope(scope.consigneeIds, company.id) &&
            (narrow === null || (company.ShipmentManagerId !== null && narrow.includes(company.ShipmentManagerId))),
        );
  const managers =
    mode === 'consignee'
      ? []
      : companies.filter((company) => company.companyTypeId === COMPANY_TYPE_IDS.shipmentManager && inScope(scope.shipmentManagerIds, company.id));
  return [
    ...[...consignees].sort(byName).map((company) => ({ id: company.id, name: company.name, isShipmentManager: false })),
    ...[...managers].sort(byName).map((company) => ({ id: company.id, name: company.name, isShipmentManager: true })),
  ];
}

// --- locations ----------------------------------------------------------------------------------------------

/** A location owned by a consignee or a customer (a delivery location). */
export const isOwnedLocation = (location: TAgencyLocation) => location.consigneeId !== null || location.customerId !== null;

/** Locations of a storage type: 1 silo locations (silo or both), 2 non-silo (open area or both), 3 any. */
export function hasStorageType(location: TAgencyLocation, storageType: StorageType | undefined): boolean {
  if (storageType === undefined || storageType === STORAGE_TYPES.both) return true;
  if (storageType === STORAGE_TYPES.silo) return location.storageTypeId === STORAGE_TYPES.silo || location.storageTypeId === STORAGE_TYPES.both;
  return location.storageTypeId === STORAGE_TYPES.openArea || location.storageTypeId === STORAGE_TYPES.both;
}

/** Warehouses the user may pick; consignee- or customer-owned locations only with `allowAll`. */
export function warehouseChoices(locations: readonly TAgencyLocation[], options: { scope: DataScope; allowAll?: boolean; storageType?: StorageType }): TAgencyLocation[] {
  return locations
    .filter((location) => (options.allowAll ? true : location.locationKindId === LOCATION_KINDS.warehouse && !isOwnedLocation(location)))
    .filter((location) => hasStorageType(location, options.storageType))
    .filter((location) => inScope(options.scope.locationIds, location.id))
    .sort(byName);
}

/** Locations of the given kinds the user may pick, optionally of one consignee or customer. */
export function locationChoices(
  locations: readonly TAgencyLocation[],
  options: { scope: DataScope; kinds?: readonly number[]; consigneeId?: number | null; customerId?: number | null; owner?: 'consignee' | 'customer' | undefined },
): TAgencyLocation[] {
  const kinds = options.kinds ?? [LOCATION_KINDS.warehouse, LOCATION_KINDS.delivery];
  return locations
    .filter((location) => kinds.includes(location.locationKindId))
    .filter((location) => options.owner === undefined || (options.owner === 'consignee' ? location.consigneeId !== null : location.customerId !== null))
    .filter((location) => options.consigneeId === undefined || options.consigneeId === null || location.consigneeId === options.consigneeId)
    .filter((location) => options.customerId === undefined || options.customerId === null || location.customerId === options.customerId)
    .filter((location) => inScope(options.scope.locationIds, location.id))
    .sort(byName);
}

// --- silos --------------------------------------------------------------------------------------------------

/** The "Open Area Only" choice of the silo picker. */
export const OPEN_AREA_ONLY = 'openArea' as const;
export type SiloChoice = number | typeof OPEN_AREA_ONLY;

/** The open area is offered for locations with an open area (storage type 2 or 3). */
export const hasOpenArea = (location: TAgencyLocation | undefined) =>
  location !== undefined && (location.storageTypeId === STORAGE_TYPES.openArea || location.storageTypeId === STORAGE_TYPES.both);

/**
 * The silo selection after a change: choosing "Open Area Only" clears every silo; choosing a silo removes
 * "Open Area Only".
 */
export function nextSiloSelection(previous: readonly SiloChoice[], next: readonly SiloChoice[]): SiloChoice[] {
  const openAreaAdded = next.includes(OPEN_AREA_ONLY) && !previous.includes(OPEN_AREA_ONLY);
  if (openAreaAdded) return [OPEN_AREA_ONLY];
  return next.includes(OPEN_AREA_ONLY) && next.length > 1 ? next.filter((choice) => choice !== OPEN_AREA_ONLY) : [...next];
}

// --- required rules -----------------------------------------------------------------------------------------

export type PickerRequiredKey = 'consigneeRequired' | 'shipmentManagerRequired' | 'warehouseRequired' | 'locationRequired' | 'siloRequired';

/** The required rule of a picker's Form.Item, with the spec's message in the current language. */
export function requiredPickerRule(t: TFunction, key: PickerRequiredKey): FormRule {
  return { required: true, message: t(`pickers.${key}`) };
}
