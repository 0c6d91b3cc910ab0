import { useState } from 'react';
import { Alert, App, Button, Card, Col, Descriptions, Form, Input, Row, Select } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConsigneeDispatchMessages, LinkMessages, Messages, WarehouseDispatchMessages, consigneeOutTransaction, type TConsigneeOut } from '@tonnage/contracts';
import { showSubmitFailure } from '../../app/form-errors';
import { translateMessage } from '../../app/i18n';
import { useAgencyPath } from '../../app/navigation';
import { LOCATION_KINDS, LocationPicker } from '../../components/pickers';
import { TripFields } from '../../components/cargo/TripFields';
import { TransactionFormPage } from '../../components/transactions/form/TransactionFormPage';
import { positionKey } from '../warehouse-dispatch/PreOutFormPage';
import { createConsigneeOut, updateConsigneeOut, useConsigneePositions } from './consignee-dispatch-api';
import { PositionBalance } from '../warehouse-dispatch/PositionBalance';

interface ConsigneeOutValues {
  locationId?: number;
  position?: string;
  toLocationId?: number;
  truckId?: number;
  driverId?: number;
  wbtNumber?: string;
  quantity?: string;
  remarks?: string;
}

const FIELDS = ['locationId', 'position', 'toLocationId', 'truckId', 'driverId', 'wbtNumber', 'quantity', 'remarks'];
const DELIVERY = [LOCATION_KINDS.delivery];

/**
 * `consignee-out/add` and `consignee-out/:id/edit`: a position on hand at a consignee location (with its usable
 * quantity), the customer location, the truck and driver, the weighbridge ticket and quantity. An edit changes the
 * trip's fields while the slip is not received.
 */
function ConsigneeOutForm({ record }: { record: TConsigneeOut | null }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const agencyPath = useAgencyPath();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ConsigneeOutValues>();
  const [saving, setSaving] = useState(false);
  const locationId = Form.useWatch('locationId', form);
  const positions = useConsigneePositions(record ? undefined : locationId);
  const key = Form.useWatch('position', form);
  const chosen = (positions.data ?? []).find((p) => positionKey(p) === key);
  const locked = record !== null && (record.status === 'Reversed' || record.received);

  const submit = async (values: ConsigneeOutValues) => {
    setSaving(true);
    const common = { truckId: values.truckId, driverId: values.driverId, wbtNumber: values.wbtNumber ?? '', quantity: values.quantity ?? '', remarks: values.remarks ?? null };
    const result = record
      ? await updateConsigneeOut(record.id, common)
      : await createConsigneeOut({
          locationId: values.locationId,
          ownerCompanyId: chosen?.ownerCompanyId,
          consignmentId: chosen?.consignmentId,
          cargoTypeId: chosen?.cargoTypeId,
          voyageId: chosen?.voyageId,
          attachedVoyageId: chosen?.attachedVoyageId,
          toLocationId: values.toLocationId,
          ...common,
        });
    setSaving(false);
    if (!result.ok) {
      showSubmitFailure(form, result, FIELDS);
      return;
    }
    void message.success(translateMessage(record ? ConsigneeDispatchMessages.consigneeOutUpdated : ConsigneeDispatchMessages.consigneeOutCreated));
    await queryClient.invalidateQueries({ queryKey: [consigneeOutTransaction.key] });
    void navigate(agencyPath(consigneeOutTransaction.route));
  };

  return (
    <Form<ConsigneeOutValues>
      form={form}
      layout="vertical"
      disabled={locked}
      initialValues={record ? { truckId: record.truckId, driverId: record.driverId, wbtNumber: record.wbtNumber, quantity: record.quantity, remarks: record.remarks ?? undefined } : {}}
      onFinish={(values) => void submit(values)}
      data-testid="consignee-out-form"
    >
      <Card>
        {record?.received && <Alert type="info" showIcon style={{ marginBlockEnd: 16 }} message={translateMessage(LinkMessages.consigneeOutInCustomerIn)} data-testid="co-received" />}
        {record ? (
          <Descriptions size="small" column={2} bordered style={{ marginBlockEnd: 16 }}>
            <Descriptions.Item label={t('consigneeDispatch.slipNumber')}>{record.slipNumber}</Descriptions.Item>
            <Descriptions.Item label={t('consigneeDispatch.location')}>{record.locationName}</Descriptions.Item>
            <Descriptions.Item label={t('warehouseDispatch.owner')}>{record.ownerName}</Descriptions.Item>
            <Descriptions.Item label={t('consigneeDispatch.lcPo')}>{record.lcPoNumber}</Descriptions.Item>
            <Descriptions.Item label={t('consigneeDispatch.customerLocation')}>{record.toLocationName}</Descriptions.Item>
          </Descriptions>
        ) : (
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item name="locationId" label={t('consigneeDispatch.location')} rules={[{ required: true, message: translateMessage(ConsigneeDispatchMessages.consigneeLocationRequired) }]}>
                <LocationPicker kinds={DELIVERY} owner="consignee" onChange={() => form.setFieldsValue({ position: undefined })} data-testid="co-location" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="position" label={t('warehouseDispatch.position')} rules={[{ required: true, message: translateMessage(WarehouseDispatchMessages.positionRequired) }]}>
                <Select<string>
                  disabled={locationId === undefined}
                  loading={positions.isFetching}
                  placeholder={t('warehouseDispatch.selectPosition')}
                  notFoundContent={t('consigneeDispatch.noPositions')}
                  options={(positions.data ?? []).map((p) => ({
                    value: positionKey(p),
                    label: `${p.ownerName} · ${p.lcPoNumber} · ${p.cargoTypeName} · ${t('warehouseDispatch.usable', { value: p.usable })}`,
                  }))}
                  data-testid="co-position"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="toLocationId" label={t('consigneeDispatch.customerLocation')} rules={[{ required: true, message: translateMessage(ConsigneeDispatchMessages.customerLocationRequired) }]}>
                <LocationPicker kinds={DELIVERY} owner="customer" data-testid="co-to-location" />
              </Form.Item>
            </Col>
          </Row>
        )}
        {chosen && <PositionBalance position={chosen} usableTestId="co-usable" />}
        <TripFields testId="co" known={record} quantityMessage={Messages.wbqRequired} />
        <Form.Item name="remarks" label={t('warehouseDispatch.remarks')}>
          <Input.TextArea maxLength={255} rows={2} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="co-save">
          {t('warehouseDispatch.save')}
        </Button>
      </Card>
    </Form>
  );
}

export default function ConsigneeOutFormPage() {
  const { t } = useTranslation();
  return (
    <TransactionFormPage<TConsigneeOut> declaration={consigneeOutTransaction} title={{ add: t('consigneeDispatch.outAdd'), edit: t('consigneeDispatch.outEdit') }} testId="consignee-out-form-page">
      {(record) => <ConsigneeOutForm record={record} />}
    </TransactionFormPage>
  );
}
