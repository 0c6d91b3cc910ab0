import { useState } from 'react';
import { App, Card, Col, Form, Input, Row, Select, Space } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Messages, OutboundWeighingMessages, ReceivingMessages, warehousePreInTransaction, type TWarehousePreInDetail } from '@tonnage/contracts';
import { useAgencyDateTime } from '../../app/agency-time';
import { showSubmitFailure } from '../../app/form-errors';
import { useCan } from '../../app/guards';
import { translateMessage } from '../../app/i18n';
import { useAgencyPath } from '../../app/navigation';
import { WarehousePicker } from '../../components/pickers';
import { TransactionFormPage } from '../../components/transactions/form/TransactionFormPage';
import { EquipmentSelect } from '../port-loading/selects';
import { CaptureButton, MANUAL_WEIGHT_FLAG, ManualTag, ManualWeightFields, WeighbridgeSelect } from '../outbound-weighing/FirstWeightFormPage';
import { parseSlipKey, slipKey } from './slip-key';
import { createPreIn, updatePreIn, useInTransitSlips } from './receiving-api';
import { WeighingEditForm } from '../outbound-weighing/WeighingEditForm';
import { refreshLiveWeight } from '../outbound-weighing/outbound-weighing-api';

interface PreInValues {
  warehouseId?: number;
  /** `<slipKind>:<slipId>` (port and warehouse loading slips are numbered apart). */
  slipId?: string;
  truckId?: number;
  driverId?: number;
  machineId?: number;
  manual?: boolean;
  manualKg?: number | null;
  manualReason?: string;
  remarks?: string;
}

const FIELDS = ['warehouseId', 'slipId', 'truckId', 'driverId', 'machineId', 'manualKg', 'manualReason', 'remarks'];

/** A new pre in: the warehouse, the slip in transit to it (its truck and driver filled in), the bridge and the capture. */
function NewPreInForm() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const agencyPath = useAgencyPath();
  const queryClient = useQueryClient();
  const canManual = useCan(MANUAL_WEIGHT_FLAG);
  const [form] = Form.useForm<PreInValues>();
  const [saving, setSaving] = useState(false);
  const warehouseId = Form.useWatch('warehouseId', form);
  const machineId = Form.useWatch('machineId', form);
  const manual = (Form.useWatch('manual', form) ?? false) && canManual;
  const slips = useInTransitSlips(warehouseId);

  const submit = async (values: PreInValues) => {
    const slip = parseSlipKey(values.slipId);
    setSaving(true);
    const result = await createPreIn({
      slipKind: slip?.slipKind,
      slipId: slip?.slipId,
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
    void message.success(translateMessage(ReceivingMessages.preInCreated));
    await queryClient.invalidateQueries({ queryKey: [warehousePreInTransaction.key] });
    void navigate(agencyPath(warehousePreInTransaction.route));
  };

  return (
    <Form<PreInValues> form={form} layout="vertical" initialValues={{ manual: false }} onFinish={(values) => void submit(values)} data-testid="pre-in-form">
      <Card>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="warehouseId" label={t('receiving.warehouse')} rules={[{ required: true, message: translateMessage(Messages.warehouseRequired) }]}>
              <WarehousePicker data-testid="pre-in-warehouse" onChange={(next) => form.setFieldsValue({ warehouseId: typeof next === 'number' ? next : undefined, slipId: undefined, machineId: undefined })} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="slipId" label={t('receiving.slip')} rules={[{ required: true, message: translateMessage(ReceivingMessages.slipRequired) }]}>
              <Select<string>
                showSearch
                optionFilterProp="label"
                disabled={warehouseId === undefined}
                loading={slips.isFetching}
                data-testid="pre-in-slip"
                options={(slips.data ?? []).map((slip) => ({ value: slipKey(slip), label: `${t(`receiving.slipKinds.${slip.slipKind}`)} ${slip.slipNumber} · ${slip.truckPlate} · ${slip.quantity}` }))}
                onChange={(slipId) => {
                  const slip = slips.data?.find((row) => slipKey(row) === slipId);
                  form.setFieldsValue({ slipId, truckId: slip?.truckId, driverId: slip?.driverId });
                }}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="truckId" label={t('receiving.truck')} rules={[{ required: true, message: translateMessage(Messages.truckRequired) }]}>
              <EquipmentSelect kind="truck" transporterId={null} data-testid="pre-in-truck" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="driverId" label={t('receiving.driver')} rules={[{ required: true, message: translateMessage(Messages.driverRequired) }]}>
              <EquipmentSelect kind="driver" transporterId={null} data-testid="pre-in-driver" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="machineId" label={t('receiving.weighbridge')} rules={[{ required: true, message: translateMessage(OutboundWeighingMessages.weighbridgeRequired) }]}>
              <WeighbridgeSelect warehouseId={warehouseId} />
            </Form.Item>
          </Col>
        </Row>
        {canManual && <ManualWeightFields manual={manual} />}
        <Form.Item name="remarks" label={t('outboundWeighing.remarks')}>
          <Input.TextArea maxLength={255} rows={2} />
        </Form.Item>
        <CaptureButton manual={manual} machineId={machineId} saving={saving} testId="pre-in-capture" />
      </Card>
    </Form>
  );
}

/** An existing pre in: facts read-only, driver and remarks editable (never the weight). */
function EditPreInForm({ record }: { record: TWarehousePreInDetail }) {
  const { t } = useTranslation();
  const dateTime = useAgencyDateTime();
  return (
    <WeighingEditForm
      record={record}
      facts={[
        { label: t('receiving.ticketNumber'), value: record.ticketNumber },
        { label: t('receiving.slip'), value: `${record.slipNumber} (${record.slipQuantity})` },
        { label: t('receiving.truck'), value: record.truckPlate },
        { label: t('receiving.warehouse'), value: record.warehouseName },
        { label: t('receiving.firstKg'), value: <Space><bdi>{record.kg.toLocaleString('en')}</bdi><ManualTag manual={record.manual} reason={record.manualReason} /></Space> },
        { label: t('receiving.capturedAt'), value: dateTime(record.capturedAt) },
      ]}
      save={(values) => updatePreIn(record.id, values)}
      saved={translateMessage(ReceivingMessages.preInUpdated)}
      queryKey={warehousePreInTransaction.key}
      listRoute={warehousePreInTransaction.route}
      testId="pre-in-edit-form"
      prefix="pre-in"
    />
  );
}

/** `warehouse-pre-in/add` and `warehouse-pre-in/:id/edit`. */
export default function PreInFormPage() {
  const { t } = useTranslation();
  return (
    <TransactionFormPage<TWarehousePreInDetail> declaration={warehousePreInTransaction} title={{ add: t('receiving.preInAdd'), edit: t('receiving.preInEdit') }} testId="warehouse-pre-in-form-page">
      {(record) => (record ? <EditPreInForm record={record} /> : <NewPreInForm />)}
    </TransactionFormPage>
  );
}
