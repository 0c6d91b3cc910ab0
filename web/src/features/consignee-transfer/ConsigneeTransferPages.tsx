import { useState } from 'react';
import { Alert, App, Button, Card, Col, Descriptions, Form, Input, Row, Select } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConsigneeDispatchMessages, ConsigneeTransferMessages, LoanMessages, Messages, OwnershipTransferMessages, consigneeTransferTransaction, type TConsigneeTransfer } from '@tonnage/contracts';
import { showSubmitFailure } from '../../app/form-errors';
import { translateMessage } from '../../app/i18n';
import { useAgencyPath } from '../../app/navigation';
import { DeliveryModeField, TRIP_FIELDS, TripFields, flattenMovementErrors, tripMovement, useByTruck, type TripValues } from '../../components/cargo/TripFields';
import { ConsigneePicker, DestinationPicker, LOCATION_KINDS, LocationPicker } from '../../components/pickers';
import { DeliveredTo } from '../../components/cargo/DeliveredTo';
import { TransactionFormPage } from '../../components/transactions/form/TransactionFormPage';
import { TransactionListPage } from '../../components/transactions/TransactionListPage';
import { PositionBalance } from '../warehouse-dispatch/PositionBalance';
import { positionKey } from '../warehouse-dispatch/PreOutFormPage';
import { createConsigneeTransfer, useConsigneeTransferPositions } from './consignee-transfer-api';
import { fromTo, reverseQuestion, withQuantity } from '../../components/cargo/reverse-question';

interface TransferValues extends TripValues {
  delivery?: 'inPlace' | 'truck';
  locationId?: number;
  position?: string;
  toOwnerCompanyId?: number;
  quantity?: string;
  remarks?: string;
}

const FIELDS = ['locationId', 'position', 'toOwnerCompanyId', 'quantity', 'remarks', ...TRIP_FIELDS];
const DELIVERY = [LOCATION_KINDS.delivery];

/** `consignee/consignee-transfer`: the consignee transfers (kind consigneeTransfer of the ownership transfers). */
export function ConsigneeTransferListPage() {
  const { t } = useTranslation();
  return (
    <TransactionListPage
      declaration={consigneeTransferTransaction}
      renderers={{ delivery: (row: TConsigneeTransfer) => <DeliveredTo declaration={consigneeTransferTransaction} recordId={row.id} delivery={row.delivery} testId="ct-delivery" /> }}
      reverse={{ title: (row) => reverseQuestion(t, withQuantity(fromTo(t, row.fromOwnerName, row.toOwnerName), row.quantity)) }}
      hideEdit
    />
  );
}

