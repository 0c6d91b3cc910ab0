import { useState, type ReactNode } from 'react';
import { App, Button, Card, Col, Descriptions, Form, Input, InputNumber, Row, Select, Space, Switch, Tag } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Messages, OutboundWeighingMessages, outboundFirstWeightTransaction, type TOutboundFirstWeightDetail } from '@tonnage/contracts';
import { useAgencyDateTime } from '../../app/agency-time';
import { showSubmitFailure } from '../../app/form-errors';
import { useCan } from '../../app/guards';
import { translateMessage } from '../../app/i18n';
import { useAgencyPath } from '../../app/navigation';
import { WarehousePicker } from '../../components/pickers';
import { TransactionFormPage } from '../../components/transactions/form/TransactionFormPage';
import { EquipmentSelect } from '../port-loading/selects';
import { LiveWeightPanel, captureState } from './LiveWeightPanel';
import { createFirstWeight, refreshLiveWeight, updateFirstWeight, useLiveWeight, useWarehouseBridges } from './outbound-weighing-api';
import { WeighingEditForm } from './WeighingEditForm';

/** The flag of a typed (manual) weight. */
export const MANUAL_WEIGHT_FLAG = 'canAddManualWeight';

export interface FirstWeightValues {
  truckId?: number;
  driverId?: number;
  warehouseId?: number;
  machineId?: number;
  manual?: boolean;
  manualKg?: number | null;
  manualReason?: string;
  remarks?: string;
}

const FIELDS = ['truckId', 'driverId', 'warehouseId', 'machineId', 'manualKg', 'manualReason', 'remarks'];

/** The weighbridges of the chosen warehouse. */
export function WeighbridgeSelect({ warehouseId, value, onChange }: { warehouseId: number | undefined; value?: number; onChange?: (value: number | undefined) => void }) {
  const { t } = useTranslation();
  const bridges = useWarehouseBridges(warehouseId);
  return (
    <Select<number>
      allowClear
      value={value}
      onChange={(next) => onChange?.(next ?? undefined)}
      disabled={warehouseId === undefined}
      loading={bridges.isFetching}
      placeholder={t('outboundWeighing.selectWeighbridge')}
      notFoundContent={warehouseId === undefined ? null : t('outboundWeighing.noWeighbridges')}
      options={(bridges.data ?? []).map((bridge) => ({ value: bridge.id, label: bridge.name ? `${bridge.name} (${bridge.weightMachineId})` : bridge.weightMachineId }))}
      data-testid="first-machine"
    />
  );
}

/**
 * The manual part of a weighing form (shown only with the manual weight permission): the switch, then the weight in
 * kg and the reason. Returns whether the weight is typed.
 */
export function ManualWeightFields({ manual }: { manual: boolean }) {
  const { t } = useTranslation();
  return (
    <Row gutter={16}>
      <Col xs={24} md={6}>
        <Form.Item name="manual" label={t('outboundWeighing.manualSwitch')} valuePropName="checked">
          <Switch data-testid="weigh-manual" />
        </Form.Item>
      </Col>
      {manual && (
        <>
          <Col xs={24} md={6}>
            <Form.Item name="manualKg" label={t('outboundWeighing.manualKg')} rules={[{ required: true, message: translateMessage(OutboundWeighingMessages.manualWeightRequired) }]}>
              <InputNumber min={1} max={200_000} precision={0} style={{ width: '100%' }} data-testid="weigh-manual-kg" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="manualReason" label={t('outboundWeighing.manualReason')} rules={[{ required: true, whitespace: true, message: translateMessage(OutboundWeighingMessages.manualReasonRequired) }]}>
              <Input maxLength={255} data-testid="weigh-manual-reason" />
            </Form.Item>
          </Col>
        </>
      )}
    </Row>
  );
}

/** The capture button: disabled until the bridge's weight may be taken (or a manual weight is typed), the reason beside it. */
export function CaptureButton({ manual, machineId, saving, testId }: { manual: boolean; machineId: number | undefined; saving: boolean; testId: string }) {
  const { t } = useTranslation();
  const live = useLiveWeight(manual ? undefined : machineId);
  const state = captureState(live.data, live.isError);
  const disabled = !manual && !state.capturable;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {!manual && machineId !== undefined && <LiveWeightPanel live={live.data} failed={live.isError} reason={state.reason} />}
      <Button type="primary" htmlType="submit" loading={saving} disabled={disabled} data-testid={testId} title={disabled ? (state.reason ?? undefined) : undefined}>
        {t(manual ? 'outboundWeighing.save' : 'outboundWeighing.capture')}
      </Button>
    </Space>
  );
}

