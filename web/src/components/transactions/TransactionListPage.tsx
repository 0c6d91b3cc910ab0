import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { App, Button, DatePicker, Input, Select, Space, Table, Typography, type TableColumnsType, type TableProps } from 'antd';
import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import dayjs from 'dayjs';
import {
  DATE_FORMAT,
  hasPermission,
  operationPermission,
  permissionFlag,
  type PermissionRef,
  type PermissionSubject,
  type RecordStatus,
  type TransactionColumn,
  type TransactionDeclaration,
  type TransactionFilter,
  type TransactionOperation,
} from '@tonnage/contracts';
import { useAgencyDateTime } from '../../app/agency-time';
import { useDebouncedValue } from '../../app/debounce';
import { formatDate } from '../../app/format';
import { QuantityText } from '../QuantityText';
import { translateMessage } from '../../app/i18n';
import { sortableColumn, sortFromTable } from '../../app/list-sort';
import { useAgencyPath } from '../../app/navigation';
import { useUserContext } from '../../app/session';
import { serverPagination } from '../../app/pagination';
import { ExportButton } from '../ExportButton';
import { PageHeader } from '../PageHeader';
import { RecordActions, RecordStatusFilter, RecordStatusTag, type ReversibleRecord } from '../cargo/record-parts';
import { VoyageSelect } from '../cargo/VoyageSelect';
import { ConsigneePicker, LOCATION_KINDS, LocationPicker, WarehousePicker } from '../pickers';
import { ReferenceSelect } from '../resources/ReferenceSelect';
import { transactionApiPath, useReverseTransaction, useTransactionList, type TransactionListOf, type TransactionRowOf } from './hooks';
import { DEFAULT_STATUS, effectiveSearch, listQuery, readListUrl, withFilter, withPageAndSort, type ListUrlState } from './list-url';
import { ReasonDialog } from './ReasonDialog';
import { TransactionListError } from './TransactionListError';
import { reverseQuestion } from '../cargo/reverse-question';

/** What every transaction row has: an id and its reversal trail. */
type ListRow = ReversibleRecord & { id: number };

/** The test ids of a declaration: its own, else derived from its key. */
export function transactionTestIds(declaration: Pick<TransactionDeclaration, 'key' | 'testIds'>) {
  return declaration.testIds ?? { page: `${declaration.key}-page`, list: declaration.key, row: declaration.key };
}

/** The test id suffix of a filter control (`<list>-filter-<suffix>`). */
function filterTestSuffix(filter: TransactionFilter): string {
  if (filter.kind === 'dateRange') return 'dates';
  if (filter.kind === 'voyage' || filter.kind === 'status') return filter.kind;
  return filter.param.replace(/Id$/, '');
}

/** The reversal of a row, as a flow words and extends it. */
export interface ReverseOptions<Row> {
  /** The dialog's question, e.g. 'Reverse sale order SO-12?'. */
  title: (row: Row) => string;
  /** What else the reversal does (shown above the reason). */
  extra?: (row: Row) => ReactNode;
  /** Body fields besides `reason` (e.g. the port loading's `slips`). */
  body?: (row: Row) => Record<string, unknown>;
  /** Text of the success message; else the server's `message`, else the declaration's reversal message. */
  success?: string;
  /** Other query keys a reversal changes (e.g. the slips of a port loading). */
  alsoInvalidate?: readonly (readonly unknown[])[];
}

