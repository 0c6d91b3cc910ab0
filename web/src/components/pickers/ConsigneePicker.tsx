import { useMemo } from 'react';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { PickerSelect, type PickerProps } from './PickerSelect';
import { consigneeChoices, usePickerData, type ConsigneePickerMode } from './picker-data';

export interface ConsigneePickerProps extends PickerProps {
  /** consignee, sm (shipment managers), both, or all (both, unscoped for admins). */
  mode?: ConsigneePickerMode;
  /** Offers only consignees of these shipment managers. */
  shipmentManagerIds?: readonly number[] | null;
}

/**
 * Consignees and shipment managers of the selected agency (spec 6), within the user's data scope; shipment
 * managers carry an "SM" tag. A controlled select for a Form.Item (rule: `requiredPickerRule(t, 'consigneeRequired')`).
 */
export function ConsigneePicker({ mode = 'consignee', shipmentManagerIds, placeholder, ...props }: ConsigneePickerProps) {
  const { t } = useTranslation();
  const { companies, scope, isAdmin, loading } = usePickerData();
  const options = useMemo(
    () =>
      consigneeChoices(companies, mode, { scope, isAdmin, shipmentManagerIds }).map((choice) => ({
        value: choice.id,
        title: choice.name,
        label: choice.isShipmentManager ? (
          <span className="picker-option">
            {choice.name}{' '}
            <Tag color="blue" className="picker-tag" data-testid="picker-sm-tag">
              {t('pickers.sm')}
            </Tag>
          </span>
        ) : (
          choice.name
        ),
      })),
    [companies, mode, scope, isAdmin, shipmentManagerIds, t],
  );
  return (
    <PickerSelect {...props} options={options} loading={loading} filterProp="title" placeholder={placeholder ?? t(mode === 'sm' ? 'pickers.selectShipmentManager' : 'pickers.selectConsignee')} />
  );
}
