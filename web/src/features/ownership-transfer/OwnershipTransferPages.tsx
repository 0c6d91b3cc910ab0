import { useState } from 'react';
import { Alert, App, Button, Card, Col, Descriptions, Form, Input, Radio, Row, Select } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Messages, OWNERSHIP_PLACES, OwnershipTransferMessages, ownershipTransferTransaction, type OwnershipPlace, type TOwnershipTransfer } from '@tonnage/contracts';
import { showSubmitFailure } from '../../app/form-errors';
import { translateMessage } from '../../app/i18n';
import { useAgencyPath } from '../../app/navigation';
import { LOCATION_KINDS, LocationPicker, WarehousePicker } from '../../components/pickers';
import { TransactionFormPage } from '../../components/transactions/form/TransactionFormPage';
import { TransactionListPage } from '../../components/transactions/TransactionListPage';
import { PositionBalance } from '../warehouse-dispatch/PositionBalance';
import { positionKey } from '../warehouse-dispatch/PreOutFormPage';
import { createOwnershipTransfer, useNewOwners, useTransferPositions } from './ownership-transfer-api';
import { fromTo, reverseQuestion, withQuantity } from '../../components/cargo/reverse-question';

interface TransferValues {
  place: OwnershipPlace;
  locationId?: number;
  position?: string;
  toOwnerCompanyId?: number;
  quantity?: string;
  remarks?: string;
}

const FIELDS = ['locationId', 'position', 'toOwnerCompanyId', 'quantity', 'remarks'];
const DELIVERY = [LOCATION_KINDS.delivery];

/** `ownershipTransfer`: silo or open area of a warehouse; a consignee location has neither. */
export function OwnershipTransferListPage() {
  const { t } = useTranslation();
  return (
    <TransactionListPage
      declaration={ownershipTransferTransaction}
      renderers={{ silo: (row: TOwnershipTransfer) => row.siloName ?? (row.place === 'warehouse' ? t('warehouseDispatch.openArea') : '') }}
      reverse={{ title: (row) => reverseQuestion(t, withQuantity(fromTo(t, row.fromOwnerName, row.toOwnerName), row.quantity)) }}
      hideEdit
    />
  );
}

