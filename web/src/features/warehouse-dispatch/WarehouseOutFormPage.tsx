import { useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Form, Input, Radio, Select, Space } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DISPATCH_DESTINATIONS, LOCATION_KIND_IDS, WarehouseDispatchMessages, tonnesToKg, warehouseOutTransaction, type DispatchDestination, type TWarehouseOut } from '@tonnage/contracts';
import { showSubmitFailure } from '../../app/form-errors';
import { translateMessage } from '../../app/i18n';
import { useAgencyPath, useGoBack } from '../../app/navigation';
import { LocationPicker, WarehousePicker } from '../../components/pickers';
import { TransactionFormPage } from '../../components/transactions/form/TransactionFormPage';
import { createWarehouseOut, updateWarehouseOut, useDispatchableWeights, useOpenPreOuts } from './warehouse-dispatch-api';

interface OutValues {
  preOutId?: number;
  secondWeightId?: number;
  destinationType: DispatchDestination;
  toLocationId?: number;
  remarks?: string;
}

const FIELDS = ['preOutId', 'secondWeightId', 'destinationType', 'toLocationId', 'remarks'];

/**
 * True when the net of the second weight is below the Pre Out's quantity: the server refuses it with
 * `WBQ of Out cannot be less than WBQ of Pre out.`; the form says so before the save.
 */
export function wbqBelowPreOut(netKg: number | undefined, preOutTonnes: string | undefined): boolean {
  if (netKg === undefined || preOutTonnes === undefined) return false;
  return BigInt(netKg) < tonnesToKg(preOutTonnes);
}

/** A new Warehouse Out: the open Pre Out, its truck's second weight (the quantity is its net), the destination. */
function NewOutForm() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const agencyPath = useAgencyPath();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<OutValues>();
  const [saving, setSaving] = useState(false);
  const preOuts = useOpenPreOuts();
  const preOutId = Form.useWatch('preOutId', form);
  const secondWeightId = Form.useWatch('secondWeightId', form);
  const destinationType = Form.useWatch('destinationType', form) ?? 'warehouse';
  const weights = useDispatchableWeights(preOutId);
  const preOut = (preOuts.data ?? []).find((row) => row.id === preOutId);
  const weight = (weights.data ?? []).find((row) => row.id === secondWeightId);
  const short = wbqBelowPreOut(weight?.netKg, preOut?.quantity);

  const submit = async (values: OutValues) => {
    setSaving(true);
    const result = await createWarehouseOut({ preOutId: values.preOutId, secondWeightId: values.secondWeightId, destinationType: values.destinationType, toLocationId: values.toLocationId, remarks: values.remarks ?? null });
    setSaving(false);
    if (!result.ok) {
      showSubmitFailure(form, result, FIELDS);
      return;
    }
    void message.success(translateMessage(WarehouseDispatchMessages.warehouseOutCreated));
    await queryClient.invalidateQueries({ queryKey: [warehouseOutTransaction.key] });
    void navigate(agencyPath(warehouseOutTransaction.route));
  };

  return (
    <Form<OutValues> form={form} layout="vertical" initialValues={{ destinationType: 'warehouse' }} onFinish={(values) => void submit(values)} data-testid="warehouse-out-form">
      <Card>
        <Form.Item name="preOutId" label={t('warehouseDispatch.preOut')} rules={[{ required: true, message: translateMessage(WarehouseDispatchMessages.preOutRequired) }]}>
          <Select<number>
            showSearch={{ optionFilterProp: 'label' }}
            loading={preOuts.isFetching}
            placeholder={t('warehouseDispatch.selectPreOut')}
            options={(preOuts.data ?? []).map((row) => ({ value: row.id, label: `${row.truckPlate} · ${row.warehouseName} · ${row.siloName ?? t('warehouseDispatch.openArea')} · ${row.lcPoNumber} · ${row.quantity} MT` }))}
            onChange={(next) => form.setFieldsValue({ preOutId: next, secondWeightId: undefined })}
            data-testid="wo-pre-out"
          />
        </Form.Item>
        <Form.Item name="secondWeightId" label={t('warehouseDispatch.secondWeight')} rules={[{ required: true, message: translateMessage(WarehouseDispatchMessages.secondWeightRequired) }]}>
          <Select<number>
            disabled={preOutId === undefined}
            loading={weights.isFetching}
            placeholder={t('warehouseDispatch.selectSecondWeight')}
            options={(weights.data ?? []).map((row) => ({ value: row.id, label: `#${row.ticketNumber} · ${row.truckPlate} · ${row.netQuantity} MT · ${t(row.manual ? 'warehouseDispatch.entryTypes.manual' : 'warehouseDispatch.entryTypes.automatic')}` }))}
            data-testid="wo-second-weight"
          />
        </Form.Item>
        {preOut && (
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={t('warehouseDispatch.preOutQuantity')}>
              <bdi data-testid="wo-pre-out-quantity">{preOut.quantity}</bdi>
            </Descriptions.Item>
            <Descriptions.Item label={t('warehouseDispatch.net')}>
              <bdi data-testid="wo-net">{weight ? weight.netQuantity : '—'}</bdi>
            </Descriptions.Item>
          </Descriptions>
        )}
        {short && <Alert style={{ marginBlock: 12 }} type="error" showIcon message={translateMessage(WarehouseDispatchMessages.wbqBelowPreOut)} data-testid="wo-wbq-short" />}
        <Form.Item name="destinationType" label={t('warehouseDispatch.destinationType')}>
          <Radio.Group
            onChange={() => form.setFieldsValue({ toLocationId: undefined })}
            options={DISPATCH_DESTINATIONS.map((type) => ({ value: type, label: <span data-testid={`wo-destination-${type}`}>{t(`warehouseDispatch.destinations.${type}`)}</span> }))}
          />
        </Form.Item>
        <Form.Item name="toLocationId" label={t('warehouseDispatch.destination')} rules={[{ required: true, message: translateMessage(WarehouseDispatchMessages.destinationRequired) }]}>
          {destinationType === 'warehouse' ? (
            <WarehousePicker data-testid="wo-to-warehouse" />
          ) : destinationType === 'consignee' ? (
            <LocationPicker kinds={[LOCATION_KIND_IDS.deliveryLocation]} owner="consignee" data-testid="wo-to-consignee" />
          ) : (
            <LocationPicker kinds={[LOCATION_KIND_IDS.deliveryLocation]} owner="customer" data-testid="wo-to-customer" />
          )}
        </Form.Item>
        <Form.Item name="remarks" label={t('warehouseDispatch.remarks')}>
          <Input.TextArea maxLength={255} rows={2} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving} disabled={short} data-testid="wo-save">
          {t('warehouseDispatch.save')}
        </Button>
      </Card>
    </Form>
  );
}