export interface TransactionListPageProps<D extends TransactionDeclaration> {
  declaration: D;
  /** Cells of the `custom` columns, by column key; a renderer for a column of another kind replaces its cell. */
  renderers?: Readonly<Record<string, (row: TransactionRowOf<D>) => ReactNode>>;
  /** Actions of a row before edit and reverse (documents, print); shown on reversed rows too. */
  rowActions?: (row: TransactionRowOf<D>) => ReactNode;
  /** Buttons of the header besides export and add. */
  headerActions?: ReactNode;
  /** Filter controls besides the declared ones (their state is the caller's). */
  extraFilters?: ReactNode;
  /** A flow's own control for a declared filter, by its parameter (still bound to the URL): e.g. companies of one type. */
  filterControls?: Readonly<Record<string, (value: string | undefined, set: (value: string | number | undefined) => void) => ReactNode>>;
  /** Content between the filters and the table (totals), given the loaded page and the query. */
  summary?: (list: TransactionListOf<D> | undefined, query: Readonly<Record<string, unknown>>) => ReactNode;
  /** Edit in a drawer instead of the `<route>/:id/edit` page. */
  onEdit?: (row: TransactionRowOf<D>) => void;
  /** No edit action in the list (the record is edited elsewhere, e.g. a slip on its port loading). */
  hideEdit?: boolean;
  /** No add button (a flow whose form page is not built: the list is read-only on the web). */
  hideAdd?: boolean;
  /** Add in a drawer instead of the `<route>/add` page. */
  onAdd?: () => void;
  /** The reversal's wording and extras; without it (or `reverseDialog`) rows offer no reversal. */
  reverse?: ReverseOptions<TransactionRowOf<D>>;
  /** A flow's own reason dialog (built on ReasonDialog) instead of `reverse`: given the row being reversed, or null. */
  reverseDialog?: (row: TransactionRowOf<D> | null, close: () => void) => ReactNode;
  /** Drawers and dialogs of the page. */
  children?: ReactNode;
}

/** Whether the user may call an operation of a declaration, as the server checks it (its declared permission). */
function allows(context: PermissionSubject, declaration: TransactionDeclaration, operation: TransactionOperation): boolean {
  if (!declaration.operations.includes(operation)) return false;
  const { anyOf, alsoAnyOf } = operationPermission(declaration, operation);
  const holdsAny = (refs: readonly PermissionRef[]) => refs.some((ref) => hasPermission(context, permissionFlag(ref.module, ref.action)));
  return holdsAny(anyOf) && (alsoAnyOf === undefined || holdsAny(alsoAnyOf));
}

/** What the user may do on a declared list: add, edit, reverse, export (each needs its operation and permission). */
function useDeclaredFlags(declaration: TransactionDeclaration) {
  const context = useUserContext();
  return {
    add: allows(context, declaration, 'create'),
    edit: allows(context, declaration, 'update'),
    reverse: allows(context, declaration, 'reverse'),
    export: declaration.list.exportFile !== undefined && allows(context, declaration, 'export'),
  };
}

/** The free-text filter: typed locally, written to the URL once typing stops; a hint while too short. */
function SearchFilter({ value, label, testId, onChange }: { value: string | undefined; label: string; testId: string; onChange: (text: string | undefined) => void }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState(value ?? '');
  const settled = useDebouncedValue(typed, 300);
  const written = useRef(value ?? '');
  useEffect(() => {
    // The URL changed by itself (back button, cleared filters): show what it says.
    if ((value ?? '') !== written.current) {
      written.current = value ?? '';
      setTyped(value ?? '');
    }
  }, [value]);
  useEffect(() => {
    if (settled === written.current) return;
    written.current = settled;
    onChange(settled === '' ? undefined : settled);
  }, [settled, onChange]);
  const tooShort = typed.trim() !== '' && effectiveSearch(typed) === undefined;
  return (
    <span className="list-search-wrap">
      <Input
        allowClear
        prefix={<SearchOutlined />}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        placeholder={t(label)}
        aria-label={t(label)}
        status={tooShort ? 'warning' : undefined}
        className="list-search"
        data-testid={testId}
      />
      {tooShort && (
        <Typography.Text type="secondary" className="list-hint" data-testid={`${testId}-hint`}>
          {t('transactions.searchHint')}
        </Typography.Text>
      )}
    </span>
  );
}

const idOf = (text: string | undefined): number | undefined => (text !== undefined && /^\d+$/.test(text) ? Number(text) : undefined);
const pickedId = (value: number | number[] | undefined): number | undefined => (typeof value === 'number' ? value : undefined);

