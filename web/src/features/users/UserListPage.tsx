import { useMemo, useState } from 'react';
import { App, Button, Input, Popconfirm, Select, Space, Switch, Table, Tag, Tooltip, Typography, type TableColumnsType, type TableProps } from 'antd';
import { EditOutlined, KeyOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TUserListItem } from '@tonnage/contracts';
import { useDebouncedValue } from '../../app/debounce';
import { formatDate } from '../../app/format';
import { entryPermission, useCan } from '../../app/guards';
import { useAgencyPath } from '../../app/navigation';
import { useUserContext } from '../../app/session';
import { useRoles } from '../roles/role-api';
import { forcePasswordReset, toggleUserStatus, useUserList, userKeys } from './user-api';
import { effectiveSearch, initialUserListState, USER_KINDS, userListQuery, type UserKindFilter, type UserListState, type UserSortBy, type UserStatusFilter } from './user-query';
import { ExportButton } from '../../components/ExportButton';
import { PageHeader } from '../../components/PageHeader';
import { serverPagination } from '../../app/pagination';

const SORTABLE: readonly UserSortBy[] = ['firstName', 'username', 'email', 'createdAt'];
const isSortable = (key: unknown): key is UserSortBy => SORTABLE.includes(key as UserSortBy);

function StatusToggle({ user, disabled }: { user: TUserListItem; disabled: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    setBusy(true);
    const result = await toggleUserStatus(user.id);
    setBusy(false);
    if (!result) return;
    void message.success(result.user.isActive ? t('users.activated') : t('users.deactivated'));
    await queryClient.invalidateQueries({ queryKey: userKeys.all });
  };
  const control = (
    <Switch
      size="small"
      checked={user.isActive}
      loading={busy}
      disabled={disabled}
      aria-label={user.isActive ? t('users.deactivate') : t('users.activate')}
      data-testid="user-status-toggle"
    />
  );
  if (disabled) return control;
  return (
    <Popconfirm title={t('users.confirmToggle')} okText={t('common.yes')} cancelText={t('common.no')} onConfirm={() => toggle()}>
      {control}
    </Popconfirm>
  );
}

function ForceResetButton({ user }: { user: TUserListItem }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const reset = async () => {
    const result = await forcePasswordReset(user.id);
    if (result) void message.success(t('users.forceResetDone'));
  };
  return (
    <Popconfirm title={t('users.confirmForceReset')} okText={t('common.yes')} cancelText={t('common.no')} onConfirm={() => reset()}>
      {/* Below the button, so the tooltip does not cover the confirmation above it. */}
      <Tooltip title={t('users.forceReset')} placement="bottom">
        <Button type="text" icon={<KeyOutlined />} aria-label={t('users.forceReset')} data-testid="user-force-reset" />
      </Tooltip>
    </Popconfirm>
  );
}

