import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PickerSelect, type PickerProps } from './PickerSelect';
import { usePickerData, warehouseChoices, type StorageType } from './picker-data';

export interface WarehousePickerProps extends PickerProps {
  /** Also offers consignee- and customer-owned (delivery) locations. */
  allowAll?: boolean;
  /** 1: silo locations (silo or both), 2: non-silo locations (open area or both), 3: any. */
  storageType?: StorageType;
}

/**
 * Warehouses of the selected agency (spec 6), limited by the user's locations. A controlled select for a
 * Form.Item (rule: `requiredPickerRule(t, 'warehouseRequired')`: 'Please Select Warehouse!').
 */
export function WarehousePicker({ allowAll = false, storageType, placeholder, ...props }: WarehousePickerProps) {
  const { t } = useTranslation();
  const { locations, scope, loading } = usePickerData();
  const options = useMemo(
    () => warehouseChoices(locations, { scope, allowAll, storageType }).map((location) => ({ value: location.id, label: location.name })),
    [locations, scope, allowAll, storageType],
  );
  return (
    <PickerSelect {...props} options={options} loading={loading} filterProp="label" placeholder={placeholder ?? t('pickers.selectWarehouse')} />
  );
}
