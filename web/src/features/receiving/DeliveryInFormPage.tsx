import { useState } from 'react';
import { App, Button, Card, Col, Descriptions, Form, Input, Row, Select } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  consigneeInTransaction,
  customerInTransaction,
  kgToTonnes,
  Messages,
  ReceivingMessages,
  tonnesToKg,
  type DeliveryInKind,
  type TDeliveryIn,
  type TInTransitSlip,
} from '@tonnage/contracts';
import { showSubmitFailure } from '../../app/form-errors';
import { translateMessage } from '../../app/i18n';
import { useAgencyPath, useGoBack } from '../../app/navigation';
import { formatQuantity } from '../../app/format';
import { TransactionFormPage } from '../../components/transactions/form/TransactionFormPage';
import { createDeliveryIn, updateDeliveryIn, useDeliveryInSlips } from './receiving-api';
import { parseSlipKey, slipKey } from './slip-key';

/*
 * Consignee In and Customer In (spec 2.3 `consignee-in`, `customer-in`, add and edit): a slip of either kind (a port
 * loading slip or a warehouse loading slip) in transit to a location of this kind is received with the delivery's
 * weighbridge ticket and the received quantity; the slip's quantity and the transit loss show as the quantity is
 * typed. The edit changes the ticket, the quantity and the remarks. The success message is the server's.
 */

const DECLARATIONS = { consigneeIn: consigneeInTransaction, customerIn: customerInTransaction } as const;
const TITLES = {
  consigneeIn: { add: 'receiving.consigneeInAdd', edit: 'receiving.consigneeInEdit' },
  customerIn: { add: 'receiving.customerInAdd', edit: 'receiving.customerInEdit' },
} as const;

interface DeliveryInValues {
  /** `<slipKind>:<slipId>`: the two kinds are numbered apart, so the kind is part of the choice. */
  slip?: string;
  wbtNumber?: string;
  quantity?: string;
  remarks?: string;
}

const FIELDS = ['slip', 'wbtNumber', 'quantity', 'remarks'];

/** The transit loss (slip - received) in MT, exact; null while the received quantity is not a valid MT figure. */
export function transitLoss(slipQuantity: string | undefined, received: string | undefined): string | null {
  if (slipQuantity === undefined || received === undefined || received.trim() === '') return null;
  try {
    return kgToTonnes(tonnesToKg(slipQuantity) - tonnesToKg(received.trim()));
  } catch {
    return null;
  }
}

/** The slip's quantity and the live transit loss. */
function LossFacts({ slipQuantity, received }: { slipQuantity: string | undefined; received: string | undefined }) {
  const { t } = useTranslation();
  const loss = transitLoss(slipQuantity, received);
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, md: 2 }}
      bordered
      items={[
        { key: 'slip', label: t('receiving.slipQuantity'), children: <bdi data-testid="delivery-in-slip-quantity">{slipQuantity === undefined ? '' : formatQuantity(slipQuantity)}</bdi> },
        { key: 'loss', label: t('receiving.transitLoss'), children: <bdi data-testid="delivery-in-transit-loss">{loss === null ? '' : formatQuantity(loss)}</bdi> },
      ]}
    />
  );
}

function slipLabel(t: (key: string) => string, slip: TInTransitSlip): string {
  return `${t(`receiving.slipKinds.${slip.slipKind}`)} ${slip.slipNumber} · ${slip.truckPlate} · ${slip.quantity} MT · ${slip.toLocationName}`;
}

