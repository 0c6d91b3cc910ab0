import { useState } from 'react';
import { Alert, App, Button, Card, Col, Descriptions, Form, Input, Radio, Row, Select, type FormInstance } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Messages, SWAP_PLACES, SwapCargoMessages, swapCargoTransaction, type SwapPlace, type TStockPosition, type TSwapCargo, type TSwapSide } from '@tonnage/contracts';
import type { RawResult } from '../../app/api';
import { showSubmitFailure } from '../../app/form-errors';
import { translateMessage } from '../../app/i18n';
import { useAgencyPath } from '../../app/navigation';
import { LOCATION_KINDS, LocationPicker, WarehousePicker } from '../../components/pickers';
import { TransactionFormPage } from '../../components/transactions/form/TransactionFormPage';
import { TransactionListPage } from '../../components/transactions/TransactionListPage';
import { PositionBalance } from '../warehouse-dispatch/PositionBalance';
import { positionKey } from '../warehouse-dispatch/PreOutFormPage';
import { createSwapCargo, useSwapPositions } from './swap-cargo-api';
import { between, reverseQuestion, withQuantity } from '../../components/cargo/reverse-question';

type SideKey = 'a' | 'b';

interface SwapValues {
  aPlace: SwapPlace;
  aLocationId?: number;
  aPosition?: string;
  bPlace: SwapPlace;
  bLocationId?: number;
  bPosition?: string;
  quantity?: string;
  remarks?: string;
}

const FIELDS = ['aLocationId', 'aPosition', 'bLocationId', 'bPosition', 'quantity', 'remarks'];
const DELIVERY = [LOCATION_KINDS.delivery];
const REQUIRED: Record<SideKey, string> = { a: SwapCargoMessages.sideARequired, b: SwapCargoMessages.sideBRequired };

/** A side's place with its silo (or the open area) at a warehouse; a consignee location alone. */
function usePlaceText() {
  const { t } = useTranslation();
  return (side: TSwapSide) => (side.place === 'warehouse' ? `${side.locationName} · ${side.siloName ?? t('warehouseDispatch.openArea')}` : side.locationName);
}

/** `swapCargo`: each side's place (silo or open area) and owner. */
export function SwapCargoListPage() {
  const { t } = useTranslation();
  const placeText = usePlaceText();
  return (
    <TransactionListPage
      declaration={swapCargoTransaction}
      renderers={{
        aPlace: (row: TSwapCargo) => placeText(row.a),
        aOwner: (row: TSwapCargo) => row.a.ownerName,
        bPlace: (row: TSwapCargo) => placeText(row.b),
        bOwner: (row: TSwapCargo) => row.b.ownerName,
      }}
      reverse={{ title: (row) => reverseQuestion(t, withQuantity(between(t, row.a.ownerName, row.b.ownerName), row.quantity)) }}
      hideEdit
    />
  );
}

/** The server's errors on a side's position dimensions go on that side's stock picker. */
function onPickers(result: Extract<RawResult, { ok: false }>): Extract<RawResult, { ok: false }> {
  const details = Object.fromEntries(Object.entries(result.error.details ?? {}).map(([name, message]) => [/^[ab](SiloId|OwnerCompanyId|ConsignmentId|CargoTypeId|VoyageId|AttachedVoyageId)$/.test(name) ? `${name[0]}Position` : name, message]));
  return { ...result, error: { ...result.error, details } };
}

/** One side of the swap: its place type, place and stock (with the usable quantity). */
function SwapSide({ side, form, positions, chosen }: { side: SideKey; form: FormInstance<SwapValues>; positions: ReturnType<typeof useSwapPositions>; chosen: TStockPosition | undefined }) {
  const { t } = useTranslation();
  const place = Form.useWatch(`${side}Place`, form) ?? 'warehouse';
  const locationId = Form.useWatch(`${side}LocationId`, form);
  const clearPosition = () => form.setFieldsValue({ [`${side}Position`]: undefined });
  const resetPlace = () => form.setFieldsValue({ [`${side}LocationId`]: undefined, [`${side}Position`]: undefined });
  return (
    <Card size="small" title={t(`swapCargo.side.${side}`)} style={{ marginBlockEnd: 16 }} data-testid={`swp-side-${side}`}>
      <Form.Item name={`${side}Place`} label={t('swapCargo.placeType')}>
        <Radio.Group onChange={resetPlace} options={SWAP_PLACES.map((p) => ({ value: p, label: t(`swapCargo.places.${p}`) }))} data-testid={`swp-${side}-place`} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name={`${side}LocationId`} label={t('swapCargo.place')} rules={[{ required: true, message: translateMessage(REQUIRED[side]) }]}>
            {place === 'warehouse' ? <WarehousePicker onChange={clearPosition} data-testid={`swp-${side}-location`} /> : <LocationPicker kinds={DELIVERY} owner="consignee" onChange={clearPosition} data-testid={`swp-${side}-location`} />}
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name={`${side}Position`} label={t('swapCargo.position')} rules={[{ required: true, message: translateMessage(REQUIRED[side]) }]}>
            <Select<string>
              disabled={locationId === undefined}
              loading={positions.isFetching}
              placeholder={t('warehouseDispatch.selectPosition')}
              notFoundContent={t('swapCargo.noPositions')}
              options={(positions.data ?? []).map((p) => ({
                value: positionKey(p),
                label: `${p.siloName ?? (place === 'warehouse' ? t('warehouseDispatch.openArea') : '—')} · ${p.ownerName} · ${p.lcPoNumber} · ${p.cargoTypeName} · ${t('warehouseDispatch.usable', { value: p.usable })}`,
              }))}
              data-testid={`swp-${side}-position`}
            />
          </Form.Item>
        </Col>
      </Row>
      {chosen && <PositionBalance position={chosen} usableTestId={`swp-${side}-usable`} />}
    </Card>
  );
}

