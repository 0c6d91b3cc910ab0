import { useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Form, Input, InputNumber, Radio, Space, Tooltip } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import {
  CORRECTION_FLAGS,
  CorrectionMessages,
  DISPATCH_DESTINATIONS,
  LOCATION_KIND_IDS,
  Messages,
  STORAGE_CHOICES,
  WarehouseDispatchMessages,
  kgToTonnes,
  tonnesToKg,
  warehouseInTransaction,
  warehouseOutTransaction,
  type DispatchDestination,
  type TWarehouseIn,
  type TWarehouseOut,
} from '@tonnage/contracts';
import { useCan } from '../../app/guards';
import { showSubmitFailure } from '../../app/form-errors';
import { translateMessage } from '../../app/i18n';
import { useAgencyPath } from '../../app/navigation';
import { PageHeader } from '../../components/PageHeader';
import { LocationPicker, WarehousePicker } from '../../components/pickers';
import { TransactionRecordGate } from '../../components/transactions/form/TransactionFormPage';
import { TransactionListPage } from '../../components/transactions/TransactionListPage';
import { SiloSplit, type SiloShareValue } from '../receiving/SiloSplit';
import { useWarehouseSilos } from '../receiving/receiving-api';
import { CorrectionHistory } from './CorrectionHistory';
import { correctWarehouseIn, correctWarehouseOut, correctionKeys, type CorrectedKind } from './corrections-api';

/*
 * The correction screens of past records (spec 2.3 `oldWarehouse-in/{warehouseInId}/edit` and
 * `oldWarehouse-out/{warehouseOutId}/edit`): the figures a normal edit cannot change, with a required reason,
 * saved as one reverse-and-repost on the server; the history of the record's corrections below the form.
 */

/** The "Correct" action of a list row: only with the correction flag, on a live record (and an Out not received). */
export function CorrectAction({ kind, id, allowed }: { kind: CorrectedKind; id: number; allowed: boolean }) {
  const { t } = useTranslation();
  const agencyPath = useAgencyPath();
  const can = useCan(CORRECTION_FLAGS[kind]);
  if (!can || !allowed) return null;
  const route = kind === 'warehouseIn' ? 'oldWarehouse-in' : 'oldWarehouse-out';
  return (
    <Tooltip title={t('corrections.correct')}>
      <Link to={agencyPath(`${route}/${id}/edit`)} aria-label={t('corrections.correct')} data-testid={`${kind}-correct`}>
        <Button type="text" icon={<EditOutlined />} />
      </Link>
    </Tooltip>
  );
}

/** `warehouse-in`: the generic list of the declaration with the Correct action on its rows. */
export function WarehouseInListPage() {
  return <TransactionListPage declaration={warehouseInTransaction} rowActions={(row: TWarehouseIn) => <CorrectAction kind="warehouseIn" id={row.id} allowed={row.status === 'Active'} />} />;
}

/** What a save does after the server accepted the correction: the message, the lists and the history refreshed. */
function useAfterCorrection(kind: CorrectedKind, id: number) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return async () => {
    void message.success(translateMessage(CorrectionMessages.corrected));
    await queryClient.invalidateQueries({ queryKey: [kind] });
    await queryClient.invalidateQueries({ queryKey: correctionKeys.history(kind, id) });
  };
}

interface InValues {
  emptyKg?: number;
  storage: 'silo' | 'openArea';
  silos?: SiloShareValue[];
  reason?: string;
}

