import { useEffect, useMemo, useState } from 'react';
import { App, Button, Card, Col, Empty, List, Popconfirm, Row, Select, Space, Spin, Tag, Tooltip, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { APPROVAL_KINDS, type ApprovalKind, type TApprovalRule, type TUserListItem } from '@tonnage/contracts';
import { useDebouncedValue } from '../../app/debounce';
import { useAgencyDateTime } from '../../app/agency-time';
import { entryPermission, useCan } from '../../app/guards';
import { useUserList } from '../users/user-api';
import { effectiveSearch } from '../users/user-query';
import { approvalRuleKeys, deleteApprovalRule, saveApprovalRule, useApprovalRules } from './approval-api';
import { approvalRuleInput, moveApprover, sameApprovers, type ApproverItem } from './approvers';
import { PageHeader } from '../../components/PageHeader';

/** An approver's name as the server reports it (first and last name). */
const fullName = (user: Pick<TUserListItem, 'firstName' | 'lastName'>) => [user.firstName, user.lastName].filter(Boolean).join(' ');

/** Active users of the agency, searched on the server after more than 2 typed characters. */
function ApproverPicker({ exclude, onPick, testId }: { exclude: readonly number[]; onPick: (item: ApproverItem) => void; testId: string }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const search = effectiveSearch(useDebouncedValue(typed));
  const users = useUserList({ page: 1, limit: 20, status: 'active', sortBy: 'firstName', sortOrder: 'asc', ...(search ? { search } : {}) });
  const candidates = (users.data?.rows ?? []).filter((user) => !exclude.includes(user.id));
  const options = candidates.map((user) => ({ value: user.id, label: `${fullName(user)} (${user.username})` }));
  return (
    <Select<number>
      className="approver-picker"
      value={null}
      placeholder={t('approvalRules.addApprover')}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      loading={users.isFetching}
      options={options}
      notFoundContent={users.isFetching ? <Spin size="small" /> : t('approvalRules.noUsers')}
      onChange={(userId) => {
        const picked = candidates.find((candidate) => candidate.id === userId);
        if (picked) onPick({ userId, userName: fullName(picked) });
        setTyped('');
      }}
      data-testid={testId}
    />
  );
}

function ApprovalRuleCard({ kind, rule }: { kind: ApprovalKind; rule: TApprovalRule | undefined }) {
  const { t } = useTranslation();
  const formatDateTime = useAgencyDateTime();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canAdd = useCan(entryPermission('approvalRules', 'add'));
  const canEdit = useCan(entryPermission('approvalRules', 'edit'));
  const canSave = rule ? canEdit : canAdd;
  const saved = useMemo<ApproverItem[]>(
    () => [...(rule?.approvers ?? [])].sort((a, b) => a.order - b.order).map(({ userId, userName }) => ({ userId, userName })),
    [rule],
  );
  const [approvers, setApprovers] = useState<ApproverItem[]>(saved);
  const [busy, setBusy] = useState(false);
  useEffect(() => setApprovers(saved), [saved]);
  const dirty = !sameApprovers(saved, approvers);
  const testId = `approval-rule-${kind}`;

  const refresh = () => queryClient.invalidateQueries({ queryKey: approvalRuleKeys.all });
  const save = async () => {
    setBusy(true);
    const result = await saveApprovalRule(approvalRuleInput(kind, approvers));
    setBusy(false);
    if (!result) return;
    void message.success(t('approvalRules.saved'));
    await refresh();
  };
  const remove = async () => {
    setBusy(true);
    const result = await deleteApprovalRule(kind);
    setBusy(false);
    if (!result) return;
    void message.success(t('approvalRules.deleted'));
    await refresh();
  };

  return (
    <Card
      title={t(`approvalRules.kinds.${kind}`)}
      extra={rule ? <Tag color="green">{t('approvalRules.active')}</Tag> : <Tag>{t('approvalRules.none')}</Tag>}
      data-testid={testId}
      actions={
        canSave
          ? [
              <Button
                key="save"
                type="link"
                icon={<SaveOutlined />}
                loading={busy}
                disabled={!dirty || approvers.length === 0}
                onClick={() => void save()}
                data-testid={`${testId}-save`}
              >
                {t('common.save')}
              </Button>,
              ...(rule && canEdit
                ? [
                    <Popconfirm
                      key="delete"
                      title={t('approvalRules.confirmDelete')}
                      okText={t('common.yes')}
                      cancelText={t('common.no')}
                      okButtonProps={{ danger: true }}
                      onConfirm={() => remove()}
                    >
                      <Button type="link" danger icon={<DeleteOutlined />} disabled={busy} data-testid={`${testId}-delete`}>
                        {t('approvalRules.delete')}
                      </Button>
                    </Popconfirm>,
                  ]
                : []),
            ]
          : undefined
      }
    >
      {approvers.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('approvalRules.noApprovers')} />
      ) : (
        <List
          size="small"
          dataSource={approvers}
          renderItem={(approver, index) => (
            <List.Item
              data-testid={`${testId}-approver`}
              actions={
                canSave
                  ? [
                      <Tooltip key="up" title={t('approvalRules.moveUp')}>
                        <Button
                          size="small"
                          type="text"
                          icon={<ArrowUpOutlined />}
                          disabled={index === 0}
                          aria-label={t('approvalRules.moveUp')}
                          onClick={() => setApprovers((list) => moveApprover(list, index, -1))}
                          data-testid={`${testId}-up`}
                        />
                      </Tooltip>,
                      <Tooltip key="down" title={t('approvalRules.moveDown')}>
                        <Button
                          size="small"
                          type="text"
                          icon={<ArrowDownOutlined />}
                          disabled={index === approvers.length - 1}
                          aria-label={t('approvalRules.moveDown')}
                          onClick={() => setApprovers((list) => moveApprover(list, index, 1))}
                          data-testid={`${testId}-down`}
                        />
                      </Tooltip>,
                      <Tooltip key="remove" title={t('approvalRules.remove')}>
                        <Button
                          size="small"
                          type="text"
                          danger
                          icon={<DeleteOutlined />}
                          aria-label={t('approvalRules.remove')}
                          onClick={() => setApprovers((list) => list.filter((_item, position) => position !== index))}
                          data-testid={`${testId}-remove`}
                        />
                      </Tooltip>,
                    ]
                  : []
              }
            >
              <Space>
                <Tag className="approver-order">{index + 1}</Tag>
                <span data-testid={`${testId}-approver-name`}>{approver.userName}</span>
              </Space>
            </List.Item>
          )}
        />
      )}
      {canSave && (
        <div className="approver-add">
          <PlusOutlined aria-hidden />
          <ApproverPicker
            exclude={approvers.map((approver) => approver.userId)}
            onPick={(item) => setApprovers((list) => [...list, item])}
            testId={`${testId}-add`}
          />
        </div>
      )}
      {dirty && (
        <Typography.Text type="warning" className="approver-unsaved">
          {t('approvalRules.unsaved')}
        </Typography.Text>
      )}
      {rule && !dirty && (
        <Typography.Text type="secondary" className="approver-unsaved">
          {t('approvalRules.updatedAt', { at: formatDateTime(rule.updatedAt) })}
        </Typography.Text>
      )}
    </Card>
  );
}

/** `approvalRules`: one card per kind of transaction with its ordered approvers (spec section 4, Approval). */
export default function ApprovalRulesPage() {
  const { t } = useTranslation();
  const rules = useApprovalRules();
  return (
    <div className="page" data-testid="approval-rules-page">
      <PageHeader title={t('approvalRules.title')} />
      <Typography.Paragraph type="secondary">{t('approvalRules.intro')}</Typography.Paragraph>
      <Spin spinning={rules.isPending}>
        <Row gutter={[16, 16]}>
          {APPROVAL_KINDS.map((kind) => (
            <Col xs={24} md={12} xl={8} key={kind}>
              <ApprovalRuleCard kind={kind} rule={rules.data?.find((rule) => rule.kind === kind)} />
            </Col>
          ))}
        </Row>
      </Spin>
    </div>
  );
}
