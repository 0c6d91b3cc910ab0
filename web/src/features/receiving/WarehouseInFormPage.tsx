import { useState } from 'react';
import { App, Button, Card, Col, Form, Input, Radio, Row, Select, Space } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Messages, OutboundWeighingMessages, ReceivingMessages, warehouseInTransaction, warehousePreInTransaction, type TWarehouseInDetail } from '@tonnage/contracts';
import { useAgencyDateTime } from '../../app/agency-time';
import { showSubmitFailure } from '../../app/form-errors';
import { useCan } from '../../app/guards';
import { translateMessage } from '../../app/i18n';
import { useAgencyPath, useGoBack } from '../../app/navigation';
import { TransactionFormPage } from '../../components/transactions/form/TransactionFormPage';
import { CaptureButton, MANUAL_WEIGHT_FLAG, ManualTag, ManualWeightFields, WeighbridgeSelect, WeighingFacts } from '../outbound-weighing/FirstWeightFormPage';
import { refreshLiveWeight, useLiveWeight } from '../outbound-weighing/outbound-weighing-api';
import { createIn, updateIn, useOpenPreIns, useWarehouseSilos } from './receiving-api';
import { SiloSplit, type SiloShareValue } from './SiloSplit';

interface InValues {
  preInId?: number;
  machineId?: number;
  manual?: boolean;
  manualKg?: number | null;
  manualReason?: string;
  storage?: 'silo' | 'openArea';
  silos?: SiloShareValue[];
  remarks?: string;
}

const FIELDS = ['preInId', 'machineId', 'manualKg', 'manualReason', 'storage', 'silos', 'remarks'];

const sharesOf = (values: InValues) => (values.storage === 'silo' ? (values.silos ?? []).map((share) => ({ siloId: share.siloId, quantity: String(share.quantity ?? '') })) : []);

/** Storage choice and, for silos, the split. */
function StorageFields({ warehouseId, receivedKg }: { warehouseId: number | undefined; receivedKg: number | null }) {
  const { t } = useTranslation();
  const storage = Form.useWatch<InValues['storage']>('storage');
  const silos = useWarehouseSilos(warehouseId);
  return (
    <>
      <Form.Item name="storage" label={t('receiving.storage')} rules={[{ required: true, message: translateMessage(Messages.warehouseTypeRequired) }]}>
        <Radio.Group
          data-testid="in-storage"
          options={[
            { value: 'silo', label: t('receiving.storages.silo'), disabled: (silos.data ?? []).length === 0 },
            { value: 'openArea', label: t('receiving.storages.openArea') },
          ]}
        />
      </Form.Item>
      {storage === 'silo' && <SiloSplit silos={silos.data ?? []} receivedKg={receivedKg} />}
    </>
  );
}

/** A new warehouse in: the open pre in (its ticket), the bridge, where the cargo goes, the capture of the empty truck. */
function NewInForm() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const agencyPath = useAgencyPath();
  const queryClient = useQueryClient();
  const canManual = useCan(MANUAL_WEIGHT_FLAG);
  const [form] = Form.useForm<InValues>();
  const [saving, setSaving] = useState(false);
  const preIns = useOpenPreIns(true);
  const preInId = Form.useWatch('preInId', form);
  const machineId = Form.useWatch('machineId', form);
  const manual = (Form.useWatch('manual', form) ?? false) && canManual;
  const manualKg = Form.useWatch('manualKg', form);
  const preIn = preIns.data?.find((row) => row.id === preInId);
  const live = useLiveWeight(manual ? undefined : machineId);
  const emptyKg = manual ? (typeof manualKg === 'number' ? manualKg : null) : live.data?.capturable ? live.data.kg : null;
  const receivedKg = preIn && emptyKg !== null && preIn.kg > emptyKg ? preIn.kg - emptyKg : null;

  const submit = async (values: InValues) => {
    setSaving(true);
    const result = await createIn({
      preInId: values.preInId,
      machineId: values.machineId,
      manual,
      ...(manual ? { manualKg: values.manualKg ?? undefined, manualReason: values.manualReason ?? null } : {}),
      storage: values.storage ?? 'openArea',
      silos: sharesOf(values),
      remarks: values.remarks ?? null,
    });
    setSaving(false);
    if (!result.ok) {
      if (!manual) refreshLiveWeight(queryClient, values.machineId);
      showSubmitFailure(form, result, FIELDS);
      return;
    }
    void message.success(translateMessage(ReceivingMessages.warehouseInCreated));
    await queryClient.invalidateQueries({ queryKey: [warehouseInTransaction.key] });
    await queryClient.invalidateQueries({ queryKey: [warehousePreInTransaction.key] });
    void navigate(agencyPath(warehouseInTransaction.route));
  };

  return (
    <Form<InValues> form={form} layout="vertical" initialValues={{ manual: false, storage: 'openArea', silos: [] }} onFinish={(values) => void submit(values)} data-testid="in-form">
      <Card>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="preInId" label={t('receiving.ticketNumber')} rules={[{ required: true, message: translateMessage(Messages.wbtRequired) }]}>
              <Select<number>
                showSearch
                optionFilterProp="label"
                loading={preIns.isFetching}
                data-testid="in-pre-in"
                options={(preIns.data ?? []).map((row) => ({ value: row.id, label: `${row.ticketNumber} · ${row.truckPlate} · ${row.warehouseName} · ${row.slipNumber}` }))}
                onChange={(next) => form.setFieldsValue({ preInId: next, machineId: undefined, silos: [] })}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="machineId" label={t('receiving.weighbridge')} rules={[{ required: true, message: translateMessage(OutboundWeighingMessages.weighbridgeRequired) }]}>
              <WeighbridgeSelect warehouseId={preIn?.warehouseId} />
            </Form.Item>
          </Col>
        </Row>
        {preIn && (
          <WeighingFacts
            items={[
              { label: t('receiving.slip'), value: `${preIn.slipNumber} (${preIn.slipQuantity})` },
              { label: t('receiving.firstKg'), value: <bdi data-testid="in-first-kg">{preIn.kg.toLocaleString('en')}</bdi> },
            ]}
          />
        )}
        {canManual && <ManualWeightFields manual={manual} />}
        <StorageFields warehouseId={preIn?.warehouseId} receivedKg={receivedKg} />
        <Form.Item name="remarks" label={t('outboundWeighing.remarks')}>
          <Input.TextArea maxLength={255} rows={2} />
        </Form.Item>
        <CaptureButton manual={manual} machineId={machineId} saving={saving} testId="in-capture" />
      </Card>
    </Form>
  );
}

