import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, App, Button, Card, Input, Spin, Typography } from 'antd';
import { ArrowLeftOutlined, SaveOutlined, SearchOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { parseId } from '../../app/guards';
import { useLanguage } from '../../app/language';
import { useAgencyPath } from '../../app/navigation';
import { useUserContext } from '../../app/session';
import { useUnsavedChangesGuard } from '../../app/unsaved-changes';
import { NotFoundPage } from '../errors/ErrorPages';
import { PermissionMatrix } from './PermissionMatrix';
import { sameSelection } from './permission-matrix';
import { roleKeys, saveRolePermissions, useRole } from './role-api';
import { PageHeader } from '../../components/PageHeader';

/** `roles/{roleId}/permissions`: the whole catalogue for one role; Save replaces the role's permissions. */
export default function RolePermissionsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { language } = useLanguage();
  const queryClient = useQueryClient();
  const agencyPath = useAgencyPath();
  const id = parseId(useParams().roleId);
  const role = useRole(id);
  const [saved, setSaved] = useState<ReadonlySet<string>>(new Set());
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [search, setSearch] = useState('');
  const [saving, setSaving] = useState(false);
  const context = useUserContext();
  const isAdmin = context.isSuperAdmin || context.isAgencyAdmin;
  // The server refuses anyone but an admin changing their own role, and lets them add only flags they hold.
  const ownRole = !isAdmin && context.user.roleId === id;
  const canGrant = useCallback((flag: string) => isAdmin || saved.has(flag) || context.permissions.includes(flag), [isAdmin, saved, context.permissions]);

  // Reset the selection only when the stored permissions themselves change, never because the role was read again:
  // a refetch must not undo what the user ticked and has not saved yet.
  const storedKey = role.data ? [...role.data.permissions].sort().join(',') : null;
  useEffect(() => {
    if (storedKey === null) return;
    const loaded = new Set(storedKey === '' ? [] : storedKey.split(','));
    setSaved(loaded);
    setSelected(loaded);
  }, [storedKey]);

  const dirty = useMemo(() => !sameSelection(saved, selected), [saved, selected]);
  useUnsavedChangesGuard(dirty);

  if (id === null) return <NotFoundPage />;

  const save = async () => {
    setSaving(true);
    const permissions = [...selected].sort();
    const result = await saveRolePermissions(id, permissions);
    setSaving(false);
    if (!result) return;
    setSaved(new Set(permissions));
    void message.success(t('roles.permissions.saved'));
    await queryClient.invalidateQueries({ queryKey: roleKeys.all });
  };

  return (
    <div className="page" data-testid="role-permissions-page">
      <PageHeader
        back={
          <Link to={agencyPath('roles')} aria-label={t('roles.backToRoles')} data-testid="role-permissions-back">
            <ArrowLeftOutlined className="flip-rtl" />
          </Link>
        }
        title={t('roles.permissions.title', { name: role.data?.name ?? '' })}
        titleTestId="role-permissions-title"
        actions={
          <>
            <Input
              allowClear
              prefix={<SearchOutlined />}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder={t('roles.permissions.search')}
              aria-label={t('roles.permissions.search')}
              className="list-search"
              data-testid="permissions-search"
            />
            <Button type="primary" icon={<SaveOutlined />} loading={saving} disabled={!role.data || ownRole} onClick={() => void save()} data-testid="permissions-save">
              {t('common.save')}
            </Button>
          </>
        }
      />
      <Card>
        <Spin spinning={role.isPending}>
          {ownRole && <Alert type="warning" showIcon className="form-note" title={t('roles.permissions.ownRole')} data-testid="permissions-own-role" />}
          {!ownRole && !isAdmin && <Alert type="info" showIcon className="form-note" title={t('roles.permissions.onlyHeld')} />}
          <Typography.Paragraph type="secondary" data-testid="permissions-summary">
            {t('roles.permissions.summary', { n: selected.size })}
            {dirty && <Typography.Text type="warning"> {t('roles.permissions.unsaved')}</Typography.Text>}
          </Typography.Paragraph>
          <PermissionMatrix
            language={language}
            value={selected}
            onChange={setSelected}
            search={search}
            disabled={!role.data || ownRole}
            canGrant={canGrant}
          />
        </Spin>
      </Card>
    </div>
  );
}
