import { useEffect, useState } from 'react';
import { Alert, App, Button, Card, Col, Descriptions, Form, Input, InputNumber, Radio, Row, Select, Space, Statistic, Table, Tag, Tooltip } from 'antd';
import { PrinterOutlined, ReloadOutlined, SendOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  DISPATCH_DESTINATIONS,
  GroupedOutMessages,
  LOCATION_KIND_IDS,
  Messages,
  WarehouseDispatchMessages,
  permissionFlag,
  warehouseOutGroupTransaction,
  type DispatchDestination,
  type GroupTruckState,
  type TGroupTruck,
  type TWarehouseOutGroup,
  type TWarehouseOutGroupDetail,
} from '@tonnage/contracts';
import type { RawResult } from '../../app/api';
import { reportFailure } from '../../app/api';
import { useCan } from '../../app/guards';
import { showSubmitFailure } from '../../app/form-errors';
import { translateMessage } from '../../app/i18n';
import { useAgencyPath } from '../../app/navigation';
import { LocationPicker, WarehousePicker } from '../../components/pickers';
import { ReferenceSelect } from '../../components/resources/ReferenceSelect';
import { TransactionFormPage } from '../../components/transactions/form/TransactionFormPage';
import { TransactionListPage } from '../../components/transactions/TransactionListPage';
import { addGroupTruck, createGroup, dispatchGroupTruck, updateGroup, useGroupPositions } from './grouped-out-api';
import { positionKey } from './PreOutFormPage';

/*
 * Warehouse Out grouped (spec 2.3 `warehouse-out-grouped`): the groups' list, and one screen per group where the
 * clerk chooses the position and the destination once, then works truck by truck on one table: a row added is the
 * truck's Pre Out, its state follows the weighbridge (first weight, second weight), "Dispatch" makes its Warehouse
 * Out from the second weight, the slip is one click away, the totals say what is left.
 */

const STATE_COLORS: Record<GroupTruckState, string> = { committed: 'blue', firstWeight: 'gold', secondWeight: 'orange', dispatched: 'green', reversed: 'default' };

/** `warehouse-out-grouped`: the groups with their totals and status. */
export function GroupedOutListPage() {
  const { t } = useTranslation();
  return (
    <TransactionListPage
      declaration={warehouseOutGroupTransaction}
      renderers={{ groupStatus: (row: TWarehouseOutGroup) => <Tag color={row.status === 'open' ? 'blue' : 'default'}>{t(`groupedOut.statuses.${row.status}`)}</Tag> }}
    />
  );
}

interface NewGroupValues {
  warehouseId?: number;
  position?: string;
  destinationType: DispatchDestination;
  toLocationId?: number;
  plannedTrucks?: number | null;
  plannedQuantity?: string;
  remarks?: string;
}

