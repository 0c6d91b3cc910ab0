import { useMemo, type ReactNode } from 'react';
import { Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { consignmentTransaction, type TConsignment } from '@tonnage/contracts';
import { ConsigneePicker } from '../../components/pickers';
import { usePickerData } from '../../components/pickers/picker-data';
import { TransactionFormDrawer } from '../../components/transactions/form/TransactionFormDrawer';
import { consignmentFieldOf, consignmentFormSections, consignmentFormValues, consignmentPayload, type ConsignmentFormValues } from './procurement-form';
import { SaleOrderSelect } from './procurement-options';
import { SharedProcurementField, isSharedProcurementField, useProcurementForm, type ProcurementDrawerProps } from './ProcurementFields';

export interface ConsignmentDrawerProps extends ProcurementDrawerProps {
  /** The consignment to edit; null to add one. */
  consignment: TConsignment | null;
}

/**
 * Add or edit a consignment: an LC or a PO (a toggle and one number field, so never both), ref number, sale order
 * (its cargo type is taken over), BL consignee (its shipment manager is proposed), shipment manager, quantity MT.
 */
export function ConsignmentDrawer({ open, consignment, onClose, onSaved }: ConsignmentDrawerProps) {
  const { t } = useTranslation();
  const controller = useProcurementForm<ConsignmentFormValues>({
    declaration: consignmentTransaction,
    sections: consignmentFormSections,
    id: consignment?.id ?? null,
    toInput: consignmentPayload,
    fieldOf: consignmentFieldOf,
    onSaved,
  });
  const { form, item } = controller;
  const { companies } = usePickerData();
  const kind = Form.useWatch('kind', form) ?? 'lc';
  const values = useMemo(() => (open ? consignmentFormValues(consignment) : null), [open, consignment]);

  const renderField = (name: string): ReactNode => {
    if (isSharedProcurementField(name)) {
      const knownCargo = consignment ? { value: consignment.cargoTypeId, label: consignment.cargoTypeName } : null;
      return <SharedProcurementField name={name} item={item} knownCargo={knownCargo} testIdPrefix="consignment" />;
    }
    switch (name) {
      case 'kind':
        return (
          <Form.Item name="kind" label={t('procurement.lcPoType')}>
            <Radio.Group optionType="button" buttonStyle="solid" data-testid="consignment-kind">
              <Radio.Button value="lc" data-testid="consignment-kind-lc">
                {t('procurement.lc')}
              </Radio.Button>
              <Radio.Button value="po" data-testid="consignment-kind-po">
                {t('procurement.po')}
              </Radio.Button>
            </Radio.Group>
          </Form.Item>
        );
      case 'lcPoNumber':
        return (
          <Form.Item {...item('lcPoNumber')} required label={kind === 'lc' ? t('procurement.lcNumber') : t('procurement.poNumber')}>
            <Input maxLength={50} data-testid="consignment-number" />
          </Form.Item>
        );
      case 'refNumber':
        return (
          <Form.Item {...item('refNumber')} label={t('procurement.refNumber')}>
            <Input maxLength={50} data-testid="consignment-ref" />
          </Form.Item>
        );
      case 'saleOrderId':
        return (
          <Form.Item {...item('saleOrderId')} required label={t('procurement.saleOrder')}>
            <SaleOrderSelect
              known={consignment ? { value: consignment.saleOrderId, label: consignment.saleOrderNumber } : null}
              onPick={(saleOrder) => {
                if (saleOrder) form.setFieldsValue({ cargoTypeId: saleOrder.cargoTypeId });
              }}
              data-testid="consignment-sale-order"
            />
          </Form.Item>
        );
      case 'blConsigneeId':
        return (
          <Form.Item {...item('blConsigneeId')} required label={t('procurement.blConsignee')}>
            <ConsigneePicker
              mode="consignee"
              onChange={(value) => {
                const id = typeof value === 'number' ? value : undefined;
                form.setFieldsValue({ blConsigneeId: id });
                const manager = companies.find((company) => company.id === id)?.ShipmentManagerId ?? null;
                if (manager !== null) form.setFieldsValue({ shipmentManagerId: manager });
              }}
              data-testid="consignment-consignee"
            />
          </Form.Item>
        );
      case 'shipmentManagerId':
        return (
          <Form.Item {...item('shipmentManagerId')} label={t('procurement.shipmentManager')}>
            <ConsigneePicker mode="sm" allowClear data-testid="consignment-shipment-manager" />
          </Form.Item>
        );
      default:
        return null;
    }
  };

  return (
    <TransactionFormDrawer<ConsignmentFormValues>
      open={open}
      title={consignment ? t('procurement.editConsignment') : t('procurement.addConsignment')}
      controller={controller}
      values={values}
      record={consignment}
      renderField={renderField}
      onClose={onClose}
      testIdPrefix="consignment"
    />
  );
}
