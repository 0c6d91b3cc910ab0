import { useEffect, useState } from 'react';
import { App, Drawer, Form, Input, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ProcurementMessages, type TConsignment } from '@tonnage/contracts';
import { reportFailure } from '../../app/api';
import { translateMessage } from '../../app/i18n';
import { FormFooter } from '../../components/FormFooter';
import { ConsigneePicker } from '../../components/pickers';
import { usePickerData } from '../../components/pickers/picker-data';
import { saveConsignment } from './procurement-api';
import { consignmentFieldOf, consignmentFormValues, consignmentPayload, quantityProblem, remapDetails, type ConsignmentFormValues } from './procurement-form';
import { SaleOrderSelect, useCargoOptions, withKnown } from './procurement-options';

const FIELDS = ['kind', 'lcPoNumber', 'refNumber', 'saleOrderId', 'blConsigneeId', 'shipmentManagerId', 'cargoTypeId', 'quantity', 'remarks'];

export interface ConsignmentDrawerProps {
  open: boolean;
  /** The consignment to edit; null to add one. */
  consignment: TConsignment | null;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * Add or edit a consignment: an LC or a PO (a toggle and one number field, so never both), ref number, sale order
 * (its cargo type is taken over), BL consignee (its shipment manager is proposed), shipment manager, quantity MT.
 */
export function ConsignmentDrawer({ open, consignment, onClose, onSaved }: ConsignmentDrawerProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ConsignmentFormValues>();
  const [saving, setSaving] = useState(false);
  const cargo = useCargoOptions();
  const { companies } = usePickerData();
  const kind = Form.useWatch('kind', form) ?? 'lc';

  useEffect(() => {
    if (open) {
      form.resetFields();
      form.setFieldsValue(consignmentFormValues(consignment));
    }
  }, [open, consignment, form]);

  const submit = async (values: ConsignmentFormValues) => {
    setSaving(true);
    const result = await saveConsignment(consignment?.id ?? null, consignmentPayload(values));
    setSaving(false);
    if (!result.ok) {
      const details = remapDetails(result.error.details, consignmentFieldOf);
      const fieldErrors = Object.entries(details)
        .filter(([name]) => FIELDS.includes(name))
        .map(([name, text]) => ({ name: name as keyof ConsignmentFormValues, errors: [translateMessage(text)] }));
      if (fieldErrors.length > 0) form.setFields(fieldErrors);
      else reportFailure(result.status, result.error);
      return;
    }
    void message.success(t('procurement.saved'));
    onSaved();
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={consignment ? t('procurement.editConsignment') : t('procurement.addConsignment')}
      size="large"
      destroyOnHidden
      data-testid="consignment-drawer"
    >
      <Form<ConsignmentFormValues> form={form} layout="vertical" onFinish={(values) => void submit(values)} data-testid="consignment-form">
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
        <Form.Item
          name="lcPoNumber"
          label={kind === 'lc' ? t('procurement.lcNumber') : t('procurement.poNumber')}
          rules={[{ required: true, whitespace: true, message: t('procurement.required.lcPoNumber') }, { max: 50 }]}
        >
          <Input maxLength={50} data-testid="consignment-number" />
        </Form.Item>
        <Form.Item name="refNumber" label={t('procurement.refNumber')} rules={[{ max: 50 }]}>
          <Input maxLength={50} data-testid="consignment-ref" />
        </Form.Item>
        <Form.Item name="saleOrderId" label={t('procurement.saleOrder')} rules={[{ required: true, message: translateMessage(ProcurementMessages.saleOrderRequired) }]}>
          <SaleOrderSelect
            known={consignment ? { value: consignment.saleOrderId, label: consignment.saleOrderNumber } : null}
            onPick={(saleOrder) => {
              if (saleOrder) form.setFieldsValue({ cargoTypeId: saleOrder.cargoTypeId });
            }}
            data-testid="consignment-sale-order"
          />
        </Form.Item>
        <Form.Item name="blConsigneeId" label={t('procurement.blConsignee')} rules={[{ required: true, message: translateMessage(ProcurementMessages.consigneeRequired) }]}>
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
        <Form.Item name="shipmentManagerId" label={t('procurement.shipmentManager')}>
          <ConsigneePicker mode="sm" allowClear data-testid="consignment-shipment-manager" />
        </Form.Item>
        <Form.Item name="cargoTypeId" label={t('procurement.cargoType')} rules={[{ required: true, message: translateMessage(ProcurementMessages.cargoTypeRequired) }]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            options={withKnown(cargo.options, consignment ? { value: consignment.cargoTypeId, label: consignment.cargoTypeName } : null)}
            loading={cargo.loading}
            placeholder={t('procurement.select')}
            data-testid="consignment-cargo-type"
          />
        </Form.Item>
        <Form.Item
          name="quantity"
          label={t('procurement.quantity')}
          rules={[
            {
              validator: (_rule, value: string | undefined) => {
                const problem = quantityProblem(value);
                return problem ? Promise.reject(new Error(t(`procurement.${problem}`))) : Promise.resolve();
              },
            },
          ]}
        >
          <Input inputMode="decimal" dir="ltr" data-testid="consignment-quantity" />
        </Form.Item>
        <Form.Item name="remarks" label={t('procurement.remarks')} rules={[{ max: 255 }]}>
          <Input.TextArea rows={3} maxLength={255} data-testid="consignment-remarks" />
        </Form.Item>
        <FormFooter saving={saving} onCancel={onClose} testIdPrefix="consignment" />
      </Form>
    </Drawer>
  );
}
