import { useMemo } from 'react';
import { App, Card, Spin } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { parseId } from '../../app/guards';
import { useLanguage } from '../../app/language';
import { useAgencyPath, useGoBack } from '../../app/navigation';
import { useSession, useUserContext } from '../../app/session';
import { expectOwnUserContextChange } from '../../app/socket';
import { useAgencyData } from '../agencies/agency-api';
import { NotFoundPage } from '../errors/ErrorPages';
import { useCountries, useLookups } from '../lookups/lookups-api';
import { useRoles } from '../roles/role-api';
import { UserForm } from './UserForm';
import { saveUser, userKeys, useUser } from './user-api';
import { assignableOptions } from './user-options';

/** `users/add` and `users/{userId}/edit`: loads what the form needs, saves, and goes back to the list. */
export default function UserFormPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { language } = useLanguage();
  const { selectedAgencyId } = useSession();
  const { isSuperAdmin, isAgencyAdmin, user: me } = useUserContext();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const agencyPath = useAgencyPath();
  const goBack = useGoBack(agencyPath('users'));
  const { userId } = useParams();
  const id = parseId(userId);
  const editing = userId !== undefined;

  const user = useUser(id);
  const roles = useRoles();
  const countries = useCountries();
  const lookups = useLookups();
  const agencyData = useAgencyData(selectedAgencyId);
  const options = useMemo(() => assignableOptions(agencyData.data, lookups.data), [agencyData.data, lookups.data]);
  const roleOptions = useMemo(() => (roles.data?.rows ?? []).map((role) => ({ value: role.id, label: role.name })), [roles.data]);

  if (editing && id === null) return <NotFoundPage />;
  const loading = (editing && user.isPending) || roles.isPending || countries.isPending || lookups.isPending;
  const loaded = editing ? user.data : null;
  if (editing && !loading && !loaded) return <NotFoundPage />;

  return (
    <div className="page" data-testid="user-form-page">
      <Card title={editing ? t('users.form.editTitle') : t('users.form.addTitle')}>
        {loading ? (
          <Spin className="page-loader" />
        ) : (
          <UserForm
            key={loaded?.id ?? 'new'}
            user={loaded ?? null}
            language={language}
            countries={countries.data ?? []}
            roles={roleOptions}
            options={options}
            defaultCountryId={lookups.data?.defaultCountry.id ?? null}
            canMakeAdmins={isSuperAdmin || isAgencyAdmin}
            onSubmit={(input) => {
              // Saving oneself changes one's own context: refetch it instead of reloading the page.
              if (id === me.id) expectOwnUserContextChange();
              return saveUser(id, input);
            }}
            onSaved={() => {
              void message.success(editing ? t('users.updated') : t('users.created'));
              void queryClient.invalidateQueries({ queryKey: userKeys.all });
              void navigate(agencyPath('users'));
            }}
            onCancel={goBack}
          />
        )}
      </Card>
    </div>
  );
}
