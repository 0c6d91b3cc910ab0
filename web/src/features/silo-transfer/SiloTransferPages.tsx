import { useState } from 'react';
import { Alert, App, Button, Card, Col, Descriptions, Form, Input, Radio, Row, Select } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Messages, SiloTransferMessages, ZStockPositions, siloTransferTransaction, tonnesToKg, type TSiloTransfer, type TSiloTransferInput } from '@tonnage/contracts';
import { apiOrThrow, rawRequest } from '../../app/api';
import { showSubmitFailure } from '../../app/form-errors';
import { translateMessage } from '../../app/i18n';
import { useAgencyPath } from '../../app/navigation';
import { WarehousePicker } from '../../components/pickers';
import { TransactionFormPage } from '../../components/transactions/form/TransactionFormPage';
import { TransactionListPage } from '../../components/transactions/TransactionListPage';
import { useWarehouseSilos } from '../receiving/receiving-api';
import { SiloSplit, type SiloShareValue } from '../receiving/SiloSplit';
import { PositionBalance } from '../warehouse-dispatch/PositionBalance';
import { positionKey } from '../warehouse-dispatch/PreOutFormPage';
import { fromTo, reverseQuestion } from '../../components/cargo/reverse-question';

interface SiloTransferValues {
  warehouseId?: number;
  position?: string;
  quantity?: string;
  storage?: 'silo' | 'openArea';
  silos?: SiloShareValue[];
  remarks?: string;
}

const FIELDS = ['warehouseId', 'position', 'quantity', 'storage', 'silos', 'remarks'];

/** The targets of a transfer as one line: "Silo 2 (30.000), Silo 3 (10.000)" or the open area. */
function useTargets() {
  const { t } = useTranslation();
  return (row: TSiloTransfer) => row.shares.map((s) => (s.siloName === null ? t('siloTransfer.storages.openArea') : `${s.siloName} (${s.quantity})`)).join(', ');
}

/** `siloTransfer`: from which silo (or the open area) to which silos (or the open area). */
export function SiloTransferListPage() {
  const { t } = useTranslation();
  const targets = useTargets();
  return (
    <TransactionListPage
      declaration={siloTransferTransaction}
      renderers={{ from: (row: TSiloTransfer) => row.fromSiloName ?? t('siloTransfer.storages.openArea'), to: (row: TSiloTransfer) => targets(row) }}
      reverse={{ title: (row) => reverseQuestion(t, fromTo(t, row.fromSiloName ?? t('siloTransfer.storages.openArea'), targets(row))) }}
      hideEdit
    />
  );
}

/** A quantity typed in MT as kg (null while it is not a valid quantity). */
function kgOf(quantity: string | undefined): number | null {
  if (!quantity) return null;
  try {
    return Number(tonnesToKg(quantity));
  } catch {
    return null;
  }
}

