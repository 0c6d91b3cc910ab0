import { useState } from 'react';
import { Alert, App, Button, Card, Col, Form, Input, Radio, Row, Select } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConsigneeDispatchMessages, LoanMessages, Messages, PortLoadingMessages, WarehouseDispatchMessages, consigneeLocationToSmTransaction, consigneeToSmTransaction, type TLoan } from '@tonnage/contracts';
import { showSubmitFailure } from '../../app/form-errors';
import { translateMessage } from '../../app/i18n';
import { useAgencyPath } from '../../app/navigation';
import { LOCATION_KINDS, LocationPicker, WarehousePicker } from '../../components/pickers';
import { TransactionFormPage } from '../../components/transactions/form/TransactionFormPage';
import { positionKey } from '../warehouse-dispatch/PreOutFormPage';
import { PositionBalance } from '../warehouse-dispatch/PositionBalance';
import { VoyageSelect } from '../../components/cargo/VoyageSelect';
import { createLoan, createOnBoardLoan, createSiteLoan, useLoanPositions, useOnBoardLenders, useSiteLoanPositions } from './loans-api';
import { LoanRecord } from './LoanRecords';
import { DeliveryFields, movementOf, type DeliveryValues } from './LoanDelivery';
import { TRIP_FIELDS, flattenMovementErrors } from '../../components/cargo/TripFields';

interface LoanValues extends DeliveryValues {
  /** The warehouse screen's choice: cargo on hand in a warehouse, or a BL's cargo still on board at the port. */
  placeKind?: 'warehouse' | 'onBoard';
  warehouseId?: number;
  position?: string;
  voyageId?: number;
  shipmentId?: number;
  quantity?: string;
  remarks?: string;
}

const FIELDS = ['warehouseId', 'position', 'voyageId', 'shipmentId', 'quantity', 'remarks', ...TRIP_FIELDS];
const DELIVERY = [LOCATION_KINDS.delivery];

/** Where a loan is made: in a warehouse (`warehouse/consignee-to-sm`) or at a consignee location (`consignee/consignee-to-sm`). */
type Place = 'warehouse' | 'consigneeLocation';

/**
 * `warehouse/consignee-to-sm/add` and `consignee/consignee-to-sm/add`: a consignee's position on hand in a warehouse
 * or at its delivery location (with its usable quantity) and the quantity lent to its shipment manager in place. A
 * loan is not edited: its record page shows it.
 */