/** One declared filter, rendered by its kind, bound to the URL. */
export function FilterControl({ filter, state, testIdPrefix, set }: { filter: TransactionFilter; state: ListUrlState; testIdPrefix: string; set: (changes: Record<string, string | number | undefined>) => void }) {
  const { t } = useTranslation();
  const testId = `${testIdPrefix}-filter-${filterTestSuffix(filter)}`;
  const label = t(filter.label);
  switch (filter.kind) {
    case 'search':
      return <SearchFilter value={state.values[filter.param]} label={filter.label} testId={`${testIdPrefix}-search`} onChange={(text) => set({ [filter.param]: text })} />;
    case 'voyage':
      return <VoyageSelect className="list-filter" value={idOf(state.values[filter.param]) ?? null} onChange={(id) => set({ [filter.param]: id })} aria-label={label} data-testid={testId} />;
    case 'location': {
      const common = { className: 'list-filter', placeholder: label, 'aria-label': label, value: idOf(state.values[filter.param]) ?? null, onChange: (value: number | number[] | undefined) => set({ [filter.param]: pickedId(value) }), 'data-testid': testId };
      // A warehouse filter is the warehouse picker (no consignee- or customer-owned place, spec 6); a delivery
      // receipt's filter offers its owners' sites; any other location filter every place the user may see.
      if (filter.places === 'warehouse') return <WarehousePicker {...common} />;
      if (filter.places === 'consigneeLocation' || filter.places === 'customerLocation') return <LocationPicker {...common} kinds={[LOCATION_KINDS.delivery]} owner={filter.places === 'consigneeLocation' ? 'consignee' : 'customer'} />;
      return <WarehousePicker allowAll {...common} />;
    }
    case 'consignee':
      return <ConsigneePicker className="list-filter" mode={filter.mode} placeholder={label} aria-label={label} value={idOf(state.values[filter.param]) ?? null} onChange={(value) => set({ [filter.param]: pickedId(value) })} data-testid={testId} />;
    case 'reference':
      return <ReferenceSelect resourceKey={filter.resource} allowClear className="list-filter" placeholder={label} aria-label={label} value={idOf(state.values[filter.param]) ?? null} onChange={(id) => set({ [filter.param]: id ?? undefined })} data-testid={testId} />;
    case 'enum':
      return (
        <Select<string>
          allowClear
          className="list-filter"
          placeholder={label}
          aria-label={label}
          value={state.values[filter.param]}
          onChange={(value) => set({ [filter.param]: value })}
          options={filter.options.map((option) => ({ value: option, label: t(`${filter.labelPrefix}.${option}`) }))}
          data-testid={testId}
        />
      );
    case 'status':
      return (
        <RecordStatusFilter
          value={(state.values[filter.param] ?? DEFAULT_STATUS) as RecordStatus | 'all'}
          onChange={(status) => set({ [filter.param]: status === DEFAULT_STATUS ? undefined : status })}
          data-testid={testId}
        />
      );
    case 'dateRange': {
      const from = state.values[filter.from];
      const to = state.values[filter.to];
      return (
        <DatePicker.RangePicker
          format={DATE_FORMAT}
          aria-label={label}
          value={[from ? dayjs(from) : null, to ? dayjs(to) : null]}
          allowEmpty={[true, true]}
          onChange={(range) => set({ [filter.from]: range?.[0]?.format('YYYY-MM-DD'), [filter.to]: range?.[1]?.format('YYYY-MM-DD') })}
          data-testid={testId}
        />
      );
    }
  }
}