/** An existing warehouse in: weights read-only; where the cargo went (reposted) and the remarks editable. */
function EditInForm({ record }: { record: TWarehouseInDetail }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const dateTime = useAgencyDateTime();
  const goBack = useGoBack(useAgencyPath()(warehouseInTransaction.route));
  const [form] = Form.useForm<InValues>();
  const [saving, setSaving] = useState(false);
  const submit = async (values: InValues) => {
    setSaving(true);
    const result = await updateIn(record.id, { storage: values.storage ?? 'openArea', silos: sharesOf(values), remarks: values.remarks ?? null });
    setSaving(false);
    if (!result.ok) {
      showSubmitFailure(form, result, ['storage', 'silos', 'remarks']);
      return;
    }
    void message.success(translateMessage(ReceivingMessages.warehouseInUpdated));
    await queryClient.invalidateQueries({ queryKey: [warehouseInTransaction.key] });
    goBack();
  };
  const initialSilos = record.shares.filter((share) => share.siloId !== null).map((share) => ({ siloId: share.siloId ?? undefined, quantity: share.quantity }));
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <WeighingFacts
        items={[
          { label: t('receiving.ticketNumber'), value: record.ticketNumber },
          { label: t('receiving.slip'), value: record.slipNumber },
          { label: t('receiving.truck'), value: record.truckPlate },
          { label: t('receiving.warehouse'), value: record.warehouseName },
          { label: t('receiving.firstKg'), value: <bdi>{record.firstKg.toLocaleString('en')}</bdi> },
          { label: t('receiving.secondKg'), value: <Space><bdi>{record.kg.toLocaleString('en')}</bdi><ManualTag manual={record.manual} reason={record.manualReason} /></Space> },
          { label: t('receiving.slipQuantity'), value: <bdi>{record.slipQuantity}</bdi> },
          { label: t('receiving.received'), value: <bdi data-testid="in-received">{record.receivedQuantity}</bdi> },
          { label: t('receiving.transitLoss'), value: <bdi data-testid="in-transit-loss">{record.transitLoss}</bdi> },
          { label: t('receiving.capturedAt'), value: dateTime(record.capturedAt) },
        ]}
      />
      <Form<InValues> form={form} layout="vertical" disabled={record.status === 'Reversed'} initialValues={{ storage: record.storage, silos: initialSilos, remarks: record.remarks ?? undefined }} onFinish={(values) => void submit(values)} data-testid="in-edit-form">
        <StorageFields warehouseId={record.warehouseId} receivedKg={record.receivedKg} />
        <Form.Item name="remarks" label={t('outboundWeighing.remarks')}>
          <Input.TextArea maxLength={255} rows={2} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="in-save">
          {t('outboundWeighing.save')}
        </Button>
      </Form>
    </Space>
  );
}

/** `warehouse-in/add` and `warehouse-in/:id/edit`. */
export default function WarehouseInFormPage() {
  const { t } = useTranslation();
  return (
    <TransactionFormPage<TWarehouseInDetail> declaration={warehouseInTransaction} title={{ add: t('receiving.inAdd'), edit: t('receiving.inEdit') }} testId="warehouse-in-form-page">
      {(record) => (record ? <EditInForm record={record} /> : <NewInForm />)}
    </TransactionFormPage>
  );
}
