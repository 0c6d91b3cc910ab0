import type { ReactNode } from 'react';
import { DeliveryLine } from './LoanDelivery';
import { DeliveredTo } from '../../components/cargo/DeliveredTo';
import { Alert, Button, Card, Descriptions, Table, Tooltip, Typography } from 'antd';
import { FileSearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  ZLoanReturnList,
  consigneeLocationToSmTransaction,
  consigneeToSmTransaction,
  permissionFlag,
  smToConsigneeTransaction,
  type LoanPlace,
  type TLoan,
  type TLoanReturn,
  type TRecordTrail,
} from '@tonnage/contracts';
import { useAgencyDateTime } from '../../app/agency-time';
import { apiOrThrow } from '../../app/api';
import { useCan } from '../../app/guards';
import { useAgencyPath } from '../../app/navigation';
import { RecordStatusTag } from '../../components/cargo/record-parts';
import { transactionApiPath } from '../../components/transactions/hooks';
import { TransactionListPage } from '../../components/transactions/TransactionListPage';

/*
 * The read-only record pages of a loan (L) and a loan return (LR), and the lists whose rows open them: a loan or a
 * return is never edited (reverse it and enter another), so its page shows what it is, who recorded it and when,
 * the loan's returns, and for a reversed one who reversed it, when and why.
 */

/** The declaration (and so the screen and record page) of a loan made at a kind of place. */
export const LOAN_DECLARATIONS = { warehouse: consigneeToSmTransaction, consigneeLocation: consigneeLocationToSmTransaction, onBoard: consigneeToSmTransaction } as const;

/** A loan's place as its pages show it: the place and silo (or open area), or on board the port, vessel and BL. */
export function usePlaceText(): (loan: Pick<TLoan, 'place' | 'warehouseName' | 'siloName' | 'blNumber'>) => string {
  const { t } = useTranslation();
  return (loan) =>
    loan.place === 'onBoard' ? `${loan.warehouseName} · ${t('loans.onBoardPlace')}${loan.blNumber ? ` · ${t('loans.bl')} ${loan.blNumber}` : ''}` : `${loan.warehouseName} · ${loan.siloName ?? t('warehouseDispatch.openArea')}`;
}

/** The record page of a loan (`<its screen>/:id/edit`) and of a loan return, under the agency. */
export const loanPage = (place: LoanPlace, id: number) => `${LOAN_DECLARATIONS[place].route}/${id}/edit`;
export const loanReturnPage = (id: number) => `${smToConsigneeTransaction.route}/${id}/edit`;

/** A loan as its record page shows it: place, parties, cargo, issued, returned and outstanding. */
export function LoanDescriptions({ loan }: { loan: TLoan }) {
  const { t } = useTranslation();
  const placeText = usePlaceText();
  return (
    <Descriptions size="small" column={2} bordered style={{ marginBlockEnd: 16 }} data-testid="loan-record">
      <Descriptions.Item label={t('loans.loanNumber')}>{loan.id}</Descriptions.Item>
      <Descriptions.Item label={t('loans.warehouse')}>
        <span data-testid="loan-place">{placeText(loan)}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('loans.lender')}>{loan.lenderName}</Descriptions.Item>
      <Descriptions.Item label={t('loans.borrower')}>{loan.borrowerName}</Descriptions.Item>
      <Descriptions.Item label={t('loans.lcPo')}>{loan.lcPoNumber}</Descriptions.Item>
      <Descriptions.Item label={t('loans.cargoType')}>{loan.cargoTypeName}</Descriptions.Item>
      <Descriptions.Item label={t('loans.issued')}>
        <bdi>{loan.quantity}</bdi>
      </Descriptions.Item>
      <Descriptions.Item label={t('loans.returned')}>
        <bdi>{loan.returned}</bdi>
      </Descriptions.Item>
      <Descriptions.Item label={t('loans.outstanding')}>
        <bdi data-testid="loan-outstanding">{loan.outstanding}</bdi>
      </Descriptions.Item>
      <Descriptions.Item label={t('loans.delivery')}>
        <DeliveryLine delivery={loan.delivery} testId="loan-delivery" print={{ declaration: LOAN_DECLARATIONS[loan.place], recordId: loan.id }} />
      </Descriptions.Item>
    </Descriptions>
  );
}

/** Whether the user may open the record pages of a loan's screen / of the loan returns (their view flag). */
export function useMayViewLoan(place: LoanPlace): boolean {
  return useCan(permissionFlag(LOAN_DECLARATIONS[place].permissionModule, 'view'));
}
export function useMayViewLoanReturns(): boolean {
  return useCan(permissionFlag(smToConsigneeTransaction.permissionModule, 'view'));
}

