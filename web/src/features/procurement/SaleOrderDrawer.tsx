import { useEffect, useState } from 'react';
import { App, DatePicker, Drawer, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { DATE_FORMAT, ProcurementMessages, type TSaleOrder } from '@tonnage/contracts';
import { reportFailure } from '../../app/api';
import { translateMessage } from '../../app/i18n';
import { FormFooter } from '../../components/FormFooter';
import { saveSaleOrder } from './procurement-api';
import { quantityProblem, remapDetails, saleOrderFieldOf, saleOrderFormValues, saleOrderPayload, type SaleOrderFormValues } from './procurement-form';
import { useCargoOptions, useCompanyOptions, withKnown } from './procurement-options';

const FIELDS = ['number', 'sellerId', 'buyerId', 'cargoTypeId', 'quantity', 'orderDate', 'deliveryPeriod', 'remarks'];

export interface SaleOrderDrawerProps {
  open: boolean;
  /** The sale order to edit; null to add one. */
  saleOrder: TSaleOrder | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Add or edit a sale order (seller, buyer, cargo type, quantity MT, order date, delivery period, remarks). */
export function SaleOrderDrawer({ open, saleOrder, onClose, onSaved }: SaleOrderDrawerProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<SaleOrderFormValues>();
  const [saving, setSaving] = useState(false);
  const sellers = useCompanyOptions('seller');
  const buyers = useCompanyOptions('buyer');
  const cargo = useCargoOptions();

  useEffect(() => {
    if (open) {
      form.resetFields();
      form.setFieldsValue(saleOrderFormValues(saleOrder));
    }
  }, [open, saleOrder, form]);

  const submit = async (values: SaleOrderFormValues) => {
    setSaving(true);
    const result = await saveSaleOrder(saleOrder?.id ?? null, saleOrderPayload(values));
    setSaving(false);
    if (!result.ok) {
      const details = remapDetails(result.error.details, saleOrderFieldOf);
      const fieldErrors = Object.entries(details)
        .filter(([name]) => FIELDS.includes(name))
        .map(([name, text]) => ({ name: name as keyof SaleOrderFormValues, errors: [translateMessage(text)] }));
      if (fieldErrors.length > 0) form.setFields(fieldErrors);
      else reportFailure(result.status, result.error);
      return;
    }
    void message.success(t('procurement.saved'));
    onSaved();
  };

  const known = (id: number | undefined, name: string | undefined) => (id && name ? { value: id, label: name } : null);
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={saleOrder ? t('procurement.editSaleOrder') : t('procurement.addSaleOrder')}
      size="large"
      destroyOnHidden
      data-testid="sale-order-drawer"
    >
      <Form<SaleOrderFormValues> form={form} layout="vertical" onFinish={(values) => void submit(values)} data-testid="sale-order-form">
        <Form.Item name="number" label={t('procurement.number')} rules={[{ required: true, whitespace: true, message: t('procurement.required.number') }, { max: 50 }]}>
          <Input maxLength={50} data-testid="sale-order-number" />
        </Form.Item>
        <Form.Item name="sellerId" label={t('procurement.seller')} rules={[{ required: true, message: translateMessage(ProcurementMessages.sellerRequired) }]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            options={withKnown(sellers.options, known(saleOrder?.sellerId, saleOrder?.sellerName))}
            loading={sellers.loading}
            placeholder={t('procurement.select')}
            data-testid="sale-order-seller"
          />
        </Form.Item>
        <Form.Item name="buyerId" label={t('procurement.buyer')} rules={[{ required: true, message: translateMessage(ProcurementMessages.buyerRequired) }]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            options={withKnown(buyers.options, known(saleOrder?.buyerId, saleOrder?.buyerName))}
            loading={buyers.loading}
            placeholder={t('procurement.select')}
            data-testid="sale-order-buyer"
          />
        </Form.Item>
        <Form.Item name="cargoTypeId" label={t('procurement.cargoType')} rules={[{ required: true, message: translateMessage(ProcurementMessages.cargoTypeRequired) }]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            options={withKnown(cargo.options, known(saleOrder?.cargoTypeId, saleOrder?.cargoTypeName))}
            loading={cargo.loading}
            placeholder={t('procurement.select')}
            data-testid="sale-order-cargo-type"
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
          <Input inputMode="decimal" dir="ltr" data-testid="sale-order-quantity" />
        </Form.Item>
        <Form.Item name="orderDate" label={t('procurement.orderDate')} rules={[{ required: true, message: t('procurement.required.orderDate') }]}>
          <DatePicker format={DATE_FORMAT} className="full-width" data-testid="sale-order-date" />
        </Form.Item>
        <Form.Item name="deliveryPeriod" label={t('procurement.deliveryPeriod')}>
          <DatePicker.RangePicker format={DATE_FORMAT} allowEmpty={[true, true]} className="full-width" data-testid="sale-order-delivery" />
        </Form.Item>
        <Form.Item name="remarks" label={t('procurement.remarks')} rules={[{ max: 255 }]}>
          <Input.TextArea rows={3} maxLength={255} data-testid="sale-order-remarks" />
        </Form.Item>
        <FormFooter saving={saving} onCancel={onClose} testIdPrefix="sale-order" />
      </Form>
    </Drawer>
  );
}
