import { useState } from 'react';
import { App, Button, Card, Col, Descriptions, Form, Input, Modal, Row, Select, Space, Tag, Tooltip } from 'antd';
import { CheckOutlined, CloseOutlined, PaperClipOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { HandlingMessages, Messages, handlingExcessTransaction, handlingLossTransaction, type HandlingKind, type THandlingRecord } from '@tonnage/contracts';
import { showSubmitFailure } from '../../app/form-errors';
import { translateMessage } from '../../app/i18n';
import { entryPermission, parseId, useCan } from '../../app/guards';
import { useAgencyPath } from '../../app/navigation';
import { WarehousePicker } from '../../components/pickers';
import { DocumentsPanel } from '../../components/cargo/documents/DocumentsPanel';
import { PageHeader } from '../../components/PageHeader';
import { TransactionFormPage } from '../../components/transactions/form/TransactionFormPage';
import { TransactionListPage } from '../../components/transactions/TransactionListPage';
import { PositionBalance } from '../warehouse-dispatch/PositionBalance';
import { positionKey } from '../warehouse-dispatch/PreOutFormPage';
import { vesselApprovalKeys } from '../vessel-approval/vessel-approval-api';
import { createHandling, decideHandling, useHandlingPositions } from './handling-api';
import { isolate, isolatedQuantity } from '../../app/format';
import { reverseQuestion } from '../../components/cargo/reverse-question';

const DECLARATIONS = { handlingLoss: handlingLossTransaction, handlingExcess: handlingExcessTransaction } as const;
const TEST_IDS = { handlingLoss: 'hl', handlingExcess: 'hx' } as const;
const STATE_COLORS = { Pending: 'gold', Approved: 'green', Rejected: 'red' } as const;

/** Approve or reject, for the current approver: a comment, then the decision. */
function DecisionButtons({ kind, row }: { kind: HandlingKind; row: THandlingRecord }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [deciding, setDeciding] = useState<'Approved' | 'Rejected' | null>(null);
  const [comment, setComment] = useState('');
  const [saving, setSaving] = useState(false);
  const prefix = TEST_IDS[kind];
  const submit = async () => {
    if (!deciding) return;
    setSaving(true);
    const result = await decideHandling(kind, row.id, { decision: deciding, comment: comment.trim() || null });
    setSaving(false);
    if (!result.ok) {
      void message.error(translateMessage(result.error.message));
      return;
    }
    void message.success(translateMessage((result.data as { message: string }).message));
    setDeciding(null);
    setComment('');
    await Promise.all([queryClient.invalidateQueries({ queryKey: [kind] }), queryClient.invalidateQueries({ queryKey: vesselApprovalKeys.inbox })]);
  };
  return (
    <>
      <Tooltip title={t('handling.approve')}>
        <Button type="text" icon={<CheckOutlined />} aria-label={t('handling.approve')} onClick={() => setDeciding('Approved')} data-testid={`${prefix}-approve`} />
      </Tooltip>
      <Tooltip title={t('handling.reject')}>
        <Button type="text" danger icon={<CloseOutlined />} aria-label={t('handling.reject')} onClick={() => setDeciding('Rejected')} data-testid={`${prefix}-reject`} />
      </Tooltip>
      <Modal
        open={deciding !== null}
        title={`${t(deciding === 'Rejected' ? 'handling.reject' : 'handling.approve')}: ${isolatedQuantity(row.quantity)} (${isolate(`${row.percent}%`)})`}
        okText={t(deciding === 'Rejected' ? 'handling.reject' : 'handling.approve')}
        okButtonProps={{ danger: deciding === 'Rejected', loading: saving, ...{ 'data-testid': `${prefix}-decision-ok` } }}
        onOk={() => void submit()}
        onCancel={() => setDeciding(null)}
      >
        <Input.TextArea rows={3} maxLength={1000} placeholder={t('handling.comment')} value={comment} onChange={(event) => setComment(event.target.value)} data-testid={`${prefix}-decision-comment`} />
      </Modal>
    </>
  );
}

/** The list of handling losses or excesses: percent against the allowance, approval state, documents, decision. */
function HandlingList({ kind }: { kind: HandlingKind }) {
  const { t } = useTranslation();
  const agencyPath = useAgencyPath();
  const declaration = DECLARATIONS[kind];
  const prefix = TEST_IDS[kind];
  return (
    <TransactionListPage
      declaration={declaration}
      renderers={{
        silo: (row: THandlingRecord) => row.siloName ?? t('handling.openArea'),
        percent: (row: THandlingRecord) => (
          <Tooltip title={t('handling.allowed', { value: row.allowedPercent ?? '0.000', base: row.baseQuantity })}>
            <Tag color={row.withinAllowance ? 'green' : 'orange'} data-testid={`${prefix}-percent`}>
              {row.percent}%
            </Tag>
          </Tooltip>
        ),
        approvalStatus: (row: THandlingRecord) => (
          <Tooltip title={row.nextApprover ? t('handling.waitingFor', { name: row.nextApprover }) : undefined}>
            <Tag color={STATE_COLORS[row.approvalStatus]} data-testid={`${prefix}-approval`}>
              {t(`handling.approvalStates.${row.approvalStatus}`)}
            </Tag>
          </Tooltip>
        ),
      }}
      rowActions={(row: THandlingRecord) => (
        <Space size={0}>
          <Tooltip title={t('handling.documents')}>
            <Link to={agencyPath(`${declaration.route}/${row.id}/documents`)} aria-label={t('handling.documents')} data-testid={`${prefix}-documents`}>
              <Button type="text" icon={<PaperClipOutlined />} />
            </Link>
          </Tooltip>
          {row.canDecide && <DecisionButtons kind={kind} row={row} />}
        </Space>
      )}
      reverse={{ title: (row) => reverseQuestion(t, `${isolatedQuantity(row.quantity)} (${isolate(row.warehouseName)})`) }}
    />
  );
}

export function HandlingLossListPage() {
  return <HandlingList kind="handlingLoss" />;
}
export function HandlingExcessListPage() {
  return <HandlingList kind="handlingExcess" />;
}

interface HandlingValues {
  warehouseId?: number;
  position?: string;
  quantity?: string;
  reason?: string;
  remarks?: string;
}
const FIELDS = ['warehouseId', 'position', 'quantity', 'reason', 'remarks'];

/** `handlingLoss/add`, `handlingExcess/add`: a position of a warehouse, the quantity and the reason. */
function HandlingForm({ kind }: { kind: HandlingKind }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const agencyPath = useAgencyPath();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<HandlingValues>();
  const [saving, setSaving] = useState(false);
  const warehouseId = Form.useWatch('warehouseId', form);
  const positions = useHandlingPositions(kind, warehouseId);
  const key = Form.useWatch('position', form);
  const chosen = (positions.data ?? []).find((p) => positionKey(p) === key);
  const prefix = TEST_IDS[kind];

  const submit = async (values: HandlingValues) => {
    setSaving(true);
    const result = await createHandling(kind, {
      warehouseId: values.warehouseId,
      siloId: chosen?.siloId ?? null,
      ownerCompanyId: chosen?.ownerCompanyId,
      consignmentId: chosen?.consignmentId,
      cargoTypeId: chosen?.cargoTypeId,
      voyageId: chosen?.voyageId,
      attachedVoyageId: chosen?.attachedVoyageId,
      quantity: values.quantity ?? '',
      reason: values.reason ?? '',
      remarks: values.remarks ?? null,
    });
    setSaving(false);
    if (!result.ok) {
      showSubmitFailure(form, result, FIELDS);
      return;
    }
    void message.success(translateMessage((result.data as { message: string }).message));
    await queryClient.invalidateQueries({ queryKey: [kind] });
    void navigate(agencyPath(DECLARATIONS[kind].route));
  };

  return (
    <Form<HandlingValues> form={form} layout="vertical" onFinish={(values) => void submit(values)} data-testid={`${prefix}-form`}>
      <Card>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="warehouseId" label={t('handling.warehouse')} rules={[{ required: true, message: translateMessage(Messages.warehouseRequired) }]}>
              <WarehousePicker onChange={() => form.setFieldsValue({ position: undefined })} data-testid={`${prefix}-warehouse`} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="position" label={t('handling.position')} rules={[{ required: true, message: translateMessage(HandlingMessages.positionRequired) }]}>
              <Select<string>
                disabled={warehouseId === undefined}
                loading={positions.isFetching}
                placeholder={t('handling.selectPosition')}
                notFoundContent={t('handling.noPositions')}
                options={(positions.data ?? []).map((p) => ({
                  value: positionKey(p),
                  label: `${p.siloName ?? t('handling.openArea')} · ${p.ownerName} · ${p.lcPoNumber} · ${p.cargoTypeName} · ${t('handling.usable', { value: p.usable })}`,
                }))}
                data-testid={`${prefix}-position`}
              />
            </Form.Item>
          </Col>
        </Row>
        {chosen && <PositionBalance position={chosen} usableTestId={`${prefix}-usable`} />}
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="quantity" label={t('cargo.quantityMt')} rules={[{ required: true, message: translateMessage(Messages.quantityPositive) }]}>
              <Input inputMode="decimal" data-testid={`${prefix}-quantity`} />
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item name="reason" label={t('handling.reason')} rules={[{ required: true, message: translateMessage(HandlingMessages.reasonRequired) }]}>
              <Input maxLength={255} data-testid={`${prefix}-reason`} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="remarks" label={t('handling.remarks')} extra={t('handling.allowanceHint')}>
          <Input.TextArea maxLength={500} rows={2} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving} data-testid={`${prefix}-save`}>
          {t('handling.save')}
        </Button>
      </Card>
    </Form>
  );
}

