import { useEffect } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { setApiHandlers } from './api';
import { useSession } from './session';

/** Connects the API client's failure handling (spec section 8) to antd notifications and the session. */
export function ApiBridge() {
  const { notification } = App.useApp();
  const { t } = useTranslation();
  const { expireSession } = useSession();
  useEffect(() => {
    setApiHandlers({
      notifyError: (description) => notification.error({ title: t('common.error'), description }),
      unauthorized: () => {
        expireSession();
        notification.error({ key: 'session-expired', title: t('common.error'), description: t('errors.tokenExpired') });
      },
    });
  }, [notification, t, expireSession]);
  return null;
}
