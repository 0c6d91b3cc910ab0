import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PickerSelect, type PickerProps } from './PickerSelect';
import { locationChoices, usePickerData } from './picker-data';

export interface LocationPickerProps extends PickerProps {
  /** Location kinds offered (1 warehouse, 2 delivery location); both by default. */
  kinds?: readonly number[];
  /** Only the locations of this consignee. */
  consigneeId?: number | null;
  /** Only the locations of this customer. */
  customerId?: number | null;
  /** Only delivery locations owned by a consignee, or by a customer. */
  owner?: 'consignee' | 'customer';
}

/** Locations of the selected agency of the given kinds (spec 6), limited by the user's locations. */
export function LocationPicker({ kinds, consigneeId, customerId, owner, placeholder, ...props }: LocationPickerProps) {
  const { t } = useTranslation();
  const { locations, scope, loading } = usePickerData();
  const options = useMemo(
    () => locationChoices(locations, { scope, kinds, consigneeId, customerId, owner }).map((location) => ({ value: location.id, label: location.name })),
    [locations, scope, kinds, consigneeId, customerId, owner],
  );
  return (
    <PickerSelect {...props} options={options} loading={loading} filterProp="label" placeholder={placeholder ?? t('pickers.selectLocation')} />
  );
}
