import { useEffect, useState, type ReactNode } from 'react';
import { Drawer, Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLanguage } from '../language';
import { RealtimeProvider } from '../socket';
import { useSession } from '../session';
import { UpdatePasswordModal } from '../../features/auth/UpdatePasswordModal';
import { SideMenu } from './SideMenu';
import { TopBar } from './TopBar';
import { useViewport } from './viewport';

const SIDER_WIDTH = 240;
const SIDER_COLLAPSED_WIDTH = 80;

function Brand({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  return (
    <Link to="/" className="sider-brand" aria-label={t('app.name')}>
      <img src="/favicon.svg" alt="" width={32} height={32} />
      {!collapsed && <span className="sider-brand-name">{t('app.name')}</span>}
    </Link>
  );
}

/** The signed-in frame: collapsible sidebar (an overlay drawer on mobile), top bar and content. */
export function AppLayout({ children }: { children: ReactNode }) {
  const viewport = useViewport();
  const { direction } = useLanguage();
  const { token, selectedAgencyId, refreshUserContext } = useSession();
  const [collapsed, setCollapsed] = useState(viewport !== 'desktop');
  const [openKeys, setOpenKeys] = useState<string[]>([]);

  // Each size starts in its natural state: open on desktop, narrow on tablet, hidden on mobile.
  useEffect(() => {
    setCollapsed(viewport !== 'desktop');
  }, [viewport]);

  const mobile = viewport === 'mobile';
  return (
    <RealtimeProvider token={token} agencyId={selectedAgencyId} onOwnUserContextChange={() => void refreshUserContext()}>
      <Layout className="app-layout">
        {mobile ? (
          <Drawer
            open={!collapsed}
            onClose={() => setCollapsed(true)}
            placement={direction === 'rtl' ? 'right' : 'left'}
            size={SIDER_WIDTH}
            closable={false}
            className="sider-drawer"
            styles={{ body: { padding: 0 } }}
          >
            <nav className="sider-nav" data-testid="sidebar">
              <Brand collapsed={false} />
              <SideMenu collapsed={false} openKeys={openKeys} onOpenKeysChange={setOpenKeys} onNavigate={() => setCollapsed(true)} />
            </nav>
          </Drawer>
        ) : (
          <Layout.Sider
            className="app-sider"
            width={SIDER_WIDTH}
            collapsedWidth={SIDER_COLLAPSED_WIDTH}
            collapsible
            collapsed={collapsed}
            trigger={null}
          >
            <nav className="sider-nav" data-testid="sidebar">
              <Brand collapsed={collapsed} />
              <SideMenu collapsed={collapsed} openKeys={openKeys} onOpenKeysChange={setOpenKeys} />
            </nav>
          </Layout.Sider>
        )}
        <Layout className="app-main">
          <TopBar collapsed={collapsed} onToggle={() => setCollapsed((value) => !value)} />
          <Layout.Content className="app-content">{children}</Layout.Content>
        </Layout>
      </Layout>
      <UpdatePasswordModal />
    </RealtimeProvider>
  );
}