/** `consignee/consignee-transfer/add`: a consignee location, a consignee's stock there (usable), the new consignee and the quantity. */
function ConsigneeTransferForm() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const agencyPath = useAgencyPath();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<TransferValues>();
  const [saving, setSaving] = useState(false);
  const locationId = Form.useWatch('locationId', form);
  const positions = useConsigneeTransferPositions(locationId);
  const key = Form.useWatch('position', form);
  const chosen = (positions.data ?? []).find((p) => positionKey(p) === key);
  const byTruck = useByTruck(form);
  const toOwnerCompanyId = Form.useWatch('toOwnerCompanyId', form);

  const submit = async (values: TransferValues) => {
    setSaving(true);
    const result = await createConsigneeTransfer({
      locationId: values.locationId,
      ownerCompanyId: chosen?.ownerCompanyId,
      consignmentId: chosen?.consignmentId,
      cargoTypeId: chosen?.cargoTypeId,
      voyageId: chosen?.voyageId,
      attachedVoyageId: chosen?.attachedVoyageId,
      toOwnerCompanyId: values.toOwnerCompanyId,
      quantity: values.quantity ?? '',
      remarks: values.remarks ?? null,
      movement: values.delivery === 'truck' ? tripMovement(values) : null,
    });
    setSaving(false);
    if (!result.ok) {
      const flat = flattenMovementErrors(result);
      const error = flat.error.details?.ownerCompanyId === undefined ? flat : { ...flat, error: { ...flat.error, details: { ...flat.error.details, position: flat.error.details.ownerCompanyId } } };
      showSubmitFailure(form, error, FIELDS);
      return;
    }
    void message.success(translateMessage(ConsigneeTransferMessages.created));
    await queryClient.invalidateQueries({ queryKey: [consigneeTransferTransaction.key] });
    void navigate(agencyPath(consigneeTransferTransaction.route));
  };

  return (
    <Form<TransferValues> form={form} layout="vertical" initialValues={{ delivery: 'inPlace' }} onFinish={(values) => void submit(values)} data-testid="consignee-transfer-form">
      <Card>
        <Alert type="info" showIcon message={t(byTruck ? 'consigneeTransfer.byTruck' : 'consigneeTransfer.nothingMoves')} style={{ marginBlockEnd: 16 }} />
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="locationId" label={t('consigneeTransfer.location')} rules={[{ required: true, message: translateMessage(ConsigneeDispatchMessages.consigneeLocationRequired) }]}>
              <LocationPicker kinds={DELIVERY} owner="consignee" onChange={() => form.setFieldsValue({ position: undefined })} data-testid="ct-location" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="position" label={t('consigneeTransfer.position')} rules={[{ required: true, message: translateMessage(OwnershipTransferMessages.positionRequired) }]}>
              <Select<string>
                disabled={locationId === undefined}
                loading={positions.isFetching}
                placeholder={t('warehouseDispatch.selectPosition')}
                notFoundContent={t('consigneeTransfer.noPositions')}
                options={(positions.data ?? []).map((p) => ({
                  value: positionKey(p),
                  label: `${p.ownerName} · ${p.lcPoNumber} · ${p.cargoTypeName} · ${t('warehouseDispatch.usable', { value: p.usable })}`,
                }))}
                data-testid="ct-position"
              />
            </Form.Item>
          </Col>
        </Row>
        {chosen && <PositionBalance position={chosen} usableTestId="ct-usable" />}
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="toOwnerCompanyId" label={t('consigneeTransfer.newConsignee')} rules={[{ required: true, message: translateMessage(ConsigneeTransferMessages.newConsigneeRequired) }]}>
              <ConsigneePicker mode="consignee" onChange={() => form.setFieldsValue({ toLocationId: undefined })} data-testid="ct-new-consignee" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="quantity" label={t('cargo.quantityMt')} rules={[{ required: true, message: translateMessage(Messages.quantityPositive) }]}>
              <Input inputMode="decimal" data-testid="ct-quantity" />
            </Form.Item>
          </Col>
        </Row>
        <DeliveryModeField label={t('consigneeTransfer.delivery')} inPlace={t('consigneeTransfer.inPlace')} byTruck={t('consigneeTransfer.deliverByTruck')} testId="ct-delivery-mode" />
        {byTruck && (
          <TripFields
            testId="ct"
            rowTestId="ct-movement"
            destination={
              <Form.Item name="toLocationId" label={t('consigneeTransfer.deliverTo')} rules={[{ required: true, message: translateMessage(LoanMessages.deliveryDestinationRequired) }]}>
                <DestinationPicker consigneeId={toOwnerCompanyId ?? null} data-testid="ct-to-location" />
              </Form.Item>
            }
          />
        )}
        <Form.Item name="remarks" label={t('warehouseDispatch.remarks')}>
          <Input.TextArea maxLength={255} rows={2} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="ct-save">
          {t('warehouseDispatch.save')}
        </Button>
      </Card>
    </Form>
  );
}

/** A consignee transfer is not edited (reverse it and add another): its record page shows it. */
function ConsigneeTransferView({ record }: { record: TConsigneeTransfer }) {
  const { t } = useTranslation();
  return (
    <Card>
      <Descriptions size="small" column={2} bordered data-testid="consignee-transfer-view">
        <Descriptions.Item label={t('consigneeTransfer.location')}>{record.locationName}</Descriptions.Item>
        <Descriptions.Item label={t('consigneeTransfer.lcPo')}>{record.lcPoNumber}</Descriptions.Item>
        <Descriptions.Item label={t('consigneeTransfer.fromConsignee')}>{record.fromOwnerName}</Descriptions.Item>
        <Descriptions.Item label={t('consigneeTransfer.toConsignee')}>{record.toOwnerName}</Descriptions.Item>
        <Descriptions.Item label={t('cargo.quantityMt')}>
          <bdi>{record.quantity}</bdi>
        </Descriptions.Item>
        <Descriptions.Item label={t('warehouseTransfer.deliveredTo')}>
          <DeliveredTo declaration={consigneeTransferTransaction} recordId={record.id} delivery={record.delivery} testId="ct-record-delivery" />
        </Descriptions.Item>
        <Descriptions.Item label={t('warehouseDispatch.remarks')}>{record.remarks ?? ''}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

export default function ConsigneeTransferFormPage() {
  const { t } = useTranslation();
  return (
    <TransactionFormPage<TConsigneeTransfer> declaration={consigneeTransferTransaction} title={{ add: t('consigneeTransfer.add'), edit: t('consigneeTransfer.title') }} testId="consignee-transfer-form-page">
      {(record) => (record ? <ConsigneeTransferView record={record} /> : <ConsigneeTransferForm />)}
    </TransactionFormPage>
  );
}