/**
 * A record opened by its address (`<route>/:id/edit`, also the approvals inbox's link): read-only, since a wrong
 * record is reversed and entered again; its current approver decides here.
 */
function HandlingDetail({ record }: { record: THandlingRecord }) {
  const { t } = useTranslation();
  const prefix = TEST_IDS[record.kind];
  return (
    <Card
      extra={
        record.canDecide && (
          <Space size={0} data-testid={`${prefix}-detail-decision`}>
            <DecisionButtons kind={record.kind} row={record} />
          </Space>
        )
      }
    >
      <Descriptions size="small" column={2} bordered data-testid={`${prefix}-detail`}>
        <Descriptions.Item label={t('handling.warehouse')}>{record.warehouseName}</Descriptions.Item>
        <Descriptions.Item label={t('handling.silo')}>{record.siloName ?? t('handling.openArea')}</Descriptions.Item>
        <Descriptions.Item label={t('handling.owner')}>{record.ownerName}</Descriptions.Item>
        <Descriptions.Item label={t('handling.lcPo')}>{record.lcPoNumber}</Descriptions.Item>
        <Descriptions.Item label={t('handling.cargoType')}>{record.cargoTypeName}</Descriptions.Item>
        <Descriptions.Item label={t('cargo.quantityMt')}>{record.quantity}</Descriptions.Item>
        <Descriptions.Item label={t('handling.percent')}>{`${record.percent}% (${t('handling.allowed', { value: record.allowedPercent ?? '0.000', base: record.baseQuantity })})`}</Descriptions.Item>
        <Descriptions.Item label={t('handling.approvalStatus')}>
          <Tag color={STATE_COLORS[record.approvalStatus]} data-testid={`${prefix}-detail-approval`}>
            {t(`handling.approvalStates.${record.approvalStatus}`)}
          </Tag>
          {record.nextApprover && t('handling.waitingFor', { name: record.nextApprover })}
        </Descriptions.Item>
        <Descriptions.Item label={t('handling.reason')}>{record.reason}</Descriptions.Item>
        <Descriptions.Item label={t('handling.remarks')}>{record.remarks ?? ''}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

export function HandlingLossFormPage() {
  const { t } = useTranslation();
  return (
    <TransactionFormPage<THandlingRecord> declaration={handlingLossTransaction} title={{ add: t('handling.lossAdd'), edit: t('handling.lossTitle') }} testId="handling-loss-form-page">
      {(record) => (record ? <HandlingDetail record={record} /> : <HandlingForm kind="handlingLoss" />)}
    </TransactionFormPage>
  );
}
export function HandlingExcessFormPage() {
  const { t } = useTranslation();
  return (
    <TransactionFormPage<THandlingRecord> declaration={handlingExcessTransaction} title={{ add: t('handling.excessAdd'), edit: t('handling.excessTitle') }} testId="handling-excess-form-page">
      {(record) => (record ? <HandlingDetail record={record} /> : <HandlingForm kind="handlingExcess" />)}
    </TransactionFormPage>
  );
}

/** `handlingLoss/{id}/documents` (and the excess's): the record's documents, attached while it is active. */
function HandlingDocuments({ kind }: { kind: HandlingKind }) {
  const { t } = useTranslation();
  const agencyPath = useAgencyPath();
  const id = parseId(useParams().id);
  const declaration = DECLARATIONS[kind];
  const canAttach = useCan(`${entryPermission(declaration.route, 'add')},${entryPermission(declaration.route, 'edit')}`);
  const canDelete = useCan(`${entryPermission(declaration.route, 'edit')},${entryPermission(declaration.route, 'reverse')}`);
  if (id === null) return null;
  return (
    <div className="page" data-testid={`${TEST_IDS[kind]}-documents-page`}>
      <PageHeader
        back={
          <Link to={agencyPath(declaration.route)} data-testid="documents-back">
            <Button type="text">{t('handling.back')}</Button>
          </Link>
        }
        title={t('handling.documentsTitle', { title: t(declaration.labels.title), id })}
      />
      <DocumentsPanel base={`/api/${kind}/${id}`} canAttach={canAttach} canDelete={canDelete} testIdPrefix={`${TEST_IDS[kind]}-document`} />
    </div>
  );
}

export function HandlingLossDocumentsPage() {
  return <HandlingDocuments kind="handlingLoss" />;
}
export function HandlingExcessDocumentsPage() {
  return <HandlingDocuments kind="handlingExcess" />;
}
