import { Button, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

function BackHome() {
  const { t } = useTranslation();
  return (
    <Link to="/" data-testid="back-home">
      <Button type="primary">{t('pages.backHome')}</Button>
    </Link>
  );
}

/** Spec section 2.1: any unknown path. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title={t('pages.notFound.title')}
      subTitle={t('pages.notFound.subtitle')}
      extra={
        <>
          <Typography.Paragraph type="secondary">{t('pages.notFound.description')}</Typography.Paragraph>
          <BackHome />
        </>
      }
      data-testid="page-not-found"
    />
  );
}

/** Spec section 2.1: a page whose permission the user lacks. */
export function UnauthorizedPage() {
  const { t } = useTranslation();
  return (
    <Result
      status="403"
      title={t('pages.unauthorized.title')}
      subTitle={t('pages.unauthorized.subtitle')}
      extra={<BackHome />}
      data-testid="page-unauthorized"
    />
  );
}

/** Spec section 2.1: shown by the error boundary; home is reached with a reload to start clean. */
export function ServerErrorPage() {
  const { t } = useTranslation();
  return (
    <Result
      status="500"
      title={t('pages.serverError.title')}
      subTitle={t('pages.serverError.subtitle')}
      extra={
        <Button type="primary" onClick={() => window.location.assign('/')} data-testid="back-home">
          {t('pages.backHome')}
        </Button>
      }
      data-testid="page-server-error"
    />
  );
}

/** Spec section 2.1: an agency user or company admin without any permission. */
export function NoPermissionsNotice() {
  const { t } = useTranslation();
  return <Result status="info" title={t('pages.noPermissions')} data-testid="no-permissions" />;
}
