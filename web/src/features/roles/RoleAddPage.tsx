import { App, Card } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAgencyPath, useGoBack } from '../../app/navigation';
import { RoleNameForm } from './RoleNameForm';
import { roleKeys } from './role-api';

/** `roles/add`: name a new role, then choose its permissions. */
export default function RoleAddPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const agencyPath = useAgencyPath();
  const goBack = useGoBack(agencyPath('roles'));
  return (
    <div className="page" data-testid="role-add-page">
      <Card title={t('roles.addTitle')} className="narrow-card">
        <RoleNameForm
          onCancel={goBack}
          onSaved={(role) => {
            void message.success(t('roles.created'));
            void queryClient.invalidateQueries({ queryKey: roleKeys.all });
            void navigate(role ? agencyPath(`roles/${role.id}/permissions`) : agencyPath('roles'));
          }}
        />
      </Card>
    </div>
  );
}
