import { useState } from 'react';
import { App, Button, Modal, Popconfirm, Space, Table, Tooltip, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TRole } from '@tonnage/contracts';
import { entryPermission, useCan } from '../../app/guards';
import { useAgencyPath } from '../../app/navigation';
import { RoleNameForm } from './RoleNameForm';
import { deleteRole, roleKeys, useRoles } from './role-api';
import { PageHeader } from '../../components/PageHeader';

/** `roles`: the agency's roles with their user counts; rename, permissions and delete. */
export default function RoleListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const agencyPath = useAgencyPath();
  const roles = useRoles();
  const canAdd = useCan(entryPermission('roles', 'add'));
  const canEdit = useCan(entryPermission('roles', 'edit'));
  const [renaming, setRenaming] = useState<TRole | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: roleKeys.all });

  // A role still held by users is refused by the server; its message is shown by the API client.
  const remove = async (role: TRole) => {
    const result = await deleteRole(role.id);
    if (!result) return;
    void message.success(t('roles.deleted'));
    await refresh();
  };

  const columns: TableColumnsType<TRole> = [
    { key: 'name', title: t('roles.name'), dataIndex: 'name', sorter: (a, b) => a.name.localeCompare(b.name), render: (name: string) => <span data-testid="role-name">{name}</span> },
    { key: 'userCount', title: t('roles.userCount'), dataIndex: 'userCount', width: 140, align: 'center', sorter: (a, b) => a.userCount - b.userCount },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 160,
      render: (_value, role) => (
        <Space>
          {canEdit && (
            <Tooltip title={t('roles.permissions.open')}>
              <Link to={agencyPath(`roles/${role.id}/permissions`)} aria-label={t('roles.permissions.open')} data-testid="role-permissions">
                <Button type="text" icon={<SafetyCertificateOutlined />} />
              </Link>
            </Tooltip>
          )}
          {canEdit && (
            <Tooltip title={t('roles.rename')}>
              <Button type="text" icon={<EditOutlined />} aria-label={t('roles.rename')} onClick={() => setRenaming(role)} data-testid="role-rename" />
            </Tooltip>
          )}
          {canEdit && (
            <Popconfirm
              title={t('roles.confirmDelete', { name: role.name })}
              okText={t('common.yes')}
              cancelText={t('common.no')}
              okButtonProps={{ danger: true }}
              onConfirm={() => remove(role)}
            >
              <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('roles.delete')} data-testid="role-delete" />
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div className="page" data-testid="roles-page">
      <PageHeader
        title={t('roles.title')}
        actions={
          canAdd && (
            <Link to={agencyPath('roles/add')}>
              <Button type="primary" icon={<PlusOutlined />} data-testid="role-add">
                {t('roles.add')}
              </Button>
            </Link>
          )
        }
      />
      <Table<TRole>
        rowKey="id"
        columns={columns}
        dataSource={roles.data?.rows ?? []}
        loading={roles.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="roles-table"
      />
      <Modal open={renaming !== null} title={t('roles.rename')} footer={null} destroyOnHidden onCancel={() => setRenaming(null)}>
        {renaming && (
          <RoleNameForm
            role={renaming}
            onCancel={() => setRenaming(null)}
            onSaved={() => {
              setRenaming(null);
              void message.success(t('roles.renamed'));
              void refresh();
            }}
          />
        )}
      </Modal>
    </div>
  );
}
