import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PickerSelect, type PickerProps } from './PickerSelect';
import { LOCATION_KINDS, locationChoices, usePickerData, type LocationOwner } from './picker-data';

export interface LocationPickerProps extends PickerProps {
  /** Location kinds offered (1 warehouse, 2 delivery location); both by default. */
  kinds?: readonly number[];
  /** Only consignees' sites or only customers' sites (a Warehouse Out's destination by its type). */
  owner?: LocationOwner;
  /** Only the locations of this consignee. */
  consigneeId?: number | null;
  /** Only the locations of this customer. */
  customerId?: number | null;
}

/** Locations of the selected agency of the given kinds (spec 6), limited by the user's locations. */
export function LocationPicker({ kinds, owner, consigneeId, customerId, placeholder, ...props }: LocationPickerProps) {
  const { t } = useTranslation();
  const { locations, scope, loading } = usePickerData();
  const options = useMemo(
    () => locationChoices(locations, { scope, kinds, owner, consigneeId, customerId }).map((location) => ({ value: location.id, label: location.name })),
    [locations, scope, kinds, owner, consigneeId, customerId],
  );
  return (
    <PickerSelect {...props} options={options} loading={loading} filterProp="label" placeholder={placeholder ?? t('pickers.selectLocation')} />
  );
}

export interface DestinationPickerProps extends PickerProps {
  /** The receiving consignee: its delivery locations are offered besides the agency's warehouses (none: warehouses alone). */
  consigneeId: number | null;
}

/**
 * Where a truck may deliver a consignee's cargo to another consignee: the agency's own warehouses (not a consignee's
 * or customer's) and the receiving consignee's delivery locations, in the user's locations. The server checks it again.
 */
export function DestinationPicker({ consigneeId, placeholder, ...props }: DestinationPickerProps) {
  const { t } = useTranslation();
  const { locations, scope, loading } = usePickerData();
  const options = useMemo(() => {
    const warehouses = locationChoices(locations, { scope, kinds: [LOCATION_KINDS.warehouse] }).filter((l) => l.consigneeId === null && l.customerId === null);
    const sites = consigneeId === null ? [] : locationChoices(locations, { scope, kinds: [LOCATION_KINDS.delivery], owner: 'consignee', consigneeId });
    return [...sites, ...warehouses].map((location) => ({ value: location.id, label: location.name }));
  }, [locations, scope, consigneeId]);
  return <PickerSelect {...props} options={options} loading={loading} filterProp="label" placeholder={placeholder ?? t('pickers.selectLocation')} />;
}
