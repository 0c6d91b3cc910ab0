import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, Modal, Space, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { CheckOutlined, CloseOutlined, EditOutlined, RollbackOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { vesselVoyageLabel, type OutturnStatus, type TApprovalDecisionInput, type TApprovalState } from '@tonnage/contracts';
import { useAgencyDateTime } from '../../app/agency-time';
import { formatQuantity } from '../../app/format';
import { translateMessage } from '../../app/i18n';
import { useAgencyPath } from '../../app/navigation';
import { ReasonModal } from '../../components/cargo/ReasonModal';
import { canDecide, differenceKind, isReversible, nextApproverName, statusColor, type DifferenceKind } from './outturn';
import { invalidateOutturns } from './vessel-approval-api';

/** An out-turn's or an approval step's status as a coloured tag. */
export function StatusTag({ status, testId }: { status: OutturnStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={statusColor(status)} data-testid={testId} data-status={status}>
      {t(`vesselApproval.statuses.${status}`)}
    </Tag>
  );
}

/** The word of each kind of difference (each key named, so the unused-key check sees it). */
const DIFFERENCE_WORDS = { excess: 'vesselApproval.excess', shortage: 'vesselApproval.shortage', nil: 'vesselApproval.nil' } as const satisfies Record<DifferenceKind, string>;

/** The excess (green) or shortage (red) of an out-turn, with its word; nothing while unknown. */
export function DifferenceText({ difference, testId }: { difference: string | null; testId?: string }) {
  const { t } = useTranslation();
  if (difference === null) return <span data-testid={testId}>-</span>;
  const kind = differenceKind(difference);
  const type = kind === 'excess' ? 'success' : kind === 'shortage' ? 'danger' : undefined;
  return (
    <Typography.Text type={type} data-testid={testId} data-kind={kind}>
      <bdi>{formatQuantity(difference)}</bdi> ({t(DIFFERENCE_WORDS[kind])})
    </Typography.Text>
  );
}

/** Who is due next, or a dash. */
export function NextApprover({ state, testId }: { state: TApprovalState; testId?: string }) {
  return <span data-testid={testId}>{nextApproverName(state) ?? '-'}</span>;
}

/** 'NAME / V.NO' of an out-turn's voyage. */
export const voyageLabel = vesselVoyageLabel;

/** The decision dialog: Approve or Reject with an optional comment. */
function DecisionModal({
  decision,
  onClose,
  onDecide,
  testIdPrefix,
}: {
  decision: TApprovalDecisionInput['decision'] | null;
  onClose: () => void;
  onDecide: (input: TApprovalDecisionInput) => Promise<boolean>;
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ comment?: string }>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!decision) return;
    const { comment } = await form.validateFields();
    setBusy(true);
    try {
      const done = await onDecide({ decision, comment: comment?.trim() ? comment.trim() : null });
      if (done) {
        form.resetFields();
        onClose();
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={decision !== null}
      title={decision === 'Rejected' ? t('vesselApproval.approval.rejectTitle') : t('vesselApproval.approval.approveTitle')}
      okText={decision === 'Rejected' ? t('vesselApproval.approval.reject') : t('vesselApproval.approval.approve')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: decision === 'Rejected', loading: busy, 'data-testid': `${testIdPrefix}-decision-ok` }}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="comment" label={t('vesselApproval.approval.commentOptional')} rules={[{ max: 1000, message: translateMessage('Maximum 1000 characters') }]}>
          <Input.TextArea rows={3} maxLength={1000} data-testid={`${testIdPrefix}-decision-comment`} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}

type Step = TApprovalState['steps'][number];

/**
 * The approval of an out-turn: its steps (order, approver, status, decided at, comment) and, for its current
 * approver only, Approve and Reject (spec section 4, Approval).
 */
export function ApprovalPanel({
  state,
  onDecide,
  testIdPrefix,
}: {
  state: TApprovalState;
  onDecide: (input: TApprovalDecisionInput) => Promise<boolean>;
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  const formatDateTime = useAgencyDateTime();
  const [decision, setDecision] = useState<TApprovalDecisionInput['decision'] | null>(null);
  const columns: TableColumnsType<Step> = [
    { key: 'order', title: t('vesselApproval.approval.order'), dataIndex: 'order' },
    { key: 'approver', title: t('vesselApproval.approval.approver'), dataIndex: 'userName' },
    { key: 'status', title: t('vesselApproval.approval.status'), render: (_v, step) => <StatusTag status={step.status} testId={`${testIdPrefix}-step-status`} /> },
    { key: 'decidedAt', title: t('vesselApproval.approval.decidedAt'), render: (_v, step) => formatDateTime(step.decidedAt) },
    { key: 'comment', title: t('vesselApproval.approval.comment'), render: (_v, step) => step.comment ?? '' },
  ];
  const decidable = canDecide(state);
  return (
    <Card
      title={
        <Space>
          {t('vesselApproval.approval.title')}
          <StatusTag status={state.status} testId={`${testIdPrefix}-approval-status`} />
        </Space>
      }
     
      data-testid={`${testIdPrefix}-approval`}
      extra={
        decidable && (
          <Space>
            <Button type="primary" icon={<CheckOutlined />} onClick={() => setDecision('Approved')} data-testid={`${testIdPrefix}-approve`}>
              {t('vesselApproval.approval.approve')}
            </Button>
            <Button danger icon={<CloseOutlined />} onClick={() => setDecision('Rejected')} data-testid={`${testIdPrefix}-reject`}>
              {t('vesselApproval.approval.reject')}
            </Button>
          </Space>
        )
      }
    >
      {state.status === 'Pending' && state.nextApproverBlocked && (
        <Alert
          type="warning"
          showIcon
          title={t('vesselApproval.approval.blocked', { name: nextApproverName(state) ?? '' })}
          description={state.mayStandIn ? t('vesselApproval.approval.standIn') : t('vesselApproval.approval.askAdmin')}
          style={{ marginBlockEnd: 16 }}
          data-testid={`${testIdPrefix}-approver-blocked`}
        />
      )}
      {decidable && state.isCurrentApprover && (
        <Alert type="info" showIcon title={t('vesselApproval.approval.youAreDue')} style={{ marginBlockEnd: 16 }} data-testid={`${testIdPrefix}-you-are-due`} />
      )}
      {state.steps.length === 0 ? (
        <Typography.Text type="secondary" data-testid={`${testIdPrefix}-no-rule`}>
          {t('vesselApproval.approval.noRule')}
        </Typography.Text>
      ) : (
        <Table<Step> rowKey="order" size="small" columns={columns} dataSource={state.steps} pagination={false} scroll={{ x: 'max-content' }} data-testid={`${testIdPrefix}-steps`} />
      )}
      <DecisionModal decision={decision} onClose={() => setDecision(null)} onDecide={onDecide} testIdPrefix={testIdPrefix} />
    </Card>
  );
}

/**
 * The Reverse row action of an approved out-turn: the reason dialog (with what the reversal does), then the
 * server's reversal; the lists reload after it. Nothing for other statuses.
 */
export function ReverseOutturnAction({
  row,
  reverse,
  note,
  testIdPrefix,
}: {
  row: { id: number; status: OutturnStatus };
  reverse: (id: number, reason: string) => Promise<unknown>;
  /** What the reversal does, shown above the reason. */
  note: string;
  /** Test ids `<prefix>-reverse` (the button) and `<prefix>-reverse-reason`, `-ok`, `-notice` (the dialog). */
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  if (!isReversible(row)) return null;

  const confirm = async (reason: string) => {
    const result = await reverse(row.id, reason);
    if (!result) return false;
    void message.success(t('vesselApproval.reversed'));
    await invalidateOutturns(queryClient);
    return true;
  };

  return (
    <>
      <Tooltip title={t('vesselApproval.reverse')}>
        <Button type="text" danger icon={<RollbackOutlined />} aria-label={t('vesselApproval.reverse')} onClick={() => setOpen(true)} data-testid={`${testIdPrefix}-reverse`} />
      </Tooltip>
      <ReasonModal
        open={open}
        title={t('vesselApproval.reverseTitle')}
        okText={t('vesselApproval.reverse')}
        notice={note}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
        testIdPrefix={`${testIdPrefix}-reverse`}
      />
    </>
  );
}

/** The Open row action of an out-turn: its page, editable or read-only as its status allows (every status, reversed too). */
export function OpenOutturnAction({ to, testId }: { to: string; testId: string }) {
  const { t } = useTranslation();
  const agencyPath = useAgencyPath();
  return (
    <Tooltip title={t('vesselApproval.edit')}>
      <Link to={agencyPath(to)} aria-label={t('vesselApproval.edit')} data-testid={testId}>
        <Button type="text" icon={<EditOutlined />} />
      </Link>
    </Tooltip>
  );
}
