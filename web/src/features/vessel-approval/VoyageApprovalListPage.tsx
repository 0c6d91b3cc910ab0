import { useMemo, useState } from 'react';
import { Button, Space, Table, Tooltip, type TableColumnsType, type TableProps } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TVoyageApproval } from '@tonnage/contracts';
import { useDebouncedValue } from '../../app/debounce';
import { formatDate, formatQuantity } from '../../app/format';
import { entryPermission, useCan } from '../../app/guards';
import { useAgencyPath } from '../../app/navigation';
import { serverPagination } from '../../app/pagination';
import { PageHeader } from '../../components/PageHeader';
import { TransactionListError } from '../../components/transactions/TransactionListError';
import { initialOutturnListState, outturnListQuery, type OutturnListState } from './outturn';
import { OutturnFilters } from './OutturnFilters';
import { DifferenceText, NextApprover, ReverseOutturnAction, StatusTag, voyageLabel } from './OutturnParts';
import { reverseVoyageApproval, useVoyageApprovalList } from './vessel-approval-api';

const ENTRY = 'vesselQuantityApproval/vessel';

/** A quantity kept in reading order inside right-to-left text ('1,000.000 MT', never 'MT 1,000.000'). */
const quantity = (value: string | null | undefined) => <bdi className="quantity">{formatQuantity(value)}</bdi>;

/** `vesselQuantityApproval/vessel`: each voyage's out-turn against its BL total, with its approval. */
export default function VoyageApprovalListPage() {
  const { t } = useTranslation();
  const agencyPath = useAgencyPath();
  const canAdd = useCan(entryPermission(ENTRY, 'add'));
  const canReverse = useCan(entryPermission(ENTRY, 'reverse'));
  const [state, setState] = useState<OutturnListState>(initialOutturnListState);
  const search = useDebouncedValue(state.search);
  const query = useMemo(() => outturnListQuery({ ...state, search }), [state, search]);
  const list = useVoyageApprovalList(query);

  const onTableChange: TableProps<TVoyageApproval>['onChange'] = (pagination) => {
    const limit = pagination.pageSize ?? state.limit;
    setState((previous) => ({ ...previous, limit, page: limit !== previous.limit ? 1 : (pagination.current ?? 1) }));
  };

  const columns: TableColumnsType<TVoyageApproval> = [
    { key: 'voyage', title: t('vesselApproval.voyage'), render: (_v, row) => <span data-testid="voyage-approval-voyage">{voyageLabel(row)}</span> },
    { key: 'port', title: t('vesselApproval.port'), dataIndex: 'portName' },
    { key: 'bl', title: t('vesselApproval.totalBlQuantity'), align: 'end', render: (_v, row) => quantity(row.blQuantity) },
    { key: 'discharged', title: t('vesselApproval.dischargedQuantity'), align: 'end', render: (_v, row) => quantity(row.dischargedQuantity) },
    { key: 'difference', title: t('vesselApproval.difference'), align: 'end', render: (_v, row) => <DifferenceText difference={row.difference} testId="voyage-approval-difference" /> },
    { key: 'surveyDate', title: t('vesselApproval.surveyDate'), render: (_v, row) => formatDate(row.surveyDate) },
    { key: 'status', title: t('vesselApproval.status'), render: (_v, row) => <StatusTag status={row.status} testId="voyage-approval-status" /> },
    { key: 'next', title: t('vesselApproval.nextApprover'), render: (_v, row) => <NextApprover state={row.approval} testId="voyage-approval-next" /> },
    {
      key: 'actions',
      title: t('common.actions'),
      // Pinned to the end: the row's actions stay in sight when the table scrolls sideways.
      fixed: 'end',
      render: (_v, row) => (
        <Space size={0}>
          <Tooltip title={t('vesselApproval.edit')}>
            <Link to={agencyPath(`${ENTRY}/${row.id}/edit`)} aria-label={t('vesselApproval.edit')} data-testid="voyage-approval-open">
              <Button type="text" icon={<EditOutlined />} />
            </Link>
          </Tooltip>
          {canReverse && <ReverseOutturnAction row={row} reverse={reverseVoyageApproval} note={t('vesselApproval.reverseVoyageNote')} testIdPrefix="voyage-approval" />}
        </Space>
      ),
    },
  ];

  return (
    <div className="page" data-testid="voyage-approvals-page">
      <PageHeader
        title={t('vesselApproval.voyageTitle')}
        actions={
          canAdd && (
            <Link to={agencyPath(`${ENTRY}/add`)}>
              <Button type="primary" icon={<PlusOutlined />} data-testid="voyage-approval-add">
                {t('vesselApproval.add')}
              </Button>
            </Link>
          )
        }
      />
      <OutturnFilters
        state={state}
        onChange={(changes) => setState((previous) => ({ ...previous, page: 1, ...changes }))}
        searchPlaceholder={t('vesselApproval.searchVoyage')}
        testIdPrefix="voyage-approvals"
      />
      {list.isError ? (
        <TransactionListError onRetry={() => void list.refetch()} testId="voyage-approvals" />
      ) : (
        <Table<TVoyageApproval>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.rows ?? []}
          loading={list.isFetching}
          onChange={onTableChange}
          scroll={{ x: 'max-content' }}
          pagination={serverPagination({ page: state.page, limit: state.limit, total: list.data?.count ?? 0, totalText: (n) => t('vesselApproval.total', { n }) })}
          data-testid="voyage-approvals-table"
        />
      )}
    </div>
  );
}