/** A cell of a declared column, by its kind. */
function useCellRenderer<Row extends ListRow>(rowTestId: string, renderers: Readonly<Record<string, (row: Row) => ReactNode>> | undefined) {
  const dateTime = useAgencyDateTime();
  const { t } = useTranslation();
  return (column: TransactionColumn<Row, string>, row: Row): ReactNode => {
    // `<row>-status` as the hand-built pages had it; other cells `<row>-cell-<key>`, apart from the form's field ids.
    const testId = column.kind === 'status' ? `${rowTestId}-status` : `${rowTestId}-cell-${column.key}`;
    const value: unknown = column.field === undefined ? undefined : row[column.field];
    // A flow's own cell wins over its kind's (kept aligned as its kind): e.g. the test id the browser tests know.
    const own = renderers?.[column.key];
    if (own && column.kind !== 'custom') return own(row);
    switch (column.kind) {
      case 'custom':
        return renderers?.[column.key]?.(row) ?? null;
      case 'status':
        return <RecordStatusTag record={row} testId={testId} />;
      case 'quantity':
        return (
          <QuantityText data-testid={testId} value={typeof value === 'string' || typeof value === 'number' ? value : null} />
        );
      case 'date':
        return <bdi data-testid={testId}>{formatDate(typeof value === 'string' ? value : null)}</bdi>;
      case 'dateTime':
        return <bdi data-testid={testId}>{dateTime(typeof value === 'string' ? value : null)}</bdi>;
      case 'count':
      case 'text':
        return <span data-testid={testId}>{typeof value === 'string' || typeof value === 'number' ? value : ''}</span>;
      case 'enum':
        return <span data-testid={testId}>{typeof value === 'string' && column.labelPrefix !== undefined ? t(`${column.labelPrefix}.${value}`) : ''}</span>;
    }
  };
}

/**
 * The list page of a declared transaction (issue 11): its declared filters bound to the URL, server sorting and
 * paging, the Excel export of the filtered rows, the status tag with the reversal reason, edit and reverse (the
 * reason dialog) by the module's flags, the add button, and an error state when the list cannot be loaded.
 */