/** A new receipt: the slip in transit, its ticket, the received quantity and remarks. */
function NewDeliveryInForm({ kind }: { kind: DeliveryInKind }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const agencyPath = useAgencyPath();
  const queryClient = useQueryClient();
  const declaration = DECLARATIONS[kind];
  const [form] = Form.useForm<DeliveryInValues>();
  const [saving, setSaving] = useState(false);
  const slips = useDeliveryInSlips(kind);
  const chosen = parseSlipKey(Form.useWatch('slip', form));
  const slip = chosen === null ? undefined : slips.data?.find((row) => row.slipKind === chosen.slipKind && row.slipId === chosen.slipId);
  const quantity = Form.useWatch('quantity', form);

  const submit = async (values: DeliveryInValues) => {
    const picked = parseSlipKey(values.slip);
    setSaving(true);
    const result = await createDeliveryIn(kind, { slipKind: picked?.slipKind, slipId: picked?.slipId, wbtNumber: values.wbtNumber ?? '', quantity: values.quantity ?? '', remarks: values.remarks ?? null });
    setSaving(false);
    if (!result.ok) {
      // The server names the slip `slipId`: shown on the picker.
      const error = result.error.details?.slipId === undefined ? result : { ...result, error: { ...result.error, details: { ...result.error.details, slip: result.error.details.slipId } } };
      showSubmitFailure(form, error, FIELDS);
      return;
    }
    void message.success(translateMessage((result.data as { message: string }).message));
    await queryClient.invalidateQueries({ queryKey: [declaration.key] });
    void navigate(agencyPath(declaration.route));
  };

  return (
    <Form<DeliveryInValues> form={form} layout="vertical" onFinish={(values) => void submit(values)} data-testid="delivery-in-form">
      <Card>
        <Row gutter={16}>
          <Col xs={24}>
            <Form.Item name="slip" label={t('receiving.slipInTransit')} rules={[{ required: true, message: translateMessage(ReceivingMessages.slipRequired) }]}>
              <Select<string>
                showSearch
                optionFilterProp="label"
                loading={slips.isFetching}
                data-testid="delivery-in-slip"
                options={(slips.data ?? []).map((row) => ({ value: slipKey(row), label: slipLabel(t, row) }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="wbtNumber" label={t('receiving.wbtNumber')} rules={[{ required: true, whitespace: true, message: translateMessage(Messages.wbtRequired) }]}>
              <Input maxLength={50} data-testid="delivery-in-wbt" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="quantity" label={t('receiving.receivedQuantity')} rules={[{ required: true, whitespace: true, message: translateMessage(Messages.wbqRequired) }]}>
              <Input inputMode="decimal" dir="ltr" data-testid="delivery-in-quantity" />
            </Form.Item>
          </Col>
        </Row>
        {slip === undefined ? <p data-testid="delivery-in-no-slip">{t('receiving.noSlipChosen')}</p> : <LossFacts slipQuantity={slip.quantity} received={quantity} />}
        <Form.Item name="remarks" label={t('receiving.remarks')} style={{ marginTop: 16 }}>
          <Input.TextArea maxLength={255} rows={2} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="delivery-in-save">
          {t('receiving.save')}
        </Button>
      </Card>
    </Form>
  );
}

/** An existing receipt: the slip read-only; ticket, quantity and remarks editable (the posting is redone). */
function EditDeliveryInForm({ kind, record }: { kind: DeliveryInKind; record: TDeliveryIn }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const declaration = DECLARATIONS[kind];
  const goBack = useGoBack(useAgencyPath()(declaration.route));
  const [form] = Form.useForm<DeliveryInValues>();
  const [saving, setSaving] = useState(false);
  const quantity = Form.useWatch('quantity', form);
  const submit = async (values: DeliveryInValues) => {
    setSaving(true);
    const result = await updateDeliveryIn(kind, record.id, { wbtNumber: values.wbtNumber ?? '', quantity: values.quantity ?? '', remarks: values.remarks ?? null });
    setSaving(false);
    if (!result.ok) {
      showSubmitFailure(form, result, FIELDS);
      return;
    }
    void message.success(translateMessage((result.data as { message: string }).message));
    await queryClient.invalidateQueries({ queryKey: [declaration.key] });
    goBack();
  };
  return (
    <Card>
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2 }}
        bordered
        style={{ marginBottom: 16 }}
        items={[
          { key: 'slip', label: t('receiving.slip'), children: <span data-testid="delivery-in-record-slip">{`${t(`receiving.slipKinds.${record.slipKind}`)} ${record.slipNumber}`}</span> },
          { key: 'truck', label: t('receiving.truck'), children: record.truckPlate },
          { key: 'location', label: t('receiving.location'), children: record.locationName },
        ]}
      />
      <Form<DeliveryInValues>
        form={form}
        layout="vertical"
        disabled={record.status === 'Reversed'}
        initialValues={{ wbtNumber: record.wbtNumber, quantity: record.receivedQuantity, remarks: record.remarks ?? undefined }}
        onFinish={(values) => void submit(values)}
        data-testid="delivery-in-edit-form"
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="wbtNumber" label={t('receiving.wbtNumber')} rules={[{ required: true, whitespace: true, message: translateMessage(Messages.wbtRequired) }]}>
              <Input maxLength={50} data-testid="delivery-in-wbt" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="quantity" label={t('receiving.receivedQuantity')} rules={[{ required: true, whitespace: true, message: translateMessage(Messages.wbqRequired) }]}>
              <Input inputMode="decimal" dir="ltr" data-testid="delivery-in-quantity" />
            </Form.Item>
          </Col>
        </Row>
        <LossFacts slipQuantity={record.slipQuantity} received={quantity} />
        <Form.Item name="remarks" label={t('receiving.remarks')} style={{ marginTop: 16 }}>
          <Input.TextArea maxLength={255} rows={2} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="delivery-in-save">
          {t('receiving.save')}
        </Button>
      </Form>
    </Card>
  );
}

function DeliveryInFormPage({ kind }: { kind: DeliveryInKind }) {
  const { t } = useTranslation();
  const declaration = DECLARATIONS[kind];
  return (
    <TransactionFormPage<TDeliveryIn> declaration={declaration} title={{ add: t(TITLES[kind].add), edit: t(TITLES[kind].edit) }} testId={`${declaration.route}-form-page`}>
      {(record) => (record ? <EditDeliveryInForm kind={kind} record={record} /> : <NewDeliveryInForm kind={kind} />)}
    </TransactionFormPage>
  );
}

/** `consignee-in/add` and `consignee-in/:id/edit`. */
export function ConsigneeInFormPage() {
  return <DeliveryInFormPage kind="consigneeIn" />;
}

/** `customer-in/add` and `customer-in/:id/edit`. */
export function CustomerInFormPage() {
  return <DeliveryInFormPage kind="customerIn" />;
}
