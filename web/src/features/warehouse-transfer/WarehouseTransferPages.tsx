import { useState } from 'react';
import { Alert, App, Button, Card, Col, Descriptions, Form, Input, Row, Select, Tag, Tooltip } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Messages, TransferSlipLinkMessages, WarehouseDispatchMessages, WarehouseTransferMessages, warehouseTransferTransaction, type TWarehouseTransfer } from '@tonnage/contracts';
import { showSubmitFailure } from '../../app/form-errors';
import { translateMessage } from '../../app/i18n';
import { useAgencyPath } from '../../app/navigation';
import { WarehousePicker } from '../../components/pickers';
import { TripFields } from '../../components/cargo/TripFields';
import { TransactionFormPage } from '../../components/transactions/form/TransactionFormPage';
import { TransactionListPage } from '../../components/transactions/TransactionListPage';
import { positionKey } from '../warehouse-dispatch/PreOutFormPage';
import { PositionBalance } from '../warehouse-dispatch/PositionBalance';
import { createWarehouseTransfer, updateWarehouseTransfer, useTransferPositions } from './warehouse-transfer-api';
import { reverseQuestion, slipAndTruck } from '../../components/cargo/reverse-question';

interface TransferValues {
  fromWarehouseId?: number;
  position?: string;
  toWarehouseId?: number;
  truckId?: number;
  driverId?: number;
  wbtNumber?: string;
  quantity?: string;
  remarks?: string;
}

const FIELDS = ['fromWarehouseId', 'position', 'toWarehouseId', 'truckId', 'driverId', 'wbtNumber', 'quantity', 'remarks'];

/**
 * `warehouseTransfer/add` and `warehouseTransfer/:id/edit`: a position on hand at warehouse A (with its usable
 * quantity), warehouse B, the truck and driver, the weighbridge ticket and quantity. An edit changes the trip's fields
 * while no receipt at B holds the slip.
 */