function InCorrectionForm({ record }: { record: TWarehouseIn }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<InValues>();
  const [saving, setSaving] = useState(false);
  const after = useAfterCorrection('warehouseIn', record.id);
  const silos = useWarehouseSilos(record.warehouseId);
  const emptyKg = Form.useWatch('emptyKg', form);
  const storage = Form.useWatch('storage', form) ?? record.storage;
  const receivedKg = typeof emptyKg === 'number' && emptyKg > 0 && emptyKg < record.firstKg ? record.firstKg - emptyKg : null;
  const locked = record.status !== 'Active';

  const submit = async (values: InValues) => {
    setSaving(true);
    const result = await correctWarehouseIn(record.id, {
      emptyKg: values.emptyKg ?? 0,
      storage: values.storage,
      silos: values.storage === 'silo' ? (values.silos ?? []).map((share) => ({ siloId: share.siloId ?? 0, quantity: String(share.quantity ?? '') })) : [],
      reason: values.reason ?? '',
    });
    setSaving(false);
    if (!result.ok) {
      showSubmitFailure(form, result, ['emptyKg', 'storage', 'silos', 'reason']);
      return;
    }
    form.setFieldsValue({ reason: undefined });
    await after();
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Card title={t('corrections.current')}>
        <Descriptions size="small" column={{ xs: 1, md: 3 }} bordered>
          <Descriptions.Item label={t('receiving.ticketNumber')}>{record.ticketNumber}</Descriptions.Item>
          <Descriptions.Item label={t('warehouseDispatch.truck')}>{record.truckPlate}</Descriptions.Item>
          <Descriptions.Item label={t('warehouseDispatch.warehouse')}>{record.warehouseName}</Descriptions.Item>
          <Descriptions.Item label={t('corrections.loadedKg')}>
            <bdi>{record.firstKg}</bdi>
          </Descriptions.Item>
          <Descriptions.Item label={t('corrections.emptyKg')}>
            <bdi data-testid="correction-current-empty">{record.kg}</bdi>
          </Descriptions.Item>
          <Descriptions.Item label={t('corrections.received')}>
            <bdi data-testid="correction-current-received">{record.receivedQuantity}</bdi>
          </Descriptions.Item>
          <Descriptions.Item label={t('corrections.storage')} span={3}>
            {record.shares.map((share) => `${share.siloName ?? t('warehouseDispatch.openArea')}: ${share.quantity}`).join(' · ')}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card>
        <Alert type="info" showIcon message={t('corrections.explain')} style={{ marginBlockEnd: 16 }} />
        {locked && <Alert type="warning" showIcon message={t('corrections.reversedLocked')} style={{ marginBlockEnd: 16 }} />}
        <Form<InValues>
          form={form}
          layout="vertical"
          disabled={locked}
          initialValues={{ emptyKg: record.kg, storage: record.storage, silos: record.shares.filter((share) => share.siloId !== null).map((share) => ({ siloId: share.siloId ?? undefined, quantity: share.quantity })) }}
          onFinish={(values) => void submit(values)}
          data-testid="in-correction-form"
        >
          <Form.Item name="emptyKg" label={t('corrections.emptyKg')} rules={[{ required: true, message: translateMessage(CorrectionMessages.emptyWeightRequired) }]}>
            <InputNumber<number> min={1} precision={0} style={{ width: 220 }} data-testid="correction-empty-kg" />
          </Form.Item>
          <Descriptions size="small" column={1} style={{ marginBlockEnd: 16 }}>
            <Descriptions.Item label={t('corrections.newReceived')}>
              <bdi data-testid="correction-new-received">{receivedKg === null ? '—' : kgToTonnes(BigInt(receivedKg))}</bdi>
            </Descriptions.Item>
          </Descriptions>
          <Form.Item name="storage" label={t('corrections.storage')}>
            <Radio.Group options={STORAGE_CHOICES.map((choice) => ({ value: choice, label: <span data-testid={`correction-storage-${choice}`}>{t(`corrections.storages.${choice}`)}</span> }))} />
          </Form.Item>
          {storage === 'silo' && <SiloSplit silos={silos.data ?? []} receivedKg={receivedKg} />}
          <Form.Item name="reason" label={t('corrections.reason')} rules={[{ required: true, whitespace: true, message: translateMessage(Messages.reasonRequired) }]}>
            <Input.TextArea maxLength={500} rows={2} data-testid="correction-reason" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={saving} data-testid="correction-save">
            {t('corrections.save')}
          </Button>
        </Form>
      </Card>
      <CorrectionHistory kind="warehouseIn" id={record.id} />
    </Space>
  );
}

interface OutValues {
  quantity?: string;
  destinationType: DispatchDestination;
  toLocationId?: number;
  reason?: string;
}

/** True when a typed quantity is below the Pre Out's (the server's WBQ rule); false while it is empty or not a quantity. */
function quantityBelow(quantity: string | undefined, preOut: string): boolean {
  if (quantity === undefined || quantity === '') return false;
  try {
    return tonnesToKg(String(quantity)) < tonnesToKg(preOut);
  } catch {
    return false;
  }
}

