import { useSyncExternalStore } from 'react';
import { Button } from 'antd';
import { SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { getUpdatedVersion, subscribeToUpdatedVersion } from './api';

/**
 * Spec sections 2.12 and 4: a blocking full-screen notice once the server runs a newer version. Plain markup, not
 * antd's Result (whose module carries its three status illustrations into the first bundle).
 */
export function UpdateNotice() {
  const { t } = useTranslation();
  const version = useSyncExternalStore(subscribeToUpdatedVersion, getUpdatedVersion, () => null);
  if (!version) return null;
  return (
    <div className="update-notice" role="alertdialog" aria-modal="true" aria-labelledby="update-notice-title" data-testid="app-updated">
      <div className="update-notice-card">
        <SyncOutlined className="update-notice-icon" aria-hidden />
        <h2 id="update-notice-title" className="update-notice-title">
          {t('update.title')}
        </h2>
        <Button type="primary" size="large" onClick={() => window.location.reload()} data-testid="app-refresh" autoFocus>
          {t('update.refresh')}
        </Button>
      </div>
    </div>
  );
}
