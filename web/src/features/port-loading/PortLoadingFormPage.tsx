import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { App, Button, Card, Col, DatePicker, Form, Input, Radio, Row, Select, Space, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { PrinterOutlined, RollbackOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  DATE_FORMAT,
  LOCATION_KIND_IDS,
  Messages,
  PORT_LOADING_QUANTITY_TYPES,
  PortLoadingMessages,
  TRANSPORTATION_TYPES,
  TRANSPORTER_KINDS,
  portLoadingTransaction,
  type PortLoadingQuantityType,
  type TLoadingSlip,
  type TPortLoadingDetail,
} from '@tonnage/contracts';
import { reportFailure } from '../../app/api';
import { showSubmitFailure } from '../../app/form-errors';
import { useAgencyDateTime } from '../../app/agency-time';
import { isolatedQuantity } from '../../app/format';
import { QuantityText } from '../../components/QuantityText';
import { entryPermission, useCan } from '../../app/guards';
import { translateMessage } from '../../app/i18n';
import { useAgencyPath, useGoBack } from '../../app/navigation';
import { ReasonModal } from '../../components/cargo/ReasonModal';
import { LocationPicker, WarehousePicker } from '../../components/pickers';
import { ReferenceSelect } from '../../components/resources/ReferenceSelect';
import { TransactionForm } from '../../components/transactions/form/TransactionForm';
import { TransactionFormPage } from '../../components/transactions/form/TransactionFormPage';
import { useTransactionForm } from '../../components/transactions/form/useTransactionForm';
import { addLoadingSlip, portLoadingKeys, reverseLoadingSlip, usePortLoans, useVoyageShipments } from './port-loading-api';
import {
  buildPortLoadingPayload,
  buildSlipPayload,
  destinationPickerOf,
  destinationTextKeys,
  formValuesOf,
  onQuantityTypeChange,
  onTransportationTypeChange,
  onTransporterKindChange,
  slipTransporterFilter,
  type PortLoadingFormValues,
  type SlipFormValues,
} from './port-loading-form';
import { VoyageSelect } from '../../components/cargo/VoyageSelect';
import { EquipmentSelect, ShipmentSelect } from './selects';

const SLIP_FIELDS = ['truckId', 'driverId', 'wbtNumber', 'quantity'];

interface FormShape extends Omit<PortLoadingFormValues, 'loadingDate'> {
  loadingDate?: dayjs.Dayjs;
}

/** The request body of the form's values (the date picker holds a Dayjs; the API an ISO date). */
const toPortLoadingInput = (values: FormShape) => buildPortLoadingPayload({ ...values, loadingDate: values.loadingDate?.format('YYYY-MM-DD') });

/** The add-slip form of a port loading (truck and driver of its transporter, WBT number, quantity MT). */
function AddSlipForm({ portLoading }: { portLoading: TPortLoadingDetail }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<SlipFormValues>();
  const [saving, setSaving] = useState(false);
  const transporterId = slipTransporterFilter(portLoading);
  const submit = async (values: SlipFormValues) => {
    setSaving(true);
    const result = await addLoadingSlip(portLoading.id, buildSlipPayload(values));
    setSaving(false);
    if (!result.ok) {
      showSubmitFailure(form, result, SLIP_FIELDS);
      return;
    }
    void message.success(translateMessage(Messages.loadingSlipCreated));
    form.resetFields();
    await queryClient.invalidateQueries({ queryKey: portLoadingKeys.all });
  };
  return (
    <Form<SlipFormValues> form={form} layout="vertical" onFinish={(values) => void submit(values)} data-testid="slip-form">
      <Row gutter={16}>
        <Col xs={24} md={5}>
          <Form.Item name="truckId" label={t('portLoading.truck')} rules={[{ required: true, message: translateMessage(Messages.truckRequired) }]}>
            <EquipmentSelect kind="truck" transporterId={transporterId} data-testid="slip-truck" />
          </Form.Item>
        </Col>
        <Col xs={24} md={5}>
          <Form.Item name="driverId" label={t('portLoading.driver')} rules={[{ required: true, message: translateMessage(Messages.driverRequired) }]}>
            <EquipmentSelect kind="driver" transporterId={transporterId} data-testid="slip-driver" />
          </Form.Item>
        </Col>
        <Col xs={24} md={5}>
          <Form.Item name="wbtNumber" label={t('portLoading.wbtNumber')} rules={[{ required: true, whitespace: true, message: translateMessage(Messages.wbtRequired) }]}>
            <Input maxLength={50} data-testid="slip-wbt" />
          </Form.Item>
        </Col>
        <Col xs={24} md={4}>
          <Form.Item name="quantity" label={t('cargo.quantityMt')} rules={[{ required: true, message: translateMessage(Messages.wbqRequired) }]}>
            <Input inputMode="decimal" data-testid="slip-quantity" />
          </Form.Item>
        </Col>
        {/* Wide enough for 'Add loading slip' (and its Arabic), which overflowed the card in a 3-column cell. */}
        <Col xs={24} md={5}>
          <Form.Item label=" ">
            <Button type="primary" htmlType="submit" loading={saving} data-testid="slip-submit">
              {t('portLoading.addSlip')}
            </Button>
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}

/** The slips of a port loading: print and reverse each. */
function SlipsTable({ portLoading }: { portLoading: TPortLoadingDetail }) {
  const { t } = useTranslation();
  const dateTime = useAgencyDateTime();
  const { message } = App.useApp();
  const agencyPath = useAgencyPath();
  const queryClient = useQueryClient();
  const canReverse = useCan(entryPermission('portLoading', 'reverse'));
  const [reversing, setReversing] = useState<TLoadingSlip | null>(null);
  const columns: TableColumnsType<TLoadingSlip> = [
    { key: 'number', title: t('portLoading.slipNumber'), dataIndex: 'slipNumber' },
    { key: 'loadedAt', title: t('portLoading.loadedAt'), render: (_v, row) => dateTime(row.loadedAt) },
    { key: 'truck', title: t('portLoading.truck'), dataIndex: 'truckPlate' },
    { key: 'driver', title: t('portLoading.driver'), dataIndex: 'driverName' },
    { key: 'wbt', title: t('portLoading.wbtNumber'), dataIndex: 'wbtNumber' },
    { key: 'quantity', title: t('cargo.quantityMt'), align: 'end', render: (_v, row) => <QuantityText value={row.quantity} /> },
    { key: 'status', title: t('cargo.status'), render: (_v, row) => <Tag color={row.status === 'Active' ? (row.received ? 'blue' : 'green') : 'default'}>{row.status === 'Active' ? (row.received ? t('portLoading.delivered') : t('portLoading.inTransitTag')) : t('cargo.reversed')}</Tag> },
    {
      key: 'actions',
      title: t('common.actions'),
      // Pinned to the end: the row's actions stay in sight when the table scrolls sideways.
      fixed: 'end',
      render: (_v, row) => (
        <Space size={0}>
          <Tooltip title={t('cargo.print')}>
            <Link to={agencyPath(`loadingSlips/${row.id}/print`)} aria-label={t('cargo.print')} data-testid="slip-print">
              <Button type="text" icon={<PrinterOutlined />} />
            </Link>
          </Tooltip>
          {canReverse && row.status === 'Active' && (
            <Tooltip title={t('cargo.reverse')}>
              <Button type="text" danger icon={<RollbackOutlined />} aria-label={t('cargo.reverse')} data-testid="slip-reverse" onClick={() => setReversing(row)} />
            </Tooltip>
          )}
        </Space>
      ),
    },
  ];
  return (
    <>
      <Table<TLoadingSlip> rowKey="id" size="small" pagination={false} scroll={{ x: true }} dataSource={portLoading.slips} columns={columns} data-testid="slips-table" />
      <ReasonModal
        open={reversing !== null}
        title={t('portLoading.reverseSlipQuestion', { number: reversing?.slipNumber ?? '' })}
        okText={t('cargo.reverse')}
        testIdPrefix="slip-reverse"
        onClose={() => setReversing(null)}
        onConfirm={async (reason) => {
          if (!reversing) return false;
          const result = await reverseLoadingSlip(reversing.id, reason);
          if (!result.ok) {
            reportFailure(result.status, result.error);
            return false;
          }
          void message.success(t('portLoading.slipReversedOk'));
          await queryClient.invalidateQueries({ queryKey: portLoadingKeys.all });
          return true;
        }}
      />
    </>
  );
}

/** The port loading's own form: the voyage -> LC/PO -> destination chain and the transporter choice. */
function PortLoadingForm({ row }: { row: TPortLoadingDetail | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const agencyPath = useAgencyPath();
  const goBack = useGoBack(agencyPath('portLoading'));
  const canEdit = useCan(entryPermission('portLoading', 'edit'));
  const controller = useTransactionForm<FormShape>({
    declaration: portLoadingTransaction,
    id: row?.id ?? null,
    toInput: toPortLoadingInput,
    successMessage: (created) => t(created ? 'portLoading.createdOk' : 'portLoading.updatedOk'),
    onSaved: (saved, created) => {
      const savedId = (saved as { id?: unknown } | null)?.id;
      if (created && typeof savedId === 'number') void navigate(agencyPath(`portLoading/${savedId}/edit`));
    },
  });
  const { form, item } = controller;
  const voyageId = Form.useWatch('voyageId', form);
  const shipmentId = Form.useWatch('shipmentId', form);
  const transportationType = Form.useWatch('transportationType', form) ?? row?.transportationType ?? 'warehouse';
  const transporterKind = Form.useWatch('transporterKind', form) ?? row?.transporterKind ?? 'company';
  const quantityType: PortLoadingQuantityType = Form.useWatch('quantityType', form) ?? row?.quantityType ?? 'bl';
  const loanId = Form.useWatch('loanId', form);
  const shipments = useVoyageShipments(voyageId);
  const portLoans = usePortLoans(shipmentId, row?.id ?? null, quantityType === 'loan');
  const loan = portLoans.data?.rows.find((candidate) => candidate.loanId === loanId);
  const shipment = shipments.data?.rows.find((candidate) => candidate.shipmentId === shipmentId);
  const locked = (row?.slips.some((slip) => slip.status === 'Active') ?? false) || row?.status === 'Reversed';
  const initialValues = useMemo<FormShape>(
    () => (row ? { ...formValuesOf(row), loadingDate: dayjs(row.loadingDate) } : { transportationType: 'warehouse', transporterKind: 'company', quantityType: 'bl', loadingDate: dayjs() }),
    [row],
  );

  useEffect(() => {
    // The port defaults to the voyage's port.
    if (!row && shipments.data && form.getFieldValue('portId') === undefined) form.setFieldsValue({ portId: shipments.data.voyage.portId });
  }, [shipments.data, row, form]);

  const patch = (changes: Partial<PortLoadingFormValues>) => {
    const { loadingDate: _ignored, ...rest } = changes;
    form.setFieldsValue(rest);
  };

  const destination = destinationTextKeys(transportationType);
  const picker = destinationPickerOf(transportationType);
  const renderField = (name: string): ReactNode => {
    switch (name) {
      case 'voyageId':
        return (
          <Form.Item {...item('voyageId')} required label={t('portLoading.vesselVoyage')}>
            <VoyageSelect
              disabled={locked}
              placeholder={t('portLoading.searchVoyage')}
              known={row ? { id: row.voyageId, vesselName: row.vesselName, voyageNumber: row.voyageNumber } : null}
              onChange={(next) => form.setFieldsValue({ voyageId: next, shipmentId: undefined, portId: undefined, loanId: undefined })}
              data-testid="pl-voyage"
            />
          </Form.Item>
        );
      case 'shipmentId':
        return (
          <Form.Item {...item('shipmentId')} required label={t('portLoading.lcPo')} extra={shipment ? t('portLoading.onBoard', { quantity: isolatedQuantity(shipment.onBoardQuantity) }) : undefined}>
            <ShipmentSelect rows={shipments.data?.rows ?? []} loading={shipments.isFetching} disabled={locked || voyageId === undefined} onChange={() => form.setFieldsValue({ loanId: undefined })} data-testid="pl-shipment" />
          </Form.Item>
        );
      case 'portId':
        return (
          <Form.Item {...item('portId')} label={t('portLoading.port')}>
            <ReferenceSelect resourceKey="port" known={row ? { value: row.portId, label: row.portName } : null} data-testid="pl-port" />
          </Form.Item>
        );
      case 'loadingDate':
        return (
          <Form.Item {...item('loadingDate')} required label={t('portLoading.loadingDate')}>
            <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} data-testid="pl-date" />
          </Form.Item>
        );
      case 'transportationType':
        return (
          <Form.Item {...item('transportationType')} label={t('portLoading.transportationType')}>
            <Radio.Group
              disabled={locked}
              onChange={(event) => patch(onTransportationTypeChange(transportationType, event.target.value as typeof transportationType))}
              options={TRANSPORTATION_TYPES.map((type) => ({ value: type, label: <span data-testid={`pl-type-${type}`}>{t(`portLoading.types.${type}`)}</span> }))}
            />
          </Form.Item>
        );
      case 'toLocationId':
        return (
          <Form.Item {...item('toLocationId')} required label={t(destination.label)}>
            {picker === 'warehouse' ? (
              <WarehousePicker disabled={locked} data-testid="pl-destination-warehouse" />
            ) : picker === 'consigneeLocation' ? (
              <LocationPicker disabled={locked} kinds={[LOCATION_KIND_IDS.deliveryLocation]} consigneeId={shipment?.blConsigneeId ?? null} data-testid="pl-destination-consignee" />
            ) : (
              <LocationPicker disabled={locked} kinds={[LOCATION_KIND_IDS.deliveryLocation]} customerId={undefined} data-testid="pl-destination-customer" />
            )}
          </Form.Item>
        );
      case 'transporterKind':
        return (
          <Form.Item {...item('transporterKind')} label={t('portLoading.transporter')}>
            <Radio.Group
              disabled={locked}
              onChange={(event) => patch(onTransporterKindChange(event.target.value as typeof transporterKind))}
              options={TRANSPORTER_KINDS.map((kind) => ({ value: kind, label: <span data-testid={`pl-kind-${kind}`}>{t(`portLoading.kinds.${kind}`)}</span> }))}
            />
          </Form.Item>
        );
      case 'transporterId':
        return transporterKind === 'company' ? (
          <Form.Item {...item('transporterId')} required label={t('portLoading.transporterCompany')}>
            <ReferenceSelect resourceKey="transporter" known={row?.transporterId ? { value: row.transporterId, label: row.transporterName ?? '' } : null} data-testid="pl-transporter" />
          </Form.Item>
        ) : null;
      case 'thirdPartyName':
        return transporterKind === 'thirdParty' ? (
          <Form.Item {...item('thirdPartyName')} required label={t('portLoading.thirdPartyName')}>
            <Input maxLength={100} disabled={locked} data-testid="pl-third-party" />
          </Form.Item>
        ) : null;
      case 'quantityType':
        return (
          <Form.Item {...item('quantityType')} label={t('portLoading.quantityType')}>
            <Select<PortLoadingQuantityType>
              disabled={locked}
              onChange={(next) => patch(onQuantityTypeChange(next))}
              options={PORT_LOADING_QUANTITY_TYPES.map((type) => ({ value: type, label: t(`portLoading.quantityTypes.${type}`) }))}
              data-testid="pl-quantity-type"
            />
          </Form.Item>
        );
      case 'loanId':
        return quantityType === 'loan' ? (
          <Form.Item
            {...item('loanId')}
            required
            label={t('portLoading.loan')}
            rules={[{ required: true, message: translateMessage(PortLoadingMessages.loanRequired) }]}
            extra={loan ? t('portLoading.loanHint', { borrower: loan.borrowerName }) : undefined}
          >
            <Select<number>
              disabled={locked || shipmentId === undefined}
              loading={portLoans.isFetching}
              placeholder={t('portLoading.selectLoan')}
              notFoundContent={t('portLoading.noLoans')}
              options={(portLoans.data?.rows ?? []).map((option) => ({
                value: option.loanId,
                label: t('portLoading.loanOption', { id: option.loanId, lender: option.lenderName, borrower: option.borrowerName, left: isolatedQuantity(option.left) }),
              }))}
              data-testid="pl-loan"
            />
          </Form.Item>
        ) : null;
      case 'quantity':
        return (
          <Form.Item {...item('quantity')} required label={t('cargo.quantityMt')}>
            <Input inputMode="decimal" data-testid="pl-quantity" />
          </Form.Item>
        );
      case 'remarks':
        return (
          <Form.Item {...item('remarks')} label={t('portLoading.remarks')}>
            <Input.TextArea maxLength={255} rows={2} data-testid="pl-remarks" />
          </Form.Item>
        );
      default:
        // The owner follows the server's default (the BL consignee, or the customer).
        return null;
    }
  };

  return (
    <TransactionForm<FormShape>
      controller={controller}
      renderField={renderField}
      initialValues={initialValues}
      record={row}
      readOnly={row !== null && !canEdit}
      onCancel={goBack}
      testId="pl-form"
      testIdPrefix="pl"
    >
      {locked && row?.status === 'Active' && <Typography.Paragraph type="secondary">{t('portLoading.lockedHint')}</Typography.Paragraph>}
    </TransactionForm>
  );
}

/** `portLoading/add` and `portLoading/:id/edit` (with the slips and the add-slip form). */
export default function PortLoadingFormPage() {
  const { t } = useTranslation();
  const canEdit = useCan(entryPermission('portLoading', 'edit'));
  return (
    <TransactionFormPage<TPortLoadingDetail> declaration={portLoadingTransaction} title={{ add: t('portLoading.add'), edit: t('portLoading.edit') }} testId="port-loading-form-page">
      {(row) => (
        <>
          <Card>
            <PortLoadingForm key={row?.id ?? 'new'} row={row} />
          </Card>
          {row && (
            <Card
              style={{ marginBlockStart: 16 }}
              title={t('portLoading.slips')}
              extra={
                <Space>
                  <span data-testid="pl-detail-loaded">{t('portLoading.loadedOf', { loaded: isolatedQuantity(row.loadedQuantity), total: isolatedQuantity(row.quantity) })}</span>
                  <span data-testid="pl-detail-remaining">{t('portLoading.remainingIs', { remaining: isolatedQuantity(row.remainingQuantity) })}</span>
                </Space>
              }
            >
              {row.status === 'Active' && canEdit && <AddSlipForm portLoading={row} />}
              <SlipsTable portLoading={row} />
            </Card>
          )}
        </>
      )}
    </TransactionFormPage>
  );
}
