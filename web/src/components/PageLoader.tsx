import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** Centred spinner while a page or the session loads. */
export function PageLoader({ fullScreen = false }: { fullScreen?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={fullScreen ? 'page-loader page-loader-full' : 'page-loader'} data-testid="page-loader">
      <Spin size="large" description={t('app.loading')} />
    </div>
  );
}
