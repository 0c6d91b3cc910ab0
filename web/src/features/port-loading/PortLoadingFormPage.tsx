import { useEffect, useState } from 'react';
import { App, Button, Card, Col, DatePicker, Form, Input, Radio, Row, Space, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { PrinterOutlined, RollbackOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { DATE_FORMAT, LOCATION_KIND_IDS, Messages, TRANSPORTATION_TYPES, TRANSPORTER_KINDS, type TLoadingSlip, type TPortLoadingDetail } from '@tonnage/contracts';
import { reportFailure } from '../../app/api';
import { showSubmitFailure } from '../../app/form-errors';
import { useAgencyDateTime } from '../../app/agency-time';
import { formatQuantity } from '../../app/format';
import { entryPermission, parseId, useCan } from '../../app/guards';
import { translateMessage } from '../../app/i18n';
import { useAgencyPath, useGoBack } from '../../app/navigation';
import { FormFooter } from '../../components/FormFooter';
import { PageHeader } from '../../components/PageHeader';
import { ReasonModal } from '../../components/cargo/ReasonModal';
import { LocationPicker, WarehousePicker } from '../../components/pickers';
import { ReferenceSelect } from '../../components/resources/ReferenceSelect';
import { addLoadingSlip, portLoadingKeys, reverseLoadingSlip, savePortLoading, usePortLoading, useVoyageShipments } from './port-loading-api';
import {
  buildPortLoadingPayload,
  buildSlipPayload,
  destinationPickerOf,
  destinationTextKeys,
  formValuesOf,
  onTransportationTypeChange,
  onTransporterKindChange,
  slipTransporterFilter,
  type PortLoadingFormValues,
  type SlipFormValues,
} from './port-loading-form';
import { VoyageSelect } from '../../components/cargo/VoyageSelect';
import { EquipmentSelect, ShipmentSelect, isolate } from './selects';

const FIELDS = ['voyageId', 'shipmentId', 'portId', 'transportationType', 'toLocationId', 'ownerCompanyId', 'transporterKind', 'transporterId', 'thirdPartyName', 'quantity', 'loadingDate', 'remarks'];
const SLIP_FIELDS = ['truckId', 'driverId', 'wbtNumber', 'quantity'];

interface FormShape extends Omit<PortLoadingFormValues, 'loadingDate'> {
  loadingDate?: dayjs.Dayjs;
}

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
    { key: 'quantity', title: t('cargo.quantityMt'), align: 'end', render: (_v, row) => <bdi className="quantity">{formatQuantity(row.quantity)}</bdi> },
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

/** `portLoading/add` and `portLoading/:portLoadingId/edit` (with the slips and the add-slip form). */
export default function PortLoadingFormPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const agencyPath = useAgencyPath();
  const goBack = useGoBack(agencyPath('portLoading'));
  const queryClient = useQueryClient();
  const id = parseId(useParams().portLoadingId);
  const existing = usePortLoading(id);
  const canEdit = useCan(entryPermission('portLoading', 'edit'));
  const [form] = Form.useForm<FormShape>();
  const [saving, setSaving] = useState(false);
  const voyageId = Form.useWatch('voyageId', form);
  const shipmentId = Form.useWatch('shipmentId', form);
  const transportationType = Form.useWatch('transportationType', form) ?? 'warehouse';
  const transporterKind = Form.useWatch('transporterKind', form) ?? 'company';
  const shipments = useVoyageShipments(voyageId);
  const shipment = shipments.data?.rows.find((row) => row.shipmentId === shipmentId);
  const row = existing.data;
  const locked = (row?.slips.some((slip) => slip.status === 'Active') ?? false) || row?.status === 'Reversed';

  useEffect(() => {
    if (row) form.setFieldsValue({ ...formValuesOf(row), loadingDate: dayjs(row.loadingDate) });
  }, [row, form]);
  useEffect(() => {
    // The port defaults to the voyage's port.
    if (!id && shipments.data && form.getFieldValue('portId') === undefined) form.setFieldsValue({ portId: shipments.data.voyage.portId });
  }, [shipments.data, id, form]);

  const patch = (changes: Partial<PortLoadingFormValues>) => {
    const { loadingDate: _ignored, ...rest } = changes;
    form.setFieldsValue(rest);
  };

  const submit = async (values: FormShape) => {
    setSaving(true);
    const result = await savePortLoading(id, buildPortLoadingPayload({ ...values, loadingDate: values.loadingDate?.format('YYYY-MM-DD') }));
    setSaving(false);
    if (!result.ok) {
      showSubmitFailure(form, result, FIELDS);
      return;
    }
    void message.success(t(id === null ? 'portLoading.createdOk' : 'portLoading.updatedOk'));
    await queryClient.invalidateQueries({ queryKey: portLoadingKeys.all });
    const saved = result.data as { id?: unknown };
    if (id === null && typeof saved.id === 'number') void navigate(agencyPath(`portLoading/${saved.id}/edit`));
  };

  const destination = destinationTextKeys(transportationType);
  const picker = destinationPickerOf(transportationType);
  return (
    <div className="page" data-testid="port-loading-form-page">
      <PageHeader title={t(id === null ? 'portLoading.add' : 'portLoading.edit')} />
      <Card>
        <Form<FormShape>
          form={form}
          layout="vertical"
          initialValues={{ transportationType: 'warehouse', transporterKind: 'company', loadingDate: dayjs() }}
          onFinish={(values) => void submit(values)}
          disabled={row?.status === 'Reversed' || (id !== null && !canEdit)}
          data-testid="pl-form"
        >
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="voyageId" label={t('portLoading.vesselVoyage')} rules={[{ required: true, message: translateMessage('Please select a vessel voyage!') }]}>
                <VoyageSelect
                  disabled={locked}
                  placeholder={t('portLoading.searchVoyage')}
                  known={row ? { id: row.voyageId, vesselName: row.vesselName, voyageNumber: row.voyageNumber } : null}
                  onChange={(next) => form.setFieldsValue({ voyageId: next, shipmentId: undefined, portId: undefined })}
                  data-testid="pl-voyage"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="shipmentId" label={t('portLoading.lcPo')} rules={[{ required: true, message: translateMessage('Please select an LC/PO of this voyage!') }]} extra={shipment ? t('portLoading.onBoard', { quantity: isolate(formatQuantity(shipment.onBoardQuantity)) }) : undefined}>
                <ShipmentSelect rows={shipments.data?.rows ?? []} loading={shipments.isFetching} disabled={locked || voyageId === undefined} data-testid="pl-shipment" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="portId" label={t('portLoading.port')}>
                <ReferenceSelect resourceKey="port" known={row ? { value: row.portId, label: row.portName } : null} data-testid="pl-port" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="loadingDate" label={t('portLoading.loadingDate')} rules={[{ required: true, message: translateMessage('Please select a date!') }]}>
                <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} data-testid="pl-date" />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item name="transportationType" label={t('portLoading.transportationType')}>
                <Radio.Group
                  disabled={locked}
                  onChange={(event) => patch(onTransportationTypeChange(transportationType, event.target.value as typeof transportationType))}
                  options={TRANSPORTATION_TYPES.map((type) => ({ value: type, label: <span data-testid={`pl-type-${type}`}>{t(`portLoading.types.${type}`)}</span> }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="toLocationId" label={t(destination.label)} rules={[{ required: true, message: t(destination.required) }]}>
                {picker === 'warehouse' ? (
                  <WarehousePicker disabled={locked} data-testid="pl-destination-warehouse" />
                ) : picker === 'consigneeLocation' ? (
                  <LocationPicker disabled={locked} kinds={[LOCATION_KIND_IDS.deliveryLocation]} consigneeId={shipment?.blConsigneeId ?? null} data-testid="pl-destination-consignee" />
                ) : (
                  <LocationPicker disabled={locked} kinds={[LOCATION_KIND_IDS.deliveryLocation]} customerId={undefined} data-testid="pl-destination-customer" />
                )}
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="quantity" label={t('cargo.quantityMt')} rules={[{ required: true, message: translateMessage(Messages.quantityPositive) }]}>
                <Input inputMode="decimal" data-testid="pl-quantity" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="transporterKind" label={t('portLoading.transporter')}>
                <Radio.Group
                  disabled={locked}
                  onChange={(event) => patch(onTransporterKindChange(event.target.value as typeof transporterKind))}
                  options={TRANSPORTER_KINDS.map((kind) => ({ value: kind, label: <span data-testid={`pl-kind-${kind}`}>{t(`portLoading.kinds.${kind}`)}</span> }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              {transporterKind === 'company' && (
                <Form.Item name="transporterId" label={t('portLoading.transporterCompany')} rules={[{ required: true, message: translateMessage('Please select transporter!') }]}>
                  <ReferenceSelect resourceKey="transporter" known={row?.transporterId ? { value: row.transporterId, label: row.transporterName ?? '' } : null} data-testid="pl-transporter" />
                </Form.Item>
              )}
              {transporterKind === 'thirdParty' && (
                <Form.Item name="thirdPartyName" label={t('portLoading.thirdPartyName')} rules={[{ required: true, whitespace: true, message: translateMessage('Please input the third party transporter name!') }]}>
                  <Input maxLength={100} disabled={locked} data-testid="pl-third-party" />
                </Form.Item>
              )}
            </Col>
            <Col xs={24}>
              <Form.Item name="remarks" label={t('portLoading.remarks')}>
                <Input.TextArea maxLength={255} rows={2} data-testid="pl-remarks" />
              </Form.Item>
            </Col>
          </Row>
          {locked && row?.status === 'Active' && <Typography.Paragraph type="secondary">{t('portLoading.lockedHint')}</Typography.Paragraph>}
          <FormFooter saving={saving} onCancel={goBack} testIdPrefix="pl" />
        </Form>
      </Card>
      {row && (
        <Card
          style={{ marginBlockStart: 16 }}
          title={t('portLoading.slips')}
          extra={
            <Space>
              <span data-testid="pl-detail-loaded">{t('portLoading.loadedOf', { loaded: isolate(formatQuantity(row.loadedQuantity)), total: isolate(formatQuantity(row.quantity)) })}</span>
              <span data-testid="pl-detail-remaining">{t('portLoading.remainingIs', { remaining: isolate(formatQuantity(row.remainingQuantity)) })}</span>
            </Space>
          }
        >
          {row.status === 'Active' && canEdit && <AddSlipForm portLoading={row} />}
          <SlipsTable portLoading={row} />
        </Card>
      )}
    </div>
  );
}
