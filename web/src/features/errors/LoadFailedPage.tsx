import { Button } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Spec section 8: a page's code could not be loaded. Deliberately light (no illustration) because it is part
 * of the first bundle and must show even when no further chunk can be fetched.
 */
export function LoadFailedPage() {
  const { t } = useTranslation();
  return (
    <div className="load-failed" role="alert" data-testid="page-load-failed">
      <p className="load-failed-title">{t('pages.loadFailed')}</p>
      <Button type="primary" onClick={() => window.location.reload()} data-testid="reload">
        {t('common.reload')}
      </Button>
    </div>
  );
}