/** `siloTransfer/add`: a warehouse, the stock to move (silo or open area, with its usable), the quantity and where it goes. */
function SiloTransferForm() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const agencyPath = useAgencyPath();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<SiloTransferValues>();
  const [saving, setSaving] = useState(false);
  const warehouseId = Form.useWatch('warehouseId', form);
  const positions = useQuery({
    queryKey: [siloTransferTransaction.key, 'positions', warehouseId ?? 0],
    queryFn: async () => (await apiOrThrow(`/api/siloTransfer/positions?warehouseId=${warehouseId ?? 0}`, { schema: ZStockPositions })).rows,
    enabled: warehouseId !== undefined,
  });
  const silos = useWarehouseSilos(warehouseId);
  const key = Form.useWatch('position', form);
  const storage = Form.useWatch('storage', form);
  const quantity = Form.useWatch('quantity', form);
  const chosen = (positions.data ?? []).find((p) => positionKey(p) === key);
  const openToOpen = chosen !== undefined && chosen.siloId === null && storage === 'openArea';
  const targets = (silos.data ?? []).filter((silo) => silo.id !== chosen?.siloId);

  const submit = async (values: SiloTransferValues) => {
    setSaving(true);
    const body: TSiloTransferInput = {
      warehouseId: values.warehouseId,
      siloId: chosen?.siloId ?? null,
      ownerCompanyId: chosen?.ownerCompanyId,
      consignmentId: chosen?.consignmentId,
      cargoTypeId: chosen?.cargoTypeId,
      voyageId: chosen?.voyageId,
      attachedVoyageId: chosen?.attachedVoyageId,
      quantity: values.quantity ?? '',
      storage: values.storage ?? 'silo',
      silos: values.storage === 'silo' ? (values.silos ?? []).map((share) => ({ siloId: share.siloId, quantity: String(share.quantity ?? '') })) : [],
      remarks: values.remarks ?? null,
    };
    const result = await rawRequest('/api/siloTransfer', { method: 'POST', body });
    setSaving(false);
    if (!result.ok) {
      showSubmitFailure(form, result, FIELDS);
      return;
    }
    void message.success(translateMessage(SiloTransferMessages.created));
    await queryClient.invalidateQueries({ queryKey: [siloTransferTransaction.key] });
    void navigate(agencyPath(siloTransferTransaction.route));
  };

  return (
    <Form<SiloTransferValues> form={form} layout="vertical" initialValues={{ storage: 'silo', silos: [{}] }} onFinish={(values) => void submit(values)} data-testid="silo-transfer-form">
      <Card>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="warehouseId" label={t('siloTransfer.warehouse')} rules={[{ required: true, message: translateMessage(Messages.warehouseRequired) }]}>
              <WarehousePicker onChange={() => form.setFieldsValue({ position: undefined, silos: [{}] })} data-testid="st-warehouse" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="position" label={t('siloTransfer.position')} rules={[{ required: true, message: translateMessage(SiloTransferMessages.positionRequired) }]}>
              <Select<string>
                disabled={warehouseId === undefined}
                loading={positions.isFetching}
                placeholder={t('warehouseDispatch.selectPosition')}
                notFoundContent={t('siloTransfer.noPositions')}
                options={(positions.data ?? []).map((p) => ({
                  value: positionKey(p),
                  label: `${p.siloName ?? t('siloTransfer.storages.openArea')} · ${p.ownerName} · ${p.lcPoNumber} · ${p.cargoTypeName} · ${t('warehouseDispatch.usable', { value: p.usable })}`,
                }))}
                data-testid="st-position"
              />
            </Form.Item>
          </Col>
        </Row>
        {chosen && <PositionBalance position={chosen} usableTestId="st-usable" />}
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="quantity" label={t('cargo.quantityMt')} rules={[{ required: true, message: translateMessage(Messages.quantityPositive) }]}>
              <Input inputMode="decimal" data-testid="st-quantity" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="storage" label={t('siloTransfer.to')} rules={[{ required: true, message: translateMessage(Messages.warehouseTypeRequired) }]}>
              <Radio.Group
                data-testid="st-storage"
                options={[
                  { value: 'silo', label: t('siloTransfer.storages.silo'), disabled: targets.length === 0 && warehouseId !== undefined },
                  { value: 'openArea', label: t('siloTransfer.storages.openArea') },
                ]}
              />
            </Form.Item>
          </Col>
        </Row>
        {openToOpen && <Alert type="error" showIcon message={translateMessage(SiloTransferMessages.openAreaToOpenArea)} style={{ marginBlockEnd: 16 }} data-testid="st-open-to-open" />}
        {storage === 'silo' && <SiloSplit silos={targets} receivedKg={kgOf(quantity)} />}
        <Form.Item name="remarks" label={t('warehouseDispatch.remarks')}>
          <Input.TextArea maxLength={255} rows={2} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving} disabled={openToOpen} data-testid="st-save">
          {t('warehouseDispatch.save')}
        </Button>
      </Card>
    </Form>
  );
}

/** A transfer is not edited (reverse it and add another): its page shows it. */
function SiloTransferView({ record }: { record: TSiloTransfer }) {
  const { t } = useTranslation();
  const targets = useTargets();
  return (
    <Card>
      <Descriptions size="small" column={2} bordered data-testid="silo-transfer-view">
        <Descriptions.Item label={t('siloTransfer.warehouse')}>{record.warehouseName}</Descriptions.Item>
        <Descriptions.Item label={t('siloTransfer.owner')}>{record.ownerName}</Descriptions.Item>
        <Descriptions.Item label={t('siloTransfer.from')}>{record.fromSiloName ?? t('siloTransfer.storages.openArea')}</Descriptions.Item>
        <Descriptions.Item label={t('siloTransfer.to')}>{targets(record)}</Descriptions.Item>
        <Descriptions.Item label={t('siloTransfer.lcPo')}>{record.lcPoNumber}</Descriptions.Item>
        <Descriptions.Item label={t('cargo.quantityMt')}>
          <bdi>{record.quantity}</bdi>
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

export default function SiloTransferFormPage() {
  const { t } = useTranslation();
  return (
    <TransactionFormPage<TSiloTransfer> declaration={siloTransferTransaction} title={{ add: t('siloTransfer.add'), edit: t('siloTransfer.title') }} testId="silo-transfer-form-page">
      {(record) => (record ? <SiloTransferView record={record} /> : <SiloTransferForm />)}
    </TransactionFormPage>
  );
}
