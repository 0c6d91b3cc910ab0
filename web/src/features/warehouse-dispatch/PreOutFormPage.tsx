import { useState } from 'react';
import { App, Button, Card, Col, Descriptions, Form, Input, Row, Select } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Messages, WarehouseDispatchMessages, warehousePreOutTransaction, type TStockPosition, type TWarehousePreOut } from '@tonnage/contracts';
import { showSubmitFailure } from '../../app/form-errors';
import { translateMessage } from '../../app/i18n';
import { useAgencyPath } from '../../app/navigation';
import { WarehousePicker } from '../../components/pickers';
import { TripFields } from '../../components/cargo/TripFields';
import { TransactionFormPage } from '../../components/transactions/form/TransactionFormPage';
import { createPreOut, updatePreOut, useStockPositions } from './warehouse-dispatch-api';
import { PositionBalance } from './PositionBalance';

interface PreOutValues {
  warehouseId?: number;
  position?: string;
  truckId?: number;
  driverId?: number;
  quantity?: string;
  remarks?: string;
}

const FIELDS = ['warehouseId', 'position', 'truckId', 'driverId', 'quantity', 'remarks'];

/** A position's key as one select value. */
export const positionKey = (p: Pick<TStockPosition, 'siloId' | 'ownerCompanyId' | 'consignmentId' | 'cargoTypeId' | 'voyageId' | 'attachedVoyageId'>) =>
  [p.siloId ?? 'open', p.ownerCompanyId, p.consignmentId, p.cargoTypeId, p.voyageId, p.attachedVoyageId].join(':');

/** `warehouse-pre-out/add` and `warehouse-pre-out/:id/edit`: a position of a warehouse (with its usable quantity), the truck and the quantity. */
function PreOutForm({ record }: { record: TWarehousePreOut | null }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const agencyPath = useAgencyPath();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<PreOutValues>();
  const [saving, setSaving] = useState(false);
  const warehouseId = Form.useWatch('warehouseId', form) ?? record?.warehouseId;
  const positions = useStockPositions(record ? undefined : warehouseId);
  const key = Form.useWatch('position', form);
  const chosen = (positions.data ?? []).find((p) => positionKey(p) === key);

  const submit = async (values: PreOutValues) => {
    setSaving(true);
    const common = { truckId: values.truckId, driverId: values.driverId, quantity: values.quantity ?? '', remarks: values.remarks ?? null };
    const result = record
      ? await updatePreOut(record.id, common)
      : await createPreOut({
          warehouseId: values.warehouseId,
          siloId: chosen?.siloId ?? null,
          ownerCompanyId: chosen?.ownerCompanyId,
          consignmentId: chosen?.consignmentId,
          cargoTypeId: chosen?.cargoTypeId,
          voyageId: chosen?.voyageId,
          attachedVoyageId: chosen?.attachedVoyageId,
          ...common,
        });
    setSaving(false);
    if (!result.ok) {
      showSubmitFailure(form, result, FIELDS);
      return;
    }
    void message.success(translateMessage(record ? WarehouseDispatchMessages.preOutUpdated : WarehouseDispatchMessages.preOutCreated));
    await queryClient.invalidateQueries({ queryKey: [warehousePreOutTransaction.key] });
    void navigate(agencyPath(warehousePreOutTransaction.route));
  };

  return (
    <Form<PreOutValues>
      form={form}
      layout="vertical"
      disabled={record?.status === 'Reversed'}
      initialValues={record ? { truckId: record.truckId, driverId: record.driverId, quantity: record.quantity, remarks: record.remarks ?? undefined } : {}}
      onFinish={(values) => void submit(values)}
      data-testid="pre-out-form"
    >
      <Card>
        {record ? (
          <Descriptions size="small" column={2} bordered style={{ marginBlockEnd: 16 }}>
            <Descriptions.Item label={t('warehouseDispatch.warehouse')}>{record.warehouseName}</Descriptions.Item>
            <Descriptions.Item label={t('warehouseDispatch.silo')}>{record.siloName ?? t('warehouseDispatch.openArea')}</Descriptions.Item>
            <Descriptions.Item label={t('warehouseDispatch.owner')}>{record.ownerName}</Descriptions.Item>
            <Descriptions.Item label={t('warehouseDispatch.lcPo')}>{record.lcPoNumber}</Descriptions.Item>
          </Descriptions>
        ) : (
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="warehouseId" label={t('warehouseDispatch.warehouse')} rules={[{ required: true, message: translateMessage(Messages.warehouseRequired) }]}>
                <WarehousePicker onChange={() => form.setFieldsValue({ position: undefined })} data-testid="po-warehouse" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="position" label={t('warehouseDispatch.position')} rules={[{ required: true, message: translateMessage(WarehouseDispatchMessages.positionRequired) }]}>
                <Select<string>
                  disabled={warehouseId === undefined}
                  loading={positions.isFetching}
                  placeholder={t('warehouseDispatch.selectPosition')}
                  notFoundContent={t('warehouseDispatch.noPositions')}
                  options={(positions.data ?? []).map((p) => ({
                    value: positionKey(p),
                    label: `${p.siloName ?? t('warehouseDispatch.openArea')} · ${p.ownerName} · ${p.lcPoNumber} · ${p.cargoTypeName} · ${t('warehouseDispatch.usable', { value: p.usable })}`,
                  }))}
                  data-testid="po-position"
                />
              </Form.Item>
            </Col>
          </Row>
        )}
        {chosen && <PositionBalance position={chosen} usableTestId="po-usable" />}
        <TripFields testId="po" known={record} wbt={false} quantityMessage={Messages.quantityPositive} />
        <Form.Item name="remarks" label={t('warehouseDispatch.remarks')}>
          <Input.TextArea maxLength={255} rows={2} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="po-save">
          {t('warehouseDispatch.save')}
        </Button>
      </Card>
    </Form>
  );
}

export default function PreOutFormPage() {
  const { t } = useTranslation();
  return (
    <TransactionFormPage<TWarehousePreOut> declaration={warehousePreOutTransaction} title={{ add: t('warehouseDispatch.preOutAdd'), edit: t('warehouseDispatch.preOutEdit') }} testId="warehouse-pre-out-form-page">
      {(record) => <PreOutForm record={record} />}
    </TransactionFormPage>
  );
}