/** A new first weight: truck, driver, warehouse, its weighbridge, the live weight and the capture. */
function NewFirstWeightForm() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const agencyPath = useAgencyPath();
  const queryClient = useQueryClient();
  const canManual = useCan(MANUAL_WEIGHT_FLAG);
  const [form] = Form.useForm<FirstWeightValues>();
  const [saving, setSaving] = useState(false);
  const warehouseId = Form.useWatch('warehouseId', form);
  const machineId = Form.useWatch('machineId', form);
  const manual = (Form.useWatch('manual', form) ?? false) && canManual;

  const submit = async (values: FirstWeightValues) => {
    setSaving(true);
    const result = await createFirstWeight({
      truckId: values.truckId,
      driverId: values.driverId,
      warehouseId: values.warehouseId,
      machineId: values.machineId,
      manual,
      ...(manual ? { manualKg: values.manualKg ?? undefined, manualReason: values.manualReason ?? null } : {}),
      remarks: values.remarks ?? null,
    });
    setSaving(false);
    if (!result.ok) {
      if (!manual) refreshLiveWeight(queryClient, values.machineId);
      showSubmitFailure(form, result, FIELDS);
      return;
    }
    void message.success(t('outboundWeighing.createdFirst'));
    await queryClient.invalidateQueries({ queryKey: [outboundFirstWeightTransaction.key] });
    void navigate(agencyPath(outboundFirstWeightTransaction.route));
  };

  return (
    <Form<FirstWeightValues> form={form} layout="vertical" initialValues={{ manual: false }} onFinish={(values) => void submit(values)} data-testid="first-weight-form">
      <Card title={t('outboundWeighing.sectionTruck')}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="truckId" label={t('outboundWeighing.truck')} rules={[{ required: true, message: translateMessage(Messages.truckRequired) }]}>
              <EquipmentSelect kind="truck" transporterId={null} data-testid="first-truck" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="driverId" label={t('outboundWeighing.driver')} rules={[{ required: true, message: translateMessage(Messages.driverRequired) }]}>
              <EquipmentSelect kind="driver" transporterId={null} data-testid="first-driver" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="warehouseId" label={t('outboundWeighing.warehouse')} rules={[{ required: true, message: translateMessage(Messages.warehouseRequired) }]}>
              <WarehousePicker data-testid="first-warehouse" onChange={(next) => form.setFieldsValue({ warehouseId: typeof next === 'number' ? next : undefined, machineId: undefined })} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="machineId" label={t('outboundWeighing.weighbridge')} rules={[{ required: true, message: translateMessage(OutboundWeighingMessages.weighbridgeRequired) }]}>
              <WeighbridgeSelect warehouseId={warehouseId} />
            </Form.Item>
          </Col>
        </Row>
        {canManual && <ManualWeightFields manual={manual} />}
        <Form.Item name="remarks" label={t('outboundWeighing.remarks')}>
          <Input.TextArea maxLength={255} rows={2} data-testid="first-remarks" />
        </Form.Item>
        <CaptureButton manual={manual} machineId={machineId} saving={saving} testId="first-capture" />
      </Card>
    </Form>
  );
}

/** What a saved weighing shows: its ticket, truck, place and weight (MANUAL marked), read-only. */
export function WeighingFacts({ items }: { items: { label: string; value: ReactNode }[] }) {
  return (
    <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered items={items.map((item, index) => ({ key: index, label: item.label, children: item.value }))} />
  );
}

/** The MANUAL tag of a typed weight. */
export function ManualTag({ manual, reason }: { manual: boolean; reason?: string | null }) {
  const { t } = useTranslation();
  return manual ? (
    <Tag color="orange" title={reason ?? undefined} data-testid="manual-tag">
      {t('outboundWeighing.manualTag')}
    </Tag>
  ) : null;
}

/** An existing first weight: its facts read-only; driver and remarks editable (never the weight). */
function EditFirstWeightForm({ record }: { record: TOutboundFirstWeightDetail }) {
  const { t } = useTranslation();
  const dateTime = useAgencyDateTime();
  return (
    <WeighingEditForm
      record={record}
      facts={[
        { label: t('outboundWeighing.ticketNumber'), value: record.ticketNumber },
        { label: t('outboundWeighing.truck'), value: record.truckPlate },
        { label: t('outboundWeighing.warehouse'), value: record.warehouseName },
        { label: t('outboundWeighing.weighbridge'), value: record.weighbridge },
        { label: t('outboundWeighing.weightKg'), value: <Space><bdi data-testid="first-kg">{record.kg.toLocaleString('en')}</bdi><ManualTag manual={record.manual} reason={record.manualReason} /></Space> },
        { label: t('outboundWeighing.capturedAt'), value: dateTime(record.capturedAt) },
      ]}
      save={(values) => updateFirstWeight(record.id, { driverId: values.driverId, remarks: values.remarks })}
      saved={t('outboundWeighing.updatedFirst')}
      queryKey={outboundFirstWeightTransaction.key}
      listRoute={outboundFirstWeightTransaction.route}
      testId="first-edit-form"
      prefix="first"
    />
  );
}

/** `outbound-first-weight/add` and `outbound-first-weight/:id/edit`. */
export default function FirstWeightFormPage() {
  const { t } = useTranslation();
  return (
    <TransactionFormPage<TOutboundFirstWeightDetail> declaration={outboundFirstWeightTransaction} title={{ add: t('outboundWeighing.firstAdd'), edit: t('outboundWeighing.firstEdit') }} testId="outbound-first-weight-form-page">
      {(record) => (record ? <EditFirstWeightForm record={record} /> : <NewFirstWeightForm />)}
    </TransactionFormPage>
  );
}
