import { useMemo, type ReactNode } from 'react';
import { Button, DatePicker, Empty, Select, Space, Switch, Table, Typography, type TableColumnsType, type TableProps } from 'antd';
import { HistoryOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import dayjs from 'dayjs';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DATE_FORMAT, hasPermission, permissionFlag, reportApi, reportPageSchema, reportRequiredFilters, reportShownColumns, type ReportColumn, type ReportDeclaration, type ReportFilter, type ReportPage as ReportPageData, type ReportRow, type TransactionFilter } from '@tonnage/contracts';
import { apiOrThrow, type Query, type Schema } from '../../app/api';
import { useAgencyPath } from '../../app/navigation';
import { formatDate } from '../../app/format';
import { sortableColumn, sortFromTable } from '../../app/list-sort';
import { serverPagination } from '../../app/pagination';
import { useUserContext } from '../../app/session';
import { ExportButton } from '../../components/ExportButton';
import { PageHeader } from '../../components/PageHeader';
import { FilterControl } from '../../components/transactions/TransactionListPage';
import { TransactionListError } from '../../components/transactions/TransactionListError';
import { ConsignmentSelect } from '../shipping/ConsignmentSelect';
import { SaleOrderSelect } from '../procurement/procurement-options';
import { LoanMovements } from './LoanMovements';
import { useReportPrint } from './ReportPrint';
import { readListUrl, withFilter, withPageAndSort, type ListUrlState } from '../../components/transactions/list-url';

/*
 * The one page of every declared report (issue 16, contracts `reportRegistry`): the declared filters bound to the
 * URL (the transaction lists' controls, plus on/off switches), the table sorted and paged by the server, the totals
 * row of every matching row (the server's sums), the Excel export of the same rows, and Print (the report alone: its
 * title, the filters used, every matching row and the totals, without the app's frame; ReportPrint.tsx).
 */

/** Printed: the report's sheet only, the app's frame and the buttons hidden. */
const PRINT_CSS = `
@media print {
  @page { size: A4 landscape; margin: 10mm; }
  body, .ant-layout { background: #fff !important; }
  .app-sider, .sider-drawer { display: none !important; }
  body * { visibility: hidden; }
  .report-sheet, .report-sheet * { visibility: visible; }
  .report-sheet { position: absolute; inset-block-start: 0; inset-inline-start: 0; width: 100%; padding: 8px; background: #fff; }
  .report-sheet .no-print, .report-sheet .ant-pagination, .report-sheet .ant-select-arrow, .report-sheet .ant-select-clear,
  .report-sheet .ant-picker-suffix, .report-sheet .ant-table-column-sorter { display: none !important; }
  .report-sheet .ant-table { font-size: 11px; }
}
`;

/** A report's expanded row, where its lines open to their movements. */
const EXPANDED_ROWS: Readonly<Record<string, (row: ReportRow) => ReactNode>> = {
  'loan-report': (row) => <LoanMovements row={row} />,
};

/** A report's companion page (the same filters on another route), e.g. the consignee cargo of closed seasons. */
const RELATED_REPORTS: Readonly<Record<string, { key: string; label: string }>> = {
  'consignee-cargo-report': { key: 'consignee-cargo-report-old', label: 'reports.consigneeCargo.closedSeasons' },
  'consignee-cargo-report-old': { key: 'consignee-cargo-report', label: 'reports.consigneeCargo.openSeasons' },
};

/**
 * The filter controls the report cannot answer without: those declared `required` and those whose query field
 * refuses an absent value (e.g. the consignee of the consignee stock report). The page asks for them before it asks
 * the server.
 */
export function requiredFilters(report: ReportDeclaration): Exclude<ReportFilter, { kind: 'dateRange' }>[] {
  const refused = reportRequiredFilters(report);
  return report.filterControls.flatMap((f) => (f.kind !== 'dateRange' && (f.required || refused.includes(f.param)) ? [f] : []));
}

const idOf = (text: string | undefined): number | undefined => (text !== undefined && /^\d+$/.test(text) ? Number(text) : undefined);

/** The query parameters of the page's filters (`readListUrl` reads a filter's parameters; a switch has one). */
const urlShape = (report: ReportDeclaration) => ({
  list: { filters: report.filterControls.map((f): TransactionFilter => (f.kind === 'flag' || f.kind === 'consignment' || f.kind === 'saleOrder' || f.kind === 'date' || f.kind === 'choice' ? { kind: 'voyage', param: f.param, label: f.label } : f)) },
  sort: { fields: report.columns.filter((c) => c.sort).map((c) => c.key) },
});