/** An existing Warehouse Out: its slip's facts read-only, the remarks editable. */
function EditOutForm({ record }: { record: TWarehouseOut }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const goBack = useGoBack(useAgencyPath()(warehouseOutTransaction.route));
  const [form] = Form.useForm<{ remarks?: string }>();
  const [saving, setSaving] = useState(false);
  const submit = async (values: { remarks?: string }) => {
    setSaving(true);
    const result = await updateWarehouseOut(record.id, { remarks: values.remarks ?? null });
    setSaving(false);
    if (!result.ok) {
      showSubmitFailure(form, result, ['remarks']);
      return;
    }
    void message.success(translateMessage(WarehouseDispatchMessages.warehouseOutUpdated));
    await queryClient.invalidateQueries({ queryKey: [warehouseOutTransaction.key] });
    goBack();
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Descriptions size="small" column={2} bordered>
        <Descriptions.Item label={t('warehouseDispatch.slipNumber')}>{record.slipNumber}</Descriptions.Item>
        <Descriptions.Item label={t('warehouseDispatch.truck')}>{record.truckPlate}</Descriptions.Item>
        <Descriptions.Item label={t('warehouseDispatch.warehouse')}>{record.warehouseName}</Descriptions.Item>
        <Descriptions.Item label={t('warehouseDispatch.destination')}>{record.toLocationName}</Descriptions.Item>
        <Descriptions.Item label={t('warehouseDispatch.ticketNumber')}>{record.ticketNumber}</Descriptions.Item>
        <Descriptions.Item label={t('warehouseDispatch.net')}>
          <bdi>{record.quantity}</bdi>
        </Descriptions.Item>
      </Descriptions>
      <Form form={form} layout="vertical" disabled={record.status === 'Reversed'} initialValues={{ remarks: record.remarks ?? undefined }} onFinish={(values) => void submit(values)} data-testid="wo-edit-form">
        <Form.Item name="remarks" label={t('warehouseDispatch.remarks')}>
          <Input.TextArea maxLength={255} rows={2} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="wo-edit-save">
          {t('warehouseDispatch.save')}
        </Button>
      </Form>
    </Space>
  );
}

/** `warehouse-out/add` and `warehouse-out/:id/edit`. */
export default function WarehouseOutFormPage() {
  const { t } = useTranslation();
  return (
    <TransactionFormPage<TWarehouseOut> declaration={warehouseOutTransaction} title={{ add: t('warehouseDispatch.outAdd'), edit: t('warehouseDispatch.outEdit') }} testId="warehouse-out-form-page">
      {(record) => (record ? <EditOutForm record={record} /> : <NewOutForm />)}
    </TransactionFormPage>
  );
}
