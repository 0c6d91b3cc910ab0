import type { ReactNode } from 'react';
import { Alert, App, Card, Flex, Space } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { OutturnStatus, TApprovalDecisionInput, TApprovalState } from '@tonnage/contracts';
import { transactionKeys } from '../../components/transactions/hooks';
import { TransactionRecordGate } from '../../components/transactions/form/TransactionFormPage';
import type { TransactionFormDeclaration } from '../../components/transactions/form/transaction-form';
import { isEditable } from './outturn';
import { ApprovalPanel, StatusTag } from './OutturnParts';
import { invalidateOutturns } from './vessel-approval-api';

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
  /** The out-turn's form declaration: its record is loaded (`GET <api>/:id`, id from the address) and cached by it. */
  declaration: TransactionFormDeclaration;
  decide: (id: number, input: TApprovalDecisionInput) => Promise<T | null>;
  title: { add: string; edit: string };
  /** Test ids `<prefix>-form-page`, `-status`, `-read-only`, `-under-way`, and the approval panel's. */
  testIdPrefix: string;
  /** Shown beside the card title (e.g. the posting of an approved BL out-turn). */
  extra?: (row: T) => ReactNode;
  form: (row: T | null) => ReactNode;
}

/**
 * The add and edit page of an out-turn: the form in a card with its status, read-only once approved, reversed (the
 * form shell says by whom and why) or while a decision is under way, and on the edit page the approval steps with Approve / Reject for the current approver.
 */
export function OutturnPage<T extends OutturnRecord>({ declaration, decide, title, testIdPrefix, extra, form }: OutturnPageProps<T>) {
  const idParam = useParams().id;
  return (
    <div className="page" data-testid={`${testIdPrefix}-form-page`}>
      <TransactionRecordGate<T> declaration={declaration} idParam={idParam}>
        {(loaded) => <OutturnCards declaration={declaration} loaded={loaded} decide={decide} title={title} testIdPrefix={testIdPrefix} extra={extra} form={form} />}
      </TransactionRecordGate>
    </div>
  );
}

/** The form's card (status, notes) and, for a stored out-turn, its approval steps. */
function OutturnCards<T extends OutturnRecord>({ declaration, loaded, decide, title, testIdPrefix, extra, form }: Omit<OutturnPageProps<T>, 'idParam'> & { loaded: T | null }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const editing = loaded !== null;

  const onDecide = async (input: TApprovalDecisionInput) => {
    if (!loaded) return false;
    const result = await decide(loaded.id, input);
    if (!result) return false;
    void message.success(input.decision === 'Approved' ? t('vesselApproval.approval.approved') : t('vesselApproval.approval.rejected'));
    queryClient.setQueryData(transactionKeys(declaration).one(loaded.id), result);
    await invalidateOutturns(queryClient);
    return true;
  };

  const decided = loaded?.approval.steps.filter((s) => s.status !== 'Pending').length ?? 0;
  return (
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
          {loaded && loaded.status === 'Pending' && !isEditable(loaded.approval) && (
            <Alert type="info" showIcon title={t('vesselApproval.underWay')} style={{ marginBlockEnd: 16 }} data-testid={`${testIdPrefix}-under-way`} />
          )}
          {/* A new key after each decision: the form reopens with the record as it now stands. */}
          <div key={`${loaded?.id ?? 'new'}-${loaded?.status ?? ''}-${decided}`}>{form(loaded)}</div>
        </Card>
        {loaded && <ApprovalPanel state={loaded.approval} onDecide={onDecide} testIdPrefix={testIdPrefix} />}
    </Flex>
  );
}
