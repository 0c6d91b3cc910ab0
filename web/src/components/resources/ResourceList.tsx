import { useMemo, useState, type ReactNode } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { App, Avatar, Button, DatePicker, Input, InputNumber, Popconfirm, Select, Space, Switch, Table, Tooltip, Typography, type TableColumnsType, type TableProps } from 'antd';
import { DeleteOutlined, EditOutlined, PictureOutlined, PlusOutlined, SearchOutlined, UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  DEFAULT_PAGE_SIZE,
  ErrorCode,
  fieldScale,
  isRangeFiltered,
  permissionFlag,
  sortFields,
  type FieldDef,
  type ResourceDef,
  type TResourceRow,
} from '@tonnage/contracts';
import { reportFailure } from '../../app/api';
import { fileUrl } from '../../app/files';
import { useDebouncedValue } from '../../app/debounce';
import { formatQuantity } from '../../app/format';
import { useCan } from '../../app/guards';
import { describeApiError } from '../../app/i18n';
import { useAgencyPath } from '../../app/navigation';
import { useSession } from '../../app/session';
import { ExportButton } from '../ExportButton';
import { PageHeader } from '../PageHeader';
import { ReferenceSelect } from './ReferenceSelect';
import { columnSortOrder, sortFromTable } from '../../app/list-sort';
import { deleteResourceRow, resourceKeys, toggleResourceRow, useResourceList, type ResourceListQuery } from './resource-api';
import { effectiveSearch } from './resource-search';
import { DATE_FORMAT, declarationLanguage, inUseMessage, localized, type DeclarationLanguage } from './resource-text';
import { serverPagination } from '../../app/pagination';

type Status = 'all' | 'active' | 'inactive';
type FilterValue = string | number | undefined;
type SortOrder = 'ascend' | 'descend' | null;

interface ListState {
  page: number;
  limit: number;
  search: string;
  status: Status;
  sortBy: string;
  sortOrder: 'asc' | 'desc';
  /** One value per filter parameter: `<field>` for equality, `<field>Min`/`<field>Max` for number ranges. */
  filters: Record<string, FilterValue>;
}

const initialState = (resource: ResourceDef): ListState => ({
  page: 1,
  limit: DEFAULT_PAGE_SIZE,
  search: '',
  status: 'all',
  sortBy: resource.list.defaultSort.field,
  sortOrder: resource.list.defaultSort.order,
  filters: {},
});

export { effectiveSearch };

function listQuery(state: ListState, search: string): ResourceListQuery {
  const query: ResourceListQuery = { page: state.page, limit: state.limit, status: state.status, sortBy: state.sortBy, sortOrder: state.sortOrder };
  const effective = effectiveSearch(search);
  if (effective !== undefined) query.search = effective;
  for (const [name, value] of Object.entries(state.filters)) if (value !== undefined && value !== '') query[name] = value;
  return query;
}

const fixed = (value: unknown, decimals: number) => (typeof value === 'number' ? value.toFixed(decimals) : '');

/** An image field's cell: a small round thumbnail of the stored file (a placeholder when there is none). */
function ImageThumbnail({ path, alt }: { path: string | null; alt: string }) {
  const { userContext } = useSession();
  const src = fileUrl(userContext?.s3Url ?? '', path);
  return <Avatar size={32} shape="circle" src={src} alt={alt} icon={src ? undefined : <PictureOutlined />} className="resource-thumbnail" data-testid="resource-thumbnail" />;
}

/** A cell of one declared field: quantities in MT with 3 decimals, references by name, enums by label. */
function renderCell(name: string, field: FieldDef, row: TResourceRow, language: DeclarationLanguage, yesNo: (value: boolean) => string): ReactNode {
  const value = row[name];
  switch (field.kind) {
    case 'quantity':
      return formatQuantity(value as number | null);
    case 'reference':
      return typeof row[`${name}Name`] === 'string' ? (row[`${name}Name`] as string) : '';
    case 'decimal': {
      const text = fixed(value, fieldScale(field));
      return text && field.unit ? `${text} ${localized(field.unit, language)}` : text;
    }
    case 'latitude':
    case 'longitude':
      return fixed(value, fieldScale(field));
    case 'boolean':
      return typeof value === 'boolean' ? yesNo(value) : '';
    case 'enum': {
      const option = field.options.find((candidate) => candidate.value === value);
      return option ? localized(option.label, language) : '';
    }
    case 'integer':
      return typeof value === 'number' ? String(value) : '';
    case 'date':
      return typeof value === 'string' ? dayjs(value).format(DATE_FORMAT) : '';
    case 'image':
      return <ImageThumbnail path={typeof value === 'string' ? value : null} alt={localized(field.label, language)} />;
    case 'secret':
      // Never returned: only whether one is stored.
      return row[`${name}Set`] === true ? '••••••' : '';
    case 'text':
    case 'email':
    case 'phone':
      return typeof value === 'string' ? value : '';
  }
}