export function TransactionListPage<D extends TransactionDeclaration>({ declaration, renderers, rowActions, headerActions, extraFilters, filterControls, summary, onEdit, hideEdit = false, hideAdd = false, onAdd, reverse: reverseOptions, reverseDialog, children }: TransactionListPageProps<D>) {
  type Row = TransactionRowOf<D> & ListRow;
  const { t } = useTranslation();
  // A flow that declares reversal offers it on its rows even without its own wording: 'Reverse — <list title>?'.
  const reverse: ReverseOptions<TransactionRowOf<D>> | undefined =
    reverseOptions ?? (reverseDialog === undefined && declaration.operations.includes('reverse') ? { title: () => reverseQuestion(t, t(declaration.labels.title)) } : undefined);
  const { message } = App.useApp();
  const agencyPath = useAgencyPath();
  const ids = transactionTestIds(declaration);
  const can = useDeclaredFlags(declaration);
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readListUrl(params, declaration), [params, declaration]);
  const query = useMemo(() => listQuery(state, declaration), [state, declaration]);
  const list = useTransactionList(declaration, query);
  const page = list.data as { rows: Row[]; count: number } | undefined;
  const reversal = useReverseTransaction(declaration, reverse?.alsoInvalidate ?? []);
  const [reversing, setReversing] = useState<Row | null>(null);
  const renderCell = useCellRenderer<Row>(ids.row, renderers as Readonly<Record<string, (row: Row) => ReactNode>> | undefined);

  const setFilter = useMemo(() => (changes: Record<string, string | number | undefined>) => setParams((previous) => withFilter(previous, changes)), [setParams]);
  const sortFields = declaration.sort.fields;

  const columns: TableColumnsType<Row> = [
    ...(declaration.list.columns as readonly TransactionColumn<Row, string>[]).map((column) => ({
      ...(column.sort === undefined ? { key: column.key } : sortableColumn(state.sort, column.sort)),
      title: t(column.label),
      align: column.kind === 'quantity' || column.kind === 'count' ? ('end' as const) : undefined,
      render: (_value: unknown, row: Row) => renderCell(column, row),
    })),
    {
      key: 'actions',
      title: t('common.actions'),
      // Pinned to the end: the row's actions stay in sight when the table scrolls sideways.
      fixed: 'end',
      render: (_value, row) => (
        <RecordActions
          record={row}
          testIdPrefix={ids.row}
          edit={can.edit && !hideEdit ? (onEdit ? { onClick: () => onEdit(row) } : { to: agencyPath(`${declaration.route}/${row.id}/edit`) }) : undefined}
          onReverse={can.reverse && (reverse || reverseDialog) ? () => setReversing(row) : undefined}
        >
          {rowActions?.(row)}
        </RecordActions>
      ),
    },
  ];

  const onTableChange: TableProps<Row>['onChange'] = (pagination, _filters, sorter) => {
    const sort = sortFromTable(sorter, sortFields);
    setParams((previous) => withPageAndSort(previous, state, pagination.current ?? state.page, pagination.pageSize ?? state.limit, sort));
  };

  const addButton = (
    <Button type="primary" icon={<PlusOutlined />} onClick={onAdd} data-testid={`${ids.row}-add`}>
      {declaration.labels.add ? t(declaration.labels.add) : null}
    </Button>
  );

  return (
    <div className="page" data-testid={ids.page}>
      <PageHeader
        title={t(declaration.labels.title)}
        actions={
          <Space wrap>
            {headerActions}
            {can.export && declaration.list.exportFile !== undefined && (
              <ExportButton listPath={transactionApiPath(declaration)} query={query} fileName={declaration.list.exportFile} testId={`${ids.list}-export`} />
            )}
            {can.add && !hideAdd && (onAdd ? addButton : <Link to={agencyPath(`${declaration.route}/add`)}>{addButton}</Link>)}
          </Space>
        }
      />
      <div className="list-filters">
        {declaration.list.filters.map((filter) => {
          const own = filter.kind === 'dateRange' ? undefined : filterControls?.[filter.param];
          if (own && filter.kind !== 'dateRange') return <span key={filter.param}>{own(state.values[filter.param], (value) => setFilter({ [filter.param]: value }))}</span>;
          return <FilterControl key={filter.kind === 'dateRange' ? filter.from : filter.param} filter={filter} state={state} testIdPrefix={ids.list} set={setFilter} />;
        })}
        {extraFilters}
      </div>
      {/* The summary has its own query (totals): it says for itself when it cannot be loaded. */}
      {summary?.(list.data, query)}
      {list.isError ? (
        <TransactionListError onRetry={() => void list.refetch()} testId={ids.list} />
      ) : (
        <>
          <Table<Row>
            rowKey="id"
            size="middle"
            scroll={{ x: 'max-content' }}
            loading={list.isFetching}
            dataSource={page?.rows ?? []}
            columns={columns}
            pagination={serverPagination({ page: state.page, limit: state.limit, total: page?.count ?? 0, totalText: (total) => t(declaration.labels.total, { count: total, n: total }) })}
            onChange={onTableChange}
            data-testid={`${ids.list}-table`}
          />
        </>
      )}
      {reverse && (
        <ReasonDialog
          open={reversing !== null}
          title={reversing ? reverse.title(reversing) : ''}
          okText={t('cargo.reverse')}
          testIdPrefix={`${ids.row}-reverse`}
          extra={reversing && reverse.extra?.(reversing)}
          onClose={() => setReversing(null)}
          onConfirm={async (reason) => {
            if (!reversing) return;
            const answer = await reversal.mutateAsync({ id: reversing.id, reason, extra: reverse.body?.(reversing) });
            const said = answer && typeof answer === 'object' && 'message' in answer && typeof answer.message === 'string' ? answer.message : declaration.reversal?.message;
            const text = reverse.success ?? (said === undefined ? undefined : translateMessage(said));
            if (text !== undefined) void message.success(text);
          }}
        />
      )}
      {reverseDialog?.(reversing, () => setReversing(null))}
      {children}
    </div>
  );
}