/** A record's number linked to its page when the user may open it, else the number alone. */
export function RecordNumberLink({ to, may, children, testId }: { to: string; may: boolean; children: ReactNode; testId: string }) {
  const agencyPath = useAgencyPath();
  if (!may) return <bdi>{children}</bdi>;
  return (
    <Link to={agencyPath(to)} data-testid={testId}>
      <bdi>{children}</bdi>
    </Link>
  );
}

/** Who recorded it and when; a reversed record also who reversed it, when and why. */
function TrailNote({ record, testId }: { record: TRecordTrail; testId: string }) {
  const { t } = useTranslation();
  const dateTime = useAgencyDateTime();
  if (record.status !== 'Reversed') return null;
  return (
    <Alert
      type="warning"
      showIcon
      className="transaction-form-note"
      style={{ marginBlockEnd: 16 }}
      title={t('cargo.reversedNote', { by: record.reversedBy ?? '', at: dateTime(record.reversedAt ?? null), reason: record.reverseReason ?? '' })}
      data-testid={testId}
    />
  );
}

/** The trail's lines of a record's descriptions: status, recorded by and at, remarks. */
function trailItems(record: TRecordTrail & { remarks: string | null }, t: (key: string) => string, dateTime: (value: string) => string, statusTestId: string) {
  return [
    <Descriptions.Item key="status" label={t('cargo.status')}>
      <RecordStatusTag record={record} testId={statusTestId} />
    </Descriptions.Item>,
    <Descriptions.Item key="createdBy" label={t('cargo.createdBy')}>
      <bdi>{record.createdBy}</bdi> · <bdi>{dateTime(record.createdAt)}</bdi>
    </Descriptions.Item>,
    <Descriptions.Item key="remarks" label={t('warehouseDispatch.remarks')}>
      {record.remarks ?? ''}
    </Descriptions.Item>,
  ];
}

/** The returns of a loan, reversed ones included, each opening its record page. */
function ReturnsOfLoan({ loanId }: { loanId: number }) {
  const { t } = useTranslation();
  const dateTime = useAgencyDateTime();
  const returns = useQuery({
    queryKey: [smToConsigneeTransaction.key, 'ofLoan', loanId],
    queryFn: () => apiOrThrow(transactionApiPath(smToConsigneeTransaction), { query: { loanId, status: 'all', limit: 100, sort: 'returnAt', order: 'asc' }, schema: ZLoanReturnList }),
  });
  return (
    <>
      <Typography.Title level={5}>{t('loans.returnsOfLoan')}</Typography.Title>
      <Table<TLoanReturn>
        size="small"
        rowKey="id"
        loading={returns.isPending}
        dataSource={returns.data?.rows ?? []}
        pagination={false}
        locale={{ emptyText: returns.isError ? t('cargo.loadError') : t('loans.noReturns') }}
        data-testid="loan-returns"
        columns={[
          { key: 'id', title: t('loans.returnNumber'), render: (_, row) => <RecordNumberLink to={loanReturnPage(row.id)} may testId="loan-return-link">{row.id}</RecordNumberLink> },
          { key: 'returnAt', title: t('loans.returnAt'), render: (_, row) => <bdi>{dateTime(row.returnAt)}</bdi> },
          { key: 'quantity', title: t('loans.returnedQuantity'), align: 'end', render: (_, row) => <bdi>{row.quantity}</bdi> },
          { key: 'createdBy', title: t('cargo.createdBy'), dataIndex: 'createdBy' },
          { key: 'status', title: t('cargo.status'), render: (_, row) => <RecordStatusTag record={row} testId="loan-return-status" /> },
        ]}
      />
    </>
  );
}

/** A loan's record page: place, parties, cargo, issued / returned / outstanding, its trail and its returns. */
export function LoanRecord({ loan }: { loan: TLoan }) {
  const { t } = useTranslation();
  const dateTime = useAgencyDateTime();
  const mayViewReturns = useMayViewLoanReturns();
  return (
    <Card data-testid="loan-record-page">
      <TrailNote record={loan} testId="loan-reversed" />
      <LoanDescriptions loan={loan} />
      <Descriptions size="small" column={2} bordered style={{ marginBlockEnd: 16 }} data-testid="loan-trail">
        <Descriptions.Item label={t('loans.loanAt')}>
          <bdi>{dateTime(loan.loanAt)}</bdi>
        </Descriptions.Item>
        {trailItems(loan, t, dateTime, 'loan-status')}
      </Descriptions>
      {mayViewReturns && <ReturnsOfLoan loanId={loan.id} />}
    </Card>
  );
}