/** `users`: search (more than 2 characters, debounced), filters, sorting, pagination, status and password reset. */
export default function UserListPage() {
  const { t } = useTranslation();
  const agencyPath = useAgencyPath();
  const { user: me } = useUserContext();
  const canAdd = useCan(entryPermission('users', 'add'));
  const canEdit = useCan(entryPermission('users', 'edit'));
  const roles = useRoles();
  const [state, setState] = useState<UserListState>(initialUserListState);
  const search = useDebouncedValue(state.search);
  const query = useMemo(() => userListQuery({ ...state, search }), [state, search]);
  const list = useUserList(query);

  const update = (changes: Partial<UserListState>) => setState((previous) => ({ ...previous, page: 1, ...changes }));

  const onTableChange: TableProps<TUserListItem>['onChange'] = (pagination, _filters, sorter) => {
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    const sortBy = isSortable(single?.columnKey) && single?.order ? single.columnKey : initialUserListState.sortBy;
    const sortOrder = single?.order === 'descend' ? 'desc' : 'asc';
    const limit = pagination.pageSize ?? state.limit;
    const sortChanged = sortBy !== state.sortBy || sortOrder !== state.sortOrder;
    setState((previous) => ({
      ...previous,
      sortBy,
      sortOrder,
      limit,
      page: limit !== previous.limit || sortChanged ? 1 : (pagination.current ?? 1),
    }));
  };

  const sortOrderOf = (key: UserSortBy) => (state.sortBy === key ? (state.sortOrder === 'desc' ? 'descend' : 'ascend') : null);

  const columns: TableColumnsType<TUserListItem> = [
    {
      key: 'firstName',
      title: t('users.name'),
      sorter: true,
      sortOrder: sortOrderOf('firstName'),
      render: (_value, user) => <span data-testid="user-name">{[user.firstName, user.lastName].filter(Boolean).join(' ')}</span>,
    },
    { key: 'username', title: t('users.username'), dataIndex: 'username', sorter: true, sortOrder: sortOrderOf('username') },
    { key: 'email', title: t('users.email'), dataIndex: 'email', sorter: true, sortOrder: sortOrderOf('email') },
    { key: 'kind', title: t('users.kind'), dataIndex: 'kind', render: (kind: string) => <Tag>{t(`users.kinds.${kind}`)}</Tag> },
    { key: 'role', title: t('users.role'), dataIndex: 'roleName', render: (name: string | null) => name ?? '' },
    { key: 'createdAt', title: t('users.createdAt'), dataIndex: 'createdAt', sorter: true, sortOrder: sortOrderOf('createdAt'), render: (value: string) => formatDate(value) },
    {
      key: 'status',
      title: t('users.status'),
      render: (_value, user) => <StatusToggle user={user} disabled={!canEdit || user.id === me.id} />,
    },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_value, user) =>
        canEdit && (
          <Space size={0}>
            <Tooltip title={t('users.edit')}>
              <Link to={agencyPath(`users/${user.id}/edit`)} aria-label={t('users.edit')} data-testid="user-edit">
                <Button type="text" icon={<EditOutlined />} />
              </Link>
            </Tooltip>
            {user.id !== me.id && <ForceResetButton user={user} />}
          </Space>
        ),
    },
  ];

  const searchTooShort = state.search.trim() !== '' && effectiveSearch(state.search) === undefined;
  return (
    <div className="page" data-testid="users-page">
      <PageHeader
        title={t('users.title')}
        actions={
          <Space wrap>
            <ExportButton listPath="/api/users" query={{ ...query }} fileName="users.xlsx" testId="users-export" />
            {canAdd && (
              <Link to={agencyPath('users/add')}>
                <Button type="primary" icon={<PlusOutlined />} data-testid="user-add">
                  {t('users.add')}
                </Button>
              </Link>
            )}
          </Space>
        }
      />
      <div className="list-filters">
        <Input
          allowClear
          prefix={<SearchOutlined />}
          value={state.search}
          onChange={(event) => update({ search: event.target.value })}
          placeholder={t('users.searchPlaceholder')}
          aria-label={t('users.searchPlaceholder')}
          status={searchTooShort ? 'warning' : undefined}
          className="list-search"
          data-testid="users-search"
        />
        <Select<UserKindFilter | 'all'>
          value={state.kind ?? 'all'}
          onChange={(kind) => update({ kind: kind === 'all' ? undefined : kind })}
          options={[{ value: 'all', label: t('users.allKinds') }, ...USER_KINDS.map((kind) => ({ value: kind, label: t(`users.kinds.${kind}`) }))]}
          aria-label={t('users.kind')}
          className="list-filter"
          data-testid="users-filter-kind"
        />
        <Select<UserStatusFilter>
          value={state.status}
          onChange={(status) => update({ status })}
          options={[
            { value: 'all', label: t('users.allStatuses') },
            { value: 'active', label: t('common.active') },
            { value: 'inactive', label: t('common.inactive') },
          ]}
          aria-label={t('users.status')}
          className="list-filter"
          data-testid="users-filter-status"
        />
        <Select<number | 'all'>
          value={state.roleId ?? 'all'}
          onChange={(roleId) => update({ roleId: roleId === 'all' ? undefined : roleId })}
          options={[{ value: 'all', label: t('users.allRoles') }, ...(roles.data?.rows ?? []).map((role) => ({ value: role.id, label: role.name }))]}
          aria-label={t('users.role')}
          className="list-filter"
          data-testid="users-filter-role"
        />
      </div>
      {searchTooShort && (
        <Typography.Text type="secondary" className="list-hint" data-testid="users-search-hint">
          {t('users.searchHint')}
        </Typography.Text>
      )}
      <Table<TUserListItem>
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
          totalText: (total) => t('users.total', { n: total }),
        })}
        data-testid="users-table"
      />
    </div>
  );
}