function OutCorrectionForm({ record }: { record: TWarehouseOut }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<OutValues>();
  const [saving, setSaving] = useState(false);
  const after = useAfterCorrection('warehouseOut', record.id);
  const destinationType = Form.useWatch('destinationType', form) ?? record.destinationType;
  const quantity = Form.useWatch('quantity', form);
  const below = quantityBelow(quantity, record.preOutQuantity);
  const locked = record.status !== 'Active' || record.received;

  const submit = async (values: OutValues) => {
    setSaving(true);
    const result = await correctWarehouseOut(record.id, { quantity: values.quantity ?? '', destinationType: values.destinationType, toLocationId: values.toLocationId, reason: values.reason ?? '' });
    setSaving(false);
    if (!result.ok) {
      showSubmitFailure(form, result, ['quantity', 'destinationType', 'toLocationId', 'reason']);
      return;
    }
    form.setFieldsValue({ reason: undefined });
    await after();
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Card title={t('corrections.current')}>
        <Descriptions size="small" column={{ xs: 1, md: 3 }} bordered>
          <Descriptions.Item label={t('warehouseDispatch.slipNumber')}>{record.slipNumber}</Descriptions.Item>
          <Descriptions.Item label={t('warehouseDispatch.truck')}>{record.truckPlate}</Descriptions.Item>
          <Descriptions.Item label={t('warehouseDispatch.warehouse')}>{record.warehouseName}</Descriptions.Item>
          <Descriptions.Item label={t('warehouseDispatch.preOutQuantity')}>
            <bdi>{record.preOutQuantity}</bdi>
          </Descriptions.Item>
          <Descriptions.Item label={t('corrections.quantity')}>
            <bdi data-testid="correction-current-quantity">{record.quantity}</bdi>
          </Descriptions.Item>
          <Descriptions.Item label={t('warehouseDispatch.destination')}>{record.toLocationName}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card>
        <Alert type="info" showIcon message={t('corrections.explain')} style={{ marginBlockEnd: 16 }} />
        {record.received && <Alert type="warning" showIcon message={t('corrections.receivedLocked')} style={{ marginBlockEnd: 16 }} data-testid="correction-received" />}
        {record.status !== 'Active' && <Alert type="warning" showIcon message={t('corrections.reversedLocked')} style={{ marginBlockEnd: 16 }} />}
        <Form<OutValues>
          form={form}
          layout="vertical"
          disabled={locked}
          initialValues={{ quantity: record.quantity, destinationType: record.destinationType, toLocationId: record.toLocationId }}
          onFinish={(values) => void submit(values)}
          data-testid="out-correction-form"
        >
          <Form.Item name="quantity" label={t('corrections.quantity')} rules={[{ required: true, message: translateMessage(Messages.quantityPositive) }]}>
            <Input inputMode="decimal" style={{ width: 220 }} data-testid="correction-quantity" />
          </Form.Item>
          {below && <Alert style={{ marginBlockEnd: 12 }} type="error" showIcon message={translateMessage(WarehouseDispatchMessages.wbqBelowPreOut)} data-testid="correction-wbq-short" />}
          <Form.Item name="destinationType" label={t('warehouseDispatch.destinationType')}>
            <Radio.Group onChange={() => form.setFieldsValue({ toLocationId: undefined })} options={DISPATCH_DESTINATIONS.map((type) => ({ value: type, label: t(`warehouseDispatch.destinations.${type}`) }))} />
          </Form.Item>
          <Form.Item name="toLocationId" label={t('warehouseDispatch.destination')} rules={[{ required: true, message: translateMessage(WarehouseDispatchMessages.destinationRequired) }]}>
            {destinationType === 'warehouse' ? <WarehousePicker data-testid="correction-to-warehouse" /> : <LocationPicker kinds={[LOCATION_KIND_IDS.deliveryLocation]} owner={destinationType} data-testid="correction-to-location" />}
          </Form.Item>
          <Form.Item name="reason" label={t('corrections.reason')} rules={[{ required: true, whitespace: true, message: translateMessage(Messages.reasonRequired) }]}>
            <Input.TextArea maxLength={500} rows={2} data-testid="correction-reason" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={saving} disabled={below || locked} data-testid="correction-save">
            {t('corrections.save')}
          </Button>
        </Form>
      </Card>
      <CorrectionHistory kind="warehouseOut" id={record.id} />
    </Space>
  );
}

/** `oldWarehouse-in/:id/edit`. */
export function WarehouseInCorrectionPage() {
  const { t } = useTranslation();
  return (
    <div className="page" data-testid="warehouse-in-correction-page">
      <PageHeader title={t('corrections.inTitle')} />
      <TransactionRecordGate<TWarehouseIn> declaration={warehouseInTransaction} idParam={useParams().id}>
        {(record) => (record ? <InCorrectionForm record={record} /> : null)}
      </TransactionRecordGate>
    </div>
  );
}

/** `oldWarehouse-out/:id/edit`. */
export function WarehouseOutCorrectionPage() {
  const { t } = useTranslation();
  return (
    <div className="page" data-testid="warehouse-out-correction-page">
      <PageHeader title={t('corrections.outTitle')} />
      <TransactionRecordGate<TWarehouseOut> declaration={warehouseOutTransaction} idParam={useParams().id}>
        {(record) => (record ? <OutCorrectionForm record={record} /> : null)}
      </TransactionRecordGate>
    </div>
  );
}