/** A loan return's record page: its loan (linked), place, parties, quantity and trail. */
export function LoanReturnRecord({ record }: { record: TLoanReturn }) {
  const { t } = useTranslation();
  const dateTime = useAgencyDateTime();
  const mayViewLoan = useMayViewLoan(record.place);
  const placeText = usePlaceText();
  return (
    <Card data-testid="loan-return-record-page">
      <TrailNote record={record} testId="loan-return-reversed" />
      <Descriptions size="small" column={2} bordered data-testid="loan-return-record">
        <Descriptions.Item label={t('loans.loanNumber')}>
          <RecordNumberLink to={loanPage(record.place, record.loanId)} may={mayViewLoan} testId="loan-return-loan-link">
            {record.loanId}
          </RecordNumberLink>
        </Descriptions.Item>
        <Descriptions.Item label={t('loans.warehouse')}>{placeText(record)}</Descriptions.Item>
        <Descriptions.Item label={t('loans.borrower')}>{record.borrowerName}</Descriptions.Item>
        <Descriptions.Item label={t('loans.lender')}>{record.lenderName}</Descriptions.Item>
        <Descriptions.Item label={t('loans.lcPo')}>{record.lcPoNumber}</Descriptions.Item>
        <Descriptions.Item label={t('loans.cargoType')}>{record.cargoTypeName}</Descriptions.Item>
        <Descriptions.Item label={t('loans.returnedQuantity')}>
          <bdi>{record.quantity}</bdi>
        </Descriptions.Item>
        <Descriptions.Item label={t('loans.returnAt')}>
          <bdi>{dateTime(record.returnAt)}</bdi>
        </Descriptions.Item>
        <Descriptions.Item label={t('loans.delivery')} span={2}>
          <DeliveryLine delivery={record.delivery} testId="loan-return-delivery" print={{ declaration: smToConsigneeTransaction, recordId: record.id }} />
        </Descriptions.Item>
        {record.source && (
          <Descriptions.Item label={t('loans.returnedFrom')} span={2}>
            <span data-testid="loan-return-source-record">{`${record.source.locationName} · ${record.source.siloName ?? t('warehouseDispatch.openArea')} · ${record.source.lcPoNumber}`}</span>
          </Descriptions.Item>
        )}
        {trailItems(record, t, dateTime, 'loan-return-status')}
      </Descriptions>
    </Card>
  );
}

/** The row action that opens a record's read-only page. */
function OpenRecord({ to, testId }: { to: string; testId: string }) {
  const { t } = useTranslation();
  const agencyPath = useAgencyPath();
  return (
    <Tooltip title={t('loans.open')}>
      <Link to={agencyPath(to)} aria-label={t('loans.open')} data-testid={testId}>
        <Button type="text" icon={<FileSearchOutlined />} />
      </Link>
    </Tooltip>
  );
}

/** `warehouse/consignee-to-sm`: the loans made in warehouses, each row opening its record page. */
export function LoanListPage() {
  return (
    <TransactionListPage
      declaration={consigneeToSmTransaction}
      renderers={{ delivery: (row: TLoan) => <DeliveredTo declaration={consigneeToSmTransaction} recordId={row.id} delivery={row.delivery} testId="loan-delivered-to" /> }}
      rowActions={(row: TLoan) => <OpenRecord to={loanPage('warehouse', row.id)} testId="loan-open" />}
    />
  );
}

/** `consignee/consignee-to-sm`: the loans made at consignee locations, each row opening its record page. */
export function ConsigneeLocationLoanListPage() {
  return (
    <TransactionListPage
      declaration={consigneeLocationToSmTransaction}
      renderers={{ delivery: (row: TLoan) => <DeliveredTo declaration={consigneeLocationToSmTransaction} recordId={row.id} delivery={row.delivery} testId="loan-delivered-to" /> }}
      rowActions={(row: TLoan) => <OpenRecord to={loanPage('consigneeLocation', row.id)} testId="loan-open" />}
    />
  );
}

/** `warehouse/sm-to-consignee`: the loan returns, each row opening its record page. */
export function LoanReturnListPage() {
  return (
    <TransactionListPage
      declaration={smToConsigneeTransaction}
      renderers={{ delivery: (row: TLoanReturn) => <DeliveredTo declaration={smToConsigneeTransaction} recordId={row.id} delivery={row.delivery} testId="loan-return-delivered-to" /> }}
      rowActions={(row: TLoanReturn) => <OpenRecord to={loanReturnPage(row.id)} testId="loan-return-open" />}
    />
  );
}