/** `ownershipTransfer/add`: a place, a position of its current owner (with the usable quantity), the new owner and the quantity. */
function OwnershipTransferForm() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const agencyPath = useAgencyPath();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<TransferValues>();
  const [saving, setSaving] = useState(false);
  const place = Form.useWatch('place', form) ?? 'warehouse';
  const locationId = Form.useWatch('locationId', form);
  const positions = useTransferPositions(place, locationId);
  const owners = useNewOwners();
  const key = Form.useWatch('position', form);
  const chosen = (positions.data ?? []).find((p) => positionKey(p) === key);

  const submit = async (values: TransferValues) => {
    setSaving(true);
    const result = await createOwnershipTransfer({
      locationId: values.locationId,
      siloId: chosen?.siloId ?? null,
      ownerCompanyId: chosen?.ownerCompanyId,
      consignmentId: chosen?.consignmentId,
      cargoTypeId: chosen?.cargoTypeId,
      voyageId: chosen?.voyageId,
      attachedVoyageId: chosen?.attachedVoyageId,
      toOwnerCompanyId: values.toOwnerCompanyId,
      quantity: values.quantity ?? '',
      remarks: values.remarks ?? null,
    });
    setSaving(false);
    if (!result.ok) {
      showSubmitFailure(form, result, FIELDS);
      return;
    }
    void message.success(translateMessage(OwnershipTransferMessages.created));
    await queryClient.invalidateQueries({ queryKey: [ownershipTransferTransaction.key] });
    void navigate(agencyPath(ownershipTransferTransaction.route));
  };

  const resetPlace = () => form.setFieldsValue({ locationId: undefined, position: undefined });
  return (
    <Form<TransferValues> form={form} layout="vertical" initialValues={{ place: 'warehouse' }} onFinish={(values) => void submit(values)} data-testid="ownership-transfer-form">
      <Card>
        <Alert type="info" showIcon message={t('ownershipTransfer.nothingMoves')} style={{ marginBlockEnd: 16 }} />
        <Form.Item name="place" label={t('ownershipTransfer.placeType')}>
          <Radio.Group onChange={resetPlace} options={OWNERSHIP_PLACES.map((p) => ({ value: p, label: t(`ownershipTransfer.places.${p}`) }))} data-testid="ot-place" />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="locationId" label={t('ownershipTransfer.place')} rules={[{ required: true, message: translateMessage(OwnershipTransferMessages.placeRequired) }]}>
              {place === 'warehouse' ? (
                <WarehousePicker onChange={() => form.setFieldsValue({ position: undefined })} data-testid="ot-location" />
              ) : (
                <LocationPicker kinds={DELIVERY} owner="consignee" onChange={() => form.setFieldsValue({ position: undefined })} data-testid="ot-location" />
              )}
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="position" label={t('ownershipTransfer.position')} rules={[{ required: true, message: translateMessage(OwnershipTransferMessages.positionRequired) }]}>
              <Select<string>
                disabled={locationId === undefined}
                loading={positions.isFetching}
                placeholder={t('warehouseDispatch.selectPosition')}
                notFoundContent={t('ownershipTransfer.noPositions')}
                options={(positions.data ?? []).map((p) => ({
                  value: positionKey(p),
                  label: `${p.siloName ?? (place === 'warehouse' ? t('warehouseDispatch.openArea') : '—')} · ${p.ownerName} · ${p.lcPoNumber} · ${p.cargoTypeName} · ${t('warehouseDispatch.usable', { value: p.usable })}`,
                }))}
                data-testid="ot-position"
              />
            </Form.Item>
          </Col>
        </Row>
        {chosen && <PositionBalance position={chosen} usableTestId="ot-usable" />}
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="toOwnerCompanyId" label={t('ownershipTransfer.newOwner')} rules={[{ required: true, message: translateMessage(OwnershipTransferMessages.newOwnerRequired) }]}>
              <Select<number>
                showSearch
                optionFilterProp="label"
                loading={owners.isFetching}
                options={(owners.data ?? [])
                  .filter((o) => o.id !== chosen?.ownerCompanyId)
                  .map((o) => ({ value: o.id, label: o.isShipmentManager ? t('ownershipTransfer.shipmentManagerMark', { name: o.name }) : o.name }))}
                data-testid="ot-new-owner"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="quantity" label={t('cargo.quantityMt')} rules={[{ required: true, message: translateMessage(Messages.quantityPositive) }]}>
              <Input inputMode="decimal" data-testid="ot-quantity" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="remarks" label={t('warehouseDispatch.remarks')}>
          <Input.TextArea maxLength={255} rows={2} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="ot-save">
          {t('warehouseDispatch.save')}
        </Button>
      </Card>
    </Form>
  );
}

/** A transfer is not edited (reverse it and add another): its page shows it. */
function OwnershipTransferView({ record }: { record: TOwnershipTransfer }) {
  const { t } = useTranslation();
  return (
    <Card>
      <Descriptions size="small" column={2} bordered data-testid="ownership-transfer-view">
        <Descriptions.Item label={t('ownershipTransfer.place')}>{record.locationName}</Descriptions.Item>
        <Descriptions.Item label={t('ownershipTransfer.silo')}>{record.siloName ?? (record.place === 'warehouse' ? t('warehouseDispatch.openArea') : '')}</Descriptions.Item>
        <Descriptions.Item label={t('ownershipTransfer.fromOwner')}>{record.fromOwnerName}</Descriptions.Item>
        <Descriptions.Item label={t('ownershipTransfer.toOwner')}>{record.toOwnerName}</Descriptions.Item>
        <Descriptions.Item label={t('ownershipTransfer.lcPo')}>{record.lcPoNumber}</Descriptions.Item>
        <Descriptions.Item label={t('cargo.quantityMt')}>
          <bdi>{record.quantity}</bdi>
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

export default function OwnershipTransferFormPage() {
  const { t } = useTranslation();
  return (
    <TransactionFormPage<TOwnershipTransfer> declaration={ownershipTransferTransaction} title={{ add: t('ownershipTransfer.add'), edit: t('ownershipTransfer.title') }} testId="ownership-transfer-form-page">
      {(record) => (record ? <OwnershipTransferView record={record} /> : <OwnershipTransferForm />)}
    </TransactionFormPage>
  );
}
