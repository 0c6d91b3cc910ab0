import type { ReactNode } from 'react';
import { Alert, App, Card, Flex, Space, Spin } from 'antd';
import { useQueryClient, type QueryKey, type UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OutturnStatus, TApprovalDecisionInput, TApprovalState } from '@tonnage/contracts';
import { useAgencyDateTime } from '../../app/agency-time';
import { parseId } from '../../app/guards';
import { NotFoundPage } from '../errors/ErrorPages';
import { isEditable } from './outturn';
import { ApprovalPanel, StatusTag } from './OutturnParts';
import { vesselApprovalKeys } from './vessel-approval-api';

/** What both out-turns (voyage and BL) have in common. */
export interface OutturnRecord {
  id: number;
  status: OutturnStatus;
  approval: TApprovalState;
  reversedAt: string | null;
  reversedBy: string | null;
  reverseReason: string | null;
}

export interface OutturnPageProps<T extends OutturnRecord> {
  /** The id in the address; undefined on the add page. */
  idParam: string | undefined;
  useRecord: (id: number | null) => UseQueryResult<T | null>;
  decide: (id: number, input: TApprovalDecisionInput) => Promise<T | null>;
  cacheKey: (id: number) => QueryKey;
  title: { add: string; edit: string };
  /** Test ids `<prefix>-form-page`, `-status`, `-read-only`, `-under-way`, and the approval panel's. */
  testIdPrefix: string;
  /** Shown beside the card title (e.g. the posting of an approved BL out-turn). */
  extra?: (row: T) => ReactNode;
  form: (row: T | null) => ReactNode;
}

/**
 * The add and edit page of an out-turn: the form in a card with its status, read-only once approved or while a
 * decision is under way, and on the edit page the approval steps with Approve / Reject for the current approver.
 */
export function OutturnPage<T extends OutturnRecord>({ idParam, useRecord, decide, cacheKey, title, testIdPrefix, extra, form }: OutturnPageProps<T>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const formatDateTime = useAgencyDateTime();
  const id = parseId(idParam);
  const editing = idParam !== undefined;
  const row = useRecord(id);

  if (editing && id === null) return <NotFoundPage />;
  if (editing && row.isPending) return <Spin className="page-loader" />;
  const loaded = editing ? (row.data ?? null) : null;
  if (editing && !loaded) return <NotFoundPage />;

  const onDecide = async (input: TApprovalDecisionInput) => {
    if (!loaded) return false;
    const result = await decide(loaded.id, input);
    if (!result) return false;
    void message.success(input.decision === 'Approved' ? t('vesselApproval.approval.approved') : t('vesselApproval.approval.rejected'));
    queryClient.setQueryData(cacheKey(loaded.id), result);
    await queryClient.invalidateQueries({ queryKey: vesselApprovalKeys.all });
    return true;
  };

  const decided = loaded?.approval.steps.filter((s) => s.status !== 'Pending').length ?? 0;
  return (
    <div className="page" data-testid={`${testIdPrefix}-form-page`}>
      <Flex vertical gap="large">
        <Card
          title={
            <Space>
              {editing ? title.edit : title.add}
              {loaded && <StatusTag status={loaded.status} testId={`${testIdPrefix}-status`} />}
            </Space>
          }
          extra={loaded && extra?.(loaded)}
        >
          {loaded?.status === 'Approved' && <Alert type="success" showIcon title={t('vesselApproval.readOnly')} style={{ marginBlockEnd: 16 }} data-testid={`${testIdPrefix}-read-only`} />}
          {loaded?.status === 'Reversed' && (
            <Alert
              type="warning"
              showIcon
              title={t('vesselApproval.reversedNote', { by: loaded.reversedBy ?? '', at: formatDateTime(loaded.reversedAt), reason: loaded.reverseReason ?? '' })}
              style={{ marginBlockEnd: 16 }}
              data-testid={`${testIdPrefix}-reversed`}
            />
          )}
          {loaded && loaded.status === 'Pending' && !isEditable(loaded.approval) && (
            <Alert type="info" showIcon title={t('vesselApproval.underWay')} style={{ marginBlockEnd: 16 }} data-testid={`${testIdPrefix}-under-way`} />
          )}
          {/* A new key after each decision: the form reopens with the record as it now stands. */}
          <div key={`${loaded?.id ?? 'new'}-${loaded?.status ?? ''}-${decided}`}>{form(loaded)}</div>
        </Card>
        {loaded && <ApprovalPanel state={loaded.approval} onDecide={onDecide} testIdPrefix={testIdPrefix} />}
      </Flex>
    </div>
  );
}
