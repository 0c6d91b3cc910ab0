import { useState } from 'react';
import { Alert, App, Button, Card, Col, Descriptions, Form, Input, Row, Select } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Messages, SaleMessages, WarehouseDispatchMessages, consigneeToCustomerTransaction, type TSale } from '@tonnage/contracts';
import { showSubmitFailure } from '../../app/form-errors';
import { translateMessage } from '../../app/i18n';
import { useAgencyPath } from '../../app/navigation';
import { ConsigneePicker, LOCATION_KINDS, LocationPicker, WarehousePicker } from '../../components/pickers';
import { DeliveredTo } from '../../components/cargo/DeliveredTo';
import { DeliveryModeField, TRIP_FIELDS, TripFields, flattenMovementErrors, tripMovement, useByTruck, type TripValues } from '../../components/cargo/TripFields';
import { TransactionFormPage } from '../../components/transactions/form/TransactionFormPage';
import { TransactionListPage } from '../../components/transactions/TransactionListPage';
import { PositionBalance } from '../warehouse-dispatch/PositionBalance';
import { positionKey } from '../warehouse-dispatch/PreOutFormPage';
import { createSale, useSaleCustomers, useSalePositions } from './sales-api';
import { fromTo, reverseQuestion, withQuantity } from '../../components/cargo/reverse-question';

interface SaleValues extends TripValues {
  warehouseId?: number;
  sellerId?: number;
  position?: string;
  customerId?: number;
  quantity?: string;
  remarks?: string;
  delivery?: 'inPlace' | 'truck';
}

const FIELDS = ['warehouseId', 'position', 'customerId', 'quantity', 'remarks', ...TRIP_FIELDS];
const DELIVERY = [LOCATION_KINDS.delivery];

/** `warehouse/consignee-to-customer`: the silo or open area, and the seller marked when a shipment manager sells. */
export function SaleListPage() {
  const { t } = useTranslation();
  return (
    <TransactionListPage
      declaration={consigneeToCustomerTransaction}
      renderers={{
        silo: (row: TSale) => row.siloName ?? t('warehouseDispatch.openArea'),
        seller: (row: TSale) => (row.sellerIsShipmentManager ? t('sales.smMark', { name: row.sellerName }) : row.sellerName),
        delivery: (row: TSale) => <DeliveredTo declaration={consigneeToCustomerTransaction} recordId={row.id} delivery={row.delivery} testId="sale-delivered-to" />,
      }}
      reverse={{ title: (row) => reverseQuestion(t, withQuantity(fromTo(t, row.sellerName, row.customerName), row.quantity)) }}
      hideEdit
    />
  );
}

