import { useState } from 'react';
import { Segmented, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TLoanBalanceRow, TLoanMovement } from '@tonnage/contracts';
import { useAgencyDateTime } from '../../app/agency-time';
import { ExportButton } from '../../components/ExportButton';
import { PageHeader } from '../../components/PageHeader';
import { TransactionListError } from '../../components/transactions/TransactionListError';
import { useLoanBalance, useLoanMovements } from './loans-api';
import { RecordNumberLink, loanPage, loanReturnPage, useMayViewLoan, useMayViewLoanReturns } from './LoanRecords';

const lineKey = (row: TLoanBalanceRow) => `${row.lenderId}:${row.borrowerId}:${row.consignmentId}:${row.cargoTypeId}`;

/**
 * The drill-down of a balance line: its loans (L) and loan returns (LR), oldest first, with the running outstanding;
 * each number opens the record's page (for a user who may view that screen).
 */
function Movements({ line }: { line: TLoanBalanceRow }) {
  const { t } = useTranslation();
  const dateTime = useAgencyDateTime();
  const mayViewWarehouse = useMayViewLoan('warehouse');
  const mayView = { warehouse: mayViewWarehouse, consigneeLocation: useMayViewLoan('consigneeLocation'), onBoard: mayViewWarehouse, loanReturn: useMayViewLoanReturns() };
  const movements = useLoanMovements({ lenderId: line.lenderId, borrowerId: line.borrowerId, consignmentId: line.consignmentId, cargoTypeId: line.cargoTypeId });
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
        { key: 'quantity', title: t('cargo.quantityMt'), align: 'end', render: (_, m) => <bdi>{m.quantity}</bdi> },
        { key: 'outstanding', title: t('loans.outstanding'), align: 'end', render: (_, m) => <bdi>{m.outstanding}</bdi> },
      ]}
    />
  );
}

/**
 * `loan-report`: the loan balance, outstanding loans per lender, borrower, consignment and cargo type (issued,
 * returned, outstanding), each line opening on its movements; exported to Excel with the same filter. The server
 * answers in the user's data scope (a shipment manager's admin sees only its own loans).
 */
export default function LoanBalancePage() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<'open' | 'all'>('open');
  const query = { open };
  const balance = useLoanBalance(query);
  return (
    <div className="page" data-testid="loan-balance-page">
      <PageHeader
        title={t('loans.balanceTitle')}
        actions={
          <Space wrap>
            <Segmented<'open' | 'all'>
              value={open}
              onChange={setOpen}
              options={[
                { value: 'open', label: t('loans.openStates.open') },
                { value: 'all', label: t('loans.allLines') },
              ]}
              data-testid="loan-balance-open"
            />
            <ExportButton listPath="/api/loan-balance" query={query} fileName="loan-balance.xlsx" testId="loan-balance-export" />
          </Space>
        }
      />
      {balance.isError ? (
        <TransactionListError onRetry={() => void balance.refetch()} testId="loan-balance" />
      ) : (
        <Table<TLoanBalanceRow>
          rowKey={lineKey}
          loading={balance.isPending}
          dataSource={balance.data?.rows ?? []}
          pagination={false}
          expandable={{ expandedRowRender: (line) => <Movements line={line} /> }}
          data-testid="loan-balance-table"
          columns={[
            { key: 'lender', title: t('loans.lender'), dataIndex: 'lenderName' },
            { key: 'borrower', title: t('loans.borrower'), dataIndex: 'borrowerName' },
            { key: 'lcPo', title: t('loans.lcPo'), dataIndex: 'lcPoNumber' },
            { key: 'cargoType', title: t('loans.cargoType'), dataIndex: 'cargoTypeName' },
            { key: 'issued', title: t('loans.issued'), align: 'end', render: (_, row) => <bdi>{row.issued}</bdi> },
            { key: 'returned', title: t('loans.returned'), align: 'end', render: (_, row) => <bdi>{row.returned}</bdi> },
            { key: 'outstanding', title: t('loans.outstanding'), align: 'end', render: (_, row) => <bdi data-testid="loan-balance-outstanding">{row.outstanding}</bdi> },
          ]}
          summary={() =>
            balance.data && balance.data.rows.length > 0 ? (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={5}>
                  {t('loans.totals')}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={5} align="end">
                  <bdi>{balance.data.issued}</bdi>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={6} align="end">
                  <bdi>{balance.data.returned}</bdi>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={7} align="end">
                  <bdi data-testid="loan-balance-total">{balance.data.outstanding}</bdi>
                </Table.Summary.Cell>
              </Table.Summary.Row>
            ) : null
          }
        />
      )}
    </div>
  );
}