function WarehouseTransferForm({ record }: { record: TWarehouseTransfer | null }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const agencyPath = useAgencyPath();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<TransferValues>();
  const [saving, setSaving] = useState(false);
  const fromWarehouseId = Form.useWatch('fromWarehouseId', form);
  const positions = useTransferPositions(record ? undefined : fromWarehouseId);
  const key = Form.useWatch('position', form);
  const chosen = (positions.data ?? []).find((p) => positionKey(p) === key);
  const held = record !== null && (record.received || record.hasPreIn);
  const locked = record !== null && (record.status === 'Reversed' || held);

  const submit = async (values: TransferValues) => {
    setSaving(true);
    const common = { truckId: values.truckId, driverId: values.driverId, wbtNumber: values.wbtNumber ?? '', quantity: values.quantity ?? '', remarks: values.remarks ?? null };
    const result = record
      ? await updateWarehouseTransfer(record.id, common)
      : await createWarehouseTransfer({
          fromWarehouseId: values.fromWarehouseId,
          siloId: chosen?.siloId ?? null,
          ownerCompanyId: chosen?.ownerCompanyId,
          consignmentId: chosen?.consignmentId,
          cargoTypeId: chosen?.cargoTypeId,
          voyageId: chosen?.voyageId,
          attachedVoyageId: chosen?.attachedVoyageId,
          toWarehouseId: values.toWarehouseId,
          ...common,
        });
    setSaving(false);
    if (!result.ok) {
      showSubmitFailure(form, result, FIELDS);
      return;
    }
    void message.success(translateMessage(record ? WarehouseTransferMessages.updated : WarehouseTransferMessages.created));
    await queryClient.invalidateQueries({ queryKey: [warehouseTransferTransaction.key] });
    void navigate(agencyPath(warehouseTransferTransaction.route));
  };

  return (
    <Form<TransferValues>
      form={form}
      layout="vertical"
      disabled={locked}
      initialValues={record ? { truckId: record.truckId, driverId: record.driverId, wbtNumber: record.wbtNumber, quantity: record.quantity, remarks: record.remarks ?? undefined } : {}}
      onFinish={(values) => void submit(values)}
      data-testid="warehouse-transfer-form"
    >
      <Card>
        {held && (
          <Alert type="info" showIcon style={{ marginBlockEnd: 16 }} message={translateMessage(record.received ? TransferSlipLinkMessages.inWarehouseIn : WarehouseTransferMessages.inPreIn)} data-testid="wtr-held" />
        )}
        {record ? (
          <Descriptions size="small" column={2} bordered style={{ marginBlockEnd: 16 }}>
            <Descriptions.Item label={t('warehouseTransfer.slipNumber')}>{record.slipNumber}</Descriptions.Item>
            <Descriptions.Item label={t('warehouseTransfer.fromWarehouse')}>{record.fromWarehouseName}</Descriptions.Item>
            <Descriptions.Item label={t('warehouseDispatch.silo')}>{record.siloName ?? t('warehouseDispatch.openArea')}</Descriptions.Item>
            <Descriptions.Item label={t('warehouseTransfer.owner')}>{record.ownerName}</Descriptions.Item>
            <Descriptions.Item label={t('warehouseTransfer.lcPo')}>{record.lcPoNumber}</Descriptions.Item>
            <Descriptions.Item label={t('warehouseTransfer.toWarehouse')}>{record.toLocationName}</Descriptions.Item>
          </Descriptions>
        ) : (
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item name="fromWarehouseId" label={t('warehouseTransfer.fromWarehouse')} rules={[{ required: true, message: translateMessage(WarehouseTransferMessages.fromWarehouseRequired) }]}>
                <WarehousePicker onChange={() => form.setFieldsValue({ position: undefined })} data-testid="wtr-from" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="position" label={t('warehouseDispatch.position')} rules={[{ required: true, message: translateMessage(WarehouseDispatchMessages.positionRequired) }]}>
                <Select<string>
                  disabled={fromWarehouseId === undefined}
                  loading={positions.isFetching}
                  placeholder={t('warehouseDispatch.selectPosition')}
                  notFoundContent={t('warehouseTransfer.noPositions')}
                  options={(positions.data ?? []).map((p) => ({
                    value: positionKey(p),
                    label: `${p.siloName ?? t('warehouseDispatch.openArea')} · ${p.ownerName} · ${p.lcPoNumber} · ${p.cargoTypeName} · ${t('warehouseDispatch.usable', { value: p.usable })}`,
                  }))}
                  data-testid="wtr-position"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                name="toWarehouseId"
                label={t('warehouseTransfer.toWarehouse')}
                dependencies={['fromWarehouseId']}
                rules={[
                  { required: true, message: translateMessage(WarehouseTransferMessages.toWarehouseRequired) },
                  ({ getFieldValue }) => ({
                    validator: (_rule, value) => (value !== undefined && value === getFieldValue('fromWarehouseId') ? Promise.reject(new Error(translateMessage(WarehouseTransferMessages.sameWarehouse))) : Promise.resolve()),
                  }),
                ]}
              >
                <WarehousePicker data-testid="wtr-to" />
              </Form.Item>
            </Col>
          </Row>
        )}
        {chosen && <PositionBalance position={chosen} usableTestId="wtr-usable" />}
        <TripFields testId="wtr" known={record} quantityMessage={Messages.wbqRequired} />
        <Form.Item name="remarks" label={t('warehouseDispatch.remarks')}>
          <Input.TextArea maxLength={255} rows={2} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="wtr-save">
          {t('warehouseDispatch.save')}
        </Button>
      </Card>
    </Form>
  );
}

/** `warehouseTransfer/add`, `warehouseTransfer/:id/edit`. */
export default function WarehouseTransferFormPage() {
  const { t } = useTranslation();
  return (
    <TransactionFormPage<TWarehouseTransfer> declaration={warehouseTransferTransaction} title={{ add: t('warehouseTransfer.add'), edit: t('warehouseTransfer.edit') }} testId="warehouse-transfer-form-page">
      {(record) => <WarehouseTransferForm record={record} />}
    </TransactionFormPage>
  );
}

/** `warehouseTransfer`: the transfers, their delivery at B, the printed slip. */
export function WarehouseTransferListPage() {
  const { t } = useTranslation();
  const agencyPath = useAgencyPath();
  return (
    <TransactionListPage
      declaration={warehouseTransferTransaction}
      renderers={{
        received: (row: TWarehouseTransfer) => (
          <Tag color={row.received ? 'green' : 'gold'}>{t(row.received ? 'warehouseTransfer.receivedStates.delivered' : 'warehouseTransfer.receivedStates.inTransit')}</Tag>
        ),
      }}
      rowActions={(row: TWarehouseTransfer) => (
        <Tooltip title={t('warehouseDispatch.print')}>
          <Link to={agencyPath(`warehouseTransfer/${row.id}/print`)} aria-label={t('warehouseDispatch.print')} data-testid="wtr-print">
            <Button type="text" icon={<PrinterOutlined />} />
          </Link>
        </Tooltip>
      )}
      reverse={{ title: (row) => reverseQuestion(t, slipAndTruck(row.slipNumber, row.truckPlate)) }}
    />
  );
}