/** The fields of a chosen position for one side of the body. */
function sideBody(side: SideKey, locationId: number | undefined, chosen: TStockPosition | undefined) {
  return {
    [`${side}LocationId`]: locationId,
    [`${side}SiloId`]: chosen?.siloId ?? null,
    [`${side}OwnerCompanyId`]: chosen?.ownerCompanyId,
    [`${side}ConsignmentId`]: chosen?.consignmentId,
    [`${side}CargoTypeId`]: chosen?.cargoTypeId,
    [`${side}VoyageId`]: chosen?.voyageId,
    [`${side}AttachedVoyageId`]: chosen?.attachedVoyageId,
  };
}

/** `swapCargo/add`: both sides' stock positions and the quantity each gives. */
function SwapCargoForm() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const agencyPath = useAgencyPath();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<SwapValues>();
  const [saving, setSaving] = useState(false);
  const aPositions = useSwapPositions(Form.useWatch('aPlace', form) ?? 'warehouse', Form.useWatch('aLocationId', form));
  const bPositions = useSwapPositions(Form.useWatch('bPlace', form) ?? 'warehouse', Form.useWatch('bLocationId', form));
  const aKey = Form.useWatch('aPosition', form);
  const bKey = Form.useWatch('bPosition', form);
  const aChosen = (aPositions.data ?? []).find((p) => positionKey(p) === aKey);
  const bChosen = (bPositions.data ?? []).find((p) => positionKey(p) === bKey);

  const submit = async (values: SwapValues) => {
    setSaving(true);
    const result = await createSwapCargo({
      ...sideBody('a', values.aLocationId, aChosen),
      ...sideBody('b', values.bLocationId, bChosen),
      quantity: values.quantity ?? '',
      remarks: values.remarks ?? null,
    } as Parameters<typeof createSwapCargo>[0]);
    setSaving(false);
    if (!result.ok) {
      showSubmitFailure(form, onPickers(result), FIELDS);
      return;
    }
    void message.success(translateMessage(SwapCargoMessages.created));
    await queryClient.invalidateQueries({ queryKey: [swapCargoTransaction.key] });
    void navigate(agencyPath(swapCargoTransaction.route));
  };

  return (
    <Form<SwapValues> form={form} layout="vertical" initialValues={{ aPlace: 'warehouse', bPlace: 'warehouse' }} onFinish={(values) => void submit(values)} data-testid="swap-cargo-form">
      <Card>
        <Alert type="info" showIcon message={t('swapCargo.nothingMoves')} style={{ marginBlockEnd: 16 }} />
        <SwapSide side="a" form={form} positions={aPositions} chosen={aChosen} />
        <SwapSide side="b" form={form} positions={bPositions} chosen={bChosen} />
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="quantity" label={t('swapCargo.quantity')} rules={[{ required: true, message: translateMessage(Messages.quantityPositive) }]}>
              <Input inputMode="decimal" data-testid="swp-quantity" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="remarks" label={t('warehouseDispatch.remarks')}>
          <Input.TextArea maxLength={255} rows={2} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="swp-save">
          {t('warehouseDispatch.save')}
        </Button>
      </Card>
    </Form>
  );
}

/** A swap is not edited (reverse it and add another): its page shows it. */
function SwapCargoView({ record }: { record: TSwapCargo }) {
  const { t } = useTranslation();
  const placeText = usePlaceText();
  return (
    <Card>
      <Descriptions size="small" column={2} bordered data-testid="swap-cargo-view">
        <Descriptions.Item label={t('swapCargo.aPlace')}>{placeText(record.a)}</Descriptions.Item>
        <Descriptions.Item label={t('swapCargo.bPlace')}>{placeText(record.b)}</Descriptions.Item>
        <Descriptions.Item label={t('swapCargo.aOwner')}>{record.a.ownerName}</Descriptions.Item>
        <Descriptions.Item label={t('swapCargo.bOwner')}>{record.b.ownerName}</Descriptions.Item>
        <Descriptions.Item label={t('swapCargo.aLcPo')}>{record.a.lcPoNumber}</Descriptions.Item>
        <Descriptions.Item label={t('swapCargo.bLcPo')}>{record.b.lcPoNumber}</Descriptions.Item>
        <Descriptions.Item label={t('swapCargo.cargoType')}>{record.cargoTypeName}</Descriptions.Item>
        <Descriptions.Item label={t('swapCargo.quantity')}>
          <bdi>{record.quantity}</bdi>
        </Descriptions.Item>
        <Descriptions.Item label={t('warehouseDispatch.remarks')} span={2}>
          {record.remarks ?? ''}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

export default function SwapCargoFormPage() {
  const { t } = useTranslation();
  return (
    <TransactionFormPage<TSwapCargo> declaration={swapCargoTransaction} title={{ add: t('swapCargo.add'), edit: t('swapCargo.title') }} testId="swap-cargo-form-page">
      {(record) => (record ? <SwapCargoView record={record} /> : <SwapCargoForm />)}
    </TransactionFormPage>
  );
}
