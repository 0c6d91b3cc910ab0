import { useState } from 'react';
import { App, Card, Col, Form, Input, Row, Select, Space } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { OutboundWeighingMessages, outboundFirstWeightTransaction, outboundSecondWeightTransaction, type TOutboundFirstWeight, type TOutboundSecondWeightDetail } from '@tonnage/contracts';
import { useAgencyDateTime } from '../../app/agency-time';
import { showSubmitFailure } from '../../app/form-errors';
import { useCan } from '../../app/guards';
import { translateMessage } from '../../app/i18n';
import { useAgencyPath } from '../../app/navigation';
import { TransactionFormPage } from '../../components/transactions/form/TransactionFormPage';
import { CaptureButton, MANUAL_WEIGHT_FLAG, ManualTag, ManualWeightFields, WeighbridgeSelect, WeighingFacts } from './FirstWeightFormPage';
import { createSecondWeight, refreshLiveWeight, updateSecondWeight, useOpenFirstWeights } from './outbound-weighing-api';
import { WeighingEditForm } from './WeighingEditForm';

interface SecondWeightValues {
  firstWeightId?: number;
  machineId?: number;
  manual?: boolean;
  manualKg?: number | null;
  manualReason?: string;
  remarks?: string;
}

const FIELDS = ['firstWeightId', 'truckId', 'machineId', 'manualKg', 'manualReason', 'remarks'];

/** How an open first weight is offered: ticket, plate, warehouse and its weight. */
export function openFirstWeightLabel(row: TOutboundFirstWeight): string {
  return `#${row.ticketNumber} · ${row.truckPlate} · ${row.warehouseName} · ${row.kg.toLocaleString('en')} kg`;
}

/** A new second weight: the open first weight (its truck and warehouse follow), a bridge of that warehouse, the capture. */
function NewSecondWeightForm() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const agencyPath = useAgencyPath();
  const queryClient = useQueryClient();
  const dateTime = useAgencyDateTime();
  const canManual = useCan(MANUAL_WEIGHT_FLAG);
  const [form] = Form.useForm<SecondWeightValues>();
  const [saving, setSaving] = useState(false);
  const open = useOpenFirstWeights(true);
  const firstWeightId = Form.useWatch('firstWeightId', form);
  const machineId = Form.useWatch('machineId', form);
  const manual = (Form.useWatch('manual', form) ?? false) && canManual;
  const first = (open.data ?? []).find((row) => row.id === firstWeightId);

  const submit = async (values: SecondWeightValues) => {
    if (!first) return;
    setSaving(true);
    const result = await createSecondWeight({
      firstWeightId: first.id,
      truckId: first.truckId,
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
    void message.success(t('outboundWeighing.createdSecond'));
    await queryClient.invalidateQueries({ queryKey: [outboundSecondWeightTransaction.key] });
    await queryClient.invalidateQueries({ queryKey: [outboundFirstWeightTransaction.key] });
    void navigate(agencyPath(outboundSecondWeightTransaction.route));
  };

  return (
    <Form<SecondWeightValues> form={form} layout="vertical" initialValues={{ manual: false }} onFinish={(values) => void submit(values)} data-testid="second-weight-form">
      <Card title={t('outboundWeighing.sectionTruck')}>
        <Form.Item name="firstWeightId" label={t('outboundWeighing.openFirstWeight')} rules={[{ required: true, message: translateMessage(OutboundWeighingMessages.firstWeightRequired) }]}>
          <Select<number>
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={open.isFetching}
            placeholder={t('outboundWeighing.selectOpenFirstWeight')}
            options={(open.data ?? []).map((row) => ({ value: row.id, label: openFirstWeightLabel(row) }))}
            onChange={(next) => form.setFieldsValue({ firstWeightId: next ?? undefined, machineId: (open.data ?? []).find((row) => row.id === next)?.machineId })}
            data-testid="second-first-weight"
          />
        </Form.Item>
        {first && (
          <WeighingFacts
            items={[
              { label: t('outboundWeighing.truck'), value: <span data-testid="second-truck">{first.truckPlate}</span> },
              { label: t('outboundWeighing.driver'), value: first.driverName },
              { label: t('outboundWeighing.warehouse'), value: first.warehouseName },
              { label: t('outboundWeighing.firstWeight'), value: <Space><bdi>{first.kg.toLocaleString('en')}</bdi><ManualTag manual={first.manual} reason={first.manualReason} /><span>{dateTime(first.capturedAt)}</span></Space> },
            ]}
          />
        )}
        <Row gutter={16} style={{ marginBlockStart: 16 }}>
          <Col xs={24} md={12}>
            <Form.Item name="machineId" label={t('outboundWeighing.weighbridge')} rules={[{ required: true, message: translateMessage(OutboundWeighingMessages.weighbridgeRequired) }]}>
              <WeighbridgeSelect warehouseId={first?.warehouseId} />
            </Form.Item>
          </Col>
        </Row>
        {canManual && <ManualWeightFields manual={manual} />}
        <Form.Item name="remarks" label={t('outboundWeighing.remarks')}>
          <Input.TextArea maxLength={255} rows={2} />
        </Form.Item>
        <CaptureButton manual={manual} machineId={first ? machineId : undefined} saving={saving} testId="second-capture" />
      </Card>
    </Form>
  );
}

/** An existing second weight: first, second and net read-only; the remarks editable. */
function EditSecondWeightForm({ record }: { record: TOutboundSecondWeightDetail }) {
  const { t } = useTranslation();
  const dateTime = useAgencyDateTime();
  return (
    <WeighingEditForm
      record={{ status: record.status, remarks: record.remarks }}
      facts={[
        { label: t('outboundWeighing.ticketNumber'), value: record.ticketNumber },
        { label: t('outboundWeighing.truck'), value: record.truckPlate },
        { label: t('outboundWeighing.warehouse'), value: record.warehouseName },
        { label: t('outboundWeighing.weighbridge'), value: record.weighbridge },
        { label: t('outboundWeighing.firstKg'), value: <Space><bdi>{record.firstKg.toLocaleString('en')}</bdi><ManualTag manual={record.firstManual} /><span>{dateTime(record.firstAt)}</span></Space> },
        { label: t('outboundWeighing.secondKg'), value: <Space><bdi>{record.kg.toLocaleString('en')}</bdi><ManualTag manual={record.manual} reason={record.manualReason} /><span>{dateTime(record.capturedAt)}</span></Space> },
        { label: t('outboundWeighing.net'), value: <bdi data-testid="second-net">{t('outboundWeighing.kilograms', { value: record.netKg.toLocaleString('en') })}</bdi> },
      ]}
      save={(values) => updateSecondWeight(record.id, { remarks: values.remarks })}
      saved={t('outboundWeighing.updatedSecond')}
      queryKey={outboundSecondWeightTransaction.key}
      listRoute={outboundSecondWeightTransaction.route}
      testId="second-edit-form"
      prefix="second"
    />
  );
}

/** `outbound-second-weight/add` and `outbound-second-weight/:id/edit`. */
export default function SecondWeightFormPage() {
  const { t } = useTranslation();
  return (
    <TransactionFormPage<TOutboundSecondWeightDetail> declaration={outboundSecondWeightTransaction} title={{ add: t('outboundWeighing.secondAdd'), edit: t('outboundWeighing.secondEdit') }} testId="outbound-second-weight-form-page">
      {(record) => (record ? <EditSecondWeightForm record={record} /> : <NewSecondWeightForm />)}
    </TransactionFormPage>
  );
}