/** A new group: the warehouse and position, the destination, the plan; saving opens the group's screen. */
function NewGroupForm() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const agencyPath = useAgencyPath();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<NewGroupValues>();
  const [saving, setSaving] = useState(false);
  const warehouseId = Form.useWatch('warehouseId', form);
  const destinationType = Form.useWatch('destinationType', form) ?? 'warehouse';
  const positions = useGroupPositions(warehouseId);
  const key = Form.useWatch('position', form);
  const chosen = (positions.data ?? []).find((p) => positionKey(p) === key);

  const submit = async (values: NewGroupValues) => {
    setSaving(true);
    const result = await createGroup({
      warehouseId: values.warehouseId,
      siloId: chosen?.siloId ?? null,
      ownerCompanyId: chosen?.ownerCompanyId,
      consignmentId: chosen?.consignmentId,
      cargoTypeId: chosen?.cargoTypeId,
      voyageId: chosen?.voyageId,
      attachedVoyageId: chosen?.attachedVoyageId,
      destinationType: values.destinationType,
      toLocationId: values.toLocationId,
      plannedTrucks: values.plannedTrucks ?? null,
      plannedQuantity: values.plannedQuantity ?? null,
      remarks: values.remarks ?? null,
    });
    setSaving(false);
    if (!result.ok) {
      showSubmitFailure(form, result, ['warehouseId', 'position', 'destinationType', 'toLocationId', 'plannedTrucks', 'plannedQuantity', 'remarks']);
      return;
    }
    void message.success(translateMessage(GroupedOutMessages.groupCreated));
    await queryClient.invalidateQueries({ queryKey: [warehouseOutGroupTransaction.key] });
    const saved = result.data as { record: { id: number } };
    void navigate(agencyPath(`${warehouseOutGroupTransaction.route}/${saved.record.id}/edit`));
  };

  return (
    <Form<NewGroupValues> form={form} layout="vertical" initialValues={{ destinationType: 'warehouse' }} onFinish={(values) => void submit(values)} data-testid="group-form">
      <Card title={t('groupedOut.orderTitle')}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="warehouseId" label={t('warehouseDispatch.warehouse')} rules={[{ required: true, message: translateMessage(Messages.warehouseRequired) }]}>
              <WarehousePicker onChange={() => form.setFieldsValue({ position: undefined })} data-testid="group-warehouse" />
            </Form.Item>
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
                data-testid="group-position"
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="destinationType" label={t('warehouseDispatch.destinationType')}>
          <Radio.Group onChange={() => form.setFieldsValue({ toLocationId: undefined })} options={DISPATCH_DESTINATIONS.map((type) => ({ value: type, label: t(`warehouseDispatch.destinations.${type}`) }))} />
        </Form.Item>
        <Form.Item name="toLocationId" label={t('warehouseDispatch.destination')} rules={[{ required: true, message: translateMessage(WarehouseDispatchMessages.destinationRequired) }]}>
          {destinationType === 'warehouse' ? <WarehousePicker data-testid="group-to-warehouse" /> : <LocationPicker kinds={[LOCATION_KIND_IDS.deliveryLocation]} owner={destinationType} data-testid="group-to-location" />}
        </Form.Item>
        <Row gutter={16}>
          <Col xs={12} md={6}>
            <Form.Item name="plannedTrucks" label={t('groupedOut.plannedTrucks')}>
              <InputNumber<number> min={1} max={1000} precision={0} style={{ width: '100%' }} data-testid="group-planned-trucks" />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="plannedQuantity" label={t('groupedOut.plannedQuantity')}>
              <Input inputMode="decimal" data-testid="group-planned-quantity" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="remarks" label={t('warehouseDispatch.remarks')}>
              <Input maxLength={255} />
            </Form.Item>
          </Col>
        </Row>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="group-save">
          {t('groupedOut.open')}
        </Button>
      </Card>
    </Form>
  );
}

interface TruckValues {
  truckId?: number;
  driverId?: number;
  quantity?: string;
}