/** `warehouse/consignee-to-customer/add`: a warehouse, the seller (consignee or SM), its stock there (usable), the customer and the quantity. */
function SaleForm() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const agencyPath = useAgencyPath();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<SaleValues>();
  const [saving, setSaving] = useState(false);
  const warehouseId = Form.useWatch('warehouseId', form);
  const sellerId = Form.useWatch('sellerId', form);
  const positions = useSalePositions(warehouseId, sellerId);
  const customers = useSaleCustomers();
  const key = Form.useWatch('position', form);
  const chosen = (positions.data ?? []).find((p) => positionKey(p) === key);
  const customerId = Form.useWatch('customerId', form);
  const byTruck = useByTruck(form);

  const submit = async (values: SaleValues) => {
    setSaving(true);
    const result = await createSale({
      warehouseId: values.warehouseId,
      siloId: chosen?.siloId ?? null,
      ownerCompanyId: chosen?.ownerCompanyId,
      consignmentId: chosen?.consignmentId,
      cargoTypeId: chosen?.cargoTypeId,
      voyageId: chosen?.voyageId,
      attachedVoyageId: chosen?.attachedVoyageId,
      customerId: values.customerId,
      quantity: values.quantity ?? '',
      remarks: values.remarks ?? null,
      movement: values.delivery === 'truck' ? tripMovement(values) : null,
    });
    setSaving(false);
    if (!result.ok) {
      // A refused seller is the position's owner; a movement's fields are the delivery fields of the form.
      const flat = flattenMovementErrors(result);
      const details: Record<string, string> = { ...(flat.error.details ?? {}) };
      if (details.ownerCompanyId !== undefined) details.position = details.ownerCompanyId;
      const error = { ...flat, error: { ...flat.error, details } };
      showSubmitFailure(form, error, FIELDS);
      return;
    }
    void message.success(translateMessage(SaleMessages.created));
    await queryClient.invalidateQueries({ queryKey: [consigneeToCustomerTransaction.key] });
    void navigate(agencyPath(consigneeToCustomerTransaction.route));
  };

  return (
    <Form<SaleValues> form={form} layout="vertical" initialValues={{ delivery: 'inPlace' }} onFinish={(values) => void submit(values)} data-testid="sale-form">
      <Card>
        <Alert type="info" showIcon message={t(byTruck ? 'sales.byTruck' : 'sales.nothingMoves')} style={{ marginBlockEnd: 16 }} />
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="warehouseId" label={t('sales.warehouse')} rules={[{ required: true, message: translateMessage(Messages.warehouseRequired) }]}>
              <WarehousePicker onChange={() => form.setFieldsValue({ position: undefined })} data-testid="sale-warehouse" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="sellerId" label={t('sales.seller')} extra={t('sales.sellerHint')}>
              <ConsigneePicker mode="both" onChange={() => form.setFieldsValue({ position: undefined })} data-testid="sale-seller" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="position" label={t('sales.position')} rules={[{ required: true, message: translateMessage(WarehouseDispatchMessages.positionRequired) }]}>
          <Select<string>
            disabled={warehouseId === undefined}
            loading={positions.isFetching}
            placeholder={t('warehouseDispatch.selectPosition')}
            notFoundContent={t('sales.noPositions')}
            options={(positions.data ?? []).map((p) => ({
              value: positionKey(p),
              label: `${p.siloName ?? t('warehouseDispatch.openArea')} · ${p.ownerName} · ${p.lcPoNumber} · ${p.cargoTypeName} · ${t('warehouseDispatch.usable', { value: p.usable })}`,
            }))}
            data-testid="sale-position"
          />
        </Form.Item>
        {chosen && <PositionBalance position={chosen} usableTestId="sale-usable" />}
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="customerId" label={t('sales.customer')} rules={[{ required: true, message: translateMessage(SaleMessages.customerRequired) }]}>
              <Select<number>
                showSearch
                optionFilterProp="label"
                loading={customers.isFetching}
                options={(customers.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
                onChange={() => form.setFieldsValue({ toLocationId: undefined })}
                data-testid="sale-customer"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="quantity" label={t('cargo.quantityMt')} rules={[{ required: true, message: translateMessage(Messages.quantityPositive) }]}>
              <Input inputMode="decimal" data-testid="sale-quantity" />
            </Form.Item>
          </Col>
        </Row>
        <DeliveryModeField label={t('sales.delivery')} inPlace={t('sales.inPlace')} byTruck={t('sales.deliverByTruck')} testId="sale-delivery-mode" />
        {byTruck && (
          <TripFields
            testId="sale"
            rowTestId="sale-movement"
            destination={
              <Form.Item name="toLocationId" label={t('sales.deliveryLocation')} rules={[{ required: true, message: translateMessage(SaleMessages.deliveryLocationRequired) }]}>
                <LocationPicker kinds={DELIVERY} owner="customer" customerId={customerId ?? null} data-testid="sale-to-location" />
              </Form.Item>
            }
          />
        )}
        <Form.Item name="remarks" label={t('warehouseDispatch.remarks')}>
          <Input.TextArea maxLength={255} rows={2} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="sale-save">
          {t('warehouseDispatch.save')}
        </Button>
      </Card>
    </Form>
  );
}

/** A sale is not edited (reverse it and add another): its record page shows it. */
function SaleView({ record }: { record: TSale }) {
  const { t } = useTranslation();
  return (
    <Card>
      <Descriptions size="small" column={2} bordered data-testid="sale-view">
        <Descriptions.Item label={t('sales.warehouse')}>{record.warehouseName}</Descriptions.Item>
        <Descriptions.Item label={t('sales.silo')}>{record.siloName ?? t('warehouseDispatch.openArea')}</Descriptions.Item>
        <Descriptions.Item label={t('sales.seller')}>{record.sellerIsShipmentManager ? t('sales.smMark', { name: record.sellerName }) : record.sellerName}</Descriptions.Item>
        <Descriptions.Item label={t('sales.customer')}>{record.customerName}</Descriptions.Item>
        <Descriptions.Item label={t('sales.lcPo')}>{record.lcPoNumber}</Descriptions.Item>
        <Descriptions.Item label={t('sales.cargoType')}>{record.cargoTypeName}</Descriptions.Item>
        <Descriptions.Item label={t('cargo.quantityMt')}>
          <bdi>{record.quantity}</bdi>
        </Descriptions.Item>
        <Descriptions.Item label={t('warehouseTransfer.deliveredTo')}>
          <DeliveredTo declaration={consigneeToCustomerTransaction} recordId={record.id} delivery={record.delivery} testId="sale-delivered-to" />
        </Descriptions.Item>
        <Descriptions.Item label={t('warehouseDispatch.remarks')}>{record.remarks ?? ''}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

export default function SaleFormPage() {
  const { t } = useTranslation();
  return (
    <TransactionFormPage<TSale> declaration={consigneeToCustomerTransaction} title={{ add: t('sales.add'), edit: t('sales.title') }} testId="sale-form-page">
      {(record) => (record ? <SaleView record={record} /> : <SaleForm />)}
    </TransactionFormPage>
  );
}
