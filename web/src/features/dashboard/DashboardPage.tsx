import { Card, Empty, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_TAB_PERMISSIONS, hasAnyPermission, hasPermission, type DashboardTab, type TUserContext } from '@tonnage/contracts';
import { useUserContext } from '../../app/session';
import { NoPermissionsNotice, UnauthorizedPage } from '../errors/ErrorPages';
import MapTab from './MapTab';

const TAB_ORDER: readonly DashboardTab[] = ['vessel', 'warehouse', 'consignee', 'customer', 'stats', 'map'];

/** The dashboard tabs this user may see, in display order (spec sections 2.13 and 6). */
export function visibleDashboardTabs(context: TUserContext): DashboardTab[] {
  return TAB_ORDER.filter((tab) => hasPermission(context, DASHBOARD_TAB_PERMISSIONS[tab]));
}

/**
 * Spec section 2.1: an agency user or company admin without any permission gets a notice instead. The server
 * applies the same rule (`hasAnyPermission`) and refuses such a user every agency-data call.
 */
export function lacksAllPermissions(context: TUserContext): boolean {
  return !hasAnyPermission(context);
}

/** The dashboard frame: card-style tabs per permission, vessel first; the Map tab is built, the others come with later sessions. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const context = useUserContext();
  if (lacksAllPermissions(context)) return <NoPermissionsNotice />;
  const tabs = visibleDashboardTabs(context);
  if (tabs.length === 0) return <UnauthorizedPage />;
  return (
    <div className="page" data-testid="dashboard">
      <Tabs
        type="card"
        defaultActiveKey={tabs.includes('vessel') ? 'vessel' : tabs[0]}
        destroyOnHidden
        items={tabs.map((tab) => ({
          key: tab,
          label: <span data-testid={`dashboard-tab-${tab}`}>{t(`dashboard.tabs.${tab}`)}</span>,
          children:
            tab === 'map' ? (
              <MapTab />
            ) : (
              <Card title={t(`dashboard.panels.${tab}`)} data-testid={`dashboard-panel-${tab}`}>
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.empty')} />
              </Card>
            ),
        }))}
      />
    </div>
  );
}