function StatusToggle({ resource, row, disabled }: { resource: ResourceDef; row: TResourceRow; disabled: boolean }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const name = localized(resource.labels.one, declarationLanguage(i18n.language));
  const toggle = async () => {
    setBusy(true);
    const result = await toggleResourceRow(resource, row.id);
    setBusy(false);
    if (!result) return;
    void message.success(result.row.isActive ? t('resources.activated', { name }) : t('resources.deactivated', { name }));
    await queryClient.invalidateQueries({ queryKey: resourceKeys.all });
  };
  const control = (
    <Switch
      size="small"
      checked={row.isActive}
      loading={busy}
      disabled={disabled}
      aria-label={row.isActive ? t('resources.deactivate') : t('resources.activate')}
      data-testid="resource-status-toggle"
    />
  );
  if (disabled) return control;
  return (
    <Popconfirm title={row.isActive ? t('resources.confirmDeactivate') : t('resources.confirmActivate')} okText={t('common.yes')} cancelText={t('common.no')} onConfirm={() => toggle()}>
      {control}
    </Popconfirm>
  );
}

function DeleteButton({ resource, row }: { resource: ResourceDef; row: TResourceRow }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const name = localized(resource.labels.one, declarationLanguage(i18n.language));
  const remove = async () => {
    const result = await deleteResourceRow(resource, row.id);
    if (result.ok) {
      void message.success(t('resources.deleted', { name }));
      await queryClient.invalidateQueries({ queryKey: resourceKeys.all });
    } else if (result.status === 409) {
      // The row is in use: worded from the counts the server gives (per resource key), else the server's text.
      const words = result.error.code === ErrorCode.RECORD_IN_USE ? inUseMessage(result.error.details, declarationLanguage(i18n.language), t) : null;
      void message.error({ content: <span data-testid="resource-delete-refused">{words ?? describeApiError(result.error)}</span>, duration: 8 });
    } else {
      reportFailure(result.status, result.error);
    }
  };
  return (
    <Popconfirm title={t('resources.confirmDelete')} okText={t('common.yes')} cancelText={t('common.no')} okButtonProps={{ danger: true }} onConfirm={() => remove()}>
      <Tooltip title={t('resources.delete')} placement="bottom">
        <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('resources.delete')} data-testid="resource-delete" />
      </Tooltip>
    </Popconfirm>
  );
}

function ReferenceFilter({ field, value, label, onChange }: { field: Extract<FieldDef, { kind: 'reference' }>; value: FilterValue; label: string; onChange: (value: FilterValue) => void }) {
  return (
    <ReferenceSelect
      resourceKey={field.resource}
      allowClear
      value={typeof value === 'number' ? value : undefined}
      onChange={(next) => onChange(next ?? undefined)}
      placeholder={label}
      aria-label={label}
      className="list-filter"
      data-testid="resource-filter"
      data-field={field.resource}
    />
  );
}

export interface ResourceListProps {
  resource: ResourceDef;
  canAdd: boolean;
  canEdit: boolean;
}

/**
 * The list of any declared resource: its columns, server-side paging, sorting, search, filters and status,
 * with add, edit, activate/deactivate, delete and the Excel export of what the filters select.
 */
