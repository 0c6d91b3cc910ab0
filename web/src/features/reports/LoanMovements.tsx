import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReportRow, TLoanMovement } from '@tonnage/contracts';
import { useAgencyDateTime } from '../../app/agency-time';
import { TransactionListError } from '../../components/transactions/TransactionListError';
import { useLoanMovements } from '../loans/loans-api';
import { RecordNumberLink, loanPage, loanReturnPage, useMayViewLoan, useMayViewLoanReturns } from '../loans/LoanRecords';

/**
 * The movements of a Loan Statement line (its expanded row): every live loan (L) and loan return (LR) of the line,
 * oldest first, with the running outstanding (`GET /api/loan-balance/movements`, the loan report's flag); each number
 * opens the record's page for a user who may view that screen.
 */
export function LoanMovements({ row }: { row: ReportRow }) {
  const { t } = useTranslation();
  const dateTime = useAgencyDateTime();
  const mayViewWarehouse = useMayViewLoan('warehouse');
  const mayView = { warehouse: mayViewWarehouse, consigneeLocation: useMayViewLoan('consigneeLocation'), onBoard: mayViewWarehouse, loanReturn: useMayViewLoanReturns() };
  const movements = useLoanMovements({ lenderId: Number(row.lenderId), borrowerId: Number(row.borrowerId), consignmentId: Number(row.consignmentId), cargoTypeId: Number(row.cargoTypeId) });
  if (movements.isError) return <TransactionListError onRetry={() => void movements.refetch()} testId="loan-movements" />;
  return (
    <Table<TLoanMovement>
      size="small"
      rowKey={(m) => `${m.kind}:${m.id}`}
      loading={movements.isPending}
      dataSource={movements.data ?? []}
      pagination={false}
      data-testid="loan-movements"
      columns={[
        { key: 'at', title: t('loans.at'), render: (_, m) => <bdi>{dateTime(m.at)}</bdi> },
        { key: 'kind', title: t('loans.movement'), render: (_, m) => <Tag color={m.kind === 'loan' ? 'blue' : 'green'}>{t(`loans.movementKinds.${m.kind}`)}</Tag> },
        {
          key: 'record',
          title: t('loans.recordNumber'),
          render: (_, m) =>
            m.kind === 'loan' ? (
              <RecordNumberLink to={loanPage(m.place, m.id)} may={mayView[m.place]} testId="loan-movement-link">{`L ${m.id}`}</RecordNumberLink>
            ) : (
              <RecordNumberLink to={loanReturnPage(m.id)} may={mayView.loanReturn} testId="loan-movement-link">{`LR ${m.id}`}</RecordNumberLink>
            ),
        },
        { key: 'loanId', title: t('loans.loanNumber'), dataIndex: 'loanId' },
        { key: 'place', title: t('loans.warehouse'), render: (_, m) => `${m.warehouseName} · ${m.place === 'onBoard' ? t('loans.onBoardPlace') : (m.siloName ?? t('warehouseDispatch.openArea'))}` },
        { key: 'quantity', title: t('cargo.quantityMt'), align: 'end', render: (_, m) => <bdi className="quantity">{m.quantity}</bdi> },
        { key: 'outstanding', title: t('loans.outstanding'), align: 'end', render: (_, m) => <bdi className="quantity">{m.outstanding}</bdi> },
      ]}
    />
  );
}
