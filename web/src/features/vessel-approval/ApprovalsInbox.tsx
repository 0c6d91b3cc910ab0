import { useState } from 'react';
import { Badge, Button, Dropdown, List, Spin, Typography } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { INBOX_KINDS, INBOX_KIND_PERMISSION, hasPermission, type TApprovalInboxItem, type THandlingInboxItem } from '@tonnage/contracts';
import { formatDateTime } from '../../app/format';
import { useSession, useUserContext } from '../../app/session';
import { DifferenceText } from './OutturnParts';
import { useApprovalsInbox } from './vessel-approval-api';

/** Whether the user holds the flag of any kind the inbox lists (agency admins hold every one). */
function useMayApprove(): boolean {
  const context = useUserContext();
  return INBOX_KINDS.some((kind) => hasPermission(context, INBOX_KIND_PERMISSION[kind]));
}

const isHandling = (item: TApprovalInboxItem): item is THandlingInboxItem => item.kind === 'handlingLoss' || item.kind === 'handlingExcess';

/** What the approver judges: the out-turn's vessel, BL and difference, or the handling record's position and percent. */
function InboxSubject({ item }: { item: TApprovalInboxItem }) {
  const { t } = useTranslation();
  if (isHandling(item)) {
    return (
      <>
        <Typography.Text strong>
          <bdi>{`${item.warehouseName} · ${item.siloName ?? t('vesselApproval.inbox.openArea')} · ${item.ownerName} · ${item.lcPoNumber} · ${item.cargoTypeName}`}</bdi>
        </Typography.Text>
        <Typography.Text data-testid="approvals-inbox-handling-quantity">
          {t('vesselApproval.inbox.handlingQuantity', { quantity: item.quantity, percent: item.percent, allowed: item.allowedPercent ?? '0.000' })}
        </Typography.Text>
      </>
    );
  }
  const title = item.blNumber === null ? `${item.vesselName} / ${item.voyageNumber}` : `${item.blNumber} · ${item.vesselName} / ${item.voyageNumber}`;
  return (
    <>
      <Typography.Text strong>
        <bdi>{title}</bdi>
      </Typography.Text>
      <DifferenceText difference={item.difference} />
    </>
  );
}

function InboxRow({ item, agencyId, onOpen }: { item: TApprovalInboxItem; agencyId: number; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <List.Item className="approvals-inbox-item" data-testid="approvals-inbox-item" data-kind={item.kind} data-id={item.id}>
      <Link to={`/agencies/${agencyId}/${item.page}`} onClick={onOpen} className="approvals-inbox-link">
        <Typography.Text type="secondary" className="approvals-inbox-kind">
          {t(`vesselApproval.inbox.${item.kind}`)}
        </Typography.Text>
        <InboxSubject item={item} />
        <Typography.Text type="secondary" className="approvals-inbox-meta">
          {t('vesselApproval.inbox.createdBy', { name: item.createdBy, at: formatDateTime(item.createdAt) })}
        </Typography.Text>
        {item.standIn && (
          <Typography.Text type="warning" data-testid="approvals-inbox-stand-in">
            {t('vesselApproval.inbox.standIn', { name: item.approverName })}
          </Typography.Text>
        )}
      </Link>
    </List.Item>
  );
}

/**
 * The top bar's approvals inbox (spec section 4, Approval): a bell with the number of out-turns and handling
 * records awaiting the signed-in user in the selected agency, opening a list of them, each a link to its record
 * page where they decide.
 * Shown only to users who may approve; the server enforces the rest (scope, agency, who is due).
 */
export function ApprovalsInbox() {
  const { t } = useTranslation();
  const { selectedAgencyId } = useSession();
  const mayApprove = useMayApprove();
  const enabled = mayApprove && selectedAgencyId !== null;
  const inbox = useApprovalsInbox(enabled);
  const [open, setOpen] = useState(false);
  if (!enabled) return null;
  const count = inbox.data?.count ?? 0;
  const rows = inbox.data?.rows ?? [];
  const close = () => setOpen(false);
  const panel = (
    <div className="approvals-inbox-panel" data-testid="approvals-inbox-panel">
      <Typography.Text strong className="approvals-inbox-title">
        {t('vesselApproval.inbox.title')}
      </Typography.Text>
      {inbox.isPending ? (
        <Spin />
      ) : inbox.isError || !inbox.data ? (
        <Typography.Text type="danger">{t('vesselApproval.inbox.failed')}</Typography.Text>
      ) : rows.length === 0 ? (
        <Typography.Text type="secondary" data-testid="approvals-inbox-empty">
          {t('vesselApproval.inbox.empty')}
        </Typography.Text>
      ) : (
        <List<TApprovalInboxItem>
          size="small"
          dataSource={rows}
          rowKey={(item) => `${item.kind}:${item.id}`}
          renderItem={(item) => <InboxRow item={item} agencyId={selectedAgencyId} onOpen={close} />}
        />
      )}
      {count > rows.length && (
        <Typography.Text type="secondary" className="approvals-inbox-more">
          {t('vesselApproval.inbox.more', { shown: rows.length, total: count })}
        </Typography.Text>
      )}
    </div>
  );
  return (
    <Dropdown trigger={['click']} placement="bottomRight" open={open} onOpenChange={setOpen} popupRender={() => panel}>
      <Button type="text" className="approvals-inbox-trigger" aria-label={t('vesselApproval.inbox.open')} data-testid="approvals-inbox">
        <Badge count={count} size="small" overflowCount={99} data-testid="approvals-inbox-count">
          <BellOutlined className="approvals-inbox-bell" />
        </Badge>
      </Button>
    </Dropdown>
  );
}