/** The API query of the page's state: every filter as typed in the URL (switches at their default unless set), page, size, sort. */
function reportQuery(report: ReportDeclaration, state: ListUrlState): Query {
  const query: Record<string, string | number | undefined> = {};
  for (const filter of report.filterControls) {
    if (filter.kind === 'dateRange') {
      query[filter.from] = state.values[filter.from];
      query[filter.to] = state.values[filter.to];
    } else query[filter.param] = state.values[filter.param];
  }
  return { ...query, page: state.page, limit: state.limit, ...(state.sort ? { sortBy: state.sort.sortBy, sortOrder: state.sort.sortOrder } : {}) };
}


/** A cell by its column's kind: tonnes with 3 decimals, dates in the app's format, key-valued text by its text. */
function cell(column: ReportColumn, value: string | number | null | undefined, testId: string, t: (key: string) => string): ReactNode {
  if (value === null || value === undefined) return <span data-testid={testId} />;
  if (column.values) return <span data-testid={testId}>{t(`${column.values}.${String(value)}`)}</span>;
  if (column.kind === 'tonnes') {
    const number = Number(value);
    return (
      <bdi className="quantity" data-testid={testId}>
        {Number.isFinite(number) ? number.toLocaleString('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 }) : ''}
      </bdi>
    );
  }
  if (column.kind === 'date') return <bdi data-testid={testId}>{formatDate(String(value))}</bdi>;
  return <span data-testid={testId}>{value}</span>;
}

/** One date (e.g. the stock "at" a date); empty means the server's default, which the placeholder names. */
function DateControl({ filter, value, set }: { filter: Extract<ReportFilter, { kind: 'date' }>; value: string | undefined; set: (value: string | undefined) => void }) {
  const { t } = useTranslation();
  return (
    <Space className="list-filter">
      <Typography.Text>{t(filter.label)}</Typography.Text>
      <DatePicker
        format={DATE_FORMAT}
        aria-label={t(filter.label)}
        placeholder={t(filter.placeholder ?? filter.label)}
        value={value ? dayjs(value) : null}
        onChange={(date) => set(date ? date.format('YYYY-MM-DD') : undefined)}
        data-testid={`report-filter-${filter.param}`}
      />
    </Space>
  );
}

function FlagControl({ filter, value, set }: { filter: Extract<ReportFilter, { kind: 'flag' }>; value: string | undefined; set: (value: string | undefined) => void }) {
  const { t } = useTranslation();
  const checked = value === undefined ? filter.default : value === 'true';
  return (
    <Space className="list-filter">
      <Switch checked={checked} onChange={(on) => set(on === filter.default ? undefined : String(on))} aria-label={t(filter.label)} data-testid={`report-filter-${filter.param}`} />
      <Typography.Text>{t(filter.label)}</Typography.Text>
    </Space>
  );
}

/** A choice among a few values (e.g. the grouping), its default unset in the URL. */
function ChoiceControl({ filter, value, set }: { filter: Extract<ReportFilter, { kind: 'choice' }>; value: string | undefined; set: (value: string | undefined) => void }) {
  const { t } = useTranslation();
  return (
    <Space className="list-filter">
      <Typography.Text>{t(filter.label)}</Typography.Text>
      <Select<string>
        value={value ?? filter.default}
        onChange={(picked) => set(picked === filter.default ? undefined : picked)}
        options={filter.options.map((option) => ({ value: option.value, label: t(option.label) }))}
        aria-label={t(filter.label)}
        popupMatchSelectWidth={false}
        data-testid={`report-filter-${filter.param}`}
      />
    </Space>
  );
}

export function ReportPage({ report }: { report: ReportDeclaration }) {
  const { t } = useTranslation();
  const context = useUserContext();
  const [params, setParams] = useSearchParams();
  const shape = useMemo(() => urlShape(report), [report]);
  const state = useMemo(() => readListUrl(params, shape), [params, shape]);
  const query = useMemo(() => reportQuery(report, state), [report, state]);
  const schema = useMemo(() => reportPageSchema(report) as unknown as Schema<ReportPageData>, [report]);
  const path = `/api${reportApi(report)}`;
  const missing = useMemo(() => requiredFilters(report).filter((f) => !state.values[f.param]), [report, state]);
  const agencyPath = useAgencyPath();
  const related = RELATED_REPORTS[report.key];
  const page = useQuery({
    queryKey: ['report', report.key, query],
    queryFn: ({ signal }) => apiOrThrow(path, { schema, query, signal }),
    placeholderData: keepPreviousData,
    enabled: missing.length === 0,
  });
  const setFilter = (changes: Record<string, string | number | undefined>) => setParams((previous) => withFilter(previous, changes));
  const shown = reportShownColumns(report, state.values);
  const columns: TableColumnsType<ReportRow> = shown.map((column) => ({
    ...(column.sort ? sortableColumn(state.sort, column.key) : { key: column.key }),
    title: t(column.label),
    align: column.kind === 'tonnes' || column.kind === 'count' ? ('end' as const) : undefined,
    render: (_value: unknown, row: ReportRow) => cell(column, row[column.key], `report-cell-${column.key}`, t),
  }));
  const onChange: TableProps<ReportRow>['onChange'] = (pagination, _filters, sorter) => {
    const sort = sortFromTable(sorter, shape.sort.fields);
    setParams((previous) => withPageAndSort(previous, state, pagination.current ?? state.page, pagination.pageSize ?? state.limit, sort));
  };
  const data = page.data;
  const expanded = EXPANDED_ROWS[report.key];
  const canExport = hasPermission(context, permissionFlag(report.permissionModule, 'export'));
  const print = useReportPrint({ report, path, schema, query, count: data?.count });
  const totalsRow = () =>
    data ? (
      <Table.Summary fixed>
        <Table.Summary.Row className="report-totals" data-testid="report-totals">
          {/* Under the expand buttons' column, when the lines expand: the totals stay under their columns. */}
          {expanded && <Table.Summary.Cell index={0} />}
          {shown.map((column, index) => (
            <Table.Summary.Cell key={column.key} index={index + (expanded ? 1 : 0)} align={column.kind === 'tonnes' || column.kind === 'count' ? 'end' : undefined}>
              {index === 0 ? <strong>{t('reports.totals')}</strong> : column.total ? <strong>{cell(column, data.totals[column.key], `report-total-${column.key}`, t)}</strong> : null}
            </Table.Summary.Cell>
          ))}
        </Table.Summary.Row>
      </Table.Summary>
    ) : null;

  return (
    <div className="page report-sheet" data-testid={`report-${report.key}`}>
      <style>{PRINT_CSS}</style>
      <PageHeader
        title={t(report.title)}
        titleTestId="report-title"
        actions={
          <Space wrap className="no-print">
            {related && (
              <Link to={`${agencyPath(related.key)}?${params.toString()}`} data-testid="report-related">
                <Button icon={<HistoryOutlined />}>{t(related.label)}</Button>
              </Link>
            )}
            {canExport && missing.length === 0 && <ExportButton listPath={path} query={query} fileName={report.exportFile} testId="report-export" />}
            {missing.length === 0 && print.button}
          </Space>
        }
      />
      <div className="list-filters" data-testid="report-filters">
        {report.filterControls.map((filter) =>
          filter.kind === 'flag' ? (
            <FlagControl key={filter.param} filter={filter} value={state.values[filter.param]} set={(value) => setFilter({ [filter.param]: value })} />
          ) : filter.kind === 'date' ? (
            <DateControl key={filter.param} filter={filter} value={state.values[filter.param]} set={(value) => setFilter({ [filter.param]: value })} />
          ) : filter.kind === 'choice' ? (
            <ChoiceControl key={filter.param} filter={filter} value={state.values[filter.param]} set={(value) => setFilter({ [filter.param]: value })} />
          ) : filter.kind === 'consignment' ? (
            <ConsignmentSelect
              key={filter.param}
              className="list-filter"
              placeholder={t(filter.label)}
              aria-label={t(filter.label)}
              value={idOf(state.values[filter.param])}
              onChange={(id) => setFilter({ [filter.param]: id ?? undefined })}
              data-testid={`report-filter-${filter.param}`}
            />
          ) : filter.kind === 'saleOrder' ? (
            <SaleOrderSelect
              key={filter.param}
              allowClear
              className="list-filter"
              placeholder={t(filter.label)}
              aria-label={t(filter.label)}
              value={idOf(state.values[filter.param]) ?? null}
              onChange={(id) => setFilter({ [filter.param]: id ?? undefined })}
              data-testid={`report-filter-${filter.param}`}
            />
          ) : (
            <FilterControl key={filter.kind === 'dateRange' ? filter.from : filter.param} filter={filter} state={state} testIdPrefix="report" set={setFilter} />
          ),
        )}
      </div>
      {missing.length > 0 ? (
        <Empty
          className="report-required"
          description={t('reports.chooseFirst', { filters: missing.map((f) => t(f.label)).join(', ') })}
          data-testid="report-required"
        />
      ) : page.isError ? (
        <TransactionListError onRetry={() => void page.refetch()} testId="report" />
      ) : (
        <Table<ReportRow>
          className="report-screen-table"
          rowKey={(row) => JSON.stringify(row)}
          size="middle"
          scroll={{ x: 'max-content' }}
          loading={page.isFetching}
          dataSource={data?.rows ?? []}
          columns={columns}
          summary={totalsRow}
          expandable={expanded ? { expandedRowRender: expanded } : undefined}
          pagination={serverPagination({ page: state.page, limit: state.limit, total: data?.count ?? 0, totalText: (total) => t('reports.rowCount', { count: total }) })}
          onChange={onChange}
          data-testid="report-table"
        />
      )}
      {print.sheet}
    </div>
  );
}

export default ReportPage;
