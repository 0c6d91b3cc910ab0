import { useState } from 'react';
import { Alert, App, Button, Form, Input, Space } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Messages } from '@tonnage/contracts';
import type { RawResult } from '../../app/api';
import { showSubmitFailure } from '../../app/form-errors';
import { translateMessage } from '../../app/i18n';
import { useAgencyPath, useGoBack } from '../../app/navigation';
import { EquipmentSelect } from '../port-loading/selects';
import { WeighingFacts } from './FirstWeightFormPage';

export interface WeighingEditValues {
  driverId?: number;
  remarks?: string;
}

/**
 * The edit page of a saved weighing (first weight, second weight, warehouse pre in): the weight is locked, its facts
 * are shown read-only, and only the driver (when `driverId` is given) and the remarks change. A reversed record is
 * shown without a working form.
 */
export function WeighingEditForm(props: {
  facts: Parameters<typeof WeighingFacts>[0]['items'];
  record: { status: string; remarks: string | null; driverId?: number };
  save: (values: { driverId?: number | undefined; remarks: string | null }) => Promise<RawResult>;
  /** The success text (already translated). */
  saved: string;
  /** The flow's query key (its lists) and list route. */
  queryKey: string;
  listRoute: string;
  /** Test ids: the form's and the prefix of its driver and save controls (`<prefix>-driver`, `<prefix>-save`). */
  testId: string;
  prefix: string;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const goBack = useGoBack(useAgencyPath()(props.listRoute));
  const [form] = Form.useForm<WeighingEditValues>();
  const [saving, setSaving] = useState(false);
  const withDriver = props.record.driverId !== undefined;
  const submit = async (values: WeighingEditValues) => {
    setSaving(true);
    const result = await props.save({ ...(withDriver ? { driverId: values.driverId } : {}), remarks: values.remarks ?? null });
    setSaving(false);
    if (!result.ok) {
      showSubmitFailure(form, result, ['driverId', 'remarks']);
      return;
    }
    void message.success(props.saved);
    await queryClient.invalidateQueries({ queryKey: [props.queryKey] });
    goBack();
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Alert type="info" showIcon message={t('outboundWeighing.weightLocked')} />
      <WeighingFacts items={props.facts} />
      <Form
        form={form}
        layout="vertical"
        disabled={props.record.status === 'Reversed'}
        initialValues={{ driverId: props.record.driverId, remarks: props.record.remarks ?? undefined }}
        onFinish={(values) => void submit(values)}
        data-testid={props.testId}
      >
        {withDriver && (
          <Form.Item name="driverId" label={t('outboundWeighing.driver')} rules={[{ required: true, message: translateMessage(Messages.driverRequired) }]}>
            <EquipmentSelect kind="driver" transporterId={null} data-testid={`${props.prefix}-driver`} />
          </Form.Item>
        )}
        <Form.Item name="remarks" label={t('outboundWeighing.remarks')}>
          <Input.TextArea maxLength={255} rows={2} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving} data-testid={`${props.prefix}-save`}>
          {t('outboundWeighing.save')}
        </Button>
      </Form>
    </Space>
  );
}