/** A group's screen: its order, its totals, its trucks with their states and actions, the row to add the next truck. */
function GroupScreen({ group }: { group: TWarehouseOutGroupDetail }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const agencyPath = useAgencyPath();
  const queryClient = useQueryClient();
  const canAdd = useCan(permissionFlag('WarehouseOut', 'add'));
  const canEdit = useCan(permissionFlag('WarehouseOut', 'edit'));
  const [truckForm] = Form.useForm<TruckValues>();
  const [busy, setBusy] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: [warehouseOutGroupTransaction.key] });
  const open = group.status === 'open';
  // The weighbridge moves the trucks on (first weight, second weight) without an event of its own: while a truck
  // waits for the bridge, the screen reads the group again every 15 s so its row shows the new state.
  const waiting = group.truckRows.some((row) => row.state === 'committed' || row.state === 'firstWeight');
  useEffect(() => {
    if (!waiting) return undefined;
    const timer = window.setInterval(() => void queryClient.invalidateQueries({ queryKey: [warehouseOutGroupTransaction.key, 'one', group.id] }), 15_000);
    return () => window.clearInterval(timer);
  }, [waiting, queryClient, group.id]);

  const done = async (result: RawResult, success: string): Promise<boolean> => {
    if (!result.ok) return false;
    void message.success(translateMessage(success));
    await refresh();
    return true;
  };

  const addTruck = async (values: TruckValues) => {
    setBusy('add');
    const result = await addGroupTruck(group.id, { truckId: values.truckId, driverId: values.driverId, quantity: values.quantity ?? '' });
    setBusy(null);
    if (!result.ok) {
      showSubmitFailure(truckForm, result, ['truckId', 'driverId', 'quantity']);
      return;
    }
    // The next truck usually carries the same quantity: keep it, clear the truck and the driver.
    truckForm.setFieldsValue({ truckId: undefined, driverId: undefined });
    await done(result, GroupedOutMessages.truckAdded);
  };

  const dispatch = async (row: TGroupTruck) => {
    setBusy(`dispatch-${row.preOutId}`);
    const result = await dispatchGroupTruck(group.id, row.preOutId, row.secondWeightId === null ? {} : { secondWeightId: row.secondWeightId });
    setBusy(null);
    if (!result.ok) reportFailure(result.status, result.error);
    else await done(result, GroupedOutMessages.truckDispatched);
  };

  const setStatus = async (status: 'open' | 'closed') => {
    setBusy('status');
    const result = await updateGroup(group.id, { plannedTrucks: group.plannedTrucks, plannedQuantity: group.plannedQuantity, remarks: group.remarks, status });
    setBusy(null);
    if (!result.ok) reportFailure(result.status, result.error);
    else await done(result, GroupedOutMessages.groupUpdated);
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Card
        title={`${t('groupedOut.number')} ${group.number}`}
        extra={
          <Space>
            <Tag color={open ? 'blue' : 'default'} data-testid="group-status">
              {t(`groupedOut.statuses.${group.status}`)}
            </Tag>
            <Button icon={<ReloadOutlined />} onClick={() => void refresh()} data-testid="group-refresh">
              {t('groupedOut.refresh')}
            </Button>
            {canEdit && (
              <Button loading={busy === 'status'} onClick={() => void setStatus(open ? 'closed' : 'open')} data-testid="group-toggle">
                {t(open ? 'groupedOut.close' : 'groupedOut.reopen')}
              </Button>
            )}
          </Space>
        }
      >
        <Descriptions size="small" column={{ xs: 1, md: 3 }} bordered>
          <Descriptions.Item label={t('warehouseDispatch.warehouse')}>{group.warehouseName}</Descriptions.Item>
          <Descriptions.Item label={t('warehouseDispatch.silo')}>{group.siloName ?? t('warehouseDispatch.openArea')}</Descriptions.Item>
          <Descriptions.Item label={t('warehouseDispatch.owner')}>{group.ownerName}</Descriptions.Item>
          <Descriptions.Item label={t('warehouseDispatch.lcPo')}>{group.lcPoNumber}</Descriptions.Item>
          <Descriptions.Item label={t('warehouseDispatch.destinationType')}>{t(`warehouseDispatch.destinations.${group.destinationType}`)}</Descriptions.Item>
          <Descriptions.Item label={t('warehouseDispatch.destination')}>{group.toLocationName}</Descriptions.Item>
        </Descriptions>
        <Row gutter={16} style={{ marginBlockStart: 16 }}>
          <Col xs={12} md={4}>
            <Statistic title={t('groupedOut.planned')} value={group.plannedQuantity ?? '—'} formatter={(value) => <bdi data-testid="group-planned">{value}</bdi>} />
          </Col>
          <Col xs={12} md={5}>
            <Statistic title={t('groupedOut.committed')} value={group.committed} formatter={(value) => <bdi data-testid="group-committed">{value}</bdi>} />
          </Col>
          <Col xs={12} md={5}>
            <Statistic title={t('groupedOut.dispatched')} value={group.dispatched} formatter={(value) => <bdi data-testid="group-dispatched">{value}</bdi>} />
          </Col>
          <Col xs={12} md={5}>
            <Statistic title={t('groupedOut.remaining')} value={group.remaining ?? '—'} formatter={(value) => <bdi data-testid="group-remaining">{value}</bdi>} />
          </Col>
          <Col xs={24} md={5}>
            <Statistic title={t('groupedOut.usable')} value={group.usable} formatter={(value) => <bdi data-testid="group-usable">{value}</bdi>} />
          </Col>
        </Row>
      </Card>
      <Card title={t('groupedOut.trucksTitle')} extra={t('groupedOut.trucksOf', { count: group.trucks, dispatched: group.dispatchedTrucks })}>
        <Table<TGroupTruck>
          rowKey="preOutId"
          size="small"
          pagination={false}
          dataSource={group.truckRows}
          locale={{ emptyText: t('groupedOut.noTrucks') }}
          scroll={{ x: true }}
          data-testid="group-trucks"
          columns={[
            { key: 'truck', title: t('warehouseDispatch.truck'), dataIndex: 'truckPlate' },
            { key: 'driver', title: t('warehouseDispatch.driver'), dataIndex: 'driverName' },
            { key: 'quantity', title: t('warehouseDispatch.preOutQuantity'), render: (_value, row) => <bdi>{row.quantity}</bdi> },
            {
              key: 'state',
              title: t('groupedOut.state'),
              render: (_value, row) => (
                <Tag color={STATE_COLORS[row.state]} data-testid={`group-truck-state-${row.preOutId}`}>
                  {t(`groupedOut.states.${row.state}`)}
                </Tag>
              ),
            },
            { key: 'net', title: t('groupedOut.net'), render: (_value, row) => <bdi>{row.outQuantity ?? row.secondWeightNet ?? '—'}</bdi> },
            {
              key: 'slip',
              title: t('groupedOut.slip'),
              render: (_value, row) =>
                row.warehouseOutId === null ? (
                  '—'
                ) : (
                  <Space>
                    <bdi>{row.slipNumber}</bdi>
                    <Tooltip title={t('groupedOut.print')}>
                      <Link to={agencyPath(`warehouseLoadingSlips/${row.warehouseOutId}/print`)} aria-label={t('groupedOut.print')} data-testid={`group-truck-print-${row.preOutId}`}>
                        <Button type="text" size="small" icon={<PrinterOutlined />} />
                      </Link>
                    </Tooltip>
                  </Space>
                ),
            },
            {
              key: 'actions',
              title: t('common.actions'),
              render: (_value, row) =>
                canAdd && row.state === 'secondWeight' ? (
                  <Button type="primary" size="small" icon={<SendOutlined />} loading={busy === `dispatch-${row.preOutId}`} onClick={() => void dispatch(row)} data-testid={`group-truck-dispatch-${row.preOutId}`}>
                    {t('groupedOut.dispatch')}
                  </Button>
                ) : null,
            },
          ]}
        />
        {!open && <Alert style={{ marginBlockStart: 16 }} type="info" showIcon message={t('groupedOut.closedNotice')} />}
        {canAdd && open && (
          <Form<TruckValues> form={truckForm} layout="vertical" onFinish={(values) => void addTruck(values)} style={{ marginBlockStart: 16 }} data-testid="group-add-truck">
            <Row gutter={8} align="bottom">
              <Col xs={24} md={7}>
                <Form.Item name="truckId" label={t('warehouseDispatch.truck')} rules={[{ required: true, message: translateMessage(Messages.truckRequired) }]}>
                  <ReferenceSelect resourceKey="truck" data-testid="group-truck" />
                </Form.Item>
              </Col>
              <Col xs={24} md={7}>
                <Form.Item name="driverId" label={t('warehouseDispatch.driver')} rules={[{ required: true, message: translateMessage(Messages.driverRequired) }]}>
                  <ReferenceSelect resourceKey="driver" data-testid="group-driver" />
                </Form.Item>
              </Col>
              <Col xs={12} md={5}>
                <Form.Item name="quantity" label={t('cargo.quantityMt')} rules={[{ required: true, message: translateMessage(Messages.quantityPositive) }]}>
                  <Input inputMode="decimal" data-testid="group-quantity" />
                </Form.Item>
              </Col>
              <Col xs={12} md={5}>
                <Form.Item>
                  <Button type="primary" htmlType="submit" loading={busy === 'add'} block data-testid="group-add-truck-save">
                    {t('groupedOut.addTruck')}
                  </Button>
                </Form.Item>
              </Col>
            </Row>
          </Form>
        )}
      </Card>
    </Space>
  );
}

/** `warehouse-out-grouped/add` (a new group) and `warehouse-out-grouped/:id/edit` (the group's screen). */
export default function GroupedOutFormPage() {
  const { t } = useTranslation();
  return (
    <TransactionFormPage<TWarehouseOutGroupDetail> declaration={warehouseOutGroupTransaction} title={{ add: t('groupedOut.add'), edit: t('groupedOut.edit') }} testId="warehouse-out-grouped-form-page">
      {(record) => (record ? <GroupScreen group={record} /> : <NewGroupForm />)}
    </TransactionFormPage>
  );
}
