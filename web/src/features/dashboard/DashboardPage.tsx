import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Spin, Tabs } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_TAB_PERMISSIONS, hasAnyPermission, hasPermission, type DashboardTab, type TUserContext } from '@tonnage/contracts';
import { dashboardKey, useDashboardFlags } from '../../app/dashboard-flags';
import { useUserContext } from '../../app/session';
import { NoPermissionsNotice, UnauthorizedPage } from '../errors/ErrorPages';

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

/**
 * Spec 2.13 and 4: the banner 'Stats updated, Reload!' on the active tab while a live event flagged it; a click
 * reloads the tab's data (every query under `dashboardKey(tab)`) and clears the flag.
 */
export function ReloadBanner({ tab }: { tab: DashboardTab }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { flags, flagged } = useDashboardFlags();
  if (!flags || !(flagged as ReadonlySet<string>).has(tab)) return null;
  const reload = () => {
    flags.clear(tab);
    void queryClient.invalidateQueries({ queryKey: dashboardKey(tab) });
  };
  return (
    <Alert
      type="info"
      showIcon
      data-testid={`dashboard-reload-${tab}`}
      style={{ marginBottom: 12 }}
      message={
        <Button type="link" icon={<ReloadOutlined />} onClick={reload} data-testid={`dashboard-reload-${tab}-button`} style={{ padding: 0 }}>
          {t('dashboard.reload')}
        </Button>
      }
    />
  );
}

/**
 * Each tab's content, a chunk of its own loaded when the tab first opens (its tables, charts and the map's library
 * stay out of the dashboard's first load). A tab adds one line here.
 */
const TAB_CONTENT: Record<DashboardTab, LazyExoticComponent<ComponentType>> = {
  vessel: lazy(() => import('./VesselTab')),
  warehouse: lazy(() => import('./WarehouseTab')),
  consignee: lazy(() => import('./ConsigneeTab')),
  customer: lazy(() => import('./CustomerTab')),
  map: lazy(() => import('./MapTab')),
  stats: lazy(() => import('./StatsTab')),
};

/** One tab: the reload banner (spec 4), then its content once its chunk loaded. */
function TabContent({ tab }: { tab: DashboardTab }) {
  const Content = TAB_CONTENT[tab];
  return (
    <>
      <ReloadBanner tab={tab} />
      <Suspense fallback={<Spin data-testid={`dashboard-loading-${tab}`} />}>
        <Content />
      </Suspense>
    </>
  );
}

/** The tabs of the dashboard, the banner on the active one (only the active tab's content is rendered). */
export function DashboardTabs({ tabs }: { tabs: readonly DashboardTab[] }) {
  const { t } = useTranslation();
  const [active, setActive] = useState<string>(tabs.includes('vessel') ? 'vessel' : (tabs[0] ?? 'vessel'));
  return (
    <Tabs
      type="card"
      activeKey={active}
      onChange={setActive}
      destroyOnHidden
      items={tabs.map((tab) => ({
        key: tab,
        label: <span data-testid={`dashboard-tab-${tab}`}>{t(`dashboard.tabs.${tab}`)}</span>,
        children: <TabContent tab={tab} />,
      }))}
    />
  );
}

/** The dashboard frame: card-style tabs per permission, vessel first (spec 2.13). */
export default function DashboardPage() {
  const context = useUserContext();
  if (lacksAllPermissions(context)) return <NoPermissionsNotice />;
  const tabs = visibleDashboardTabs(context);
  if (tabs.length === 0) return <UnauthorizedPage />;
  return (
    <div className="page" data-testid="dashboard">
      <DashboardTabs tabs={tabs} />
    </div>
  );
}
