import { useMemo, type ReactNode } from 'react';
import { DatePicker, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { DATE_FORMAT, saleOrderTransaction, type TSaleOrder } from '@tonnage/contracts';
import { TransactionFormDrawer } from '../../components/transactions/form/TransactionFormDrawer';
import { saleOrderFieldOf, saleOrderFormSections, saleOrderFormValues, saleOrderPayload, type SaleOrderFormValues } from './procurement-form';
import { procurementKeys } from './procurement-api';
import { useCompanyOptions } from './procurement-options';
import { KnownOptionSelect, SharedProcurementField, isSharedProcurementField, useProcurementForm, type ProcurementDrawerProps } from './ProcurementFields';

export interface SaleOrderDrawerProps extends ProcurementDrawerProps {
  /** The sale order to edit; null to add one. */
  saleOrder: TSaleOrder | null;
}

/** Add or edit a sale order (seller, buyer, cargo type, quantity MT, order date, delivery period, remarks). */
export function SaleOrderDrawer({ open, saleOrder, onClose, onSaved }: SaleOrderDrawerProps) {
  const { t } = useTranslation();
  const controller = useProcurementForm<SaleOrderFormValues>({
    declaration: saleOrderTransaction,
    sections: saleOrderFormSections,
    listKey: procurementKeys.saleOrders,
    id: saleOrder?.id ?? null,
    toInput: saleOrderPayload,
    fieldOf: saleOrderFieldOf,
    onSaved,
  });
  const { item } = controller;
  const sellers = useCompanyOptions('seller');
  const buyers = useCompanyOptions('buyer');
  const values = useMemo(() => (open ? saleOrderFormValues(saleOrder) : null), [open, saleOrder]);

  const known = (id: number | undefined, name: string | undefined) => (id && name ? { value: id, label: name } : null);
  const renderField = (name: string): ReactNode => {
    if (isSharedProcurementField(name)) return <SharedProcurementField name={name} item={item} knownCargo={known(saleOrder?.cargoTypeId, saleOrder?.cargoTypeName)} testIdPrefix="sale-order" />;
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
            <KnownOptionSelect choices={sellers} known={known(saleOrder?.sellerId, saleOrder?.sellerName)} data-testid="sale-order-seller" />
          </Form.Item>
        );
      case 'buyerId':
        return (
          <Form.Item {...item('buyerId')} required label={t('procurement.buyer')}>
            <KnownOptionSelect choices={buyers} known={known(saleOrder?.buyerId, saleOrder?.buyerName)} data-testid="sale-order-buyer" />
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
      default:
        return null;
    }
  };

  return (
    <TransactionFormDrawer<SaleOrderFormValues>
      open={open}
      title={saleOrder ? t('procurement.editSaleOrder') : t('procurement.addSaleOrder')}
      controller={controller}
      values={values}
      record={saleOrder}
      renderField={renderField}
      onClose={onClose}
      testIdPrefix="sale-order"
    />
  );
}