export function ResourceList({ resource, canAdd, canEdit }: ResourceListProps) {
  const { t, i18n } = useTranslation();
  const language = declarationLanguage(i18n.language);
  const agencyPath = useAgencyPath();
  const [state, setState] = useState<ListState>(() => initialState(resource));
  const search = useDebouncedValue(state.search);
  const query = useMemo(() => listQuery(state, search), [state, search]);
  const list = useResourceList(resource, query);
  const sortable = useMemo(() => new Set(sortFields(resource)), [resource]);
  const yesNo = (value: boolean) => (value ? t('common.yes') : t('common.no'));
  const one = localized(resource.labels.one, language);

  const update = (changes: Partial<ListState>) => setState((previous) => ({ ...previous, page: 1, ...changes }));
  const setFilter = (name: string, value: FilterValue) => setState((previous) => ({ ...previous, page: 1, filters: { ...previous.filters, [name]: value } }));

  const onTableChange: TableProps<TResourceRow>['onChange'] = (pagination, _filters, sorter) => {
    const { sortBy, sortOrder } = sortFromTable(sorter, sortable) ?? { sortBy: resource.list.defaultSort.field, sortOrder: resource.list.defaultSort.order };
    const limit = pagination.pageSize ?? state.limit;
    setState((previous) => {
      const changed = limit !== previous.limit || sortBy !== previous.sortBy || sortOrder !== previous.sortOrder;
      return { ...previous, sortBy, sortOrder, limit, page: changed ? 1 : (pagination.current ?? 1) };
    });
  };

  const sortOrderOf = (name: string): SortOrder => columnSortOrder(state, name);

  const columns: TableColumnsType<TResourceRow> = [
    ...resource.list.columns.map((name): TableColumnsType<TResourceRow>[number] => {
      const field = resource.fields[name];
      const derived = resource.derived?.[name];
      if (!field && derived) {
        // A column the server derives (the company's admin): text, not sortable.
        return {
          key: name,
          title: localized(derived.label, language),
          render: (_value: unknown, row: TResourceRow) => <span data-testid={`resource-cell-${name}`}>{typeof row[name] === 'string' ? row[name] : ''}</span>,
        };
      }
      if (!field) throw new Error(`Resource ${resource.key}: unknown column ${name}`);
      const numeric = isRangeFiltered(field) || field.kind === 'latitude' || field.kind === 'longitude';
      return {
        key: name,
        title: localized(field.label, language),
        sorter: field.sortable === true,
        sortOrder: field.sortable ? sortOrderOf(name) : undefined,
        align: numeric ? ('end' as const) : undefined,
        // Numbers with their unit keep their left-to-right order in Arabic ('14.500 MT', not 'MT 14.500').
        render: (_value: unknown, row: TResourceRow) => (
          <span data-testid={`resource-cell-${name}`} dir={numeric ? 'ltr' : undefined}>
            {renderCell(name, field, row, language, yesNo)}
          </span>
        ),
      };
    }),
    {
      key: 'isActive',
      title: t('resources.status'),
      render: (_value, row) => <StatusToggle resource={resource} row={row} disabled={!canEdit} />,
    },
  ];
  if (canEdit) {
    columns.push({
      key: 'actions',
      title: t('common.actions'),
      render: (_value, row) => (
        <Space size={0}>
          <Tooltip title={t('resources.edit')}>
            <Link to={agencyPath(`${resource.route}/${row.id}/edit`)} aria-label={t('resources.edit')} data-testid="resource-edit">
              <Button type="text" icon={<EditOutlined />} />
            </Link>
          </Tooltip>
          <DeleteButton resource={resource} row={row} />
        </Space>
      ),
    });
  }

  const searchable = Object.values(resource.fields).filter((field) => field.searchable);
  const searchPlaceholder = t('resources.searchPlaceholder', { fields: searchable.map((field) => localized(field.label, language)).join(', ') });
  const searchTooShort = state.search.trim() !== '' && effectiveSearch(state.search) === undefined;

  const filters = Object.entries(resource.fields)
    .filter(([, field]) => field.filterable)
    .map(([name, field]) => {
      const label = localized(field.label, language);
      const value = state.filters[name];
      if (isRangeFiltered(field)) {
        const scale = fieldScale(field);
        return (
          <Space.Compact key={name} className="list-filter">
            {(['Min', 'Max'] as const).map((end) => (
              <InputNumber<number>
                key={end}
                value={typeof state.filters[`${name}${end}`] === 'number' ? (state.filters[`${name}${end}`] as number) : null}
                onChange={(next) => setFilter(`${name}${end}`, next ?? undefined)}
                precision={scale}
                placeholder={t(end === 'Min' ? 'resources.from' : 'resources.to', { label })}
                aria-label={t(end === 'Min' ? 'resources.from' : 'resources.to', { label })}
                className="list-range-input"
                data-testid={`resource-filter-${name}${end}`}
              />
            ))}
          </Space.Compact>
        );
      }
      switch (field.kind) {
        case 'reference':
          return <ReferenceFilter key={name} field={field} value={value} label={label} onChange={(next) => setFilter(name, next)} />;
        case 'enum':
        case 'boolean': {
          const options =
            field.kind === 'enum'
              ? field.options.map((option) => ({ value: option.value, label: localized(option.label, language) }))
              : [
                  { value: 'true', label: yesNo(true) },
                  { value: 'false', label: yesNo(false) },
                ];
          return (
            <Select<string>
              key={name}
              allowClear
              value={typeof value === 'string' ? value : undefined}
              onChange={(next) => setFilter(name, next ?? undefined)}
              options={options}
              placeholder={label}
              aria-label={label}
              className="list-filter"
              data-testid={`resource-filter-${name}`}
            />
          );
        }
        case 'date':
          return (
            <DatePicker
              key={name}
              allowClear
              format={DATE_FORMAT}
              value={typeof value === 'string' && value !== '' ? dayjs(value) : null}
              onChange={(next: Dayjs | null) => setFilter(name, next ? next.format('YYYY-MM-DD') : undefined)}
              placeholder={label}
              aria-label={label}
              className="list-filter"
              data-testid={`resource-filter-${name}`}
            />
          );
        case 'image':
        case 'secret':
          return null;
        case 'text':
        case 'email':
        case 'phone':
        case 'latitude':
        case 'longitude':
          return (
            <Input
              key={name}
              allowClear
              value={typeof value === 'string' ? value : ''}
              onChange={(event) => setFilter(name, event.target.value)}
              placeholder={label}
              aria-label={label}
              className="list-filter list-filter-text"
              data-testid={`resource-filter-${name}`}
            />
          );
      }
    });

  return (
    <div className="page" data-testid="resource-list-page" data-resource={resource.key}>
      <PageHeader
        title={localized(resource.labels.many, language)}
        titleTestId="resource-list-title"
        actions={
          <Space wrap>
            <ExportButton listPath={`/api/${resource.key}`} query={query} fileName={`${resource.key}.xlsx`} testId="resource-export" />
            {canAdd && (
              <Link to={agencyPath(`${resource.route}/import`)}>
                <Button icon={<UploadOutlined />} data-testid="resource-import">
                  {t('resources.import')}
                </Button>
              </Link>
            )}
            {canAdd && (
              <Link to={agencyPath(`${resource.route}/add`)}>
                <Button type="primary" icon={<PlusOutlined />} data-testid="resource-add">
                  {t('resources.add', { name: one })}
                </Button>
              </Link>
            )}
          </Space>
        }
      />
      <div className="list-filters">
        {searchable.length > 0 && (
          <Input
            allowClear
            prefix={<SearchOutlined />}
            value={state.search}
            onChange={(event) => update({ search: event.target.value })}
            placeholder={searchPlaceholder}
            aria-label={searchPlaceholder}
            status={searchTooShort ? 'warning' : undefined}
            className="list-search"
            data-testid="resource-search"
          />
        )}
        {filters}
        <Select<Status>
          value={state.status}
          onChange={(status) => update({ status })}
          options={[
            { value: 'all', label: t('resources.allStatuses') },
            { value: 'active', label: t('common.active') },
            { value: 'inactive', label: t('common.inactive') },
          ]}
          aria-label={t('resources.status')}
          className="list-filter"
          data-testid="resource-filter-status"
        />
      </div>
      {searchTooShort && (
        <Typography.Text type="secondary" className="list-hint" data-testid="resource-search-hint">
          {t('resources.searchHint')}
        </Typography.Text>
      )}
      <Table<TResourceRow>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.rows ?? []}
        loading={list.isFetching}
        onChange={onTableChange}
        scroll={{ x: 'max-content' }}
        pagination={serverPagination({
          page: state.page,
          limit: state.limit,
          total: list.data?.count ?? 0,
          totalText: (total) => t('resources.total', { n: total }),
        })}
        data-testid="resource-table"
      />
    </div>
  );
}

/** The page of `/agencies/{agencyId}/<route>`: the list, with the actions the user's add and edit flags allow. */
export default function ResourceListPage({ resource }: { resource: ResourceDef }) {
  const canAdd = useCan(permissionFlag(resource.permissionModule, 'add'));
  const canEdit = useCan(permissionFlag(resource.permissionModule, 'edit'));
  return <ResourceList key={resource.key} resource={resource} canAdd={canAdd} canEdit={canEdit} />;
}