function ConsigneeToSmForm({ record, place }: { record: TLoan | null; place: Place }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const agencyPath = useAgencyPath();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<LoanValues>();
  const [saving, setSaving] = useState(false);
  const warehouseId = Form.useWatch('warehouseId', form);
  const warehousePositions = useLoanPositions(record || place !== 'warehouse' ? undefined : warehouseId);
  const sitePositions = useSiteLoanPositions(record || place !== 'consigneeLocation' ? undefined : warehouseId);
  const positions = place === 'warehouse' ? warehousePositions : sitePositions;
  const declaration = place === 'warehouse' ? consigneeToSmTransaction : consigneeLocationToSmTransaction;
  const key = Form.useWatch('position', form);
  const chosen = (positions.data ?? []).find((p) => positionKey(p) === key);
  const placeKind = Form.useWatch('placeKind', form) ?? 'warehouse';
  const onBoard = place === 'warehouse' && placeKind === 'onBoard';
  const voyageId = Form.useWatch('voyageId', form);
  const lenders = useOnBoardLenders(record || !onBoard ? undefined : voyageId);

  if (record) return <LoanRecord loan={record} />;

  const submit = async (values: LoanValues) => {
    setSaving(true);
    if (onBoard) {
      const result = await createOnBoardLoan({ shipmentId: values.shipmentId ?? null, quantity: values.quantity ?? '', remarks: values.remarks ?? null });
      setSaving(false);
      if (!result.ok) {
        showSubmitFailure(form, result, FIELDS);
        return;
      }
      void message.success(translateMessage(LoanMessages.loanCreated));
      await queryClient.invalidateQueries({ queryKey: [consigneeToSmTransaction.key] });
      void navigate(agencyPath(declaration.route));
      return;
    }
    const common = {
      ownerCompanyId: chosen?.ownerCompanyId,
      consignmentId: chosen?.consignmentId,
      cargoTypeId: chosen?.cargoTypeId,
      voyageId: chosen?.voyageId,
      attachedVoyageId: chosen?.attachedVoyageId,
      quantity: values.quantity ?? '',
      movement: movementOf(values),
      remarks: values.remarks ?? null,
    };
    const result = place === 'warehouse' ? await createLoan({ ...common, warehouseId: values.warehouseId, siloId: chosen?.siloId ?? null }) : await createSiteLoan({ ...common, locationId: values.warehouseId });
    setSaving(false);
    if (!result.ok) {
      // The consignee location is the form's `warehouseId` field.
      const flat = flattenMovementErrors(result);
      const error = flat.error.details?.locationId === undefined || flat.error.details.toLocationId !== undefined ? flat : { ...flat, error: { ...flat.error, details: { ...flat.error.details, warehouseId: flat.error.details.locationId } } };
      showSubmitFailure(form, error, FIELDS);
      return;
    }
    void message.success(translateMessage(LoanMessages.loanCreated));
    await queryClient.invalidateQueries({ queryKey: [declaration.key] });
    await queryClient.invalidateQueries({ queryKey: [consigneeToSmTransaction.key] });
    void navigate(agencyPath(declaration.route));
  };

  return (
    <Form<LoanValues> form={form} layout="vertical" onFinish={(values) => void submit(values)} data-testid="loan-form">
      <Card>
        {place === 'warehouse' && (
          <Form.Item name="placeKind" label={t('loans.placeKind')} initialValue="warehouse">
            <Radio.Group data-testid="loan-place-kind" onChange={() => form.setFieldsValue({ warehouseId: undefined, position: undefined, voyageId: undefined, shipmentId: undefined })}>
              <Radio value="warehouse" data-testid="loan-place-warehouse">
                {t('loans.placeKinds.warehouse')}
              </Radio>
              <Radio value="onBoard" data-testid="loan-place-on-board">
                {t('loans.placeKinds.onBoard')}
              </Radio>
            </Radio.Group>
          </Form.Item>
        )}
        {onBoard ? (
          <>
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <Form.Item name="voyageId" label={t('loans.voyage')} rules={[{ required: true, message: translateMessage(PortLoadingMessages.voyageRequired) }]}>
                  <VoyageSelect onChange={(next) => form.setFieldsValue({ voyageId: next, shipmentId: undefined })} data-testid="loan-voyage" />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="shipmentId" label={t('loans.bl')} rules={[{ required: true, message: translateMessage(LoanMessages.blRequired) }]}>
                  <Select<number>
                    disabled={voyageId === undefined}
                    loading={lenders.isFetching}
                    placeholder={t('loans.selectBl')}
                    notFoundContent={t('loans.noBls')}
                    options={(lenders.data ?? []).map((bl) => ({
                      value: bl.shipmentId,
                      label: t('loans.blOption', { bl: bl.blNumber, lender: bl.lenderName, borrower: bl.borrowerName, lcPo: bl.lcPoNumber, available: bl.available }),
                    }))}
                    data-testid="loan-bl"
                  />
                </Form.Item>
              </Col>
            </Row>
            <Alert type="info" showIcon message={t('loans.onBoardHint')} style={{ marginBlockEnd: 16 }} data-testid="loan-on-board-hint" />
          </>
        ) : (
        <Row gutter={16}>
          <Col xs={24} md={12}>
            {place === 'warehouse' ? (
              <Form.Item name="warehouseId" label={t('loans.warehouse')} rules={[{ required: true, message: translateMessage(Messages.warehouseRequired) }]}>
                <WarehousePicker onChange={() => form.setFieldsValue({ position: undefined })} data-testid="loan-warehouse" />
              </Form.Item>
            ) : (
              <Form.Item name="warehouseId" label={t('loans.consigneeLocation')} rules={[{ required: true, message: translateMessage(ConsigneeDispatchMessages.consigneeLocationRequired) }]}>
                <LocationPicker kinds={DELIVERY} owner="consignee" onChange={() => form.setFieldsValue({ position: undefined })} data-testid="loan-location" />
              </Form.Item>
            )}
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="position" label={t('warehouseDispatch.position')} rules={[{ required: true, message: translateMessage(WarehouseDispatchMessages.positionRequired) }]}>
              <Select<string>
                disabled={warehouseId === undefined}
                loading={positions.isFetching}
                placeholder={t('warehouseDispatch.selectPosition')}
                notFoundContent={t('warehouseDispatch.noPositions')}
                options={(positions.data ?? []).map((p) => ({
                  value: positionKey(p),
                  label: `${p.siloName ?? t('warehouseDispatch.openArea')} · ${p.ownerName} · ${p.lcPoNumber} · ${p.cargoTypeName} · ${t('warehouseDispatch.usable', { value: p.usable })}`,
                }))}
                data-testid="loan-position"
              />
            </Form.Item>
          </Col>
        </Row>
        )}
        {!onBoard && chosen && <PositionBalance position={chosen} usableTestId="loan-usable" />}
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="quantity" label={t('cargo.quantityMt')} rules={[{ required: true, message: translateMessage(Messages.quantityPositive) }]}>
              <Input inputMode="decimal" data-testid="loan-quantity" />
            </Form.Item>
          </Col>
        </Row>
        {!onBoard && <DeliveryFields form={form} testId="loan" />}
        <Form.Item name="remarks" label={t('warehouseDispatch.remarks')}>
          <Input.TextArea maxLength={255} rows={2} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="loan-save">
          {t('warehouseDispatch.save')}
        </Button>
      </Card>
    </Form>
  );
}

export default function ConsigneeToSmFormPage() {
  const { t } = useTranslation();
  return (
    <TransactionFormPage<TLoan> declaration={consigneeToSmTransaction} title={{ add: t('loans.consigneeToSmAdd'), edit: t('loans.consigneeToSmTitle') }} testId="loan-form-page">
      {(record) => <ConsigneeToSmForm record={record} place="warehouse" />}
    </TransactionFormPage>
  );
}

/** `consignee/consignee-to-sm/add`: the same loan at a consignee location. */
export function ConsigneeLocationToSmFormPage() {
  const { t } = useTranslation();
  return (
    <TransactionFormPage<TLoan> declaration={consigneeLocationToSmTransaction} title={{ add: t('loans.consigneeToSmAdd'), edit: t('loans.consigneeLocationToSmTitle') }} testId="consignee-loan-form-page">
      {(record) => <ConsigneeToSmForm record={record} place="consigneeLocation" />}
    </TransactionFormPage>
  );
}
