import { useMemo, type ReactNode } from 'react';
import { DatePicker, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { DATE_FORMAT, saleOrderTransaction, type TSaleOrder } from '@tonnage/contracts';
import { TransactionForm } from '../../components/transactions/form/TransactionForm';
import { TransactionFormDrawer } from '../../components/transactions/form/TransactionFormDrawer';
import { useTransactionForm } from '../../components/transactions/form/useTransactionForm';
import { saleOrderFieldOf, saleOrderFormSections, saleOrderFormValues, saleOrderPayload, type SaleOrderFormValues } from './procurement-form';
import { procurementKeys } from './procurement-api';
import { useCargoOptions, useCompanyOptions, withKnown } from './procurement-options';

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
  const controller = useTransactionForm<SaleOrderFormValues>({
    declaration: saleOrderTransaction,
    sections: saleOrderFormSections,
    // The list pages still cache under their own keys until they read through the kit's hooks.
    invalidate: [procurementKeys.saleOrders],
    id: saleOrder?.id ?? null,
    toInput: saleOrderPayload,
    fieldOf: saleOrderFieldOf,
    successMessage: () => t('procurement.saved'),
    onSaved: () => onSaved(),
  });
  const { item } = controller;
  const sellers = useCompanyOptions('seller');
  const buyers = useCompanyOptions('buyer');
  const cargo = useCargoOptions();
  const values = useMemo(() => (open ? saleOrderFormValues(saleOrder) : null), [open, saleOrder]);

  const known = (id: number | undefined, name: string | undefined) => (id && name ? { value: id, label: name } : null);
  const renderField = (name: string): ReactNode => {
    switch (name) {
      case 'number':
        return (
          <Form.Item {...item('number')} required label={t('procurement.number')}>
            <Input maxLength={50} data-testid="sale-order-number" />
          </Form.Item>
        );
      case 'sellerId':
        return (
          <Form.Item {...item('sellerId')} required label={t('procurement.seller')}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              options={withKnown(sellers.options, known(saleOrder?.sellerId, saleOrder?.sellerName))}
              loading={sellers.loading}
              placeholder={t('procurement.select')}
              data-testid="sale-order-seller"
            />
          </Form.Item>
        );
      case 'buyerId':
        return (
          <Form.Item {...item('buyerId')} required label={t('procurement.buyer')}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              options={withKnown(buyers.options, known(saleOrder?.buyerId, saleOrder?.buyerName))}
              loading={buyers.loading}
              placeholder={t('procurement.select')}
              data-testid="sale-order-buyer"
            />
          </Form.Item>
        );
      case 'cargoTypeId':
        return (
          <Form.Item {...item('cargoTypeId')} required label={t('procurement.cargoType')}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              options={withKnown(cargo.options, known(saleOrder?.cargoTypeId, saleOrder?.cargoTypeName))}
              loading={cargo.loading}
              placeholder={t('procurement.select')}
              data-testid="sale-order-cargo-type"
            />
          </Form.Item>
        );
      case 'quantity':
        return (
          <Form.Item {...item('quantity')} required label={t('procurement.quantity')}>
            <Input inputMode="decimal" dir="ltr" data-testid="sale-order-quantity" />
          </Form.Item>
        );
      case 'orderDate':
        return (
          <Form.Item {...item('orderDate')} required label={t('procurement.orderDate')}>
            <DatePicker format={DATE_FORMAT} className="full-width" data-testid="sale-order-date" />
          </Form.Item>
        );
      case 'deliveryPeriod':
        return (
          <Form.Item {...item('deliveryPeriod')} label={t('procurement.deliveryPeriod')}>
            <DatePicker.RangePicker format={DATE_FORMAT} allowEmpty={[true, true]} className="full-width" data-testid="sale-order-delivery" />
          </Form.Item>
        );
      case 'remarks':
        return (
          <Form.Item {...item('remarks')} label={t('procurement.remarks')}>
            <Input.TextArea rows={3} maxLength={255} data-testid="sale-order-remarks" />
          </Form.Item>
        );
      default:
        return null;
    }
  };

  return (
    <TransactionFormDrawer
      open={open}
      title={saleOrder ? t('procurement.editSaleOrder') : t('procurement.addSaleOrder')}
      controller={controller}
      values={values}
      onClose={onClose}
      testId="sale-order-drawer"
    >
      <TransactionForm<SaleOrderFormValues>
        controller={controller}
        renderField={renderField}
        initialValues={values ?? undefined}
        record={saleOrder}
        onCancel={onClose}
        testId="sale-order-form"
        testIdPrefix="sale-order"
      />
    </TransactionFormDrawer>
  );
}
